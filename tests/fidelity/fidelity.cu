// fidelity.cu - kernels of defined behaviour whose every output bit the
// emulator must match on a real GPU (fidelity_ops.h lists them). Compiled to
// PTX for sm_75 like the course's code; gpu_dump loads that same PTX on the
// GPU, fidelity_compare runs it in the emulator.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "fidelity_ops.h"

// Single PTX instructions, so the test is of them and not of a library.
#define ASM1(name, ins, T, C)                                                                \
    __device__ __forceinline__ T name(T a)                                                   \
    {                                                                                        \
        T d;                                                                                 \
        asm(ins " %0, %1;" : "=" C(d) : C(a));                                               \
        return d;                                                                            \
    }
#define ASM2(name, ins, T, C)                                                                \
    __device__ __forceinline__ T name(T a, T b)                                              \
    {                                                                                        \
        T d;                                                                                 \
        asm(ins " %0, %1, %2;" : "=" C(d) : C(a), C(b));                                     \
        return d;                                                                            \
    }
#define ASM3(name, ins, T, C)                                                                \
    __device__ __forceinline__ T name(T a, T b, T c)                                         \
    {                                                                                        \
        T d;                                                                                 \
        asm(ins " %0, %1, %2, %3;" : "=" C(d) : C(a), C(b), C(c));                           \
        return d;                                                                            \
    }

ASM2(fid_shl, "shl.b32", unsigned, "r")
ASM2(fid_shr_u, "shr.u32", unsigned, "r")
ASM2(fid_shr_s, "shr.s32", unsigned, "r")
ASM1(fid_bfind_s, "bfind.s32", unsigned, "r")
ASM3(fid_bfe_u, "bfe.u32", unsigned, "r")
ASM3(fid_bfe_s, "bfe.s32", unsigned, "r")
ASM3(fid_prmt_f4e, "prmt.b32.f4e", unsigned, "r")
ASM2(fid_mul24_hi, "mul24.hi.u32", unsigned, "r")
ASM2(fid_add_sat, "add.sat.s32", int, "r")
ASM2(fid_set_lt_u, "set.lt.u32.u32", unsigned, "r")
ASM3(fid_mad_hi_s, "mad.hi.s32", int, "r")
ASM1(fid_sin, "sin.approx.f32", float, "f")
ASM1(fid_cos, "cos.approx.f32", float, "f")
ASM1(fid_ex2, "ex2.approx.f32", float, "f")
ASM1(fid_lg2, "lg2.approx.f32", float, "f")
ASM1(fid_rcp, "rcp.approx.f32", float, "f")
ASM1(fid_rsqrt, "rsqrt.approx.f32", float, "f")
ASM1(fid_sqrt, "sqrt.approx.f32", float, "f")
ASM1(fid_tanh, "tanh.approx.f32", float, "f")
ASM2(fid_div_full, "div.full.f32", float, "f")
ASM2(fid_add_ftz, "add.ftz.f32", float, "f")
ASM2(fid_mul_sat, "mul.sat.f32", float, "f")

