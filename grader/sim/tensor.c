/* tensor.c - wmma, mma.sync and ldmatrix as whole-warp operations. Each is
 * a collective of the whole warp (an X_COLL of kind SIM_COLL_TENSOR with an
 * implicit full mask), so the lanes meet as they do at a shuffle; then the
 * warp's fragments are gathered from the lanes' registers into matrices,
 * multiplied by tensor_math.c's model, and scattered back by the PTX ISA's
 * layouts. Memory goes through one hidden ld or st op per instruction, run
 * element by element over the warp, so bounds, alignment, uninitialised
 * shared bytes, races and the counters are those of ordinary loads and
 * stores, reported at the instruction's line.
 *
 * Hazards (mask family): lanes that are not all there, or meet at
 * different instructions (.aligned: every lane of the warp runs the same
 * one); a wmma whose fragment was loaded for another use, shape, layout or
 * type than the mma reads it as, or whose lanes give different addresses or
 * strides. Memory family: a wmma.load or wmma.store whose matrix does not
 * start at a multiple of 32 bytes or whose leading dimension is not a
 * multiple of 16 bytes, an ldmatrix row that does not start at a multiple
 * of 16 bytes (the PTX ISA's alignment). An H200 runs such a wmma as
 * addressed, and so does the emulator, after the hazard; it faults at such
 * an ldmatrix, and so does the emulator (its registers get the poison
 * value). The outputs of the mask family's hazards are the poison value. */
#include "sim/internal.h"
#include "sim/lower.h"
#include "sim/tensor.h"

#include <stdio.h>
#include <string.h>

/* ---- lowering ---- */

static uint8_t tc_space(const ptx_insn *in)
{
    switch (in->space) {
    case PTX_SPACE_GLOBAL: return SIM_MS_GLOBAL;
    case PTX_SPACE_SHARED: return SIM_MS_SHARED;
    default: return SIM_MS_GENERIC;
    }
}

static void take_vec(lower *lw, sim_tensor *t, int k, const ptx_operand *v)
{
    t->nreg[k] = v->count > 8 ? 8 : v->count;
    for (unsigned i = 0; i < t->nreg[k]; i++) t->reg[k][i] = sim_lw_vec_elem(lw, v, i);
}

/* The hidden ld or st of element size bytes, from a scratch address row
 * into (or out of) a scratch value row; its index among the hidden ops
 * (sim_tensor_finish makes it a pc). */
static uint32_t add_hidden(lower *lw, bool store, uint8_t space, unsigned bytes)
{
    sim_op h;
    memset(&h, 0, sizeof h);
    for (int i = 0; i < 6; i++) h.s[i] = SIM_NOSLOT;
    h.x = store ? X_ST : X_LD;
    h.p[0] = space;
    h.p[1] = (uint8_t)bytes;
    h.p[2] = 1;
    h.s[0] = sim_lw_scratch_slot(lw, PTX_BANK_B32);
    h.s[4] = sim_lw_scratch_slot(lw, PTX_BANK_B64);
    uint32_t at = (uint32_t)lw->hidden.n;
    CL_VEC_PUSH(&lw->hidden, h);
    const ptx_function *fn = &lw->mod->funcs[lw->cur_fn];
    const ptx_insn *in = lw->cur;
    sim_src s = { fn, in, lw->mod->locs[in->loc].ufile, ptx_loc_line(lw->mod, in->loc) };
    CL_VEC_PUSH(&lw->hidden_src, s);
    return at;
}

