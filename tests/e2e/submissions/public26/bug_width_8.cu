// The shuffle's optional width argument set to 8 (copied from a segmented
// scan) while the loop still runs d = 1 .. 16 over the whole warp.
//
// Expected: correctness fails. With width 8 each group of 8 lanes is its own
// segment: __shfl_up_sync(mask, x, d, 8) takes lane (L mod 8) - d within the
// segment, and for d >= 8 there is none, so the lane gets its own value back
// (Programming Guide, __shfl_up_sync with width). Lanes 8..31 then add their
// own value at d = 8 (and lanes 16..31 at d = 16) instead of the lanes below
// their segment. Every lane still runs every shuffle with the full mask: no
// hazard.
// e2e: day 26
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty races memory resources
// e2e: fail correctness

__device__ int warpScan(int x)
{
    const int lane = threadIdx.x & 31;
    for (int d = 1; d < 32; d <<= 1) {
        const int y = __shfl_up_sync(0xffffffffu, x, d, 8);
        if (lane >= d) x += y;
    }
    return x;
}

__device__ int blockScan(int x)
{
    __shared__ int sums[8];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
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
