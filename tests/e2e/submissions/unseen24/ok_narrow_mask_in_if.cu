// The narrow-mask pattern done right in all three kernels: mask =
// __ballot_sync(full, has) and the votes inside if (has) with that mask. The mask
// and the if come from the same condition, so the mask names exactly the lanes
// that vote and the votes read only their bits (Programming Guide, warp vote
// functions). A warp with no row has mask 0 and no lane enters. Lane 0 has an
// element exactly when the warp owns a row (live >= 1), so lane 0's answer is
// the row's. Expected: every check passes.
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

    const unsigned mask = __ballot_sync(0xffffffffu, has);
    int neg = 0;
    if (has) neg = __any_sync(mask, in[row * stride + lane] < 0.0f);
    if (lane == 0) slot[warp] = neg;
    __syncthreads();
    if (warp == 0) {
        const unsigned yes = __ballot_sync(0xffffffffu, lane < 8 && slot[lane] != 0);
        if (lane == 0) blockCount[blockIdx.x] = __popc(yes);
    }
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride,
                             float limit)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const unsigned mask = __ballot_sync(0xffffffffu, has);
    if (has) {
        const bool all = __all_sync(mask, in[row * stride + lane] <= limit);
        if (lane == 0) flag[row] = all ? 1 : 0;
    }
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const unsigned mask = __ballot_sync(0xffffffffu, has);
    if (has) {
        const bool keep = in[row * stride + lane] >= threshold;
        const unsigned keepLanes = __ballot_sync(mask, keep);
        if (keep) kept[row * stride + __popc(keepLanes & ((1u << lane) - 1u))] = lane;
        if (lane == 0) keptCount[row] = __popc(keepLanes);
    }
}
