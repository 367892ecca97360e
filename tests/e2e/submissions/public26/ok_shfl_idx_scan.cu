// The warp scan with the indexed shuffle, __shfl_sync(full, x, lane - d),
// instead of __shfl_up_sync: lanes below d ask for a negative lane, which
// the shuffle takes modulo the width (so they read a high lane), and the
// `lane >= d` test throws that value away.
//
// Expected: every check passes. __shfl_sync with srcLane outside 0..width-1
// uses srcLane % width (Programming Guide, Warp Shuffle Functions); the lane
// read is one of the 32 lanes that all execute the shuffle with the full
// mask, so the read is defined, and its value is added only where lane >= d,
// where lane - d is the right source. Block scans as usual.
// e2e: day 26
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

__device__ int warpScan(int x)
{
    const int lane = threadIdx.x % 32;
    for (int d = 1; d < 32; d *= 2) {
        const int y = __shfl_sync(0xffffffffu, x, lane - d);
        if (lane >= d) x += y;
    }
    return x;
}

__device__ int blockScan(int x)
{
    __shared__ int sums[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    x = warpScan(x);
    if (lane == 31) sums[warp] = x;
    __syncthreads();
    if (warp == 0) {
        const int t = warpScan(lane < 8 ? sums[lane] : 0);
        if (lane < 8) sums[lane] = t;
    }
    __syncthreads();
    return warp ? x + sums[warp - 1] : x;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = warpScan(i < n ? in[i] : 0);
    if (i < n) out[i] = s;
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = blockScan(i < n ? in[i] : 0);
    if (i < n) out[i] = s;
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    const int s = blockScan(x);
    if (i < n) out[i] = s - x;
}
