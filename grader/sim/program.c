/* program.c - lowers a kernel and the device functions it calls into the
 * machine's program: one sim_op per PTX instruction (so labels keep their
 * indices), registers renumbered into the warp's rows, immediates and
 * special registers as extra rows, symbols as addresses (shared and local
 * laid out, module variables allocated), calls with their parameter copies.
 * The ALU instructions that nvcc emits most get fast ops (xops.def); the rest
 * go through the general evaluator. Runs once per launch: it is linear in
 * the code and cheap. */
#include "sim/internal.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct lower {
    sim_machine *m;
    const ptx_module *mod;
    sim_program *p;
    cl_error *err;
    cl_status st;
    CL_VEC(uint32_t) fns;          /* the closure, kernel first */
    uint32_t *code_base;           /* per module function, SIM_NONE outside */
    uint32_t *rbase[PTX_BANK_COUNT];
    uint64_t *symaddr;             /* per module symbol */
    uint8_t *symset;
    CL_VEC(sim_op) code;
    CL_VEC(sim_src) src;
    CL_VEC(sim_extra) x32, x64;
    CL_VEC(sim_call) calls;
    CL_VEC(sim_pcopy) pcopies;
    CL_VEC(sim_gen) gens;
    uint32_t shared_top, local_top, tparam_top;
    uint32_t cur_fn;
    const ptx_insn *cur;
} lower;

static cl_status lfail(lower *lw, cl_status st, const char *fmt, const char *a)
{
    if (lw->st != CL_OK) return lw->st;
    int line = lw->cur ? (int)lw->cur->line : 0;
    char buf[512];
    snprintf(buf, sizeof buf, fmt, a);
    if (lw->cur) {
        char dis[256];
        ptx_disasm_insn(lw->mod, &lw->mod->funcs[lw->cur_fn], lw->cur, dis, sizeof dis);
        cl_fail(lw->err, st, lw->mod->name, line, 0, "%s: %s (PTX line %d)", dis, buf, line);
    } else {
        cl_fail(lw->err, st, lw->mod->name, line, 0, "%s", buf);
    }
    lw->st = st;
    return st;
}

/* ---- the closure of called functions ---- */

static cl_status visit(lower *lw, uint32_t f, uint8_t *state, uint32_t depth)
{
    const ptx_function *fn = &lw->mod->funcs[f];
    if (state[f] == 1) return lfail(lw, CL_UNSUPPORTED, "recursive device functions are not supported ('%s')", fn->name);
    if (state[f] == 2) return CL_OK;
    state[f] = 1;
    CL_VEC_PUSH(&lw->fns, f);
    if (depth + 1 > lw->p->max_depth) lw->p->max_depth = depth + 1;
    for (uint32_t i = 0; i < fn->ninsns && lw->st == CL_OK; i++) {
        const ptx_insn *in = &fn->insns[i];
        if (in->op != PTX_OP_call) continue;
        uint32_t g = in->opd[0].index;
        if (strcmp(lw->mod->funcs[g].name, "vprintf") == 0) continue;
        if (!lw->mod->funcs[g].has_body) {
            lw->cur = in;
            lw->cur_fn = f;
            return lfail(lw, CL_UNSUPPORTED, "'%s' has no body", lw->mod->funcs[g].name);
        }
        visit(lw, g, state, depth + 1);
    }
    state[f] = 2;
    return lw->st;
}

/* ---- symbols ---- */

static uint32_t align_up(uint32_t v, uint32_t a)
{
    a = a ? a : 1;
    return (v + a - 1) / a * a;
}

static bool is_kernel_param(const lower *lw, const ptx_symbol *s)
{
    return s->space == PTX_SPACE_PARAM && s->param >= 0 && s->func >= 0 &&
           (uint32_t)s->func == lw->fns.v[0];
}

/* Address of a symbol in its own space (shared offset, local offset, param
 * offset, or device address). */
