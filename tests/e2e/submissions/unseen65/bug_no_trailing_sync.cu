// Written by a helper from day 65's README and template alone (6 December
// 2026). The double-buffered loop has no barrier after the products (line
// 43): a thread a step ahead issues the next copies (line 24) into the
// buffer another thread still reads. A write after a read: the fix is a
// barrier after line 43, before the next turn's copies. Before this date
// the advice was to wait for the copy, and to add a barrier after line 24
// and before line 43, where line 41 already is one.
// e2e: day 65
// e2e: exit 1
// e2e: fail races
// e2e: output if the copy is for a later step, add __syncthreads() after the load at line 43 and before the cp.async at line 24
// e2e: output add __syncthreads() after the load at line 43 and before the cp.async at line 24 of the loop's next turn
#include <cuda_pipeline.h>
#define TS 16

__device__ __forceinline__ void loadStep(float (*As)[TS], float (*Bs)[TS], const float* A, const float* B,
                                         int M, int N, int K, int row, int col, int t)
{
    const int ka = t * TS + threadIdx.x;      // column of A
    const int kb = t * TS + threadIdx.y;      // row of B
    const bool okA = row < M && ka < K;
    const bool okB = kb < K && col < N;
    __pipeline_memcpy_async(&As[threadIdx.y][threadIdx.x], okA ? &A[row * K + ka] : A, 4, okA ? 0 : 4);
    __pipeline_memcpy_async(&Bs[threadIdx.y][threadIdx.x], okB ? &B[kb * N + col] : B, 4, okB ? 0 : 4);
}

__global__ void matmulAsync(const float* A, const float* B, float* C, int M, int N, int K)
{
    __shared__ float As[2][TS][TS], Bs[2][TS][TS];
    const int row = blockIdx.y * TS + threadIdx.y;
    const int col = blockIdx.x * TS + threadIdx.x;
    const int steps = (K + TS - 1) / TS;

    float sum = 0.0f;
    if (steps > 0) loadStep(As[0], Bs[0], A, B, M, N, K, row, col, 0);
    __pipeline_commit();
    for (int t = 0; t < steps; ++t) {
        if (t + 1 < steps) loadStep(As[(t + 1) & 1], Bs[(t + 1) & 1], A, B, M, N, K, row, col, t + 1);
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TS; ++k) sum += As[t & 1][threadIdx.y][k] * Bs[t & 1][k][threadIdx.x];
    }
    if (row < M && col < N) C[row * N + col] = sum;
}
