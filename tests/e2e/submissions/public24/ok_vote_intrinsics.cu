// The three votes as the simpleVoteIntrinsics sample and the README's "one
// warp a row" shape use them: every lane votes with the full mask, a lane
// without an element says the identity (false for any and ballot, true for
// all) inside the predicate, and countNegativeRows counts its 8 warps'
// answers with a second ballot in warp 0.
//
// Expected: every check passes. Each vote is executed by all 32 lanes of the
// warp (the `if`s are around loads and stores only), so the full mask names
// exactly the executing lanes (Programming Guide, Warp Vote Functions). `&&`
// and `||` short-circuit, so no lane loads a padding column or a row past
// rows. Every warp's lane 0 writes its slot before the barrier (a warp past
// the last row writes 0), so warp 0 reads written slots only.
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
    if (row < rows && lane == 0) flag[row] = all ? 1 : 0;
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
    if (row < rows && lane == 0) keptCount[row] = __popc(keepLanes);
}
