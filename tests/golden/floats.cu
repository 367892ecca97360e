// Golden: float arithmetic with its rounding modes, fused multiply-add, NaN
// and signed zeros, conversions to and from integers, halves and doubles.
// Operands come from memory; results are compared as bits.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

// case: single precision
// kernel: f32ops
// launch: grid 1 block 1
// buffer: in f32 12 = list 1.5 2.25 1.0 5.9604644775390625e-08 3.0 2.0 0 inf nan -0.0 1.000244140625 -1.00048828125
// buffer: out u32 24 = 0
// params: in out
// expect: out[0..11] = list 0x40700000 0x3f800000 0x3f800001 0xbf800001 0x33800000 0x3eaaaaab 0x3fb504f3 0x3eaaaaab 0x7fffffff 0x7fffffff 0x3f800000 0x80000000
// expect: out[12..19] = list 0 0x3f800000 0 1 1 0x3f800000 0x40000000 0x7f800000
// expect: no hazards
__global__ void f32ops(const float* in, unsigned* out)
{
    float a = in[0], b = in[1], one = in[2], tiny = in[3], three = in[4], two = in[5];
    float zero = in[6], inf = in[7], nan = in[8], mzero = in[9], p = in[10], q = in[11];
    out[0] = __float_as_uint(a + b);                        // 3.75
    out[1] = __float_as_uint(__fadd_rz(one, tiny));         // 1 + 2^-24 toward zero: 1
    out[2] = __float_as_uint(__fadd_ru(one, tiny));         // up: 1 + 2^-23
    out[3] = __float_as_uint(__fadd_rd(-one, -tiny));       // down: -(1 + 2^-23)
    out[4] = __float_as_uint(__fmaf_rn(p, p, q));           // fused: 2^-24 (unfused: 0)
    out[5] = __float_as_uint(__fdiv_rn(one, three));        // 1/3
    out[6] = __float_as_uint(__fsqrt_rn(two));              // sqrt(2)
    out[7] = __float_as_uint(__frcp_rn(three));             // 1/3
    out[8] = __float_as_uint(__fmul_rn(zero, inf));         // NaN, the canonical one
    out[9] = __float_as_uint(__fadd_rn(inf, -inf));         // NaN
    out[10] = __float_as_uint(fminf(nan, one));             // the number wins: 1
    out[11] = __float_as_uint(fminf(zero, mzero));          // -0 is below +0
    out[12] = (unsigned)(nan == nan);                       // 0
    out[13] = __float_as_uint(fmaxf(nan, one));             // 1
    out[14] = (unsigned)(nan < one);                        // 0
    out[15] = (unsigned)!(nan >= one);                      // unordered: 1
    out[16] = (unsigned)(mzero == zero);                    // 1
    out[17] = __float_as_uint(__saturatef(a));              // 1
    out[18] = __float_as_uint(two * one);                   // 2
    out[19] = __float_as_uint(__fmul_rn(three, 3.0e38f + zero)); // overflow: inf
}

// case: float to integer and back
// kernel: f32cvt
// launch: grid 1 block 1
// buffer: in f32 8 = list 2.5 3.5 -2.5 -2.7 -2.1 2.1 1e10 nan
// buffer: ini s32 2 = list 16777217 -1
// buffer: out s32 16 = 0
// params: in ini out
// expect: out[0..11] = list 2 4 -2 -2 -3 3 0x7fffffff 0 0 0x4b800000 0x4b800001 -1
// expect: out[12..13] = list 0xffffffff 0
// expect: no hazards
__global__ void f32cvt(const float* in, const int* ini, int* out)
{
    out[0] = __float2int_rn(in[0]);   // ties to even
    out[1] = __float2int_rn(in[1]);
    out[2] = __float2int_rn(in[2]);
    out[3] = __float2int_rz(in[3]);
    out[4] = __float2int_rd(in[4]);
    out[5] = __float2int_ru(in[5]);
    out[6] = __float2int_rz(in[6]);   // saturates
    out[7] = __float2int_rn(in[7]);   // NaN: 0
    out[8] = (int)__float2uint_rn(in[2]); // negative to unsigned: 0
    out[9] = __float_as_int(__int2float_rn(ini[0]));  // 16777216
    out[10] = __float_as_int(__int2float_ru(ini[0])); // 16777218
    out[11] = (int)rintf((float)ini[1]);
    out[12] = (int)__float2uint_rz(in[6]);  // saturates to 0xffffffff
    out[13] = (int)__float2uint_rz(in[7]);  // NaN: 0
}

