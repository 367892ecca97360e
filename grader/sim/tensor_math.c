/* tensor_math.c - the arithmetic of one tensor-core tile and the fragment
 * layouts (tensor.h). Floats follow the block-FMA model published for
 * NVIDIA's tensor cores (docs/ptx-semantics.md, "Tensor cores"): the
 * products are exact; the products and C are aligned to the largest
 * exponent among them (a product's exponent taken before normalisation, the
 * sum of its factors' exponents) with SIM_TC_EXTRA bits below a float's 24,
 * every term truncated there; the integer sum is normalised once and
 * rounded to the output, toward zero for f32, to nearest even for f16.
 * Integers are exact, wrapping or (.satfinite) clamping to s32. */
#include "sim/tensor.h"
#include "sim/internal.h"
#include "sim/vec8.h"

#include <pthread.h>
#include <string.h>

/* Extra alignment bits below an f32 significand (Hopper: 2). */
#define SIM_TC_EXTRA 2

static const struct { unsigned m, n, k; } shapes[] = {
    { 0, 0, 0 },
#define SHAPE_ROW(name, m, n, k) { m, n, k },
    PTX_TC_SHAPES(SHAPE_ROW)
#undef SHAPE_ROW
};

void sim_tc_shape_mnk(unsigned shape, unsigned *m, unsigned *n, unsigned *k)
{
    *m = shapes[shape < PTX_SHAPE_COUNT ? shape : 0].m;
    *n = shapes[shape < PTX_SHAPE_COUNT ? shape : 0].n;
    *k = shapes[shape < PTX_SHAPE_COUNT ? shape : 0].k;
}

unsigned sim_tc_type_bits(unsigned type)
{
    static const unsigned bits[] = {
        0,
#define BITS_ROW(name, b) b,
        PTX_TC_TYPES(BITS_ROW)
#undef BITS_ROW
    };
    return type < PTX_TC_COUNT ? bits[type] : 0;
}

/* ---- floats ---- */

/* A float format: exponent and fraction bits. tf32 is held as f32 whose
 * low 13 bits the tensor core does not read. */
typedef struct fmt { int ebits, fbits; } fmt;

static fmt fmt_of(unsigned t)
{
    switch (t) {
    case PTX_TC_f16: return (fmt){ 5, 10 };
    case PTX_TC_bf16: return (fmt){ 8, 7 };
    case PTX_TC_tf32: return (fmt){ 8, 10 };
    default: return (fmt){ 8, 23 };
    }
}

enum { K_ZERO, K_FINITE, K_INF, K_NAN };

/* A decoded float: value = (neg ? -1 : 1) * sig * 2^(exp - fbits). exp is
 * the unbiased exponent, the format's smallest for a subnormal, and
 * ZERO_EXP for a zero (so a product with a zero factor is never the
 * block's largest, and shifts to nothing). */
typedef struct dec { uint32_t sig; int16_t exp; uint8_t neg, kind; } dec;
#define ZERO_EXP (-30000)

static inline __attribute__((always_inline)) dec decode_as(uint32_t bits, fmt f, bool tf32)
{
    if (tf32) bits >>= 13;
    unsigned w = 1 + (unsigned)f.ebits + (unsigned)f.fbits;
    dec d = { 0, 0, (uint8_t)(bits >> (w - 1) & 1u), K_FINITE };
    uint32_t e = bits >> f.fbits & ((1u << f.ebits) - 1), m = bits & ((1u << f.fbits) - 1);
    int bias = (1 << (f.ebits - 1)) - 1;
    if (e == (1u << f.ebits) - 1) {
        d.kind = m ? K_NAN : K_INF;
        return d;
    }
    if (e == 0 && m == 0) {
        d.kind = K_ZERO;
        d.exp = ZERO_EXP;
        return d;
    }
    d.exp = (int16_t)(e ? (int)e - bias : 1 - bias);
    d.sig = e ? (m | 1u << f.fbits) : m;
    return d;
}