void sim_tensor_lower(lower *lw, sim_op *op, const ptx_insn *in)
{
    sim_tensor t;
    memset(&t, 0, sizeof t);
    t.mode = in->mode;
    t.shape = in->mode2;
    t.vec = in->vec;
    memcpy(t.tc, in->tc, 4);
    t.flags = (uint8_t)(((in->flags & PTX_F_SAT) ? SIM_TF_SAT : 0) | ((in->flags & PTX_F_TRANS) ? SIM_TF_TRANS : 0));
    t.base = t.stride = SIM_NOSLOT;
    t.hidden = t.hidden4 = SIM_NONE;
    op->x = X_COLL;
    op->p[0] = SIM_COLL_TENSOR;
    ptx_operand full = { .kind = PTX_OPD_IMM, .bank = PTX_BANK_B32, .imm = 0xffffffff };
    op->s[5] = sim_lw_slot(lw, &full);
    op->p[3] |= SIM_CF_UNIFORM;
    const ptx_operand *addr = NULL, *stride = NULL;
    switch (t.mode) {
    case PTX_TC_MMA: case PTX_TC_WMMA:
        for (int k = 0; k < 4; k++) take_vec(lw, &t, k, &in->opd[k]);
        break;
    case PTX_TC_STORE_D:
        addr = &in->opd[0];
        take_vec(lw, &t, 0, &in->opd[1]);
        stride = in->nopd > 2 ? &in->opd[2] : NULL;
        break;
    default: /* loads, ldmatrix */
        take_vec(lw, &t, 0, &in->opd[0]);
        addr = &in->opd[1];
        stride = in->nopd > 2 ? &in->opd[2] : NULL;
        break;
    }
    if (addr) {
        t.imm = addr->imm;
        if (addr->has_base) {
            ptx_operand r = { .kind = PTX_OPD_REG, .bank = addr->bank, .index = addr->base };
            t.base = sim_lw_slot(lw, &r);
            t.base32 = addr->bank == PTX_BANK_B32;
        } else if (addr->index != PTX_NONE) {
            t.imm += (int64_t)sim_lw_sym_addr(lw, addr->index);
        }
        unsigned bytes = t.mode == PTX_TC_LDMATRIX ? 4 : sim_tc_type_bits(t.tc[PTX_TC_D]) / 8;
        if (t.mode == PTX_TC_LDMATRIX && (t.flags & SIM_TF_TRANS)) bytes = 2;
        uint8_t space = t.mode == PTX_TC_LDMATRIX ? SIM_MS_SHARED : tc_space(in);
        t.hidden = add_hidden(lw, t.mode == PTX_TC_STORE_D, space, bytes);
        if (bytes == 2 && t.mode != PTX_TC_LDMATRIX) t.hidden4 = add_hidden(lw, t.mode == PTX_TC_STORE_D, space, 4);
    }
    if (stride && stride->kind == PTX_OPD_IMM) t.stride_imm = (uint32_t)stride->imm;
    else if (stride) t.stride = sim_lw_slot(lw, stride);
    op->aux = (uint32_t)lw->tensors.n;
    CL_VEC_PUSH(&lw->tensors, t);
}

void sim_tensor_finish(lower *lw)
{
    uint32_t base = (uint32_t)lw->code.n;
    for (size_t i = 0; i < lw->hidden.n; i++) {
        CL_VEC_PUSH(&lw->code, lw->hidden.v[i]);
        CL_VEC_PUSH(&lw->src, lw->hidden_src.v[i]);
    }
    for (size_t i = 0; i < lw->tensors.n; i++) {
        sim_tensor *t = &lw->tensors.v[i];
        if (t->hidden != SIM_NONE) t->hidden += base;
        if (t->hidden4 != SIM_NONE) t->hidden4 += base;
        for (int k = 0; k < 4; k++)
            for (int r = 0; r < t->nreg[k]; r++) t->reg[k][r] = sim_lw_final_slot(lw, t->reg[k][r]);
        t->base = sim_lw_final_slot(lw, t->base);
        t->stride = sim_lw_final_slot(lw, t->stride);
    }
    lw->p->tensors = lw->tensors.v;
    lw->p->ntensors = (uint32_t)lw->tensors.n;
    memset(&lw->tensors, 0, sizeof lw->tensors);
}

/* ---- running ---- */

static uint32_t *row32(sim_warp *w, uint16_t slot)
{
    return w->r32 + (size_t)slot * 32;
}

/* Every destination register of the lanes P gets the poison value. */
static void poison(sim_warp *w, const sim_tensor *t, uint32_t P)
{
    if (t->mode == PTX_TC_STORE_D) return;
    for (int r = 0; r < t->nreg[0]; r++) {
        if (t->reg[0][r] == SIM_NOSLOT) continue;
        uint32_t *R = row32(w, t->reg[0][r]);
        for (int l = 0; l < 32; l++)
            if (P >> l & 1u) R[l] = SIM_POISON32;
    }
}

static void hazard(sim_block *blk, sim_warp *w, cl_hazard_kind kind, uint32_t pc, int lane, uint32_t mask,
                   const char *what)
{
    /* after a split the warp's lanes may meet here from different turns of a
       loop, giving different addresses: the split's consequence, not reported */
    if (w->tc_split && kind == CL_HZ_TENSOR_FRAGMENT) return;
    sim_hz h = sim_hz_make(kind, pc, w->id, lane);
    h.mask = mask; /* the lanes that ran the instruction (a mask-family hazard shows it) */
    snprintf(h.detail, sizeof h.detail, "%s", what);
    sim_hz_add(blk, &h);
}

