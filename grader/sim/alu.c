/* alu.c - the general evaluator: one lane of any ALU instruction, straight
 * from the decoded PTX (every type, modifier and rounding). The fast ops of
 * the hot loop cover what nvcc emits most; this covers everything, and the
 * reference_alu option runs everything here so the two can be compared.
 * Integers and bit operations are here; floats, halves and cvt in
 * alu_float.c. Values are bit patterns in uint64_t; predicates 0 or 1. */
#include "sim/internal.h"

#include <stdio.h>

static uint64_t mask_of(unsigned bits)
{
    return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

static int64_t sx(uint64_t v, unsigned bits)
{
    if (bits >= 64) return (int64_t)v;
    unsigned sh = 64 - bits;
    return (int64_t)(v << sh) >> sh;
}

/* Signed a*b over `bits` bits, its full 2*bits product split into lo/hi. */
static void mul_full(uint64_t a, uint64_t b, unsigned bits, bool sgn, uint64_t *lo, uint64_t *hi)
{
    if (bits <= 32) {
        uint64_t p = sgn ? (uint64_t)(sx(a, bits) * sx(b, bits)) : (a & mask_of(bits)) * (b & mask_of(bits));
        *lo = p & mask_of(bits);
        *hi = (p >> bits) & mask_of(bits);
        return;
    }
    unsigned __int128 p = sgn ? (unsigned __int128)((__int128)(int64_t)a * (int64_t)b)
                              : (unsigned __int128)a * b;
    *lo = (uint64_t)p;
    *hi = (uint64_t)(p >> 64);
}

static int64_t clamp_s32(int64_t x)
{
    return x > INT32_MAX ? INT32_MAX : x < INT32_MIN ? INT32_MIN : x;
}

/* x + y + cin in bits, with the carry out in *cout. */
static uint64_t add_carry(uint64_t x, uint64_t y, uint64_t cin, unsigned bits, uint64_t *cout)
{
    uint64_t m = mask_of(bits), r = (x & m) + (y & m), r2;
    if (bits < 64) {
        r += cin;
        *cout = r >> bits & 1;
        return r & m;
    }
    bool c1 = r < x;
    r2 = r + cin;
    *cout = c1 || r2 < r;
    return r2;
}

/* The extended-precision forms: add.cc, addc, sub.cc, subc, mad.cc, madc.
 * v[5] is the lane's carry flag (CC.CF) in, and out when .cc is written. */
static unsigned carry_arith(const ptx_insn *in, uint64_t v[6])
{
    ptx_type t = (ptx_type)in->type[0];
    unsigned bits = ptx_type_size(t) * 8;
    bool sgn = ptx_type_kind_of(t) == PTX_K_SINT;
    uint64_t m = mask_of(bits), a = v[1] & m, b = v[2] & m, lo, hi, cout = 0;
    uint64_t cin = (in->op == PTX_OP_addc || in->op == PTX_OP_subc || in->op == PTX_OP_madc) ? v[5] & 1 : 0;
    switch (in->op) {
    case PTX_OP_add: case PTX_OP_addc:
        v[0] = add_carry(a, b, cin, bits, &cout);
        break;
    case PTX_OP_sub: case PTX_OP_subc: /* a - b - borrow: a + ~b + !borrow, carry = !borrow out */
        v[0] = add_carry(a, ~b & m, !cin, bits, &cout);
        cout = !cout;
        break;
    default: /* mad, madc: the product's .lo or .hi half, plus c and the carry */
        mul_full(a, b, bits, sgn, &lo, &hi);
        v[0] = add_carry(in->mode == PTX_WIDTH_HI ? hi : lo, v[3] & m, cin, bits, &cout);
        break;
    }
    if (in->flags & PTX_F_CC) v[5] = cout;
    return 0;
}

static unsigned int_arith(const ptx_insn *in, uint64_t v[6])
{
    if ((in->flags & PTX_F_CC) || in->op == PTX_OP_addc || in->op == PTX_OP_subc || in->op == PTX_OP_madc)
        return carry_arith(in, v);
    ptx_type t = (ptx_type)in->type[0];
    unsigned bits = ptx_type_size(t) * 8;
    bool sgn = ptx_type_kind_of(t) == PTX_K_SINT, sat = in->flags & PTX_F_SAT;
    uint64_t a = v[1], b = v[2], c = v[3], m = mask_of(bits), lo, hi, r = 0;
    unsigned flags = 0;
    switch (in->op) {
    case PTX_OP_add: r = sat ? (uint64_t)clamp_s32(sx(a, 32) + sx(b, 32)) : a + b; break;
    case PTX_OP_sub: r = sat ? (uint64_t)clamp_s32(sx(a, 32) - sx(b, 32)) : a - b; break;
    case PTX_OP_mul:
        mul_full(a, b, bits, sgn, &lo, &hi);
        if (in->mode == PTX_WIDTH_WIDE) {
            v[0] = (lo | hi << bits) & mask_of(2 * bits);
            return 0;
        }
        r = in->mode == PTX_WIDTH_HI ? hi : lo;
        break;
    case PTX_OP_mad:
        mul_full(a, b, bits, sgn, &lo, &hi);
        if (in->mode == PTX_WIDTH_WIDE) {
            v[0] = ((lo | hi << bits) + c) & mask_of(2 * bits);
            return 0;
        }
        r = (in->mode == PTX_WIDTH_HI ? hi : lo) + c;
        if (sat && in->mode == PTX_WIDTH_HI) r = (uint64_t)clamp_s32(sx(hi, 32) + sx(c, 32));
        break;
    case PTX_OP_div:
    case PTX_OP_rem:
        if ((b & m) == 0) {
            flags |= SIM_ALU_DIV0;
            r = in->op == PTX_OP_div ? m : a; /* a fixed value: all ones, or the dividend */
        } else if (sgn) {
            int64_t x = sx(a, bits), y = sx(b, bits);
            if (y == -1) r = in->op == PTX_OP_div ? (uint64_t)(0 - (uint64_t)x) : 0;
            else r = (uint64_t)(in->op == PTX_OP_div ? x / y : x % y);
        } else {
            r = in->op == PTX_OP_div ? (a & m) / (b & m) : (a & m) % (b & m);
        }
        break;
    case PTX_OP_min: r = sgn ? (sx(a, bits) < sx(b, bits) ? a : b) : ((a & m) < (b & m) ? a : b); break;
    case PTX_OP_max: r = sgn ? (sx(a, bits) > sx(b, bits) ? a : b) : ((a & m) > (b & m) ? a : b); break;
    case PTX_OP_abs: r = sx(a, bits) < 0 ? 0 - a : a; break;
    case PTX_OP_neg: r = 0 - a; break;
    case PTX_OP_sad: {
        uint64_t d = sgn ? (sx(a, bits) > sx(b, bits) ? a - b : b - a) : ((a & m) > (b & m) ? a - b : b - a);
        r = c + d;
        break;
    }
    case PTX_OP_mul24:
    case PTX_OP_mad24: {
        int64_t x = sgn ? sx(a, 24) : (int64_t)(a & 0xffffff), y = sgn ? sx(b, 24) : (int64_t)(b & 0xffffff);
        uint64_t p = (uint64_t)(x * y);
        r = in->mode == PTX_WIDTH_HI ? p >> 16 : p;
        if (in->op == PTX_OP_mad24) r += c;
        break;
    }
    default:
        SIM_ASSERT(0);
    }
    v[0] = r & m;
    return flags;
}

/* ---- bits ---- */

static uint64_t brev(uint64_t a, unsigned bits)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < bits; i++) r |= ((a >> i) & 1) << (bits - 1 - i);
    return r;
}

