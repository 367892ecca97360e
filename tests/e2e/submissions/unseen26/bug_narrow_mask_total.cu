// scanBlocks with the narrow mask of the threads that have an element, mask =
// __ballot_sync(full, i < n), the ladder inside if (i < n) (honest so far: a
// prefix of lanes reading down), and then the warp total broadcast from lane 31
// with __shfl_sync(mask, prefix, 31). In the warp where n falls (n = 1, 31,
// 257, 1,000,003) lane 31 is not in the mask and not executing: reading it is
// undefined (Programming Guide: a source lane must be participating).
// Expected: mask-honesty fails (correctness not asserted).
//
// e2e: day 26
// e2e: exit 1
// e2e: pass compile barrier-honesty races resources
// e2e: fail mask-honesty

// Inclusive scan of a warp: every lane shuffles, lanes with a lane d below add.
__device__ int warpInclusiveScan(int x, int lane)
{
    for (int d = 1; d < 32; d *= 2) {
        const int below = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d) x += below;
    }
    return x;
}

__device__ int blockNarrowScan(int x, bool has)
{
    __shared__ int totals[8];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const unsigned mask = __ballot_sync(0xffffffffu, has);
    int prefix = 0, total = 0;
    if (has) {
        prefix = x;
        for (int d = 1; d < 32; d *= 2) {
            const int below = __shfl_up_sync(mask, prefix, d);
            if (lane >= d) prefix += below;
        }
        total = __shfl_sync(mask, prefix, 31);
    }
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
    const int prefix = blockNarrowScan(i < n ? in[i] : 0, i < n);
    if (i < n) out[i] = prefix;
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

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    const int prefix = blockInclusiveScan(x);
    if (i < n) out[i] = prefix - x;
}