__device__ __forceinline__ unsigned fid_bfi(unsigned a, unsigned b, unsigned c, unsigned d)
{
    unsigned r;
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(c), "r"(d));
    return r;
}
__device__ __forceinline__ unsigned fid_lop3_96(unsigned a, unsigned b, unsigned c)
{
    unsigned r;
    asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
__device__ __forceinline__ unsigned fid_lop3_e8(unsigned a, unsigned b, unsigned c)
{
    unsigned r;
    asm("lop3.b32 %0, %1, %2, %3, 0xe8;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
__device__ __forceinline__ unsigned fid_slct(unsigned a, unsigned b, int c)
{
    unsigned r;
    asm("slct.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
__device__ __forceinline__ unsigned fid_cvt_sat_u8_s32(int a)
{
    unsigned short r;
    asm("cvt.sat.u8.s32 %0, %1;" : "=h"(r) : "r"(a));
    return r;
}
__device__ __forceinline__ unsigned fid_cvt_sat_s16_u32(unsigned a)
{
    unsigned short r;
    asm("cvt.sat.s16.u32 %0, %1;" : "=h"(r) : "r"(a));
    return r;
}
__device__ __forceinline__ unsigned long long fid_shl64(unsigned long long a, unsigned b)
{
    unsigned long long r;
    asm("shl.b64 %0, %1, %2;" : "=l"(r) : "l"(a), "r"(b));
    return r;
}
__device__ __forceinline__ unsigned long long fid_shr64_s(unsigned long long a, unsigned b)
{
    unsigned long long r;
    asm("shr.s64 %0, %1, %2;" : "=l"(r) : "l"(a), "r"(b));
    return r;
}
__device__ __forceinline__ int fid_bits(float x) { return __float_as_int(x); }
__device__ __forceinline__ unsigned long long fid_bits64(double x) { return (unsigned long long)__double_as_longlong(x); }

#define SHFL_ASM(mode)                                                                       \
    asm volatile("{ .reg .pred q; shfl.sync." mode ".b32 %0|q, %2, %3, %4, 0xffffffff;"         \
                 " selp.u32 %1, 1, 0, q; }"                                                  \
                 : "=r"(d), "=r"(p) : "r"(v), "r"(b), "r"(c))
__device__ __forceinline__ unsigned fid_shfl_both(int mode, unsigned v, unsigned b, unsigned c, unsigned* pred)
{
    unsigned d, p;
    switch (mode) {
    case 0: SHFL_ASM("up"); break;
    case 1: SHFL_ASM("down"); break;
    case 2: SHFL_ASM("bfly"); break;
    default: SHFL_ASM("idx"); break;
    }
    *pred = p;
    return d;
}
__device__ __forceinline__ unsigned fid_shfl(int mode, unsigned v, unsigned b, unsigned c)
{
    unsigned p;
    return fid_shfl_both(mode, v, b, c, &p);
}
__device__ __forceinline__ unsigned fid_shfl_p(int mode, unsigned v, unsigned b, unsigned c)
{
    unsigned p;
    fid_shfl_both(mode, v, b, c, &p);
    return p;
}

// Results as 64-bit words of bits.
__device__ __forceinline__ unsigned long long fid_word(float f) { return __float_as_uint(f); }
__device__ __forceinline__ unsigned long long fid_word(double f) { return (unsigned long long)__double_as_longlong(f); }
__device__ __forceinline__ unsigned long long fid_word(unsigned v) { return v; }
__device__ __forceinline__ unsigned long long fid_word(int v) { return (unsigned)v; }
__device__ __forceinline__ unsigned long long fid_word(unsigned short v) { return v; }
__device__ __forceinline__ unsigned long long fid_word(unsigned long long v) { return v; }
__device__ __forceinline__ unsigned long long fid_word(long long v) { return (unsigned long long)v; }

#define FID_LOAD_FID_U32                                                                     \
    unsigned x = (unsigned)in[i], y = (unsigned)in[n + i], z = (unsigned)in[2 * n + i];      \
    int sx = (int)x, sy = (int)y, sz = (int)z;                                               \
    (void)sx; (void)sy; (void)sz;
#define FID_LOAD_FID_U64                                                                     \
    unsigned long long x = in[i], y = in[n + i];                                             \
    long long sx = (long long)x, sy = (long long)y;
#define FID_LOAD_FID_F32                                                                     \
    float x = __uint_as_float((unsigned)in[i]), y = __uint_as_float((unsigned)in[n + i]),    \
          z = __uint_as_float((unsigned)in[2 * n + i]);
#define FID_LOAD_FID_F64                                                                     \
    double x = __longlong_as_double((long long)in[i]), y = __longlong_as_double((long long)in[n + i]), \
           z = __longlong_as_double((long long)in[2 * n + i]);                               \
    (void)z;

#define FID_EMIT(name, expr, rtype, check) out[(k++) * n + i] = fid_word(expr);

#define FID_DEFINE(kname, OPS, itype)                                                        \
    extern "C" __global__ void kname(const unsigned long long* in, unsigned long long* out, int n) \
    {                                                                                        \
        int i = blockIdx.x * blockDim.x + threadIdx.x;                                       \
        if (i >= n) return;                                                                  \
        FID_LOAD_##itype                                                                     \
        int k = 0;                                                                           \
        OPS(FID_EMIT)                                                                        \
    }

FID_DEFINE(fid_int32, FID_INT32, FID_U32)
FID_DEFINE(fid_int64, FID_INT64, FID_U64)
FID_DEFINE(fid_f32, FID_F32OPS, FID_F32)
FID_DEFINE(fid_f64, FID_F64OPS, FID_F64)

// The shuffles: lane values 3*lane + 1 + x, offsets and clamp/segment words
// from the inputs (every mode, widths and clamps, out-of-range offsets).
extern "C" __global__ void fid_shfl(const unsigned long long* in, unsigned long long* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned lane = threadIdx.x % 32;
    unsigned v = 3 * lane + 1 + (unsigned)in[i] * 97;
    unsigned b = (unsigned)in[n + i] & 63;
    unsigned c = (unsigned)in[2 * n + i] & 0x1f1f;
    int k = 0;
    FID_SHFL(FID_EMIT)
}
