// The warp's total is written by the warp's last lane that has an element
// (`i == n - 1 || lane == 31`, and only while i < n), "since lanes past n
// hold nothing". A warp entirely past n writes no slot.
//
// Expected: memory fails, correctness passes. At n = 1, 31 and 257 the warps
// past n write nothing and warp 0 reads their slots: shared memory no thread
// of the block wrote (it starts with unspecified contents). The garbage only
// reaches warps past n, which store nothing, so every stored sum is right;
// the totals that are written are right (the last live lane's prefix is the
// warp's total, the lanes after it carry 0).
// e2e: day 26
// e2e: exit 1
// e2e: pass compile correctness mask-honesty barrier-honesty races resources
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

__device__ int blockScan(int x, int nLimit)
{
    __shared__ int sums[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    x = warpScan(x);
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nLimit && (lane == 31 || i == nLimit - 1)) sums[warp] = x;
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
    const int s = blockScan(i < n ? in[i] : 0, n);
    if (i < n) out[i] = s;
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    const int s = blockScan(x, n);
    if (i < n) out[i] = s - x;
}
