// Golden: FP8 conversions at sm_89, as nvcc writes them for cuda_fp8.h's
// types (cvt.rn.satfinite.e4m3x2.f32 d, a, b; cvt.rn.satfinite.e5m2x2.f16x2;
// cvt.rn.f16x2.e4m3x2), each checked against cuda_fp8.hpp's own software
// conversion, which never uses cvt (__nv_cvt_double_to_fp8, from a double):
// out[0] counts the values where the two differ. Every f16 and 2^16 f32
// spread over the whole range (NaNs apart: the software path keeps a NaN's
// sign and payload bits, and the expectations below say what cvt gives).
// arch: sm_89
#include <cuda_fp16.h>
#include <cuda_fp8.h>

__device__ float spread(unsigned i)
{
    unsigned u = i * 65537u + (i >> 3) * 977u; // every exponent, scattered mantissas
    return __uint_as_float(u);
}

// case: float and float2 to e4m3 and e5m2 (satfinite), against the software path
// kernel: from_float
// launch: grid 256 block 256
// buffer: out u32 1 = 0
// params: out
// expect: out[0] = 0
// expect: no hazards
extern "C" __global__ void from_float(unsigned* out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, bad = 0;
    float x = spread(i), y = spread(i ^ 0x5555u);
    if (!isnan(x) && !isnan(y)) {
        for (int f = 0; f < 2; f++) {
            __nv_fp8_interpretation_t k = f ? __NV_E5M2 : __NV_E4M3;
            __nv_fp8_storage_t hw = __nv_cvt_float_to_fp8(x, __NV_SATFINITE, k);
            bad += hw != __nv_cvt_double_to_fp8((double)x, __NV_SATFINITE, k);
            __nv_fp8x2_storage_t pair = __nv_cvt_float2_to_fp8x2(make_float2(x, y), __NV_SATFINITE, k);
            bad += pair != (__nv_fp8x2_storage_t)(__nv_cvt_double_to_fp8((double)y, __NV_SATFINITE, k) << 8 |
                                                  __nv_cvt_double_to_fp8((double)x, __NV_SATFINITE, k));
        }
    }
    atomicAdd(out, bad);
}

// case: every f16 (as half2 pairs) to e4m3 and e5m2, against the software path
// kernel: from_half
// launch: grid 128 block 256
// buffer: out u32 1 = 0
// params: out
// expect: out[0] = 0
// expect: no hazards
extern "C" __global__ void from_half(unsigned* out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, bad = 0; // halves 2i and 2i + 1
    __half_raw lo, hi;
    lo.x = (unsigned short)(2 * i);
    hi.x = (unsigned short)(2 * i + 1);
    __half2_raw h2;
    h2.x = lo.x;
    h2.y = hi.x;
    float fl = __half2float(__half(lo)), fh = __half2float(__half(hi));
    if (!isnan(fl) && !isnan(fh)) {
        for (int f = 0; f < 2; f++) {
            __nv_fp8_interpretation_t k = f ? __NV_E5M2 : __NV_E4M3;
            __nv_fp8x2_storage_t pair = __nv_cvt_halfraw2_to_fp8x2(h2, __NV_SATFINITE, k);
            bad += pair != (__nv_fp8x2_storage_t)(__nv_cvt_double_to_fp8((double)fh, __NV_SATFINITE, k) << 8 |
                                                  __nv_cvt_double_to_fp8((double)fl, __NV_SATFINITE, k));
        }
    }
    atomicAdd(out, bad);
}

// case: every e4m3 and e5m2 value to half and float, against its value; NaNs to f16's canonical NaN
// kernel: to_half
// launch: grid 1 block 256
// buffer: out u32 1 = 0
// buffer: nan u32 4 = 0
// params: out nan
// expect: out[0] = 0
// expect: nan[0] = 0x7fff
// expect: nan[1] = 0x7fff
// expect: nan[2] = 0x7fff
// expect: nan[3] = 0x7c00
// expect: no hazards
extern "C" __global__ void to_half(unsigned* out, unsigned* nan)
{
    unsigned b = threadIdx.x, bad = 0;
    for (int f = 0; f < 2; f++) {
        __nv_fp8_interpretation_t k = f ? __NV_E5M2 : __NV_E4M3;
        unsigned mb = f ? 2 : 3, bias = f ? 15 : 7, e = (b & 0x7f) >> mb, m = b & ((1u << mb) - 1);
        bool isnan_ = f ? e == 31 && m : (b & 0x7f) == 0x7f, isinf_ = f && e == 31 && !m;
        if (isnan_ || isinf_) continue;
        double v = e ? ldexp((double)(m | (1u << mb)), (int)e - (int)bias - (int)mb) : ldexp((double)m, 1 - (int)bias - (int)mb);
        if (b & 0x80) v = -v;
        __half_raw h = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)b, k);
        bad += __half2float(__half(h)) != (float)v || ((h.x >> 15) != (b >> 7));
    }
    atomicAdd(out, bad);
    if (b == 0) {
        nan[0] = __nv_cvt_fp8_to_halfraw(0x7f, __NV_E4M3).x;
        nan[1] = __nv_cvt_fp8_to_halfraw(0xff, __NV_E4M3).x;
        nan[2] = __nv_cvt_fp8_to_halfraw(0x7d, __NV_E5M2).x;
        nan[3] = __nv_cvt_fp8_to_halfraw(0x7c, __NV_E5M2).x;
    }
}

// case: a NaN, an infinity and an overflow to e4m3 and e5m2 with satfinite
// kernel: specials
// launch: grid 1 block 1
// buffer: o u32 6 = 0
// params: o
// expect: o[0] = 0x7f
// expect: o[1] = 0x7f
// expect: o[2] = 0x7e
// expect: o[3] = 0xfb
// expect: o[4] = 0x7e7f
// expect: o[5] = 0x7b
// expect: no hazards
extern "C" __global__ void specials(unsigned* o)
{
    o[0] = __nv_cvt_float_to_fp8(__int_as_float(0x7fc00000), __NV_SATFINITE, __NV_E4M3);
    o[1] = __nv_cvt_float_to_fp8(__int_as_float(0xffc00000), __NV_SATFINITE, __NV_E5M2);
    o[2] = __nv_cvt_float_to_fp8(__int_as_float(0x7f800000), __NV_SATFINITE, __NV_E4M3);
    o[3] = __nv_cvt_float_to_fp8(-1e9f, __NV_SATFINITE, __NV_E5M2);
    o[4] = __nv_cvt_float2_to_fp8x2(make_float2(__int_as_float(0x7fc00000), 500.0f), __NV_SATFINITE, __NV_E4M3);
    o[5] = __nv_cvt_float_to_fp8(61440.0f, __NV_SATFINITE, __NV_E5M2);
}
