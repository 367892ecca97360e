// Golden: the alignment the PTX ISA asks of tensor-core memory operations.
// A wmma.load or wmma.store needs its matrix at a multiple of 32 bytes (256
// bits) and a leading dimension that is a multiple of 16 bytes (8 halves, 4
// floats); ldmatrix needs each row at a multiple of 16 bytes. Missing it is
// a memory hazard (TENSOR_ALIGN, with advice). An H200 faults at the
// ldmatrix and runs the misaligned wmma as addressed; so does the emulator.
// Aligned tiles inside a padded array are clean.
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

// case: wmma loads from shared memory 16 bytes past a 32-byte boundary
// kernel: wmma_base_off
// launch: grid 1 block 32
// buffer: d f32 256 = 0
// params: d
// expect: hazard memory kind TENSOR_ALIGN line @baseOff
// expect: message "16 bytes past a multiple of 32 (256 bits)"
// expect: advice "tile at a multiple of 32 bytes"
// expect: status completed
extern "C" __global__ void wmma_base_off(float* d)
{
    __shared__ __align__(32) half a[16 * 16 + 8];
    for (int i = threadIdx.x; i < 16 * 16 + 8; i += 32) a[i] = __float2half(1.0f);
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    wmma::load_matrix_sync(fa, a + 8, 16);  // @baseOff
    wmma::load_matrix_sync(fb, a, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

// case: wmma loads with a leading dimension of 20 halves (40 bytes)
// kernel: wmma_bad_ldm
// launch: grid 1 block 32
// buffer: a f16 640 = 1
// buffer: d f32 256 = 0
// params: a d
// expect: hazard memory kind TENSOR_ALIGN line @badLdm
// expect: message "leading dimension of 20 elements, 40 bytes: not a multiple of 16 bytes (8 elements)"
// expect: status completed
extern "C" __global__ void wmma_bad_ldm(const half* a, float* d)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    wmma::load_matrix_sync(fa, a, 20);  // @badLdm
    wmma::load_matrix_sync(fb, a, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

// case: wmma stores with a leading dimension of 18 floats (72 bytes)
// kernel: wmma_store_ldm
// launch: grid 1 block 32
// buffer: a f16 256 = 1
// buffer: d f32 288 = 0
// params: a d
// expect: hazard memory kind TENSOR_ALIGN line @storeLdm
// expect: message "wmma stores with a leading dimension of 18 elements, 72 bytes"
// expect: status completed
extern "C" __global__ void wmma_store_ldm(const half* a, float* d)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, a, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 18, wmma::mem_row_major);  // @storeLdm
}

// case: ldmatrix rows 18 halves (36 bytes) apart: row 1 is 4 bytes past a multiple of 16
// kernel: ldm_rows_off
// launch: grid 1 block 32
// buffer: d u32 64 = 0
// params: d
// expect: hazard memory kind TENSOR_ALIGN line @rowsOff lane 1
// expect: message "lane 1 gives row 1 of matrix 0"
// expect: message "4 bytes past a multiple of 16"
// expect: advice "pad a shared row by 8 halves"
// expect: status faulted
extern "C" __global__ void ldm_rows_off(unsigned* d)
{
    __shared__ __align__(16) half s[16 * 18];
    int t = threadIdx.x;
    for (int i = t; i < 16 * 18; i += 32) s[i] = __float2half((float)(i % 7));
    __syncwarp();
    unsigned a0, a1;
    unsigned p = (unsigned)__cvta_generic_to_shared(&s[(t % 16) * 18]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(a0), "=r"(a1) : "r"(p));  // @rowsOff
    d[2 * t] = a0;
    d[2 * t + 1] = a1;
}

// case: aligned tiles inside padded arrays: rows of 24 halves (48 bytes), tiles at 32-byte multiples
// kernel: padded_ok
// launch: grid 1 block 32
// buffer: d f32 256 = 0
// buffer: out u32 2 = 0
// params: d out
// expect: out[0] = 0
// expect: out[1] = 0
// expect: no hazards
extern "C" __global__ void padded_ok(float* d, unsigned* out)
{
    __shared__ __align__(32) half s[32 * 24];
    int t = threadIdx.x;
    for (int i = t; i < 32 * 24; i += 32) s[i] = __float2half((float)((i / 24 + i % 24) % 5));
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    wmma::load_matrix_sync(fa, s, 24);            // rows 0..15
    wmma::load_matrix_sync(fb, s + 16 * 24, 24);  // rows 16..31: 768 bytes in
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
    __syncwarp();
    unsigned bad = 0;
    for (int i = t; i < 256; i += 32) {
        int r = i / 16, c = i % 16;
        float want = 0;
        for (int k = 0; k < 16; k++) want += (float)((r + k) % 5) * (float)((16 + k + c) % 5);
        bad += d[i] != want;
    }
    atomicAdd(&out[0], bad);
    // ldmatrix x4 over the same padded rows: each row at 48 bytes, a multiple of 16
    unsigned r0, r1, r2, r3;
    unsigned p = (unsigned)__cvta_generic_to_shared(&s[t * 24]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(p));
    // lane t holds row t / 4, columns 2 (t % 4) and 2 (t % 4) + 1 of matrix 0 (rows 0..7)
    // and matrix 3 (rows 24..31) row 24 + t / 4; matrices 1 and 2 are read and left
    int row = t / 4, col = 2 * (t % 4);
    unsigned short lo0 = (unsigned short)(r0 & 0xffff), lo3 = (unsigned short)(r3 & 0xffff);
    atomicAdd(&out[1], (__half2float(__ushort_as_half(lo0)) != (float)((row + col) % 5)) +
                       (__half2float(__ushort_as_half(lo3)) != (float)((24 + row + col) % 5)) + 0 * (r1 ^ r2));
}
