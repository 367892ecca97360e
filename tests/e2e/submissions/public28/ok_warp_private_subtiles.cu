// No block barrier at all: each warp turns its own two 8 x 8 pieces of the
// block's 32 x 32 tile in a private slice of shared memory, ordered only by
// __syncwarp(), as warp-level transposes in "100 days" repositories do when
// they want to avoid __syncthreads(). Warp w owns pieces k = w and w + 8
// (piece row k / 4, piece column k % 4); lane l moves elements l and l + 32
// of a piece (row e / 8, column e % 8).
//
// Expected: every check passes. A warp reads only words of its own slice, so
// every conflicting pair of accesses is between lanes of one warp, and
// __syncwarp() orders them: after the stores (read after write) and before
// the second piece reuses the slice (write after read). The Programming
// Guide's __syncwarp() section gives exactly this use: "memory ordering
// among threads participating in the barrier". A slot is read only for an
// element of out that exists, whose source element exists and was loaded.
// Shared: 8 x 8 x 8 (x 9) floats = 2,048 (2,304) bytes.
// e2e: day 28
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
    }
}

template <int P>
__device__ void warpPieces(const float* in, float* out, int rows, int cols)
{
    __shared__ float slice[8][8][P];
    const int w = threadIdx.y, l = threadIdx.x;
    float (*mine)[P] = slice[w];
    for (int k = w; k < 16; k += 8) {
        const int pr = k / 4, pc = k % 4;
        for (int e = l; e < 64; e += 32) {
            const int r = blockIdx.y * 32 + pr * 8 + e / 8, c = blockIdx.x * 32 + pc * 8 + e % 8;
            if (r < rows && c < cols) mine[e / 8][e % 8] = in[r * cols + c];
        }
        __syncwarp();
        for (int e = l; e < 64; e += 32) {
            const int orow = blockIdx.x * 32 + pc * 8 + e / 8, ocol = blockIdx.y * 32 + pr * 8 + e % 8;
            if (orow < cols && ocol < rows) out[orow * rows + ocol] = mine[e % 8][e / 8];
        }
        __syncwarp();
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { warpPieces<8>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { warpPieces<9>(in, out, rows, cols); }
