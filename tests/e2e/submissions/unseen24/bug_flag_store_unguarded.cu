// rowsAllBelow guards the load (has includes row < rows) but not the store:
// if (lane == 0) flag[row] = ... runs in the warps past the last row too (3 at
// the course size, 7 at the one-row size), writing past the end of `flag`.
// An out-of-bounds global write.
// Expected: memory fails (correctness not asserted).
//
// e2e: day 24
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty races resources
// e2e: fail memory

// blockCount[b]: how many of block b's 8 rows hold a negative live value.
__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live,
                                  int stride)
{
    __shared__ int rowHasNegative[8];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;

    const bool rowNeg = __any_sync(0xffffffffu, has && in[row * stride + lane] < 0.0f);
    if (lane == 0) rowHasNegative[warp] = rowNeg ? 1 : 0;
    __syncthreads();
    if (warp == 0) {
        const bool yes = lane < 8 && rowHasNegative[lane] != 0;
        const unsigned yesLanes = __ballot_sync(0xffffffffu, yes);
        if (lane == 0) blockCount[blockIdx.x] = __popc(yesLanes);
    }
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride,
                             float limit)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool allBelow = __all_sync(0xffffffffu, !has || in[row * stride + lane] <= limit);
    if (lane == 0) flag[row] = allBelow ? 1 : 0;
}

// The kept columns of each row, in order, at the front of its row of kept.
__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;

    const bool keep = has && in[row * stride + lane] >= threshold;
    const unsigned keepLanes = __ballot_sync(0xffffffffu, keep);
    const int place = __popc(keepLanes & ((1u << lane) - 1u));
    if (keep) kept[row * stride + place] = lane;
    if (row < rows && lane == 0) keptCount[row] = (unsigned)__popc(keepLanes);
}
