/* fidelity_ops.h - what the fidelity check computes: the kernels of
 * fidelity.cu, each a list of outputs X(name, expression, check), and the
 * inputs, generated the same way on the GPU host and in the emulator's
 * comparison. Plain C: included by fidelity.cu (device code and host), by
 * gpu_dump.cu and by fidelity_compare.c.
 *
 * Checks: FID_EXACT - the same bits (integers, .rn and directed-rounding
 * float results, conversions, shuffles); FID_ULP(n) - floats within n units
 * in the last place (the .approx functions, by the PTX ISA's bounds);
 * FID_ABS(k) - within 2^-k absolute; FID_REL(k) - within 2^-k relative. Two
 * NaNs of any payload are equal for the inexact checks only. */
#ifndef FIDELITY_OPS_H
#define FIDELITY_OPS_H

#include <stdbool.h>
#include <stdint.h>

enum { FID_EXACT, FID_ULP, FID_ABS, FID_REL };
#define FID_CHECK_EXACT (FID_EXACT << 8)
#define FID_CHECK_ULP(n) ((FID_ULP << 8) | (n))
#define FID_CHECK_ABS(k) ((FID_ABS << 8) | (k))
#define FID_CHECK_REL(k) ((FID_REL << 8) | (k))

/* Result types: how wide the output bits are and what they mean. */
enum { FID_U32, FID_U64, FID_F32, FID_F64, FID_F16 };

