// transposePadded without the padding: the tile's columns are swizzled, as
// CUTLASS-style kernels do, so element (r, c) of the tile is kept at
// tile[r][c ^ r]. A column read tile[0..31][y] then touches words
// 32 x + (y ^ x): 32 different banks. transposeTiled is the plain tile.
//
// Expected: every check passes. For r, c < 32, c ^ r < 32, and c -> c ^ r is a
// permutation of 0..31 for a fixed r, so each element has its own slot, and
// the loads and stores use the same map (store tile[y][x ^ y], read
// tile[x][y ^ x] for element (x, y)). 4,096 bytes each.
// e2e: day 28
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int r = blockIdx.y * 32 + threadIdx.y; r < min(rows, (int)(blockIdx.y + 1) * 32); r += 8)
        if (c < cols) out[c * rows + r] = in[r * cols + c];
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][32];
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int k = threadIdx.y; k < 32; k += 8) {
        const int r = blockIdx.y * 32 + k;
        if (r < rows && c < cols) tile[k][threadIdx.x] = in[r * cols + c];
    }
    __syncthreads();
    const int oc = blockIdx.y * 32 + threadIdx.x;
    for (int k = threadIdx.y; k < 32; k += 8) {
        const int orow = blockIdx.x * 32 + k;
        if (oc < rows && orow < cols) out[orow * rows + oc] = tile[threadIdx.x][k];
    }
}

__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][32];
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int k = threadIdx.y; k < 32; k += 8) {
        const int r = blockIdx.y * 32 + k;
        if (r < rows && c < cols) tile[k][threadIdx.x ^ k] = in[r * cols + c];
    }
    __syncthreads();
    const int oc = blockIdx.y * 32 + threadIdx.x;
    for (int k = threadIdx.y; k < 32; k += 8) {
        const int orow = blockIdx.x * 32 + k;
        if (oc < rows && orow < cols) out[orow * rows + oc] = tile[threadIdx.x][k ^ threadIdx.x];
    }
}
