// The tile is loaded in one pass, as if the block were 32 x 32 threads
// (TILE_DIM == BLOCK_ROWS in the blog's first listing); the stores keep the
// 4-pass loop. Only rows 0..7 of each tile are ever loaded.
//
// Expected: correctness and memory fail. The store loop reads
// tile[x][y + j] for all 32 x, and rows x = 8..31 of the tile were never
// written: a read of shared memory nobody wrote, at every size with more than
// 8 rows (the course size among them), and three quarters of out is wrong.
// e2e: day 28
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail correctness memory

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
    }
}

template <int P>
__device__ void onePass(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][P];
    const int r = blockIdx.y * 32 + threadIdx.y, c = blockIdx.x * 32 + threadIdx.x;
    if (r < rows && c < cols) tile[threadIdx.y][threadIdx.x] = in[r * cols + c];
    __syncthreads();
    for (int j = 0; j < 32; j += 8) {
        const int orow = blockIdx.x * 32 + threadIdx.y + j, ocol = blockIdx.y * 32 + threadIdx.x;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { onePass<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { onePass<33>(in, out, rows, cols); }
