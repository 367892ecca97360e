// The warp's answer is stored by all 32 lanes, not lane 0 alone:
// `if (row < rows) flag[row] = all` and the same for keptCount, "since every
// lane has it anyway".
//
// Expected: every check passes. A vote hands every lane the same answer, so
// the 32 lanes store the same value to one word in one store instruction;
// the Programming Guide says that when several threads of a warp write one
// location in one instruction, one write succeeds and which one is
// undefined: here they are all equal, so the word holds the answer. It is
// wasteful (31 extra stores a row), not wrong; the day's races check covers
// shared memory and cross-block global reads, neither of which is involved.
// e2e: day 24
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

constexpr unsigned kFull = 0xffffffffu;

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live, int stride)
{
    __shared__ int rowHasNeg[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool neg = __any_sync(kFull, has && in[row * stride + lane] < 0.0f);
    if (lane == 0) rowHasNeg[warp] = neg;
    __syncthreads();
    if (warp == 0) {
        const unsigned yes = __ballot_sync(kFull, lane < 8 && rowHasNeg[lane] != 0);
        if (lane == 0) blockCount[blockIdx.x] = __popc(yes);
    }
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride, float limit)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool all = __all_sync(kFull, !has || in[row * stride + lane] <= limit);
    if (row < rows) flag[row] = all ? 1 : 0;  // every lane, the same value
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool keep = has && in[row * stride + lane] >= threshold;
    const unsigned keepLanes = __ballot_sync(kFull, keep);
    if (keep) kept[row * stride + __popc(keepLanes & ((1u << lane) - 1u))] = lane;
    if (row < rows) keptCount[row] = __popc(keepLanes);  // every lane, the same value
}
