// countNegativeRows with a slot per thread, `__shared__ int vote[256]`:
// every thread writes whether its row has a negative value, and warp 0 reads
// vote[32 * lane] for lanes 0..7. Correct, and 1,024 bytes of shared memory.
//
// Expected: resources fails, every other check passes. The day allows at
// most 256 bytes of shared memory in countNegativeRows. Every slot warp 0
// reads was written before the barrier by lane 0 of a warp.
// e2e: day 24
// e2e: exit 1
// e2e: pass compile correctness mask-honesty barrier-honesty races memory
// e2e: fail resources

constexpr unsigned kFull = 0xffffffffu;

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live, int stride)
{
    __shared__ int vote[256];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    vote[threadIdx.x] = __any_sync(kFull, has && in[row * stride + lane] < 0.0f);
    __syncthreads();
    if (warp == 0) {
        const unsigned yes = __ballot_sync(kFull, lane < 8 && vote[32 * lane] != 0);
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
