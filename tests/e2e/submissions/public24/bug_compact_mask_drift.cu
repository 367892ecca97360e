// compactRows with the honest narrow mask's `if` drifted to the column alone:
// mask = __ballot_sync(full, row < rows && lane < live), but the vote runs
// inside `if (lane < live)` (the README's drift, in the compaction).
//
// Expected: mask-honesty fails, correctness passes. In a warp past the last
// row (the course size's last block has 3) the ballot is 0 and lanes
// 0..live-1 still enter and vote with mask 0, which does not name them
// (Programming Guide: each calling thread must have its own bit set in the
// mask). Those warps own no row and store nothing, so every output is right.
// e2e: day 24
// e2e: exit 1
// e2e: pass compile correctness barrier-honesty memory resources
// e2e: fail mask-honesty

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
    if (row < rows && lane == 0) flag[row] = all ? 1 : 0;
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const unsigned mask = __ballot_sync(kFull, row < rows && lane < live);
    if (lane < live) {
        const bool keep = row < rows && in[row * stride + lane] >= threshold;
        const unsigned keepLanes = __ballot_sync(mask, keep);
        if (keep) kept[row * stride + __popc(keepLanes & ((1u << lane) - 1u))] = lane;
        if (row < rows && lane == 0) keptCount[row] = __popc(keepLanes);
    }
}
