// Golden: tensor cores at sm_80 (bf16 and tf32 wmma, mma.sync m16n8k16,
// m16n8k32 and tf32 m16n8k8, ldmatrix x4, cvt.rna.tf32.f32). Each kernel checks itself
// against a plain loop on small integers, whose products and sums are exact:
// out[0] counts the elements that differ.
// arch: sm_80
#include <mma.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
using namespace nvcuda;

__device__ float val(int i, int salt) { return (float)((i * 7 + salt * 3) % 9 - 4); }

// case: wmma m16n16k16 bf16 into f32, both col-major
// kernel: wmma_bf16
// launch: grid 1 block 32
// buffer: d f32 256 = 0
// buffer: out u32 1 = 0
// params: d out
// expect: out[0] = 0
// expect: no hazards
extern "C" __global__ void wmma_bf16(float* d, unsigned* out)
{
    __shared__ __align__(32) float c[256];
    __shared__ __align__(32) __nv_bfloat16 a[256], b[256];
    int t = threadIdx.x;
    for (int i = t; i < 256; i += 32) {
        a[i] = __float2bfloat16(val(i, 1)); // col-major: a[k * 16 + r]
        b[i] = __float2bfloat16(val(i, 2)); // col-major: b[n * 16 + k]
        c[i] = val(i, 3);
    }
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::col_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
    __syncwarp();
    unsigned bad = 0;
    for (int i = t; i < 256; i += 32) {
        int r = i / 16, n = i % 16;
        float want = c[i];
        for (int k = 0; k < 16; k++) want += val(k * 16 + r, 1) * val(n * 16 + k, 2);
        bad += d[i] != want;
    }
    atomicAdd(out, bad);
}

// case: wmma m16n16k8 tf32, A row-major, B row-major, from global memory
// kernel: wmma_tf32
// launch: grid 1 block 32
// buffer: a f32 128 = 0
// buffer: b f32 128 = 0
// buffer: d f32 256 = 0
// buffer: out u32 1 = 0
// params: a b d out
// expect: out[0] = 0
// expect: no hazards
extern "C" __global__ void wmma_tf32(float* a, float* b, float* d, unsigned* out)
{
    int t = threadIdx.x;
    for (int i = t; i < 128; i += 32) {
        a[i] = val(i, 1); // 16 x 8
        b[i] = val(i, 2); // 8 x 16
    }
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
    wmma::load_matrix_sync(fa, a, 8);
    wmma::load_matrix_sync(fb, b, 16);
    for (int i = 0; i < fa.num_elements; i++) fa.x[i] = wmma::__float_to_tf32(fa.x[i]); // exact: small integers
    for (int i = 0; i < fb.num_elements; i++) fb.x[i] = wmma::__float_to_tf32(fb.x[i]);
    wmma::fill_fragment(fc, 0.5f);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_col_major);
    __syncwarp();
    unsigned bad = 0;
    for (int i = t; i < 256; i += 32) {
        int r = i / 16, n = i % 16;
        float want = 0.5f;
        for (int k = 0; k < 8; k++) want += val(r * 8 + k, 1) * val(k * 16 + n, 2);
        bad += d[n * 16 + r] != want;
    }
    atomicAdd(out, bad);
}