/* A lane's address base (the register's value) plus the offset. */
static uint64_t lane_base(const sim_warp *w, const sim_tensor *t, int l)
{
    uint64_t b = 0;
    if (t->base != SIM_NOSLOT)
        b = t->base32 ? w->r32[(size_t)t->base * 32 + (unsigned)l] : w->r64[(size_t)t->base * 32 + (unsigned)l];
    return b + (uint64_t)t->imm;
}

/* The PTX ISA's alignment of a wmma.load or wmma.store: the matrix at a
 * multiple of 32 bytes, its leading dimension ld (elements of `bytes`) a
 * multiple of 16 bytes; a hazard where not (the access still runs). */
static void wmma_aligned(sim_block *blk, sim_warp *w, const sim_tensor *t, uint32_t pc, uint64_t base, uint32_t ld,
                         unsigned bytes)
{
    char what[160];
    const char *verb = t->mode == PTX_TC_STORE_D ? "stores" : "loads";
    if (base % 32)
        snprintf(what, sizeof what, "wmma %s a matrix at 0x%llx, %u bytes past a multiple of 32 (256 bits), where it "
                 "must start", verb, (unsigned long long)base, (unsigned)(base % 32));
    else if ((uint64_t)ld * bytes % 16)
        snprintf(what, sizeof what, "wmma %s with a leading dimension of %u elements, %llu bytes: not a multiple of 16 "
                 "bytes (%u elements)", verb, ld, (unsigned long long)ld * bytes, 16 / bytes);
    else
        return;
    hazard(blk, w, CL_HZ_TENSOR_ALIGN, pc, 0, SIM_FULL, what);
}

static uint32_t lane_stride(const sim_warp *w, const sim_tensor *t, int l, uint32_t dflt)
{
    if (t->stride != SIM_NOSLOT) return w->r32[(size_t)t->stride * 32 + (unsigned)l];
    return t->stride_imm ? t->stride_imm : dflt;
}

static unsigned use_of(unsigned mode)
{
    return mode == PTX_TC_LOAD_A ? SIM_TC_USE_A : mode == PTX_TC_LOAD_B ? SIM_TC_USE_B : SIM_TC_USE_C;
}

/* The fragment element e of lane l in registers regs. */
static uint32_t frag_get(sim_warp *w, const uint16_t *regs, const sim_tc_frag *f, int l, unsigned e)
{
    unsigned per = 32 / f->bits, r = e / per, sh = (e % per) * f->bits;
    uint32_t v = regs[r] == SIM_NOSLOT ? 0 : w->r32[(size_t)regs[r] * 32 + (unsigned)l];
    return f->bits == 32 ? v : (v >> sh) & ((1u << f->bits) - 1);
}

/* Element e of every lane's fragment (regs[lane], registers' values) :=
 * vals[lane]. */
static void frag_put(uint32_t regs[32][8], const sim_tc_frag *f, unsigned e, const uint32_t *vals)
{
    unsigned per = 32 / f->bits, r = e / per, sh = (e % per) * f->bits;
    uint32_t mask = f->bits == 32 ? 0xffffffffu : ((1u << f->bits) - 1) << sh;
    for (int l = 0; l < 32; l++) regs[l][r] = (regs[l][r] & ~mask) | ((vals[l] << sh) & mask);
}

/* Every element of the fragment in registers regs (its layout: pos, from
 * sim_tc_frag_table) to its place in the row-major matrix m, register by
 * register: frag_get's values, a later element over an earlier one where
 * two name one place (an f16 multiplicand's repeated elements). */
static void frag_gather(sim_warp *w, const uint16_t *regs, const sim_tc_frag *f, const uint16_t *pos, uint32_t *m)
{
    unsigned per = 32 / f->bits, n = f->nelem;
    uint32_t mask = f->bits == 32 ? 0xffffffffu : (1u << f->bits) - 1;
    for (unsigned r = 0; r < f->nregs; r++) {
        const uint32_t *R = regs[r] == SIM_NOSLOT ? NULL : w->r32 + (size_t)regs[r] * 32;
        for (unsigned i = 0, e = r * per; i < per && e < n; i++, e++)
            for (unsigned l = 0; l < 32; l++) m[pos[l * n + e]] = R ? (R[l] >> (i * f->bits)) & mask : 0;
    }
}

