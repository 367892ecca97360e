/* alu_float.c - one lane of float, half and conversion instructions, with
 * every rounding mode (.rn .rz .rm .rp through the host's IEEE rounding
 * modes; .rni .rzi .rmi .rpi to integers), .ftz and .sat. The .approx
 * functions are computed accurately, which is within the PTX error bounds;
 * their special cases (div.approx for huge divisors, ftz) follow the PTX ISA;
 * NaN results are the bit patterns an H200 writes (internal.h, sim_nan64). */
#include "sim/internal.h"

#include <fenv.h>
#include <math.h>

static int fe_mode(unsigned rnd)
{
    switch (rnd) {
    case PTX_RND_RZ: case PTX_RND_RZI: return FE_TOWARDZERO;
    case PTX_RND_RM: case PTX_RND_RMI: return FE_DOWNWARD;
    case PTX_RND_RP: case PTX_RND_RPI: return FE_UPWARD;
    default: return FE_TONEAREST;
    }
}

static float ftz32(float x)
{
    return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
}

bool sim_fcmp(unsigned cmp, double a, double b)
{
    bool un = a != a || b != b;
    switch (cmp) {
    case PTX_CMP_EQ: return !un && a == b;
    case PTX_CMP_NE: return !un && a != b;
    case PTX_CMP_LT: return !un && a < b;
    case PTX_CMP_LE: return !un && a <= b;
    case PTX_CMP_GT: return !un && a > b;
    case PTX_CMP_GE: return !un && a >= b;
    case PTX_CMP_EQU: return un || a == b;
    case PTX_CMP_NEU: return un || a != b;
    case PTX_CMP_LTU: return un || a < b;
    case PTX_CMP_LEU: return un || a <= b;
    case PTX_CMP_GTU: return un || a > b;
    case PTX_CMP_GEU: return un || a >= b;
    case PTX_CMP_NUM: return !un;
    case PTX_CMP_NAN: return un;
    default: return false;
    }
}

double sim_to_double(ptx_type t, uint64_t v, bool ftz)
{
    switch (t) {
    case PTX_T_f64: return sim_u2d(v);
    case PTX_T_f16: return sim_f16_to_f32((uint16_t)v);
    case PTX_T_bf16: return sim_bf16_to_f32((uint16_t)v);
    default: {
        float f = sim_u2f((uint32_t)v);
        return ftz ? ftz32(f) : f;
    }
    }
}

/* ---- f32 and f64 arithmetic in a rounding mode ---- */

enum { OP_ADD, OP_SUB, OP_MUL, OP_FMA, OP_DIV, OP_SQRT, OP_RCP };

static double rop64(int op, double a, double b, double c, unsigned rnd)
{
    int mode = fe_mode(rnd), old = fegetround();
    if (mode != old) fesetround(mode);
    volatile double va = a, vb = b, vc = c;
    volatile double r;
    switch (op) {
    case OP_ADD: r = va + vb; break;
    case OP_SUB: r = va - vb; break;
    case OP_MUL: r = va * vb; break;
    case OP_FMA: r = fma(va, vb, vc); break;
    case OP_DIV: r = va / vb; break;
    case OP_SQRT: r = sqrt(va); break;
    default: r = 1.0 / va; break;
    }
    double out = r;
    if (mode != old) fesetround(old);
    return out;
}

static float rop32(int op, float a, float b, float c, unsigned rnd)
{
    int mode = fe_mode(rnd), old = fegetround();
    if (mode != old) fesetround(mode);
    volatile float va = a, vb = b, vc = c;
    volatile float r;
    switch (op) {
    case OP_ADD: r = va + vb; break;
    case OP_SUB: r = va - vb; break;
    case OP_MUL: r = va * vb; break;
    case OP_FMA: r = fmaf(va, vb, vc); break;
    case OP_DIV: r = va / vb; break;
    case OP_SQRT: r = sqrtf(va); break;
    default: r = 1.0f / va; break;
    }
    float out = r;
    if (mode != old) fesetround(old);
    return out;
}

