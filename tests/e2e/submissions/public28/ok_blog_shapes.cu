// The three kernels of NVIDIA's "efficient matrix transpose" blog post, made
// general: TILE_DIM 32, BLOCK_ROWS 8, each thread moving four elements in a
// loop, with the guards the post's square, multiple-of-32 matrices did not
// need.
//
// Expected: every check passes. Loads are guarded by the bounds of in
// (row < rows, col < cols), stores by the bounds of out (cols rows of rows
// floats); the barrier between the tile's stores and loads is outside every
// `if`, so each tile slot read in the second loop was written by some thread
// of the block before the barrier (__syncthreads orders and makes visible
// shared accesses within the block). A slot is read only when its element
// exists, and then it was loaded. Shared: 4,096 and 4,224 bytes.
// e2e: day 28
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int x = blockIdx.x * TILE_DIM + threadIdx.x;
    const int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows) out[x * rows + (y + j)] = in[(y + j) * cols + x];
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}
