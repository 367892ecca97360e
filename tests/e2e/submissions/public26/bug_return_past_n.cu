// `if (i >= n) return;` at the top of every kernel, the guard of every
// earlier day, before the shuffles.
//
// Expected: memory fails; mask-honesty and correctness pass. (I first
// expected mask-honesty to fail and was wrong: the Programming Guide asks
// that "all non-exited threads named in mask must execute the same
// intrinsic", so an exited lane in the full mask is allowed, and an
// up-shuffle only reads lower lanes, which are all alive since i < n holds
// for a prefix of the warp.) What breaks is the block scan's totals: lane 31
// of a warp that reaches past n has exited, so its slot of `sums` is never
// written, and warp 0 reads it (n = 1, 31, 257, 1,000,003): shared memory no
// thread wrote. The garbage reaches only warps past n, which have exited, so
// every stored sum is right. Exiting before a barrier is a warning only.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile correctness mask-honesty resources
// e2e: fail memory

__device__ int warpScan(int x)
{
    const int lane = threadIdx.x % 32;
    for (int d = 1; d < 32; d *= 2) {
        const int y = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d) x += y;
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
    if (i >= n) return;
    out[i] = warpScan(in[i]);
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = blockScan(in[i]);
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int x = in[i];
    out[i] = blockScan(x) - x;
}