/* 32-bit integers: x, y, z are unsigned; sx, sy, sz the same bits signed. */
#define FID_INT32(X)                                                          \
    X(add, x + y, FID_U32, FID_CHECK_EXACT)                                   \
    X(sub, x - y, FID_U32, FID_CHECK_EXACT)                                   \
    X(mul_lo, x * y, FID_U32, FID_CHECK_EXACT)                                \
    X(mul_hi_u, __umulhi(x, y), FID_U32, FID_CHECK_EXACT)                     \
    X(mul_hi_s, __mulhi(sx, sy), FID_U32, FID_CHECK_EXACT)                    \
    X(mad_lo, x * y + z, FID_U32, FID_CHECK_EXACT)                            \
    X(div_u, y ? x / y : 7u, FID_U32, FID_CHECK_EXACT)                        \
    X(rem_u, y ? x % y : 7u, FID_U32, FID_CHECK_EXACT)                        \
    X(div_s, (sy && !(sx == (int)0x80000000 && sy == -1)) ? sx / sy : 7, FID_U32, FID_CHECK_EXACT) \
    X(rem_s, (sy && !(sx == (int)0x80000000 && sy == -1)) ? sx % sy : 7, FID_U32, FID_CHECK_EXACT) \
    X(min_s, min(sx, sy), FID_U32, FID_CHECK_EXACT)                           \
    X(max_u, max(x, y), FID_U32, FID_CHECK_EXACT)                             \
    X(abs_s, abs(sx), FID_U32, FID_CHECK_EXACT)                               \
    X(shl_any, fid_shl(x, y), FID_U32, FID_CHECK_EXACT)                       \
    X(shr_u_any, fid_shr_u(x, y), FID_U32, FID_CHECK_EXACT)                   \
    X(shr_s_any, fid_shr_s(x, y), FID_U32, FID_CHECK_EXACT)                   \
    X(popc, __popc(x), FID_U32, FID_CHECK_EXACT)                              \
    X(clz, __clz(x), FID_U32, FID_CHECK_EXACT)                                \
    X(brev, __brev(x), FID_U32, FID_CHECK_EXACT)                              \
    X(ffs, __ffs(x), FID_U32, FID_CHECK_EXACT)                                \
    X(bfind_s, fid_bfind_s(x), FID_U32, FID_CHECK_EXACT)                      \
    X(bfe_u, fid_bfe_u(x, y, z), FID_U32, FID_CHECK_EXACT)                    \
    X(bfe_s, fid_bfe_s(x, y, z), FID_U32, FID_CHECK_EXACT)                    \
    X(bfi, fid_bfi(x, y, z, z >> 8), FID_U32, FID_CHECK_EXACT)                \
    X(prmt, __byte_perm(x, y, z), FID_U32, FID_CHECK_EXACT)                   \
    X(prmt_f4e, fid_prmt_f4e(x, y, z), FID_U32, FID_CHECK_EXACT)              \
    X(lop3_96, fid_lop3_96(x, y, z), FID_U32, FID_CHECK_EXACT)                \
    X(lop3_e8, fid_lop3_e8(x, y, z), FID_U32, FID_CHECK_EXACT)                \
    X(shf_l_wrap, __funnelshift_l(x, y, z), FID_U32, FID_CHECK_EXACT)         \
    X(shf_r_wrap, __funnelshift_r(x, y, z), FID_U32, FID_CHECK_EXACT)         \
    X(shf_l_clamp, __funnelshift_lc(x, y, z), FID_U32, FID_CHECK_EXACT)       \
    X(shf_r_clamp, __funnelshift_rc(x, y, z), FID_U32, FID_CHECK_EXACT)       \
    X(sad_s, __sad(sx, sy, z), FID_U32, FID_CHECK_EXACT)                      \
    X(sad_u, __usad(x, y, z), FID_U32, FID_CHECK_EXACT)                       \
    X(mul24_s, __mul24(sx, sy), FID_U32, FID_CHECK_EXACT)                     \
    X(mul24_u, __umul24(x, y), FID_U32, FID_CHECK_EXACT)                      \
    X(mul24_hi, fid_mul24_hi(x, y), FID_U32, FID_CHECK_EXACT)                 \
    X(hadd_s, __hadd(sx, sy), FID_U32, FID_CHECK_EXACT)                       \
    X(rhadd_s, __rhadd(sx, sy), FID_U32, FID_CHECK_EXACT)                     \
    X(dp4a_s, __dp4a(sx, sy, sz), FID_U32, FID_CHECK_EXACT)                   \
    X(dp4a_u, __dp4a(x, y, z), FID_U32, FID_CHECK_EXACT)                      \
    X(dp2a_lo, __dp2a_lo(sx, sy, sz), FID_U32, FID_CHECK_EXACT)               \
    X(dp2a_hi, __dp2a_hi(x, y, z), FID_U32, FID_CHECK_EXACT)                  \
    X(add_sat, fid_add_sat(sx, sy), FID_U32, FID_CHECK_EXACT)                 \
    X(cvt_s8, (int)(signed char)x, FID_U32, FID_CHECK_EXACT)                  \
    X(cvt_u16, (unsigned)(unsigned short)x, FID_U32, FID_CHECK_EXACT)         \
    X(cvt_sat_u8, fid_cvt_sat_u8_s32(sx), FID_U32, FID_CHECK_EXACT)           \
    X(cvt_sat_s16, fid_cvt_sat_s16_u32(x), FID_U32, FID_CHECK_EXACT)          \
    X(set_lt_u, fid_set_lt_u(x, y), FID_U32, FID_CHECK_EXACT)                 \
    X(slct, fid_slct(x, y, sz), FID_U32, FID_CHECK_EXACT)                     \
    X(mad_hi_s, fid_mad_hi_s(sx, sy, sz), FID_U32, FID_CHECK_EXACT)

/* 64-bit integers: x, y, z unsigned long long; sx, sy, sz signed. */
#define FID_INT64(X)                                                          \
    X(add64, x + y, FID_U64, FID_CHECK_EXACT)                                 \
    X(mul64, x * y, FID_U64, FID_CHECK_EXACT)                                 \
    X(mulhi_u64, __umul64hi(x, y), FID_U64, FID_CHECK_EXACT)                  \
    X(mulhi_s64, __mul64hi(sx, sy), FID_U64, FID_CHECK_EXACT)                 \
    X(div_u64, y ? x / y : 7ull, FID_U64, FID_CHECK_EXACT)                    \
    X(rem_s64, (sy && !(sx == (long long)0x8000000000000000ull && sy == -1)) ? sx % sy : 7ll, FID_U64, FID_CHECK_EXACT) \
    X(shl64_any, fid_shl64(x, (unsigned)y), FID_U64, FID_CHECK_EXACT)         \
    X(shr64_s_any, fid_shr64_s(x, (unsigned)y), FID_U64, FID_CHECK_EXACT)     \
    X(popc64, __popcll(x), FID_U64, FID_CHECK_EXACT)                          \
    X(clz64, __clzll(x), FID_U64, FID_CHECK_EXACT)                            \
    X(brev64, __brevll(x), FID_U64, FID_CHECK_EXACT)                          \
    X(min_s64, min(sx, sy), FID_U64, FID_CHECK_EXACT)                         \
    X(mul_wide_s, (long long)(int)x * (long long)(int)y, FID_U64, FID_CHECK_EXACT) \
    X(mul_wide_u, (unsigned long long)(unsigned)x * (unsigned)y, FID_U64, FID_CHECK_EXACT)

