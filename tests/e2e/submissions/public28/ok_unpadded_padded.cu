// A transposePadded that is not padded (the author forgot the + 1): the README
// says the grader does not fail a kernel for its bank conflicts, and this is
// that case. The tile is indexed through __restrict__ pointers and read
// with __ldg.
//
// Expected: every check passes. The padded and unpadded tile hold the same
// values; bank conflicts cost time only and "performance" is shown, not
// graded. __ldg reads through the read-only cache, legal since in is never
// written during the launch.
// e2e: day 28
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

__global__ void transposeNaive(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
#pragma unroll 4
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows && c < cols) out[(size_t)c * rows + r] = __ldg(&in[(size_t)r * cols + c]);
    }
}

__device__ void plainTile(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    __shared__ float tile[32][32];
    const int c = blockIdx.x * 32 + threadIdx.x;
#pragma unroll 4
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x] = __ldg(&in[(size_t)r * cols + c]);
    }
    __syncthreads();
    const int oc = blockIdx.y * 32 + threadIdx.x;
#pragma unroll 4
    for (int j = 0; j < 32; j += 8) {
        const int orow = blockIdx.x * 32 + threadIdx.y + j;
        if (orow < cols && oc < rows) out[(size_t)orow * rows + oc] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    plainTile(in, out, rows, cols);
}

__global__ void transposePadded(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    plainTile(in, out, rows, cols);
}
