// Day 28: a matrix transpose, coalesced, without bank conflicts
//
// in is rows x cols floats, row-major; write its transpose, cols x rows:
//     out[c * rows + r] = in[r * cols + c]
// cudalab launches blocks of 32 x 8 threads and a grid of ceil(cols / 32) x
// ceil(rows / 32) blocks: block (blockIdx.x, blockIdx.y) owns the 32 x 32 tile
// of in that starts at row blockIdx.y * 32, column blockIdx.x * 32, and each
// thread moves 4 of its elements (rows threadIdx.y, + 8, + 16, + 24).
// rows and cols need not be multiples of 32. Read the day's README first;
// `cudalab grade 28` checks your work and, on a GPU, times it against a copy.
//
// This file compiles and runs, but it does not solve the day: the kernels
// write nothing. Keep the names and parameters exactly as they are: the
// grader calls them.

constexpr int kTile = 32;
constexpr int kRowsPerPass = 8;  // blockDim.y

// Straight from in to out: reads along a row of in, writes down a column of out.
__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * kTile + threadIdx.x;   // lanes: consecutive columns
    const int r0 = blockIdx.y * kTile + threadIdx.y;

    // TODO 1: for j = 0, 8, 16, 24: with r = r0 + j, and only when r < rows
    //         and c < cols, write out[c * rows + r] = in[r * cols + c].
    //         (This kernel has no barrier, so returning early is allowed.)
    (void)in;
    (void)out;
    (void)rows;
    (void)cols;
    (void)c;
    (void)r0;
    (void)kRowsPerPass;
}

// Through a 32 x 32 shared tile: both global accesses along a row.
__global__ void transposeTiled(const float* in, float* out, int rows, int cols)
{
    // TODO 2: declare __shared__ float tile[32][32]. For j = 0, 8, 16, 24,
    //         load the block's tile: tile[threadIdx.y + j][threadIdx.x] =
    //         in[(blockIdx.y * 32 + threadIdx.y + j) * cols + blockIdx.x * 32
    //         + threadIdx.x], guarded so that nothing outside in is read.
    // TODO 3: __syncthreads(), reached by every thread: guard the loads and
    //         the stores, never the barrier.
    // TODO 4: write the tile to out along a row of OUT. Swap the block's
    //         roles: this block writes rows blockIdx.x * 32 + threadIdx.y + j
    //         of out, columns blockIdx.y * 32 + threadIdx.x, and the value is
    //         tile[threadIdx.x][threadIdx.y + j]. Guard against the edges of
    //         out, which is cols rows of rows floats.
    (void)in;
    (void)out;
    (void)rows;
    (void)cols;
}

// The same with the tile's rows padded to 33 floats: no bank conflicts.
__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    // TODO 5: transposeTiled with __shared__ float tile[32][33]. Nothing
    //         else changes. Compare the two kernels' bank_conflicts
    //         in `cudalab grade 28 --json`.
    (void)in;
    (void)out;
    (void)rows;
    (void)cols;
}
