// compactRows puts the full-mask ballot inside if (has), and nothing follows
// the if: the lanes that skip it (20..31 at the course size) go straight to the
// kernel's ret (nvcc's PTX: the branch around the vote targets `ret`). The
// README's rule calls this dishonest, but the PTX ISA for sm_70+ says vote.sync
// waits for the NON-EXITED threads of membermask, and an exited (inactive)
// lane contributes 0 to a ballot; the Programming Guide likewise requires only
// the non-exited named threads to execute it. So it is defined, and right.
// (I first expected mask-honesty to fail; bug_any_in_has_branch.cu is the
// same vote with the skipping lanes still alive, which does fail.)
// Expected: every check passes.
//
// e2e: day 24
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

// blockCount[b]: how many of block b's 8 rows hold a negative live value.
__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live,
                                  int stride)
{
    __shared__ int rowHasNegative[8];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;

    const bool rowNeg = __any_sync(0xffffffffu, has && in[row * stride + lane] < 0.0f);
    if (lane == 0) rowHasNegative[warp] = rowNeg ? 1 : 0;
    __syncthreads();
    if (warp == 0) {
        const bool yes = lane < 8 && rowHasNegative[lane] != 0;
        const unsigned yesLanes = __ballot_sync(0xffffffffu, yes);
        if (lane == 0) blockCount[blockIdx.x] = __popc(yesLanes);
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

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    if (has) {
        const bool keep = in[row * stride + lane] >= threshold;
        const unsigned keepLanes = __ballot_sync(0xffffffffu, keep);
        const int place = __popc(keepLanes & ((1u << lane) - 1u));
        if (keep) kept[row * stride + place] = lane;
        if (lane == 0) keptCount[row] = __popc(keepLanes);
    }
}
