// rowsAllBelow and compactRows loop over rows with a warp-stride loop (row +=
// warps in the grid): the loop condition depends on the warp only, so all 32
// lanes run every iteration and the full-mask votes inside are honest. With
// the day's launch each warp runs at most one iteration. countNegativeRows
// sums the 8 slots with a full-mask __shfl_xor_sync butterfly in warp 0
// (lanes 8..31 carry 0). Expected: every check passes.
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

    const int neg = __any_sync(0xffffffffu, has && in[row * stride + lane] < 0.0f);
    if (lane == 0) slot[warp] = neg != 0;
    __syncthreads();
    if (warp == 0) {
        int v = lane < 8 ? slot[lane] : 0;
        for (int m = 16; m > 0; m >>= 1) v += __shfl_xor_sync(0xffffffffu, v, m);
        if (lane == 0) blockCount[blockIdx.x] = v;
    }
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride,
                             float limit)
{
    const int lane = threadIdx.x % 32;
    const int warps = gridDim.x * blockDim.x / 32;
    for (int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32; row < rows; row += warps) {
        const bool has = lane < live;
        const bool all = __all_sync(0xffffffffu, !has || in[row * stride + lane] <= limit);
        if (lane == 0) flag[row] = all;
    }
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int warps = gridDim.x * blockDim.x / 32;
    for (int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32; row < rows; row += warps) {
        const bool keep = lane < live && in[row * stride + lane] >= threshold;
        const unsigned keepLanes = __ballot_sync(0xffffffffu, keep);
        if (keep) kept[row * stride + __popc(keepLanes & ((1u << lane) - 1u))] = lane;
        if (lane == 0) keptCount[row] = __popc(keepLanes);
    }
}
