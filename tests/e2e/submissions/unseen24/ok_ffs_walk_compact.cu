// compactRows ballots with the full mask, then lane 0 alone walks the ballot's
// set bits with __ffs and writes the columns one by one (slower, one lane
// working, but the same result). countNegativeRows sums the slots with a
// full-mask __shfl_down_sync ladder in warp 0; rowsAllBelow asks any-above with
// __any_sync and negates it. Every collective is executed by the 32 lanes the
// mask names. Expected: every check passes.
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
    if (lane == 0) slot[warp] = neg ? 1 : 0;
    __syncthreads();
    if (warp == 0) {
        int v = lane < 8 ? slot[lane] : 0;
        for (int off = 16; off > 0; off /= 2) v += __shfl_down_sync(0xffffffffu, v, off);
        if (lane == 0) blockCount[blockIdx.x] = v;
    }
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride,
                             float limit)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool someAbove = __any_sync(0xffffffffu, has && in[row * stride + lane] > limit);
    if (row < rows && lane == 0) flag[row] = someAbove ? 0 : 1;
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    unsigned bits = __ballot_sync(0xffffffffu, has && in[row * stride + lane] >= threshold);
    if (row < rows && lane == 0) {
        unsigned k = 0;
        while (bits != 0u) {
            kept[row * stride + k++] = __ffs(bits) - 1;
            bits &= bits - 1u;
        }
        keptCount[row] = k;
    }
}