static uint32_t bfind(uint64_t a, unsigned bits, bool sgn, bool shiftamt)
{
    if (sgn && sx(a, bits) < 0) a = ~a;
    a &= mask_of(bits);
    if (!a) return 0xffffffffu;
    unsigned pos = 63 - (unsigned)__builtin_clzll(a);
    return shiftamt ? bits - 1 - pos : pos;
}

static uint64_t bfe(uint64_t a, uint64_t b, uint64_t c, unsigned bits, bool sgn)
{
    unsigned msb = bits - 1, pos = b & 0xff, len = c & 0xff;
    unsigned top = pos + len - 1 < msb ? pos + len - 1 : msb;
    uint64_t sbit = (sgn && len) ? (a >> top) & 1 : 0, d = 0;
    for (unsigned i = 0; i <= msb; i++) {
        uint64_t bit = (i < len && pos + i <= msb) ? (a >> (pos + i)) & 1 : sbit;
        d |= bit << i;
    }
    return d;
}

static uint64_t bfi(uint64_t a, uint64_t b, uint64_t c, uint64_t e, unsigned bits)
{
    unsigned pos = c & 0xff, len = e & 0xff;
    uint64_t d = b;
    for (unsigned i = 0; i < len && pos + i < bits; i++)
        d = (d & ~(1ull << (pos + i))) | (((a >> i) & 1) << (pos + i));
    return d;
}

