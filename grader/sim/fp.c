/* fp.c - half-precision conversions with every rounding mode: f16 (1-5-10)
 * and bf16 (1-8-7), to and from float/double. NaN becomes the canonical
 * 0x7fff, as the GPU writes it. */
#include "sim/internal.h"

#include <math.h>

/* Round the non-negative x (in units of the quantum) to an integer by mode,
 * for a value of sign `neg`. */
static double round_units(double x, int rnd, bool neg)
{
    switch (rnd) {
    case PTX_RND_RZ: return floor(x);
    case PTX_RND_RM: return neg ? ceil(x) : floor(x);
    case PTX_RND_RP: return neg ? floor(x) : ceil(x);
    default: {
        double f = floor(x), r = x - f;
        if (r > 0.5 || (r == 0.5 && fmod(f, 2.0) != 0)) f += 1;
        return f;
    }
    }
}

uint16_t sim_f64_to_f16(double d, int rnd)
{
    if (d != d) return 0x7fff;
    bool neg = signbit(d);
    uint16_t sign = neg ? 0x8000 : 0;
    double a = fabs(d);
    if (isinf(a)) return sign | 0x7c00;
    if (a == 0) return sign;
    int e;
    frexp(a, &e);                      /* a in [2^(e-1), 2^e) */
    int E = e - 1 < -14 ? -14 : e - 1;
    double q = ldexp(1.0, E - 10);     /* the spacing of halves there */
    double v = round_units(a / q, rnd, neg) * q;
    if (v > 65504.0) {
        bool to_inf = rnd == PTX_RND_RN || rnd == PTX_RND_NONE || (rnd == PTX_RND_RP && !neg) ||
                      (rnd == PTX_RND_RM && neg);
        return to_inf ? (sign | 0x7c00) : (sign | 0x7bff);
    }
    if (v == 0) return sign;
    if (v < ldexp(1.0, -14)) return sign | (uint16_t)(v / ldexp(1.0, -24));
    frexp(v, &e);
    int E2 = e - 1;
    uint16_t mant = (uint16_t)(v / ldexp(1.0, E2 - 10) - 1024);
    return sign | (uint16_t)((E2 + 15) << 10) | mant;
}

float sim_f16_to_f32(uint16_t h)
{
    unsigned sign = h >> 15, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
    float v;
    if (exp == 0) v = ldexpf((float)mant, -24);
    else if (exp == 31) v = mant ? NAN : INFINITY;
    else v = ldexpf((float)(mant | 0x400), (int)exp - 25);
    if (exp == 31 && mant) return sim_u2f(0x7fffffffu);
    return sign ? -v : v;
}

uint16_t sim_f32_to_bf16(float f, int rnd)
{
    uint32_t u = sim_f2u(f);
    if (f != f) return 0x7fff;
    bool neg = u >> 31;
    uint32_t low = u & 0xffff;
    uint32_t hi = u >> 16;
    switch (rnd) {
    case PTX_RND_RZ: break;
    case PTX_RND_RM: if (neg && low) hi++; break;
    case PTX_RND_RP: if (!neg && low) hi++; break;
    default:
        if (low > 0x8000 || (low == 0x8000 && (hi & 1))) hi++;
        break;
    }
    /* directed rounding must not turn a finite value into infinity */
    if ((hi & 0x7fff) == 0x7f80 && (u & 0x7fffffff) < 0x7f800000u && rnd != PTX_RND_RN &&
        rnd != PTX_RND_NONE && !((rnd == PTX_RND_RP && !neg) || (rnd == PTX_RND_RM && neg)))
        hi--;
    return (uint16_t)hi;
}

float sim_bf16_to_f32(uint16_t h)
{
    if ((h & 0x7f80) == 0x7f80 && (h & 0x7f)) return sim_u2f(0x7fffffffu);
    return sim_u2f((uint32_t)h << 16);
}
