// countNegativeRows writes a warp's slot only when its row has a negative
// value (`if (lane == 0 && neg) flags[warp] = 1`), and never zeroes the
// others.
//
// Expected: memory fails. A warp whose row holds no negative value (with 20
// live columns and about 2% negatives, 0.98^20: about two rows in three)
// leaves its slot unwritten, and warp 0 reads every slot: shared memory no
// thread of the block wrote, at the course size.
// e2e: day 24
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty races resources
// e2e: fail memory

constexpr unsigned kFull = 0xffffffffu;

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live, int stride)
{
    __shared__ int flags[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool neg = __any_sync(kFull, has && in[row * stride + lane] < 0.0f);
    if (lane == 0 && neg) flags[warp] = 1;
    __syncthreads();
    if (warp == 0) {
        const unsigned yes = __ballot_sync(kFull, lane < 8 && flags[lane] == 1);
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
