/* lower.c - one PTX instruction to one machine op: registers and immediates
 * to row slots (program.c), the fast ops of xops.def where the instruction
 * matches one, the general evaluator otherwise, memory ops with their space
 * and sizes, calls with their parameter copies, barriers and collectives.
 * What the machine does not run is a clear error naming the instruction. */
#include "sim/internal.h"
#include "sim/lower.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- choosing fast ops ---- */

static bool plain_int(const ptx_insn *in)
{
    return !(in->flags & (PTX_F_SAT | PTX_F_CC));
}

static bool plain_float(const ptx_insn *in)
{
    return !(in->flags & (PTX_F_FTZ | PTX_F_SAT | PTX_F_APPROX | PTX_F_FULL | PTX_F_NAN)) &&
           (in->rnd == PTX_RND_NONE || in->rnd == PTX_RND_RN);
}

/* Operands [from, to) of in are 32-bit rows (16-bit values live there) or
 * immediates: what a fast op of 16-bit values may read. */
static bool b32_operands(const ptx_insn *in, unsigned from, unsigned to)
{
    for (unsigned i = from; i < to && i < in->nopd; i++)
        if (in->opd[i].bank != PTX_BANK_B32 || (in->opd[i].kind != PTX_OPD_REG && in->opd[i].kind != PTX_OPD_IMM))
            return false;
    return true;
}

static int fast_int(const ptx_insn *in, ptx_type t)
{
    unsigned sz = ptx_type_size(t);
    bool s = ptx_type_kind_of(t) == PTX_K_SINT;
    if (sz == 2 && plain_int(in) && in->op == PTX_OP_mul && in->mode == PTX_WIDTH_WIDE && in->nopd == 3) {
        /* 16-bit values in 32-bit rows, as the general path reads them */
        if (in->opd[0].kind != PTX_OPD_REG || !b32_operands(in, 0, 3)) return X_GENERIC;
        return s ? X_MULWIDE_S16 : X_MULWIDE_U16;
    }
    if (sz == 2 && plain_int(in) && (in->op == PTX_OP_add || in->op == PTX_OP_sub) && in->nopd == 3 &&
        in->opd[0].kind == PTX_OPD_REG && b32_operands(in, 0, 3))
        return in->op == PTX_OP_add ? X_ADD16 : X_SUB16; /* the general path's sum, masked to 16 bits */
    if (sz == 2 && in->op == PTX_OP_selp && in->nopd == 4 && in->opd[0].kind == PTX_OPD_REG &&
        b32_operands(in, 0, 3) && in->opd[3].bank == PTX_BANK_PRED && in->opd[3].kind == PTX_OPD_REG &&
        !in->opd[3].neg)
        return X_SELP32; /* d := c ? a : b, the rows' bits as the general path copies them */
    if (!plain_int(in) || (sz != 4 && sz != 8)) return X_GENERIC;
    bool w = sz == 8;
    switch (in->op) {
    case PTX_OP_add: return w ? X_ADD64 : X_ADD32;
    case PTX_OP_sub: return w ? X_SUB64 : X_SUB32;
    case PTX_OP_mul:
        if (in->mode == PTX_WIDTH_LO) return w ? X_MUL64 : X_MUL32;
        if (in->mode == PTX_WIDTH_HI && !w) return s ? X_MULHI_S32 : X_MULHI_U32;
        if (in->mode == PTX_WIDTH_WIDE && !w) return s ? X_MULWIDE_S32 : X_MULWIDE_U32;
        return X_GENERIC;
    case PTX_OP_mad:
        if (in->mode == PTX_WIDTH_LO) return w ? X_MAD64 : X_MAD32;
        if (in->mode == PTX_WIDTH_WIDE && !w) return s ? X_MADWIDE_S32 : X_MADWIDE_U32;
        return X_GENERIC;
    case PTX_OP_and: return w ? X_AND64 : X_AND32;
    case PTX_OP_or: return w ? X_OR64 : X_OR32;
    case PTX_OP_xor: return w ? X_XOR64 : X_XOR32;
    case PTX_OP_not: return w ? X_NOT64 : X_NOT32;
    case PTX_OP_shl: return w ? X_SHL64 : X_SHL32;
    case PTX_OP_shr: return w ? (s ? X_SHR_S64 : X_SHR_U64) : (s ? X_SHR_S32 : X_SHR_U32);
    case PTX_OP_min: return w ? (s ? X_MIN_S64 : X_MIN_U64) : (s ? X_MIN_S32 : X_MIN_U32);
    case PTX_OP_max: return w ? (s ? X_MAX_S64 : X_MAX_U64) : (s ? X_MAX_S32 : X_MAX_U32);
    case PTX_OP_neg: return s ? (w ? X_NEG64 : X_NEG32) : X_GENERIC;
    case PTX_OP_popc: return w ? X_GENERIC : X_POPC32;
    case PTX_OP_clz: return w ? X_GENERIC : X_CLZ32;
    case PTX_OP_bmsk: return w || in->nopd != 3 ? X_GENERIC : (in->mode & PTX_SHF_WRAP) ? X_BMSK_WRAP : X_BMSK_CLAMP;
    case PTX_OP_selp: return w ? X_SELP64 : X_SELP32;
    default: return X_GENERIC;
    }
}

/* f32 instructions with a rounding mode or flags that have fast ops of their
 * own (expf's code: fma.rm, ex2.approx.ftz); -1 for any other. */
static int fast_f32_special(const ptx_insn *in, ptx_type t)
{
    unsigned fl = in->flags & (PTX_F_FTZ | PTX_F_SAT | PTX_F_APPROX | PTX_F_FULL | PTX_F_NAN);
    if (t != PTX_T_f32) return -1;
    if (in->op == PTX_OP_ex2 && fl == (PTX_F_APPROX | PTX_F_FTZ) && in->nopd == 2) return X_EX2_FTZ;
    if (in->op == PTX_OP_ex2 && fl == PTX_F_APPROX && in->nopd == 2) return X_EX2;
    if (in->op == PTX_OP_fma && !fl && in->rnd == PTX_RND_RM) return X_FFMA_RM;
    if (in->op == PTX_OP_fma && !fl && in->rnd == PTX_RND_RP) return X_FFMA_RP;
    if (in->op == PTX_OP_fma && !fl && in->rnd == PTX_RND_RZ) return X_FFMA_RZ;
    return -1;
}

static int fast_float(const ptx_insn *in, ptx_type t)
{
    bool d = t == PTX_T_f64;
    int special = fast_f32_special(in, t);
    if (special >= 0) return special;
    if (!plain_float(in)) return X_GENERIC;
    switch (in->op) {
    case PTX_OP_max: return d ? X_GENERIC : X_FMAX;
    case PTX_OP_min: return d ? X_GENERIC : X_FMIN;
    case PTX_OP_neg: return d ? X_GENERIC : X_FNEG;
    case PTX_OP_abs: return d ? X_GENERIC : X_FABS;
    case PTX_OP_add: return d ? X_DADD : X_FADD;
    case PTX_OP_sub: return d ? X_DSUB : X_FSUB;
    case PTX_OP_mul: return d ? X_DMUL : X_FMUL;
    case PTX_OP_fma: return d ? X_DFMA : X_FFMA;
    case PTX_OP_mad: return in->rnd == PTX_RND_RN ? (d ? X_DFMA : X_FFMA) : X_GENERIC;
    case PTX_OP_div: return in->rnd == PTX_RND_RN ? (d ? X_DDIV : X_FDIV) : X_GENERIC;
    case PTX_OP_sqrt: return in->rnd == PTX_RND_RN ? (d ? X_DSQRT : X_FSQRT) : X_GENERIC;
    case PTX_OP_selp: return d ? X_SELP64 : X_SELP32;
    default: return X_GENERIC;
    }
}

