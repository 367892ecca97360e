// The store loop guarded with the bounds of in instead of out's:
// `outCol < cols && outRow < rows`. Right whenever rows == cols.
//
// Expected: correctness and memory fail. At 1 x 4099 (rows 1, cols 4099)
// the guard `outRow + j < rows` lets only block (0, 0)'s warp 0 store, and
// `outCol < cols` lets all 32 of its lanes through: lane x stores out[x] =
// tile[x][0], the slot of in row x, which exists only for x = 0 and was
// loaded by no thread for x = 1..31 (a read of shared memory nobody wrote).
// Every out element past 31 is never written at that size, and at 33 x 97
// out rows 33..96 are never written: wrong elements. At a square size the
// two guards are the same and the kernel is right. Races fail too: at a
// hidden size where the guard lets a block's rows run into the next
// block's, two blocks store different values to one element of out, and
// which one stays depends on the blocks' order (order-dependent).
// e2e: day 28
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail correctness memory races

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
    }
}

template <int P>
__device__ void squareGuard(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][P];
    const int inCol = blockIdx.x * 32 + threadIdx.x, inRow = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (inCol < cols && inRow + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(inRow + j) * cols + inCol];
    __syncthreads();
    const int outCol = blockIdx.y * 32 + threadIdx.x, outRow = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (outCol < cols && outRow + j < rows) out[(outRow + j) * rows + outCol] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { squareGuard<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { squareGuard<33>(in, out, rows, cols); }
