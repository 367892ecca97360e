// The exclusive scan by shifting the inclusive one up a lane, where only the
// block's first thread is fixed up (`if (threadIdx.x == 0) e = 0`): lane 0 of
// warps 1..7 keeps what the shuffle handed back, its own inclusive prefix.
//
// Expected: correctness fails. __shfl_up_sync(full, s, 1) in lane 0 has no
// source lane and returns lane 0's own s (Programming Guide: the lower delta
// lanes are unchanged), so element 32w of each block gets its inclusive
// prefix, not the exclusive one: 7 elements in every 256. No hazard.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty races memory resources
// e2e: fail correctness

__device__ int warpScan(int x, int lane)
{
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
    x = warpScan(x, lane);
    if (lane == 31) sums[warp] = x;
    __syncthreads();
    if (warp == 0) {
        const int t = warpScan(lane < 8 ? sums[lane] : 0, lane);
        if (lane < 8) sums[lane] = t;
    }
    __syncthreads();
    return warp ? x + sums[warp - 1] : x;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = warpScan(i < n ? in[i] : 0, threadIdx.x % 32);
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
    const int s = blockScan(i < n ? in[i] : 0);
    int e = __shfl_up_sync(0xffffffffu, s, 1);
    if (threadIdx.x == 0) e = 0;
    if (i < n) out[i] = e;
}
