// Day 65, reference solution: a tiled matrix multiply whose next tiles are
// copied into shared memory with cp.async while the current ones are used.
//
// C = A B with A (M x K), B (K x N) and C (M x N) floats, all row-major. A
// block of 16 x 16 threads owns a 16 x 16 tile of C and walks along K a
// tile at a time, as on day 13, but with two buffers: while it multiplies
// the tiles in one, the copies of the next tiles into the other are in
// flight. Each thread copies one element of A and one of B a step with
// __pipeline_memcpy_async (cp.async), commits them as one group, and waits
// with __pipeline_wait_prior(1) for every group but the newest: the tiles
// of the step it is about to use.
#include <cuda_pipeline.h>

constexpr int kTile = 16;

// Step t's elements of A and B for thread (ty, tx) into buffer `buf`; past
// the matrix the copy reads nothing (src-size 0) and writes 0.
__device__ void copyTiles(float (*As)[kTile][kTile], float (*Bs)[kTile][kTile], int buf, const float* A,
                          const float* B, int M, int N, int K, int row, int col, int t)
{
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int ak = t * kTile + tx, bk = t * kTile + ty;
    const bool inA = row < M && ak < K, inB = bk < K && col < N;
    __pipeline_memcpy_async(&As[buf][ty][tx], inA ? &A[row * K + ak] : A, sizeof(float), inA ? 0 : sizeof(float));
    __pipeline_memcpy_async(&Bs[buf][ty][tx], inB ? &B[bk * N + col] : B, sizeof(float), inB ? 0 : sizeof(float));
    __pipeline_commit();
}

__global__ void matmulAsync(const float* A, const float* B, float* C, int M, int N, int K)
{
    __shared__ float As[2][kTile][kTile], Bs[2][kTile][kTile];
    const int ty = threadIdx.y, tx = threadIdx.x;
    const int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
    const int steps = (K + kTile - 1) / kTile;
    float sum = 0.0f;
    copyTiles(As, Bs, 0, A, B, M, N, K, row, col, 0);
    for (int t = 0; t < steps; ++t) {
        const int cur = t & 1;
        if (t + 1 < steps) copyTiles(As, Bs, cur ^ 1, A, B, M, N, K, row, col, t + 1);
        else __pipeline_commit();   // an empty group keeps the count of groups in step
        __pipeline_wait_prior(1);   // every group but the newest has landed: step t's tiles
        __syncthreads();            // ... and every other thread's copies of them too
        for (int k = 0; k < kTile; ++k) sum += As[cur][ty][k] * Bs[cur][k][tx];
        __syncthreads();            // all done with buffer cur before step t + 2 copies into it
    }
    if (row < M && col < N) C[row * N + col] = sum;
}