/* fns: the position of the offset-th set bit of mask counting from base
 * (up for a positive offset, down for a negative one), or all ones. */
static uint32_t fns(uint32_t mask, uint32_t base, int32_t offset)
{
    if (base > 31) return 0xffffffffu; /* undefined in PTX: a fixed answer */
    if (offset == 0) return (mask >> base & 1u) ? base : 0xffffffffu;
    int32_t count = (offset > 0 ? offset : -offset) - 1, inc = offset > 0 ? 1 : -1;
    for (int32_t pos = (int32_t)base; pos >= 0 && pos < 32; pos += inc) {
        if (!(mask >> pos & 1u)) continue;
        if (count == 0) return (uint32_t)pos;
        count--;
    }
    return 0xffffffffu;
}

static uint32_t prmt(uint32_t a, uint32_t b, uint32_t c, unsigned mode)
{
    uint64_t x = (uint64_t)b << 32 | a;
    uint8_t byte[8];
    for (int i = 0; i < 8; i++) byte[i] = (uint8_t)(x >> (8 * i));
    unsigned sel[4];
    unsigned s = c & 3;
    switch (mode) {
    case PTX_PRMT_F4E: for (int i = 0; i < 4; i++) sel[i] = (s + (unsigned)i) & 7; break;
    case PTX_PRMT_B4E: for (int i = 0; i < 4; i++) sel[i] = (s + 8 - (unsigned)i) & 7; break;
    case PTX_PRMT_RC8: for (int i = 0; i < 4; i++) sel[i] = s; break;
    case PTX_PRMT_ECL: for (int i = 0; i < 4; i++) sel[i] = (unsigned)i < s ? s : (unsigned)i; break;
    case PTX_PRMT_ECR: for (int i = 0; i < 4; i++) sel[i] = (unsigned)i > s ? s : (unsigned)i; break;
    case PTX_PRMT_RC16: for (int i = 0; i < 4; i++) sel[i] = ((s & 1) << 1) + ((unsigned)i & 1); break;
    default: {
        uint32_t r = 0;
        for (int i = 0; i < 4; i++) {
            unsigned n = (c >> (4 * i)) & 0xf;
            uint8_t v = byte[n & 7];
            if (n & 8) v = (v & 0x80) ? 0xff : 0;
            r |= (uint32_t)v << (8 * i);
        }
        return r;
    }
    }
    uint32_t r = 0;
    for (int i = 0; i < 4; i++) r |= (uint32_t)byte[sel[i]] << (8 * i);
    return r;
}

static uint32_t lop3(uint32_t a, uint32_t b, uint32_t c, uint32_t lut)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 8; i++)
        if (lut >> i & 1) r |= ((i & 4) ? a : ~a) & ((i & 2) ? b : ~b) & ((i & 1) ? c : ~c);
    return r;
}

static uint32_t shf(uint32_t a, uint32_t b, uint32_t c, unsigned dir, unsigned mode)
{
    uint32_t n = mode == PTX_SHF_CLAMP ? (c > 32 ? 32 : c) : (c & 31);
    uint64_t x = (uint64_t)b << 32 | a;
    return dir == PTX_SHF_L ? (uint32_t)((x << n) >> 32) : (uint32_t)(x >> n);
}

static uint32_t dp(const ptx_insn *in, uint32_t a, uint32_t b, uint32_t c)
{
    bool as = ptx_type_kind_of((ptx_type)in->type[0]) == PTX_K_SINT;
    bool bs = ptx_type_kind_of((ptx_type)(in->type[1] ? in->type[1] : in->type[0])) == PTX_K_SINT;
    int64_t acc = as || bs ? (int64_t)(int32_t)c : (int64_t)c;
    if (in->op == PTX_OP_dp4a) {
        for (int i = 0; i < 4; i++) {
            int64_t x = as ? (int8_t)(a >> (8 * i)) : (uint8_t)(a >> (8 * i));
            int64_t y = bs ? (int8_t)(b >> (8 * i)) : (uint8_t)(b >> (8 * i));
            acc += x * y;
        }
    } else {
        unsigned off = in->mode == PTX_WIDTH_HI ? 2 : 0;
        for (int i = 0; i < 2; i++) {
            int64_t x = as ? (int16_t)(a >> (16 * i)) : (uint16_t)(a >> (16 * i));
            int64_t y = bs ? (int8_t)(b >> (8 * (i + (int)off))) : (uint8_t)(b >> (8 * (i + (int)off)));
            acc += x * y;
        }
    }
    return (uint32_t)acc;
}

