// countNegativeRows with one shared counter: thread 0 zeroes it, a barrier,
// lane 0 of each warp whose row has a negative value adds 1 atomically, a
// barrier, thread 0 writes it out (the shape of warp-aggregated counting:
// one atomic a warp, not a lane). compactRows finds its place with the
// PTX register %lanemask_lt through inline assembly.
//
// Expected: every check passes. The plain store of 0 and the atomics are
// separated by a barrier, the atomics and the final load by another;
// atomics do not race with atomics. %lanemask_lt is the mask of lanes below
// this one (PTX ISA, special registers), the same as (1u << lane) - 1u.
// 4 bytes of shared memory.
// e2e: day 24
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

constexpr unsigned kFull = 0xffffffffu;

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live, int stride)
{
    __shared__ int negativeRows;
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    if (threadIdx.x == 0) negativeRows = 0;
    __syncthreads();
    const bool neg = __any_sync(kFull, has && in[row * stride + lane] < 0.0f);
    if (lane == 0 && neg) atomicAdd(&negativeRows, 1);
    __syncthreads();
    if (threadIdx.x == 0) blockCount[blockIdx.x] = negativeRows;
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride, float limit)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool all = __all_sync(kFull, !has || in[row * stride + lane] <= limit);
    if (row < rows && lane == 0) flag[row] = all ? 1 : 0;
}

__device__ __forceinline__ unsigned lanesBelow()
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
    const unsigned keepLanes = __ballot_sync(kFull, keep);
    if (keep) kept[row * stride + __popc(keepLanes & lanesBelow())] = lane;
    if (row < rows && lane == 0) keptCount[row] = __popc(keepLanes);
}
