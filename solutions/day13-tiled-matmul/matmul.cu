// Day 13, reference solution: a tiled matrix multiply through shared memory.
//
// C = A B with A (M x K), B (K x N) and C (M x N), all row-major. Each block
// of 16 x 16 threads computes a 16 x 16 tile of C. It walks along K one
// 16-wide step at a time: the block loads a 16 x 16 tile of A and one of B
// into shared memory, one element a thread, waits, and every thread adds the
// 16 products its element needs from the two tiles. Each element of A and B
// is then read from global memory once a tile that uses it, N / 16 and M / 16
// times in all, where the naive kernel reads it N and M times.

constexpr int kTile = 16;

// C[row * N + col] = sum over k of A[row * K + k] * B[k * N + col].
__global__ void matmulTiled(const float* A, const float* B, float* C, int M, int N, int K)
{
    __shared__ float As[kTile][kTile];
    __shared__ float Bs[kTile][kTile];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int col = blockIdx.x * kTile + tx;
    const int row = blockIdx.y * kTile + ty;

    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += kTile) {
        // One element of each tile a thread. Past the matrix's edge (a last
        // tile of K, or a block past M or N) the slot gets 0: it adds nothing,
        // and every thread still reaches both barriers.
        const int ak = k0 + tx, bk = k0 + ty;
        As[ty][tx] = row < M && ak < K ? A[row * K + ak] : 0.0f;
        Bs[ty][tx] = bk < K && col < N ? B[bk * N + col] : 0.0f;
        __syncthreads();  // the tiles are whole before anyone reads them

        // As[ty][k] is one word for the 16 threads of a row (a broadcast);
        // Bs[k][tx] is 16 consecutive words: no bank conflicts either way.
        for (int k = 0; k < kTile; ++k) sum += As[ty][k] * Bs[k][tx];
        __syncthreads();  // everyone is done with the tiles before they change
    }
    if (row < M && col < N) C[row * N + col] = sum;
}
