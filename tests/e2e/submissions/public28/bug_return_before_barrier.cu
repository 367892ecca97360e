// The naive kernel's early return (`if (c >= cols) return;`, allowed there)
// copied into the tiled kernels, before the load loop and the barrier.
//
// Expected: correctness fails, barrier-honesty passes. The threads that
// return have exited, and exited threads do not hold up a barrier (PTX ISA,
// bar.sync: the barrier counts exited threads as arrived; the student guide
// gives this a warning, not a failure). But those threads also had stores
// to make: at 33 x 97, block x = 3 holds column 96 only, and thread (5, 0)
// returned although it owes out row 96, column blockIdx.y*32 + 5 (the
// transposed tile's lanes are not the loading lanes). Those elements of out
// are never written. The slots the remaining threads read were loaded.
// e2e: day 28
// e2e: exit 1
// e2e: pass compile barrier-honesty races memory resources
// e2e: fail correctness

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    const int c = blockIdx.x * 32 + threadIdx.x;
    if (c >= cols) return;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows) out[c * rows + r] = in[r * cols + c];
    }
}

template <int P>
__device__ void returnsEarly(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][P];
    const int c = blockIdx.x * 32 + threadIdx.x;
    if (c >= cols) return;
    for (int j = 0; j < 32; j += 8) {
        const int r = blockIdx.y * 32 + threadIdx.y + j;
        if (r < rows) tile[threadIdx.y + j][threadIdx.x] = in[r * cols + c];
    }
    __syncthreads();
    for (int j = 0; j < 32; j += 8) {
        const int orow = blockIdx.x * 32 + threadIdx.y + j, ocol = blockIdx.y * 32 + threadIdx.x;
        if (orow < cols && ocol < rows) out[orow * rows + ocol] = tile[threadIdx.x][threadIdx.y + j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols) { returnsEarly<32>(in, out, rows, cols); }
__global__ void transposePadded(const float* in, float* out, int rows, int cols) { returnsEarly<33>(in, out, rows, cols); }
