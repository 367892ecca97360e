// An off-by-one in the tile edge: the load guard reads `inRow <= rows`.
//
// Expected: memory fails. At 1 x 1 thread (0, 1) has inRow = 1 <= rows = 1 and
// inCol = 0 < cols, and loads in[1 * 1 + 0] = in[1], one float past the
// 1-float buffer; at 33 x 97, row 33 is read in the bottom tiles (in[33 * 97
// + c], past the end). At 4,096 x 4,096 inRow never reaches rows and the
// kernel is right. Only the tiled kernels have the slip; the stores are
// guarded correctly, so correctness is not asserted (what the stray load
// returns is only ever written to a tile slot no store reads).
// e2e: day 28
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail memory

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
    }
}

template <int P>
__device__ void offByOne(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][P];
    const int inCol = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int inRow = blockIdx.y * 32 + threadIdx.y + j;
        if (inCol < cols && inRow <= rows) tile[threadIdx.y + j][threadIdx.x] = in[inRow * cols + inCol];
    }
    __syncthreads();
    const int outCol = blockIdx.y * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int outRow = blockIdx.x * 32 + threadIdx.y + j;
        if (outCol < rows && outRow < cols) out[outRow * rows + outCol] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { offByOne<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { offByOne<33>(in, out, rows, cols); }
