/* blockflow.c - whether a kernel's blocks may see each other's work while
 * they run. Such a kernel runs its blocks one at a time in index order, so
 * that what each block sees, and so the report, does not depend on the host
 * threads, and then in other orders, which must end the same (order.c;
 * docs/architecture.md, "Determinism").
 *
 * Two kinds of kernel talk across blocks. The first says so in its
 * instructions: a global atomic, a fence, a volatile or ordered global
 * access. The second does it with plain loads and stores, a data race in the
 * PTX memory model whose outcome on a GPU depends on timing: every block
 * does `out[0] = sum` or `bins[v] += 1`, or a block reads the neighbour
 * element that another block writes in place. For those, a flow-insensitive
 * taint of every register says where its value comes from (the block index,
 * memory, a kernel parameter, a local or shared address), and a kernel runs
 * in index order when
 *   (a) a global store's address depends on a value loaded from memory (a
 *       scatter: two blocks may hit one element);
 *   (b) a global store's address does not depend on the block index (every
 *       block writes the same elements);
 *   (c) a global buffer that is stored is also loaded at an address that no
 *       store uses (a block may read what another block writes), or a load
 *       follows a pointer read from memory, or one whose buffer no
 *       parameter shows (rebuilt from two halves through shuffles, shifts
 *       or masks), while anything is stored; a store whose buffer no
 *       parameter shows may be into any buffer.
 * The rules err towards index order: a kernel they catch wrongly is only
 * slower on several threads, never different.
 *
 * Some kernels that run in index order cannot end different in any other
 * order, and order.c need not try them: their blocks meet only through
 * integer atomics of one kind (add, min, max, and, or, xor; one type) whose
 * results no instruction reads, on buffers that no plain load or store
 * touches, and no plain access calls for index order by the rules above.
 * Such atomics commute, and a block sees nothing of another's: a histogram
 * counting with atomicAdd is the common case. */
#include "sim/internal.h"

#include <stdlib.h>

#include "core/core.h"

enum {
    T_CTAID = 1ull << 0,  /* the block index */
    T_LOADED = 1ull << 1, /* a value read from memory (or an unknown one) */
    T_LOCAL = 1ull << 2,  /* a local-memory address */
    T_SHARED = 1ull << 3, /* a shared-memory address */
    T_BUF0 = 8,           /* bits 8..63: kernel parameter p (the last for p >= 55) or a global variable */
};
#define T_BUFS (~0ull << T_BUF0)

typedef struct flow_access {
    uint64_t bufs;
    uint32_t fn, base, sym; /* base: bank << 28 | register, or UINT32_MAX */
    int64_t imm;
} flow_access;

typedef struct flow {
    const ptx_module *mod;
    uint32_t kernel;
    uint64_t *taint[PTX_BANK_COUNT]; /* per register, of the function being looked at */
    uint32_t nregs[PTX_BANK_COUNT];
    bool changed;
    CL_VEC(flow_access) loads, stores;
    bool chase, in_order;
    /* the instructions that talk across blocks: any (talks), any that is
       not a commuting atomic (odd); the commuting atomics' buffers and
       their mode and type (atom_kind: 0 before the first) */
    bool talks, odd;
    uint64_t atom_bufs;
    uint32_t atom_kind;
    uint8_t *read[PTX_BANK_COUNT]; /* per register: some instruction reads it */
} flow;

static uint64_t buf_bit(int32_t param)
{
    int b = param < 0 ? 55 : param > 55 ? 55 : (int)param;
    return 1ull << (T_BUF0 + b);
}

/* A symbol used as a value or an address. */
static uint64_t sym_taint(const flow *f, uint32_t si)
{
    const ptx_symbol *s = &f->mod->syms[si];
    if (s->kind != PTX_SYM_VAR) return 0;
    switch (s->space) {
    case PTX_SPACE_SHARED: return T_SHARED;
    case PTX_SPACE_LOCAL: return T_LOCAL;
    case PTX_SPACE_PARAM:
        return s->func == (int32_t)f->kernel && s->param >= 0 ? buf_bit(s->param) : T_LOADED;
    default: return buf_bit(-1); /* a module variable: one more buffer */
    }
}

