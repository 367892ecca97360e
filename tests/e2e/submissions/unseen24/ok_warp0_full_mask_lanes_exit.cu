// countNegativeRows: warp 0 counts with if (lane < 8) around a ballot that keeps
// the full mask, the last statement of the kernel: lanes 8..31 of warp 0 branch
// straight to `ret` (checked in nvcc's PTX). By the PTX ISA (sm_70+), vote.sync
// waits only for the non-exited threads of membermask and inactive lanes
// contribute 0 bits, so the ballot is defined and the count right. The course
// text's stricter rule ("the mask names exactly the lanes that execute") is
// not what the ISA says. I first expected mask-honesty to fail.
// Expected: every check passes.
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

    const bool neg = __any_sync(0xffffffffu, has && in[row * stride + lane] < 0.0f);
    if (lane == 0) slot[warp] = neg;
    __syncthreads();
    if (warp == 0 && lane < 8) {
        const unsigned yes = __ballot_sync(0xffffffffu, slot[lane] != 0);
        if (lane == 0) blockCount[blockIdx.x] = __popc(yes);
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