static uint64_t sym_addr(lower *lw, uint32_t si)
{
    const ptx_symbol *s = &lw->mod->syms[si];
    if (lw->symset[si]) return lw->symaddr[si];
    uint64_t a = 0;
    if (s->kind == PTX_SYM_FUNC) {
        lfail(lw, CL_UNSUPPORTED, "the address of function '%s' (indirect calls are not supported)", s->name);
    } else if (s->space == PTX_SPACE_SHARED) {
        a = s->unsized ? SIM_NONE : 0; /* laid out by layout_shared */
        if (!s->unsized) SIM_ASSERT(0);
    } else if (s->space == PTX_SPACE_LOCAL) {
        lw->local_top = align_up(lw->local_top, s->align);
        a = lw->local_top;
        lw->local_top += (uint32_t)s->size;
    } else if (s->space == PTX_SPACE_PARAM) {
        if (is_kernel_param(lw, s)) {
            a = lw->mod->funcs[s->func].params[s->param].info.offset;
        } else {
            lw->tparam_top = align_up(lw->tparam_top, s->align);
            a = SIM_TPARAM_BASE + lw->tparam_top;
            lw->tparam_top += (uint32_t)s->size;
        }
    } else if (s->space == PTX_SPACE_GLOBAL || s->space == PTX_SPACE_CONST) {
        if (sim_module_var(lw->m, lw->mod, si, &a, lw->err) != CL_OK) lw->st = lw->err ? lw->err->status : CL_UNSUPPORTED;
    } else {
        lfail(lw, CL_UNSUPPORTED, "symbol '%s' in an unsupported state space", s->name);
    }
    lw->symset[si] = 1;
    lw->symaddr[si] = a;
    return a;
}

static void note_shared(lower *lw, const ptx_operand *o, uint8_t *used)
{
    if ((o->kind == PTX_OPD_SYM || (o->kind == PTX_OPD_ADDR && o->index != PTX_NONE)) &&
        lw->mod->syms[o->index].kind == PTX_SYM_VAR &&
        lw->mod->syms[o->index].space == PTX_SPACE_SHARED)
        used[o->index] = 1;
}

/* Static shared variables the closure uses, in declaration order; extern
 * (dynamic) ones all start where the static ones end, 16-aligned. */
static void layout_shared(lower *lw)
{
    uint8_t *used = cl_calloc(lw->mod->nsyms + 1, 1);
    for (size_t k = 0; k < lw->fns.n; k++) {
        const ptx_function *fn = &lw->mod->funcs[lw->fns.v[k]];
        for (uint32_t i = 0; i < fn->ninsns; i++)
            for (unsigned j = 0; j < fn->insns[i].nopd; j++) note_shared(lw, &fn->insns[i].opd[j], used);
        for (uint32_t i = 0; i < fn->nvec; i++) note_shared(lw, &fn->vec[i], used);
    }
    uint32_t top = 0;
    for (uint32_t si = 0; si < lw->mod->nsyms; si++) {
        const ptx_symbol *s = &lw->mod->syms[si];
        if (!used[si] || s->unsized) continue;
        top = align_up(top, s->align);
        lw->symaddr[si] = top;
        lw->symset[si] = 1;
        top += (uint32_t)s->size;
    }
    lw->p->static_shared = top;
    lw->p->dyn_offset = align_up(top, 16);
    for (uint32_t si = 0; si < lw->mod->nsyms; si++) {
        if (!used[si] || !lw->mod->syms[si].unsized) continue;
        lw->symaddr[si] = lw->p->dyn_offset;
        lw->symset[si] = 1;
    }
    free(used);
}

/* ---- rows ---- */

static uint16_t extra_row(lower *lw, unsigned bank, bool is_sreg, uint64_t value)
{
    sim_extra e = { is_sreg, value };
    if (bank == PTX_BANK_B64) {
        for (size_t i = 0; i < lw->x64.n; i++)
            if (lw->x64.v[i].is_sreg == is_sreg && lw->x64.v[i].value == value) return (uint16_t)i;
        CL_VEC_PUSH(&lw->x64, e);
        return (uint16_t)(lw->x64.n - 1);
    }
    for (size_t i = 0; i < lw->x32.n; i++)
        if (lw->x32.v[i].is_sreg == is_sreg && lw->x32.v[i].value == value) return (uint16_t)i;
    CL_VEC_PUSH(&lw->x32, e);
    return (uint16_t)(lw->x32.n - 1);
}

/* Slots of extra rows are marked with this bit until the register count is
 * known; fix_slots adds it. */
#define EXTRA_BIT 0x8000u
#define BANK64_BIT 0x4000u