/* Single precision: x, y, z floats. Results are bits. */
#define FID_F32OPS(X)                                                         \
    X(fadd_rn, __fadd_rn(x, y), FID_F32, FID_CHECK_EXACT)                     \
    X(fadd_rz, __fadd_rz(x, y), FID_F32, FID_CHECK_EXACT)                     \
    X(fadd_rd, __fadd_rd(x, y), FID_F32, FID_CHECK_EXACT)                     \
    X(fadd_ru, __fadd_ru(x, y), FID_F32, FID_CHECK_EXACT)                     \
    X(fsub_rn, __fsub_rn(x, y), FID_F32, FID_CHECK_EXACT)                     \
    X(fmul_rn, __fmul_rn(x, y), FID_F32, FID_CHECK_EXACT)                     \
    X(fmul_rz, __fmul_rz(x, y), FID_F32, FID_CHECK_EXACT)                     \
    X(fmul_ru, __fmul_ru(x, y), FID_F32, FID_CHECK_EXACT)                     \
    X(fma_rn, __fmaf_rn(x, y, z), FID_F32, FID_CHECK_EXACT)                   \
    X(fma_rz, __fmaf_rz(x, y, z), FID_F32, FID_CHECK_EXACT)                   \
    X(fma_rd, __fmaf_rd(x, y, z), FID_F32, FID_CHECK_EXACT)                   \
    X(fdiv_rn, __fdiv_rn(x, y), FID_F32, FID_CHECK_EXACT)                     \
    X(fdiv_rz, __fdiv_rz(x, y), FID_F32, FID_CHECK_EXACT)                     \
    X(frcp_rn, __frcp_rn(x), FID_F32, FID_CHECK_EXACT)                        \
    X(fsqrt_rn, __fsqrt_rn(x), FID_F32, FID_CHECK_EXACT)                      \
    X(fsqrt_ru, __fsqrt_ru(x), FID_F32, FID_CHECK_EXACT)                      \
    X(fmin, fminf(x, y), FID_F32, FID_CHECK_EXACT)                            \
    X(fmax, fmaxf(x, y), FID_F32, FID_CHECK_EXACT)                            \
    X(fneg, -x, FID_F32, FID_CHECK_EXACT)                                     \
    X(fabs, fabsf(x), FID_F32, FID_CHECK_EXACT)                               \
    X(copysign, copysignf(x, y), FID_F32, FID_CHECK_EXACT)                    \
    X(add_ftz, fid_add_ftz(x, y), FID_F32, FID_CHECK_EXACT)                   \
    X(mul_sat, fid_mul_sat(x, y), FID_F32, FID_CHECK_EXACT)                   \
    X(setp_lt, (unsigned)(x < y), FID_U32, FID_CHECK_EXACT)                   \
    X(setp_equ, (unsigned)!(x != x || y != y ? 0 : x != y), FID_U32, FID_CHECK_EXACT) \
    X(setp_geu, (unsigned)!(x < y), FID_U32, FID_CHECK_EXACT)                 \
    X(testp_fin, (unsigned)isfinite(x), FID_U32, FID_CHECK_EXACT)             \
    X(f2i_rn, __float2int_rn(x), FID_U32, FID_CHECK_EXACT)                    \
    X(f2i_rz, __float2int_rz(x), FID_U32, FID_CHECK_EXACT)                    \
    X(f2i_rd, __float2int_rd(x), FID_U32, FID_CHECK_EXACT)                    \
    X(f2u_ru, __float2uint_ru(x), FID_U32, FID_CHECK_EXACT)                   \
    X(f2ll_rn, __float2ll_rn(x), FID_U64, FID_CHECK_EXACT)                    \
    X(f2ull_rz, __float2ull_rz(x), FID_U64, FID_CHECK_EXACT)                  \
    X(i2f_rn, __int2float_rn(fid_bits(x)), FID_F32, FID_CHECK_EXACT)          \
    X(i2f_rz, __int2float_rz(fid_bits(x)), FID_F32, FID_CHECK_EXACT)          \
    X(u2f_ru, __uint2float_ru(fid_bits(x)), FID_F32, FID_CHECK_EXACT)         \
    X(ll2f_rd, __ll2float_rd(((long long)fid_bits(x) << 23) ^ fid_bits(y)), FID_F32, FID_CHECK_EXACT) \
    X(f2d, (double)x, FID_F64, FID_CHECK_EXACT)                               \
    X(rint, rintf(x), FID_F32, FID_CHECK_EXACT)                               \
    X(floor, floorf(x), FID_F32, FID_CHECK_EXACT)                             \
    X(ceil, ceilf(x), FID_F32, FID_CHECK_EXACT)                               \
    X(trunc, truncf(x), FID_F32, FID_CHECK_EXACT)                             \
    X(f2h_rn, __half_as_ushort(__float2half_rn(x)), FID_U32, FID_CHECK_EXACT) \
    X(f2h_rz, __half_as_ushort(__float2half_rz(x)), FID_U32, FID_CHECK_EXACT) \
    X(f2h_ru, __half_as_ushort(__float2half_ru(x)), FID_U32, FID_CHECK_EXACT) \
    X(h2f, __half2float(__ushort_as_half((unsigned short)fid_bits(x))), FID_F32, FID_CHECK_EXACT) \
    X(hadd, __half_as_ushort(__hadd(__float2half_rn(x), __float2half_rn(y))), FID_U32, FID_CHECK_EXACT) \
    X(hfma, __half_as_ushort(__hfma(__float2half_rn(x), __float2half_rn(y), __float2half_rn(z))), FID_U32, FID_CHECK_EXACT) \
    X(f2bf_rn, __bfloat16_as_ushort(__float2bfloat16_rn(x)), FID_U32, FID_CHECK_EXACT) \
    X(f2bf_rz, __bfloat16_as_ushort(__float2bfloat16_rz(x)), FID_U32, FID_CHECK_EXACT) \
    X(bf2f, __bfloat162float(__ushort_as_bfloat16((unsigned short)fid_bits(x))), FID_F32, FID_CHECK_EXACT) \
    X(sin_approx, fid_sin(x), FID_F32, FID_CHECK_ABS(20))                     \
    X(cos_approx, fid_cos(x), FID_F32, FID_CHECK_ABS(20))                     \
    X(ex2_approx, fid_ex2(x), FID_F32, FID_CHECK_ULP(2))                      \
    X(lg2_approx, fid_lg2(x), FID_F32, FID_CHECK_REL(21))                     \
    X(rcp_approx, fid_rcp(x), FID_F32, FID_CHECK_ULP(1))                      \
    X(rsqrt_approx, fid_rsqrt(x), FID_F32, FID_CHECK_ULP(2))                  \
    X(sqrt_approx, fid_sqrt(x), FID_F32, FID_CHECK_ULP(2))                    \
    X(div_approx, __fdividef(x, y), FID_F32, FID_CHECK_ULP(2))                \
    X(div_full, fid_div_full(x, y), FID_F32, FID_CHECK_ULP(2))                \
    X(tanh_approx, fid_tanh(x), FID_F32, FID_CHECK_REL(10))

