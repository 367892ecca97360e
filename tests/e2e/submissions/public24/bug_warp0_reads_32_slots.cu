// countNegativeRows' second vote drops the `lane < 8 &&`: every lane of warp
// 0 reads rowHasNeg[lane] from an array of 8 ints.
//
// Expected: memory fails. Lanes 8..31 read rowHasNeg[8..31], past the end of
// the 32-byte shared array (out of bounds of 'rowHasNeg'; whatever lies
// there is not part of it). Correctness is not asserted: what those reads
// return is undefined, and a kernel with no other shared array may read
// zeros.
// e2e: day 24
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty resources
// e2e: fail memory

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
        const unsigned yes = __ballot_sync(kFull, rowHasNeg[lane] != 0);
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
