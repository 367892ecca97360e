// A shuffle scan with the wrong lane condition: `if (lane > d)` where
// `lane >= d` is meant.
//
// Expected: correctness fails. Lane d has a source lane (0) and must add it;
// with `>` lane 1 never adds lane 0, lane 2 skips its d = 2 step, and so on:
// lanes 1, 2, 4, 8 and 16 of every warp come out wrong (and everything built
// on them). No hazard: every lane still executes every shuffle with the full
// mask.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty races memory resources
// e2e: fail correctness

__device__ int warpScan(int x)
{
    const int lane = threadIdx.x % 32;
    for (int d = 1; d < 32; d *= 2) {
        const int y = __shfl_up_sync(0xffffffffu, x, d);
        if (lane > d) x += y;
    }
    return x;
}

__device__ int blockScan(int x)
{
    __shared__ int sums[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    x = warpScan(x);
    if (lane == 31) sums[warp] = x;
    __syncthreads();
    if (warp == 0) {
        const int t = warpScan(lane < 8 ? sums[lane] : 0);
        if (lane < 8) sums[lane] = t;
    }
    __syncthreads();
    return warp ? x + sums[warp - 1] : x;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = warpScan(i < n ? in[i] : 0);
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
    const int x = i < n ? in[i] : 0;
    const int s = blockScan(x);
    if (i < n) out[i] = s - x;
}