static uint64_t reg_taint(const flow *f, unsigned bank, uint32_t index)
{
    return bank < PTX_BANK_COUNT && index <= f->nregs[bank] ? f->taint[bank][index] : 0;
}

static uint64_t opd_taint(const flow *f, const ptx_function *fn, const ptx_operand *o)
{
    switch (o->kind) {
    case PTX_OPD_REG: return reg_taint(f, o->bank, o->index);
    case PTX_OPD_SREG:
        return o->index == PTX_SREG_ctaid_x || o->index == PTX_SREG_ctaid_y ||
                       o->index == PTX_SREG_ctaid_z
                   ? T_CTAID
                   : 0;
    case PTX_OPD_SYM: return sym_taint(f, o->index);
    case PTX_OPD_ADDR:
        return (o->has_base ? reg_taint(f, o->bank, o->base) : 0) |
               (o->index != PTX_NONE ? sym_taint(f, o->index) : 0);
    case PTX_OPD_VEC: {
        uint64_t t = 0;
        for (unsigned i = 0; i < o->count; i++) t |= opd_taint(f, fn, &fn->vec[o->index + i]);
        return t;
    }
    default: return 0;
    }
}

/* How many leading operand slots an instruction writes: 0, 1 or 2. */
static unsigned dest_slots(const ptx_insn *in)
{
    switch (ptx_opcode_format((ptx_opcode)in->op)) {
    case PTX_FMT_SETP:
    case PTX_FMT_SHFL:
    case PTX_FMT_MATCH: return 2;
    case PTX_FMT_D: case PTX_FMT_DA: case PTX_FMT_DAB: case PTX_FMT_DABC: case PTX_FMT_DABCE:
    case PTX_FMT_SELP: case PTX_FMT_LD: case PTX_FMT_ATOM: case PTX_FMT_VOTE: case PTX_FMT_REDUX:
        return 1;
    case PTX_FMT_BAR: return in->nopd >= 3 ? 1 : 0; /* bar.red d, a, ... */
    default: return 0;
    }
}

static void join(flow *f, const ptx_function *fn, const ptx_operand *o, uint64_t t)
{
    if (o->kind == PTX_OPD_VEC) {
        for (unsigned i = 0; i < o->count; i++) join(f, fn, &fn->vec[o->index + i], t);
        return;
    }
    if (o->kind != PTX_OPD_REG || o->bank >= PTX_BANK_COUNT || o->index > f->nregs[o->bank]) return;
    uint64_t *slot = &f->taint[o->bank][o->index];
    if ((*slot | t) != *slot) {
        *slot |= t;
        f->changed = true;
    }
}

static bool is_memory_op(const ptx_insn *in)
{
    return in->op == PTX_OP_ld || in->op == PTX_OP_st || in->op == PTX_OP_atom ||
           in->op == PTX_OP_red;
}

/* Which buffers a result may point into: a pointer moves through a copy, a
 * conversion of space, a sum or difference, a choice, and the addend of a
 * multiply-add (mad.wide base + i * 4); a product or a shift of a scalar
 * parameter is an index, not a pointer into it. */
static uint64_t pointer_bufs(const flow *f, const ptx_function *fn, const ptx_insn *in)
{
    unsigned from = dest_slots(in), to = in->nopd;
    switch (in->op) {
    case PTX_OP_mov: case PTX_OP_cvta: case PTX_OP_add: case PTX_OP_sub: case PTX_OP_selp: break;
    case PTX_OP_mad: from = 3; break;
    default: return 0;
    }
    uint64_t t = 0;
    for (unsigned i = from; i < to; i++) t |= opd_taint(f, fn, &in->opd[i]);
    return t & T_BUFS;
}

