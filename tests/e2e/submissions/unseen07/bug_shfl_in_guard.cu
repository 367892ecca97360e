// Written by a helper from day 7's README and template alone (6 December
// 2026). A half-warp shares A's row through a shuffle, but the shuffle sits
// inside the bounds check: lanes past N never run it, and the mask names
// them. Day 7 does not list mask-honesty, so the hazard is not shown; the
// undefined reads give poison, and correctness says so. Before this date
// the NaNs came with no reason.
// e2e: day 7
// e2e: exit 1
// e2e: fail correctness
// e2e: output a shuffle read a lane outside its mask or one that had exited
__global__ void matmulNaive(const float* A, const float* B, float* C, int M, int N, int K)
{
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    const int j = threadIdx.x;
    if (row < M && col < N) {
        float acc = 0.0f;
        for (int k0 = 0; k0 < K; k0 += 16) {
            const float mine = (k0 + j < K) ? A[row * K + k0 + j] : 0.0f;
            for (int kk = 0; kk < 16 && k0 + kk < K; ++kk)
                acc += __shfl_sync(0xffffffffu, mine, kk, 16) * B[(k0 + kk) * N + col];
        }
        C[row * N + col] = acc;
    }
}
