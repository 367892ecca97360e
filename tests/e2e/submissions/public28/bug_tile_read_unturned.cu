// The tile is written back without turning it: the store loop reads
// tile[threadIdx.y + j][threadIdx.x], the same slot the thread loaded,
// while writing the transposed tile's position in out.
//
// Expected: correctness fails. Out row bx*32 + y + j, column by*32 + x must
// hold in element (by*32 + x, bx*32 + y + j), which is tile[x][y + j]; the
// kernel writes in element (by*32 + y + j, bx*32 + x) there: every element
// off the tile's diagonal is wrong. (Memory may also fail at the edges, where
// the unturned slot was not loaded; not asserted.)
// e2e: day 28
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail correctness

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
    }
}

template <int P>
__device__ void unturned(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][P];
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j, c = blockIdx.x * 32 + threadIdx.x;
        if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x] = in[r * cols + c];
    }
    __syncthreads();
    for (int j = 0; j < 32; j += 8) {
        const int orow = blockIdx.x * 32 + threadIdx.y + j, ocol = blockIdx.y * 32 + threadIdx.x;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = tile[threadIdx.y + j][threadIdx.x];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { unturned<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { unturned<33>(in, out, rows, cols); }
