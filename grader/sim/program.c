/* program.c - lowers a kernel and the device functions it calls into the
 * machine's program: one sim_op per PTX instruction (so labels keep their
 * indices), registers renumbered into the warp's rows, immediates and
 * special registers as extra rows, symbols as addresses (shared and local
 * laid out, module variables allocated), calls with their parameter copies.
 * The ALU instructions that nvcc emits most get fast ops (xops.def); the rest
 * go through the general evaluator. Runs once per launch: it is linear in
 * the code and cheap. */
#include "core/demangle.h"
#include "sim/internal.h"
#include "sim/lower.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const refusal_rows[] = {
#define REFUSAL(id, message) message,
#include "sim/refusals.def"
#undef REFUSAL
};

const char *sim_refusal_text(sim_refusal r)
{
    return (unsigned)r < SIM_REFUSE_COUNT ? refusal_rows[r] : "?";
}

cl_status sim_lw_refuse(lower *lw, sim_refusal r, const char *name)
{
    return sim_lw_fail(lw, CL_UNSUPPORTED, sim_refusal_text(r), name ? name : "");
}

cl_status sim_lw_fail(lower *lw, cl_status st, const char *fmt, const char *a)
{
    if (lw->st != CL_OK) return lw->st;
    int line = lw->cur ? (int)lw->cur->line : 0;
    char buf[512];
    snprintf(buf, sizeof buf, fmt, a);
    if (lw->cur) {
        char dis[256];
        ptx_disasm_insn(lw->mod, &lw->mod->funcs[lw->cur_fn], lw->cur, dis, sizeof dis);
        cl_fail(lw->err, st, lw->mod->name, line, 0, "%s: %s (this module targets sm_%u; PTX line %d)", dis, buf,
                lw->mod->target, line);
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
    if (state[f] == 1) return sim_lw_refuse(lw, SIM_REFUSE_RECURSION, fn->name);
    if (state[f] == 2) return CL_OK;
    state[f] = 1;
    CL_VEC_PUSH(&lw->fns, f);
    if (depth + 1 > lw->p->max_depth) lw->p->max_depth = depth + 1;
    for (uint32_t i = 0; i < fn->ninsns && lw->st == CL_OK; i++) {
        const ptx_insn *in = &fn->insns[i];
        if (in->op != PTX_OP_call) continue;
        uint32_t g = in->opd[0].index;
        if (ptx_builtin_function(lw->mod->funcs[g].name)) continue;
        if (!lw->mod->funcs[g].has_body) {
            lw->cur = in;
            lw->cur_fn = f;
            return sim_lw_refuse(lw, SIM_REFUSE_NO_BODY, lw->mod->funcs[g].name);
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

/* The same for the per-thread spaces, whose sizes come from the module (at
 * most 2^48 bytes a variable, so this cannot overflow). */
static uint64_t align_up64(uint64_t v, uint64_t a)
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
uint64_t sim_lw_sym_addr(lower *lw, uint32_t si)
{
    const ptx_symbol *s = &lw->mod->syms[si];
    if (lw->symset[si]) return lw->symaddr[si];
    uint64_t a = 0;
    if (s->kind == PTX_SYM_FUNC) {
        sim_lw_refuse(lw, SIM_REFUSE_INDIRECT_CALL, s->name);
    } else if (s->space == PTX_SPACE_SHARED) {
        a = s->unsized ? SIM_NONE : 0; /* laid out by layout_shared */
        if (!s->unsized) SIM_ASSERT(0);
    } else if (s->space == PTX_SPACE_LOCAL) {
        lw->local_top = align_up64(lw->local_top, s->align);
        a = lw->local_top;
        lw->local_top += s->size;
    } else if (s->space == PTX_SPACE_PARAM) {
        if (is_kernel_param(lw, s)) {
            a = lw->mod->funcs[s->func].params[s->param].info.offset;
        } else {
            lw->tparam_top = align_up64(lw->tparam_top, s->align);
            a = SIM_TPARAM_BASE + lw->tparam_top;
            lw->tparam_top += s->size;
        }
    } else if (s->space == PTX_SPACE_GLOBAL || s->space == PTX_SPACE_CONST) {
        if (sim_module_var(lw->m, lw->mod, si, &a, lw->err) != CL_OK) lw->st = lw->err ? lw->err->status : CL_UNSUPPORTED;
    } else {
        sim_lw_refuse(lw, SIM_REFUSE_SYMBOL_SPACE, s->name);
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

static void add_svar(sim_program *p, const ptx_symbol *s, uint32_t off, uint64_t size)
{
    p->svars = cl_realloc(p->svars, (size_t)(p->nsvars + 1) * sizeof *p->svars);
    p->svars[p->nsvars++] = (sim_svar){s->name, off, size > UINT32_MAX ? UINT32_MAX - 1 : (uint32_t)size};
}

/* A shared variable's own name: a function's local static
 * ("_ZZ10kernelNamePfE4tile", "_ZZ6reduceILi8EEvPfE4smem_0") gives "tile",
 * another mangled name its plain name, a plain one itself. */
static void svar_name(const char *mangled, char *buf, size_t size)
{
    size_t len = strlen(mangled);
    const char *name = NULL;
    size_t nlen = 0;
    for (size_t i = 3; strncmp(mangled, "_ZZ", 3) == 0 && i < len; i++) {
        if (mangled[i] != 'E' || !isdigit((unsigned char)mangled[i + 1])) continue;
        char *end;
        unsigned long n = strtoul(mangled + i + 1, &end, 10);
        size_t after = (size_t)(end - mangled) + n;
        if (!n || after > len) continue;
        const char *rest = mangled + after; /* a discriminator may follow: _N or __NN_ */
        bool disc = !*rest || (rest[0] == '_' && (isdigit((unsigned char)rest[1]) || rest[1] == '_'));
        if (disc) name = end, nlen = n;
    }
    if (name) {
        snprintf(buf, size, "%.*s", (int)nlen, name);
        return;
    }
    char *plain = cl_demangle_name(mangled);
    snprintf(buf, size, "%s", plain ? plain : mangled);
    free(plain);
}

const sim_svar *sim_shared_var(const sim_program *p, uint64_t off, char *name, size_t size)
{
    const sim_svar *v = NULL;
    for (uint32_t i = 0; i < p->nsvars && !v; i++) {
        const sim_svar *c = &p->svars[i];
        if (off >= c->off && (c->size == SIM_NONE || off - c->off < c->size)) v = c;
    }
    if (v) svar_name(v->name, name, size);
    return v;
}

const sim_svar *sim_shared_last(const sim_program *p, char *name, size_t size)
{
    const sim_svar *v = NULL;
    for (uint32_t i = 0; i < p->nsvars; i++)
        if (!v || p->svars[i].off >= v->off) v = &p->svars[i];
    if (v) svar_name(v->name, name, size);
    return v;
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
        add_svar(lw->p, s, top, s->size);
        if (s->size > SIM_MAX_SHARED || top + s->size > SIM_MAX_SHARED) {
            lw->p->shared_want = (uint64_t)top + s->size; /* refused at launch */
            top = SIM_MAX_SHARED;
            continue;
        }
        top += (uint32_t)s->size;
    }
    lw->p->static_shared = top;
    lw->p->dyn_offset = align_up(top, 16);
    for (uint32_t si = 0; si < lw->mod->nsyms; si++) {
        if (!used[si] || !lw->mod->syms[si].unsized) continue;
        lw->symaddr[si] = lw->p->dyn_offset;
        lw->symset[si] = 1;
        lw->p->dynamic_shared = true;
        add_svar(lw->p, &lw->mod->syms[si], lw->p->dyn_offset, SIM_NONE);
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

uint16_t sim_lw_scratch_slot(lower *lw, unsigned bank)
{
    return extra_slot(lw, bank, true, PTX_SREG_COUNT + 1); /* no operand reads this "register" */
}

bool sim_lw_dynamic_sreg(uint32_t s)
{
    return s == PTX_SREG_clock || s == PTX_SREG_clock_hi || s == PTX_SREG_clock64 ||
           s == PTX_SREG_globaltimer || s == PTX_SREG_globaltimer_lo || s == PTX_SREG_globaltimer_hi;
}

uint16_t sim_lw_slot(lower *lw, const ptx_operand *o)
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
        if (sim_lw_dynamic_sreg(o->index)) {
            sim_lw_refuse(lw, SIM_REFUSE_CLOCK_OPERAND, NULL);
            return 0;
        }
        if (o->index == PTX_SREG_envreg1 || o->index == PTX_SREG_envreg2) lw->p->grid_handle = true;
        return extra_slot(lw, o->bank, true, o->index);
    case PTX_OPD_SYM: {
        uint64_t a = sim_lw_sym_addr(lw, o->index) + (uint64_t)o->imm;
        if (o->bank == PTX_BANK_B32) a &= 0xffffffffu;
        return extra_slot(lw, o->bank, false, a);
    }
    case PTX_OPD_NONE:
    case PTX_OPD_BLANK:
        return SIM_NOSLOT;
    default:
        sim_lw_refuse(lw, SIM_REFUSE_OPERAND_FORM, NULL);
        return 0;
    }
}

uint16_t sim_lw_vec_elem(lower *lw, const ptx_operand *v, unsigned i)
{
    return sim_lw_slot(lw, &lw->mod->funcs[lw->cur_fn].vec[v->index + i]);
}

/* Extra rows were numbered apart (EXTRA_BIT, and BANK64_BIT for 64-bit
 * rows); now that the register counts are known, put them after the
 * registers of their bank. */
uint16_t sim_lw_final_slot(const lower *lw, uint16_t s)
{
    if (s == SIM_NOSLOT || !(s & EXTRA_BIT)) return s;
    uint32_t idx = s & (BANK64_BIT - 1);
    return (uint16_t)(idx + ((s & BANK64_BIT) ? lw->p->nreg64 : lw->p->nreg32));
}

static void fix_extra_slots(lower *lw)
{
    for (uint32_t pc = 0; pc < lw->code.n; pc++) {
        sim_op *op = &lw->code.v[pc];
        for (int i = 0; i < 6; i++) op->s[i] = sim_lw_final_slot(lw, op->s[i]);
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
    p->carry_row = n[PTX_BANK_B32]; /* one more row: the carry flag of add.cc and friends */
    p->nreg32 = n[PTX_BANK_B32] + 1;
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
    /* past the limits the launch is refused (launch.c), and the sizes kept
       are only what was asked, for the message */
    p->local_want = align_up64(lw->local_top, 16);
    p->tparam_want = align_up64(lw->tparam_top, 16);
    p->local_size = p->local_want <= SIM_MAX_LOCAL ? (uint32_t)p->local_want : 0;
    p->tparam_size = p->tparam_want <= SIM_MAX_TPARAM ? (uint32_t)p->tparam_want : 0;
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
    free(p->svars);
    free(p->tensors);
    for (uint32_t i = 0; i < p->ndotaccs; i++) {
        free(p->dotaccs[i].load);
        free(p->dotaccs[i].kof);
        free(p->dotaccs[i].imm);
        free(p->dotaccs[i].out);
        free(p->dotaccs[i].last);
    }
    free(p->dotaccs);
    free(p->loops);
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
    lw.p->cross_block = sim_blocks_flow(mod, entry, &lw.p->blocks_commute, &lw.p->stored_params,
                                         &lw.p->loaded_params);
    for (size_t k = 0; k < lw.fns.n && lw.st == CL_OK; k++) sim_lw_function(&lw, lw.fns.v[k]);
    if (lw.st != CL_OK) goto done;
    sim_tensor_finish(&lw);
    if (lw.p->nreg32 + lw.x32.n >= EXTRA_BIT || lw.p->nreg64 + lw.x64.n >= EXTRA_BIT ||
        lw.p->nregp >= EXTRA_BIT || lw.x32.n >= BANK64_BIT || lw.x64.n >= BANK64_BIT) {
        sim_lw_fail(&lw, CL_LIMIT, "%s", "the kernel uses too many registers for the emulator");
        goto done;
    }
    fix_extra_slots(&lw);
    take_program(&lw);
    for (size_t k = 0; k < lw.fns.n; k++) {
        uint32_t f = lw.fns.v[k];
        sim_cfg_analyse(lw.p, lw.code_base[f], mod->funcs[f].ninsns + 1);
    }
    if (!m->opt.reference_alu) { /* the reference keeps every row and runs every op alone */
        for (size_t k = 0; k < lw.fns.n; k++)
            sim_fuse_hoisted_runs(lw.p, lw.code_base[lw.fns.v[k]], mod->funcs[lw.fns.v[k]].ninsns + 1);
        sim_pack_registers(lw.p);
        for (size_t k = 0; k < lw.fns.n; k++)
            sim_fuse_dots(lw.p, lw.code_base[lw.fns.v[k]], mod->funcs[lw.fns.v[k]].ninsns + 1);
        for (size_t k = 0; k < lw.fns.n; k++)
            sim_fuse_shared_runs(lw.p, lw.code_base[lw.fns.v[k]], mod->funcs[lw.fns.v[k]].ninsns + 1);
        for (size_t k = 0; k < lw.fns.n; k++)
            sim_fuse_loops(lw.p, lw.code_base[lw.fns.v[k]], mod->funcs[lw.fns.v[k]].ninsns + 1);
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
    free(lw.tensors.v);
    free(lw.hidden.v);
    free(lw.hidden_src.v);
    return lw.st;
}
