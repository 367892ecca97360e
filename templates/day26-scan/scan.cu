// Day 26: warp scan
//
// n ints. cudalab launches 256 threads a block and rounds the grid up, one
// thread an element: block b owns in[b*256 .. b*256 + 255], and the last block
// may hold fewer than 256. Each kernel writes a prefix sum (a scan) of a
// chunk; elements at n and past are neither read nor written. Read the day's
// README first; `cudalab grade 26` checks your work.
//
// This file compiles and runs, but it does not solve the day: every kernel
// copies its input. Keep the names and parameters exactly as they are: the
// grader calls them.
//
// The rule all day: every lane takes part in every shuffle with the full mask,
// 0xffffffff, and a thread with no element carries 0, the identity of a sum.
// __shfl_up_sync(mask, v, d) hands lane L the v of lane L - d; lanes below d
// have no such lane and get their OWN v back. That is defined, and it is not
// a value to add.

constexpr int kWarpSize = 32;

// The inclusive scan of one warp: lane L returns x[0] + ... + x[L] of its warp.
__device__ int warpInclusiveScan(int x, int lane)
{
    // TODO 1: for d = 1, 2, 4, 8, 16:
    //             below = __shfl_up_sync(0xffffffffu, x, d)   (every lane)
    //             x += below, but only in a lane that has a lane d below it
    //         Draw the 32 lanes for d = 1 and d = 2 before you write it.
    (void)lane;
    return x;  // a placeholder: replace it
}

// out[i] = the sum of in[] from the first element of i's warp to i itself.
__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % kWarpSize;

    // TODO 2: x = in[i] for i < n, else 0; scan it with warpInclusiveScan
    //         (every thread calls it, also those past the end); store for
    //         i < n only.
    const int x = i < n ? in[i] : 0;
    (void)lane;
    if (i < n) out[i] = x;  // a placeholder: replace it
}

// out[i] = the sum of in[] from the first element of i's block to i itself.
__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % kWarpSize;
    const int warp = threadIdx.x / kWarpSize;

    // TODO 3: every warp scans its 32 values (x = 0 past the end).
    // TODO 4: a shared array of 8 ints. Lane 31 of EVERY warp writes its
    //         inclusive prefix, the warp's total, to slot `warp` (a warp past
    //         the end writes 0: it is a total like any other). __syncthreads().
    // TODO 5: warp 0 alone scans the 8 totals with warpInclusiveScan: lanes
    //         0..7 carry slot `lane`, lanes 8..31 carry 0; lanes 0..7 write
    //         their result back to their slot. __syncthreads(), outside the `if`.
    // TODO 6: warp w > 0 adds slot w - 1 (the totals of warps 0..w-1) to its
    //         prefix. Store for i < n.
    const int x = i < n ? in[i] : 0;
    (void)lane;
    (void)warp;
    if (i < n) out[i] = x;  // a placeholder: replace it
}

// out[i] = the sum of in[] from the first element of i's block up to, but not
// including, i: the block's first element gets 0.
__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;

    // TODO 7: the inclusive block scan of scanBlocks (put it in a __device__
    //         function both kernels call), then take this thread's own element
    //         back out.
    const int x = i < n ? in[i] : 0;
    if (i < n) out[i] = x;  // a placeholder: replace it
}
