// countNegativeRows counts the 8 slots with __reduce_add_sync, which needs
// compute capability 8.0 (redux.sync); the day builds for sm_75, where nvcc
// does not declare it. The file does not build, so nothing else can run.
// Expected: compile fails.
//
// e2e: day 24
// e2e: exit 1
// e2e: fail compile

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
    if (warp == 0) {
        const unsigned count = __reduce_add_sync(0xffffffffu, lane < 8 ? (unsigned)slot[lane] : 0u);
        if (lane == 0) blockCount[blockIdx.x] = (int)count;
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

// The kept columns of each row, in order, at the front of its row of kept.
__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;

    const bool keep = has && in[row * stride + lane] >= threshold;
    const unsigned keepLanes = __ballot_sync(0xffffffffu, keep);
    const int place = __popc(keepLanes & ((1u << lane) - 1u));
    if (keep) kept[row * stride + place] = lane;
    if (row < rows && lane == 0) keptCount[row] = (unsigned)__popc(keepLanes);
}