// case: halves and bfloat16
// kernel: halves
// launch: grid 1 block 1
// buffer: in f32 10 = list 1.0 65504 65520 0.3333333432674408 5.9604644775390625e-08 2.98023223876953125e-08 nan 1.00390625 1.01171875 4.470348358154297e-08
// buffer: out u32 14 = 0
// params: in out
// expect: out[0..6] = list 0x3c00 0x7bff 0x7c00 0x3555 0x0001 0x0000 0x7fff
// expect: out[7..13] = list 0x3eaaa000 0x3f80 0x3f80 0x3f82 0x7fff 0x0001 0x2a00
// expect: no hazards
__global__ void halves(const float* in, unsigned* out)
{
    for (int i = 0; i < 7; i++) out[i] = __half_as_ushort(__float2half_rn(in[i]));
    out[7] = __float_as_uint(__half2float(__float2half_rn(in[3])));
    out[8] = __bfloat16_as_ushort(__float2bfloat16_rn(in[0]));
    out[9] = __bfloat16_as_ushort(__float2bfloat16_rn(in[7]));   // a tie: to even
    out[10] = __bfloat16_as_ushort(__float2bfloat16_rn(in[8]));  // a tie: up to even
    out[11] = __bfloat16_as_ushort(__float2bfloat16_rn(in[6]));  // NaN
    out[12] = __half_as_ushort(__float2half_rn(in[9]));          // 0.75 of the smallest: 1
    out[13] = __half_as_ushort(__hadd(__float2half_rn(in[0]), __float2half_rn(in[0]))) - 0x3c00 + 0x2600; // 2.0 = 0x4000
}

// case: double precision
// kernel: f64ops
// launch: grid 1 block 1
// buffer: in f64 4 = list 0.1 0.2 3.0 2.0
// buffer: out u64 8 = 0
// params: in out
// expect: out[0..5] = list 0x3fd3333333333334 0x3fd5555555555555 0x3ff6a09e667f3bcd 0x3dcccccd 0x3dcccccc 0x3fd5555555555556
// expect: no hazards
__global__ void f64ops(const double* in, unsigned long long* out)
{
    double a = in[0], b = in[1], three = in[2], two = in[3];
    out[0] = __double_as_longlong(a + b);
    out[1] = __double_as_longlong(__ddiv_rn(1.0 + a * 0, three));
    out[2] = __double_as_longlong(__dsqrt_rn(two));
    out[3] = __float_as_uint(__double2float_rn(a));
    out[4] = __float_as_uint(__double2float_rz(a));
    out[5] = __double_as_longlong(__ddiv_ru(1.0 + a * 0, three));
}

// case: the f32 fast ops beside the general evaluator, a full warp of
// special values (NaN, infinities, signed zeros, subnormals, exact halves):
// max, min, neg, abs, cvt.sat, ex2.approx with and without .ftz, and fma
// rounded down, up and toward zero (the runner's reference mode takes each
// through alu_float.c and compares the bits)
// gpu: none, ex2.approx is computed accurately here, within the PTX bound a GPU's differs by; the case compares the emulator's two paths
// kernel: f32fast
// launch: grid 1 block 32
// buffer: in f32 32 = list 1.5 -2.25 0 -0.0 nan inf -inf 1e-45 -1e-40 0.5 1.0 2.0 1e38 -1e38 3.0 0.3333333432674408 126.5 -126.5 -149.5 127.9 1.000244140625 -1.00048828125 5.9604644775390625e-08 -3.5 0.75 -0.5 2.5 -1e-38 7.0 -7.0 100.25 -0.125
// buffer: out u32 320 = 0
// params: in out
// expect: out[4] = 0x3f800000
// expect: out[36] = 0x3f800000
// expect: out[96] = 0x3fc00000
// expect: out[131] = 0x00000000
// expect: no hazards
__global__ void f32fast(const float* in, unsigned* out)
{
    const int l = threadIdx.x;
    const float a = in[l], b = in[(l + 6) % 32], c = in[(l + 5) % 32];
    float r[10];
    asm("max.f32 %0, %1, %2;" : "=f"(r[0]) : "f"(a), "f"(l == 4 ? 1.0f : b));
    asm("min.f32 %0, %1, %2;" : "=f"(r[1]) : "f"(a), "f"(l == 4 ? 1.0f : b));
    asm("neg.f32 %0, %1;" : "=f"(r[2]) : "f"(a));
    asm("abs.f32 %0, %1;" : "=f"(r[3]) : "f"(a));
    asm("cvt.sat.f32.f32 %0, %1;" : "=f"(r[4]) : "f"(a));
    asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r[5]) : "f"(a));
    asm("ex2.approx.f32 %0, %1;" : "=f"(r[6]) : "f"(a));
    asm("fma.rm.f32 %0, %1, %2, %3;" : "=f"(r[7]) : "f"(a), "f"(b), "f"(c));
    asm("fma.rp.f32 %0, %1, %2, %3;" : "=f"(r[8]) : "f"(a), "f"(b), "f"(c));
    asm("fma.rz.f32 %0, %1, %2, %3;" : "=f"(r[9]) : "f"(a), "f"(b), "f"(c));
    for (int k = 0; k < 10; ++k) out[k * 32 + l] = __float_as_uint(r[k]);
}
