// The exclusive scan made by shifting the inclusive one up a lane, done
// right: lane 0 of each warp takes the total of the warps before it (0 in
// warp 0) instead of the value the shuffle hands back. Warp totals are taken
// with __shfl_sync(..., 31) and written by lane 0.
//
// Expected: every check passes. __shfl_up_sync(full, p, 1) gives lane L >= 1
// lane L-1's inclusive prefix, which is lane L's exclusive one within the
// warp; lane 0 gets its own value back and replaces it. Every lane executes
// every shuffle; every warp writes its slot (lane 0, from the broadcast of
// lane 31, whether or not its elements exist).
// e2e: day 26
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

constexpr unsigned kFull = 0xffffffffu;

__device__ int scan32(int v, int lane)
{
    for (int d = 1; d < 32; d <<= 1) {
        const int other = __shfl_up_sync(kFull, v, d);
        if (lane >= d) v += other;
    }
    return v;
}

// inclusive prefix within the block; *before receives the total of the warps before this one
__device__ int scan256(int v, int* before)
{
    __shared__ int warpSum[8];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = scan32(v, lane);
    const int total = __shfl_sync(kFull, v, 31);
    if (lane == 0) warpSum[warp] = total;
    __syncthreads();
    if (warp == 0) {
        const int s = scan32(lane < 8 ? warpSum[lane] : 0, lane);
        if (lane < 8) warpSum[lane] = s;
    }
    __syncthreads();
    *before = warp ? warpSum[warp - 1] : 0;
    return v + *before;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = scan32(i < n ? in[i] : 0, threadIdx.x & 31);
    if (i < n) out[i] = s;
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int before;
    const int s = scan256(i < n ? in[i] : 0, &before);
    if (i < n) out[i] = s;
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int before;
    const int s = scan256(i < n ? in[i] : 0, &before);
    int e = __shfl_up_sync(kFull, s, 1);
    if ((threadIdx.x & 31) == 0) e = before;
    if (i < n) out[i] = e;
}