/* What the instruction's destinations get from its sources. */
static void step(flow *f, const ptx_function *fn, const ptx_insn *in)
{
    unsigned nd = dest_slots(in);
    if (!nd) return;
    uint64_t t = 0;
    if (in->op == PTX_OP_ld && in->space == PTX_SPACE_PARAM) {
        t = opd_taint(f, fn, &in->opd[1]);
        if (!(t & T_BUFS)) t |= T_LOADED;
    } else if (is_memory_op(in) || ptx_opcode_format((ptx_opcode)in->op) == PTX_FMT_BAR) {
        t = T_LOADED;
    } else {
        for (unsigned i = nd; i < in->nopd; i++) t |= opd_taint(f, fn, &in->opd[i]);
        t = (t & ~T_BUFS) | pointer_bufs(f, fn, in);
        if (in->op == PTX_OP_cvta)
            t |= in->space == PTX_SPACE_LOCAL ? T_LOCAL : in->space == PTX_SPACE_SHARED ? T_SHARED : 0;
    }
    if (in->guard != PTX_NONE) t |= reg_taint(f, PTX_BANK_PRED, in->guard);
    for (unsigned i = 0; i < nd; i++) join(f, fn, &in->opd[i], t);
}

static bool reaches_global(uint8_t space)
{
    return space == PTX_SPACE_GLOBAL || space == PTX_SPACE_GENERIC;
}

/* An instruction that says it talks across blocks: an atomic outside shared
 * memory, a fence, or a volatile or ordered access that may reach global
 * memory. */
static bool talks_across_blocks(const ptx_insn *in)
{
    bool global = in->space != PTX_SPACE_SHARED && in->space != PTX_SPACE_LOCAL &&
                  in->space != PTX_SPACE_PARAM && in->space != PTX_SPACE_CONST;
    switch (in->op) {
    case PTX_OP_membar:
    case PTX_OP_fence: return true;
    case PTX_OP_atom:
    case PTX_OP_red: return global;
    case PTX_OP_ld:
    case PTX_OP_st: return global && in->sem != PTX_SEM_NONE && in->sem != PTX_SEM_WEAK;
    default: return false;
    }
}

static void mark_read(flow *f, const ptx_function *fn, const ptx_operand *o)
{
    if (o->kind == PTX_OPD_VEC) {
        for (unsigned i = 0; i < o->count; i++) mark_read(f, fn, &fn->vec[o->index + i]);
        return;
    }
    uint32_t bank = o->bank, index = o->kind == PTX_OPD_REG ? o->index : o->base;
    if ((o->kind == PTX_OPD_REG || (o->kind == PTX_OPD_ADDR && o->has_base)) && bank < PTX_BANK_COUNT &&
        index <= f->nregs[bank])
        f->read[bank][index] = 1;
}

/* Which registers some instruction of fn reads (its sources, address
 * bases, guards). */
static void mark_reads(flow *f, const ptx_function *fn)
{
    for (uint32_t i = 0; i < fn->ninsns; i++) {
        const ptx_insn *in = &fn->insns[i];
        for (unsigned o = dest_slots(in); o < in->nopd; o++) mark_read(f, fn, &in->opd[o]);
        if (in->guard != PTX_NONE && in->guard <= f->nregs[PTX_BANK_PRED]) f->read[PTX_BANK_PRED][in->guard] = 1;
    }
}

/* A global atomic that commutes with every other of the kernel (see the
 * file's comment): its buffers join f->atom_bufs. */
