// Written by a helper from day 13's README and template alone (6 December
// 2026). The next tile's elements are loaded into registers while this
// tile's products run, then stored after the second barrier.
// e2e: day 13
// e2e: exit 0
// e2e: pass correctness barrier-honesty races memory
// Prefetch the next tile's elements into registers while computing this one.
__global__ void matmulTiled(const float* A, const float* B, float* C, int M, int N, int K)
{
    __shared__ float As[16][16];
    __shared__ float Bs[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * 16 + ty;
    const int col = blockIdx.x * 16 + tx;
    auto ldA = [&](int k0) { return (row < M && k0 + tx < K) ? A[row * K + k0 + tx] : 0.0f; };
    auto ldB = [&](int k0) { return (k0 + ty < K && col < N) ? B[(k0 + ty) * N + col] : 0.0f; };
    float ra = ldA(0), rb = ldB(0);
    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += 16) {
        As[ty][tx] = ra;
        Bs[ty][tx] = rb;
        __syncthreads();
        if (k0 + 16 < K) { ra = ldA(k0 + 16); rb = ldB(k0 + 16); }
#pragma unroll
        for (int k = 0; k < 16; ++k) sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = sum;
}
