// compactRows where lane 0 alone writes the row: it walks the ballot's set
// bits lowest first with __ffs and writes each kept column in turn (slower,
// up to 32 stores from one lane, and correct). rowsAllBelow is written as a
// ballot compared with the lanes that have data; countNegativeRows counts its
// slots with a mask naming lanes 0..7 only, inside `if (lane < 8)`.
//
// Expected: every check passes. The bit walk visits the kept lanes in
// increasing order, so place k gets the k-th kept column. all == (ballot of
// "value <= limit" over the lanes with data) == (ballot of has): the lanes
// without data are removed on both sides. In warp 0 the mask 0xff names
// exactly lanes 0..7, which are the lanes inside `if (lane < 8)` (warp == 0
// is uniform in a warp).
// e2e: day 24
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

constexpr unsigned kFull = 0xffffffffu;

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live, int stride)
{
    __shared__ int answer[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const int neg = __any_sync(kFull, has && in[row * stride + lane] < 0.0f);
    if (lane == 0) answer[warp] = neg;
    __syncthreads();
    if (warp == 0 && lane < 8) {
        const unsigned yes = __ballot_sync(0xffu, answer[lane] != 0);
        if (lane == 0) blockCount[blockIdx.x] = __popc(yes);
    }
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride, float limit)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const unsigned withData = __ballot_sync(kFull, has);
    const unsigned below = __ballot_sync(kFull, has && in[row * stride + lane] <= limit);
    if (row < rows && lane == 0) flag[row] = below == withData;
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    unsigned bits = __ballot_sync(kFull, has && in[row * stride + lane] >= threshold);
    if (row < rows && lane == 0) {
        keptCount[row] = __popc(bits);
        for (int place = 0; bits != 0u; ++place) {
            const int col = __ffs(bits) - 1;
            kept[row * stride + place] = col;
            bits &= bits - 1u;
        }
    }
}
