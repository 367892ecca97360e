// Warp 0 scans the 8 totals with __shfl_up_sync(full, t, d, 8): all 32 lanes
// execute every shuffle (full mask, honest), the width of 8 keeps each lane's
// source inside its own segment of 8 (lanes 0..7 are the segment that
// matters), and lanes below d in their segment get their own value back and
// do not add. Only lanes 0..7 write back.
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
    if (lane == 31) totals[warp] = prefix;
    __syncthreads();
    if (warp == 0) {
        int t = lane < 8 ? totals[lane] : 0;
        for (int d = 1; d < 8; d *= 2) {
            const int below = __shfl_up_sync(0xffffffffu, t, d, 8);
            if (lane % 8 >= d) t += below;
        }
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