static dec decode(uint32_t bits, unsigned t)
{
    return decode_as(bits, fmt_of(t), t == PTX_TC_tf32);
}

/* The bits of (neg, mag * 2^g) in format t (f16 or f32): toward zero, or
 * to nearest even; past the largest finite value, infinity. */
static uint32_t encode(int neg, uint64_t mag, int g, unsigned t, bool nearest)
{
    fmt f = fmt_of(t);
    unsigned w = 1 + (unsigned)f.ebits + (unsigned)f.fbits;
    uint32_t sign = (uint32_t)neg << (w - 1), inf = ((1u << f.ebits) - 1) << f.fbits;
    int bias = (1 << (f.ebits - 1)) - 1, emin = 1 - bias;
    if (!mag) return sign;
    int top = 63 - __builtin_clzll(mag);   /* mag's leading bit */
    int e = top + g;                       /* the value's exponent */
    if (e < emin) e = emin;                /* a subnormal: the quantum is fixed */
    int q = e - f.fbits;                   /* the result's quantum, 2^q */
    int sh = q - g;                        /* mag's bits below it */
    uint64_t r;
    if (sh <= 0) {
        r = sh <= -64 ? 0 : mag << -sh;    /* exact (only small values come here) */
    } else {
        r = sh >= 64 ? 0 : mag >> sh;
        if (nearest && sh <= 64) {
            uint64_t rest = sh >= 64 ? mag : mag & ((1ull << sh) - 1), half = 1ull << (sh - 1);
            if (rest > half || (rest == half && (r & 1u))) r++;
        }
    }
    /* r = significand with the implicit bit at fbits (or below, subnormal);
       rounding up may carry into the next binade */
    if (r >> (f.fbits + 1)) {
        r >>= 1;
        e++;
    }
    if (e > bias) return sign | inf;
    uint32_t ef = (r >> f.fbits) ? (uint32_t)(e + bias) : 0;
    return sign | ef << f.fbits | (uint32_t)(r & ((1u << f.fbits) - 1));
}

static uint32_t nan_of(unsigned td)
{
    return td == PTX_TC_f16 ? 0x7fffu : 0x7fffffffu;
}

/* The result when an input is an infinity or a NaN (special: some is). */
static uint32_t dot_special(unsigned k, unsigned tc, unsigned td, const dec *pa, const dec *pb, uint32_t cbits)
{
    int pinf = 0, ninf = 0, nan = 0;
    for (unsigned i = 0; i < k; i++) {
        int ka = pa[i].kind, kb = pb[i].kind;
        if (ka == K_NAN || kb == K_NAN) nan = 1;
        else if (ka == K_INF || kb == K_INF) {
            if (ka == K_ZERO || kb == K_ZERO) nan = 1;
            else if (pa[i].neg ^ pb[i].neg) ninf = 1;
            else pinf = 1;
        }
    }
    dec c = decode(cbits, tc);
    if (c.kind == K_NAN) nan = 1;
    if (c.kind == K_INF) *(c.neg ? &ninf : &pinf) = 1;
    if (nan || (pinf && ninf)) return nan_of(td);
    return encode(ninf, 1, 1000, td, false);
}

static bool special(const dec *d)
{
    return d->kind == K_INF || d->kind == K_NAN;
}

/* C's place in the block of a dot product whose largest product exponent
 * is *emax (ZERO_EXP or below: every product is zero): C's exponent as an
 * f32 would have it (an f16 C is normalised there) raises it; false when
 * nothing is finite, and the result is zero. c is finite or zero. */
static bool block_exp(const dec *c, unsigned tc, int *emax)
{
    bool fin = *emax > ZERO_EXP / 2;
    if (c->kind != K_FINITE) return fin;
    int cfb = fmt_of(tc).fbits, top = 31 - __builtin_clz(c->sig);
    int cexp = c->exp - cfb + top;
    if (tc != PTX_TC_f16 && cexp < c->exp) cexp = c->exp; /* an f32 subnormal stays at -126 */
    if (cexp > *emax || !fin) *emax = cexp;
    return true;
}