static int fast_cvt(const ptx_insn *in)
{
    ptx_type d = (ptx_type)in->type[0], a = (ptx_type)in->type[1];
    const ptx_operand *od = &in->opd[0], *oa = &in->opd[1];
    if (d == PTX_T_f32 && a == PTX_T_f32 && (in->flags & (PTX_F_SAT | PTX_F_FTZ | PTX_F_RELU)) == PTX_F_SAT &&
        in->rnd == PTX_RND_NONE && od->kind == PTX_OPD_REG && oa->kind == PTX_OPD_REG)
        return X_FSAT; /* cvt.sat.f32.f32 */
    if (in->flags & (PTX_F_SAT | PTX_F_FTZ | PTX_F_RELU)) return X_GENERIC;
    unsigned ds = ptx_type_size(d), as = ptx_type_size(a);
    ptx_type_kind dk = ptx_type_kind_of(d), ak = ptx_type_kind_of(a);
    bool dint = dk == PTX_K_UINT || dk == PTX_K_SINT, aint = ak == PTX_K_UINT || ak == PTX_K_SINT;
    if (od->kind != PTX_OPD_REG || oa->kind != PTX_OPD_REG) return X_GENERIC;
    if (dint && aint && ds == 8 && as == 4 && od->bank == PTX_BANK_B64 && oa->bank == PTX_BANK_B32)
        return ak == PTX_K_SINT ? X_SEXT64 : X_ZEXT64;
    if (dint && aint && ds == 4 && as == 8 && od->bank == PTX_BANK_B32) return X_TRUNC32;
    if (dint && aint && ds == 4 && as <= 2 && od->bank == PTX_BANK_B32 && oa->bank == PTX_BANK_B32 &&
        in->rnd == PTX_RND_NONE) /* a 16- or 8-bit value widened, as src_int reads it */
        return as == 2 ? (ak == PTX_K_SINT ? X_SEXT16 : X_ZEXT16) : (ak == PTX_K_SINT ? X_SEXT8 : X_ZEXT8);
    if (d == PTX_T_f32 && a == PTX_T_s32 && (in->rnd == PTX_RND_RN)) return X_CVT_F32_S32;
    if (d == PTX_T_f32 && a == PTX_T_u32 && (in->rnd == PTX_RND_RN)) return X_CVT_F32_U32;
    if (d == PTX_T_s32 && a == PTX_T_f32 && in->rnd == PTX_RND_RZI) return X_CVT_S32_F32_RZI;
    if (d == PTX_T_f64 && a == PTX_T_f32 && in->rnd == PTX_RND_NONE) return X_CVT_F64_F32;
    return X_GENERIC;
}

static int fast_setp(const ptx_insn *in)
{
    ptx_type t = (ptx_type)in->type[0];
    if (in->opd[1].kind || in->boolop || (in->flags & PTX_F_FTZ)) return X_GENERIC;
    switch (t) {
    case PTX_T_s32: return X_SETP_S32;
    case PTX_T_u32: case PTX_T_b32: return X_SETP_U32;
    case PTX_T_s64: return X_SETP_S64;
    case PTX_T_u64: case PTX_T_b64: return X_SETP_U64;
    case PTX_T_f32: return X_SETP_F32;
    case PTX_T_f64: return X_SETP_F64;
    case PTX_T_s16: return b32_operands(in, 2, 4) ? X_SETP_S16 : X_GENERIC;
    case PTX_T_u16: case PTX_T_b16: return b32_operands(in, 2, 4) ? X_SETP_U16 : X_GENERIC;
    default: return X_GENERIC;
    }
}

/* Unsigned comparisons for the integer setp fast ops. */
static uint8_t int_cmp(uint8_t cmp)
{
    switch (cmp) {
    case PTX_CMP_LO: return PTX_CMP_LT;
    case PTX_CMP_LS: return PTX_CMP_LE;
    case PTX_CMP_HI: return PTX_CMP_GT;
    case PTX_CMP_HS: return PTX_CMP_GE;
    default: return cmp;
    }
}

/* and, or, xor, not of predicates (sources may be written !p). */
static int fast_pred(const ptx_insn *in)
{
    for (unsigned i = 0; i < in->nopd; i++)
        if (in->opd[i].bank != PTX_BANK_PRED ||
            (in->opd[i].kind != PTX_OPD_REG && (i == 0 || in->opd[i].kind != PTX_OPD_IMM)))
            return X_GENERIC;
    switch (in->op) {
    case PTX_OP_and: return in->nopd == 3 ? X_PAND : X_GENERIC;
    case PTX_OP_or: return in->nopd == 3 ? X_POR : X_GENERIC;
    case PTX_OP_xor: return in->nopd == 3 ? X_PXOR : X_GENERIC;
    case PTX_OP_not: return in->nopd == 2 ? X_PNOT : X_GENERIC;
    default: return X_GENERIC;
    }
}

/* cvta to or from the global space is the identity (generic addresses of
 * global memory are global addresses). */
static int fast_cvta(const ptx_insn *in)
{
    if (in->space != PTX_SPACE_GLOBAL || ptx_type_size((ptx_type)in->type[0]) != 8 || in->nopd != 2 ||
        in->opd[0].kind != PTX_OPD_REG || in->opd[0].bank != PTX_BANK_B64 || in->opd[1].kind != PTX_OPD_REG ||
        in->opd[1].bank != PTX_BANK_B64)
        return X_GENERIC;
    return X_MOV64;
}

static int choose_fast(lower *lw, const ptx_insn *in)
{
    if (lw->m->opt.reference_alu) return X_GENERIC;
    ptx_type t = (ptx_type)in->type[0];
    if (in->op == PTX_OP_cvt) return fast_cvt(in);
    if (in->op == PTX_OP_setp) return fast_setp(in);
    if (in->op == PTX_OP_cvta) return fast_cvta(in);
    if (ptx_type_kind_of(t) == PTX_K_FLOAT) return (t == PTX_T_f32 || t == PTX_T_f64) ? fast_float(in, t) : X_GENERIC;
    if (ptx_type_kind_of(t) == PTX_K_PRED) return fast_pred(in);
    return fast_int(in, t);
}

/* ---- lowering one instruction ---- */

/* What the general evaluator does not run: a clear error at launch rather
 * than wrong numbers. */
static const char *not_supported(const ptx_insn *in)
{
    ptx_type t = (ptx_type)in->type[0], t2 = (ptx_type)in->type[1];
    bool packed = t == PTX_T_f16x2 || t == PTX_T_bf16x2, packed2 = t2 == PTX_T_f16x2 || t2 == PTX_T_bf16x2;
    bool carry = (in->flags & PTX_F_CC) || in->op == PTX_OP_addc || in->op == PTX_OP_subc ||
                 in->op == PTX_OP_madc;
    switch (in->op) {
    case PTX_OP_add: case PTX_OP_sub: case PTX_OP_mad: case PTX_OP_addc: case PTX_OP_subc:
    case PTX_OP_madc:
        if (carry && (ptx_type_kind_of(t) == PTX_K_FLOAT || ptx_type_size(t) < 4))
            return sim_refusal_text(SIM_REFUSE_CARRY_TYPE);
        if (carry && in->mode == PTX_WIDTH_WIDE) return sim_refusal_text(SIM_REFUSE_CARRY_WIDE);
        break;
    case PTX_OP_setp: case PTX_OP_set:
        if (in->op == PTX_OP_set && packed2 && t != PTX_T_u32 && t != PTX_T_s32 && t != t2)
            return sim_refusal_text(SIM_REFUSE_PAIR_SET_DEST);
        break;
    case PTX_OP_cvt: /* the FP8 pairs (alu_float.c) are packed both ways */
        if (t == PTX_T_e4m3x2 || t == PTX_T_e5m2x2 || t2 == PTX_T_e4m3x2 || t2 == PTX_T_e5m2x2) break;
        if (packed2 || (packed && in->nopd != 3)) return sim_refusal_text(SIM_REFUSE_PACKED_CVT);
        break;
    default:
        break;
    }
    ptx_type_kind k = ptx_type_kind_of(t);
    bool half = t == PTX_T_f16 || t == PTX_T_bf16 || packed;
    switch (in->op) {
    case PTX_OP_fma: case PTX_OP_rcp: case PTX_OP_sqrt: case PTX_OP_rsqrt: case PTX_OP_sin:
    case PTX_OP_cos: case PTX_OP_lg2: case PTX_OP_ex2: case PTX_OP_tanh: case PTX_OP_testp:
    case PTX_OP_copysign:
        if (k != PTX_K_FLOAT) return sim_refusal_text(SIM_REFUSE_NEEDS_FLOAT);
        if (half && in->op != PTX_OP_fma && in->op != PTX_OP_ex2 && in->op != PTX_OP_tanh)
            return sim_refusal_text(SIM_REFUSE_HALF_FUNCTION);
        break;
    case PTX_OP_rem: case PTX_OP_sad: case PTX_OP_mul24: case PTX_OP_mad24: case PTX_OP_and:
    case PTX_OP_or: case PTX_OP_xor: case PTX_OP_not: case PTX_OP_cnot: case PTX_OP_shl:
    case PTX_OP_shr: case PTX_OP_popc: case PTX_OP_clz: case PTX_OP_brev: case PTX_OP_bfind:
    case PTX_OP_bfe: case PTX_OP_bfi: case PTX_OP_bmsk:
        if (k == PTX_K_FLOAT) return sim_refusal_text(SIM_REFUSE_NEEDS_INT);
        break;
    case PTX_OP_div:
        if (half) return sim_refusal_text(SIM_REFUSE_HALF_DIV);
        break;
    default:
        break;
    }
    return NULL;
}