/* min/max: a NaN operand loses; both NaN is NaN; -0 is below +0. */
static double fminmax(double a, double b, bool is_max, bool nan_wins)
{
    if (a != a || b != b) {
        if (nan_wins || (a != a && b != b)) return NAN;
        return a != a ? b : a;
    }
    if (a == b && a == 0) return (signbit(a) != signbit(b)) ? (is_max ? 0.0 : -0.0) : a;
    return is_max ? (a > b ? a : b) : (a < b ? a : b);
}

static float approx32(const ptx_insn *in, float a, float b)
{
    switch (in->op) {
    case PTX_OP_rcp: return (float)(1.0 / a);
    case PTX_OP_sqrt: return sqrtf(a);
    case PTX_OP_rsqrt: return (float)(1.0 / sqrt((double)a));
    case PTX_OP_sin: return (float)sin((double)a);
    case PTX_OP_cos: return (float)cos((double)a);
    case PTX_OP_lg2: return (float)log2((double)a);
    case PTX_OP_ex2: return (float)exp2((double)a);
    case PTX_OP_tanh: return (float)tanh((double)a);
    case PTX_OP_div: {
        float ab = fabsf(b);
        if ((in->flags & PTX_F_APPROX) && ab > 0x1p126f && ab < INFINITY)
            return isinf(a) || a != a ? NAN : copysignf(0.0f, a) * (signbit(b) ? -1.0f : 1.0f);
        return (float)((double)a / (double)b);
    }
    default: SIM_ASSERT(0);
    }
}

static bool is_approx_fn(const ptx_insn *in)
{
    switch (in->op) {
    case PTX_OP_rsqrt: case PTX_OP_sin: case PTX_OP_cos: case PTX_OP_lg2: case PTX_OP_ex2:
    case PTX_OP_tanh:
        return true;
    case PTX_OP_rcp: case PTX_OP_sqrt: case PTX_OP_div:
        return (in->flags & (PTX_F_APPROX | PTX_F_FULL)) != 0;
    default:
        return false;
    }
}

static bool testp(unsigned mode, double x)
{
    switch (mode) {
    case PTX_TESTP_FINITE: return isfinite(x);
    case PTX_TESTP_INFINITE: return isinf(x);
    case PTX_TESTP_NUMBER: return !isnan(x);
    case PTX_TESTP_NOTANUMBER: return isnan(x);
    case PTX_TESTP_NORMAL: return isnormal(x);
    default: return fpclassify(x) == FP_SUBNORMAL;
    }
}

static int arith_op(unsigned op)
{
    switch (op) {
    case PTX_OP_add: return OP_ADD;
    case PTX_OP_sub: return OP_SUB;
    case PTX_OP_mul: return OP_MUL;
    case PTX_OP_fma: case PTX_OP_mad: return OP_FMA;
    case PTX_OP_div: return OP_DIV;
    case PTX_OP_sqrt: return OP_SQRT;
    case PTX_OP_rcp: return OP_RCP;
    default: return -1;
    }
}

static uint32_t finish32(const ptx_insn *in, float r)
{
    if (in->flags & PTX_F_FTZ) r = ftz32(r);
    if (in->flags & PTX_F_SAT) r = !(r > 0) ? 0.0f : r > 1 ? 1.0f : r; /* NaN and -0 to +0 */
    return r != r ? SIM_CANON_NAN32 : sim_f2u(r);
}

static unsigned f32_op(const ptx_insn *in, uint64_t v[6])
{
    bool ftz = in->flags & PTX_F_FTZ;
    float a = sim_u2f((uint32_t)v[1]), b = sim_u2f((uint32_t)v[2]), c = sim_u2f((uint32_t)v[3]);
    if (ftz) a = ftz32(a), b = ftz32(b), c = ftz32(c);
    float r;
    switch (in->op) {
    case PTX_OP_abs: v[0] = a != a ? SIM_CANON_NAN32 : sim_f2u(a) & 0x7fffffffu; return 0;
    case PTX_OP_neg: v[0] = a != a ? SIM_CANON_NAN32 : sim_f2u(a) ^ 0x80000000u; return 0;
    case PTX_OP_copysign: v[0] = (sim_f2u(b) & 0x7fffffffu) | (sim_f2u(a) & 0x80000000u); return 0;
    case PTX_OP_testp: v[0] = testp(in->mode, a); return 0;
    case PTX_OP_min:
    case PTX_OP_max:
        r = (float)fminmax(a, b, in->op == PTX_OP_max, in->flags & PTX_F_NAN);
        break;
    default:
        if (is_approx_fn(in)) r = approx32(in, a, b);
        else r = rop32(arith_op(in->op), a, b, c, in->rnd);
        break;
    }
    v[0] = finish32(in, r);
    return 0;
}

