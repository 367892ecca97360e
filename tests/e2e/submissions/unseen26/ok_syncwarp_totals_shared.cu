// Warp 0 scans the 8 totals in shared memory, warp-synchronously done right: at
// each step lanes 0..7 read slot lane - d into a register, a full-warp
// __syncwarp() (all 32 lanes of warp 0 execute it, outside the lane if), then
// write their own slot, __syncwarp() again. Every cross-lane read/write pair
// is separated by a __syncwarp, which orders shared memory among the lanes.
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
        for (int d = 1; d < 8; d *= 2) {
            int add = 0;
            if (lane < 8 && lane >= d) add = totals[lane - d];
            __syncwarp();
            if (lane < 8) totals[lane] += add;
            __syncwarp();
        }
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