static void lower_generic(lower *lw, sim_op *op, const ptx_insn *in)
{
    const char *why = not_supported(in);
    if (why) {
        sim_lw_fail(lw, CL_UNSUPPORTED, "%s", why);
        return;
    }
    sim_gen g;
    memset(&g, 0, sizeof g);
    g.in = in;
    ptx_format f = ptx_opcode_format((ptx_opcode)in->op);
    for (unsigned i = 0; i < in->nopd && i < 6; i++) {
        const ptx_operand *o = &in->opd[i];
        op->s[i] = sim_lw_slot(lw, o);
        g.bank[i] = o->bank;
        g.neg[i] = o->neg;
        g.dst[i] = i == 0 || (i == 1 && f == PTX_FMT_SETP);
    }
    g.carry = (in->flags & PTX_F_CC) || in->op == PTX_OP_addc || in->op == PTX_OP_subc ||
              in->op == PTX_OP_madc;
    op->x = X_GENERIC;
    op->aux = (uint32_t)lw->gens.n;
    CL_VEC_PUSH(&lw->gens, g);
}

static void lower_mov(lower *lw, sim_op *op, const ptx_insn *in)
{
    const ptx_operand *d = &in->opd[0], *a = &in->opd[1];
    unsigned size = ptx_type_size((ptx_type)in->type[0]);
    if (d->kind == PTX_OPD_VEC || a->kind == PTX_OPD_VEC) {
        const ptx_operand *v = d->kind == PTX_OPD_VEC ? d : a;
        op->x = d->kind == PTX_OPD_VEC ? X_UNPACK : X_PACK;
        op->s[0] = sim_lw_slot(lw, d->kind == PTX_OPD_VEC ? a : d);
        for (unsigned i = 0; i < v->count; i++) op->s[1 + i] = sim_lw_vec_elem(lw, v, i);
        op->p[0] = v->count;
        op->p[1] = (uint8_t)(size / v->count);
        op->p[2] = size == 8;
        return;
    }
    if (a->kind == PTX_OPD_SREG && sim_lw_dynamic_sreg(a->index)) {
        op->x = X_CLOCK;
        op->s[0] = sim_lw_slot(lw, d);
        op->p[0] = (uint8_t)a->index;
        op->p[1] = d->bank == PTX_BANK_B64;
        return;
    }
    op->s[0] = sim_lw_slot(lw, d);
    op->s[1] = sim_lw_slot(lw, a);
    op->x = d->bank == PTX_BANK_PRED ? X_MOVP : d->bank == PTX_BANK_B64 ? X_MOV64 : X_MOV32;
    if (a->kind == PTX_OPD_SREG && ptx_sreg_bits(a->index) == 32 && d->bank == PTX_BANK_B64) {
        /* mov.u64 %rd, %tid.x style: widen through the general path */
        lower_generic(lw, op, in);
    }
}

static uint8_t mspace(const ptx_insn *in)
{
    switch (in->space) {
    case PTX_SPACE_GLOBAL: return SIM_MS_GLOBAL;
    case PTX_SPACE_SHARED: return SIM_MS_SHARED;
    case PTX_SPACE_LOCAL: return SIM_MS_LOCAL;
    case PTX_SPACE_PARAM: return SIM_MS_PARAM;
    case PTX_SPACE_CONST: return SIM_MS_CONST;
    default: return SIM_MS_GENERIC;
    }
}

static void lower_addr(lower *lw, sim_op *op, const ptx_operand *a)
{
    op->imm = a->imm;
    op->s[4] = SIM_NOSLOT;
    if (a->has_base) {
        ptx_operand r = { .kind = PTX_OPD_REG, .bank = a->bank, .index = a->base };
        op->s[4] = sim_lw_slot(lw, &r);
        if (a->bank == PTX_BANK_B32) op->p[3] |= SIM_MF_BASE32;
    } else if (a->index != PTX_NONE) {
        op->imm += (int64_t)sim_lw_sym_addr(lw, a->index);
    }
}

/* The memory semantics of an ld, st, atom or red as SIM_SY_* flags: atomics
 * are relaxed at least; volatile is its own class (see shadow.c). */
static uint32_t mem_sync(const ptx_insn *in, bool atom)
{
    switch (in->sem) {
    case PTX_SEM_VOLATILE: return SIM_SY_VOLATILE;
    case PTX_SEM_RELAXED: return SIM_SY_STRONG;
    case PTX_SEM_ACQUIRE: return SIM_SY_STRONG | SIM_SY_ACQUIRE;
    case PTX_SEM_RELEASE: return SIM_SY_STRONG | SIM_SY_RELEASE;
    case PTX_SEM_ACQ_REL: case PTX_SEM_SC: return SIM_SY_STRONG | SIM_SY_ACQUIRE | SIM_SY_RELEASE;
    default: return atom ? SIM_SY_STRONG : 0;
    }
}

static void lower_mem(lower *lw, sim_op *op, const ptx_insn *in)
{
    ptx_type t = (ptx_type)in->type[0];
    bool st = in->op == PTX_OP_st, atom = in->op == PTX_OP_atom || in->op == PTX_OP_red;
    op->p[0] = mspace(in);
    op->p[1] = (uint8_t)ptx_type_size(t);
    op->p[2] = in->vec ? in->vec : 1;
    if (ptx_type_kind_of(t) == PTX_K_SINT) op->p[3] |= SIM_MF_SIGNED;
    if (ptx_type_kind_of(t) == PTX_K_FLOAT) op->p[3] |= SIM_MF_FLOAT;
    if (in->sem == PTX_SEM_VOLATILE) op->p[3] |= SIM_MF_VOLATILE;
    op->aux2 = mem_sync(in, atom);
    /* volatile alone (the warp-synchronous idiom) keeps the plain check */
    if ((op->aux2 & (SIM_SY_ACQUIRE | SIM_SY_RELEASE)) || (!atom && (op->aux2 & SIM_SY_STRONG)))
        lw->p->has_sync = true;
    if (atom) {
        bool red = in->op == PTX_OP_red;
        op->x = X_ATOM;
        op->aux = in->mode;
        if (in->scope == PTX_SCOPE_CTA && (op->p[0] == SIM_MS_GLOBAL || op->p[0] == SIM_MS_GENERIC)) {
            op->aux2 |= SIM_SY_CTA; /* atomicAdd_block: atomic among its block's threads only */
            lw->p->cta_atomics = true;
        }
        lower_addr(lw, op, &in->opd[red ? 0 : 1]);
        op->s[0] = red ? SIM_NOSLOT : sim_lw_slot(lw, &in->opd[0]);
        op->s[1] = sim_lw_slot(lw, &in->opd[red ? 1 : 2]);
        op->s[2] = in->mode == PTX_ATOM_CAS ? sim_lw_slot(lw, &in->opd[3]) : SIM_NOSLOT;
        if (ptx_type_size(t) == 8) op->p[3] |= SIM_MF_DST64;
        if (t == PTX_T_bf16 || t == PTX_T_bf16x2) op->p[3] |= SIM_MF_BF16;
        if (t == PTX_T_f16x2 || t == PTX_T_bf16x2) op->p[3] |= SIM_MF_PAIR;
        bool half = t == PTX_T_f16 || t == PTX_T_f16x2 || t == PTX_T_bf16 || t == PTX_T_bf16x2;
        if (ptx_type_size(t) < 2 || (ptx_type_size(t) == 2 && !half && in->mode != PTX_ATOM_CAS &&
                                     in->mode != PTX_ATOM_EXCH))
            sim_lw_refuse(lw, SIM_REFUSE_ATOM_NARROW, NULL);
        else if (half && in->mode != PTX_ATOM_ADD && in->mode != PTX_ATOM_MIN && in->mode != PTX_ATOM_MAX &&
                 in->mode != PTX_ATOM_EXCH && in->mode != PTX_ATOM_CAS)
            sim_lw_refuse(lw, SIM_REFUSE_ATOM_HALF_OP, NULL);
        return;
    }
    op->x = st ? X_ST : X_LD;
    const ptx_operand *v = &in->opd[st ? 1 : 0];
    lower_addr(lw, op, &in->opd[st ? 0 : 1]);
    const ptx_operand *first = v->kind == PTX_OPD_VEC ? &lw->mod->funcs[lw->cur_fn].vec[v->index] : v;
    if (first->kind == PTX_OPD_REG ? first->bank == PTX_BANK_B64 : ptx_type_size(t) == 8)
        op->p[3] |= SIM_MF_DST64;
    if (first->kind == PTX_OPD_REG && first->bank == PTX_BANK_B32 &&
        ptx_type_size((ptx_type)lw->mod->funcs[lw->cur_fn].regs[PTX_BANK_B32][first->index].type) <= 2)
        op->p[3] |= SIM_MF_DST16;
    if (v->kind == PTX_OPD_VEC) {
        for (unsigned i = 0; i < v->count; i++) op->s[i] = sim_lw_vec_elem(lw, v, i);
    } else {
        op->s[0] = sim_lw_slot(lw, v);
    }
    /* a kernel parameter: one element at a fixed, aligned offset (the hot
       loop checks the offset against the launch's parameters) */
    bool fast = !lw->m->opt.reference_alu; /* the reference: every access the general way */
    if (fast && !st && op->p[0] == SIM_MS_PARAM && op->s[4] == SIM_NOSLOT && op->p[2] == 1 && !op->aux2 &&
        op->s[0] != SIM_NOSLOT && op->imm >= 0 && !(op->imm & (op->p[1] - 1)))
        op->x = X_LDPARAM;
    /* shared memory, one 32-bit element, a 32-bit base (a warp's slice of a
       shared array), weak or volatile (which plain mode checks alike): a
       partial warp's run of lanes may take the shared-run path (its value
       row 32 bits wide, no 16-bit cut) */
    if (fast && op->p[0] == SIM_MS_SHARED && op->p[1] == 4 && op->p[2] == 1 && (op->p[3] & SIM_MF_BASE32) &&
        !(op->p[3] & (SIM_MF_DST64 | SIM_MF_DST16)) && op->s[4] != SIM_NOSLOT && op->s[0] != SIM_NOSLOT &&
        !(op->aux2 & ~(uint32_t)SIM_SY_VOLATILE))
        op->x = st ? X_STS : X_LDS;
    /* a load of one 32-bit element at a fixed shared address (no base: a
       block's slot, `slots[w]` in an unrolled sum), weak or volatile */
    if (fast && !st && op->p[0] == SIM_MS_SHARED && op->p[1] == 4 && op->p[2] == 1 &&
        !(op->p[3] & (SIM_MF_DST64 | SIM_MF_DST16)) && op->s[4] == SIM_NOSLOT && op->s[0] != SIM_NOSLOT &&
        op->imm >= 0 && !(op->aux2 & ~(uint32_t)SIM_SY_VOLATILE))
        op->x = X_LDS1;
    /* global memory, one 32-bit element (its value row 32 bits wide, no
       16-bit cut), a 64-bit base, weak: a full warp may take the global
       short path */
    if (fast && op->p[0] == SIM_MS_GLOBAL && op->p[1] == 4 && op->p[2] == 1 &&
        !(op->p[3] & (SIM_MF_BASE32 | SIM_MF_DST64 | SIM_MF_DST16)) && op->s[4] != SIM_NOSLOT &&
        op->s[0] != SIM_NOSLOT && !op->aux2)
        op->x = st ? X_STG : X_LDG;
}

