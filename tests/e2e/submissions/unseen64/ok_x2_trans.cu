// Written by a helper from day 64's README and template alone (6 December
// 2026). B through ldmatrix .x2.trans, whose addresses come from lanes 0 to
// 15 only (the PTX ISA).
// e2e: day 64
// e2e: exit 0
// e2e: pass correctness mask-honesty races memory
#include <cuda_fp16.h>

// A with ldmatrix .x4, B with one ldmatrix .x2.trans per n8 tile (addresses from lanes 0-15)
__device__ __forceinline__ void mma16816(float* d, const unsigned* a, unsigned b0, unsigned b1)
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

__global__ void mmaGemm(const __half* A, const __half* B, float* C, int M, int N, int K)
{
    __shared__ __align__(16) __half sa[16 * 24];
    __shared__ __align__(16) __half sb[16 * 24];
    float acc[2][4] = {};
    const unsigned lane = threadIdx.x % 32;
    const int row0 = blockIdx.y * 16, col0 = blockIdx.x * 16;
    for (int k0 = 0; k0 < K; k0 += 16) {
        // each lane copies half a row of each tile: row lane/2, columns (lane%2)*8 .. +7
        const int r = lane / 2, cb = (lane % 2) * 8;
#pragma unroll
        for (int c = cb; c < cb + 8; ++c) {
            const int ar = row0 + r, ac = k0 + c;
            sa[r * 24 + c] = (ar < M && ac < K) ? A[ar * K + ac] : __half(0.0f);
            const int br = k0 + r, bc = col0 + c;
            sb[r * 24 + c] = (br < K && bc < N) ? B[br * N + bc] : __half(0.0f);
        }
        __syncwarp();
        unsigned a[4], b[4];
        const unsigned sa_addr = static_cast<unsigned>(__cvta_generic_to_shared(sa + (lane % 16) * 24 + (lane / 16) * 8));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]) : "r"(sa_addr) : "memory");
#pragma unroll
        for (int j = 0; j < 2; ++j) {
            const unsigned sb_addr = static_cast<unsigned>(__cvta_generic_to_shared(sb + (lane % 16) * 24 + j * 8));
            asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
                         : "=r"(b[2 * j]), "=r"(b[2 * j + 1]) : "r"(sb_addr) : "memory");
        }
        mma16816(acc[0], a, b[0], b[1]);
        mma16816(acc[1], a, b[2], b[3]);
        __syncwarp();
    }
    const int g = lane / 4, q = lane % 4;
#pragma unroll
    for (int j = 0; j < 2; ++j) {
        const int c = col0 + j * 8 + 2 * q;
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            const int r = row0 + g + h * 8;
            if (r >= M) continue;
            if (c < N) C[r * N + c] = acc[j][2 * h];
            if (c + 1 < N) C[r * N + c + 1] = acc[j][2 * h + 1];
        }
    }
}
