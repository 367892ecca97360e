// Only lanes 0..7 of warp 0 scan the 8 warp totals, inside `if (lane < 8)`,
// and their shuffles name exactly them: mask 0xff. (Blog code on "faster
// parallel reductions" narrows the mask the same way for the last step.)
//
// Expected: every check passes. The mask 0x000000ff names lanes 0..7, all of
// which execute each shuffle (the `if` is lane < 8 inside a warp-uniform
// `warp == 0`); an up-shuffle from lane L reads L - d, lower, hence inside
// the mask, or nothing (own value) when L < d. Programming Guide: the mask
// must name exactly the participating lanes, and it does.
// e2e: day 26
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

__device__ int scanMasked(int v, unsigned mask, int lane, int width)
{
    for (int d = 1; d < width; d *= 2) {
        const int t = __shfl_up_sync(mask, v, d);
        if (lane >= d) v += t;
    }
    return v;
}

__device__ int blockScan(int v)
{
    __shared__ int totals[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    v = scanMasked(v, 0xffffffffu, lane, 32);
    if (lane == 31) totals[warp] = v;
    __syncthreads();
    if (warp == 0 && lane < 8) totals[lane] = scanMasked(totals[lane], 0xffu, lane, 8);
    __syncthreads();
    if (warp > 0) v += totals[warp - 1];
    return v;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = scanMasked(i < n ? in[i] : 0, 0xffffffffu, threadIdx.x % 32, 32);
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