/* Does the code from `pc` reach an exit or a kernel return without branching? */
static bool leads_to_exit(const ptx_function *fn, uint32_t pc, bool is_kernel)
{
    for (; pc < fn->ninsns; pc++) {
        const ptx_insn *in = &fn->insns[pc];
        if (in->op == PTX_OP_exit || (in->op == PTX_OP_ret && is_kernel)) return in->guard == PTX_NONE;
        if (in->op == PTX_OP_bra || in->op == PTX_OP_call || in->op == PTX_OP_ret ||
            in->op == PTX_OP_bar || in->op == PTX_OP_barrier || in->op == PTX_OP_trap)
            return false;
    }
    return false;
}

static void lower_call(lower *lw, sim_op *op, const ptx_insn *in)
{
    const ptx_function *callee = &lw->mod->funcs[in->opd[0].index];
    const ptx_function *caller = &lw->mod->funcs[lw->cur_fn];
    sim_call c;
    memset(&c, 0, sizeof c);
    bool assertion = strcmp(callee->name, "__assertfail") == 0;
    bool vp = assertion || strcmp(callee->name, "vprintf") == 0; /* arguments kept, no body */
    c.entry = vp ? SIM_NONE : lw->code_base[in->opd[0].index];
    c.args = (uint32_t)lw->pcopies.n;
    for (unsigned i = 0; in->opd[2].kind && i < in->opd[2].count; i++) {
        uint32_t sym = caller->vec[in->opd[2].index + i].index;
        sim_pcopy pc = { (uint32_t)sim_lw_sym_addr(lw, sym), 0, (uint32_t)lw->mod->syms[sym].size };
        if (!vp) {
            pc.to = (uint32_t)sim_lw_sym_addr(lw, callee->params[i].sym);
            if (callee->params[i].info.size < pc.size) pc.size = callee->params[i].info.size;
        }
        CL_VEC_PUSH(&lw->pcopies, pc);
        c.nargs++;
    }
    c.rets = (uint32_t)lw->pcopies.n;
    for (unsigned i = 0; in->opd[1].kind && i < in->opd[1].count; i++) {
        uint32_t sym = caller->vec[in->opd[1].index + i].index;
        sim_pcopy pc = { 0, (uint32_t)sim_lw_sym_addr(lw, sym), (uint32_t)lw->mod->syms[sym].size };
        if (!vp) {
            pc.from = (uint32_t)sim_lw_sym_addr(lw, callee->rets[i].sym);
            if (callee->rets[i].info.size < pc.size) pc.size = callee->rets[i].info.size;
        }
        CL_VEC_PUSH(&lw->pcopies, pc);
        c.nrets++;
    }
    if (vp && !assertion && c.nargs != 2) sim_lw_refuse(lw, SIM_REFUSE_VPRINTF_ARGS, NULL);
    op->x = assertion ? X_TRAP : vp ? X_VPRINTF : X_CALL;
    op->p[0] = assertion && c.nargs >= 1; /* a trap that can read assert's message */
    op->aux = (uint32_t)lw->calls.n;
    CL_VEC_PUSH(&lw->calls, c);
}

static void lower_bar(lower *lw, sim_op *op, const ptx_insn *in)
{
    switch (in->mode) {
    case PTX_BAR_WARP:
        op->x = X_COLL;
        op->p[0] = SIM_COLL_BARWARP;
        for (int i = 0; i < 5; i++) op->s[i] = SIM_NOSLOT;
        op->s[5] = sim_lw_slot(lw, &in->opd[0]);
        if (in->opd[0].kind == PTX_OPD_IMM) op->p[3] |= SIM_CF_UNIFORM;
        return;
    case PTX_BAR_RED:
        op->x = X_BAR_RED;
        lw->p->has_bar_red = true;
        op->p[0] = in->mode2;
        op->s[0] = sim_lw_slot(lw, &in->opd[0]);
        op->s[1] = sim_lw_slot(lw, &in->opd[1]);
        op->s[2] = sim_lw_slot(lw, &in->opd[2]);
        op->s[3] = sim_lw_slot(lw, &in->opd[3]);
        op->p[1] = in->opd[3].neg;
        return;
    default:
        op->x = in->mode == PTX_BAR_ARRIVE ? X_BAR_ARRIVE : X_BAR;
        op->s[0] = sim_lw_slot(lw, &in->opd[0]);
        op->s[1] = in->nopd > 1 ? sim_lw_slot(lw, &in->opd[1]) : SIM_NOSLOT;
        return;
    }
}

static void lower_coll(lower *lw, sim_op *op, const ptx_insn *in, const uint8_t *taint)
{
    op->x = X_COLL;
    for (int i = 0; i < 6; i++) op->s[i] = SIM_NOSLOT;
    op->p[1] = in->mode;
    const ptx_operand *mask = NULL;
    switch (in->op) {
    case PTX_OP_shfl:
        op->p[0] = SIM_COLL_SHFL;
        for (int i = 0; i < 5; i++) op->s[i] = sim_lw_slot(lw, &in->opd[i]);
        mask = &in->opd[5];
        break;
    case PTX_OP_vote:
        op->p[0] = SIM_COLL_VOTE;
        op->s[0] = sim_lw_slot(lw, &in->opd[0]);
        op->s[1] = sim_lw_slot(lw, &in->opd[1]);
        if (in->opd[1].neg) op->p[3] |= SIM_CF_NEG;
        mask = &in->opd[2];
        break;
    case PTX_OP_match:
        op->p[0] = SIM_COLL_MATCH;
        op->p[2] = in->type[0] == PTX_T_b64;
        op->s[0] = sim_lw_slot(lw, &in->opd[0]);
        op->s[1] = sim_lw_slot(lw, &in->opd[1]);
        op->s[2] = sim_lw_slot(lw, &in->opd[2]);
        mask = &in->opd[3];
        break;
    default: /* redux */
        op->p[0] = SIM_COLL_REDUX;
        op->p[2] = in->type[0] == PTX_T_s32;
        op->s[0] = sim_lw_slot(lw, &in->opd[0]);
        op->s[2] = sim_lw_slot(lw, &in->opd[1]);
        mask = &in->opd[2];
        break;
    }
    op->s[5] = sim_lw_slot(lw, mask);
    if (mask->kind == PTX_OPD_IMM) op->p[3] |= SIM_CF_UNIFORM;
    if (mask->kind == PTX_OPD_REG && mask->bank == PTX_BANK_B32 && taint[mask->index])
        op->p[3] |= SIM_CF_ACTIVEMASK;
}

