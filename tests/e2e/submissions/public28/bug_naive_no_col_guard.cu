// The naive kernel guards the row only (`if (r < rows)`), as code written for
// widths that are multiples of 32 does.
//
// Expected: memory fails. At 33 x 97 the blocks with blockIdx.x = 3 have
// c = 96..127 and cols = 97: lanes 1..31 read in[r * 97 + c] past the row
// (for the last row, past the buffer: r = 32, c = 127 reads in[3,231] of
// 3,201) and write out[c * rows + r] past out's end (c * 33 + r up to
// 127 * 33 + 32 = 4,223 of 3,201 floats). Correctness also fails (stray
// stores land in other rows' elements of out) but only memory is asserted.
// e2e: day 28
// e2e: exit 1
// e2e: pass compile barrier-honesty races resources
// e2e: fail memory

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows) out[c * rows + r] = in[r * cols + c];
    }
}

template <int P>
__device__ void tiled(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][P];
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j, c = blockIdx.x * 32 + threadIdx.x;
        if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x] = in[r * cols + c];
    }
    __syncthreads();
    for (int j = 0; j < 32; j += 8) {
        const int orow = blockIdx.x * 32 + threadIdx.y + j, ocol = blockIdx.y * 32 + threadIdx.x;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { tiled<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { tiled<33>(in, out, rows, cols); }
