/* disasm.c - an instruction back to PTX text, from the decoded fields (so it
 * also shows what the parser understood): for error messages and tests. */
#include "ptx/parse.h"

#include <stdio.h>
#include <string.h>

static void add_mod(cl_str *b, uint32_t classes, int field, unsigned value)
{
    if (!value) return;
    const char *t = ptx_mod_text(classes, field, value);
    if (t) cl_str_addf(b, ".%s", t);
}

static void add_flags(cl_str *b, uint32_t classes, unsigned flags, unsigned skip)
{
    for (unsigned bit = 1; bit && bit <= 0x8000; bit <<= 1)
        if ((flags & bit) && !(skip & bit)) add_mod(b, classes, FLD_FLAG, bit);
}

static void add_opcode(cl_str *b, const ptx_insn *in)
{
    ptx_opcode op = (ptx_opcode)in->op;
    uint32_t mc = ptx_opcode_classes(op);
    if (op == PTX_OP_wmma || op == PTX_OP_mma || op == PTX_OP_ldmatrix) {
        char text[96];
        ptx_tc_opcode_text(in, text, sizeof text);
        cl_str_add(b, text);
        return;
    }
    if (op == PTX_OP_cp || op == PTX_OP_mbarrier) {
        char text[96];
        ptx_as_opcode_text(in, text, sizeof text);
        cl_str_add(b, text);
        return;
    }
    cl_str_add(b, ptx_opcode_name(op));
    switch (op) {
    case PTX_OP_bar:
    case PTX_OP_barrier:
        if (in->mode == PTX_BAR_WARP) cl_str_add(b, ".warp.sync");
        else add_mod(b, MC_BAR, FLD_MODE, in->mode);
        add_mod(b, MC_BARRED, FLD_MODE2, in->mode2);
        if (in->flags & PTX_F_ALIGNED) cl_str_add(b, ".aligned");
        break;
    case PTX_OP_shfl: case PTX_OP_vote: case PTX_OP_redux:
        cl_str_add(b, ".sync");
        add_mod(b, mc, FLD_MODE, in->mode);
        break;
    case PTX_OP_match:
        add_mod(b, mc, FLD_MODE, in->mode);
        cl_str_add(b, ".sync");
        break;
    default:
        add_mod(b, mc, FLD_SEM, in->sem);
        add_mod(b, mc, FLD_SCOPE, in->scope);
        if (in->flags & PTX_F_TO) cl_str_add(b, ".to");
        add_mod(b, mc, FLD_SPACE, in->space);
        add_mod(b, mc, FLD_CACHE, in->cache);
        if (in->flags & PTX_F_NC) cl_str_add(b, ".nc");
        add_mod(b, mc, FLD_MODE2, in->mode2);
        add_mod(b, mc, FLD_MODE, in->mode);
        add_mod(b, mc, FLD_CMP, in->cmp);
        add_mod(b, mc, FLD_BOOL, in->boolop);
        add_mod(b, mc, FLD_RND, in->rnd);
        add_flags(b, mc, in->flags, PTX_F_TO | PTX_F_NC);
        if (in->vec > 1) cl_str_addf(b, ".v%u", in->vec);
        break;
    }
    for (int i = 0; i < 2; i++)
        if (in->type[i]) cl_str_addf(b, ".%s", ptx_type_name((ptx_type)in->type[i]));
}

static const char *label_name(const ptx_module *m, const ptx_function *fn, uint32_t pc)
{
    for (uint32_t i = 0; i < fn->nlabels; i++)
        if (fn->labels[i].pc == pc) return m->names + fn->labels[i].name;
    return NULL;
}

static void add_imm(cl_str *b, int64_t v, ptx_type t)
{
    if (t == PTX_T_f32) cl_str_addf(b, "0f%08X", (unsigned)(uint32_t)v);
    else if (t == PTX_T_f64) cl_str_addf(b, "0d%016llX", (unsigned long long)v);
    else if (ptx_type_kind_of(t) == PTX_K_SINT && ptx_type_size(t) == 4) cl_str_addf(b, "%d", (int32_t)v);
    else if (ptx_type_kind_of(t) == PTX_K_SINT && ptx_type_size(t) == 2) cl_str_addf(b, "%d", (int16_t)v);
    else if (ptx_type_kind_of(t) == PTX_K_SINT && ptx_type_size(t) == 1) cl_str_addf(b, "%d", (int8_t)v);
    else if (ptx_type_kind_of(t) == PTX_K_SINT) cl_str_addf(b, "%lld", (long long)v);
    else cl_str_addf(b, "%llu", (unsigned long long)v);
}

