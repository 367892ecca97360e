// transposeNaive written as a copy of the tiled kernel (the author's only
// version), so it declares a shared tile. Every kernel is right.
//
// Expected: resources fails and every other check passes: the day allows no
// shared memory in transposeNaive (limit 0 bytes), and ptxas reports 4,224.
// e2e: day 28
// e2e: exit 1
// e2e: pass compile correctness barrier-honesty races memory
// e2e: fail resources

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

__global__ void transposeNaive(const float* in, float* out, int rows, int cols) { tiled<33>(in, out, rows, cols); }
__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { tiled<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { tiled<33>(in, out, rows, cols); }