static unsigned f64_op(const ptx_insn *in, uint64_t v[6])
{
    double a = sim_u2d(v[1]), b = sim_u2d(v[2]), c = sim_u2d(v[3]), r;
    switch (in->op) {
    case PTX_OP_abs: v[0] = v[1] & 0x7fffffffffffffffull; return 0;
    case PTX_OP_neg: v[0] = v[1] ^ 0x8000000000000000ull; return 0;
    case PTX_OP_copysign: v[0] = (v[2] & 0x7fffffffffffffffull) | (v[1] & 0x8000000000000000ull); return 0;
    case PTX_OP_testp: v[0] = testp(in->mode, a); return 0;
    case PTX_OP_min: case PTX_OP_max:
        r = fminmax(a, b, in->op == PTX_OP_max, in->flags & PTX_F_NAN);
        break;
    case PTX_OP_rsqrt: r = 1.0 / sqrt(a); break;
    case PTX_OP_sin: r = sin(a); break;
    case PTX_OP_cos: r = cos(a); break;
    case PTX_OP_lg2: r = log2(a); break;
    case PTX_OP_ex2: r = exp2(a); break;
    case PTX_OP_tanh: r = tanh(a); break;
    default:
        r = rop64(arith_op(in->op), a, b, c, in->rnd);
        break;
    }
    if ((in->flags & PTX_F_FTZ) && fpclassify(r) == FP_SUBNORMAL) r = copysign(0.0, r);
    if (in->flags & PTX_F_SAT) r = !(r > 0) ? 0.0 : r > 1 ? 1.0 : r;
    switch (in->nopd - 1) { /* the sources; whose NaN wins as in xops.def */
    case 1: v[0] = sim_nan64(r, a, a, a); break;
    case 2: v[0] = in->op == PTX_OP_div ? sim_nan64(r, a, b, b) : sim_nan64(r, b, a, a); break;
    default: v[0] = sim_nan64(r, b, c, a); break;
    }
    return 0;
}

/* ---- halves: f16, bf16 and their pairs ---- */

static double half_in(ptx_type t, uint16_t h, bool ftz)
{
    double x = t == PTX_T_bf16 || t == PTX_T_bf16x2 ? sim_bf16_to_f32(h) : sim_f16_to_f32(h);
    if (ftz && fpclassify(x) != FP_ZERO && fabs(x) < (t == PTX_T_f16 || t == PTX_T_f16x2 ? 0x1p-14 : 0x1p-126))
        x = copysign(0.0, x);
    return x;
}

static uint16_t half_out(ptx_type t, double x, unsigned rnd, bool ftz, bool sat)
{
    if (sat) x = !(x > 0) ? 0.0 : x > 1 ? 1.0 : x;
    bool bf = t == PTX_T_bf16 || t == PTX_T_bf16x2;
    uint16_t h = bf ? sim_f32_to_bf16((float)x, (int)rnd) : sim_f64_to_f16(x, (int)rnd);
    if (ftz && !bf && (h & 0x7c00) == 0 && (h & 0x3ff)) h &= 0x8000;
    return h;
}

