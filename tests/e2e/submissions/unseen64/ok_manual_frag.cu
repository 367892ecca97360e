// Written by a helper from day 64's README and template alone (6 December
// 2026). No ldmatrix: each lane builds its fragment registers from shared
// memory by the m16n8k16 layout of the PTX ISA.
// e2e: day 64
// e2e: exit 0
// e2e: pass correctness mask-honesty races memory
#include <cuda_fp16.h>
#include <stdint.h>

// No ldmatrix: each lane builds its fragment registers from shared memory by the
// m16n8k16 layout of the PTX ISA (a0: row g, cols 2q..2q+1; a1: row g+8; a2/a3: +8 cols;
// b0: rows 2q..2q+1 of column g; b1: rows 2q+8..2q+9).
__device__ __forceinline__ uint32_t pack2(__half lo, __half hi)
{
    __half2 h = __halves2half2(lo, hi);
    return *reinterpret_cast<uint32_t*>(&h);
}

__global__ void mmaGemm(const __half* A, const __half* B, float* C, int M, int N, int K)
{
    __shared__ __align__(16) __half sa[16 * 24], sb[16 * 24];
    float d[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    const int lane = threadIdx.x, g = lane >> 2, q = lane & 3;
    const int row0 = blockIdx.y * 16, col0 = blockIdx.x * 16;
    const __half zero = __float2half(0.0f);
    for (int k0 = 0; k0 < K; k0 += 16) {
        for (int r = 0; r < 16; ++r) {
            if (lane < 16) {
                const int ar = row0 + r, ac = k0 + lane;
                sa[r * 24 + lane] = (ar < M && ac < K) ? A[(size_t)ar * K + ac] : zero;
            } else {
                const int c = lane - 16, br = k0 + r, bc = col0 + c;
                sb[r * 24 + c] = (br < K && bc < N) ? B[(size_t)br * N + bc] : zero;
            }
        }
        __syncwarp();
        const uint32_t a0 = *reinterpret_cast<const uint32_t*>(&sa[g * 24 + 2 * q]);
        const uint32_t a1 = *reinterpret_cast<const uint32_t*>(&sa[(g + 8) * 24 + 2 * q]);
        const uint32_t a2 = *reinterpret_cast<const uint32_t*>(&sa[g * 24 + 2 * q + 8]);
        const uint32_t a3 = *reinterpret_cast<const uint32_t*>(&sa[(g + 8) * 24 + 2 * q + 8]);
#pragma unroll
        for (int j = 0; j < 2; ++j) {
            const int n = 8 * j + g;
            const uint32_t b0 = pack2(sb[(2 * q) * 24 + n], sb[(2 * q + 1) * 24 + n]);
            const uint32_t b1 = pack2(sb[(2 * q + 8) * 24 + n], sb[(2 * q + 9) * 24 + n]);
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                         "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                         : "+f"(d[4 * j]), "+f"(d[4 * j + 1]), "+f"(d[4 * j + 2]), "+f"(d[4 * j + 3])
                         : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        }
        __syncwarp();
    }
#pragma unroll
    for (int j = 0; j < 2; ++j) {
        const int c = col0 + 8 * j + 2 * q;
        const int r = row0 + g;
        if (r < M) {
            if (c < N) C[(size_t)r * N + c] = d[4 * j];
            if (c + 1 < N) C[(size_t)r * N + c + 1] = d[4 * j + 1];
        }
        if (r + 8 < M) {
            if (c < N) C[(size_t)(r + 8) * N + c] = d[4 * j + 2];
            if (c + 1 < N) C[(size_t)(r + 8) * N + c + 1] = d[4 * j + 3];
        }
    }
}
