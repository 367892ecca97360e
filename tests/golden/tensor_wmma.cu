// Golden: tensor cores at sm_75 (wmma with halves and bytes, mma.sync
// m16n8k8 with ldmatrix). Each kernel checks itself: the tile's product of
// small integers is exact, so the warp's result must equal a plain loop's,
// element for element; out[0] counts the elements that differ, out[1] is a
// checksum of the result. (Rounding against the H200: test_sim_tensor.)
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

// Small integers, exact in a half: -4 .. 4
__device__ float val(int i, int salt) { return (float)((i * 7 + salt * 3) % 9 - 4); }

template <class L> struct is_row { static const bool v = false; };
template <> struct is_row<wmma::row_major> { static const bool v = true; };

template <int M, int N, int K, class TC, class LA, class LB>
__device__ void wmma_case(half* a, half* b, TC* c, TC* d, int pad, wmma::layout_t lc, unsigned* out)
{
    bool arow = is_row<LA>::v, brow = is_row<LB>::v;
    int lda = (arow ? K : M) + pad, ldb = (brow ? N : K) + pad, ldc = (lc == wmma::mem_row_major ? N : M) + pad;
    int t = threadIdx.x;
    for (int i = t; i < M * K; i += 32) { int r = i / K, k = i % K; a[arow ? r * lda + k : k * lda + r] = __float2half(val(i, 1)); }
    for (int i = t; i < K * N; i += 32) { int k = i / N, n = i % N; b[brow ? k * ldb + n : n * ldb + k] = __float2half(val(i, 2)); }
    for (int i = t; i < M * N; i += 32) { int r = i / N, n = i % N; c[lc == wmma::mem_row_major ? r * ldc + n : n * ldc + r] = (TC)val(i, 3); }
    __syncwarp();
    wmma::fragment<wmma::matrix_a, M, N, K, half, LA> fa;
    wmma::fragment<wmma::matrix_b, M, N, K, half, LB> fb;
    wmma::fragment<wmma::accumulator, M, N, K, TC> fc;
    wmma::load_matrix_sync(fa, a, lda);
    wmma::load_matrix_sync(fb, b, ldb);
    wmma::load_matrix_sync(fc, c, ldc, lc);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, ldc, lc);
    __syncwarp();
    unsigned bad = 0, sum = 0;
    for (int i = t; i < M * N; i += 32) {
        int r = i / N, n = i % N;
        float want = val(i, 3);
        for (int k = 0; k < K; k++) want += val(r * K + k, 1) * val(k * N + n, 2);
        float got = (float)d[lc == wmma::mem_row_major ? r * ldc + n : n * ldc + r];
        bad += got != want;
        sum += (unsigned)(int)got;
    }
    atomicAdd(&out[0], bad);
    atomicAdd(&out[1], sum);
}

// case: wmma m16n16k16, halves into floats, A row-major, B col-major, padded
// kernel: wmma_16x16
// launch: grid 1 block 32
// buffer: a f16 1024 = 0
// buffer: b f16 1024 = 0
// buffer: c f32 1024 = 0
// buffer: d f32 1024 = 0
// buffer: out u32 2 = 0
// params: a b c d out
// expect: out[0] = 0
// expect: no hazards
extern "C" __global__ void wmma_16x16(half* a, half* b, float* c, float* d, unsigned* out)
{
    wmma_case<16, 16, 16, float, wmma::row_major, wmma::col_major>(a, b, c, d, 8, wmma::mem_row_major, out);
}

// case: wmma m32n8k16 with half accumulators, A col-major, B row-major, C col-major
// kernel: wmma_32x8
// launch: grid 1 block 32
// buffer: a f16 1024 = 0
// buffer: b f16 1024 = 0
// buffer: c f16 1024 = 0
// buffer: d f16 1024 = 0
// buffer: out u32 2 = 0
// params: a b c d out
// expect: out[0] = 0
// expect: no hazards
extern "C" __global__ void wmma_32x8(half* a, half* b, half* c, half* d, unsigned* out)
{
    wmma_case<32, 8, 16, half, wmma::col_major, wmma::row_major>(a, b, c, d, 0, wmma::mem_col_major, out);
}

// case: wmma m8n32k16, floats, both row-major, padded
// kernel: wmma_8x32
// launch: grid 1 block 32
// buffer: a f16 1024 = 0
// buffer: b f16 1024 = 0
// buffer: c f32 1024 = 0
// buffer: d f32 1024 = 0
// buffer: out u32 2 = 0
// params: a b c d out
// expect: out[0] = 0
// expect: no hazards
extern "C" __global__ void wmma_8x32(half* a, half* b, float* c, float* d, unsigned* out)
{
    wmma_case<8, 32, 16, float, wmma::row_major, wmma::row_major>(a, b, c, d, 16, wmma::mem_row_major, out);
}