static uint16_t extra_slot(lower *lw, unsigned bank, bool is_sreg, uint64_t value)
{
    uint16_t i = extra_row(lw, bank, is_sreg, value);
    return (uint16_t)(EXTRA_BIT | (bank == PTX_BANK_B64 ? BANK64_BIT : 0) | i);
}

static bool is_dynamic_sreg(uint32_t s)
{
    return s == PTX_SREG_clock || s == PTX_SREG_clock_hi || s == PTX_SREG_clock64 ||
           s == PTX_SREG_globaltimer || s == PTX_SREG_globaltimer_lo || s == PTX_SREG_globaltimer_hi;
}

static uint16_t slot_of(lower *lw, const ptx_operand *o)
{
    uint32_t f = lw->cur_fn;
    switch (o->kind) {
    case PTX_OPD_REG:
        if (o->bank == PTX_BANK_PRED) return (uint16_t)(2 + lw->rbase[PTX_BANK_PRED][f] + o->index);
        return (uint16_t)(lw->rbase[o->bank][f] + o->index);
    case PTX_OPD_IMM:
        if (o->bank == PTX_BANK_PRED) return o->imm ? SIM_PRED_TRUE : SIM_PRED_FALSE;
        return extra_slot(lw, o->bank, false, (uint64_t)o->imm);
    case PTX_OPD_SREG:
        if (is_dynamic_sreg(o->index)) {
            lfail(lw, CL_UNSUPPORTED, "%s", "a clock register outside mov");
            return 0;
        }
        return extra_slot(lw, o->bank, true, o->index);
    case PTX_OPD_SYM: {
        uint64_t a = sym_addr(lw, o->index) + (uint64_t)o->imm;
        if (o->bank == PTX_BANK_B32) a &= 0xffffffffu;
        return extra_slot(lw, o->bank, false, a);
    }
    case PTX_OPD_NONE:
    case PTX_OPD_BLANK:
        return SIM_NOSLOT;
    default:
        lfail(lw, CL_UNSUPPORTED, "%s", "an operand form the machine does not run here");
        return 0;
    }
}

static uint16_t vec_elem(lower *lw, const ptx_operand *v, unsigned i)
{
    return slot_of(lw, &lw->mod->funcs[lw->cur_fn].vec[v->index + i]);
}

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

static int fast_int(const ptx_insn *in, ptx_type t)
{
    unsigned sz = ptx_type_size(t);
    bool s = ptx_type_kind_of(t) == PTX_K_SINT;
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
    case PTX_OP_selp: return w ? X_SELP64 : X_SELP32;
    default: return X_GENERIC;
    }
}