static uint16_t half_lane(const ptx_insn *in, ptx_type t, uint16_t a16, uint16_t b16, uint16_t c16)
{
    bool ftz = in->flags & PTX_F_FTZ;
    double a = half_in(t, a16, ftz), b = half_in(t, b16, ftz), c = half_in(t, c16, ftz), r;
    switch (in->op) {
    case PTX_OP_add: r = a + b; break;
    case PTX_OP_sub: r = a - b; break;
    case PTX_OP_mul: r = a * b; break;
    case PTX_OP_fma: case PTX_OP_mad: r = fma(a, b, c); break;
    case PTX_OP_neg: return a16 ^ 0x8000;
    case PTX_OP_abs: return a16 & 0x7fff;
    case PTX_OP_min: case PTX_OP_max: r = fminmax(a, b, in->op == PTX_OP_max, in->flags & PTX_F_NAN); break;
    case PTX_OP_ex2: r = exp2(a); break;
    case PTX_OP_tanh: r = tanh(a); break;
    default: SIM_ASSERT(0);
    }
    return half_out(t, r, in->rnd, ftz, in->flags & PTX_F_SAT);
}

static unsigned half_op(const ptx_insn *in, uint64_t v[6])
{
    ptx_type t = (ptx_type)in->type[0];
    unsigned lanes = (t == PTX_T_f16x2 || t == PTX_T_bf16x2) ? 2 : 1;
    uint64_t r = 0;
    for (unsigned i = 0; i < lanes; i++) {
        unsigned sh = 16 * i;
        uint16_t h = half_lane(in, t, (uint16_t)(v[1] >> sh), (uint16_t)(v[2] >> sh), (uint16_t)(v[3] >> sh));
        r |= (uint64_t)h << sh;
    }
    v[0] = r;
    return 0;
}

unsigned sim_alu_float(const ptx_insn *in, uint64_t v[6])
{
    switch ((ptx_type)in->type[0]) {
    case PTX_T_f32: return f32_op(in, v);
    case PTX_T_f64: return f64_op(in, v);
    default: return half_op(in, v);
    }
}

/* ---- cvt ---- */