// case: mma.sync m16n8k16 bf16 with ldmatrix x4 (A) and x2.trans (B)
// kernel: mma_bf16_ldmatrix
// launch: grid 1 block 32
// buffer: out u32 1 = 0
// params: out
// expect: out[0] = 0
// expect: no hazards
extern "C" __global__ void mma_bf16_ldmatrix(unsigned* out)
{
    __shared__ __align__(16) __nv_bfloat16 a[16 * 16], b[16 * 8]; // A 16x16 row-major, B 16x8 row-major (k, n)
    __shared__ float d[16 * 8];
    int t = threadIdx.x;
    for (int i = t; i < 256; i += 32) a[i] = __float2bfloat16(val(i, 1));
    for (int i = t; i < 128; i += 32) b[i] = __float2bfloat16(val(i, 2));
    __syncwarp();
    unsigned a0, a1, a2, a3, b0, b1;
    // x4: matrices (rows 0-7, cols 0-7), (rows 8-15, cols 0-7), (rows 0-7, cols 8-15), (rows 8-15, cols 8-15)
    unsigned pa = (unsigned)__cvta_generic_to_shared(&a[(t % 16) * 16 + (t / 16) * 8]);
    unsigned pb = (unsigned)__cvta_generic_to_shared(&b[(t % 16) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(pa));
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];" : "=r"(b0), "=r"(b1) : "r"(pb));
    float d0, d1, d2, d3;
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%10,%10,%10};"
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                 : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(0.0f));
    int g = t >> 2, q = t & 3;
    d[g * 8 + 2 * q] = d0;
    d[g * 8 + 2 * q + 1] = d1;
    d[(g + 8) * 8 + 2 * q] = d2;
    d[(g + 8) * 8 + 2 * q + 1] = d3;
    __syncwarp();
    unsigned bad = 0;
    for (int i = t; i < 128; i += 32) {
        int r = i / 8, n = i % 8;
        float want = 0;
        for (int k = 0; k < 16; k++) want += val(r * 16 + k, 1) * val(k * 8 + n, 2);
        bad += d[i] != want;
    }
    atomicAdd(out, bad);
}

// case: mma.sync m16n8k32 s8 by u8 with .satfinite, registers from the PTX ISA's layout
// kernel: mma_s8
// launch: grid 1 block 32
// buffer: out u32 1 = 0
// params: out
// expect: out[0] = 0
// expect: no hazards
extern "C" __global__ void mma_s8(unsigned* out)
{
    int t = threadIdx.x, g = t >> 2, q = t & 3;
    auto A = [](int r, int k) { return (int)((r * 32 + k) * 37 % 255) - 127; };  // 16 x 32, s8
    auto B = [](int k, int n) { return (int)((k * 8 + n) * 53 % 256); };          // 32 x 8, u8
    unsigned ra[4], rb[2];
    for (int r = 0; r < 4; r++) {
        unsigned v = 0;
        for (int e = 0; e < 4; e++) v |= (unsigned)(A(g + 8 * (r & 1), 4 * q + e + 16 * (r >> 1)) & 0xff) << (8 * e);
        ra[r] = v;
    }
    for (int r = 0; r < 2; r++) {
        unsigned v = 0;
        for (int e = 0; e < 4; e++) v |= (unsigned)(B(4 * q + e + 16 * r, g) & 0xff) << (8 * e);
        rb[r] = v;
    }
    int c = 0x7fff0000, d0, d1, d2, d3; // near INT_MAX: some sums clamp
    asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%10,%10,%10};"
                 : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
                 : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]), "r"(c));
    int got[4] = { d0, d1, d2, d3 };
    unsigned bad = 0;
    for (int e = 0; e < 4; e++) {
        int r = g + 8 * (e >> 1), n = 2 * q + (e & 1);
        long long want = c;
        for (int k = 0; k < 32; k++) want += (long long)A(r, k) * B(k, n);
        if (want > 0x7fffffff) want = 0x7fffffff;
        bad += got[e] != (int)want;
    }
    atomicAdd(out, bad);
}

// case: cvt.rna.tf32.f32 (wmma::__float_to_tf32): to 10 fraction bits, ties away from zero
// kernel: to_tf32
// launch: grid 1 block 1
// buffer: in u32 6 = list 0x3f801000 0x3f800fff 0x3f801001 0xbfc01000 0x3f803000 0x00001000
// buffer: out u32 6 = 0
// params: in out
// expect: out[0..5] = list 0x3f802000 0x3f800000 0x3f802000 0xbfc02000 0x3f804000 0x00002000
// expect: no hazards
extern "C" __global__ void to_tf32(const unsigned* in, unsigned* out)
{
    for (int i = 0; i < 6; i++) out[i] = __float_as_uint(wmma::__float_to_tf32(__uint_as_float(in[i])));
}
