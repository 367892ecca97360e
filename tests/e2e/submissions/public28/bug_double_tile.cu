// A correct transpose whose padded tile is double "to be safe": 32 x 33
// doubles = 8,448 bytes. float -> double -> float is exact, so the values
// are right bit for bit.
//
// Expected: resources fails (transposePadded's 8,448 bytes of shared memory
// exceed the day's 8,192), everything else passes.
// e2e: day 28
// e2e: exit 1
// e2e: pass compile correctness barrier-honesty races memory
// e2e: fail resources

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
    }
}

template <typename T, int P>
__device__ void tileOf(const float* in, float* out, int rows, int cols)
{
    __shared__ T tile[32][P];
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j, c = blockIdx.x * 32 + threadIdx.x;
        if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x] = in[r * cols + c];
    }
    __syncthreads();
    for (int j = 0; j < 32; j += 8) {
        const int orow = blockIdx.x * 32 + threadIdx.y + j, ocol = blockIdx.y * 32 + threadIdx.x;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = (float)tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { tileOf<float, 32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { tileOf<double, 33>(in, out, rows, cols); }
