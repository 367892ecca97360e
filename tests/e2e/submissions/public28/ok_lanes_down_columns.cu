// A naive transpose written the other way round: lanes walk a row of OUT
// (consecutive rows of in), so the stores are coalesced and the loads
// scatter. The tiled kernels use a flat shared array with the pitch as a
// parameter, as "100 days" repositories often write them.
//
// Expected: every check passes. The naive kernel's block still covers its own
// 32 x 32 tile of in (row by*32 + tx, column bx*32 + ty + j), each element
// once, guarded by the bounds of in. The flat tile index r * pitch + c with
// pitch 32 or 33 is the same layout as tile[32][pitch]; every slot read was
// written before the barrier when its element exists.
// e2e: day 28
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int r = blockIdx.y * 32 + threadIdx.x;
#pragma unroll
    for (int j = 0; j < 32; j += 8) {
        const int c = blockIdx.x * 32 + threadIdx.y + j;
        if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
    }
}

__device__ void viaFlatTile(float* tile, int pitch, const float* in, float* out, int rows, int cols)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + ty + j, c = blockIdx.x * 32 + tx;
        if (r < rows && c < cols) tile[(ty + j) * pitch + tx] = in[r * cols + c];
    }
    __syncthreads();
    for (int j = 0; j < 32; j += 8) {
        const int orow = blockIdx.x * 32 + ty + j, ocol = blockIdx.y * 32 + tx;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = tile[tx * pitch + ty + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32 * 32];
    viaFlatTile(tile, 32, in, out, rows, cols);
}

__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32 * 33];
    viaFlatTile(tile, 33, in, out, rows, cols);
}
