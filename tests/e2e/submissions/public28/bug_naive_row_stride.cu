// The naive kernel indexes out with the wrong leading dimension,
// out[c * cols + r]: right for a square matrix, where rows == cols.
//
// Expected: correctness and memory fail. out has cols rows of rows floats, so
// element (r, c) belongs at c * rows + r. At 33 x 97 (rows 33, cols 97) the
// kernel writes c * 97 + r, up to 96 * 97 + 32 = 9,344, far past out's 3,201
// floats: an out-of-bounds store, and most elements land in the wrong place.
// Where rows > cols (a hidden size) two threads of different blocks store to
// one element, (r, c) and (r - cols, c + 1), different values: the result
// depends on the blocks' order (races: order-dependent).
// The tiled kernels are right.
// e2e: day 28
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail correctness memory races

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int col = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int row = blockIdx.y * 32 + threadIdx.y + j;
        if (row < rows && col < cols) out[col * cols + row] = in[row * cols + col];
    }
}

template <int P>
__device__ void tileT(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][P];
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j, c = blockIdx.x * 32 + threadIdx.x;
        if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x] = in[r * cols + c];
    }
    __syncthreads();
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.x * 32 + threadIdx.y + j, c = blockIdx.y * 32 + threadIdx.x;
        if (r < cols && c < rows) out[r * rows + c] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { tileT<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { tileT<33>(in, out, rows, cols); }