/* Double precision. */
#define FID_F64OPS(X)                                                         \
    X(dadd_rn, __dadd_rn(x, y), FID_F64, FID_CHECK_EXACT)                     \
    X(dadd_rz, __dadd_rz(x, y), FID_F64, FID_CHECK_EXACT)                     \
    X(dmul_ru, __dmul_ru(x, y), FID_F64, FID_CHECK_EXACT)                     \
    X(dfma_rn, __fma_rn(x, y, z), FID_F64, FID_CHECK_EXACT)                   \
    X(dfma_rd, __fma_rd(x, y, z), FID_F64, FID_CHECK_EXACT)                   \
    X(ddiv_rn, __ddiv_rn(x, y), FID_F64, FID_CHECK_EXACT)                     \
    X(ddiv_rz, __ddiv_rz(x, y), FID_F64, FID_CHECK_EXACT)                     \
    X(dsqrt_rn, __dsqrt_rn(x), FID_F64, FID_CHECK_EXACT)                      \
    X(drcp_rn, __drcp_rn(x), FID_F64, FID_CHECK_EXACT)                        \
    X(dmin, fmin(x, y), FID_F64, FID_CHECK_EXACT)                             \
    X(d2f_rn, __double2float_rn(x), FID_F32, FID_CHECK_EXACT)                 \
    X(d2f_rz, __double2float_rz(x), FID_F32, FID_CHECK_EXACT)                 \
    X(d2f_ru, __double2float_ru(x), FID_F32, FID_CHECK_EXACT)                 \
    X(d2i_rn, __double2int_rn(x), FID_U32, FID_CHECK_EXACT)                   \
    X(d2ll_rd, __double2ll_rd(x), FID_U64, FID_CHECK_EXACT)                   \
    X(ll2d_rn, __ll2double_rn((long long)fid_bits64(x)), FID_F64, FID_CHECK_EXACT) \
    X(ull2d_rz, __ull2double_rz(fid_bits64(y)), FID_F64, FID_CHECK_EXACT)     \
    X(dsetp_ltu, (unsigned)!(x >= y), FID_U32, FID_CHECK_EXACT)