static uint64_t mask_bits(unsigned bits)
{
    return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

/* Integer value of the source, extended by its type. */
static bool src_int(ptx_type st, uint64_t v, int64_t *s, uint64_t *u)
{
    unsigned bits = ptx_type_size(st) * 8;
    v &= mask_bits(bits);
    if (ptx_type_kind_of(st) == PTX_K_SINT) {
        unsigned sh = 64 - bits;
        *s = (int64_t)(v << sh) >> sh;
        *u = (uint64_t)*s;
        return true;
    }
    *u = v;
    *s = (int64_t)v;
    return false;
}

/* Clamp an integer-valued x of type st into the destination integer type.
 * A NaN gives 0, except from f64 or to 64 bits: the top bit alone (H200). */
static uint64_t to_int(ptx_type dt, ptx_type st, double x)
{
    unsigned bits = ptx_type_size(dt) * 8;
    bool sgn = ptx_type_kind_of(dt) == PTX_K_SINT;
    if (x != x) return st == PTX_T_f64 || bits == 64 ? 1ull << (bits - 1) : 0;
    if (sgn) {
        double lo = -ldexp(1.0, (int)bits - 1), hi = ldexp(1.0, (int)bits - 1);
        if (x <= lo) return (uint64_t)(int64_t)lo & mask_bits(bits);
        if (x >= hi) return mask_bits(bits - 1);
        return (uint64_t)(int64_t)x & mask_bits(bits);
    }
    double hi = ldexp(1.0, (int)bits);
    if (x <= 0) return 0;
    if (x >= hi) return mask_bits(bits);
    return (uint64_t)x;
}

/* cvt.sat between integers: clamp exactly into the destination's range. */
static uint64_t sat_int(ptx_type dt, bool sgn, int64_t s, uint64_t u)
{
    unsigned bits = ptx_type_size(dt) * 8;
    if (ptx_type_kind_of(dt) == PTX_K_SINT) {
        int64_t hi = (int64_t)(mask_bits(bits - 1)), lo = -hi - 1;
        if (sgn) return (uint64_t)(s < lo ? lo : s > hi ? hi : s);
        return u > (uint64_t)hi ? (uint64_t)hi : u;
    }
    uint64_t hi = mask_bits(bits);
    if (sgn) return s < 0 ? 0 : (uint64_t)s > hi ? hi : (uint64_t)s;
    return u > hi ? hi : u;
}

static double round_int(unsigned rnd, double x)
{
    switch (rnd) {
    case PTX_RND_RZI: return trunc(x);
    case PTX_RND_RMI: return floor(x);
    case PTX_RND_RPI: return ceil(x);
    case PTX_RND_RNI: return nearbyint(x);
    default: return trunc(x);
    }
}

static uint64_t int_to_float(const ptx_insn *in, ptx_type dt, bool sgn, int64_t s, uint64_t u)
{
    int mode = fe_mode(in->rnd), old = fegetround();
    if (mode != old) fesetround(mode);
    volatile int64_t vs = s;
    volatile uint64_t vu = u;
    uint64_t r;
    if (dt == PTX_T_f64) {
        volatile double d = sgn ? (double)vs : (double)vu;
        r = sim_d2u(d);
    } else {
        volatile float f = sgn ? (float)vs : (float)vu;
        r = sim_f2u(f);
    }
    if (mode != old) fesetround(old);
    if (dt == PTX_T_f16 || dt == PTX_T_bf16) {
        double d = sgn ? (double)s : (double)u;
        r = half_out(dt, d, in->rnd, false, false);
    }
    return r;
}

/* An f32 to tf32 (an f32 whose low 13 bits are zero): .rna to nearest with
 * ties away from zero (wmma::__float_to_tf32), .rz toward zero, else to
 * nearest even; a NaN is the canonical one, an overflow infinity. */
static uint64_t to_tf32(unsigned rnd, float f)
{
    uint32_t b = sim_f2u(f);
    if (f != f) return SIM_CANON_NAN32;
    if ((b & 0x7f800000u) == 0x7f800000u) return b; /* an infinity */
    uint32_t low = b & 0x1fffu;
    if (rnd == PTX_RND_RNA) b += 0x1000u;
    else if (rnd != PTX_RND_RZ && (low > 0x1000u || (low == 0x1000u && (b & 0x2000u)))) b += 0x2000u;
    return b & 0xffffe000u;
}

/* .satfinite: an infinite result r of an f16, bf16 or tf32 conversion is
 * the largest finite value of its sign (a NaN stays the canonical one). */
static uint64_t satfinite(ptx_type dt, uint64_t r)
{
    if (dt == PTX_T_tf32) return (r & 0x7fffffffu) == 0x7f800000u ? (r & 0x80000000u) | 0x7f7fe000u : r;
    uint16_t inf = dt == PTX_T_bf16 ? 0x7f80 : 0x7c00, top = dt == PTX_T_bf16 ? 0x7f7f : 0x7bff;
    return (r & 0x7fff) == inf ? (r & 0x8000) | top : r;
}

/* x, of type st, to the float type dt. */
static uint64_t float_to_float(const ptx_insn *in, ptx_type dt, ptx_type st, double x)
{
    bool satf = in->flags & PTX_F_SATFINITE;
    if (dt == PTX_T_tf32) return satf ? satfinite(dt, to_tf32(in->rnd, (float)x)) : to_tf32(in->rnd, (float)x);
    bool ftz = in->flags & PTX_F_FTZ, sat = in->flags & PTX_F_SAT;
    unsigned rnd = in->rnd;
    if (rnd >= PTX_RND_RNI) x = round_int(rnd, x), rnd = PTX_RND_RN;
    if (in->flags & PTX_F_RELU) x = x != x ? x : x < 0 ? 0.0 : x;
    if (dt == PTX_T_f16 || dt == PTX_T_bf16) {
        uint16_t h = half_out(dt, x, rnd, ftz, sat);
        return satf ? satfinite(dt, h) : h;
    }
    if (sat) x = !(x > 0) ? 0.0 : x > 1 ? 1.0 : x;
    if (dt == PTX_T_f64) return x != x ? sim_d2u(x) | SIM_QUIET64 : sim_d2u(x);
    if (x != x && st == PTX_T_f64) return SIM_D2F_NAN32;
    int mode = fe_mode(rnd), old = fegetround();
    if (mode != old) fesetround(mode);
    volatile double vx = x;
    volatile float f = (float)vx;
    float out = f;
    if (mode != old) fesetround(old);
    if (ftz) out = ftz32(out);
    return out != out ? SIM_CANON_NAN32 : sim_f2u(out);
}

/* The FP8 conversions (fp8.c): to e4m3x2 or e5m2x2 from two f32 (a to
 * the upper byte, b to the lower) or from an f16x2 (half by half), and from
 * them to an f16x2 (byte by byte). */
static void cvt_fp8(const ptx_insn *in, ptx_type dt, ptx_type st, uint64_t v[6])
{
    bool relu = in->flags & PTX_F_RELU;
    if (st == PTX_T_e4m3x2 || st == PTX_T_e5m2x2) {
        bool e5 = st == PTX_T_e5m2x2;
        v[0] = (uint64_t)sim_fp8_to_f16((uint8_t)(v[1] >> 8), e5, relu) << 16 |
               sim_fp8_to_f16((uint8_t)v[1], e5, relu);
        return;
    }
    bool e5 = dt == PTX_T_e5m2x2;
    double hi = st == PTX_T_f32 ? sim_u2f((uint32_t)v[1]) : sim_f16_to_f32((uint16_t)(v[1] >> 16));
    double lo = st == PTX_T_f32 ? sim_u2f((uint32_t)v[2]) : sim_f16_to_f32((uint16_t)v[1]);
    v[0] = (uint64_t)sim_to_fp8(hi, e5, relu) << 8 | sim_to_fp8(lo, e5, relu);
}

unsigned sim_alu_cvt(const ptx_insn *in, uint64_t v[6])
{
    ptx_type dt = (ptx_type)in->type[0], st = (ptx_type)in->type[1];
    if (dt == PTX_T_e4m3x2 || dt == PTX_T_e5m2x2 || st == PTX_T_e4m3x2 || st == PTX_T_e5m2x2) {
        cvt_fp8(in, dt, st, v);
        return 0;
    }
    if (in->nopd == 3) { /* cvt.rn.f16x2.f32 d, a, b: a to the upper half, b to the lower */
        ptx_type ht = dt == PTX_T_bf16x2 ? PTX_T_bf16 : PTX_T_f16;
        uint64_t hi = float_to_float(in, ht, st, sim_to_double(st, v[1], in->flags & PTX_F_FTZ));
        uint64_t lo = float_to_float(in, ht, st, sim_to_double(st, v[2], in->flags & PTX_F_FTZ));
        v[0] = (hi & 0xffff) << 16 | (lo & 0xffff);
        return 0;
    }
    bool dflt = ptx_type_kind_of(dt) == PTX_K_FLOAT, sflt = ptx_type_kind_of(st) == PTX_K_FLOAT;
    bool ftz = in->flags & PTX_F_FTZ;
    unsigned dbits = ptx_type_size(dt) * 8;
    uint64_t r;
    if (!sflt && !dflt) {
        int64_t s;
        uint64_t u;
        bool sgn = src_int(st, v[1], &s, &u);
        r = (in->flags & PTX_F_SAT) ? sat_int(dt, sgn, s, u) : u;
        r &= mask_bits(dbits);
        if (ptx_type_kind_of(dt) == PTX_K_SINT && dbits < 64) {
            unsigned sh = 64 - dbits;
            r = (uint64_t)((int64_t)(r << sh) >> sh);
        }
    } else if (sflt && !dflt) {
        double x = sim_to_double(st, v[1], ftz);
        r = to_int(dt, st, round_int(in->rnd, x));
        if (ptx_type_kind_of(dt) == PTX_K_SINT && dbits < 64) {
            unsigned sh = 64 - dbits;
            r = (uint64_t)((int64_t)(r << sh) >> sh);
        }
    } else if (!sflt && dflt) {
        int64_t s;
        uint64_t u;
        bool sgn = src_int(st, v[1], &s, &u);
        r = int_to_float(in, dt, sgn, s, u);
        if (in->flags & PTX_F_SAT) {
            double x = sim_to_double(dt, r, false);
            r = float_to_float(in, dt, dt, x);
        }
    } else {
        r = float_to_float(in, dt, st, sim_to_double(st, v[1], ftz));
    }
    v[0] = r;
    return 0;
}