/* The other way: the matrix m into the fragment's registers regs (nregs
 * of them named), each register's elements packed low to high. */
static void frag_scatter(sim_warp *w, const uint16_t *regs, unsigned nregs, const sim_tc_frag *f,
                         const uint16_t *pos, const uint32_t *m)
{
    unsigned per = 32 / f->bits, n = f->nelem;
    uint32_t mask = f->bits == 32 ? 0xffffffffu : (1u << f->bits) - 1;
    for (unsigned r = 0; r < f->nregs && r < nregs; r++) {
        if (regs[r] == SIM_NOSLOT) continue;
        uint32_t *R = row32(w, regs[r]);
        for (unsigned l = 0; l < 32; l++) {
            uint32_t v = 0;
            for (unsigned i = 0, e = r * per; i < per && e < n; i++, e++) v |= (m[pos[l * n + e]] & mask) << (i * f->bits);
            R[l] = v;
        }
    }
}

/* Run the hidden op at pc over the whole warp with these addresses (and,
 * for a store, values); a load's values come back in vals. */
static void hidden_at(sim_block *blk, sim_warp *w, uint32_t pc, const uint64_t *addr, uint32_t *vals)
{
    const sim_op *h = &blk->prog->code[pc];
    uint64_t *A = w->r64 + (size_t)h->s[4] * 32;
    uint32_t *V = w->r32 + (size_t)h->s[0] * 32;
    for (int l = 0; l < 32; l++) A[l] = addr[l];
    if (h->x == X_ST) {
        for (int l = 0; l < 32; l++) V[l] = vals[l];
        sim_exec_st(blk, w, pc, SIM_FULL);
        return;
    }
    sim_exec_ld(blk, w, pc, SIM_FULL);
    for (int l = 0; l < 32; l++) vals[l] = V[l];
}

static void hidden_access(sim_block *blk, sim_warp *w, const sim_tensor *t, const uint64_t *addr, uint32_t *vals)
{
    hidden_at(blk, w, t->hidden, addr, vals);
}

/* ---- where a fragment came from ---- */

/* The last wmma.load or mma that wrote a register row of a warp, with a
 * hash of the row as it left it: a later wmma that reads the row while it
 * still holds those values reads that fragment. Kept per host thread in a
 * small direct-mapped table (a lost entry only skips a check). */
typedef struct frag_tag {
    const void *prog, *warp;
    uint16_t slot;
    uint8_t use, shape, col, type;
    uint32_t pc;
    uint64_t hash;
} frag_tag;
enum { TAGS = 1024 };
static _Thread_local frag_tag tags[TAGS];

static uint64_t row_hash(const sim_warp *w, uint16_t slot)
{
    /* FNV-1a over lanes 4i + j in four streams (no chain of 32 multiplies), then joined */
    const uint32_t *R = w->r32 + (size_t)slot * 32;
    const uint64_t prime = 0x100000001b3ull;
    uint64_t h[4] = { 0xcbf29ce484222325ull, 1, 2, 3 };
    for (int l = 0; l < 32; l += 4)
        for (int j = 0; j < 4; j++) h[j] = (h[j] ^ R[l + j]) * prime;
    return (((h[0] * prime) ^ h[1]) * prime ^ h[2]) * prime ^ h[3];
}

static frag_tag *tag_at(const sim_block *blk, const sim_warp *w, uint16_t slot)
{
    uintptr_t k = (uintptr_t)w / 64 * 31 + slot;
    (void)blk;
    return &tags[k % TAGS];
}

static void tag_regs(const sim_block *blk, const sim_warp *w, const sim_tensor *t, uint32_t pc, unsigned use,
                     unsigned type, bool col)
{
    for (int r = 0; r < t->nreg[0]; r++) {
        uint16_t s = t->reg[0][r];
        if (s == SIM_NOSLOT) continue;
        frag_tag *g = tag_at(blk, w, s);
        *g = (frag_tag){ blk->prog, w, s, (uint8_t)use, t->shape, col, (uint8_t)type, pc, row_hash(w, s) };
    }
}

static const char *use_name(unsigned use)
{
    return use == SIM_TC_USE_A ? "matrix_a" : use == SIM_TC_USE_B ? "matrix_b" : "accumulator";
}