static unsigned bit_ops(const ptx_insn *in, uint64_t v[6])
{
    ptx_type t = (ptx_type)in->type[0];
    unsigned bits = t == PTX_T_pred ? 1 : ptx_type_size(t) * 8;
    bool sgn = ptx_type_kind_of(t) == PTX_K_SINT;
    uint64_t a = v[1], b = v[2], c = v[3], m = mask_of(bits), r = 0;
    switch (in->op) {
    case PTX_OP_and: r = a & b; break;
    case PTX_OP_or: r = a | b; break;
    case PTX_OP_xor: r = a ^ b; break;
    case PTX_OP_not: r = ~a; break;
    case PTX_OP_cnot: r = (a & m) == 0; break;
    case PTX_OP_shl: r = (b & 0xffffffff) >= bits ? 0 : a << b; break;
    case PTX_OP_shr:
        if (sgn) r = (uint64_t)(sx(a, bits) >> ((b & 0xffffffff) >= bits ? bits - 1 : b));
        else r = (b & 0xffffffff) >= bits ? 0 : (a & m) >> b;
        break;
    case PTX_OP_popc: v[0] = (uint64_t)__builtin_popcountll(a & m); return 0;
    case PTX_OP_clz: v[0] = (a & m) ? (uint64_t)(__builtin_clzll(a & m) - (64 - (int)bits)) : bits; return 0;
    case PTX_OP_bfind: v[0] = bfind(a, bits, sgn, in->flags & PTX_F_SHIFTAMT); return 0;
    case PTX_OP_brev: r = brev(a, bits); break;
    case PTX_OP_bfe: r = bfe(a, b, c, bits, sgn); break;
    case PTX_OP_bfi: r = bfi(a, b, c, v[4], bits); break;
    case PTX_OP_bmsk: {
        uint64_t pos = a & 0xffffffffu, width = b & 0xffffffffu;
        if (in->mode & PTX_SHF_WRAP) pos &= 31, width &= 31;
        else pos = pos > 32 ? 32 : pos, width = width > 32 ? 32 : width;
        r = pos >= 32 ? 0 : ((1ull << width) - 1) << pos;
        break;
    }
    case PTX_OP_prmt: r = prmt((uint32_t)a, (uint32_t)b, (uint32_t)c, in->mode); break;
    case PTX_OP_lop3: r = lop3((uint32_t)a, (uint32_t)b, (uint32_t)c, (uint32_t)v[4]); break;
    case PTX_OP_shf: r = shf((uint32_t)a, (uint32_t)b, (uint32_t)c, in->mode2, in->mode); break;
    case PTX_OP_dp4a:
    case PTX_OP_dp2a: r = dp(in, (uint32_t)a, (uint32_t)b, (uint32_t)c); break;
    case PTX_OP_fns: r = fns((uint32_t)a, (uint32_t)b, (int32_t)c); break;
    default: SIM_ASSERT(0);
    }
    v[0] = r & m;
    return 0;
}

/* ---- compare and select ---- */

static bool int_cmp(unsigned cmp, uint64_t a, uint64_t b, unsigned bits, bool sgn)
{
    int64_t x = sgn ? sx(a, bits) : 0, y = sgn ? sx(b, bits) : 0;
    a &= mask_of(bits);
    b &= mask_of(bits);
    switch (cmp) {
    case PTX_CMP_EQ: return a == b;
    case PTX_CMP_NE: return a != b;
    case PTX_CMP_LT: return sgn ? x < y : a < b;
    case PTX_CMP_LE: return sgn ? x <= y : a <= b;
    case PTX_CMP_GT: return sgn ? x > y : a > b;
    case PTX_CMP_GE: return sgn ? x >= y : a >= b;
    case PTX_CMP_LO: return a < b;
    case PTX_CMP_LS: return a <= b;
    case PTX_CMP_HI: return a > b;
    case PTX_CMP_HS: return a >= b;
    default: return false;
    }
}

static bool bool_op(unsigned op, bool x, bool c)
{
    switch (op) {
    case PTX_BOOL_AND: return x && c;
    case PTX_BOOL_OR: return x || c;
    case PTX_BOOL_XOR: return x != c;
    default: return x;
    }
}

