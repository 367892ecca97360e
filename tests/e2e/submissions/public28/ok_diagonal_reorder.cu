// Diagonal block reordering, as in the cuda-samples transpose's
// transposeDiagonal, in its general (non-square grid) form: the linear block
// number bid = blockIdx.x + gridDim.x * blockIdx.y is mapped to
// by = bid % gridDim.y, bx = (bid / gridDim.y + by) % gridDim.x, and the
// block then moves tile (bx, by). The naive kernel keeps the plain order.
//
// Expected: every check passes. The map is a bijection of the grid: write
// bid = q * gridDim.y + r (q < gridDim.x, r < gridDim.y); then by = r and
// bx = (q + r) % gridDim.x, and for each r, q -> (q + r) mod gridDim.x is a
// permutation. So every tile is moved by exactly one block, and the rest is
// the guarded tile transpose.
// e2e: day 28
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

constexpr int kTile = 32;
constexpr int kRows = 8;

__device__ void diagonalTile(int& bx, int& by)
{
    const int bid = blockIdx.x + gridDim.x * blockIdx.y;
    by = bid % gridDim.y;
    bx = (bid / gridDim.y + by) % gridDim.x;
}

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int col = blockIdx.x * kTile + threadIdx.x;
    if (col >= cols) return;
    for (int j = threadIdx.y; j < kTile; j += kRows) {
        const int row = blockIdx.y * kTile + j;
        if (row < rows) out[(size_t)col * rows + row] = in[(size_t)row * cols + col];
    }
}

template <int Pitch>
__device__ void tileTranspose(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[kTile][Pitch];
    int bx, by;
    diagonalTile(bx, by);
    const int inCol = bx * kTile + threadIdx.x;
    for (int j = 0; j < kTile; j += kRows) {
        const int inRow = by * kTile + threadIdx.y + j;
        if (inCol < cols && inRow < rows) tile[threadIdx.y + j][threadIdx.x] = in[inRow * cols + inCol];
    }
    __syncthreads();
    const int outCol = by * kTile + threadIdx.x;
    for (int j = 0; j < kTile; j += kRows) {
        const int outRow = bx * kTile + threadIdx.y + j;
        if (outCol < rows && outRow < cols) out[outRow * rows + outCol] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols)
{
    tileTranspose<kTile>(in, out, rows, cols);
}

__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    tileTranspose<kTile + 1>(in, out, rows, cols);
}