/* C truncated to a multiple of 2^g, in units of 2^g, signed. */
static int64_t c_term(const dec *c, unsigned tc, int g)
{
    if (c->kind != K_FINITE) return 0;
    int sh = c->exp - fmt_of(tc).fbits - g;
    uint64_t t = sh >= 0 ? (uint64_t)c->sig << sh : sh <= -64 ? 0 : (uint64_t)c->sig >> -sh;
    return c->neg ? -(int64_t)t : (int64_t)t;
}

/* The block's sum, in units of 2^g, normalised once and rounded to td. */
static uint32_t dot_round(int64_t sum, int g, unsigned td)
{
    if (!sum) return 0;
    int neg = sum < 0;
    return encode(neg, neg ? (uint64_t)-sum : (uint64_t)sum, g, td, td == PTX_TC_f16);
}

/* c + sum a[i] * b[i], floats, the inputs decoded and finite or zero (an
 * infinity or a NaN among them or in c: dot_special). The general path:
 * the reference mode runs every dot product here, and the fast path
 * (dot_fast) must equal it. */
static uint32_t dot_dec(unsigned k, unsigned ta, unsigned tc, unsigned td, const dec *pa, const dec *pb,
                        uint32_t cbits)
{
    int fa = fmt_of(ta).fbits, emax = ZERO_EXP;
    for (unsigned i = 0; i < k; i++) {
        int e = pa[i].exp + pb[i].exp;
        emax = e > emax ? e : emax;
    }
    dec c = decode(cbits, tc);
    if (c.kind == K_NAN || c.kind == K_INF) return dot_special(k, tc, td, pa, pb, cbits);
    if (!block_exp(&c, tc, &emax)) return 0;
    int g = emax - 23 - SIM_TC_EXTRA;  /* every term is truncated to a multiple of 2^g */
    int64_t sum = 0;
    for (unsigned i = 0; i < k; i++) {
        uint64_t m = (uint64_t)pa[i].sig * pb[i].sig;
        int sh = pa[i].exp + pb[i].exp - 2 * fa - g; /* m * 2^sh units of 2^g */
        uint64_t t = sh >= 0 ? m << sh : sh <= -64 ? 0 : m >> -sh;
        sum += (pa[i].neg ^ pb[i].neg) ? -(int64_t)t : (int64_t)t;
    }
    return dot_round(sum + c_term(&c, tc, g), g, td);
}

/* ---- the fast path of a float tile ---- */

/* A row of A or a column of B for dot_fast: FAST_K terms as vectors of
 * eight (zeros past K): exponents, significands, and signs as masks (all
 * ones where negative). */
#define FAST_K 16
typedef struct tc_vec { v8i exp[2]; v8u sig[2], neg[2]; } tc_vec;

/* Whether dot_fast can run a tile: K <= FAST_K, and multiplicands whose
 * products, shifted up to the block's extra bits, fit 27 bits (f16, bf16,
 * tf32), so that each term is one 32-bit lane and sixteen of them sum
 * within an int32. */
static bool fast_ok(unsigned K, unsigned ta)
{
    return K <= FAST_K && (ta == PTX_TC_f16 || ta == PTX_TC_bf16 || ta == PTX_TC_tf32);
}

/* K decoded terms (finite or zero) as a tc_vec. */
static void fast_vec(tc_vec *v, const dec *d, unsigned K)
{
    for (unsigned i = 0; i < FAST_K; i++) {
        bool in = i < K;
        v->exp[i / 8][i % 8] = in ? d[i].exp : ZERO_EXP;
        v->sig[i / 8][i % 8] = in ? d[i].sig : 0;
        v->neg[i / 8][i % 8] = in && d[i].neg ? 0xffffffffu : 0;
    }
}

