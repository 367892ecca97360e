/* fp8.c - the FP8 formats of sm_89's cvt (PTX ISA, "cvt"; the OCP 8-bit
 * formats as NVIDIA's cuda_fp8.h defines them):
 *
 *   e4m3  1-4-3, bias 7, no infinities; S.1111.111 is the NaN, so the
 *         largest finite value is S.1111.110 = 448;
 *   e5m2  1-5-2, bias 15, IEEE-like; S.11111.00 is infinity, the largest
 *         finite value S.11110.11 = 57344.
 *
 * To FP8 (always .satfinite): rounded to nearest, ties to even, once; a
 * value beyond the largest finite one, an infinity included, is the
 * largest finite one of its sign; a NaN is 0x7f; .relu makes a negative
 * value, and -0, +0. From FP8 to f16 every value is exact; a NaN is f16's
 * canonical 0x7fff. An H100 gives the same for every f32, every f16 and
 * every byte (bench/fp8/fp8_probe.cu, tests/golden/gpu/fp8.gpu). */
#include "sim/internal.h"

#include <math.h>

/* Round the non-negative x to an integer, ties to even. */
static double round_even(double x)
{
    double f = floor(x), r = x - f;
    if (r > 0.5 || (r == 0.5 && fmod(f, 2.0) != 0)) f += 1;
    return f;
}

uint8_t sim_to_fp8(double x, bool e5m2, bool relu)
{
    if (x != x) return 0x7f;
    if (relu && signbit(x)) x = 0; /* -0 too: +0, as the H100 gives it */
    int mbits = e5m2 ? 2 : 3, emin = e5m2 ? -14 : -6; /* the smallest normal is 2^emin */
    uint8_t sign = signbit(x) ? 0x80 : 0, largest = e5m2 ? 0x7b : 0x7e;
    double a = fabs(x), top = e5m2 ? 57344.0 : 448.0;
    if (isinf(a)) return sign | largest;
    if (a == 0) return sign;
    int e;
    frexp(a, &e);                                /* a in [2^(e-1), 2^e) */
    int E = e - 1 < emin ? emin : e - 1;
    double q = ldexp(1.0, E - mbits);            /* the spacing of FP8 values there */
    double v = round_even(a / q) * q;
    if (v > top) return sign | largest;
    if (v == 0) return sign;
    if (v < ldexp(1.0, emin)) return sign | (uint8_t)(v / ldexp(1.0, emin - mbits));
    frexp(v, &e);
    int E2 = e - 1;
    unsigned mant = (unsigned)(v / ldexp(1.0, E2 - mbits)) - (1u << mbits);
    return sign | (uint8_t)((unsigned)(E2 - emin + 1) << mbits) | (uint8_t)mant;
}

uint16_t sim_fp8_to_f16(uint8_t b, bool e5m2, bool relu)
{
    bool nan = e5m2 ? (b & 0x7c) == 0x7c && (b & 0x03) : (b & 0x7f) == 0x7f;
    if (nan) return 0x7fff;
    if (relu && (b & 0x80)) return 0; /* -0 too */
    if (e5m2) return (uint16_t)(b << 8); /* e5m2 is the top byte of an f16 */
    unsigned exp = (b >> 3) & 0xf, mant = b & 7;
    double v = exp ? ldexp((double)(mant | 8), (int)exp - 10) : ldexp((double)mant, -9);
    return (uint16_t)((b & 0x80 ? 0x8000 : 0) | sim_f64_to_f16(v, PTX_RND_RN));
}
