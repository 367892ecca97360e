// Slow but correct: transposeNaive finds each element by walking the whole
// 32-float stretch of its row of in and keeping the one whose column is its
// own (every lane reads the same word at each step: a broadcast); the tiled
// kernels fill their tile the same way, one whole tile row per warp step,
// and keep only their own column. About 32 loads where one would do.
//
// Expected: every check passes but performance. The walk stops at the
// matrix's last column (k < cols), so no read leaves in; exactly one k equals
// the thread's column when the column exists. The per-block work (about 32 x
// 4 iterations a thread) is far below 32 times the reference's busiest block
// or the day's 65,536-warp-instruction floor, whichever the budget is. But
// the tiled kernels read each element of in 32 times, a sector a request:
// 604.0 MB moved where the day's gate allows 1.25 times the 134.2 MB needed
// (reading each element once, coalesced, is what the tile is for), so
// performance fails, exit 1. A GPU's L1 would catch most of those reads;
// the gate counts what the load instructions ask for.
// e2e: day 28
// e2e: exit 1
// e2e: pass compile correctness barrier-honesty races memory resources
// e2e: fail performance
// e2e: detail performance transposeTiled: bytes moved 604.0 MB, where the day's gate allows at most 1.25 x the bytes needed

__device__ float findInRow(const float* in, int r, int cols, int colStart, int want)
{
    float kept = 0.0f;
    for (int k = colStart; k < colStart + 32 && k < cols; ++k) {
        const float v = in[r * cols + k];
        if (k == want) kept = v;
    }
    return kept;
}

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows) {
            const float v = findInRow(in, r, cols, blockIdx.x * 32, c);
            if (c < cols) out[c * rows + r] = v;
        }
    }
}

template <int P>
__device__ void slowTile(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][P];
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows) {
            const float v = findInRow(in, r, cols, blockIdx.x * 32, c);
            if (c < cols) tile[threadIdx.y + j][threadIdx.x] = v;
        }
    }
    __syncthreads();
    for (int j = 0; j < 32; j += 8) {
        const int orow = blockIdx.x * 32 + threadIdx.y + j, ocol = blockIdx.y * 32 + threadIdx.x;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { slowTile<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { slowTile<33>(in, out, rows, cols); }