static int fast_float(const ptx_insn *in, ptx_type t)
{
    bool d = t == PTX_T_f64;
    if (!plain_float(in)) return X_GENERIC;
    switch (in->op) {
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
    if (in->flags & (PTX_F_SAT | PTX_F_FTZ | PTX_F_RELU)) return X_GENERIC;
    unsigned ds = ptx_type_size(d), as = ptx_type_size(a);
    ptx_type_kind dk = ptx_type_kind_of(d), ak = ptx_type_kind_of(a);
    bool dint = dk == PTX_K_UINT || dk == PTX_K_SINT, aint = ak == PTX_K_UINT || ak == PTX_K_SINT;
    if (od->kind != PTX_OPD_REG || oa->kind != PTX_OPD_REG) return X_GENERIC;
    if (dint && aint && ds == 8 && as == 4 && od->bank == PTX_BANK_B64 && oa->bank == PTX_BANK_B32)
        return ak == PTX_K_SINT ? X_SEXT64 : X_ZEXT64;
    if (dint && aint && ds == 4 && as == 8 && od->bank == PTX_BANK_B32) return X_TRUNC32;
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

static int choose_fast(lower *lw, const ptx_insn *in)
{
    if (lw->m->opt.reference_alu) return X_GENERIC;
    ptx_type t = (ptx_type)in->type[0];
    if (in->op == PTX_OP_cvt) return fast_cvt(in);
    if (in->op == PTX_OP_setp) return fast_setp(in);
    if (ptx_type_kind_of(t) == PTX_K_FLOAT) return (t == PTX_T_f32 || t == PTX_T_f64) ? fast_float(in, t) : X_GENERIC;
    if (ptx_type_kind_of(t) == PTX_K_PRED) return X_GENERIC;
    return fast_int(in, t);
}

/* ---- lowering one instruction ---- */

/* What the general evaluator does not run: a clear error at launch rather
 * than wrong numbers. */
static const char *not_supported(const ptx_insn *in)
{
    ptx_type t = (ptx_type)in->type[0], t2 = (ptx_type)in->type[1];
    bool packed = t == PTX_T_f16x2 || t == PTX_T_bf16x2, packed2 = t2 == PTX_T_f16x2 || t2 == PTX_T_bf16x2;
    switch (in->op) {
    case PTX_OP_addc: case PTX_OP_subc: case PTX_OP_madc:
        return "extended-precision arithmetic with a carry (addc, subc, madc) is not supported";
    case PTX_OP_fns:
        return "fns is not supported";
    case PTX_OP_setp: case PTX_OP_set:
        if (packed || packed2) return "comparisons of packed halves are not supported";
        break;
    case PTX_OP_cvt:
        if (packed2 || (packed && in->nopd != 3)) return "this packed conversion is not supported";
        break;
    default:
        break;
    }
    if (in->flags & PTX_F_CC) return "the carry flag (.cc) is not supported";
    return NULL;
}

static void lower_generic(lower *lw, sim_op *op, const ptx_insn *in)
{
    const char *why = not_supported(in);
    if (why) {
        lfail(lw, CL_UNSUPPORTED, "%s", why);
        return;
    }
    sim_gen g;
    memset(&g, 0, sizeof g);
    g.in = in;
    ptx_format f = ptx_opcode_format((ptx_opcode)in->op);
    for (unsigned i = 0; i < in->nopd && i < 6; i++) {
        const ptx_operand *o = &in->opd[i];
        op->s[i] = slot_of(lw, o);
        g.bank[i] = o->bank;
        g.neg[i] = o->neg;
        g.dst[i] = i == 0 || (i == 1 && f == PTX_FMT_SETP);
    }
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
        op->s[0] = slot_of(lw, d->kind == PTX_OPD_VEC ? a : d);
        for (unsigned i = 0; i < v->count; i++) op->s[1 + i] = vec_elem(lw, v, i);
        op->p[0] = v->count;
        op->p[1] = (uint8_t)(size / v->count);
        op->p[2] = size == 8;
        return;
    }
    if (a->kind == PTX_OPD_SREG && is_dynamic_sreg(a->index)) {
        op->x = X_CLOCK;
        op->s[0] = slot_of(lw, d);
        op->p[0] = (uint8_t)a->index;
        op->p[1] = d->bank == PTX_BANK_B64;
        return;
    }
    op->s[0] = slot_of(lw, d);
    op->s[1] = slot_of(lw, a);
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
        op->s[4] = slot_of(lw, &r);
        if (a->bank == PTX_BANK_B32) op->p[3] |= SIM_MF_BASE32;
    } else if (a->index != PTX_NONE) {
        op->imm += (int64_t)sym_addr(lw, a->index);
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
    if (atom) {
        bool red = in->op == PTX_OP_red;
        op->x = X_ATOM;
        op->aux = in->mode;
        lower_addr(lw, op, &in->opd[red ? 0 : 1]);
        op->s[0] = red ? SIM_NOSLOT : slot_of(lw, &in->opd[0]);
        op->s[1] = slot_of(lw, &in->opd[red ? 1 : 2]);
        op->s[2] = in->mode == PTX_ATOM_CAS ? slot_of(lw, &in->opd[3]) : SIM_NOSLOT;
        if (ptx_type_size(t) == 8) op->p[3] |= SIM_MF_DST64;
        if (t == PTX_T_f16 || t == PTX_T_f16x2 || t == PTX_T_bf16 || t == PTX_T_bf16x2 ||
            ptx_type_size(t) < 4)
            lfail(lw, CL_UNSUPPORTED, "%s", "atomics on this type are not supported");
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
        for (unsigned i = 0; i < v->count; i++) op->s[i] = vec_elem(lw, v, i);
    } else {
        op->s[0] = slot_of(lw, v);
    }
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
    bool vp = strcmp(callee->name, "vprintf") == 0;
    c.entry = vp ? SIM_NONE : lw->code_base[in->opd[0].index];
    c.args = (uint32_t)lw->pcopies.n;
    for (unsigned i = 0; in->opd[2].kind && i < in->opd[2].count; i++) {
        uint32_t sym = caller->vec[in->opd[2].index + i].index;
        sim_pcopy pc = { (uint32_t)sym_addr(lw, sym), 0, (uint32_t)lw->mod->syms[sym].size };
        if (!vp) {
            pc.to = (uint32_t)sym_addr(lw, callee->params[i].sym);
            if (callee->params[i].info.size < pc.size) pc.size = callee->params[i].info.size;
        }
        CL_VEC_PUSH(&lw->pcopies, pc);
        c.nargs++;
    }
    c.rets = (uint32_t)lw->pcopies.n;
    for (unsigned i = 0; in->opd[1].kind && i < in->opd[1].count; i++) {
        uint32_t sym = caller->vec[in->opd[1].index + i].index;
        sim_pcopy pc = { 0, (uint32_t)sym_addr(lw, sym), (uint32_t)lw->mod->syms[sym].size };
        if (!vp) {
            pc.from = (uint32_t)sym_addr(lw, callee->rets[i].sym);
            if (callee->rets[i].info.size < pc.size) pc.size = callee->rets[i].info.size;
        }
        CL_VEC_PUSH(&lw->pcopies, pc);
        c.nrets++;
    }
    if (vp && c.nargs != 2) lfail(lw, CL_UNSUPPORTED, "%s", "vprintf takes two arguments");
    op->x = vp ? X_VPRINTF : X_CALL;
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
        op->s[5] = slot_of(lw, &in->opd[0]);
        return;
    case PTX_BAR_RED:
        op->x = X_BAR_RED;
        op->p[0] = in->mode2;
        op->s[0] = slot_of(lw, &in->opd[0]);
        op->s[1] = slot_of(lw, &in->opd[1]);
        op->s[2] = slot_of(lw, &in->opd[2]);
        op->s[3] = slot_of(lw, &in->opd[3]);
        op->p[1] = in->opd[3].neg;
        return;
    default:
        op->x = in->mode == PTX_BAR_ARRIVE ? X_BAR_ARRIVE : X_BAR;
        op->s[0] = slot_of(lw, &in->opd[0]);
        op->s[1] = in->nopd > 1 ? slot_of(lw, &in->opd[1]) : SIM_NOSLOT;
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
        for (int i = 0; i < 5; i++) op->s[i] = slot_of(lw, &in->opd[i]);
        mask = &in->opd[5];
        break;
    case PTX_OP_vote:
        op->p[0] = SIM_COLL_VOTE;
        op->s[0] = slot_of(lw, &in->opd[0]);
        op->s[1] = slot_of(lw, &in->opd[1]);
        if (in->opd[1].neg) op->p[3] |= SIM_CF_NEG;
        mask = &in->opd[2];
        break;
    case PTX_OP_match:
        op->p[0] = SIM_COLL_MATCH;
        op->p[2] = in->type[0] == PTX_T_b64;
        op->s[0] = slot_of(lw, &in->opd[0]);
        op->s[1] = slot_of(lw, &in->opd[1]);
        op->s[2] = slot_of(lw, &in->opd[2]);
        mask = &in->opd[3];
        break;
    default: /* redux */
        op->p[0] = SIM_COLL_REDUX;
        op->p[2] = in->type[0] == PTX_T_s32;
        op->s[0] = slot_of(lw, &in->opd[0]);
        op->s[2] = slot_of(lw, &in->opd[1]);
        mask = &in->opd[2];
        break;
    }
    op->s[5] = slot_of(lw, mask);
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
    case PTX_OP_brkpt: case PTX_OP_nanosleep: case PTX_OP_membar: case PTX_OP_fence:
    case PTX_OP_prefetch:
        op->x = X_NOP;
        return;
    case PTX_OP_bar: case PTX_OP_barrier: lower_bar(lw, op, in); return;
    case PTX_OP_shfl: case PTX_OP_vote: case PTX_OP_match: case PTX_OP_redux:
        lower_coll(lw, op, in, taint);
        return;
    case PTX_OP_activemask:
        op->x = X_ACTIVEMASK;
        op->s[0] = slot_of(lw, &in->opd[0]);
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
    for (unsigned i = 0; i < in->nopd && i < 6; i++) op->s[i] = slot_of(lw, &in->opd[i]);
    if (in->op == PTX_OP_setp) { /* p, q, a, b -> d, a, b */
        op->s[0] = slot_of(lw, &in->opd[0]);
        op->s[1] = slot_of(lw, &in->opd[2]);
        op->s[2] = slot_of(lw, &in->opd[3]);
        op->s[3] = SIM_NOSLOT;
        op->p[0] = ptx_type_kind_of((ptx_type)in->type[0]) == PTX_K_FLOAT ? in->cmp : int_cmp(in->cmp);
    }
}

