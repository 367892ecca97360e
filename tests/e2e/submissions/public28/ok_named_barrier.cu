// The tile transpose with the barrier written as PTX: `bar.sync 1, 256;`, a
// named barrier (id 1) for all 256 threads, as hand-tuned kernels that keep
// barrier 0 for something else do. transposePadded uses
// __syncthreads_or(0), a barrier that also returns a block-wide OR.
//
// Expected: every check passes. bar.sync with a barrier id and a thread count
// equal to the block's size waits for all 256 threads and orders their
// shared-memory accesses like __syncthreads() (PTX ISA, bar.sync: "memory
// ordering ... among threads participating in the barrier"); every thread
// executes it, outside every `if`. __syncthreads_or is __syncthreads() plus
// a vote (Programming Guide, Synchronization Functions).
// e2e: day 28
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][32];
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j, c = blockIdx.x * 32 + threadIdx.x;
        if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x] = in[r * cols + c];
    }
    asm volatile("bar.sync 1, 256;" ::: "memory");
    for (int j = 0; j < 32; j += 8) {
        const int orow = blockIdx.x * 32 + threadIdx.y + j, ocol = blockIdx.y * 32 + threadIdx.x;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][33];
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j, c = blockIdx.x * 32 + threadIdx.x;
        if (r < rows && c < cols) tile[threadIdx.y + j][threadIdx.x] = in[r * cols + c];
    }
    (void)__syncthreads_or(0);
    for (int j = 0; j < 32; j += 8) {
        const int orow = blockIdx.x * 32 + threadIdx.y + j, ocol = blockIdx.y * 32 + threadIdx.x;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = tile[threadIdx.x][threadIdx.y + j];
    }
}
