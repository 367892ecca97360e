// The load loop and its barrier sit inside `if (inCol < cols)`, as in the
// old recursiveGaussian d_transpose shape where the barrier was moved into
// the bounds check. Threads of an edge block whose column is past the matrix
// skip the barrier and go on to the store loop.
//
// Expected: barrier-honesty fails. At 33 x 97 (cols = 97) the blocks with
// blockIdx.x = 3 hold columns 96..127: lane 0 of each warp enters the `if`
// and waits at __syncthreads(), lanes 1..31 skip it and keep running (they do
// not exit: they run the store loop, and some of them store, e.g. thread
// (5, 0) stores out row 96, column blockIdx.y*32 + 5). A barrier in code whose
// condition differs within the block is undefined (Programming Guide,
// __syncthreads()). At 4,096 x 4,096 every column exists and the kernel is
// right, which is why such code survives.
// e2e: day 28
// e2e: exit 1
// e2e: pass compile resources
// e2e: fail barrier-honesty

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
    }
}

template <int P>
__device__ void guardedBarrier(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][P];
    const int inCol = blockIdx.x * 32 + threadIdx.x;
    if (inCol < cols) {
        for (int j = 0; j < 32; j += 8) {
            const int inRow = blockIdx.y * 32 + threadIdx.y + j;
            if (inRow < rows) tile[threadIdx.y + j][threadIdx.x] = in[inRow * cols + inCol];
        }
        __syncthreads();
    }
    const int outCol = blockIdx.y * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int outRow = blockIdx.x * 32 + threadIdx.y + j;
        if (outCol < rows && outRow < cols) out[outRow * rows + outCol] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { guardedBarrier<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { guardedBarrier<33>(in, out, rows, cols); }