static void add_operand(cl_str *b, const ptx_module *m, const ptx_function *fn, const ptx_operand *o,
                        ptx_type t)
{
    switch (o->kind) {
    case PTX_OPD_REG:
        cl_str_addf(b, "%s%s", o->neg ? "!" : "", ptx_reg_name(m, fn, o->bank, o->index));
        break;
    case PTX_OPD_IMM:
        add_imm(b, o->imm, t);
        break;
    case PTX_OPD_SREG:
        cl_str_addf(b, "%%%s", ptx_sreg_name((ptx_sreg)o->index));
        break;
    case PTX_OPD_SYM:
        cl_str_add(b, m->syms[o->index].name);
        if (o->imm) cl_str_addf(b, "+%lld", (long long)o->imm);
        break;
    case PTX_OPD_ADDR:
        cl_str_addc(b, '[');
        if (o->has_base) cl_str_add(b, ptx_reg_name(m, fn, o->bank, o->base));
        else if (o->index != PTX_NONE) cl_str_add(b, m->syms[o->index].name);
        if (o->has_base || o->index != PTX_NONE) {
            if (o->imm) cl_str_addf(b, "+%lld", (long long)o->imm);
        } else {
            cl_str_addf(b, "%lld", (long long)o->imm);
        }
        cl_str_addc(b, ']');
        break;
    case PTX_OPD_VEC:
        cl_str_addc(b, '{');
        for (unsigned i = 0; i < o->count; i++) {
            if (i) cl_str_add(b, ", ");
            add_operand(b, m, fn, &fn->vec[o->index + i], t);
        }
        cl_str_addc(b, '}');
        break;
    case PTX_OPD_LABEL: {
        const char *l = label_name(m, fn, o->index);
        if (l) cl_str_add(b, l);
        else cl_str_addf(b, "@%u", o->index);
        break;
    }
    case PTX_OPD_FUNC:
        cl_str_add(b, m->funcs[o->index].name);
        break;
    case PTX_OPD_BLANK:
        cl_str_addc(b, '_');
        break;
    default:
        break;
    }
}

static void add_list(cl_str *b, const ptx_module *m, const ptx_function *fn, const ptx_operand *o)
{
    cl_str_addc(b, '(');
    for (unsigned i = 0; o->kind == PTX_OPD_VEC && i < o->count; i++) {
        if (i) cl_str_add(b, ", ");
        add_operand(b, m, fn, &fn->vec[o->index + i], PTX_T_NONE);
    }
    cl_str_addc(b, ')');
}

void ptx_disasm_insn(const ptx_module *m, const ptx_function *fn, const ptx_insn *in, char *buf,
                     size_t size)
{
    cl_str b = {0};
    if (in->guard != PTX_NONE)
        cl_str_addf(&b, "@%s%s ", in->guard_neg ? "!" : "", ptx_reg_name(m, fn, PTX_BANK_PRED, in->guard));
    add_opcode(&b, in);
    ptx_format f = ptx_opcode_format((ptx_opcode)in->op);
    ptx_type t = (ptx_type)in->type[0];
    ptx_type ts = in->type[1] && in->op != PTX_OP_slct ? (ptx_type)in->type[1] : t;
    if (in->op == PTX_OP_call) {
        cl_str_addc(&b, ' ');
        if (in->opd[1].kind) {
            add_list(&b, m, fn, &in->opd[1]);
            cl_str_add(&b, ", ");
        }
        add_operand(&b, m, fn, &in->opd[0], t);
        if (in->opd[2].kind) {
            cl_str_add(&b, ", ");
            add_list(&b, m, fn, &in->opd[2]);
        }
    } else {
        bool first = true;
        for (unsigned i = 0; i < in->nopd; i++) {
            const ptx_operand *o = &in->opd[i];
            if (o->kind == PTX_OPD_NONE) continue;
            bool piped = i == 1 && (f == PTX_FMT_SETP || f == PTX_FMT_SHFL || f == PTX_FMT_MATCH);
            cl_str_add(&b, first ? " " : piped ? "|" : ", ");
            first = false;
            add_operand(&b, m, fn, o, i == 0 ? t : ts);
        }
    }
    cl_str_addc(&b, ';');
    snprintf(buf, size, "%s", b.s);
    cl_str_free(&b);
}