/* One half of a packed pair as a double; .ftz flushes a subnormal f16. */
static double half_value(ptx_type pair, uint64_t bits, unsigned half, bool ftz)
{
    uint16_t h = (uint16_t)(bits >> (16 * half));
    ptx_type t = pair == PTX_T_bf16x2 ? PTX_T_bf16 : PTX_T_f16;
    if (ftz && t == PTX_T_f16 && (h & 0x7c00u) == 0) h &= 0x8000u;
    return sim_to_double(t, h, false);
}

/* set and setp on .f16x2 / .bf16x2: each half compared on its own. setp
 * writes the low half's result to p and the high half's to q; set packs a
 * result per half (1.0 in the pair's format, or 0xffff for .u32/.s32). */
static unsigned compare_pair(const ptx_insn *in, ptx_type t, uint64_t v[6])
{
    bool ftz = in->flags & PTX_F_FTZ, c = v[4] & 1, r[2];
    for (unsigned h = 0; h < 2; h++)
        r[h] = bool_op(in->boolop, sim_fcmp(in->cmp, half_value(t, v[2], h, ftz), half_value(t, v[3], h, ftz)), c);
    if (in->op == PTX_OP_setp) {
        v[0] = r[0];
        v[1] = r[1];
        return 0;
    }
    ptx_type dt = (ptx_type)in->type[0];
    uint64_t one = dt == PTX_T_f16x2 ? 0x3c00u : dt == PTX_T_bf16x2 ? 0x3f80u : 0xffffu;
    v[0] = (r[0] ? one : 0) | (r[1] ? one << 16 : 0);
    return 0;
}

static unsigned compare(const ptx_insn *in, uint64_t v[6])
{
    ptx_type t = (ptx_type)(in->op == PTX_OP_set ? in->type[1] : in->type[0]);
    bool r;
    if (t == PTX_T_f16x2 || t == PTX_T_bf16x2) return compare_pair(in, t, v);
    if (ptx_type_kind_of(t) == PTX_K_FLOAT) {
        bool ftz = in->flags & PTX_F_FTZ;
        r = sim_fcmp(in->cmp, sim_to_double(t, v[2], ftz), sim_to_double(t, v[3], ftz));
    } else {
        r = int_cmp(in->cmp, v[2], v[3], ptx_type_size(t) * 8, ptx_type_kind_of(t) == PTX_K_SINT);
    }
    bool c = v[4] & 1;
    bool p = bool_op(in->boolop, r, c), q = bool_op(in->boolop, !r, c);
    if (in->op == PTX_OP_setp) {
        v[0] = p;
        v[1] = q;
    } else {
        ptx_type dt = (ptx_type)in->type[0];
        v[0] = !p ? 0 : dt == PTX_T_f32 ? 0x3f800000u : mask_of(ptx_type_size(dt) * 8);
    }
    return 0;
}

static unsigned address(const ptx_insn *in, uint64_t v[6])
{
    uint64_t win = in->space == PTX_SPACE_SHARED ? SIM_SHARED_WINDOW
                 : in->space == PTX_SPACE_LOCAL ? SIM_LOCAL_WINDOW
                 : in->space == PTX_SPACE_PARAM ? SIM_PARAM_WINDOW : 0;
    uint64_t a = v[1];
    if (in->op == PTX_OP_isspacep) {
        bool in_shared = a - SIM_SHARED_WINDOW < SIM_WINDOW_SIZE, in_local = a - SIM_LOCAL_WINDOW < SIM_WINDOW_SIZE;
        bool in_param = a - SIM_PARAM_WINDOW < SIM_WINDOW_SIZE;
        v[0] = win ? a - win < SIM_WINDOW_SIZE : !(in_shared || in_local || in_param);
        return 0;
    }
    uint64_t r = (in->flags & PTX_F_TO) ? (win && a - win < SIM_WINDOW_SIZE ? a - win : a) : a + win;
    v[0] = ptx_type_size((ptx_type)in->type[0]) == 4 ? r & 0xffffffffu : r;
    return 0;
}