static void lower_insn(lower *lw, sim_op *op, const ptx_insn *in, const uint8_t *taint)
{
    const ptx_function *fn = &lw->mod->funcs[lw->cur_fn];
    memset(op, 0, sizeof *op);
    for (int i = 0; i < 6; i++) op->s[i] = SIM_NOSLOT;
    if (in->guard != PTX_NONE) {
        op->guard = (uint16_t)(2 + lw->rbase[PTX_BANK_PRED][lw->cur_fn] + in->guard);
        op->gxor = in->guard_neg ? SIM_FULL : 0;
    }
    switch (in->op) {
    case PTX_OP_mov:
        lower_mov(lw, op, in);
        return;
    case PTX_OP_ld: case PTX_OP_ldu: case PTX_OP_st: case PTX_OP_atom: case PTX_OP_red:
        lower_mem(lw, op, in);
        return;
    case PTX_OP_bra:
        op->x = X_BRA;
        op->aux = lw->code_base[lw->cur_fn] + in->opd[0].index;
        if (leads_to_exit(fn, in->opd[0].index, fn->is_entry)) op->p[1] |= SIM_BF_EXIT;
        return;
    case PTX_OP_call: lower_call(lw, op, in); return;
    case PTX_OP_ret: op->x = X_RET; return;
    case PTX_OP_exit: op->x = X_EXIT; return;
    case PTX_OP_trap: op->x = X_TRAP; return;
    case PTX_OP_membar: case PTX_OP_fence:
        op->x = X_FENCE;
        lw->p->has_sync = true;
        return;
    case PTX_OP_brkpt: case PTX_OP_nanosleep: case PTX_OP_prefetch:
        op->x = X_NOP;
        return;
    case PTX_OP_bar: case PTX_OP_barrier: lower_bar(lw, op, in); return;
    case PTX_OP_shfl: case PTX_OP_vote: case PTX_OP_match: case PTX_OP_redux:
        lower_coll(lw, op, in, taint);
        return;
    case PTX_OP_wmma: case PTX_OP_mma: case PTX_OP_ldmatrix:
        sim_tensor_lower(lw, op, in);
        return;
    case PTX_OP_cp: case PTX_OP_mbarrier:
        sim_async_lower(lw, op, in);
        return;
    case PTX_OP_activemask:
        op->x = X_ACTIVEMASK;
        op->s[0] = sim_lw_slot(lw, &in->opd[0]);
        return;
    default:
        break;
    }
    int x = choose_fast(lw, in);
    if (x == X_GENERIC) {
        lower_generic(lw, op, in);
        return;
    }
    op->x = (uint16_t)x;
    for (unsigned i = 0; i < in->nopd && i < 6; i++) op->s[i] = sim_lw_slot(lw, &in->opd[i]);
    if (x == X_PAND || x == X_POR || x == X_PXOR || x == X_PNOT)
        op->p[0] = (uint8_t)(in->opd[1].neg | (in->nopd > 2 ? in->opd[2].neg << 1 : 0));
    if (x == X_SHL64 && in->opd[2].kind == PTX_OPD_IMM && (uint64_t)in->opd[2].imm < 64) {
        op->p[1] = (uint8_t)in->opd[2].imm; /* a count for all lanes, for fuse() */
        op->p[2] = 1;
    }
    if (in->op == PTX_OP_setp) { /* p, q, a, b -> d, a, b */
        op->s[0] = sim_lw_slot(lw, &in->opd[0]);
        op->s[1] = sim_lw_slot(lw, &in->opd[2]);
        op->s[2] = sim_lw_slot(lw, &in->opd[3]);
        op->s[3] = SIM_NOSLOT;
        op->p[0] = ptx_type_kind_of((ptx_type)in->type[0]) == PTX_K_FLOAT ? in->cmp : int_cmp(in->cmp);
    }
}

/* An instruction that CUDA's own headers reached through CUDA's own code,
 * not straight from the student's: cooperative groups' coalesced_threads()
 * takes __activemask() and uses it at once, by design, while the student's
 * __activemask() is an intrinsic inlined into their line. */
static bool from_cuda_header(const ptx_module *mod, const ptx_insn *in)
{
    const ptx_loc *l = &mod->locs[in->loc];
    return in->loc && l->pfile && l->pfile < mod->nfiles && mod->files[l->pfile] &&
           ptx_is_system_file(mod->files[l->pfile]);
}

/* Registers written by activemask in the student's code (and plain copies
 * of them). */
static void activemask_taint(const ptx_module *mod, const ptx_function *fn, uint8_t *taint)
{
    for (uint32_t i = 0; i < fn->ninsns; i++) {
        const ptx_insn *in = &fn->insns[i];
        if (in->nopd == 0 || in->opd[0].kind != PTX_OPD_REG || in->opd[0].bank != PTX_BANK_B32) continue;
        uint32_t d = in->opd[0].index;
        if (in->op == PTX_OP_activemask) taint[d] = !from_cuda_header(mod, in);
        else if (in->op == PTX_OP_mov && in->opd[1].kind == PTX_OPD_REG && in->opd[1].bank == PTX_BANK_B32)
            taint[d] = taint[in->opd[1].index];
        else if (in->op != PTX_OP_st && in->op != PTX_OP_red) taint[d] = 0;
    }
}

/* ---- fused address chains ---- */

/* A byte an op of the code [base, base + n) of a function (code its
 * first): 1 where a branch of it lands (freed by the caller). */
static uint8_t *branch_targets(const sim_op *code, uint32_t base, uint32_t n)
{
    uint8_t *target = cl_calloc(n + 1, 1);
    for (uint32_t i = 0; i < n; i++)
        if (code[i].x == X_BRA && code[i].aux >= base && code[i].aux - base < n) target[code[i].aux - base] = 1;
    return target;
}

/* An op fuse() may take into a chain: unguarded (so it runs for the same
 * lanes as the chain's first) and not a branch's target (no group starts
 * inside a chain; one that waits inside makes the first op run alone). */
static bool fusable(const sim_op *op, const uint8_t *target, uint32_t i, uint16_t x)
{
    return op->x == x && op->guard == SIM_PRED_TRUE && !op->gxor && !target[i];
}

/* Whether op (commutative) reads r; if so its a (s[1]) is made r. */
static bool reads_as_a(sim_op *op, uint16_t r)
{
    if (op->s[1] == r) return true;
    if (op->s[2] != r) return false;
    op->s[2] = op->s[1];
    op->s[1] = r;
    return true;
}

/* Whether the 64-bit rows of ops [0, n) written by each but the last are
 * read by the next one alone: named by no other op of the function as a
 * 64-bit row (sim_op_banks; a function's registers are its own, calls pass
 * values through parameter memory), so the chain need not write them. */
static bool only_last_read(const sim_op *o, unsigned n, const uint8_t *named)
{
    for (unsigned i = 0; i + 1 < n; i++)
        if (named[o[i].s[0]] != 2) return false; /* its write and the next op's read */
    return true;
}

/* The 64-bit address arithmetic nvcc writes for a[i * n + j]: cvt.s64.s32,
 * mul.lo.s64, add.s64, shl.b64 by an immediate, add.s64 of the base, each
 * reading the one before; the first op of such a run becomes X_ADDR_SX (or
 * X_ADDR without the cvt; X_LEA for the shl and add alone), the others stay
 * as they are (their a made the chain's value), and exec.c runs the run as
 * one op; its p[0] is 1 when only the last op's row is read later. A run of
 * unguarded ld.params (a kernel's top) becomes X_LDPARAMS, its length in
 * aux, run as one op too. The rows that are read and written and the
 * counts are the same as one op at a time. */
