// Day 24: warp votes
//
// A rows x stride matrix whose first `live` columns hold data; the rest is
// padding, which no kernel may read. One warp owns one row and lane c handles
// column c, as on day 23: cudalab launches 256 threads a block (8 warps, so 8
// rows) and rounds the grid up, so some warps of the last block may own no row.
// Read the day's README first; `cudalab grade 24` checks your work.
//
// This file compiles and runs, but it does not solve the day: every kernel
// writes 0 where its answers go. Keep the names and parameters exactly as they
// are: the grader calls them.
//
// The rule from day 23, for votes: every lane of the warp takes part in every
// vote with the full mask, 0xffffffff. A lane with no element carries the
// vote's identity, the answer that changes nothing: false for __any_sync and
// __ballot_sync, true for __all_sync. The `if` goes around the load and the
// store; the votes stay outside it.

constexpr int kWarpSize = 32;

// blockCount[blockIdx.x] = how many of this block's 8 rows hold at least one
// negative live value.
__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live,
                                  int stride)
{
    const int lane = threadIdx.x % kWarpSize;
    const int warp = threadIdx.x / kWarpSize;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / kWarpSize;
    const bool has = row < rows && lane < live;  // this lane owns a live element

    // TODO 1: negative = has && in[row * stride + lane] < 0.0f. A lane with no
    //         element says false, the identity of "any".
    // TODO 2: rowNegative = __any_sync(0xffffffffu, negative): every lane of
    //         the warp now knows whether its row holds a negative value.
    // TODO 3: a shared array of 8 ints, one a warp. Lane 0 of every warp (a
    //         warp with no row too) writes rowNegative to slot `warp`. Then
    //         __syncthreads(), where every thread of the block reaches it.
    // TODO 4: warp 0 alone (warp == 0 is the same for all 32 lanes of a
    //         warp) counts the eight answers: lanes 0..7 vote slot `lane`,
    //         lanes 8..31 vote false, __ballot_sync(0xffffffffu, ...) gives
    //         one bit a yes, and __popc of it is the count. Lane 0 writes it.
    (void)has;
    (void)warp;
    if (threadIdx.x == 0) blockCount[blockIdx.x] = 0;  // a placeholder: replace it
}

// flag[row] = 1 when every live value of the row is at most `limit`, else 0.
__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride,
                             float limit)
{
    const int lane = threadIdx.x % kWarpSize;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / kWarpSize;
    const bool has = row < rows && lane < live;

    // TODO 1: below = this lane's value <= limit, for a lane that `has`. A
    //         lane with no element says TRUE, the identity of "all". (Say
    //         false and every row with padding fails.)
    // TODO 2: allBelow = __all_sync(0xffffffffu, below), in every lane.
    // TODO 3: lane 0 of a warp that owns a row writes allBelow ? 1 : 0.
    (void)in;
    (void)has;
    (void)limit;
    if (row < rows && lane == 0) flag[row] = 0;  // a placeholder: replace it
}

// For each row, the columns c < live whose value is at least `threshold`, in
// increasing order, go to kept[row * stride + 0 .. k-1], and k goes to
// keptCount[row]. The rest of the row of `kept` is left alone.
__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % kWarpSize;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / kWarpSize;
    const bool has = row < rows && lane < live;

    // TODO 1: keep = has && this lane's value >= threshold (false for a lane
    //         with no element, so its bit of the ballot stays 0).
    // TODO 2: keepLanes = __ballot_sync(0xffffffffu, keep): bit L is lane L's
    //         answer.
    // TODO 3: this lane's place among the kept = the number of kept lanes
    //         below it: __popc(keepLanes & lanesBelow), where lanesBelow has
    //         the bits of lanes 0..lane-1 set: (1u << lane) - 1u.
    // TODO 4: a kept lane writes its column number, lane, to
    //         kept[row * stride + place]; lane 0 of a warp that owns a row
    //         writes __popc(keepLanes) to keptCount[row].
    (void)in;
    (void)kept;
    (void)has;
    (void)threshold;
    if (row < rows && lane == 0) keptCount[row] = 0u;  // a placeholder: replace it
}