unsigned sim_alu_eval(const ptx_insn *in, uint64_t v[6])
{
    ptx_type t = (ptx_type)in->type[0];
    ptx_type_kind k = ptx_type_kind_of(t);
    switch (in->op) {
    case PTX_OP_add: case PTX_OP_sub: case PTX_OP_mul: case PTX_OP_mad: case PTX_OP_div:
    case PTX_OP_min: case PTX_OP_max: case PTX_OP_abs: case PTX_OP_neg:
        return k == PTX_K_FLOAT ? sim_alu_float(in, v) : int_arith(in, v);
    case PTX_OP_rem: case PTX_OP_sad: case PTX_OP_mul24: case PTX_OP_mad24:
    case PTX_OP_addc: case PTX_OP_subc: case PTX_OP_madc:
        return int_arith(in, v);
    case PTX_OP_fma: case PTX_OP_rcp: case PTX_OP_sqrt: case PTX_OP_rsqrt: case PTX_OP_sin:
    case PTX_OP_cos: case PTX_OP_lg2: case PTX_OP_ex2: case PTX_OP_tanh: case PTX_OP_testp:
    case PTX_OP_copysign:
        return sim_alu_float(in, v);
    case PTX_OP_and: case PTX_OP_or: case PTX_OP_xor: case PTX_OP_not: case PTX_OP_cnot:
    case PTX_OP_shl: case PTX_OP_shr: case PTX_OP_popc: case PTX_OP_clz: case PTX_OP_bfind:
    case PTX_OP_brev: case PTX_OP_bfe: case PTX_OP_bfi: case PTX_OP_bmsk: case PTX_OP_prmt: case PTX_OP_lop3:
    case PTX_OP_shf: case PTX_OP_dp4a: case PTX_OP_dp2a: case PTX_OP_fns:
        return bit_ops(in, v);
    case PTX_OP_setp:
    case PTX_OP_set:
        return compare(in, v);
    case PTX_OP_selp:
        v[0] = (v[3] & 1) ? v[1] : v[2];
        return 0;
    case PTX_OP_slct: {
        ptx_type ct = (ptx_type)(in->type[1] ? in->type[1] : PTX_T_s32);
        bool ge = ct == PTX_T_f32 ? sim_to_double(ct, v[3], in->flags & PTX_F_FTZ) >= 0.0 : sx(v[3], 32) >= 0;
        v[0] = ge ? v[1] : v[2];
        return 0;
    }
    case PTX_OP_cvt:
        return sim_alu_cvt(in, v);
    case PTX_OP_cvta:
    case PTX_OP_isspacep:
        return address(in, v);
    case PTX_OP_mov:
        v[0] = v[1];
        return 0;
    default:
        SIM_ASSERT(0);
    }
}

/* ---- running it for a group's lanes ---- */

void sim_exec_generic(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    const sim_gen *g = &b->prog->gens[op->aux];
    const ptx_insn *in = g->in;
    unsigned n = in->nopd < 6 ? in->nopd : 6;
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        uint64_t v[6] = {0};
        if (g->carry) v[5] = w->r32[(size_t)b->prog->carry_row * 32 + (unsigned)l];
        for (unsigned i = 0; i < n; i++) {
            uint16_t s = op->s[i];
            if (s == SIM_NOSLOT || g->dst[i]) continue;
            if (g->bank[i] == PTX_BANK_PRED) v[i] = ((w->pred[s] >> l) & 1u) ^ g->neg[i];
            else if (g->bank[i] == PTX_BANK_B64) v[i] = w->r64[(size_t)s * 32 + (unsigned)l];
            else v[i] = w->r32[(size_t)s * 32 + (unsigned)l];
        }
        unsigned flags = sim_alu_eval(in, v);
        for (unsigned i = 0; i < n; i++) {
            uint16_t s = op->s[i];
            if (s == SIM_NOSLOT || !g->dst[i]) continue;
            if (g->bank[i] == PTX_BANK_PRED) w->pred[s] = (w->pred[s] & ~(1u << l)) | (uint32_t)((v[i] & 1) << l);
            else if (g->bank[i] == PTX_BANK_B64) w->r64[(size_t)s * 32 + (unsigned)l] = v[i];
            else w->r32[(size_t)s * 32 + (unsigned)l] = (uint32_t)v[i];
        }
        if (g->carry && (in->flags & PTX_F_CC))
            w->r32[(size_t)b->prog->carry_row * 32 + (unsigned)l] = (uint32_t)v[5];
        if (flags & SIM_ALU_DIV0) {
            sim_hz h = sim_hz_make(CL_HZ_DIV_ZERO, pc, w->id, l);
            sim_hz_add(b, &h);
        }
    }
}
