/* harness_elem.c - one component of a buffer's element in its own type:
 * stored from a double (rounded to nearest even, clamped for integers),
 * read back as a double, ordered for ULPs, and the sentinel of its width. */
#include "harness.h"

#include <math.h>
#include <string.h>

/* A half (1-5-10) from a float, rounded to nearest even; NaN stays NaN. */
static uint16_t half_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
    uint32_t a = u & 0x7fffffff;
    if (a > 0x7f800000) return sign | 0x7e00;               /* NaN */
    if (a >= 0x477ff000) return sign | 0x7c00;              /* 65520 and up: infinity */
    if (a < 0x33000001) return sign;                        /* at most 2^-25: zero */
    int e = (int)(a >> 23) - 127;
    uint32_t mant = (a & 0x7fffff) | 0x800000;              /* 24 bits */
    int shift = e < -14 ? -1 - e : 13;                      /* subnormal halves lose more */
    uint32_t q = mant >> shift, rest = mant & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (q & 1))) q++;
    if (e < -14) return sign | (uint16_t)q;                 /* may carry into the exponent: right */
    return sign | (uint16_t)((((uint32_t)(e + 15) << 10) + (q - 0x400)));
}

static float float_of_half(uint16_t h)
{
    unsigned exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
    float v = exp == 0 ? ldexpf((float)mant, -24)
            : exp == 31 ? (mant ? NAN : INFINITY)
                        : ldexpf((float)(mant | 0x400), (int)exp - 25);
    return h & 0x8000 ? -v : v;
}

static uint16_t bf16_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    if ((u & 0x7fffffff) > 0x7f800000) return (uint16_t)((u >> 16) | 0x40); /* NaN stays NaN */
    uint32_t low = u & 0xffff, hi = u >> 16;
    if (low > 0x8000 || (low == 0x8000 && (hi & 1))) hi++;
    return (uint16_t)hi;
}

static float float_of_bf16(uint16_t h)
{
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static double clamp(double v, double lo, double hi)
{
    return v != v ? 0 : v < lo ? lo : v > hi ? hi : v;
}

void harness_elem_put(day_num n, unsigned char *to, double v)
{
    switch (n) {
    case DAY_NUM_F32: {
        float f = (float)v;
        memcpy(to, &f, 4);
        return;
    }
    case DAY_NUM_F64: memcpy(to, &v, 8); return;
    case DAY_NUM_F16: {
        uint16_t h = half_of((float)v);
        memcpy(to, &h, 2);
        return;
    }
    case DAY_NUM_BF16: {
        uint16_t h = bf16_of((float)v);
        memcpy(to, &h, 2);
        return;
    }
    case DAY_NUM_I8: *to = (unsigned char)(int8_t)clamp(v, -128, 127); return;
    case DAY_NUM_U8: *to = (unsigned char)clamp(v, 0, 255); return;
    case DAY_NUM_I16: {
        int16_t x = (int16_t)clamp(v, -32768, 32767);
        memcpy(to, &x, 2);
        return;
    }
    case DAY_NUM_I32: {
        int32_t x = (int32_t)clamp(v, -2147483648.0, 2147483647.0);
        memcpy(to, &x, 4);
        return;
    }
    case DAY_NUM_U32: {
        uint32_t x = (uint32_t)clamp(v, 0, 4294967295.0);
        memcpy(to, &x, 4);
        return;
    }
    case DAY_NUM_I64: {
        int64_t x = (int64_t)clamp(v, -9223372036854775808.0, 9223372036854774784.0);
        memcpy(to, &x, 8);
        return;
    }
    case DAY_NUM_U64: {
        uint64_t x = (uint64_t)clamp(v, 0, 18446744073709549568.0);
        memcpy(to, &x, 8);
        return;
    }
    case DAY_NUM_COUNT: break;
    }
}

double harness_elem_get(day_num n, const unsigned char *at)
{
    switch (n) {
    case DAY_NUM_F32: {
        float f;
        memcpy(&f, at, 4);
        return f;
    }
    case DAY_NUM_F64: {
        double d;
        memcpy(&d, at, 8);
        return d;
    }
    case DAY_NUM_F16:
    case DAY_NUM_BF16: {
        uint16_t h;
        memcpy(&h, at, 2);
        return n == DAY_NUM_F16 ? float_of_half(h) : float_of_bf16(h);
    }
    case DAY_NUM_I8: return (int8_t)*at;
    case DAY_NUM_U8: return *at;
    case DAY_NUM_I16: {
        int16_t x;
        memcpy(&x, at, 2);
        return x;
    }
    case DAY_NUM_I32: {
        int32_t x;
        memcpy(&x, at, 4);
        return x;
    }
    case DAY_NUM_U32: {
        uint32_t x;
        memcpy(&x, at, 4);
        return x;
    }
    case DAY_NUM_I64: {
        int64_t x;
        memcpy(&x, at, 8);
        return (double)x;
    }
    case DAY_NUM_U64: {
        uint64_t x;
        memcpy(&x, at, 8);
        return (double)x;
    }
    case DAY_NUM_COUNT: break;
    }
    return 0;
}

uint64_t harness_elem_ordered(day_num n, const unsigned char *at)
{
    int bytes = day_num_bytes(n);
    uint64_t bits = 0, top = 1ull << (bytes * 8 - 1);
    memcpy(&bits, at, (size_t)bytes); /* little-endian */
    return bits & top ? top - (bits & (top - 1)) : top + bits;
}

double harness_elem_unit(day_num n)
{
    switch (n) {
    case DAY_NUM_F64: return 0x1p-53;
    case DAY_NUM_F16: return 0x1p-11;
    case DAY_NUM_BF16: return 0x1p-8;
    default: return HARNESS_U;
    }
}

int harness_elem_digits(day_num n)
{
    switch (n) {
    case DAY_NUM_F64: return 17;
    case DAY_NUM_F16: return 5;
    case DAY_NUM_BF16: return 4;
    default: return 0; /* a float's 9; integers are shown whole */
    }
}

uint64_t harness_sentinel_of(size_t width)
{
    switch (width) {
    case 1: return HARNESS_SENTINEL_BYTE;
    case 2: return 0x7fad;                 /* a NaN as a half and as a bf16 */
    case 8: return 0x7ff8deadc0dedeadull;  /* a NaN as a double */
    default: return HARNESS_SENTINEL;
    }
}

void harness_put_sentinels(unsigned char *to, size_t count, size_t width)
{
    if (width == 4) {
        cl_fill32(to, HARNESS_SENTINEL, count * 4);
        return;
    }
    if (width == 1) {
        memset(to, HARNESS_SENTINEL_BYTE, count);
        return;
    }
    uint64_t s = harness_sentinel_of(width);
    for (size_t i = 0; i < count; i++) memcpy(to + i * width, &s, width);
}
