// Day 64, reference solution: a matrix multiply with mma.sync and ldmatrix.
//
// C = A B with A (M x K) and B (K x N) halves and C (M x N) floats, all
// row-major, any M, N and K. Each block is one warp and owns one 16 x 16
// tile of C, two m16n8k16 tiles side by side. Along K, 16 at a time, the
// warp copies the step's 16 x 16 tiles of A and B into shared memory (zeros
// past the matrices' edges), loads the fragments with ldmatrix and adds
// their products with mma.sync. Shared rows are 24 halves (48 bytes) apart:
// every ldmatrix row starts at a multiple of 16 bytes, and the eight rows of
// one 8 x 8 matrix fall in different banks.
#include <cuda_fp16.h>

constexpr int kTile = 16;
constexpr int kPitch = 24; // halves a shared row: 16 and 8 of padding

// The shared-memory address of p, as ldmatrix wants it.
__device__ unsigned smem(const void* p)
{
    return (unsigned)__cvta_generic_to_shared(p);
}

__global__ void mmaGemm(const __half* A, const __half* B, float* C, int M, int N, int K)
{
    __shared__ __align__(16) __half sa[kTile * kPitch];
    __shared__ __align__(16) __half sb[kTile * kPitch];
    const int lane = threadIdx.x, row0 = blockIdx.y * kTile, col0 = blockIdx.x * kTile;
    float acc[2][4] = {};
    for (int k0 = 0; k0 < K; k0 += kTile) {
        // the step's tiles into shared memory, zeros past the edges
        for (int i = lane; i < kTile * kTile; i += 32) {
            int r = i / kTile, c = i % kTile;
            bool ina = row0 + r < M && k0 + c < K, inb = k0 + r < K && col0 + c < N;
            sa[r * kPitch + c] = ina ? A[(size_t)(row0 + r) * K + k0 + c] : __float2half(0.0f);
            sb[r * kPitch + c] = inb ? B[(size_t)(k0 + r) * N + col0 + c] : __float2half(0.0f);
        }
        __syncwarp();
        // A: four 8 x 8 matrices; lanes 0-15 give rows 0-15 at column 0,
        // lanes 16-31 the same rows at column 8
        unsigned a0, a1, a2, a3;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3)
                     : "r"(smem(&sa[(lane % 16) * kPitch + (lane / 16) * 8])));
        // B, row-major in shared memory, is the mma's column-major operand:
        // transposed, lanes 0-15 give its rows k = 0-15 at column 0, lanes
        // 16-31 the same rows at column 8 (the second n8 tile)
        unsigned b0, b1, b2, b3;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
                     : "=r"(b0), "=r"(b1), "=r"(b2), "=r"(b3)
                     : "r"(smem(&sb[(lane % 16) * kPitch + (lane / 16) * 8])));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
                     "{%8, %9}, {%0, %1, %2, %3};"
                     : "+f"(acc[0][0]), "+f"(acc[0][1]), "+f"(acc[0][2]), "+f"(acc[0][3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
                     "{%8, %9}, {%0, %1, %2, %3};"
                     : "+f"(acc[1][0]), "+f"(acc[1][1]), "+f"(acc[1][2]), "+f"(acc[1][3])
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b2), "r"(b3));
        __syncwarp();
    }
    // each lane holds, of each n8 tile, rows g and g + 8, columns 2q and 2q + 1
    const int g = lane / 4, q = lane % 4;
    for (int t = 0; t < 2; t++)
        for (int h = 0; h < 2; h++) {
            int r = row0 + g + 8 * h, c = col0 + 8 * t + 2 * q;
            if (r < M && c < N) C[(size_t)r * N + c] = acc[t][2 * h];
            if (r < M && c + 1 < N) C[(size_t)r * N + c + 1] = acc[t][2 * h + 1];
        }
}