/* Shuffles: v is 3 * lane + 1 (+ the input); b and c come from the inputs. */
#define FID_SHFL(X)                                                           \
    X(shfl_up, fid_shfl(0, v, b, c), FID_U32, FID_CHECK_EXACT)                \
    X(shfl_down, fid_shfl(1, v, b, c), FID_U32, FID_CHECK_EXACT)              \
    X(shfl_bfly, fid_shfl(2, v, b, c), FID_U32, FID_CHECK_EXACT)              \
    X(shfl_idx, fid_shfl(3, v, b, c), FID_U32, FID_CHECK_EXACT)               \
    X(shfl_up_p, fid_shfl_p(0, v, b, c), FID_U32, FID_CHECK_EXACT)            \
    X(shfl_down_p, fid_shfl_p(1, v, b, c), FID_U32, FID_CHECK_EXACT)          \
    X(shfl_bfly_p, fid_shfl_p(2, v, b, c), FID_U32, FID_CHECK_EXACT)          \
    X(shfl_idx_p, fid_shfl_p(3, v, b, c), FID_U32, FID_CHECK_EXACT)           \
    X(ballot, __ballot_sync(0xffffffffu, v & 1), FID_U32, FID_CHECK_EXACT)    \
    X(match_any, __match_any_sync(0xffffffffu, v & 3), FID_U32, FID_CHECK_EXACT)

/* The kernels, with their input type: X(kernel, ops, input type). */
#define FID_KERNELS(X)                                                        \
    X(fid_int32, FID_INT32, FID_U32)                                          \
    X(fid_int64, FID_INT64, FID_U64)                                          \
    X(fid_f32, FID_F32OPS, FID_F32)                                           \
    X(fid_f64, FID_F64OPS, FID_F64)                                           \
    X(fid_shfl, FID_SHFL, FID_U32)

/* Elements per kernel (a multiple of 32: whole warps). */
#define FID_N 8192

/* ---- inputs: edge cases first, then pseudo-random bits and values ---- */

static inline uint64_t fid_mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}

