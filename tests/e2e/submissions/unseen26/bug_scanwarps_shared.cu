// scanWarps stages its warp in a __shared__ int[256] and scans it Hillis-Steele
// style with __syncwarp() between every read and write (warp-synchronous done
// right: no race, no unwritten read, since every thread writes its slot, 0 past
// the end). Correct, but the day allows no shared memory for scanWarps.
// Expected: resources fails; everything else passes.
//
// e2e: day 26
// e2e: exit 1
// e2e: pass compile correctness mask-honesty barrier-honesty races memory
// e2e: fail resources

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
    __shared__ int buf[256];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % 32;
    int x = i < n ? in[i] : 0;
    buf[threadIdx.x] = x;
    __syncwarp();
    for (int d = 1; d < 32; d *= 2) {
        const int add = lane >= d ? buf[threadIdx.x - d] : 0;
        __syncwarp();
        x += add;
        buf[threadIdx.x] = x;
        __syncwarp();
    }
    if (i < n) out[i] = x;
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
