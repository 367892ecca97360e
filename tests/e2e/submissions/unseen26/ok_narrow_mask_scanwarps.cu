// scanWarps with mask = __ballot_sync(full, i < n) and the ladder inside
// if (i < n) with that mask. The lanes with i < n are a prefix of the warp, so
// the mask names exactly the lanes that shuffle, and an up-shuffle reads only
// lanes below, all in the mask (the README: honest in scanWarps). A warp past
// the end has mask 0 and never enters. The block scans use the full mask.
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
    const int lane = threadIdx.x % 32;
    const unsigned mask = __ballot_sync(0xffffffffu, i < n);
    if (i < n) {
        int x = in[i];
        for (int d = 1; d < 32; d *= 2) {
            const int below = __shfl_up_sync(mask, x, d);
            if (lane >= d) x += below;
        }
        out[i] = x;
    }
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