static const uint32_t fid_u32_edges[] = {
    0u, 1u, 2u, 3u, 7u, 8u, 15u, 16u, 17u, 31u, 32u, 33u, 63u, 64u, 65u, 127u, 128u, 255u, 256u,
    0x7fffu, 0x8000u, 0xffffu, 0x10000u, 0x7fffffu, 0xffffffu, 0x1000000u, 0x7fffffffu, 0x80000000u,
    0x80000001u, 0xfffffffeu, 0xffffffffu, 0x12345678u, 0xdeadbeefu, 0x55555555u, 0xaaaaaaaau, 1000000007u
};

static const uint32_t fid_f32_edges[] = {
    0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x00000001u, 0x80000001u, 0x007fffffu,
    0x00800000u, 0x80800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u,
    0xffc00000u, 0x7f800001u, 0x3f000000u, 0x3fc00000u, 0x40200000u, 0x40400000u, 0x40490fdbu,
    0x402df854u, 0x3eaaaaabu, 0x4b800000u, 0x4b800001u, 0x4f000000u, 0x4effffffu, 0xcf000000u,
    0x5f800000u, 0x3e800000u, 0x0dcccccdu, 0x71a2d3c4u, 0x33800000u, 0x34000000u, 0x387fc000u,
    0x477fe000u, 0x477ff000u, 0x3f801000u, 0x3f802000u, 0x3f800800u
};

static const uint64_t fid_f64_edges[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
    0x0000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull, 0x7fefffffffffffffull,
    0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull, 0x7ff0000000000001ull,
    0x3fe0000000000000ull, 0x3ff8000000000000ull, 0x400921fb54442d18ull, 0x3fd5555555555555ull,
    0x4340000000000000ull, 0x4340000000000001ull, 0x41e0000000000000ull, 0xc1e0000000000000ull,
    0x36a0000000000000ull, 0x47efffffe0000000ull, 0x47efffff00000000ull, 0x3810000000000000ull,
    0x380fffffffffffffull, 0x3ff0000010000000ull, 0x3ff0000008000000ull
};

#define FID_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Input `which` (0, 1, 2 for x, y, z) at element i, as bits of the type. */
static inline uint64_t fid_input(int type, int which, uint32_t i)
{
    uint64_t r = fid_mix((uint64_t)i * 3 + (uint64_t)which + 0x9e3779b97f4a7c15ull * (uint64_t)(type + 1));
    uint32_t ne = type == FID_F32 ? (uint32_t)FID_COUNT(fid_f32_edges)
                : type == FID_F64 ? (uint32_t)FID_COUNT(fid_f64_edges) : (uint32_t)FID_COUNT(fid_u32_edges);
    /* three in four inputs are edge cases, picked at random: pairs of them
       are well covered by the first thousand elements */
    uint32_t e = (uint32_t)(r >> 40) % ne;
    bool edge = (r & 3) != 0;
    switch (type) {
    case FID_F32: {
        if (edge) return fid_f32_edges[e];
        if (r & 8) return (uint32_t)(r >> 16); /* any bits: NaNs, subnormals, everything */
        /* a value of moderate size, or one near a rounding boundary */
        uint32_t bits = 0x3c000000u + (uint32_t)((r >> 20) % 0x0a000000u);
        if (r & 16) bits |= 0x80000000u;
        return bits;
    }
    case FID_F64: {
        if (edge) return fid_f64_edges[e];
        if (r & 8) return r;
        uint64_t bits = 0x3e00000000000000ull + ((r >> 12) % 0x0140000000000000ull);
        if (r & 16) bits |= 0x8000000000000000ull;
        return bits;
    }
    case FID_U64:
        if (edge) return (uint64_t)fid_u32_edges[e] << ((r >> 8) & 1 ? 32 : 0) | ((r >> 9) & 1 ? fid_u32_edges[(e + 3) % ne] : 0);
        return r;
    default:
        if (edge) return fid_u32_edges[e];
        if (r & 8) return (uint32_t)(r >> 16) & (0xffffffffu >> ((r >> 4) & 31));
        return (uint32_t)(r >> 20);
    }
}

#endif