/* dot_dec of two tc_vecs whose terms are finite or zero, c finite or zero.
 * A product m of exponent e lies d = emax - e below the block's largest,
 * so dot_dec's m * 2^(e - 2 fa - g) is m * 2^up >> d with up = 25 - 2 fa
 * (0 <= up, m * 2^up < 2^27): exact where d <= up, truncated as dot_dec
 * truncates where not, zero from d = 27 on. */
static inline __attribute__((always_inline)) uint32_t dot_fast(const tc_vec *x, const tc_vec *y, int up,
                                                               unsigned tc, unsigned td, const dec *c)
{
    const v8i zero = { 0, 0, 0, 0, 0, 0, 0, 0 };
    v8i e0 = x->exp[0] + y->exp[0], e1 = x->exp[1] + y->exp[1];
    v8i gt = e0 > e1, mx = (gt & e0) | (~gt & e1), sw;
    sw = __builtin_shufflevector(mx, mx, 4, 5, 6, 7, 0, 1, 2, 3);
    gt = sw > mx, mx = (gt & sw) | (~gt & mx);
    sw = __builtin_shufflevector(mx, mx, 2, 3, 0, 1, 6, 7, 4, 5);
    gt = sw > mx, mx = (gt & sw) | (~gt & mx);
    sw = __builtin_shufflevector(mx, mx, 1, 0, 3, 2, 5, 4, 7, 6);
    gt = sw > mx, mx = (gt & sw) | (~gt & mx);
    int emax = mx[0] > ZERO_EXP ? mx[0] : ZERO_EXP;
    if (!block_exp(c, tc, &emax)) return 0;
    int g = emax - 23 - SIM_TC_EXTRA;
    v8i cap = zero + 31, d0 = zero + emax - e0, d1 = zero + emax - e1; /* d >= 0 */
    gt = d0 > cap, d0 = (gt & cap) | (~gt & d0);
    gt = d1 > cap, d1 = (gt & cap) | (~gt & d1);
    v8u t0 = (x->sig[0] * y->sig[0]) << up >> (v8u)d0, t1 = (x->sig[1] * y->sig[1]) << up >> (v8u)d1;
    v8u n0 = x->neg[0] ^ y->neg[0], n1 = x->neg[1] ^ y->neg[1];
    v8i s = (v8i)((t0 ^ n0) - n0) + (v8i)((t1 ^ n1) - n1);
    int64_t sum = 0;
    for (int i = 0; i < 8; i++) sum += s[i];
    return dot_round(sum + c_term(c, tc, g), g, td);
}

/* mma_step's float tile by dot_fast (fast_ok), the inputs decoded (da by
 * rows, db by columns); a row or column with an infinity or a NaN, or such
 * a C, takes dot_special as in the general path. */
static SIM_HOT void mma_fast(unsigned M, unsigned N, unsigned K, unsigned ta, unsigned tc, unsigned td,
                             const dec *da, const dec *db, const bool *rsp, const bool *csp, const uint32_t *c,
                             uint32_t *d)
{
    tc_vec va[32], vb[32];
    for (unsigned i = 0; i < M; i++) fast_vec(&va[i], da + i * K, K);
    for (unsigned j = 0; j < N; j++) fast_vec(&vb[j], db + j * K, K);
    int up = 23 + SIM_TC_EXTRA - 2 * fmt_of(ta).fbits;
    fmt fc = fmt_of(tc);
    for (unsigned i = 0; i < M; i++)
        for (unsigned j = 0; j < N; j++) {
            dec cd = decode_as(c[i * N + j], fc, tc == PTX_TC_tf32);
            d[i * N + j] = rsp[i] || csp[j] || special(&cd)
                               ? dot_special(K, tc, td, da + i * K, db + j * K, c[i * N + j])
                               : dot_fast(&va[i], &vb[j], up, tc, td, &cd);
        }
}

static int64_t int_of(uint32_t bits, unsigned t)
{
    switch (t) {
    case PTX_TC_s8: return (int8_t)(bits & 0xffu);
    case PTX_TC_u8: return bits & 0xffu;
    default: return (int32_t)bits;
    }
}