static void fuse(sim_op *code, uint32_t base, uint32_t n)
{
    uint8_t *target = branch_targets(code, base, n);
    uint32_t top = 0;
    for (uint32_t i = 0; i < n; i++)
        for (int k = 0; k < 6; k++)
            if (code[i].s[k] != SIM_NOSLOT && code[i].s[k] >= top) top = code[i].s[k] + 1u;
    uint8_t *named = cl_calloc(top + 1, 1); /* how often each 64-bit row is named, up to 255 */
    for (uint32_t i = 0; i < n; i++) {
        uint8_t bank[6];
        sim_op_banks(&code[i], bank);
        for (int k = 0; k < 6; k++)
            if (code[i].s[k] != SIM_NOSLOT && (bank[k] & 2) && named[code[i].s[k]] < 255) named[code[i].s[k]]++;
    }
    for (uint32_t i = 0; i < n; i++) {
        sim_op *o = &code[i];
        if (o->guard != SIM_PRED_TRUE || o->gxor) continue;
        if ((o->x == X_SEXT64 || o->x == X_MUL64) && i + 3 < n) {
            bool sx = o->x == X_SEXT64;
            sim_op *mu = sx ? o + 1 : o;
            uint32_t j = sx ? i + 1 : i;
            if (j + 3 < n && (!sx || (fusable(mu, target, j, X_MUL64) && reads_as_a(mu, o->s[0]))) &&
                fusable(mu + 1, target, j + 1, X_ADD64) && fusable(mu + 2, target, j + 2, X_SHL64) && mu[2].p[2] &&
                fusable(mu + 3, target, j + 3, X_ADD64)) {
                sim_op a1 = mu[1], a2 = mu[3];
                if (reads_as_a(&a1, mu[0].s[0]) && mu[2].s[1] == a1.s[0] && reads_as_a(&a2, mu[2].s[0])) {
                    mu[1] = a1;
                    mu[3] = a2;
                    o->x = sx ? X_ADDR_SX : X_ADDR;
                    o->p[0] = only_last_read(o, sx ? 5 : 4, named);
                    i = j + 3;
                    continue;
                }
            }
        }
        if (o->x == X_SHL64 && o->p[2] && i + 1 < n && fusable(o + 1, target, i + 1, X_ADD64) && reads_as_a(o + 1, o->s[0]))
        {
            o->x = X_LEA;
            o->p[0] = only_last_read(o, 2, named);
            i++;
            continue;
        }
        if (o->x == X_LDPARAM) { /* the kernel's parameters, one after another */
            uint32_t k = 1;
            while (i + k < n && fusable(o + k, target, i + k, X_LDPARAM)) k++;
            if (k > 1) {
                o->x = X_LDPARAMS;
                o->aux = k;
                i += k - 1;
            }
        }
    }
    free(target);
    free(named);
}

/* ---- runs of shared accesses from one base ---- */

/* Whether op may join the run of sim_fuse_shared_runs that first starts: a
 * plain 32-bit shared load or store (X_LDS or X_STS of one element from a
 * 32-bit base, weak, no CAS seed's or selected load, the first's flags and
 * base), unguarded, no branch's target unless it starts the run; a load
 * that writes its base ends it (the next would read another base). */
static bool run_op(const sim_op *op, const sim_op *first, bool target)
{
    if (op->x != first->x || op->guard != SIM_PRED_TRUE || op->gxor || op->aux || op->aux2 || (target && op != first))
        return false;
    if (memcmp(op->p, first->p, sizeof op->p) || op->s[4] != first->s[4] || op->s[4] == SIM_NOSLOT ||
        op->s[0] == SIM_NOSLOT)
        return false;
    return op->p[0] == SIM_MS_SHARED && op->p[1] == 4 && op->p[2] == 1 && (op->p[3] & SIM_MF_BASE32) &&
           !(op->p[3] & SIM_MF_DST64) && (op->x == X_STS || op->s[0] != op->s[4]);
}

/* Whether code[0..2] is a counter's increment sim_exec_rmw takes: a plain
 * shared load of a byte or half from a 32-bit base (unguarded, weak, no
 * CAS seed's or selected load) into a row that is not its base; an
 * unguarded X_ADD16 or X_ADD32 of that row and another, into a row that is
 * not the base; an unguarded weak store of that sum with the load's
 * element and address; neither of the two after it a branch's target. */
static bool rmw_ops(const sim_op *code, const uint8_t *target)
{
    const sim_op *ld = &code[0], *add = &code[1], *st = &code[2];
    if (ld->x != X_LD || (add->x != X_ADD16 && add->x != X_ADD32) || st->x != X_ST || target[1] || target[2])
        return false;
    for (int i = 0; i < 3; i++)
        if (code[i].guard != SIM_PRED_TRUE || code[i].gxor || code[i].aux || code[i].aux2) return false;
    for (int i = 0; i < 3; i += 2) {
        const sim_op *o = &code[i];
        if (o->p[0] != SIM_MS_SHARED || o->p[1] > 2 || o->p[1] != ld->p[1] || o->p[2] != 1 ||
            !(o->p[3] & SIM_MF_BASE32) || (o->p[3] & SIM_MF_DST64) || o->s[4] == SIM_NOSLOT || o->s[0] == SIM_NOSLOT)
            return false;
    }
    return st->s[4] == ld->s[4] && st->imm == ld->imm && ld->s[0] != ld->s[4] &&
           (add->s[1] == ld->s[0] || add->s[2] == ld->s[0]) && add->s[0] != ld->s[4] && st->s[0] == add->s[0];
}

/* The sources of an op of a 32-bit ALU family (xops.def's I32U, I32B,
 * I32T: its rows d = s[0] and a, b, c), else 0. */
static unsigned alu32_sources(const sim_op *op)
{
    static const uint8_t n[X_COUNT] = {
#define SIM_A0(name, ...) 0,
#define SIM_A1(name, ...) 1,
#define SIM_A2(name, ...) 2,
#define SIM_A3(name, ...) 3,
#define I32B SIM_A2
#define I64B SIM_A0
#define I64S SIM_A0
#define I32T SIM_A3
#define I64T SIM_A0
#define I32U SIM_A1
#define I64U SIM_A0
#define W32B SIM_A0
#define W32T SIM_A0
#define N32 SIM_A0
#define T64 SIM_A0
#define F32B SIM_A0
#define F32T SIM_A0
#define F32U SIM_A0
#define F32R SIM_A0
#define F64B SIM_A0
#define F64T SIM_A0
#define F64U SIM_A0
#define FI32 SIM_A0
#define IF32 SIM_A0
#define XF SIM_A0
#define SETP SIM_A0
#define SEL SIM_A0
#define OWN SIM_A0
#include "sim/xops.def"
#include "sim/xops_undef.h"
#undef SIM_A0
#undef SIM_A1
#undef SIM_A2
#undef SIM_A3
    };
    return n[op->x];
}

/* The run of loads from code[0] (a run_op X_LDS) with 32-bit ALU ops
 * between them (SIM_RUN_HOIST): its loads' places in at[], their number
 * returned. A load joins while no op between the first and it reads or
 * writes its row (so that making it first changes no value an op reads)
 * and no earlier load writes its row; an op between joins while it is an
 * unguarded op of a 32-bit ALU family that does not write the base, no
 * branch's target. */
static unsigned hoist_run(const sim_op *code, uint32_t n, const uint8_t *target, uint32_t *at)
{
    uint16_t wrote[SIM_RUN_SPAN], read[3 * SIM_RUN_SPAN], dests[SIM_RUN_MAX];
    unsigned nw = 0, nr = 0, nm = 1;
    at[0] = 0;
    dests[0] = code[0].s[0];
    for (uint32_t k = 1; k < n && k < SIM_RUN_SPAN && nm < SIM_RUN_MAX && !target[k]; k++) {
        const sim_op *o = &code[k];
        if (run_op(o, &code[0], false)) {
            if (sim_among(o->s[0], wrote, nw) || sim_among(o->s[0], read, nr) || sim_among(o->s[0], dests, nm)) break;
            dests[nm] = o->s[0];
            at[nm++] = k;
            continue;
        }
        unsigned ns = alu32_sources(o);
        if (!ns || o->guard != SIM_PRED_TRUE || o->gxor || o->s[0] == code[0].s[4]) break;
        wrote[nw++] = o->s[0];
        for (unsigned t = 1; t <= ns; t++) read[nr++] = o->s[t];
    }
    return nm;
}

/* The hoisted runs (hoist_run) of the code [base, base + n) of a function
 * that has an ALU op between its loads, found before its registers are
 * packed, so that only the program's own dependences stop a run
 * (sim_pack_registers then keeps each later load's row apart from every
 * register live, read or written from the run's first load to it); runs
 * of consecutive loads are sim_fuse_shared_runs'. */
void sim_fuse_hoisted_runs(sim_program *p, uint32_t base, uint32_t n)
{
    sim_op *code = p->code + base;
    uint8_t *target = branch_targets(code, base, n);
    for (uint32_t i = 0; i < n; i++) {
        if (code[i].x != X_LDS || !run_op(&code[i], &code[i], target[i])) continue;
        uint32_t at[SIM_RUN_MAX];
        unsigned nm = hoist_run(&code[i], n - i, &target[i], at);
        if (nm < 2 || at[nm - 1] + 1 == nm) continue; /* (none, or consecutive loads) */
        code[i].aux = SIM_RUN_AUX | SIM_RUN_HOIST | (at[nm - 1] + 1);
        for (unsigned t = 1; t < nm; t++) code[i + at[t]].aux = SIM_RUN_MEMBER | t;
        i += at[nm - 1];
    }
    free(target);
}

/* The runs of two or more consecutive run_ops (a thread's segment stored
 * word by word, `seg[9 * t + k] = v[k]` unrolled; a block's rows cleared,
 * `s[t + 256 * k] = 0`): the first op's aux becomes SIM_RUN_AUX and the
 * run's length (warp_access.c runs it as one op for a full warp, or its
 * first alone); and a counter's increments (rmw_ops: SIM_RMW_AUX). Ops
 * inside an X_DOTS run are left to it. */
