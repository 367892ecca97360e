// The ladder's loop bound is d < 16, so the d = 16 step never runs: lanes 16..31
// hold only the sum of the 16 values ending at them. Full-mask shuffles in
// every lane, so nothing but the sums is wrong (scanWarps and both block scans).
// Expected: correctness fails; nothing else does.
//
// e2e: day 26
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty races memory resources
// e2e: fail correctness

__device__ int warpInclusiveScan(int x, int lane)
{
    for (int d = 1; d < 16; d *= 2) {
        const int below = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d) x += below;
    }
    return x;
}

// Inclusive scan of a block of 256: warp scans, warp 0 scans the 8 totals.
__device__ int blockInclusiveScan(int x)
{
    __shared__ int totals[8];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    int prefix = warpInclusiveScan(x, lane);
    if (lane == 31) totals[warp] = prefix;
    __syncthreads();
    if (warp == 0) {
        const int t = warpInclusiveScan(lane < 8 ? totals[lane] : 0, lane);
        if (lane < 8) totals[lane] = t;
    }
    __syncthreads();
    if (warp > 0) prefix += totals[warp - 1];
    return prefix;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    const int prefix = warpInclusiveScan(x, threadIdx.x % 32);
    if (i < n) out[i] = prefix;
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    const int prefix = blockInclusiveScan(x);
    if (i < n) out[i] = prefix;
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    const int prefix = blockInclusiveScan(x);
    if (i < n) out[i] = prefix - x;
}