/* Registers written by activemask (and plain copies of them). */
static void activemask_taint(const ptx_function *fn, uint8_t *taint)
{
    for (uint32_t i = 0; i < fn->ninsns; i++) {
        const ptx_insn *in = &fn->insns[i];
        if (in->nopd == 0 || in->opd[0].kind != PTX_OPD_REG || in->opd[0].bank != PTX_BANK_B32) continue;
        uint32_t d = in->opd[0].index;
        if (in->op == PTX_OP_activemask) taint[d] = 1;
        else if (in->op == PTX_OP_mov && in->opd[1].kind == PTX_OPD_REG && in->opd[1].bank == PTX_BANK_B32)
            taint[d] = taint[in->opd[1].index];
        else if (in->op != PTX_OP_st && in->op != PTX_OP_red) taint[d] = 0;
    }
}

static cl_status lower_function(lower *lw, uint32_t f)
{
    const ptx_function *fn = &lw->mod->funcs[f];
    uint8_t *taint = cl_calloc(fn->nregs[PTX_BANK_B32] + 1, 1);
    activemask_taint(fn, taint);
    lw->cur_fn = f;
    for (uint32_t i = 0; i < fn->ninsns && lw->st == CL_OK; i++) {
        const ptx_insn *in = &fn->insns[i];
        lw->cur = in;
        sim_op op;
        lower_insn(lw, &op, in, taint);
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
    free(taint);
    lw->cur = NULL;
    return lw->st;
}

/* Extra rows were numbered apart (EXTRA_BIT, and BANK64_BIT for 64-bit
 * rows); now that the register counts are known, put them after the
 * registers of their bank. */
static void fix_extra_slots(lower *lw)
{
    for (uint32_t pc = 0; pc < lw->code.n; pc++) {
        sim_op *op = &lw->code.v[pc];
        for (int i = 0; i < 6; i++) {
            uint16_t s = op->s[i];
            if (s == SIM_NOSLOT || !(s & EXTRA_BIT)) continue;
            uint32_t idx = s & (BANK64_BIT - 1);
            op->s[i] = (uint16_t)(idx + ((s & BANK64_BIT) ? lw->p->nreg64 : lw->p->nreg32));
        }
    }
}

static void build_layout(lower *lw)
{
    sim_program *p = lw->p;
    uint32_t n[PTX_BANK_COUNT] = {0};
    for (size_t k = 0; k < lw->fns.n; k++) {
        uint32_t f = lw->fns.v[k];
        for (int b = 0; b < PTX_BANK_COUNT; b++) {
            lw->rbase[b][f] = n[b];
            n[b] += lw->mod->funcs[f].nregs[b];
        }
    }
    p->nreg32 = n[PTX_BANK_B32];
    p->nreg64 = n[PTX_BANK_B64];
    p->nregp = 2 + n[PTX_BANK_PRED];
    uint32_t base = 0;
    for (size_t k = 0; k < lw->fns.n; k++) {
        lw->code_base[lw->fns.v[k]] = base;
        base += lw->mod->funcs[lw->fns.v[k]].ninsns + 1;
    }
}

static void take_program(lower *lw)
{
    sim_program *p = lw->p;
    p->code = lw->code.v;
    p->src = lw->src.v;
    p->ncode = (uint32_t)lw->code.n;
    p->extra32 = lw->x32.v;
    p->extra64 = lw->x64.v;
    p->nrow32 = p->nreg32 + (uint32_t)lw->x32.n;
    p->nrow64 = p->nreg64 + (uint32_t)lw->x64.n;
    p->nrowp = p->nregp;
    p->calls = lw->calls.v;
    p->ncalls = (uint32_t)lw->calls.n;
    p->pcopies = lw->pcopies.v;
    p->npcopies = (uint32_t)lw->pcopies.n;
    p->gens = lw->gens.v;
    p->ngens = (uint32_t)lw->gens.n;
    p->local_size = align_up(lw->local_top, 16);
    p->tparam_size = align_up(lw->tparam_top, 16);
    for (size_t i = 0; i < lw->x32.n; i++) {
        uint64_t v = lw->x32.v[i].value;
        if (lw->x32.v[i].is_sreg && (v == PTX_SREG_ctaid_x || v == PTX_SREG_ctaid_y ||
                                     v == PTX_SREG_ctaid_z || v == PTX_SREG_smid))
            p->has_block_sregs = true;
    }
    p->files = lw->mod->files;
    p->nfiles = lw->mod->nfiles;
    memset(&lw->code, 0, sizeof lw->code);
    memset(&lw->src, 0, sizeof lw->src);
    memset(&lw->x32, 0, sizeof lw->x32);
    memset(&lw->x64, 0, sizeof lw->x64);
    memset(&lw->calls, 0, sizeof lw->calls);
    memset(&lw->pcopies, 0, sizeof lw->pcopies);
    memset(&lw->gens, 0, sizeof lw->gens);
}

void sim_program_free(sim_program *p)
{
    if (!p) return;
    free(p->code);
    free(p->src);
    free(p->extra32);
    free(p->extra64);
    free(p->calls);
    free(p->pcopies);
    free(p->gens);
    free(p->crits);
    free(p);
}

cl_status sim_program_build(sim_machine *m, const ptx_module *mod, long entry, sim_program **out,
                            cl_error *err)
{
    lower lw;
    memset(&lw, 0, sizeof lw);
    lw.m = m;
    lw.mod = mod;
    lw.err = err;
    lw.p = cl_calloc(1, sizeof *lw.p);
    lw.p->mod = mod;
    uint32_t fk = mod->entries[entry];
    lw.p->kernel = &mod->funcs[fk];
    lw.code_base = cl_malloc((mod->nfuncs + 1) * sizeof *lw.code_base);
    for (uint32_t i = 0; i < mod->nfuncs; i++) lw.code_base[i] = SIM_NONE;
    for (int b = 0; b < PTX_BANK_COUNT; b++) lw.rbase[b] = cl_calloc(mod->nfuncs + 1, sizeof(uint32_t));
    lw.symaddr = cl_calloc(mod->nsyms + 1, sizeof *lw.symaddr);
    lw.symset = cl_calloc(mod->nsyms + 1, 1);
    uint8_t *state = cl_calloc(mod->nfuncs + 1, 1);
    *out = NULL;
    if (visit(&lw, fk, state, 0) != CL_OK) goto done;
    build_layout(&lw);
    layout_shared(&lw);
    for (size_t k = 0; k < lw.fns.n && lw.st == CL_OK; k++) lower_function(&lw, lw.fns.v[k]);
    if (lw.st != CL_OK) goto done;
    if (lw.p->nreg32 + lw.x32.n >= EXTRA_BIT || lw.p->nreg64 + lw.x64.n >= EXTRA_BIT ||
        lw.p->nregp >= EXTRA_BIT || lw.x32.n >= BANK64_BIT || lw.x64.n >= BANK64_BIT) {
        lfail(&lw, CL_LIMIT, "%s", "the kernel uses too many registers for the emulator");
        goto done;
    }
    fix_extra_slots(&lw);
    take_program(&lw);
    for (size_t k = 0; k < lw.fns.n; k++) {
        uint32_t f = lw.fns.v[k];
        sim_cfg_analyse(lw.p, lw.code_base[f], mod->funcs[f].ninsns + 1);
    }
    *out = lw.p;
    lw.p = NULL;
done:
    sim_program_free(lw.p);
    free(lw.fns.v);
    free(lw.code_base);
    for (int b = 0; b < PTX_BANK_COUNT; b++) free(lw.rbase[b]);
    free(lw.symaddr);
    free(lw.symset);
    free(state);
    free(lw.code.v);
    free(lw.src.v);
    free(lw.x32.v);
    free(lw.x64.v);
    free(lw.calls.v);
    free(lw.pcopies.v);
    free(lw.gens.v);
    return lw.st;
}
