// Alternative forms that are all defined by CUDA: countNegativeRows counts with
// __syncthreads_count (a block-wide vote reached by every thread, no shared
// memory at all), rowsAllBelow compares a full-mask ballot with 0xffffffff, and
// compactRows takes lanes-below from PTX's %lanemask_lt by inline asm. Every
// collective is executed by all 32 lanes with the full mask.
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
    const int rowNeg = __any_sync(0xffffffffu, has && in[row * stride + lane] < 0.0f);
    // one vote per warp: only lane 0 says the warp's answer
    const int count = __syncthreads_count(lane == 0 && rowNeg);
    if (threadIdx.x == 0) blockCount[blockIdx.x] = count;
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride,
                             float limit)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const unsigned below = __ballot_sync(0xffffffffu, !has || in[row * stride + lane] <= limit);
    if (row < rows && lane == 0) flag[row] = below == 0xffffffffu ? 1 : 0;
}

__device__ __forceinline__ unsigned lanemaskLt()
{
    unsigned m;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m));
    return m;
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool keep = has && in[row * stride + lane] >= threshold;
    const unsigned keepLanes = __ballot_sync(0xffffffffu, keep);
    if (keep) kept[row * stride + __popc(keepLanes & lanemaskLt())] = lane;
    if (row < rows && lane == 0) keptCount[row] = (unsigned)__popc(keepLanes);
}
