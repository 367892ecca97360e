/* arch.c - the architecture an instruction needs: which constructs of
 * archs.def a decoded instruction is made of, and the refusal, naming the
 * construct and the module's target, when the module targets an older GPU
 * than the newest of them. One place decides; the numbers are the table's. */
#include "ptx/parse.h"

typedef enum arch_id {
#define ARCH(id, sm, construct, sample) ARCH_##id,
#include "ptx/archs.def"
#undef ARCH
    ARCH_NONE
} arch_id;

static const struct { unsigned sm; const char *construct; } rows[] = {
#define ARCH(id, sm, construct, sample) { sm, construct },
#include "ptx/archs.def"
#undef ARCH
};

static bool is_bf16(unsigned t)
{
    return t == PTX_T_bf16 || t == PTX_T_bf16x2;
}

static bool is_half(unsigned t)
{
    return t == PTX_T_f16 || t == PTX_T_f16x2 || is_bf16(t);
}

static bool is_fp8(unsigned t)
{
    return t == PTX_T_e4m3x2 || t == PTX_T_e5m2x2;
}

/* The construct of a cvt from a to d (n operands) past sm_75, or ARCH_NONE. */
static arch_id cvt_construct(const ptx_insn *in, unsigned d, unsigned a)
{
    if (is_fp8(d) || is_fp8(a)) return ARCH_CVT_FP8;
    if (is_bf16(d) || is_bf16(a)) return (is_bf16(d) ? a : d) == PTX_T_f32 ? ARCH_CVT_BF16 : ARCH_CVT_BF16_OTHER;
    if (d == PTX_T_tf32) return in->rnd == PTX_RND_RNA ? ARCH_CVT_TF32 : ARCH_CVT_TF32_RN;
    if (in->nopd == 3) return ARCH_CVT_PAIR;
    return ARCH_NONE;
}

static arch_id tensor_construct(const ptx_insn *in)
{
    for (int i = 0; i < 4; i++)
        if (in->tc[i] == PTX_TC_bf16 || in->tc[i] == PTX_TC_tf32) return ARCH_TC_BF16;
    unsigned s = in->mode2;
    return s == PTX_SHAPE_m16n8k16 || s == PTX_SHAPE_m16n8k32 || s == PTX_SHAPE_m16n8k4 ? ARCH_MMA_SHAPE : ARCH_NONE;
}

/* The construct of the instruction itself (its opcode and types). */
static arch_id op_construct(const ptx_insn *in)
{
    unsigned t = in->type[0], t2 = in->type[1];
    switch (in->op) {
    case PTX_OP_redux: return ARCH_REDUX;
    case PTX_OP_min: case PTX_OP_max:
        return is_half(t) ? ARCH_MINMAX_HALF : ARCH_NONE;
    case PTX_OP_fma: case PTX_OP_neg: case PTX_OP_abs:
        return is_bf16(t) ? ARCH_BF16_FMA : ARCH_NONE;
    case PTX_OP_add: case PTX_OP_sub: case PTX_OP_mul: case PTX_OP_mad: case PTX_OP_setp: case PTX_OP_set:
        return is_bf16(t) || is_bf16(t2) ? ARCH_BF16_ARITH : ARCH_NONE;
    case PTX_OP_ex2: case PTX_OP_tanh:
        return is_bf16(t) ? ARCH_BF16_FUNC : ARCH_NONE;
    case PTX_OP_cvt: return cvt_construct(in, t, t2);
    case PTX_OP_wmma: case PTX_OP_mma: case PTX_OP_ldmatrix: return tensor_construct(in);
    case PTX_OP_cp: return ARCH_CP_ASYNC; /* every cp form the parser reads is cp.async's */
    case PTX_OP_mbarrier: return in->mode == PTX_AS_TRY ? ARCH_MBARRIER_TRY : ARCH_MBARRIER;
    default: return ARCH_NONE;
    }
}

/* Of the instruction's constructs, the one that needs the newest GPU. */
static arch_id newest(const ptx_insn *in)
{
    arch_id parts[3] = { op_construct(in), ARCH_NONE, ARCH_NONE };
    if ((in->op == PTX_OP_min || in->op == PTX_OP_max) && (in->flags & PTX_F_NAN)) parts[1] = ARCH_MINMAX_NAN;
    if (in->flags & PTX_F_RELU) parts[2] = ARCH_RELU;
    arch_id best = ARCH_NONE;
    for (int i = 0; i < 3; i++)
        if (parts[i] != ARCH_NONE && (best == ARCH_NONE || rows[parts[i]].sm > rows[best].sm)) best = parts[i];
    return best;
}

cl_status ptx_arch_check(ptx_parser *p, const ptx_insn *in, const char *optext, uint32_t line, uint32_t col)
{
    arch_id a = newest(in);
    if (a == ARCH_NONE || rows[a].sm <= p->target) return CL_OK;
    return ptx_perr(p, CL_UNSUPPORTED, line, col,
                    "'%s': %s needs sm_%u or later, and this module targets sm_%u (PTX line %u)", optext,
                    rows[a].construct, rows[a].sm, p->target, line);
}