uint32_t sim_tc_dot(unsigned k, unsigned ta, unsigned tb, unsigned tc, unsigned td, bool satf, const uint32_t *a,
                    const uint32_t *b, uint32_t c)
{
    if (td == PTX_TC_s32) {
        int64_t s = int_of(c, tc);
        for (unsigned i = 0; i < k; i++) s += int_of(a[i], ta) * int_of(b[i], tb);
        if (satf) s = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s;
        return (uint32_t)s;
    }
    dec da[64], db[64];
    bool sp = false;
    k = k < 64 ? k : 64;
    for (unsigned i = 0; i < k; i++) {
        da[i] = decode(a[i], ta);
        db[i] = decode(b[i], ta);
        sp |= special(&da[i]) || special(&db[i]);
    }
    return sp ? dot_special(k, tc, td, da, db, c) : dot_dec(k, ta, tc, td, da, db, c);
}

void sim_tc_mma(unsigned M, unsigned N, unsigned K, unsigned ta, unsigned tb, unsigned tc, unsigned td,
                bool satf, const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t *d)
{
    sim_tc_mma_steps(M, N, K, K, ta, tb, tc, td, satf, false, a, b, c, d);
}

/* One step of depth K (a, b with row strides lda and ldb). */
static void mma_step(unsigned M, unsigned N, unsigned K, unsigned lda, unsigned ta, unsigned tb, unsigned tc,
                     unsigned td, bool satf, bool reference, const uint32_t *a, const uint32_t *b, const uint32_t *c,
                     uint32_t *d);

unsigned sim_tc_wmma_step(unsigned shape, unsigned ta)
{
    return shape == PTX_SHAPE_m16n16k8 && ta == PTX_TC_tf32 ? 4 : 0;
}

void sim_tc_mma_steps(unsigned M, unsigned N, unsigned K, unsigned step, unsigned ta, unsigned tb, unsigned tc,
                      unsigned td, bool satf, bool reference, const uint32_t *a, const uint32_t *b,
                      const uint32_t *c, uint32_t *d)
{
    if (!step || step >= K) {
        mma_step(M, N, K, K, ta, tb, tc, td, satf, reference, a, b, c, d);
        return;
    }
    uint32_t acc[512];
    for (unsigned k0 = 0; k0 < K; k0 += step) {
        mma_step(M, N, step, K, ta, tb, k0 ? td : tc, td, satf, reference, a + k0, b + k0 * N, k0 ? acc : c, d);
        memcpy(acc, d, (size_t)M * N * sizeof *acc);
    }
}

static void mma_step(unsigned M, unsigned N, unsigned K, unsigned lda, unsigned ta, unsigned tb, unsigned tc,
                     unsigned td, bool satf, bool reference, const uint32_t *a, const uint32_t *b, const uint32_t *c,
                     uint32_t *d)
{
    if (td == PTX_TC_s32) {
        uint32_t col[64];
        for (unsigned j = 0; j < N; j++) {
            for (unsigned kk = 0; kk < K; kk++) col[kk] = b[kk * N + j];
            for (unsigned i = 0; i < M; i++)
                d[i * N + j] = sim_tc_dot(K, ta, tb, tc, td, satf, a + i * lda, col, c[i * N + j]);
        }
        return;
    }
    /* each input decoded once: A by rows, B by columns; a row or column
       with an infinity or a NaN takes dot_special */
    dec da[512], db[512];
    bool rsp[32] = { false }, csp[32] = { false };
    fmt fa = fmt_of(ta);
    bool tf32 = ta == PTX_TC_tf32;
    for (unsigned i = 0; i < M; i++)
        for (unsigned kk = 0; kk < K; kk++) {
            da[i * K + kk] = decode_as(a[i * lda + kk], fa, tf32);
            rsp[i] |= special(&da[i * K + kk]);
        }
    for (unsigned j = 0; j < N; j++)
        for (unsigned kk = 0; kk < K; kk++) {
            db[j * K + kk] = decode_as(b[kk * N + j], fa, tf32);
            csp[j] |= special(&db[j * K + kk]);
        }
    if (!reference && fast_ok(K, ta)) {
        mma_fast(M, N, K, ta, tc, td, da, db, rsp, csp, c, d);
        return;
    }
    for (unsigned i = 0; i < M; i++)
        for (unsigned j = 0; j < N; j++) {
            const dec *x = da + i * K, *y = db + j * K;
            d[i * N + j] = rsp[i] || csp[j] ? dot_special(K, tc, td, x, y, c[i * N + j])
                                            : dot_dec(K, ta, tc, td, x, y, c[i * N + j]);
        }
}