// case: wmma m16n16k16 signed bytes into s32, from shared memory
// kernel: wmma_s8
// launch: grid 1 block 32
// buffer: d s32 256 = 0
// buffer: out u32 2 = 0
// params: d out
// expect: out[0] = 0
// expect: no hazards
extern "C" __global__ void wmma_s8(int* d, unsigned* out)
{
    __shared__ __align__(32) int c[256]; // first: at shared offset 0 (nvcc indexes the bytes from -128)
    __shared__ __align__(32) signed char a[256], b[256];
    int t = threadIdx.x;
    for (int i = t; i < 256; i += 32) {
        a[i] = (signed char)(i * 37 % 255 - 127);
        b[i] = (signed char)(i * 53 % 251 - 125);
        c[i] = i * 1000 - 100000;
    }
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> fc;
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
    __syncwarp();
    unsigned bad = 0;
    for (int i = t; i < 256; i += 32) {
        int r = i / 16, n = i % 16, want = c[i];
        for (int k = 0; k < 16; k++) want += a[r * 16 + k] * b[n * 16 + k];
        bad += d[i] != want;
    }
    atomicAdd(&out[0], bad);
}

// case: mma.sync m16n8k8 with ldmatrix x2 (A) and x1.trans (B) from shared memory
// kernel: mma_ldmatrix
// launch: grid 1 block 32
// buffer: d f32 128 = 0
// buffer: out u32 2 = 0
// params: d out
// expect: out[0] = 0
// expect: no hazards
extern "C" __global__ void mma_ldmatrix(float* d, unsigned* out)
{
    __shared__ __align__(16) half a[16 * 8], b[8 * 8]; // A 16x8 row-major, B 8x8 row-major (k, n)
    int t = threadIdx.x;
    for (int i = t; i < 128; i += 32) a[i] = __float2half(val(i, 1));
    for (int i = t; i < 64; i += 32) b[i] = __float2half(val(i, 2));
    __syncwarp();
    unsigned a0, a1, b0;
    unsigned pa = (unsigned)__cvta_generic_to_shared(&a[(t % 16) * 8]);
    unsigned pb = (unsigned)__cvta_generic_to_shared(&b[(t % 8) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(a0), "=r"(a1) : "r"(pa));
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(b0) : "r"(pb));
    float c0 = 1, c1 = 2, c2 = 3, c3 = 4, d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(a0), "r"(a1), "r"(b0), "f"(c0), "f"(c1), "f"(c2), "f"(c3));
    int g = t >> 2, q = t & 3;
    d[g * 8 + 2 * q] = d0;
    d[g * 8 + 2 * q + 1] = d1;
    d[(g + 8) * 8 + 2 * q] = d2;
    d[(g + 8) * 8 + 2 * q + 1] = d3;
    __syncwarp();
    unsigned bad = 0;
    for (int i = t; i < 128; i += 32) {
        int r = i / 8, n = i % 8;
        float want = (float)(1 + (r >= 8 ? 2 : 0) + (n & 1));
        for (int k = 0; k < 8; k++) want += val(r * 8 + k, 1) * val(k * 8 + n, 2);
        bad += d[i] != want;
    }
    atomicAdd(&out[0], bad);
}

// case: a wmma that half the warp runs
// kernel: wmma_half_warp
// launch: grid 1 block 32
// gpu: differs, the PTX ISA leaves a wmma without its whole warp undefined: the H100 stored what its exited lanes' registers held
// buffer: a f16 256 = 1
// buffer: d f32 256 = 0
// params: a d
// expect: hazard mask-honesty kind TENSOR_DIVERGENT
// expect: message "without its whole warp"
extern "C" __global__ void wmma_half_warp(const half* a, float* d)
{
    if (threadIdx.x < 16) {
        wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
        wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
        wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
        wmma::fill_fragment(fc, 0.0f);
        wmma::load_matrix_sync(fa, a, 16);
        wmma::load_matrix_sync(fb, a, 16);
        wmma::mma_sync(fc, fa, fb, fc);
        wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
    }
}

// case: a fragment loaded col_major that the mma reads as row_major (inline PTX)
// kernel: wmma_wrong_layout
// gpu: differs, the PTX ISA leaves a fragment used with another layout undefined: the H100 multiplied its registers as they lay
// launch: grid 1 block 32
// buffer: a f16 256 = 0
// buffer: d f32 256 = 0
// params: a d
// expect: hazard mask-honesty kind TENSOR_FRAGMENT
// expect: message "loaded the matrix_a fragment col_major, and this mma reads it as row_major"
extern "C" __global__ void wmma_wrong_layout(const half* a, float* d)
{
    unsigned r[8], b[8];
    float c[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };
    asm volatile("wmma.load.a.sync.aligned.col.m16n16k16.global.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], 16;"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]), "=r"(r[5]), "=r"(r[6]), "=r"(r[7]) : "l"(a));
    asm volatile("wmma.load.b.sync.aligned.col.m16n16k16.global.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], 16;"
                 : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3]), "=r"(b[4]), "=r"(b[5]), "=r"(b[6]), "=r"(b[7]) : "l"(a));
    asm volatile("wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11,%12,%13,%14,%15}, "
                 "{%16,%17,%18,%19,%20,%21,%22,%23}, {%0,%1,%2,%3,%4,%5,%6,%7};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7])
                 : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]), "r"(r[6]), "r"(r[7]),
                   "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
    for (int i = 0; i < 8; i++) d[threadIdx.x * 8 + i] = c[i];
}