static bool commuting_atomic(flow *f, const ptx_function *fn, const ptx_insn *in)
{
    ptx_type_kind k = ptx_type_kind_of((ptx_type)in->type[0]);
    bool red = in->op == PTX_OP_red;
    const ptx_operand *d = &in->opd[0], *a = &in->opd[red ? 0 : 1];
    if ((in->op != PTX_OP_atom && !red) || a->kind != PTX_OPD_ADDR || in->scope == PTX_SCOPE_CTA ||
        (in->sem != PTX_SEM_NONE && in->sem != PTX_SEM_RELAXED) || (k != PTX_K_UINT && k != PTX_K_SINT && k != PTX_K_BITS))
        return false;
    switch (in->mode) {
    case PTX_ATOM_ADD: case PTX_ATOM_MIN: case PTX_ATOM_MAX: case PTX_ATOM_AND: case PTX_ATOM_OR: case PTX_ATOM_XOR: break;
    default: return false;
    }
    if (!red && (d->kind != PTX_OPD_REG || d->bank >= PTX_BANK_COUNT || d->index > f->nregs[d->bank] ||
                 f->read[d->bank][d->index]))
        return false; /* its old value is used */
    uint64_t t = opd_taint(f, fn, a);
    if ((t & (T_LOCAL | T_SHARED)) && !(t & T_BUFS)) return true; /* a generic shared or local address */
    uint32_t kind = (uint32_t)in->mode << 8 | in->type[0];
    if (!(t & T_BUFS) || (f->atom_kind && f->atom_kind != kind)) return false;
    f->atom_kind = kind;
    f->atom_bufs |= t & T_BUFS;
    return true;
}

static void note_access(flow *f, const ptx_function *fn, uint32_t fi, const ptx_insn *in)
{
    bool store = in->op == PTX_OP_st;
    const ptx_operand *a = &in->opd[store ? 0 : 1];
    if (a->kind != PTX_OPD_ADDR) return;
    uint64_t t = opd_taint(f, fn, a);
    if ((t & (T_LOCAL | T_SHARED)) && !(t & T_BUFS)) return; /* a generic local or shared address */
    flow_access acc = {
        .bufs = t & T_BUFS,
        .fn = fi,
        .base = a->has_base ? (uint32_t)a->bank << 28 | a->base : UINT32_MAX,
        .sym = a->index,
        .imm = a->imm,
    };
    if (store) {
        if ((t & T_LOADED) || !(t & T_CTAID)) f->in_order = true; /* rules (a) and (b) */
        CL_VEC_PUSH(&f->stores, acc);
    } else {
        /* a pointer read from memory, or made where no parameter shows (two
           32-bit halves through shuffles, shifts or masks): any buffer */
        if (!acc.bufs) f->chase = true;
        CL_VEC_PUSH(&f->loads, acc);
    }
}

static void look_at(flow *f, uint32_t fi)
{
    const ptx_function *fn = &f->mod->funcs[fi];
    for (int b = 0; b < PTX_BANK_COUNT; b++) {
        f->nregs[b] = fn->nregs[b];
        f->taint[b] = cl_calloc(fn->nregs[b] + 1, sizeof(uint64_t));
    }
    do {
        f->changed = false;
        for (uint32_t i = 0; i < fn->ninsns; i++) step(f, fn, &fn->insns[i]);
    } while (f->changed);
    for (int b = 0; b < PTX_BANK_COUNT; b++) f->read[b] = cl_calloc(fn->nregs[b] + 1, 1);
    mark_reads(f, fn);
    for (uint32_t i = 0; i < fn->ninsns; i++) {
        const ptx_insn *in = &fn->insns[i];
        if (talks_across_blocks(in)) {
            f->talks = true;
            if (!commuting_atomic(f, fn, in)) f->odd = true;
        } else if ((in->op == PTX_OP_ld || in->op == PTX_OP_st) && reaches_global(in->space)) {
            note_access(f, fn, fi, in);
        }
    }
    for (int b = 0; b < PTX_BANK_COUNT; b++) {
        free(f->taint[b]);
        free(f->read[b]);
    }
}

/* No plain access to a buffer the commuting atomics use, and no pointer
 * that may be any buffer. */