/* ---- fragment layouts ---- */

static bool is_mma_shape(unsigned shape)
{
    return shape == PTX_SHAPE_m16n8k8 || shape == PTX_SHAPE_m16n8k16 || shape == PTX_SHAPE_m16n8k32 ||
           shape == PTX_SHAPE_m16n8k4;
}

bool sim_tc_frag_of(unsigned shape, unsigned use, unsigned type, sim_tc_frag *f)
{
    unsigned m, n, k;
    sim_tc_shape_mnk(shape, &m, &n, &k);
    memset(f, 0, sizeof *f);
    if (!k) return false;
    f->bits = sim_tc_type_bits(type);
    f->rows = use == SIM_TC_USE_A ? m : use == SIM_TC_USE_B ? k : m;
    f->cols = use == SIM_TC_USE_A ? k : n;
    f->nelem = f->rows * f->cols / 32;
    /* wmma's f16 multiplicands are 16 halves a lane, whatever the shape */
    if (!is_mma_shape(shape) && type == PTX_TC_f16 && use != SIM_TC_USE_C) f->nelem = 16;
    f->nregs = (f->nelem * f->bits + 31) / 32;
    return f->bits != 0;
}

/* mma.sync's layouts (the PTX ISA's, by groupID g and thread-in-group q).
 * 16-bit multiplicands: A register r (two elements) at row g + 8 (r & 1),
 * column 2q + e + 8 (r >> 1); B register r at k = 2q + e + 8r, n = g.
 * 8-bit: the same with four elements, columns 4q + e + 16 (r >> 1), B
 * k = 4q + e + 16r. tf32: A element r at row g + 8 (r & 1), column
 * q + 4 (r >> 1); B k = q + 4r. C: element e at row g + 8 (e >> 1),
 * column 2q + (e & 1). */
static void mma_pos(unsigned use, unsigned type, unsigned lane, unsigned e, unsigned *row, unsigned *col)
{
    unsigned g = lane >> 2, q = lane & 3, bits = sim_tc_type_bits(type);
    unsigned per = bits == 32 ? 1 : 32 / bits, r = e / per, i = e % per;
    if (use == SIM_TC_USE_C) {
        *row = g + 8 * (e >> 1);
        *col = 2 * q + (e & 1);
        return;
    }
    unsigned step = bits == 32 ? 4 : bits == 16 ? 8 : 16;
    if (use == SIM_TC_USE_A) {
        *row = g + 8 * (r & 1);
        *col = per * q + i + step * (r >> 1);
        return;
    }
    *row = per * q + i + step * r;
    *col = g;
}

/* wmma's layouts, as tiles of mma.sync's: A is M/16 tiles of 16 rows (a
 * height of 8 takes the tile's rows 0-7), B is N/8 tiles of 8 columns, C
 * is tiles of 16 x 8, tile by tile in the fragment; m8n32k16's C and f16 B
 * are their transposes'; the f16 multiplicands' spare elements repeat the
 * first ones. */
