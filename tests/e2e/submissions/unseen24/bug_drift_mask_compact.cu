// compactRows with the drifted narrow mask: mask = __ballot_sync(full, has), but
// the if tests lane < live only. In warps past the last row (3 at the course
// size) mask is 0 and lanes 0..live-1 still execute the ballot with a mask that
// does not name them: undefined by the Programming Guide. Those warps store
// nothing, so every output is right.
// Expected: mask-honesty fails, correctness passes.
//
// e2e: day 24
// e2e: exit 1
// e2e: pass compile correctness barrier-honesty races resources
// e2e: fail mask-honesty

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

// flag[row] = 1 when every live value of the row is at most limit.
__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride,
                             float limit)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;

    const bool allBelow = __all_sync(0xffffffffu, !has || in[row * stride + lane] <= limit);
    if (row < rows && lane == 0) flag[row] = allBelow ? 1 : 0;
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const unsigned mask = __ballot_sync(0xffffffffu, row < rows && lane < live);
    if (lane < live) {  // the padding columns sit this one out
        const float value = row < rows ? in[row * stride + lane] : 0.0f;
        const bool keep = value >= threshold;
        const unsigned keepLanes = __ballot_sync(mask, keep);
        if (row < rows) {
            if (keep) kept[row * stride + __popc(keepLanes & ((1u << lane) - 1u))] = lane;
            if (lane == 0) keptCount[row] = __popc(keepLanes);
        }
    }
}
