/* check.c - types one parsed instruction: each operand slot gets the type the
 * instruction wants there, registers must sit in the matching bank, and
 * immediates become the bits of that type. A mismatch is a clear error that
 * names the instruction and its PTX line. */
#include "ptx/parse.h"

#include <stdio.h>
#include <string.h>

typedef struct ck {
    ptx_parser *p;
    ptx_insn *in;
    const char *optext;
} ck;

static cl_status fail(ck *c, const char *fmt, const char *what)
{
    return ptx_perr(c->p, CL_PTX, c->in->line, 0, "%s: %s (PTX line %u)", c->optext,
                    what ? what : fmt, c->in->line);
}

static unsigned bank_of(ptx_type t)
{
    if (t == PTX_T_pred) return PTX_BANK_PRED;
    return ptx_type_size(t) == 8 ? PTX_BANK_B64 : PTX_BANK_B32;
}

static ptx_type wide_of(ptx_type t)
{
    switch (t) {
    case PTX_T_u16: return PTX_T_u32;
    case PTX_T_s16: return PTX_T_s32;
    case PTX_T_u32: return PTX_T_u64;
    case PTX_T_s32: return PTX_T_s64;
    case PTX_T_b16: return PTX_T_b32;
    case PTX_T_b32: return PTX_T_b64;
    default: return PTX_T_NONE;
    }
}