/* The fragment registers regs (k: 1 A, 2 B, 3 C of an mma; 0 a store's
 * D) as this instruction reads them, against how they were made; false
 * after a hazard. */
static bool check_frag(sim_block *blk, sim_warp *w, const sim_tensor *t, uint32_t pc, int k)
{
    static const unsigned uses[4] = { SIM_TC_USE_C, SIM_TC_USE_A, SIM_TC_USE_B, SIM_TC_USE_C };
    unsigned use = uses[k], type = t->tc[k];
    bool col = k == 1 ? (t->vec & PTX_TC_ACOL) : k == 2 ? (t->vec & PTX_TC_BCOL) : false;
    for (int r = 0; r < t->nreg[k]; r++) {
        uint16_t s = t->reg[k][r];
        if (s == SIM_NOSLOT) continue;
        const frag_tag *g = tag_at(blk, w, s);
        if (g->prog != blk->prog || g->warp != w || g->slot != s || g->hash != row_hash(w, s)) continue;
        bool layout = use != SIM_TC_USE_C && g->col != col;
        if (g->use == use && g->shape == t->shape && g->type == type && !layout) continue;
        char what[160];
        if (g->use != use || g->shape != t->shape || g->type != type)
            snprintf(what, sizeof what, "line %u made a %s %s fragment of %s, and this reads it as a %s %s fragment of %s",
                     blk->prog->src[g->pc].line, ptx_tc_shape_name(g->shape), use_name(g->use),
                     ptx_tc_type_name(g->type), ptx_tc_shape_name(t->shape), use_name(use), ptx_tc_type_name(type));
        else
            snprintf(what, sizeof what, "line %u loaded the %s fragment %s, and this mma reads it as %s",
                     blk->prog->src[g->pc].line, use_name(use), g->col ? "col_major" : "row_major",
                     col ? "col_major" : "row_major");
        hazard(blk, w, CL_HZ_TENSOR_FRAGMENT, pc, 0, SIM_FULL, what);
        return false;
    }
    return true;
}

/* wmma.load and wmma.store: element e of each lane's fragment is the matrix
 * element its layout names, at base + (row * ld + col) elements for a
 * row-major matrix, base + (col * ld + row) for a column-major one. */
