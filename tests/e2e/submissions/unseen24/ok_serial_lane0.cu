// Slow but correct: no collectives at all. Thread 0 of a block walks its 8 rows
// column by column for countNegativeRows; lane 0 of each warp walks its row for
// the other two kernels (never past column live - 1, never past the last row).
// No shared memory, no barrier, no vote, so nothing for mask-honesty, barrier-
// honesty or races to find; the outputs are the definitions written as loops.
// Expected: every check passes (just many more instructions and few active lanes).
//
// e2e: day 24
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live,
                                  int stride)
{
    if (threadIdx.x != 0) return;
    const int rowsPerBlock = blockDim.x / 32;
    int count = 0;
    for (int w = 0; w < rowsPerBlock; ++w) {
        const int row = blockIdx.x * rowsPerBlock + w;
        if (row >= rows) break;
        bool neg = false;
        for (int c = 0; c < live; ++c)
            if (in[row * stride + c] < 0.0f) neg = true;
        if (neg) ++count;
    }
    blockCount[blockIdx.x] = count;
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride,
                             float limit)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    if (lane != 0 || row >= rows) return;
    int all = 1;
    for (int c = 0; c < live; ++c)
        if (!(in[row * stride + c] <= limit)) all = 0;
    flag[row] = all;
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    if (lane != 0 || row >= rows) return;
    unsigned k = 0;
    for (int c = 0; c < live; ++c)
        if (in[row * stride + c] >= threshold) kept[row * stride + k++] = c;
    keptCount[row] = k;
}
