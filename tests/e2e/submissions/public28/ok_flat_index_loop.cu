// Each block walks its tile with one flat index, k = threadIdx.y * 32 +
// threadIdx.x, k += 256, instead of a row loop (the shape of "100 days"
// kernels that treat the block as 256 threads); the element of slot k is
// row k / 32, column k % 32 of the tile. Loads go tile-row-wise, stores
// out-row-wise.
//
// Expected: every check passes. k / 32 = threadIdx.y + 8m and k % 32 =
// threadIdx.x for the m-th step, so this is the usual 4-pass loop in other
// words; the guards are in's bounds for loads and out's for stores, and the
// barrier is unconditional.
// e2e: day 28
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    for (int k = threadIdx.y * 32 + threadIdx.x; k < 1024; k += 256) {
        const int r = blockIdx.y * 32 + k / 32, c = blockIdx.x * 32 + k % 32;
        if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
    }
}

template <int Pitch>
__device__ void flatWalk(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32 * Pitch];
    const int t = threadIdx.y * 32 + threadIdx.x;
    for (int k = t; k < 1024; k += 256) {
        const int r = blockIdx.y * 32 + k / 32, c = blockIdx.x * 32 + k % 32;
        if (r < rows && c < cols) tile[(k / 32) * Pitch + k % 32] = in[r * cols + c];
    }
    __syncthreads();
    for (int k = t; k < 1024; k += 256) {
        const int orow = blockIdx.x * 32 + k / 32, ocol = blockIdx.y * 32 + k % 32;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = tile[(k % 32) * Pitch + k / 32];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { flatWalk<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { flatWalk<33>(in, out, rows, cols); }