static void run_wmma_mem(sim_block *blk, sim_warp *w, const sim_tensor *t, uint32_t pc)
{
    unsigned type = t->tc[PTX_TC_D], use = use_of(t->mode);
    sim_tc_frag f;
    sim_tc_frag_of(t->shape, use, type, &f);
    bool col = t->vec & PTX_TC_ACOL;
    uint32_t ld = lane_stride(w, t, 0, col ? f.rows : f.cols);
    uint64_t base = lane_base(w, t, 0);
    for (int l = 1; l < 32; l++) {
        if (lane_base(w, t, l) != base || lane_stride(w, t, l, ld) != ld) {
            char what[160];
            snprintf(what, sizeof what, "lane %d gives the address 0x%llx and stride %u, lane 0 0x%llx and %u", l,
                     (unsigned long long)lane_base(w, t, l), lane_stride(w, t, l, ld), (unsigned long long)base,
                     ld);
            hazard(blk, w, CL_HZ_TENSOR_FRAGMENT, pc, l, SIM_FULL, what);
            poison(w, t, SIM_FULL);
            return;
        }
    }
    wmma_aligned(blk, w, t, pc, base, ld, f.bits / 8);
    if (t->mode == PTX_TC_STORE_D) {
        /* the store reads its registers as an accumulator of its shape and type */
        sim_tensor as = *t;
        as.tc[0] = type;
        if (!check_frag(blk, w, &as, pc, 0)) return;
    }
    unsigned bytes = f.bits / 8, cs = (unsigned)__builtin_ctz(f.cols); /* every shape's N and K: powers of two */
    SIM_ASSERT(f.cols == 1u << cs);
    const uint16_t *pos = sim_tc_frag_table(t->shape, use, type);
    uint32_t regs[32][8];
    memset(regs, 0, sizeof regs);
    uint64_t addr[32], addr2[32];
    uint32_t vals[32], vals2[32];
    bool store = t->mode == PTX_TC_STORE_D;
    /* an f16 multiplicand's elements past the distinct ones repeat them: loaded once */
    unsigned distinct = f.rows * f.cols / 32, last = store || distinct > f.nelem ? f.nelem : distinct;
    for (unsigned e = 0; e < last;) {
        for (int l = 0; l < 32; l++) {
            unsigned at = pos[(unsigned)l * f.nelem + e], row = at >> cs, c = at & (f.cols - 1);
            uint64_t idx = col ? (uint64_t)c * ld + row : (uint64_t)row * ld + c;
            addr[l] = base + idx * bytes;
            if (store) vals[l] = frag_get(w, t->reg[0], &f, l, e);
        }
        /* a register's two halves side by side in memory, 4-byte aligned: one access */
        bool pair = t->hidden4 != SIM_NONE && !(e & 1) && e + 1 < last;
        for (int l = 0; pair && l < 32; l++) {
            unsigned at = pos[(unsigned)l * f.nelem + e + 1], row = at >> cs, c = at & (f.cols - 1);
            uint64_t idx = col ? (uint64_t)c * ld + row : (uint64_t)row * ld + c;
            addr2[l] = base + idx * bytes;
            pair = addr2[l] == addr[l] + 2 && !(addr[l] & 3);
            if (store) vals2[l] = vals[l] | frag_get(w, t->reg[0], &f, l, e + 1) << 16;
        }
        if (pair) {
            hidden_at(blk, w, t->hidden4, addr, store ? vals2 : vals);
            if (!store) /* elements e and e + 1: the halves of register e / 2 */
                for (int l = 0; l < 32; l++) regs[l][e / 2] = vals[l];
            e += 2;
            continue;
        }
        hidden_access(blk, w, t, addr, vals);
        if (!store) frag_put(regs, &f, e, vals);
        e++;
    }
    if (store) return;
    for (unsigned e = last; e < f.nelem; e++) {
        unsigned per = 32 / f.bits, src = e % distinct;
        for (int l = 0; l < 32; l++)
            vals[l] = f.bits == 32 ? regs[l][src] : (regs[l][src / per] >> (src % per * f.bits)) & ((1u << f.bits) - 1);
        frag_put(regs, &f, e, vals);
    }
    for (unsigned r = 0; r < f.nregs && r < t->nreg[0]; r++) {
        if (t->reg[0][r] == SIM_NOSLOT) continue;
        uint32_t *R = row32(w, t->reg[0][r]);
        for (int l = 0; l < 32; l++) R[l] = regs[l][r];
    }
    tag_regs(blk, w, t, pc, use, type, col);
}

/* wmma.mma and mma.sync: gather A, B and C by their layouts, multiply,
 * scatter D. */
static void run_mma(sim_block *blk, sim_warp *w, const sim_tensor *t, uint32_t pc)
{
    if (t->mode == PTX_TC_WMMA &&
        (!check_frag(blk, w, t, pc, 1) || !check_frag(blk, w, t, pc, 2) || !check_frag(blk, w, t, pc, 3))) {
        poison(w, t, SIM_FULL);
        return;
    }
    unsigned M, N, K;
    sim_tc_shape_mnk(t->shape, &M, &N, &K);
    static const unsigned uses[4] = { SIM_TC_USE_C, SIM_TC_USE_A, SIM_TC_USE_B, SIM_TC_USE_C };
    uint32_t mat[4][32 * 16];
    memset(mat, 0, sizeof mat);
    sim_tc_frag f[4];
    const uint16_t *pos[4];
    for (int k = 0; k < 4; k++) {
        sim_tc_frag_of(t->shape, uses[k], t->tc[k], &f[k]);
        pos[k] = sim_tc_frag_table(t->shape, uses[k], t->tc[k]);
    }
    for (int k = 1; k < 4; k++) frag_gather(w, t->reg[k], &f[k], pos[k], mat[k]);
    unsigned step = t->mode == PTX_TC_WMMA ? sim_tc_wmma_step(t->shape, t->tc[PTX_TC_A]) : 0;
    sim_tc_mma_steps(M, N, K, step, t->tc[PTX_TC_A], t->tc[PTX_TC_B], t->tc[PTX_TC_C], t->tc[PTX_TC_D],
                     t->flags & SIM_TF_SAT, blk->L->reference, mat[1], mat[2], mat[3], mat[0]);
    frag_scatter(w, t->reg[0], t->nreg[0], &f[0], pos[0], mat[0]);
    if (t->mode == PTX_TC_WMMA) tag_regs(blk, w, t, pc, SIM_TC_USE_C, t->tc[PTX_TC_D], false);
}

