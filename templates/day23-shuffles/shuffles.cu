// Day 23: warp shuffles
//
// A rows x stride matrix whose first `live` columns hold data; the rest is
// padding. Each kernel writes out[r*stride + c] = in[r*stride + c] / rowSum(r)
// for every c < live, and never reads or writes a padding column.
//
// One warp owns one row and lane c handles column c. cudalab launches 256
// threads a block (8 warps, so 8 rows) and rounds the grid up, so some warps of
// the last block may own no row. Read the day's README first; `cudalab grade
// 23` checks your work.
//
// This file compiles and runs, but it does not solve the day: every kernel
// writes zeros where the results go. Keep the names and parameters exactly as
// they are: the grader calls them.
//
// The one rule to keep in mind all day: every lane of the warp takes part in
// every shuffle with the full mask, 0xffffffff. A lane with no data carries 0
// (the identity of a sum) instead of sitting the shuffle out. The `if (has)`
// goes around the load and the store; the shuffles stay outside it.

constexpr int kWarpSize = 32;

// Version 1: the row sum through shared memory (no shuffles).
__global__ void reduceRowsShared(const float* in, float* out, int rows, int live,
                                 int stride)
{
    const int lane = threadIdx.x % kWarpSize;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / kWarpSize;
    const bool has = row < rows && lane < live;  // this lane owns a live element

    // TODO 1: read this lane's value (in[row * stride + lane]) if `has`, else 0.
    // TODO 2: declare a shared array of 256 floats (8 warps x 32); this warp's 32 slots
    //         start at threadIdx.x - lane. Write the value to slot `lane`.
    // TODO 3: a tree over the 32 slots (offset 16, 8, 4, 2, 1: lanes below the
    //         offset add slot lane + offset into slot lane). Lanes of one warp
    //         do not run in lockstep: put __syncwarp() after the first write and
    //         after every step, where all 32 lanes reach it.
    // TODO 4: every lane reads the row sum from slot 0, and lanes that `has`
    //         write value / rowSum to out.
    if (has) out[row * stride + lane] = 0.0f;  // a placeholder: replace it
}

// Version 2: the down-shuffle ladder, then a broadcast. No shared memory.
__global__ void reduceRowsPadded(const float* in, float* out, int rows, int live,
                                 int stride)
{
    const int lane = threadIdx.x % kWarpSize;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / kWarpSize;
    const bool has = row < rows && lane < live;

    // TODO 1: read this lane's value if `has`, else 0 (identity padding).
    // TODO 2: for offset = 16, 8, 4, 2, 1:
    //         sum += __shfl_down_sync(0xffffffffu, sum, offset);
    //         All 32 lanes run this loop: no `if (has)` around it.
    // TODO 3: only lane 0 now holds the row's sum. Broadcast it to every lane
    //         with __shfl_sync(0xffffffffu, sum, 0).
    // TODO 4: lanes that `has` write value / rowSum to out.
    if (has) out[row * stride + lane] = 0.0f;  // a placeholder: replace it
}

// Version 3: the xor butterfly. Every lane ends with the sum; no broadcast.
__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live,
                                    int stride)
{
    const int lane = threadIdx.x % kWarpSize;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / kWarpSize;
    const bool has = row < rows && lane < live;

    // TODO 1: read this lane's value if `has`, else 0.
    // TODO 2: for offset = 16, 8, 4, 2, 1:
    //         sum += __shfl_xor_sync(0xffffffffu, sum, offset);
    // TODO 3: lanes that `has` write value / sum to out.
    if (has) out[row * stride + lane] = 0.0f;  // a placeholder: replace it
}
