// The vote moved inside `if (has)` with the full mask, the way a load guard is
// usually written: `if (has) neg = __any_sync(0xffffffff, v < 0)`.
//
// Expected: mask-honesty fails. At 20 live columns lanes 20..31 do not execute
// the votes that name them in 0xffffffff (Programming Guide, Warp Vote
// Functions: all non-exited threads named in mask must execute the same
// intrinsic). Depending on what the skipping lanes do next, the PTX ISA's
// wait-for-the-mask rule makes a lane wait forever (in countNegativeRows the
// skipping lanes go on to __syncthreads()), so barrier-honesty and
// correctness are not asserted.
// e2e: day 24
// e2e: exit 1
// e2e: pass compile resources
// e2e: fail mask-honesty

constexpr unsigned kFull = 0xffffffffu;

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live, int stride)
{
    __shared__ int rowHasNeg[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    bool neg = false;
    if (has) neg = __any_sync(kFull, in[row * stride + lane] < 0.0f);
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
    if (row < rows && lane < live) {
        const bool all = __all_sync(kFull, in[row * stride + lane] <= limit);
        if (lane == 0) flag[row] = all;
    }
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
