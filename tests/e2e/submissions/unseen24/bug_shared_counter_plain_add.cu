// countNegativeRows counts into one __shared__ int with a plain `count += 1` from
// lane 0 of every warp whose row has a negative: a read-modify-write by threads
// of different warps with no barrier between them. About a third of the rows
// hold a negative, so most blocks have several warps doing it at once: a data
// race (atomicAdd is the fix). The zeroing and the final read are ordered by
// barriers reached by all.
// Expected: races fails (correctness not asserted: it depends on interleaving).
//
// e2e: day 24
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty resources
// e2e: fail races

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live,
                                  int stride)
{
    __shared__ int count;
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;

    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    const bool neg = __any_sync(0xffffffffu, has && in[row * stride + lane] < 0.0f);
    if (lane == 0 && neg) count += 1;
    __syncthreads();
    if (threadIdx.x == 0) blockCount[blockIdx.x] = count;
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
