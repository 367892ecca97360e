// Warp w adds sums[w], the scanned total up to and including itself, where
// sums[w - 1] (the warps before it) is meant; warp 0 adds sums[0] as well.
//
// Expected: correctness fails. Every element of the block scans gets its own
// warp's total added once too often (the warp scan alone is right). No
// hazard: every slot read was written, after the barriers.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty races memory resources
// e2e: fail correctness

__device__ int warpScan(int x)
{
    const int lane = threadIdx.x % 32;
    for (int d = 1; d < 32; d *= 2) {
        const int y = __shfl_up_sync(0xffffffffu, x, d);
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
    return x + sums[warp];
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
