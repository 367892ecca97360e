// The second barrier sits inside if (warp == 0), after the totals scan. Warps
// 1..7 skip it and go on to read totals[warp - 1] (they do not exit), so the
// barrier is under a condition that differs across the block while the
// skipping threads keep running: forbidden by the Programming Guide.
// Expected: barrier-honesty fails (the rest is not asserted).
//
// e2e: day 26
// e2e: exit 1
// e2e: pass compile
// e2e: fail barrier-honesty

// Inclusive scan of a warp: every lane shuffles, lanes with a lane d below add.
__device__ int warpInclusiveScan(int x, int lane)
{
    for (int d = 1; d < 32; d *= 2) {
        const int below = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d) x += below;
    }
    return x;
}

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
        __syncthreads();
    }
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