/* ldmatrix: lane 8i + j gives the address of row j of matrix i; register
 * i of lane l gets its two elements of matrix i (sim_tc_ldmatrix_pos). */
static void run_ldmatrix(sim_block *blk, sim_warp *w, const sim_tensor *t, uint32_t pc)
{
    uint64_t rows[32], addr[32];
    uint32_t vals[32], lo[32];
    for (int l = 0; l < 32; l++) rows[l] = lane_base(w, t, l);
    for (unsigned l = 0; l < 8u * t->vec && l < 32; l++) /* the lanes that give rows */
        if (rows[l] % 16) {
            char what[160];
            snprintf(what, sizeof what, "lane %u gives row %u of matrix %u at 0x%llx, %u bytes past a multiple of 16, "
                     "where every row must start", l, l % 8, l / 8, (unsigned long long)rows[l],
                     (unsigned)(rows[l] % 16));
            hazard(blk, w, CL_HZ_TENSOR_ALIGN, pc, (int)l, SIM_FULL, what);
            blk->fault = true; /* the GPU faults ("misaligned address") */
            poison(w, t, SIM_FULL);
            return;
        }
    for (unsigned i = 0; i < t->vec && i < t->nreg[0]; i++) {
        unsigned r, c;
        if (!(t->flags & SIM_TF_TRANS)) {
            for (int l = 0; l < 32; l++) {
                sim_tc_ldmatrix_pos((unsigned)l, false, &r, &c);
                addr[l] = rows[8 * i + r] + 2 * c;
            }
            hidden_access(blk, w, t, addr, vals);
        } else {
            for (int half = 0; half < 2; half++) {
                for (int l = 0; l < 32; l++) {
                    sim_tc_ldmatrix_pos((unsigned)l, true, &r, &c);
                    addr[l] = rows[8 * i + r + (unsigned)half] + 2 * c;
                }
                hidden_access(blk, w, t, addr, half ? vals : lo);
            }
            for (int l = 0; l < 32; l++) vals[l] = (lo[l] & 0xffffu) | vals[l] << 16;
        }
        if (t->reg[0][i] == SIM_NOSLOT) continue;
        uint32_t *R = row32(w, t->reg[0][i]);
        for (int l = 0; l < 32; l++) R[l] = vals[l];
    }
}

void sim_tensor_run(sim_block *blk, sim_warp *w, uint32_t P)
{
    const sim_program *p = blk->prog;
    int first = __builtin_ctz(P);
    uint32_t pc = w->pc[first];
    const sim_tensor *t = &p->tensors[p->code[pc].aux];
    uint32_t live = w->valid & ~w->exited;
    bool apart = P != SIM_FULL;
    for (int l = 0; l < 32 && !apart; l++) apart = w->pc[l] != pc;
    if (w->tc_split && apart) { /* after the warp split at one: a consequence, its first hazard the cause */
        poison(w, t, P);
        return;
    }
    for (int l = 0; l < 32; l++) {
        if ((P >> l & 1u) && w->pc[l] != pc) {
            char what[160];
            snprintf(what, sizeof what, "lanes %d and %d of the warp run different tensor-core instructions (lines %u and %u); every lane must run the same one",
                     first, l, p->src[pc].line, p->src[w->pc[l]].line);
            hazard(blk, w, CL_HZ_TENSOR_DIVERGENT, pc, l, P, what);
            w->tc_split = true;
            poison(w, t, P);
            return;
        }
    }
    if (P != SIM_FULL) {
        char what[160];
        uint32_t absent = ~w->valid, gone = w->valid & ~live;
        snprintf(what, sizeof what, "only lanes 0x%08x of the warp run it%s; it needs all 32 lanes, together", P,
                 absent ? " (the block's last warp is not whole: 32 threads a warp)"
                        : gone ? " (the others have exited)" : "");
        hazard(blk, w, CL_HZ_TENSOR_DIVERGENT, pc, first, P, what);
        w->tc_split = true;
        poison(w, t, P);
        return;
    }
    switch (t->mode) {
    case PTX_TC_MMA: case PTX_TC_WMMA: run_mma(blk, w, t, pc); break;
    case PTX_TC_LDMATRIX: run_ldmatrix(blk, w, t, pc); break;
    default: run_wmma_mem(blk, w, t, pc); break;
    }
}
