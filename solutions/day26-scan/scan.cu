// Day 26, reference solution: warp scan.
//
// The input is n ints. 256 threads a block, one thread an element, and the
// grid rounded up: block b owns in[b*256 .. b*256 + 255], of which the last
// block may hold fewer than 256. Each kernel writes a prefix sum:
//
//   scanWarps            out[i] = the sum of in[] from the start of i's warp
//                        (its 32-element chunk) up to and including i
//   scanBlocks           the same over the block's 256-element chunk
//   scanBlocksExclusive  the same over the block's chunk, up to but NOT
//                        including i (so the chunk's first element gets 0)
//
// Elements at n and past are neither read nor written. Every lane takes part
// in every shuffle with the full mask; a thread with no element carries 0, the
// identity of a sum, which changes no prefix of the elements before it.

constexpr unsigned kFullMask = 0xffffffffu;
constexpr int kWarpSize = 32;
constexpr int kWarpsPerBlock = 256 / kWarpSize;

// The inclusive scan of one warp, Hillis and Steele's: at step d every lane
// adds the value d lanes below it. __shfl_up_sync does not wrap: lanes below d
// have no lane d below them and get their OWN value back, which they must not
// add. After the steps d = 1, 2, 4, 8, 16 lane L holds x[0] + ... + x[L].
__device__ int warpInclusiveScan(int x, int lane)
{
    for (int d = 1; d < kWarpSize; d *= 2) {
        const int below = __shfl_up_sync(kFullMask, x, d);  // every lane, always
        if (lane >= d) x += below;  // only a lane that really has a lane d below it
    }
    return x;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    const int lane = (int)(threadIdx.x % kWarpSize);

    const int x = i < n ? in[i] : 0;  // identity padding past the end
    const int prefix = warpInclusiveScan(x, lane);
    if (i < n) out[i] = prefix;
}

// The block's inclusive scan in three steps: every warp scans its 32 values;
// warp 0 scans the eight warp totals; every lane adds the totals of the warps
// before its own. Returns this thread's inclusive prefix within the block.
__device__ int blockInclusiveScan(int x)
{
    __shared__ int warpTotal[kWarpsPerBlock];

    const int lane = (int)(threadIdx.x % kWarpSize);
    const int warp = (int)(threadIdx.x / kWarpSize);

    // 1. Each warp's scan; lane 31 ends with the warp's total. Every warp
    //    writes it, a warp past the end too (its total is 0), so warp 0 never
    //    reads a slot nobody wrote.
    const int prefix = warpInclusiveScan(x, lane);
    if (lane == kWarpSize - 1) warpTotal[warp] = prefix;
    __syncthreads();

    // 2. Warp 0 scans the eight totals: lanes 8..31 carry 0. The condition is
    //    the same for all 32 lanes of a warp, so the full mask is honest.
    if (warp == 0) {
        const int total = lane < kWarpsPerBlock ? warpTotal[lane] : 0;
        const int upTo = warpInclusiveScan(total, lane);
        if (lane < kWarpsPerBlock) warpTotal[lane] = upTo;  // totals of warps 0..lane
    }
    __syncthreads();

    // 3. Warp w adds the totals of warps 0..w-1: slot w-1 after step 2.
    return warp > 0 ? prefix + warpTotal[warp - 1] : prefix;
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);

    const int x = i < n ? in[i] : 0;
    const int prefix = blockInclusiveScan(x);
    if (i < n) out[i] = prefix;
}

// Exclusive: the inclusive prefix minus the element itself. (Shifting the
// inclusive result up one lane with __shfl_up_sync works as well, but lane 0
// gets its own value back and must replace it with the total of the warps
// before it, or 0.)
__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);

    const int x = i < n ? in[i] : 0;
    const int prefix = blockInclusiveScan(x);
    if (i < n) out[i] = prefix - x;
}
