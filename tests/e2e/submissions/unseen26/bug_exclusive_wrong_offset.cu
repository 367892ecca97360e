// scanBlocksExclusive builds its own offsets and adds totals[warp] (the running
// total up to and including this warp) instead of totals[warp - 1]: every
// element gets its own warp's total added on top. Wrong scan offset; the
// barriers and shuffles are all right.
// Expected: correctness fails; nothing else does.
//
// e2e: day 26
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty races memory resources
// e2e: fail correctness

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
    __shared__ int running[8];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int x = i < n ? in[i] : 0;
    const int inWarp = warpInclusiveScan(x, lane);
    if (lane == 31) running[warp] = inWarp;
    __syncthreads();
    if (warp == 0) {
        const int t = warpInclusiveScan(lane < 8 ? running[lane] : 0, lane);
        if (lane < 8) running[lane] = t;
    }
    __syncthreads();
    const int offset = running[warp];  // should be warp > 0 ? running[warp - 1] : 0
    if (i < n) out[i] = inWarp - x + offset;
}
