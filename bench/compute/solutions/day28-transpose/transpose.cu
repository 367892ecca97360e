// Day 28, reference solution: a matrix transpose through shared memory.
//
// in is rows x cols floats, row-major; out is cols x rows:
//     out[c * rows + r] = in[r * cols + c]
// cudalab launches blocks of 32 x 8 threads and a 2-D grid of
// ceil(cols / 32) x ceil(rows / 32) blocks: block (bx, by) owns the 32 x 32
// tile of in whose top-left element is in[by * 32][bx * 32], and each thread
// moves four elements of it, rows threadIdx.y, + 8, + 16 and + 24.
//
// A transpose does no arithmetic, so its speed is how well it uses memory.
//   transposeNaive: reads in along a row (coalesced) and writes out down a
//     column: the 32 lanes of a warp store to 32 different rows of out, 32
//     sectors for 128 useful bytes.
//   transposeTiled: reads a tile along its rows into shared memory, and writes
//     it out along the rows of out, reading the tile down a column. Both global
//     accesses are coalesced; the column read of tile[32][32] puts all 32
//     lanes in one shared-memory bank: a 32-way conflict.
//   transposePadded: the same, with tile[32][33]. The extra column shifts each
//     row by one bank, so a column's 32 words sit in 32 different banks.
//
// Edges: rows and cols need not be multiples of 32, so every global access is
// guarded; the barrier never is.

constexpr int kTile = 32;  // the tile is kTile x kTile elements
constexpr int kRowsPerPass = 8;  // blockDim.y: each thread moves kTile / 8 elements

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * kTile + threadIdx.x;
    const int r0 = blockIdx.y * kTile + threadIdx.y;
    if (c >= cols) return;  // no barrier in this kernel, so an early exit is fine
    for (int j = 0; j < kTile; j += kRowsPerPass) {
        const int r = r0 + j;
        // Read along a row of in (lanes: consecutive c), write down a column
        // of out (lanes: a stride of rows floats apart).
        if (r < rows) out[(size_t)c * rows + r] = in[(size_t)r * cols + c];
    }
}

// The tile kernels share one body; Pitch is the length of a tile row in
// shared memory: kTile (conflicts) or kTile + 1 (none).
template <int Pitch>
__device__ __forceinline__ void transposeTile(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[kTile][Pitch];

    // Read: the block's tile of in, row by row. Lanes run along a row of in:
    // consecutive addresses, one 128-byte line a warp.
    const int inCol = blockIdx.x * kTile + threadIdx.x;
    const int inRow = blockIdx.y * kTile + threadIdx.y;
    for (int j = 0; j < kTile; j += kRowsPerPass) {
        if (inCol < cols && inRow + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(inRow + j) * cols + inCol];
    }

    // Every thread writes out elements that other threads (other warps) read
    // from in: all of the tile must be in before any of it is read. Every
    // thread of the block reaches this barrier; the guards are on the work.
    __syncthreads();

    // Write: the same tile, into the transposed block of out. Block (bx, by)
    // writes out's rows bx * 32 .. and columns by * 32 ..; lanes run along a
    // row of out (consecutive addresses again) and read down a column of the
    // tile: tile[x][y + j] for lanes x = 0..31.
    const int outCol = blockIdx.y * kTile + threadIdx.x;  // an index into in's rows
    const int outRow = blockIdx.x * kTile + threadIdx.y;  // an index into in's columns
    for (int j = 0; j < kTile; j += kRowsPerPass) {
        if (outCol < rows && outRow + j < cols)
            out[(size_t)(outRow + j) * rows + outCol] = tile[threadIdx.x][threadIdx.y + j];
    }
}

// tile[32][32]: row k starts at word 32 k, so tile[x][y] is in bank y for every
// x, and a warp reading a column asks one bank for 32 words: 32 passes.
__global__ void transposeTiled(const float* in, float* out, int rows, int cols)
{
    transposeTile<kTile>(in, out, rows, cols);
}

// tile[32][33]: row k starts at word 33 k, so tile[x][y] is in bank (x + y) % 32,
// and a column's 32 words are in 32 different banks: one pass.
__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    transposeTile<kTile + 1>(in, out, rows, cols);
}
