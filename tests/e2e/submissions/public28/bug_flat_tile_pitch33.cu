// transposePadded with a flat tile: the index uses the padded pitch,
// r * 33 + c, but the array was left at 32 * 32 floats.
//
// Expected: memory fails. Slot (31, 31) is word 31 * 33 + 31 = 1,054 and slot
// (31, 1) already word 1,024: past the end of the 1,024-float shared array,
// at every size whose tiles reach row 31 (the course size among them). The
// access is out of bounds of 'tile' (it lands in whatever shared memory
// follows, or past the block's allocation).
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

__device__ void flatTile(float* tile, int pitch, const float* in, float* out, int rows, int cols)
{
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j, c = blockIdx.x * 32 + threadIdx.x;
        if (r < rows && c < cols) tile[(threadIdx.y + j) * pitch + threadIdx.x] = in[r * cols + c];
    }
    __syncthreads();
    for (int j = 0; j < 32; j += 8) {
        const int orow = blockIdx.x * 32 + threadIdx.y + j, ocol = blockIdx.y * 32 + threadIdx.x;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = tile[threadIdx.x * pitch + threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32 * 32];
    flatTile(tile, 32, in, out, rows, cols);
}

__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32 * 32];
    flatTile(tile, 33, in, out, rows, cols);
}
