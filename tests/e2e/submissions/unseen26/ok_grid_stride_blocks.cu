// The block scans in a block-stride loop: for (base = blockIdx.x * 256; base <
// n; base += gridDim.x * 256). The condition is the same for the whole block,
// so every thread reaches every barrier inside it; a third barrier at the end
// of an iteration keeps the next iteration's total writes after this one's
// reads. With the day's grid each block runs one iteration.
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

__device__ int blockInclusiveScan(int x, int* totals)
{
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
    __syncthreads();
    return prefix;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
        const int i = base + threadIdx.x;
        const int s = warpInclusiveScan(i < n ? in[i] : 0, threadIdx.x % 32);
        if (i < n) out[i] = s;
    }
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    __shared__ int totals[8];
    for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
        const int i = base + threadIdx.x;
        const int s = blockInclusiveScan(i < n ? in[i] : 0, totals);
        if (i < n) out[i] = s;
    }
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    __shared__ int totals[8];
    for (int base = blockIdx.x * blockDim.x; base < n; base += gridDim.x * blockDim.x) {
        const int i = base + threadIdx.x;
        const int x = i < n ? in[i] : 0;
        const int s = blockInclusiveScan(x, totals);
        if (i < n) out[i] = s - x;
    }
}