static bool atomics_alone(const flow *f)
{
    if (f->chase) return false;
    for (size_t i = 0; i < f->loads.n; i++)
        if (f->loads.v[i].bufs & f->atom_bufs) return false;
    for (size_t i = 0; i < f->stores.n; i++)
        if ((f->stores.v[i].bufs ? f->stores.v[i].bufs : T_BUFS) & f->atom_bufs) return false;
    return true;
}

static bool same_address(const flow_access *x, const flow_access *y)
{
    return x->fn == y->fn && x->base == y->base && x->sym == y->sym && x->imm == y->imm;
}

/* Rule (c): a stored buffer loaded where no store goes. */
static bool reads_what_others_write(const flow *f)
{
    if (!f->stores.n) return false;
    if (f->chase) return true;
    uint64_t stored = 0;
    for (size_t i = 0; i < f->stores.n; i++) stored |= f->stores.v[i].bufs ? f->stores.v[i].bufs : T_BUFS;
    for (size_t i = 0; i < f->loads.n; i++) {
        const flow_access *l = &f->loads.v[i];
        if (!(l->bufs & stored)) continue;
        bool matched = false;
        for (size_t j = 0; j < f->stores.n && !matched; j++) matched = same_address(l, &f->stores.v[j]);
        if (!matched) return true;
    }
    return false;
}

bool sim_blocks_in_order(const ptx_module *mod, long entry)
{
    return sim_blocks_flow(mod, entry, NULL, NULL, NULL);
}

/* The parameters some access in v goes through, bit p for parameter p:
 * all ones where one of them may be any buffer (or a parameter past 54, or
 * a variable, which share the last bit). */
static uint64_t params_of(const flow_access *v, size_t n, bool any)
{
    uint64_t bufs = any ? T_BUFS : 0;
    for (size_t i = 0; i < n; i++) bufs |= v[i].bufs ? v[i].bufs : T_BUFS;
    uint64_t p = (bufs & T_BUFS) >> T_BUF0;
    return p >> 55 ? ~0ull : p;
}

bool sim_blocks_flow(const ptx_module *mod, long entry, bool *commute, uint64_t *stored, uint64_t *loaded)
{
    if (commute) *commute = false;
    if (stored) *stored = ~0ull;
    if (loaded) *loaded = ~0ull;
    if (entry < 0 || (size_t)entry >= mod->nentries) return false;
    flow f = {.mod = mod, .kernel = mod->entries[entry]};
    /* the kernel and every function it may call */
    uint8_t *seen = cl_calloc(mod->nfuncs + 1, 1);
    CL_VEC(uint32_t) todo = {0};
    CL_VEC_PUSH(&todo, f.kernel);
    seen[f.kernel] = 1;
    for (size_t k = 0; k < todo.n; k++) {
        const ptx_function *fn = &mod->funcs[todo.v[k]];
        for (uint32_t i = 0; i < fn->ninsns; i++) {
            const ptx_insn *in = &fn->insns[i];
            for (unsigned o = 0; in->op == PTX_OP_call && o < in->nopd; o++)
                if (in->opd[o].kind == PTX_OPD_FUNC && in->opd[o].index < mod->nfuncs &&
                    !seen[in->opd[o].index]) {
                    seen[in->opd[o].index] = 1;
                    CL_VEC_PUSH(&todo, in->opd[o].index);
                }
        }
        look_at(&f, todo.v[k]);
    }
    bool plain = f.in_order || reads_what_others_write(&f), in_order = plain || f.talks;
    if (commute) *commute = f.talks && !f.odd && !plain && atomics_alone(&f);
    if (stored) *stored = params_of(f.stores.v, f.stores.n, false);
    if (loaded) *loaded = params_of(f.loads.v, f.loads.n, f.chase);
    free(seen);
    free(todo.v);
    free(f.loads.v);
    free(f.stores.v);
    return in_order;
}