static uint64_t float_bits_of(double d, ptx_type t)
{
    if (ptx_type_size(t) == 8) {
        uint64_t b;
        memcpy(&b, &d, 8);
        return b;
    }
    float f = (float)d;
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static double lit_value(const ptx_operand *o)
{
    switch (o->lit) {
    case LIT_F32: {
        uint32_t b = (uint32_t)o->imm;
        float f;
        memcpy(&f, &b, 4);
        return f;
    }
    case LIT_F64:
    case LIT_DEC: {
        double d;
        memcpy(&d, &o->imm, 8);
        return d;
    }
    default: return (double)o->imm;
    }
}

/* Immediate to the bits of type t. */
static cl_status type_imm(ck *c, ptx_operand *o, ptx_type t)
{
    unsigned size = ptx_type_size(t);
    ptx_type_kind k = ptx_type_kind_of(t);
    uint64_t mask = size >= 8 ? ~0ull : size == 0 ? 1 : ((1ull << (size * 8)) - 1);
    if (k == PTX_K_FLOAT && (t == PTX_T_f32 || t == PTX_T_f64)) {
        if ((o->lit == LIT_F32 && t == PTX_T_f32) || (o->lit == LIT_F64 && t == PTX_T_f64))
            return CL_OK;
        o->imm = (int64_t)float_bits_of(lit_value(o), t);
    } else if (k == PTX_K_FLOAT) {
        if (o->lit != LIT_INT) return fail(c, "", "float literals of half types are not supported");
        o->imm &= (int64_t)mask;
    } else if (k == PTX_K_PRED) {
        if (o->lit != LIT_INT) return fail(c, "", "a predicate immediate must be 0 or 1");
        o->imm = o->imm != 0;
    } else {
        if (o->lit == LIT_DEC) return fail(c, "", "a decimal float literal in an integer operand");
        if ((o->lit == LIT_F32 && size != 4) || (o->lit == LIT_F64 && size != 8))
            return fail(c, "", "a float literal of the wrong size");
        o->imm = (int64_t)((uint64_t)o->imm & mask);
    }
    o->lit = LIT_INT;
    return CL_OK;
}

enum { SRC = 0, DST = 1, WIDER_OK = 2, OPTIONAL = 4, NO_IMM = 8 };

/* Check one register/immediate/symbol operand against type t. */
static cl_status slot(ck *c, unsigned i, ptx_type t, int how)
{
    ptx_operand *o = &c->in->opd[i];
    char what[160];
    if (o->kind == PTX_OPD_NONE) {
        if (how & OPTIONAL) return CL_OK;
        snprintf(what, sizeof what, "operand %u is missing", i + 1);
        return fail(c, "", what);
    }
    if (t == PTX_T_NONE) return fail(c, "", "the instruction needs a type");
    if (o->kind != PTX_OPD_REG) o->bank = (uint8_t)bank_of(t);
    switch (o->kind) {
    case PTX_OPD_REG: {
        unsigned want = bank_of(t);
        if (o->bank == want) return CL_OK;
        if ((how & WIDER_OK) && o->bank == PTX_BANK_B64 && want == PTX_BANK_B32) return CL_OK;
        snprintf(what, sizeof what, "operand %u is a %s register where .%s is wanted", i + 1,
                 o->bank == PTX_BANK_PRED ? "predicate" : o->bank == PTX_BANK_B64 ? "64-bit" : "32-bit",
                 ptx_type_name(t));
        return fail(c, "", what);
    }
    case PTX_OPD_IMM:
        if (how & (DST | NO_IMM)) {
            snprintf(what, sizeof what, "operand %u cannot be an immediate", i + 1);
            return fail(c, "", what);
        }
        return type_imm(c, o, t);
    case PTX_OPD_SREG:
        if (how & DST) return fail(c, "", "a special register cannot be written");
        if (ptx_sreg_bits((ptx_sreg)o->index) != (bank_of(t) == PTX_BANK_B64 ? 64u : 32u) &&
            !(bank_of(t) == PTX_BANK_B64 && ptx_sreg_bits((ptx_sreg)o->index) == 32))
            return fail(c, "", "special register of the wrong size");
        return CL_OK;
    case PTX_OPD_SYM:
        if ((how & DST) || ptx_type_kind_of(t) == PTX_K_FLOAT || ptx_type_size(t) < 4)
            return fail(c, "", "a symbol's address needs a 32- or 64-bit integer operand");
        return CL_OK;
    default:
        snprintf(what, sizeof what, "operand %u has the wrong form (expected %s)", i + 1,
                 (how & DST) ? "a register" : "a register or an immediate");
        return fail(c, "", what);
    }
}

static cl_status slots(ck *c, unsigned from, unsigned to, ptx_type t, int how)
{
    for (unsigned i = from; i <= to; i++)
        if (slot(c, i, t, how) != CL_OK) return c->p->st;
    return CL_OK;
}

/* A vector operand {a, b, ...} whose elements are each of type t. */
static cl_status vec_slot(ck *c, unsigned i, ptx_type t, unsigned count, int how)
{
    ptx_operand *o = &c->in->opd[i];
    if (o->kind != PTX_OPD_VEC || (count && o->count != count))
        return fail(c, "", "expected a vector operand of the instruction's width");
    for (unsigned e = 0; e < o->count; e++) {
        ptx_operand *el = &c->p->vec.v[o->index + e];
        if (el->kind == PTX_OPD_BLANK) {
            if (!(how & DST)) return fail(c, "", "'_' only as a destination element");
            continue;
        }
        ptx_operand save = c->in->opd[i];
        c->in->opd[i] = *el;
        cl_status st = slot(c, i, t, how);
        *el = c->in->opd[i];
        c->in->opd[i] = save;
        if (st != CL_OK) return st;
    }
    return CL_OK;
}

static cl_status addr_slot(ck *c, unsigned i)
{
    if (c->in->opd[i].kind != PTX_OPD_ADDR) return fail(c, "", "expected an address [..]");
    return CL_OK;
}

static cl_status check_mov(ck *c, ptx_type t)
{
    ptx_insn *in = c->in;
    unsigned size = ptx_type_size(t);
    if (in->opd[1].kind == PTX_OPD_VEC) { /* pack */
        unsigned n = in->opd[1].count;
        if ((n != 2 && n != 4) || size % n) return fail(c, "", "bad vector pack");
        ptx_type et = size / n == 4 ? PTX_T_b32 : size / n == 2 ? PTX_T_b16 : PTX_T_b8;
        if (size / n == 1) return fail(c, "", "packing bytes is not supported");
        if (slot(c, 0, t, DST) != CL_OK) return c->p->st;
        return vec_slot(c, 1, et, n, SRC);
    }
    if (in->opd[0].kind == PTX_OPD_VEC) { /* unpack */
        unsigned n = in->opd[0].count;
        if ((n != 2 && n != 4) || size % n || size / n < 2) return fail(c, "", "bad vector unpack");
        ptx_type et = size / n == 4 ? PTX_T_b32 : PTX_T_b16;
        if (vec_slot(c, 0, et, n, DST) != CL_OK) return c->p->st;
        return slot(c, 1, t, SRC | NO_IMM);
    }
    return slots(c, 0, 0, t, DST) != CL_OK ? c->p->st : slot(c, 1, t, SRC);
}

static cl_status check_ldst(ck *c, ptx_type t, bool is_store)
{
    ptx_insn *in = c->in;
    unsigned v = in->vec ? in->vec : 1;
    in->vec = (uint8_t)v;
    unsigned vslot = is_store ? 1 : 0, aslot = is_store ? 0 : 1;
    if (addr_slot(c, aslot) != CL_OK) return c->p->st;
    if (v > 1) return vec_slot(c, vslot, t, v, (is_store ? SRC : DST) | WIDER_OK);
    return slot(c, vslot, t, (is_store ? SRC : DST) | WIDER_OK);
}

static cl_status check_call(ck *c)
{
    ptx_insn *in = c->in;
    ptx_operand rets = {0}, fn = {0}, args = {0};
    unsigned i = 0;
    if (in->nopd > 0 && in->opd[0].kind == PTX_OPD_VEC) rets = in->opd[i++];
    if (i < in->nopd) fn = in->opd[i++];
    if (i < in->nopd) args = in->opd[i++];
    if (fn.kind != PTX_OPD_FUNC)
        return fail(c, "", "only direct calls of a named function are supported");
    in->opd[0] = fn;
    in->opd[1] = rets;
    in->opd[2] = args;
    in->nopd = 3;
    const ptx_function *f = &c->p->funcs.v[fn.index];
    if ((rets.kind ? rets.count : 0) != f->nrets || (args.kind ? args.count : 0) != f->nparams) {
        char what[256];
        snprintf(what, sizeof what, "'%s' takes %u parameter%s and %u return value%s", f->name,
                 f->nparams, f->nparams == 1 ? "" : "s", f->nrets, f->nrets == 1 ? "" : "s");
        return fail(c, "", what);
    }
    for (int k = 1; k <= 2; k++) {
        const ptx_operand *l = &in->opd[k];
        for (unsigned e = 0; l->kind && e < l->count; e++) {
            const ptx_operand *el = &c->p->vec.v[l->index + e];
            if (el->kind != PTX_OPD_SYM || c->p->syms.v[el->index].space != PTX_SPACE_PARAM)
                return fail(c, "", "call arguments must be .param variables");
        }
    }
    return CL_OK;
}

static cl_status check_bar(ck *c)
{
    ptx_insn *in = c->in;
    if (in->op == PTX_OP_barrier && in->mode == 0) in->mode = PTX_BAR_SYNC;
    switch (in->mode) {
    case PTX_BAR_WARP:
        if (in->nopd != 1) return fail(c, "", "bar.warp.sync takes one operand (the mask)");
        return slot(c, 0, PTX_T_u32, SRC);
    case PTX_BAR_SYNC:
    case PTX_BAR_ARRIVE:
        if (in->nopd < 1 || in->nopd > 2) return fail(c, "", "expected a barrier and an optional count");
        return slots(c, 0, in->nopd - 1u, PTX_T_u32, SRC);
    case PTX_BAR_RED: {
        if (!in->mode2) return fail(c, "", "bar.red needs .popc, .and or .or");
        if (in->nopd < 3 || in->nopd > 4) return fail(c, "", "bar.red takes d, a[, b], {!}c");
        ptx_type dt = in->mode2 == PTX_BARRED_POPC ? PTX_T_u32 : PTX_T_pred;
        if (slot(c, 0, dt, DST) != CL_OK || slots(c, 1, in->nopd - 2u, PTX_T_u32, SRC) != CL_OK)
            return c->p->st;
        if (in->nopd == 3) { in->opd[3] = in->opd[2]; in->opd[2] = (ptx_operand){0}; in->nopd = 4; }
        return slot(c, 3, PTX_T_pred, SRC);
    }
    default:
        return fail(c, "", "expected bar.sync, bar.arrive, bar.red or bar.warp.sync");
    }
}

static cl_status check_collective(ck *c, ptx_type t)
{
    ptx_insn *in = c->in;
    switch (in->op) {
    case PTX_OP_shfl:
        if (!in->mode || t != PTX_T_b32) return fail(c, "", "expected shfl.sync.{up,down,bfly,idx}.b32");
        if (!(in->flags & PTX_F_SYNC)) return fail(c, "", "shfl without .sync is not supported");
        if (slot(c, 0, PTX_T_b32, DST) != CL_OK || slot(c, 1, PTX_T_pred, DST | OPTIONAL) != CL_OK)
            return c->p->st;
        return slot(c, 2, PTX_T_b32, SRC) != CL_OK ? c->p->st : slots(c, 3, 5, PTX_T_u32, SRC);
    case PTX_OP_vote:
        if (!in->mode) return fail(c, "", "expected vote.sync.{all,any,uni,ballot}");
        if (!(in->flags & PTX_F_SYNC)) return fail(c, "", "vote without .sync is not supported");
        if (slot(c, 0, in->mode == PTX_VOTE_BALLOT ? PTX_T_b32 : PTX_T_pred, DST) != CL_OK)
            return c->p->st;
        return slot(c, 1, PTX_T_pred, SRC) != CL_OK ? c->p->st : slot(c, 2, PTX_T_u32, SRC);
    case PTX_OP_match:
        if (!in->mode || (t != PTX_T_b32 && t != PTX_T_b64))
            return fail(c, "", "expected match.{any,all}.sync.{b32,b64}");
        if (slot(c, 0, PTX_T_b32, DST) != CL_OK || slot(c, 1, PTX_T_pred, DST | OPTIONAL) != CL_OK)
            return c->p->st;
        return slot(c, 2, t, SRC) != CL_OK ? c->p->st : slot(c, 3, PTX_T_u32, SRC);
    case PTX_OP_redux:
        if (!in->mode || (t != PTX_T_u32 && t != PTX_T_s32 && t != PTX_T_b32))
            return fail(c, "", "expected redux.sync.op.{u32,s32,b32}");
        return slots(c, 0, 0, t, DST) != CL_OK ? c->p->st
             : slot(c, 1, t, SRC) != CL_OK ? c->p->st : slot(c, 2, PTX_T_u32, SRC);
    default:
        return slot(c, 0, PTX_T_b32, DST); /* activemask */
    }
}

static cl_status check_setp(ck *c, ptx_type t, ptx_type t2)
{
    ptx_insn *in = c->in;
    if (!in->cmp) return fail(c, "", "a comparison (.eq, .lt, ...) is needed");
    bool has_c = in->nopd == 5 && in->opd[4].kind;
    if (has_c != (in->boolop != PTX_BOOL_NONE))
        return fail(c, "", "the .and/.or/.xor combine and its predicate go together");
    if (in->op == PTX_OP_setp) {
        if (slot(c, 0, PTX_T_pred, DST) != CL_OK || slot(c, 1, PTX_T_pred, DST | OPTIONAL) != CL_OK)
            return c->p->st;
        t2 = t;
    } else {
        if (in->opd[1].kind) return fail(c, "", "set has one destination");
        if (slot(c, 0, t, DST) != CL_OK) return c->p->st;
        if (t2 == PTX_T_NONE) return fail(c, "", "set needs a destination and a source type");
    }
    if (slots(c, 2, 3, t2, SRC) != CL_OK) return c->p->st;
    return slot(c, 4, PTX_T_pred, SRC | OPTIONAL);
}

static bool is_fp8(ptx_type t)
{
    return t == PTX_T_e4m3x2 || t == PTX_T_e5m2x2;
}

/* The FP8 conversions of the PTX ISA (sm_89): cvt.rn.satfinite{.relu} to
 * e4m3x2 or e5m2x2 from two f32 (d, a, b) or an f16x2, and cvt.rn{.relu}
 * from them to f16x2. The pair is in 16 bits. */
static cl_status check_cvt_fp8(ck *c, ptx_type t, ptx_type t2)
{
    const ptx_insn *in = c->in;
    bool to = is_fp8(t), from = is_fp8(t2);
    if (in->rnd != PTX_RND_RN || (in->flags & (PTX_F_FTZ | PTX_F_SAT)) ||
        (to && (!(in->flags & PTX_F_SATFINITE) || from || (t2 != PTX_T_f32 && t2 != PTX_T_f16x2))) ||
        (from && ((in->flags & PTX_F_SATFINITE) || t != PTX_T_f16x2)))
        return fail(c, "", "expected cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.{f32,f16x2} or "
                           "cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2}");
    if (in->nopd != (to && t2 == PTX_T_f32 ? 3u : 2u))
        return fail(c, "", t2 == PTX_T_f32 ? "takes d, a, b" : "takes d, a");
    if (slot(c, 0, to ? PTX_T_b16 : PTX_T_b32, DST) != CL_OK) return c->p->st;
    if (t2 == PTX_T_f32) return slots(c, 1, 2, PTX_T_f32, SRC);
    return slot(c, 1, from ? PTX_T_b16 : PTX_T_b32, SRC);
}

static cl_status check_arith(ck *c, ptx_type t, ptx_type t2)
{
    ptx_insn *in = c->in;
    switch (in->op) {
    case PTX_OP_mul:
    case PTX_OP_mad:
    case PTX_OP_madc:
        if (in->mode == PTX_WIDTH_WIDE) {
            ptx_type w = wide_of(t);
            if (w == PTX_T_NONE) return fail(c, "", ".wide needs a 16- or 32-bit integer type");
            if (slot(c, 0, w, DST) != CL_OK || slots(c, 1, 2, t, SRC) != CL_OK) return c->p->st;
            return in->op == PTX_OP_mul ? CL_OK : slot(c, 3, w, SRC);
        }
        if (ptx_type_kind_of(t) != PTX_K_FLOAT && !in->mode && ptx_type_size(t) >= 2)
            return fail(c, "", "integer mul/mad needs .lo, .hi or .wide");
        return slots(c, 0, 0, t, DST) != CL_OK ? c->p->st : slots(c, 1, in->nopd - 1u, t, SRC);
    case PTX_OP_shl:
    case PTX_OP_shr:
        if (slot(c, 0, t, DST) != CL_OK || slot(c, 1, t, SRC) != CL_OK) return c->p->st;
        return slot(c, 2, PTX_T_u32, SRC);
    case PTX_OP_popc:
    case PTX_OP_clz:
    case PTX_OP_bfind:
        return slot(c, 0, PTX_T_u32, DST) != CL_OK ? c->p->st : slot(c, 1, t, SRC);
    case PTX_OP_testp:
        if (!in->mode) return fail(c, "", "testp needs .finite, .infinite, .number, ...");
        return slot(c, 0, PTX_T_pred, DST) != CL_OK ? c->p->st : slot(c, 1, t, SRC);
    case PTX_OP_bfe:
        if (slot(c, 0, t, DST) != CL_OK || slot(c, 1, t, SRC) != CL_OK) return c->p->st;
        return slots(c, 2, 3, PTX_T_u32, SRC);
    case PTX_OP_bfi:
        if (slot(c, 0, t, DST) != CL_OK || slots(c, 1, 2, t, SRC) != CL_OK) return c->p->st;
        return slots(c, 3, 4, PTX_T_u32, SRC);
    case PTX_OP_selp:
        if (slot(c, 0, t, DST) != CL_OK || slots(c, 1, 2, t, SRC) != CL_OK) return c->p->st;
        return slot(c, 3, PTX_T_pred, SRC);
    case PTX_OP_slct:
        if (slot(c, 0, t, DST) != CL_OK || slots(c, 1, 2, t, SRC) != CL_OK) return c->p->st;
        return slot(c, 3, t2 ? t2 : PTX_T_s32, SRC);
    case PTX_OP_dp4a:
    case PTX_OP_dp2a:
        if (slot(c, 0, PTX_T_b32, DST) != CL_OK) return c->p->st;
        return slots(c, 1, 3, PTX_T_b32, SRC);
    case PTX_OP_cvt:
        if (!t2) return fail(c, "", "cvt needs a destination and a source type");
        if (is_fp8(t) || is_fp8(t2)) return check_cvt_fp8(c, t, t2);
        if (in->nopd == 3) { /* packed: d = {cvt(a), cvt(b)} */
            if ((t != PTX_T_f16x2 && t != PTX_T_bf16x2) || t2 != PTX_T_f32)
                return fail(c, "", "only cvt.f16x2.f32 and cvt.bf16x2.f32 take two sources");
            if (slot(c, 0, PTX_T_b32, DST) != CL_OK) return c->p->st;
            return slots(c, 1, 2, PTX_T_f32, SRC);
        }
        if (slot(c, 0, t, DST | WIDER_OK) != CL_OK) return c->p->st;
        return slot(c, 1, t2, SRC | WIDER_OK);
    case PTX_OP_isspacep:
        return slot(c, 0, PTX_T_pred, DST) != CL_OK ? c->p->st : slot(c, 1, PTX_T_u64, SRC);
    case PTX_OP_cvta:
        if (in->space == PTX_SPACE_GENERIC) return fail(c, "", "cvta needs a state space");
        return slot(c, 0, t, DST) != CL_OK ? c->p->st : slot(c, 1, t, SRC);
    case PTX_OP_mov:
        return check_mov(c, t);
    default: {
        ptx_format f = ptx_opcode_format((ptx_opcode)in->op);
        unsigned last = f == PTX_FMT_DA ? 1 : f == PTX_FMT_DAB ? 2 : f == PTX_FMT_DABC ? 3 : 4;
        if (in->op == PTX_OP_prmt || in->op == PTX_OP_lop3 || in->op == PTX_OP_shf ||
            in->op == PTX_OP_fns)
            t = PTX_T_b32;
        if (slot(c, 0, t, DST) != CL_OK) return c->p->st;
        return slots(c, 1, last, t, SRC);
    }
    }
}

/* wmma, mma, ldmatrix (decoded by parse_tensor.c): register vectors of
 * the fragments' sizes, an address, wmma's optional stride. */
static cl_status check_tensor(ck *c)
{
    ptx_insn *in = c->in;
    unsigned s = in->mode2;
    if (in->mode == PTX_TC_LDMATRIX) {
        if (in->nopd != 2) return fail(c, "", "ldmatrix takes {d, ...}, [a]");
        return addr_slot(c, 1) != CL_OK ? c->p->st : vec_slot(c, 0, PTX_T_b32, in->vec, DST);
    }
    if (in->mode == PTX_TC_MMA || in->mode == PTX_TC_WMMA) {
        static const unsigned use[4] = { 2, 0, 1, 2 };
        if (in->nopd != 4) return fail(c, "", "takes {d, ...}, {a, ...}, {b, ...}, {c, ...}");
        for (unsigned i = 0; i < 4; i++)
            if (vec_slot(c, i, PTX_T_b32, ptx_tc_frag_regs(s, use[i], in->tc[i]), i ? SRC : DST) != CL_OK)
                return c->p->st;
        return CL_OK;
    }
    bool store = in->mode == PTX_TC_STORE_D;
    unsigned use = in->mode == PTX_TC_LOAD_A ? 0 : in->mode == PTX_TC_LOAD_B ? 1 : 2;
    if (in->nopd < 2 || in->nopd > 3)
        return fail(c, "", store ? "wmma.store takes [a], {b, ...}[, stride]" : "wmma.load takes {d, ...}, [a][, stride]");
    if (addr_slot(c, store ? 0 : 1) != CL_OK ||
        vec_slot(c, store ? 1 : 0, PTX_T_b32, ptx_tc_frag_regs(s, use, in->tc[PTX_TC_D]), store ? SRC : DST) != CL_OK)
        return c->p->st;
    return in->nopd == 3 ? slot(c, 2, PTX_T_u32, SRC) : CL_OK;
}

/* cp.async and mbarrier (decoded by parse_async.c): addresses, cp.async's
 * size and src-size, a wait's group count, an mbarrier's count, state
 * (.b64) and test predicate. */
static cl_status check_async(ck *c)
{
    ptx_insn *in = c->in;
    unsigned n = in->nopd;
    switch (in->mode) {
    case PTX_AS_CP: {
        unsigned extra = n - 3 - ((in->mode2 & PTX_AS_F_HINT) ? 1u : 0u);
        if (n < 3 || extra > 1)
            return fail(c, "", "cp.async takes [a], [b], size[, src-size or ignore-src][, policy]");
        const ptx_operand *size = &in->opd[2];
        if (addr_slot(c, 0) != CL_OK || addr_slot(c, 1) != CL_OK) return c->p->st;
        if (size->kind != PTX_OPD_IMM || (size->imm != 4 && size->imm != 8 && size->imm != 16))
            return fail(c, "", "cp.async copies 4, 8 or 16 bytes (an immediate)");
        if (in->cache == 2 && size->imm != 16) return fail(c, "", "cp.async.cg copies 16 bytes");
        bool ignore = extra && in->opd[3].kind == PTX_OPD_REG && in->opd[3].bank == PTX_BANK_PRED;
        if (ignore && in->opd[3].neg)
            return fail(c, "", "cp.async's ignore-src is a predicate register, not its negation");
        if (extra && slot(c, 3, ignore ? PTX_T_pred : PTX_T_u32, SRC) != CL_OK) return c->p->st;
        return (in->mode2 & PTX_AS_F_HINT) ? slot(c, n - 1, PTX_T_b64, SRC) : CL_OK;
    }
    case PTX_AS_COMMIT: case PTX_AS_WAITALL:
        return n ? fail(c, "", "takes no operands") : CL_OK;
    case PTX_AS_WAIT:
        if (n != 1 || in->opd[0].kind != PTX_OPD_IMM || in->opd[0].imm < 0 || in->opd[0].imm > 255)
            return fail(c, "", "cp.async.wait_group takes the number of groups that may stay pending (an immediate)");
        return CL_OK;
    case PTX_AS_CPARRIVE: case PTX_AS_INVAL:
        return n != 1 ? fail(c, "", "takes [a]") : addr_slot(c, 0);
    case PTX_AS_INIT:
        if (n != 2) return fail(c, "", "mbarrier.init takes [a], count");
        return addr_slot(c, 0) != CL_OK ? c->p->st : slot(c, 1, PTX_T_u32, SRC);
    case PTX_AS_PENDING:
        if (n != 2) return fail(c, "", "mbarrier.pending_count takes count, state");
        return slot(c, 0, PTX_T_u32, DST) != CL_OK ? c->p->st : slot(c, 1, PTX_T_b64, SRC);
    case PTX_AS_ARRIVE: case PTX_AS_DROP:
        if (n < 2 || n > 3 || ((in->mode2 & PTX_AS_F_NOCOMPLETE) && n != 3))
            return fail(c, "", "mbarrier.arrive takes state, [a][, count] (.noComplete: with the count)");
        if (slot(c, 0, PTX_T_b64, DST) != CL_OK || addr_slot(c, 1) != CL_OK) return c->p->st;
        return n == 3 ? slot(c, 2, PTX_T_u32, SRC) : CL_OK;
    default: /* test_wait, try_wait */
        if (n < 3 || n > 3 + (in->mode == PTX_AS_TRY)) return fail(c, "", "takes p, [a], state (or parity)");
        if (slot(c, 0, PTX_T_pred, DST) != CL_OK || addr_slot(c, 1) != CL_OK ||
            slot(c, 2, (in->mode2 & PTX_AS_F_PARITY) ? PTX_T_u32 : PTX_T_b64, SRC) != CL_OK)
            return c->p->st;
        return n == 4 ? slot(c, 3, PTX_T_u32, SRC) : CL_OK;
    }
}

static bool needs_type(ptx_opcode op)
{
    switch (op) {
    case PTX_OP_bra: case PTX_OP_call: case PTX_OP_ret: case PTX_OP_exit: case PTX_OP_trap:
    case PTX_OP_brkpt: case PTX_OP_bar: case PTX_OP_barrier: case PTX_OP_membar:
    case PTX_OP_fence: case PTX_OP_prefetch: case PTX_OP_activemask: case PTX_OP_vote:
    case PTX_OP_nanosleep: case PTX_OP_wmma: case PTX_OP_mma: case PTX_OP_ldmatrix:
    case PTX_OP_cp: case PTX_OP_mbarrier:
        return false;
    default:
        return true;
    }
}

cl_status ptx_check_insn(ptx_parser *p, ptx_insn *in, const char *optext)
{
    ck c = { p, in, optext };
    ptx_type t = (ptx_type)in->type[0], t2 = (ptx_type)in->type[1];
    ptx_opcode op = (ptx_opcode)in->op;
    if (op == PTX_OP_activemask && t == PTX_T_NONE) t = PTX_T_b32;
    if (needs_type(op) && t == PTX_T_NONE) return fail(&c, "", "the instruction needs a type");
    if (t == PTX_T_b128 || t2 == PTX_T_b128) return fail(&c, "", ".b128 is not supported");
    if ((is_fp8(t) || is_fp8(t2)) && op != PTX_OP_cvt) return fail(&c, "", "FP8 pairs are converted by cvt only");
    switch (op) {
    case PTX_OP_ld:
    case PTX_OP_ldu:
        return check_ldst(&c, t, false);
    case PTX_OP_st:
        return check_ldst(&c, t, true);
    case PTX_OP_prefetch:
        return addr_slot(&c, 0);
    case PTX_OP_atom:
    case PTX_OP_red: {
        if (!in->mode) return fail(&c, "", "atom/red needs an operation (.add, .cas, ...)");
        unsigned a = op == PTX_OP_atom ? 1 : 0;
        if (op == PTX_OP_atom && slot(&c, 0, t, DST) != CL_OK) return p->st;
        if (addr_slot(&c, a) != CL_OK || slot(&c, a + 1, t, SRC) != CL_OK) return p->st;
        if (in->mode == PTX_ATOM_CAS) {
            if (op != PTX_OP_atom) return fail(&c, "", "red cannot .cas");
            return slot(&c, 3, t, SRC);
        }
        if (op == PTX_OP_atom && in->nopd != 3) return fail(&c, "", "atom takes d, [a], b");
        if (in->vec > 1) return fail(&c, "", "vector atomics are not supported");
        return CL_OK;
    }
    case PTX_OP_bra:
        if (in->opd[0].kind != PTX_OPD_LABEL) return fail(&c, "", "bra needs a label");
        return CL_OK;
    case PTX_OP_call:
        return check_call(&c);
    case PTX_OP_nanosleep:
        return slot(&c, 0, PTX_T_u32, SRC);
    case PTX_OP_ret: case PTX_OP_exit: case PTX_OP_trap: case PTX_OP_brkpt:
    case PTX_OP_membar: case PTX_OP_fence:
        return CL_OK;
    case PTX_OP_bar:
    case PTX_OP_barrier:
        return check_bar(&c);
    case PTX_OP_shfl: case PTX_OP_vote: case PTX_OP_match: case PTX_OP_redux:
    case PTX_OP_activemask:
        return check_collective(&c, t);
    case PTX_OP_setp:
    case PTX_OP_set:
        return check_setp(&c, t, t2);
    case PTX_OP_wmma: case PTX_OP_mma: case PTX_OP_ldmatrix:
        return check_tensor(&c);
    case PTX_OP_cp: case PTX_OP_mbarrier:
        return check_async(&c);
    default:
        return check_arith(&c, t, t2);
    }
}
