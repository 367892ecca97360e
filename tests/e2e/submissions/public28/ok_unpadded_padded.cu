// A transposePadded that is not padded (the author forgot the + 1). The tile
// is indexed through __restrict__ pointers and read with __ldg.
//
// Expected: every check but performance passes. The padded and unpadded tile
// hold the same values, and __ldg reads through the read-only cache, legal
// since in is never written during the launch. But day 28 requires the
// conflict-free tile of transposePadded (its gate allows 1 bank conflict an
// access): this one's column reads wait 31 extra wavefronts each, 15.50 an
// access, and performance fails (exit 1) with the figure and the advice to
// pad. (When this case was written, bank conflicts were shown, not graded.)
// e2e: day 28
// e2e: exit 1
// e2e: pass compile correctness barrier-honesty races memory resources
// e2e: fail performance
// e2e: detail performance transposePadded: shared bank conflicts/access 15.50, where the day's gate allows at most 1.00

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
