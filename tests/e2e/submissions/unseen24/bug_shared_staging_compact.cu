// compactRows stages each row in a __shared__ int[8][32] (1 KiB), with
// __syncwarp() between the kept lanes' writes and the copy-out, so it is
// correct and race-free (warp-synchronous done right; every slot read, stage[w][l]
// for l < count, was written by the lane whose place is l). But the day allows
// no shared memory for compactRows.
// Expected: resources fails; everything else passes.
//
// e2e: day 24
// e2e: exit 1
// e2e: pass compile correctness mask-honesty barrier-honesty races memory
// e2e: fail resources

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
    __shared__ int stage[8][32];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool keep = has && in[row * stride + lane] >= threshold;
    const unsigned keepLanes = __ballot_sync(0xffffffffu, keep);
    if (keep) stage[warp][__popc(keepLanes & ((1u << lane) - 1u))] = lane;
    __syncwarp();
    const int count = __popc(keepLanes);
    if (row < rows && lane < count) kept[row * stride + lane] = stage[warp][lane];
    if (row < rows && lane == 0) keptCount[row] = count;
}
