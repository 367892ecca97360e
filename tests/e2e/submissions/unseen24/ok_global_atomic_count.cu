// countNegativeRows counts straight into global memory: thread 0 sets
// blockCount[blockIdx.x] = 0, __syncthreads() (reached by every thread; it
// orders global as well as shared accesses within the block), lane 0 of each
// warp whose row has a negative does atomicAdd on it. Each block touches only
// its own word, so nothing crosses blocks; atomics do not race with atomics.
// Expected: every check passes.
//
// e2e: day 24
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live,
                                  int stride)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    if (threadIdx.x == 0) blockCount[blockIdx.x] = 0;
    __syncthreads();
    const bool neg = __any_sync(0xffffffffu, has && in[row * stride + lane] < 0.0f);
    if (lane == 0 && neg) atomicAdd(&blockCount[blockIdx.x], 1);
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
