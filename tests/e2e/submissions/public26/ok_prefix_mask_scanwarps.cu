// scanWarps with the narrow mask the README calls honest for this kernel:
// mask = __ballot_sync(full, i < n), and only the lanes with an element scan,
// inside `if (i < n)`, with that mask. The block scans use the full mask.
//
// Expected: every check passes. i < n names a prefix of the warp (lanes 0..k,
// since i grows with the lane), every lane of the mask executes each
// shuffle, and shuffling up only reads a lower lane, which is in the prefix;
// a lane below d reads no lane and gets its own value (defined, not a
// hazard). In a warp past n the ballot is 0 and no lane enters.
// e2e: day 26
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % 32;
    const unsigned mask = __ballot_sync(0xffffffffu, i < n);
    if (i < n) {
        int x = in[i];
        for (int d = 1; d < 32; d *= 2) {
            const int y = __shfl_up_sync(mask, x, d);
            if (lane >= d) x += y;
        }
        out[i] = x;
    }
}

__device__ int fullScan(int x, int lane)
{
    for (int d = 1; d < 32; d *= 2) {
        const int y = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d) x += y;
    }
    return x;
}

__device__ int blockScan(int x)
{
    __shared__ int part[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    x = fullScan(x, lane);
    if (lane == 31) part[warp] = x;
    __syncthreads();
    if (warp == 0) {
        const int t = fullScan(lane < 8 ? part[lane] : 0, lane);
        if (lane < 8) part[lane] = t;
    }
    __syncthreads();
    return warp ? x + part[warp - 1] : x;
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
    const int v = i < n ? in[i] : 0;
    const int s = blockScan(v);
    if (i < n) out[i] = s - v;
}
