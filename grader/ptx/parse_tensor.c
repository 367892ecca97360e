/* parse_tensor.c - the tensor-core instructions' modifiers: wmma.load,
 * wmma.store and wmma.mma, mma.sync.aligned and ldmatrix, decoded into
 * ptx_insn's mode, mode2, vec, tc[] and flags (ir.h) and checked against
 * the forms of the PTX ISA the emulator runs: wmma m16n16k16, m32n8k16 and
 * m8n32k16 with f16, bf16, s8 and u8 (tf32 at m16n16k8); mma.sync m16n8k8
 * and m16n8k16 (f16, bf16; tf32 at k8 and k4), m16n8k32 (s8, u8); ldmatrix
 * m8n8 x1, x2, x4 and .trans. Which forms need sm_80 is archs.def's. */
#include "ptx/parse.h"

#include <stdio.h>
#include <string.h>

static const char *const tc_names[] = {
    "",
#define TC_NAME(name, bits) #name,
    PTX_TC_TYPES(TC_NAME)
#undef TC_NAME
};

static const char *const shape_names[] = {
    "",
#define SHAPE_NAME(name, m, n, k) #name,
    PTX_TC_SHAPES(SHAPE_NAME)
#undef SHAPE_NAME
};

const char *ptx_tc_type_name(unsigned t)
{
    return t < PTX_TC_COUNT ? tc_names[t] : "";
}

const char *ptx_tc_shape_name(unsigned s)
{
    return s < PTX_SHAPE_COUNT ? shape_names[s] : "";
}

static unsigned lookup(const char *const *names, unsigned count, const char *s, size_t n)
{
    for (unsigned i = 1; i < count; i++)
        if (strlen(names[i]) == n && memcmp(names[i], s, n) == 0) return i;
    return 0;
}

static bool is(const char *s, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(word, s, n) == 0;
}

bool ptx_tc_mod(ptx_insn *in, ptx_tc_state *st, const char *s, size_t n)
{
    unsigned v;
    if ((v = lookup(tc_names, PTX_TC_COUNT, s, n))) {
        if (st->ntypes == 4) return false;
        st->types[st->ntypes++] = (uint8_t)v;
    } else if ((v = lookup(shape_names, PTX_SHAPE_COUNT, s, n))) {
        if (in->mode2) return false;
        in->mode2 = (uint8_t)v;
    } else if (is(s, n, "row") || is(s, n, "col")) {
        if (st->nlayouts == 2) return false;
        st->col[st->nlayouts++] = s[0] == 'c';
    } else if (is(s, n, "load") || is(s, n, "store") || is(s, n, "mma")) {
        if (st->verb || in->op != PTX_OP_wmma) return false;
        st->verb = s[0];
    } else if (n == 1 && s[0] >= 'a' && s[0] <= 'd') {
        if (st->matrix || in->op != PTX_OP_wmma) return false;
        st->matrix = s[0];
    } else if (is(s, n, "x1") || is(s, n, "x2") || is(s, n, "x4")) {
        if (in->vec || in->op != PTX_OP_ldmatrix) return false;
        in->vec = (uint8_t)(s[1] - '0');
    } else if (is(s, n, "sync")) {
        in->flags |= PTX_F_SYNC;
    } else if (is(s, n, "aligned")) {
        in->flags |= PTX_F_ALIGNED;
    } else if (is(s, n, "satfinite")) {
        in->flags |= PTX_F_SAT;
    } else if (is(s, n, "trans")) {
        in->flags |= PTX_F_TRANS;
    } else if (is(s, n, "global")) {
        in->space = PTX_SPACE_GLOBAL;
    } else if (is(s, n, "shared") || is(s, n, "shared::cta")) {
        in->space = PTX_SPACE_SHARED;
    } else {
        return false;
    }
    return true;
}

static bool wmma_shape(unsigned s)
{
    return s == PTX_SHAPE_m16n16k16 || s == PTX_SHAPE_m32n8k16 || s == PTX_SHAPE_m8n32k16 ||
           s == PTX_SHAPE_m16n16k8;
}

static bool is_int8(unsigned t)
{
    return t == PTX_TC_s8 || t == PTX_TC_u8;
}

/* The multiplicand type t of shape s (wmma or mma) is one the PTX ISA has. */
static bool mult_ok(unsigned s, unsigned t, bool mma)
{
    switch (s) {
    case PTX_SHAPE_m16n16k8: case PTX_SHAPE_m16n8k4: return t == PTX_TC_tf32;
    case PTX_SHAPE_m16n8k8: return t == PTX_TC_f16 || t == PTX_TC_bf16 || t == PTX_TC_tf32;
    case PTX_SHAPE_m16n8k16: return t == PTX_TC_f16 || t == PTX_TC_bf16;
    case PTX_SHAPE_m16n8k32: return is_int8(t);
    default: return !mma && (t == PTX_TC_f16 || t == PTX_TC_bf16 || is_int8(t));
    }
}

