// A narrow literal mask that is honest: in countNegativeRows warp 0 does
// if (lane < 8) and ballots with 0x000000ff, which names exactly lanes 0..7, the
// lanes that execute it. rowsAllBelow asks the opposite question with a ballot
// (no lane above the limit); compactRows builds lanes-below by a shift that is
// never 32 (lane 0 is special-cased). Expected: every check passes.
//
// e2e: day 24
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live,
                                  int stride)
{
    __shared__ int slot[8];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;

    const bool neg = __any_sync(0xffffffffu, has && in[row * stride + lane] < 0.0f);
    if (lane == 0) slot[warp] = neg;
    __syncthreads();
    if (warp == 0 && lane < 8) {
        const unsigned yes = __ballot_sync(0x000000ffu, slot[lane] != 0);
        if (lane == 0) blockCount[blockIdx.x] = __popc(yes);
    }
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride,
                             float limit)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const unsigned above = __ballot_sync(0xffffffffu, has && in[row * stride + lane] > limit);
    if (row < rows && lane == 0) flag[row] = above == 0u;
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool keep = has && in[row * stride + lane] >= threshold;
    const unsigned keepLanes = __ballot_sync(0xffffffffu, keep);
    const unsigned below = lane == 0 ? 0u : (0xffffffffu >> (32 - lane));
    if (keep) kept[row * stride + __popc(keepLanes & below)] = lane;
    if (row < rows && lane == 0) keptCount[row] = __popc(keepLanes);
}
