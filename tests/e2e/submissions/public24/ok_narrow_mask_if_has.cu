// The narrow mask the README shows to be honest for votes: mask =
// __ballot_sync(full, has), and the votes of rowsAllBelow and compactRows run
// inside `if (has)` with that mask. countNegativeRows keeps the full mask.
//
// Expected: every check passes. The mask and the `if` come from the same
// condition, so the mask names exactly the lanes that vote, and a vote reads
// one bit from each lane of its mask only. In a warp past the last row the
// ballot is 0 and no lane enters the `if`. Lane 0 of a warp with a row always
// has (live >= 1), so it is inside the `if` to write the flag and count.
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
    const unsigned mask = __ballot_sync(kFull, has);
    if (has) {
        const int all = __all_sync(mask, in[row * stride + lane] <= limit);
        if (lane == 0) flag[row] = all != 0;
    }
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const unsigned mask = __ballot_sync(kFull, has);
    if (has) {
        const bool keep = in[row * stride + lane] >= threshold;
        const unsigned keepLanes = __ballot_sync(mask, keep);
        if (keep) kept[row * stride + __popc(keepLanes & ((1u << lane) - 1u))] = lane;
        if (lane == 0) keptCount[row] = __popc(keepLanes);
    }
}
