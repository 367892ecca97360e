// Diagonal block reordering with the square-grid formula only (the samples'
// `width == height` branch, used unconditionally): by = blockIdx.x,
// bx = (blockIdx.x + blockIdx.y) % gridDim.x.
//
// Expected: correctness fails. For a grid with gridDim.x != gridDim.y the map
// is not a bijection onto the tiles: at 33 x 97 the grid is 4 x 2 and the
// blocks move tiles (bx, by) = (0,0), (1,0), (1,1), (2,1) and four tiles
// with by = 2 or 3, which do not exist (every access is guarded, so they move
// nothing); tiles (2,0), (3,0), (0,1), (3,1) are never moved and their part
// of out is never written. At the course size the grid is square and the
// kernel is right.
// e2e: day 28
// e2e: exit 1
// e2e: pass compile barrier-honesty races memory resources
// e2e: fail correctness

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
    }
}

template <int P>
__device__ void diag(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][P];
    const int by = blockIdx.x;
    const int bx = (blockIdx.x + blockIdx.y) % gridDim.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = by * 32 + threadIdx.y + j, c = bx * 32 + threadIdx.x;
        if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x] = in[r * cols + c];
    }
    __syncthreads();
    for (int j = 0; j < 32; j += 8) {
        const int orow = bx * 32 + threadIdx.y + j, ocol = by * 32 + threadIdx.x;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { diag<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { diag<33>(in, out, rows, cols); }
