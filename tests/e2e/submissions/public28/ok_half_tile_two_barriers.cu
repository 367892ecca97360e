// Half the shared memory: the block's 32 x 32 tile goes through a buffer of
// 16 rows, in two rounds, a loop of the kind written to fit more blocks on a
// multiprocessor. Each round loads 16 rows of in, meets at a barrier, writes
// them to out (lanes 0..15), and meets at a second barrier before the next
// round overwrites the buffer.
//
// Expected: every check passes. The first barrier orders each round's stores
// to the buffer before its loads; the second orders the round's loads before
// the next round's stores (the write-after-read hazard a reused buffer has).
// Both are outside every `if`, in a loop whose trip count (2) is the same for
// every thread. Slots read exist and were loaded (same guards as the full
// tile). Shared: 2,048 and 2,112 bytes.
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

// The 32 x 32 tile of in moves in two halves of 16 rows through a 16 x P
// shared buffer: half h holds in rows h*16 .. h*16+15, i.e. out columns
// blockIdx.y*32 + h*16 .. +15, written by lanes 0..15.
template <int P>
__device__ void halves(const float* in, float* out, int rows, int cols)
{
    __shared__ float half[16][P];
    for (int h = 0; h < 2; ++h) {
        for (int j = 0; j < 16; j += 8) {
            const int r = blockIdx.y * 32 + h * 16 + threadIdx.y + j, c = blockIdx.x * 32 + threadIdx.x;
            if (r < rows && c < cols) half[threadIdx.y + j][threadIdx.x] = in[r * cols + c];
        }
        __syncthreads();
        if (threadIdx.x < 16)
            for (int j = 0; j < 32; j += 8) {
                const int orow = blockIdx.x * 32 + threadIdx.y + j;
                const int ocol = blockIdx.y * 32 + h * 16 + threadIdx.x;
                if (orow < cols && ocol < rows) out[orow * rows + ocol] = half[threadIdx.x][threadIdx.y + j];
            }
        __syncthreads();
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { halves<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { halves<33>(in, out, rows, cols); }
