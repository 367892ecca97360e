// rowsAllBelow and compactRows let every lane without an element return first
// (if (row >= rows || lane >= live) return;) and then vote with the full mask.
// PTX ISA (sm_70+): vote.sync waits for the non-exited threads of membermask,
// __all_sync is taken over the non-exited ones and an exited lane contributes
// a 0 bit to a ballot; the Programming Guide requires only the non-exited named
// threads to execute the vote. So the exits need no identity at all and the
// results are right. countNegativeRows is the course's (it has a barrier).
// Expected: every check passes.
//
// e2e: day 24
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

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
    if (row >= rows || lane >= live) return;
    const bool allBelow = __all_sync(0xffffffffu, in[row * stride + lane] <= limit);
    if (lane == 0) flag[row] = allBelow ? 1 : 0;
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    if (row >= rows || lane >= live) return;
    const bool keep = in[row * stride + lane] >= threshold;
    const unsigned keepLanes = __ballot_sync(0xffffffffu, keep);
    if (keep) kept[row * stride + __popc(keepLanes & ((1u << lane) - 1u))] = lane;
    if (lane == 0) keptCount[row] = __popc(keepLanes);
}