/* The accumulator types d, c fit the multiplicands' a. */
static bool acc_ok(unsigned a, unsigned d, unsigned c)
{
    if (a == PTX_TC_f16) return (d == PTX_TC_f16 || d == PTX_TC_f32) && (c == PTX_TC_f16 || c == PTX_TC_f32);
    if (is_int8(a)) return d == PTX_TC_s32 && c == PTX_TC_s32;
    return d == PTX_TC_f32 && c == PTX_TC_f32;
}

/* Decode what the modifiers said into the instruction; NULL when it is a
 * form the emulator runs, else what is wrong. */
static const char *settle(ptx_insn *in, const ptx_tc_state *st)
{
    unsigned s = in->mode2;
    if ((in->flags & (PTX_F_SYNC | PTX_F_ALIGNED)) != (PTX_F_SYNC | PTX_F_ALIGNED))
        return "needs .sync.aligned";
    if (in->op == PTX_OP_ldmatrix) {
        in->mode = PTX_TC_LDMATRIX;
        in->tc[PTX_TC_D] = st->ntypes ? st->types[0] : 0;
        if (s != PTX_SHAPE_m8n8 || !in->vec || st->ntypes != 1 || st->types[0] != PTX_TC_b16 || st->nlayouts)
            return "expected ldmatrix.sync.aligned.m8n8.{x1,x2,x4}[.trans].shared.b16";
        return in->space == PTX_SPACE_GLOBAL ? "ldmatrix reads shared memory" : NULL;
    }
    if (in->op == PTX_OP_mma) {
        in->mode = PTX_TC_MMA;
        if (st->ntypes == 4) memcpy(in->tc, st->types, 4);
        if (st->ntypes != 4 || st->nlayouts != 2 || st->col[0] || !st->col[1] || wmma_shape(s) ||
            s == PTX_SHAPE_m8n8 || !s)
            return "expected mma.sync.aligned.shape.row.col.dtype.atype.btype.ctype";
        unsigned a = in->tc[PTX_TC_A], b = in->tc[PTX_TC_B];
        if (!mult_ok(s, a, true) || !mult_ok(s, b, true) || (a != b && !(is_int8(a) && is_int8(b))) ||
            !acc_ok(a, in->tc[PTX_TC_D], in->tc[PTX_TC_C]))
            return "a type combination the PTX ISA has not for this shape";
        return (in->flags & PTX_F_SAT) && !is_int8(a) ? ".satfinite is for integer mma" : NULL;
    }
    /* wmma */
    if (!wmma_shape(s)) return "expected one of the shapes m16n16k16, m32n8k16, m8n32k16, m16n16k8";
    if (st->verb == 'm') {
        in->mode = PTX_TC_WMMA;
        if (st->nlayouts != 2 || st->matrix) return "expected wmma.mma.sync.aligned.alayout.blayout.shape.types";
        in->vec = (uint8_t)((st->col[0] ? PTX_TC_ACOL : 0) | (st->col[1] ? PTX_TC_BCOL : 0));
        if (st->ntypes == 2) {
            in->tc[PTX_TC_D] = st->types[0];
            in->tc[PTX_TC_A] = in->tc[PTX_TC_B] = PTX_TC_f16;
            in->tc[PTX_TC_C] = st->types[1];
        } else if (st->ntypes == 4) {
            memcpy(in->tc, st->types, 4);
        } else {
            return "expected wmma.mma's types: .dtype.ctype, or .dtype.atype.btype.ctype";
        }
        unsigned a = in->tc[PTX_TC_A];
        if (!mult_ok(s, a, false) || in->tc[PTX_TC_B] != a || !acc_ok(a, in->tc[PTX_TC_D], in->tc[PTX_TC_C]))
            return "a type combination the PTX ISA has not for this shape";
        return (in->flags & PTX_F_SAT) && !is_int8(a) ? ".satfinite is for integer mma" : NULL;
    }
    if (st->verb != 'l' && st->verb != 's') return "expected wmma.load, wmma.store or wmma.mma";
    if (st->nlayouts != 1 || st->ntypes != 1) return "expected one layout (.row or .col) and one type";
    in->vec = st->col[0] ? PTX_TC_ACOL : 0;
    in->tc[PTX_TC_D] = st->types[0];
    unsigned t = st->types[0];
    if (st->verb == 's') {
        in->mode = PTX_TC_STORE_D;
        if (st->matrix != 'd') return "expected wmma.store.d";
    } else {
        in->mode = st->matrix == 'a' ? PTX_TC_LOAD_A : st->matrix == 'b' ? PTX_TC_LOAD_B
                 : st->matrix == 'c' ? PTX_TC_LOAD_C : 0;
        if (!in->mode) return "expected wmma.load.a, .b or .c";
    }
    if (in->mode == PTX_TC_LOAD_A || in->mode == PTX_TC_LOAD_B)
        return mult_ok(s, t, false) ? NULL : "a type the PTX ISA has not for this shape";
    bool ok = s == PTX_SHAPE_m16n16k8 ? t == PTX_TC_f32 : (t == PTX_TC_f16 || t == PTX_TC_f32 || t == PTX_TC_s32);
    return ok ? NULL : "a type the PTX ISA has not for this shape";
}