static void wmma_pos(unsigned shape, unsigned use, unsigned type, unsigned lane, unsigned e, unsigned *row,
                     unsigned *col)
{
    unsigned m, n, k;
    sim_tc_shape_mnk(shape, &m, &n, &k);
    unsigned bits = sim_tc_type_bits(type);
    unsigned distinct = (use == SIM_TC_USE_A ? m * k : use == SIM_TC_USE_B ? k * n : m * n) / 32;
    e %= distinct;
    if (m == 8 && (use == SIM_TC_USE_C || (use == SIM_TC_USE_B && bits == 16))) {
        /* m8n32k16's B and C are m32n8k16's A and C transposed, as the
           GPU's record shows: lane 4g + q holds columns g and g + 8 of each
           16-column half, rows 2q and 2q + 1 (and 8 more, for B) */
        unsigned g = lane >> 2, q = lane & 3, p = (e & 7) >> 1;
        if (use == SIM_TC_USE_C) {
            *row = 2 * q + (e & 1);
            *col = g + 8 * (p & 1) + 16 * (e >> 2);
        } else {
            *row = 2 * q + (e & 1) + 8 * (p >> 1);
            *col = g + 8 * (p & 1) + 16 * (e >> 3);
        }
        return;
    }
    if (use == SIM_TC_USE_A) {
        unsigned per = (16 * k) / 32; /* elements of one 16-row tile */
        if (m == 8) {                 /* rows 0-7 of a tile: its even registers */
            unsigned pr = bits == 32 ? 1 : 32 / bits, r = e / pr;
            mma_pos(use, type, lane, (2 * r) * pr + e % pr, row, col);
            return;
        }
        mma_pos(use, type, lane, e % per, row, col);
        *row += 16 * (e / per);
        return;
    }
    if (use == SIM_TC_USE_B) {
        unsigned per = (8 * k) / 32;
        mma_pos(use, type, lane, e % per, row, col);
        *col += 8 * (e / per);
        return;
    }
    if (m == 8) { /* 8 x 8 tiles: two elements each, columns 8t */
        mma_pos(use, type, lane, e % 2, row, col);
        *col += 8 * (e / 2);
        return;
    }
    mma_pos(use, type, lane, e % 4, row, col);
    if (n == 8) *row += 16 * (e / 4);
    else *col += 8 * (e / 4);
}

void sim_tc_frag_pos(unsigned shape, unsigned use, unsigned type, unsigned lane, unsigned e, unsigned *row,
                     unsigned *col)
{
    if (is_mma_shape(shape)) mma_pos(use, type, lane, e, row, col);
    else wmma_pos(shape, use, type, lane, e, row, col);
}

void sim_tc_ldmatrix_pos(unsigned lane, bool trans, unsigned *row, unsigned *col)
{
    if (trans) {
        *row = 2 * (lane & 3);
        *col = lane >> 2;
    } else {
        *row = lane >> 2;
        *col = 2 * (lane & 3);
    }
}

/* Every fragment's positions, once: [shape][use][type][lane * nelem + e]. */
static uint16_t frag_tab[PTX_SHAPE_COUNT][3][PTX_TC_COUNT][32 * 16];
static pthread_once_t frag_once = PTHREAD_ONCE_INIT;

static void frag_build(void)
{
    for (unsigned s = 1; s < PTX_SHAPE_COUNT; s++)
        for (unsigned use = 0; use < 3; use++)
            for (unsigned t = 1; t < PTX_TC_COUNT; t++) {
                sim_tc_frag f;
                if (!sim_tc_frag_of(s, use, t, &f) || f.nelem > 16) continue;
                for (unsigned l = 0; l < 32; l++)
                    for (unsigned e = 0; e < f.nelem; e++) {
                        unsigned r, c;
                        sim_tc_frag_pos(s, use, t, l, e, &r, &c);
                        unsigned idx = r * f.cols + c;
                        frag_tab[s][use][t][l * f.nelem + e] = (uint16_t)(idx < f.rows * f.cols ? idx : 0);
                    }
            }
}

const uint16_t *sim_tc_frag_table(unsigned shape, unsigned use, unsigned type)
{
    pthread_once(&frag_once, frag_build);
    return frag_tab[shape < PTX_SHAPE_COUNT ? shape : 0][use < 3 ? use : 0][type < PTX_TC_COUNT ? type : 0];
}
