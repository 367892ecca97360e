// The warp total taken with a full-mask __shfl_sync(full, prefix, 31) broadcast
// (every lane executes it, lane 31 is in the mask and executing, carrying 0s
// past n), and lane 0 writes the slot; warp 0 scans the slots, barrier, warps
// add slot w - 1. Same result as lane 31 writing it.
// Expected: every check passes.
//
// e2e: day 26
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

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
    const int total = __shfl_sync(0xffffffffu, prefix, 31);
    if (lane == 0) totals[warp] = total;
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