cl_status ptx_tc_finish(ptx_parser *p, ptx_insn *in, const ptx_tc_state *st, const char *optext,
                        const ptx_token *at)
{
    const char *why = settle(in, st);
    if (why)
        return ptx_perr(p, CL_UNSUPPORTED, at->line, at->col, "'%s': %s (this module targets sm_%u; PTX line %u)",
                        optext, why, p->target, at->line);
    return CL_OK;
}

unsigned ptx_tc_frag_regs(unsigned shape, unsigned use, unsigned type)
{
    static const struct { unsigned m, n, k; } mnk[] = {
        { 0, 0, 0 },
#define MNK(name, m, n, k) { m, n, k },
        PTX_TC_SHAPES(MNK)
#undef MNK
    };
    if (shape >= PTX_SHAPE_COUNT || !mnk[shape].k) return 0;
    unsigned m = mnk[shape].m, n = mnk[shape].n, k = mnk[shape].k, bits = 0;
    static const unsigned tbits[] = {
        0,
#define TBITS(name, b) b,
        PTX_TC_TYPES(TBITS)
#undef TBITS
    };
    bits = type < PTX_TC_COUNT ? tbits[type] : 0;
    bool wmma = wmma_shape(shape);
    if (use == 2) return type == PTX_TC_f16 ? (wmma ? 4 : 2) : (wmma ? 8 : 4);
    if (wmma && type == PTX_TC_f16) return 8;
    unsigned elems = use == 0 ? m * k : k * n;
    return elems / 32 * bits / 32;
}

void ptx_tc_opcode_text(const ptx_insn *in, char *buf, size_t size)
{
    const char *space = in->space == PTX_SPACE_GLOBAL ? ".global" : in->space == PTX_SPACE_SHARED ? ".shared" : "";
    const char *sat = (in->flags & PTX_F_SAT) ? ".satfinite" : "";
    const char *acol = (in->vec & PTX_TC_ACOL) ? "col" : "row", *bcol = (in->vec & PTX_TC_BCOL) ? "col" : "row";
    const char *shape = ptx_tc_shape_name(in->mode2);
    const char *d = ptx_tc_type_name(in->tc[PTX_TC_D]), *a = ptx_tc_type_name(in->tc[PTX_TC_A]);
    const char *b = ptx_tc_type_name(in->tc[PTX_TC_B]), *c = ptx_tc_type_name(in->tc[PTX_TC_C]);
    switch (in->mode) {
    case PTX_TC_LDMATRIX:
        snprintf(buf, size, "ldmatrix.sync.aligned.m8n8.x%u%s.shared.b16", in->vec,
                 (in->flags & PTX_F_TRANS) ? ".trans" : "");
        break;
    case PTX_TC_MMA:
        snprintf(buf, size, "mma.sync.aligned.%s.row.col%s.%s.%s.%s.%s", shape, sat, d, a, b, c);
        break;
    case PTX_TC_WMMA:
        if (in->tc[PTX_TC_A] == PTX_TC_f16)
            snprintf(buf, size, "wmma.mma.sync.aligned.%s.%s.%s.%s.%s", acol, bcol, shape, d, c);
        else
            snprintf(buf, size, "wmma.mma.sync.aligned.%s.%s.%s.%s.%s.%s.%s%s", acol, bcol, shape, d, a, b, c, sat);
        break;
    default: {
        char m = in->mode == PTX_TC_LOAD_A ? 'a' : in->mode == PTX_TC_LOAD_B ? 'b' : in->mode == PTX_TC_LOAD_C ? 'c' : 'd';
        snprintf(buf, size, "wmma.%s.%c.sync.aligned.%s.%s%s.%s", in->mode == PTX_TC_STORE_D ? "store" : "load", m,
                 acol, shape, space, d);
        break;
    }
    }
}