void sim_fuse_shared_runs(sim_program *p, uint32_t base, uint32_t n)
{
    sim_op *code = p->code + base;
    uint8_t *target = branch_targets(code, base, n);
    for (uint32_t i = 0; i < n; i++) {
        if (code[i].x == X_DOTS) { /* (its run, to its first fma's length) */
            i += sim_dots_fma(&code[i])->aux - 1;
            continue;
        }
        if (i + 2 < n && rmw_ops(&code[i], &target[i])) { /* a counter's increment */
            code[i].aux = SIM_RMW_AUX;
            i += 2;
            continue;
        }
        if ((code[i].x != X_LDS && code[i].x != X_STS) || !run_op(&code[i], &code[i], target[i])) continue;
        uint32_t k = i + 1;
        while (k < n && k - i < SIM_RUN_MAX && run_op(&code[k], &code[i], target[k])) k++;
        if (k - i >= 2) code[i].aux = SIM_RUN_AUX | (k - i);
        i = k - 1;
    }
    free(target);
}

/* ---- a tile's dot products ---- */

/* Whether op may join a run of sim_fuse_dots: a plain 32-bit shared load
 * (X_LDS, weak, not a CAS seed's or a selected load, the flags of the run's
 * first load) or fma.rn.f32; unguarded, and no branch's target unless it
 * starts the run. */
static bool dot_op(const sim_op *op, const sim_op *first, bool target)
{
    if (op->guard != SIM_PRED_TRUE || op->gxor || (target && op != first)) return false;
    if (op->x == X_FFMA) return true;
    return op->x == X_LDS && !op->aux && !op->aux2 && !memcmp(op->p, first->p, sizeof op->p);
}

/* The index of row r among the n rows of v, or n. */
static unsigned index_of(uint16_t r, const uint16_t *v, unsigned n)
{
    unsigned i = 0;
    while (i < n && v[i] != r) i++;
    return i;
}

/* A run of sim_fuse_dots (its n ops at run) whose fmas are one running
 * sum: its sim_dotacc, added to the program, its index + 1 in the first
 * fma's aux2. Each fma's c must be the fma before's d (the first's, a row
 * no op before it in the run writes), its a and b rows that loads of the
 * run wrote last before it, from the same two bases for every fma (either
 * way round: a product's value does not depend on its order). */
static void fuse_dot_acc(sim_program *p, sim_op *run, uint32_t n, uint32_t fma1)
{
    uint16_t bases[SIM_DOT_BASES], rows[SIM_DOT_OPS], writer[SIM_DOT_OPS], out[SIM_DOT_OPS], last[SIM_DOT_OPS];
    uint8_t kof[SIM_DOT_OPS] = { 0 };           /* each load's base */
    uint32_t fno[SIM_DOT_OPS];                  /* each fma's number */
    int64_t imm[2 * SIM_DOT_OPS];
    uint16_t loads[SIM_DOT_OPS];
    unsigned nb = 0, nr = 0, nf = 0, nl = 0, nld = 0, pair[2] = { SIM_DOT_BASES, SIM_DOT_BASES };
    uint32_t prev = SIM_DOT_OPS; /* the fma before */
    sim_dotacc d = { 0 };
    for (uint32_t i = 0; i < n; i++) {
        const sim_op *o = &run[i];
        if (o->x != X_FFMA) { /* a load (the first is X_DOTS by now) */
            unsigned k = index_of(o->s[4], bases, nb);
            if (k == nb) {
                bases[nb++] = o->s[4];
                d.first[k] = (uint16_t)i;
                d.lo[k] = d.hi[k] = o->imm;
            }
            if ((o->imm - d.lo[k]) & 3) return; /* (one alignment test a base) */
            d.lo[k] = o->imm < d.lo[k] ? o->imm : d.lo[k];
            d.hi[k] = o->imm > d.hi[k] ? o->imm : d.hi[k];
            kof[i] = (uint8_t)k;
            d.nof[k]++;
            loads[nld++] = (uint16_t)i;
        } else {
            unsigned ra = index_of(o->s[1], rows, nr), rb = index_of(o->s[2], rows, nr),
                     rc = index_of(o->s[3], rows, nr);
            if (ra == nr || rb == nr || run[writer[ra]].x == X_FFMA || run[writer[rb]].x == X_FFMA) return;
            if (prev == SIM_DOT_OPS ? rc != nr : rc == nr || writer[rc] != prev) return;
            uint32_t la = writer[ra], lb = writer[rb];
            if (pair[0] == SIM_DOT_BASES) {
                pair[0] = kof[la];
                pair[1] = kof[lb];
            }
            if (kof[la] != pair[0] || kof[lb] != pair[1]) { /* the other way round? */
                uint32_t t = la;
                la = lb;
                lb = t;
                if (kof[la] != pair[0] || kof[lb] != pair[1]) return;
            }
            imm[2 * nf] = run[la].imm;
            imm[2 * nf + 1] = run[lb].imm;
            fno[i] = nf++;
            prev = i;
        }
        unsigned r = index_of(o->s[0], rows, nr);
        if (r == nr) rows[nr++] = o->s[0];
        writer[r] = (uint16_t)i;
    }
    for (unsigned j = 0; j < nf; j++) out[j] = SIM_NOSLOT;
    for (unsigned r = 0; r < nr; r++) {
        if (run[writer[r]].x == X_FFMA) out[fno[writer[r]]] = rows[r];
        else last[nl++] = writer[r];
    }
    d.init = run[fma1].s[3];
    d.k[0] = (uint8_t)pair[0];
    d.k[1] = (uint8_t)pair[1];
    d.nbase = (uint8_t)nb;
    d.nload = nld;
    d.load = cl_malloc(nld * sizeof *loads);
    d.nfma = nf;
    d.imm = cl_malloc(2 * nf * sizeof *imm);
    d.out = cl_malloc(nf * sizeof *out);
    d.nlast = nl;
    d.last = cl_malloc(nl * sizeof *last);
    d.kof = cl_malloc(n);
    memcpy(d.kof, kof, n);
    memcpy(d.load, loads, nld * sizeof *loads);
    memcpy(d.imm, imm, 2 * nf * sizeof *imm);
    memcpy(d.out, out, nf * sizeof *out);
    memcpy(d.last, last, nl * sizeof *last);
    p->dotaccs = cl_realloc(p->dotaccs, (p->ndotaccs + 1) * sizeof *p->dotaccs);
    p->dotaccs[p->ndotaccs++] = d;
    run[fma1].aux2 = p->ndotaccs;
}

/* The runs of shared loads and fma.rn.f32s that a tile's dot products are
 * (`sum += As[ty][k] * Bs[k][tx]` unrolled, or several sums a thread: a
 * register-blocked tile): from a load, dot_ops whose loads take their
 * addresses from at most SIM_DOT_BASES base rows that no op of the run
 * writes, two loads and two fmas or more. The run's first op becomes
 * X_DOTS, its first fma's aux the run's length; the ops after the first
 * stay as they are (exec.c runs the run as one op, or the first load alone
 * as X_LDS). */
void sim_fuse_dots(sim_program *p, uint32_t base, uint32_t n)
{
    sim_op *code = p->code + base;
    uint8_t *target = branch_targets(code, base, n);
    for (uint32_t i = 0; i < n; i++) {
        if (code[i].x != X_LDS || !dot_op(&code[i], &code[i], target[i])) continue;
        uint16_t bases[SIM_DOT_BASES], dests[SIM_DOT_OPS];
        unsigned nb = 0, nd = 0, loads = 0, fmas = 0, fma1 = 0;
        uint32_t k = i;
        for (; k < n && nd < SIM_DOT_OPS && dot_op(&code[k], &code[i], target[k]); k++) {
            const sim_op *o = &code[k];
            if (sim_among(o->s[0], bases, nb) || (o->x == X_LDS && o->s[0] == o->s[4])) break; /* it writes a base */
            if (o->x == X_LDS) {
                if (!sim_among(o->s[4], bases, nb)) {
                    if (nb == SIM_DOT_BASES || sim_among(o->s[4], dests, nd)) break; /* a base written before */
                    bases[nb++] = o->s[4];
                }
                loads++;
            } else if (!fmas++) {
                fma1 = k;
            }
            dests[nd++] = o->s[0];
        }
        if (loads < 2 || fmas < 2) continue;
        code[i].x = X_DOTS;
        code[fma1].aux = k - i;
        fuse_dot_acc(p, code + i, k - i, fma1 - i);
        i = k - 1;
    }
    free(target);
}

