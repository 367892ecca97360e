// The tile is turned inside shared memory but written back to the block's own
// tile position in out (rows blockIdx.y * 32 .., columns blockIdx.x * 32 ..),
// the block indices not swapped, with the guards of out.
//
// Expected: correctness fails. Element (r, c) of in belongs at out row c,
// column r; this kernel writes tile[x][y + j] = in(by*32 + x, bx*32 + y + j)
// to out row by*32 + y + j, column bx*32 + x, which is the right place only
// for the tiles on the diagonal (bx == by). At 4,096 x 4,096 every
// off-diagonal tile lands in its mirror's place: 127 of every 128 tiles
// wrong. (At non-square sizes it also reads slots nobody loaded; memory is
// not asserted.)
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
__device__ void unswapped(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][P];
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j, c = blockIdx.x * 32 + threadIdx.x;
        if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x] = in[r * cols + c];
    }
    __syncthreads();
    for (int j = 0; j < 32; j += 8) {
        const int orow = blockIdx.y * 32 + threadIdx.y + j, ocol = blockIdx.x * 32 + threadIdx.x;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { unswapped<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { unswapped<33>(in, out, rows, cols); }