/* An address operand as a key that two instructions' addresses share when
 * they name the same place: [symbol + imm], or [register + imm] where the
 * register is one whose only definition in the function is a mov of a
 * symbol's address (nvcc's `mov.u32 %r9, s; atom.shared.cas.b32 %r5, [%r9],
 * ...` beside `ld.shared.u32 %r10, [s]`) taken as that symbol. */
typedef struct addr_key {
    uint32_t sym, bank, reg; /* PTX_NONE where not one */
    int64_t imm;
} addr_key;

static addr_key key_of(const ptx_function *fn, const ptx_operand *a)
{
    addr_key k = { a->has_base ? PTX_NONE : a->index, PTX_NONE, PTX_NONE, a->imm };
    if (!a->has_base) return k;
    k.bank = a->bank;
    k.reg = a->base;
    const ptx_insn *def = NULL;
    for (uint32_t i = 0; i < fn->ninsns; i++) {
        const ptx_operand *d = &fn->insns[i].opd[0];
        if (d->kind != PTX_OPD_REG || d->bank != a->bank || d->index != a->base) continue;
        if (def) return k; /* defined twice: the register itself */
        def = &fn->insns[i];
    }
    if (def && def->op == PTX_OP_mov && def->opd[1].kind == PTX_OPD_SYM) {
        k.sym = def->opd[1].index;
        k.bank = k.reg = PTX_NONE;
        k.imm += def->opd[1].imm;
    }
    return k;
}

/* Whether a load's destination d is a CAS's compare operand c, or a mov
 * from d writes c somewhere in the function (`assumed = old`). */
static bool feeds_compare(const ptx_function *fn, const ptx_operand *d, const ptx_operand *c)
{
    if (d->kind != PTX_OPD_REG || c->kind != PTX_OPD_REG || d->bank != c->bank) return false;
    if (d->index == c->index) return true;
    for (uint32_t i = 0; i < fn->ninsns; i++) {
        const ptx_insn *mv = &fn->insns[i];
        if (mv->op == PTX_OP_mov && mv->opd[0].kind == PTX_OPD_REG && mv->opd[0].bank == c->bank &&
            mv->opd[0].index == c->index && mv->opd[1].kind == PTX_OPD_REG && mv->opd[1].bank == d->bank &&
            mv->opd[1].index == d->index)
            return true;
    }
    return false;
}

/* The loads (seed[i] for instruction i) of shared or generic memory whose
 * address is an atom.cas's in the same function, of the same space and
 * size, whose value is the CAS's compare operand: a compare-and-swap
 * loop's first read (`old = *a; do {assumed = old; ... old = atomicCAS(a,
 * assumed, v);} while (assumed != old)`, the CUDA Programming Guide's own
 * pattern), whose value only seeds the CAS that checks it. Their ops carry
 * aux SIM_LD_CAS_SEED: the race check does not report one against another
 * thread's atomic (shadow.c). */
static void mark_cas_seeds(const ptx_function *fn, uint8_t *seed)
{
    for (uint32_t i = 0; i < fn->ninsns; i++) {
        const ptx_insn *ld = &fn->insns[i];
        if (ld->op != PTX_OP_ld || ld->type[0] == PTX_T_NONE || ld->vec > 1) continue;
        bool keyed = false;
        addr_key kl;
        for (uint32_t j = 0; j < fn->ninsns && !seed[i]; j++) {
            const ptx_insn *cas = &fn->insns[j];
            if (cas->op != PTX_OP_atom || cas->mode != PTX_ATOM_CAS || ld->space != cas->space ||
                ptx_type_size((ptx_type)ld->type[0]) != ptx_type_size((ptx_type)cas->type[0]) ||
                !feeds_compare(fn, &ld->opd[0], &cas->opd[2]))
                continue;
            if (!keyed) { /* the load's key once, for the first CAS its value feeds */
                kl = key_of(fn, &ld->opd[1]);
                keyed = true;
            }
            addr_key kc = key_of(fn, &cas->opd[1]);
            seed[i] = kl.sym == kc.sym && kl.bank == kc.bank && kl.reg == kc.reg && kl.imm == kc.imm;
        }
    }
}

/* Counts the registers operand o names (as itself, an address's base or a
 * vector's element) into n[bank][0] where value (a selp's value), else
 * into n[bank][1]. */
static void count_names(const ptx_function *fn, const ptx_operand *o, bool value, uint32_t *n[2][2])
{
    switch (o->kind) {
    case PTX_OPD_REG:
        if (o->bank < 2 && o->index <= fn->nregs[o->bank]) n[o->bank][value ? 0 : 1][o->index]++;
        break;
    case PTX_OPD_ADDR:
        if (o->has_base && o->bank < 2 && o->base <= fn->nregs[o->bank]) n[o->bank][1][o->base]++;
        break;
    case PTX_OPD_VEC:
        for (unsigned i = 0; i < o->count; i++) count_names(fn, &fn->vec[o->index + i], false, n);
        break;
    default: break;
    }
}

/* The loads (sel[i] for instruction i) whose destination register no
 * other instruction names except as a selp's value (`v = c ? x : 0`):
 * nvcc loads a word that one thread reads under a condition (`if (t == 3)
 * seen = s;`) in every thread of the warp and keeps the value only where
 * the condition holds. The other threads' loads are nvcc's, not the
 * program's, so the race check does not count this load's read in another
 * warp against an atomic after it, nor several lanes' reads against a
 * write their warp's partial sync orders (shadow.c's reads_race). One pass
 * over the operands counts each register's selp values and other names
 * (the load's own destination one of them). */
static void mark_selected_loads(const ptx_function *fn, uint8_t *sel)
{
    uint32_t *n[2][2];
    for (unsigned b = 0; b < 2; b++)
        for (unsigned k = 0; k < 2; k++) n[b][k] = cl_calloc((size_t)fn->nregs[b] + 1, sizeof(uint32_t));
    for (uint32_t i = 0; i < fn->ninsns; i++) {
        const ptx_insn *in = &fn->insns[i];
        for (unsigned k = 0; k < in->nopd && k < 6; k++)
            count_names(fn, &in->opd[k], in->op == PTX_OP_selp && (k == 1 || k == 2), n);
    }
    for (uint32_t i = 0; i < fn->ninsns; i++) {
        const ptx_insn *ld = &fn->insns[i];
        const ptx_operand *d = &ld->opd[0];
        if (ld->op != PTX_OP_ld || ld->vec > 1 || d->kind != PTX_OPD_REG || d->bank >= 2 ||
            d->index > fn->nregs[d->bank])
            continue;
        sel[i] = n[d->bank][0][d->index] > 0 && n[d->bank][1][d->index] == 1;
    }
    for (unsigned b = 0; b < 2; b++)
        for (unsigned k = 0; k < 2; k++) free(n[b][k]);
}

cl_status sim_lw_function(lower *lw, uint32_t f)
{
    const ptx_function *fn = &lw->mod->funcs[f];
    uint8_t *taint = cl_calloc(fn->nregs[PTX_BANK_B32] + 1, 1), *seed = cl_calloc(fn->ninsns + 1, 1),
            *sel = cl_calloc(fn->ninsns + 1, 1);
    activemask_taint(lw->mod, fn, taint);
    mark_cas_seeds(fn, seed);
    mark_selected_loads(fn, sel);
    lw->cur_fn = f;
    for (uint32_t i = 0; i < fn->ninsns && lw->st == CL_OK; i++) {
        const ptx_insn *in = &fn->insns[i];
        lw->cur = in;
        sim_op op;
        lower_insn(lw, &op, in, taint);
        if ((seed[i] || sel[i]) && (op.x == X_LD || op.x == X_LDS || op.x == X_LDS1) &&
            (op.p[0] == SIM_MS_SHARED || op.p[0] == SIM_MS_GENERIC))
            op.aux = seed[i] ? SIM_LD_CAS_SEED : SIM_LD_SELECTED;
        CL_VEC_PUSH(&lw->code, op);
        sim_src s = { fn, in, lw->mod->locs[in->loc].ufile, ptx_loc_line(lw->mod, in->loc) };
        CL_VEC_PUSH(&lw->src, s);
    }
    sim_op end;
    memset(&end, 0, sizeof end);
    end.x = X_FALLOFF;
    CL_VEC_PUSH(&lw->code, end);
    sim_src s = { fn, fn->ninsns ? &fn->insns[fn->ninsns - 1] : NULL, 0, 0 };
    if (fn->ninsns) {
        s.file = lw->mod->locs[fn->insns[fn->ninsns - 1].loc].ufile;
        s.line = ptx_loc_line(lw->mod, fn->insns[fn->ninsns - 1].loc);
    }
    CL_VEC_PUSH(&lw->src, s);
    uint32_t base = lw->code_base[f];
    if (lw->st == CL_OK && !lw->m->opt.reference_alu) fuse(lw->code.v + base, base, (uint32_t)lw->code.n - base);
    free(taint);
    free(seed);
    free(sel);
    lw->cur = NULL;
    return lw->st;
}

