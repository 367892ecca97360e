/* async.c - asynchronous copies and mbarriers (sm_80): cp.async, its
 * commit groups and waits, cp.async.mbarrier.arrive, and mbarrier init,
 * arrive, arrive_drop, test_wait, try_wait and pending_count,
 * deterministically:
 *
 *   - a cp.async is pending for its thread from issue until a wait that
 *     covers its group (cp.async.wait_group N, wait_all), or until a phase
 *     of an mbarrier it is attached to completes; the copy is made then
 *     (global bytes read then, zeros past src-size, all zeros where the
 *     ignore-src predicate is true), as late as a GPU may
 *     make it, so a kernel that waits correctly gets the GPU's numbers;
 *   - its shared bytes are written in the race shadow twice, at issue (so
 *     a copy into a tile other threads are still reading races as a store
 *     would) and at the copy (so a thread that reads another's copy needs
 *     a barrier after that thread's wait);
 *   - any access of shared bytes whose copy is still pending, by any
 *     thread, is a RACE_ASYNC hazard naming the copy's line
 *     (sim_async_touch, called from the shadow's entry points while some
 *     copy is pending: nothing is looked at otherwise);
 *   - an mbarrier is kept by its shared offset, not in its 8 bytes: its
 *     expected count, the arrivals still to come in the current phase, the
 *     phase, and the asynchronous arrivals (cp.async.mbarrier.arrive) it
 *     waits for. Those arrive when only they are missing: the attached
 *     copies are made then. A completed phase orders the accesses before
 *     it before those after it in the race check, as a barrier does. */
#include "sim/internal.h"
#include "sim/lower.h"
#include "sim/vec8.h"

#include <stdio.h>
#include <stdlib.h>

#define AS_OPEN 0xffffffffu /* a copy not committed to a group yet */
#define AS_MBARS 64u        /* mbarriers a block may have live */

/* One cp.async by some lanes of a warp. */
typedef struct as_batch {
    uint32_t op;               /* the cp.async */
    uint32_t lanes;            /* lanes whose copy is pending */
    uint8_t size;              /* cp-size */
    uint8_t srcn[32];          /* bytes read from global; zeros past them */
    uint8_t mb[32];            /* the mbarrier (index + 1) it is attached to, or 0 */
    uint32_t soff[32];
    uint32_t grp[32];          /* the lane's group, or AS_OPEN */
    const uint8_t *src[32];
} as_batch;

typedef struct as_warp {
    as_batch *v;
    size_t n, cap;
    uint32_t committed[32];    /* groups each lane has committed */
} as_warp;

typedef struct as_mbar {
    uint32_t off;              /* its shared byte offset */
    uint32_t expected, pending, phase, asyncs;
    bool live;
} as_mbar;

typedef struct as_word {
    uint32_t op1;              /* the pending copy's op + 1, or 0 */
    uint32_t tid;
    uint32_t epoch;            /* the barrier epoch it was issued in */
} as_word;

struct sim_async {
    as_warp warps[32];
    as_word *word;             /* per shared word */
    uint32_t nwords;
    uint16_t *ccount;          /* per 64-byte chunk: copies pending into it */
    uint64_t *cbits;           /* a bit per chunk: some copy pending (the first look) */
    uint32_t nchunks;
    as_mbar mb[AS_MBARS];
    bool used;
};

/* ---- lowering ---- */

static uint16_t base_slot(lower *lw, const ptx_operand *a, int64_t *imm, bool *b32)
{
    *imm = a->imm;
    *b32 = false;
    if (a->has_base) {
        ptx_operand r = { .kind = PTX_OPD_REG, .bank = a->bank, .index = a->base };
        *b32 = a->bank == PTX_BANK_B32;
        return sim_lw_slot(lw, &r);
    }
    if (a->index != PTX_NONE) *imm += (int64_t)sim_lw_sym_addr(lw, a->index);
    return SIM_NOSLOT;
}

void sim_async_lower(lower *lw, sim_op *op, const ptx_insn *in)
{
    int64_t imm;
    bool b32;
    op->x = X_ASYNC;
    op->p[0] = in->mode;
    if (!(in->mode2 & PTX_AS_F_SHARED) && in->mode != PTX_AS_CP) op->p[2] |= SIM_AF_GENERIC;
    if (in->mode2 & PTX_AS_F_PARITY) op->p[2] |= SIM_AF_PARITY;
    if (in->mode2 & PTX_AS_F_NOINC) op->p[2] |= SIM_AF_NOINC;
    switch (in->mode) {
    case PTX_AS_CP: { /* aux2 stays 0: the race check reads it as ld's and st's semantics */
        op->s[0] = base_slot(lw, &in->opd[0], &imm, &b32);
        op->aux = (uint32_t)(uint64_t)imm; /* a shared offset: 32 bits */
        if (b32) op->p[2] |= SIM_AF_DST32;
        op->s[1] = base_slot(lw, &in->opd[1], &op->imm, &b32);
        if (b32) op->p[2] |= SIM_AF_SRC32;
        op->p[1] = (uint8_t)in->opd[2].imm;
        unsigned extra = in->nopd - 3u - ((in->mode2 & PTX_AS_F_HINT) ? 1u : 0u);
        if (extra) op->s[2] = sim_lw_slot(lw, &in->opd[3]);
        if (extra && in->opd[3].bank == PTX_BANK_PRED) op->p[2] |= SIM_AF_IGNORE;
        return;
    }
    case PTX_AS_WAIT:
        op->p[1] = (uint8_t)in->opd[0].imm;
        return;
    case PTX_AS_COMMIT: case PTX_AS_WAITALL:
        return;
    case PTX_AS_PENDING:
        op->s[3] = sim_lw_slot(lw, &in->opd[0]);
        op->s[2] = sim_lw_slot(lw, &in->opd[1]);
        return;
    case PTX_AS_CPARRIVE: case PTX_AS_INVAL: case PTX_AS_INIT:
        op->s[0] = base_slot(lw, &in->opd[0], &op->imm, &b32);
        if (in->mode == PTX_AS_INIT) op->s[2] = sim_lw_slot(lw, &in->opd[1]);
        break;
    case PTX_AS_ARRIVE: case PTX_AS_DROP:
        op->s[3] = sim_lw_slot(lw, &in->opd[0]);
        op->s[0] = base_slot(lw, &in->opd[1], &op->imm, &b32);
        if (in->nopd == 3) op->s[2] = sim_lw_slot(lw, &in->opd[2]);
        break;
    default: /* test_wait, try_wait */
        op->s[3] = sim_lw_slot(lw, &in->opd[0]);
        op->s[0] = base_slot(lw, &in->opd[1], &op->imm, &b32);
        op->s[2] = sim_lw_slot(lw, &in->opd[2]);
        break;
    }
    if (b32) op->p[2] |= SIM_AF_DST32;
}

/* ---- the block's state ---- */

static struct sim_async *state_of(sim_block *b)
{
    if (!b->as) {
        b->as = cl_calloc(1, sizeof *b->as);
        b->as->nwords = b->shared_size / 4 + 1;
        b->as->word = cl_calloc(b->as->nwords, sizeof *b->as->word);
        b->as->nchunks = b->shared_size / 64 + 1;
        b->as->ccount = cl_calloc(b->as->nchunks, sizeof *b->as->ccount);
        b->as->cbits = cl_calloc(b->as->nchunks / 64 + 1, sizeof *b->as->cbits);
    }
    b->as->used = true;
    return b->as;
}

void sim_async_reset(sim_block *b)
{
    struct sim_async *a = b->as;
    if (!a || !a->used) return;
    for (int i = 0; i < 32; i++) {
        a->warps[i].n = 0;
        memset(a->warps[i].committed, 0, sizeof a->warps[i].committed);
    }
    memset(a->word, 0, a->nwords * sizeof *a->word);
    memset(a->ccount, 0, a->nchunks * sizeof *a->ccount);
    memset(a->cbits, 0, (a->nchunks / 64 + 1) * sizeof *a->cbits);
    memset(a->mb, 0, sizeof a->mb);
    a->used = false;
    b->async_n = 0;
}

void sim_async_free(struct sim_async *a)
{
    if (!a) return;
    for (int i = 0; i < 32; i++) free(a->warps[i].v);
    free(a->word);
    free(a->ccount);
    free(a->cbits);
    free(a);
}

/* ---- the check ---- */

/* A copy of n bytes at shared offset off starts (+1) or ends (-1) being
 * pending in the chunk counts (a copy is aligned to its size, at most 16:
 * it lies in one chunk). */
static void chunk_count(struct sim_async *a, uint32_t off, int d)
{
    uint32_t c = off / 64;
    if (c >= a->nchunks) return;
    a->ccount[c] = (uint16_t)(a->ccount[c] + d);
    if (a->ccount[c]) a->cbits[c / 64] |= 1ull << (c % 64);
    else a->cbits[c / 64] &= ~(1ull << (c % 64));
}

static inline bool chunk_busy(const struct sim_async *a, uint32_t c)
{
    return c < a->nchunks && (a->cbits[c / 64] >> (c % 64) & 1u);
}

/* The lowest and highest offset of the lanes m in soff (SIM_NONE left
 * out): *lo > *hi when there is none. Four vector rows, no branch. */
static inline __attribute__((always_inline)) void span_of(const uint32_t *soff, uint32_t m, uint32_t *lo,
                                                          uint32_t *hi)
{
    const v8u none = { 0 }, all = none + SIM_NONE;
    v8u vlo = all, vhi = none;
    for (int k = 0; k < 4; k++) {
        v8u x, on;
        ld8(&x, soff, k);
        lanes8(&on, m, k);
        on &= (v8u)(x != all);
        v8u below = (v8u)(x < vlo) & on, above = (v8u)(x > vhi) & on;
        vlo = (x & below) | (vlo & ~below);
        vhi = (x & above) | (vhi & ~above);
    }
    *lo = SIM_NONE;
    *hi = 0;
    for (int i = 0; i < 8; i++) {
        *lo = vlo[i] < *lo ? vlo[i] : *lo;
        *hi = vhi[i] > *hi ? vhi[i] : *hi;
    }
}

/* Is a copy pending in some chunk from lo to hi? */
static bool range_busy(const struct sim_async *a, uint32_t lo, uint32_t hi)
{
    if (hi >= a->nchunks) hi = a->nchunks - 1;
    for (uint32_t w = lo / 64; lo <= hi && w <= hi / 64; w++) {
        uint64_t bits = a->cbits[w];
        if (w == lo / 64) bits &= ~0ull << (lo % 64);
        if (w == hi / 64 && hi % 64 != 63) bits &= (1ull << (hi % 64 + 1)) - 1;
        if (bits) return true;
    }
    return false;
}

SIM_HOT void sim_async_touch(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, uint32_t off,
                             unsigned step, unsigned n, uint32_t op, bool write)
{
    struct sim_async *a = b->as;
    if (!a) return;
    int f = m ? __builtin_ctz(m) : 0;
    /* first the chunks the access spans (most accesses meet no pending copy) */
    uint32_t lo = off, hi = off + step * (uint32_t)(31 - __builtin_clz(m) - f);
    if (soff) {
        span_of(soff, m, &lo, &hi);
        if (lo > hi) return;
    }
    if (!range_busy(a, lo / 64, (hi + n - 1) / 64)) return;
    for (uint32_t r = m; r; r &= r - 1) {
        int l = __builtin_ctz(r);
        uint32_t o = soff ? soff[l] : off + step * (uint32_t)(l - f);
        if (o == SIM_NONE || (!chunk_busy(a, o / 64) && !chunk_busy(a, (o + n - 1) / 64))) continue;
        for (uint32_t k = o / 4; k <= (o + n - 1) / 4 && k < a->nwords; k++) {
            const as_word *e = &a->word[k];
            if (!e->op1) continue;
            sim_hz h = sim_hz_make(CL_HZ_RACE_ASYNC, op, w->id, l);
            h.op2 = e->op1 - 1;
            h.thread2 = e->tid;
            h.lane2 = (int)(e->tid % 32);
            h.addr = k * 4 > o ? k * 4 : o;
            h.size = n;
            h.space = PTX_SPACE_SHARED;
            /* another thread's copy issued since the last barrier: it may be
               for a later step, into bytes this one still uses (advice.c) */
            bool newer = e->epoch == b->epoch && e->tid != w->id * 32 + (unsigned)l;
            snprintf(h.detail, sizeof h.detail, "%s%s", write ? "write" : "read", newer ? ", issued this epoch" : "");
            sim_hz_add(b, &h);
            break;
        }
    }
}

/* ---- copies ---- */

static uint64_t base_of(const sim_warp *w, uint16_t s, bool b32, int l)
{
    if (s == SIM_NOSLOT) return 0;
    return b32 ? w->r32[(size_t)s * 32 + (unsigned)l] : w->r64[(size_t)s * 32 + (unsigned)l];
}

static void issue(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    struct sim_async *a = state_of(b);
    as_warp *aw = &a->warps[w->id];
    as_batch t;
    memset(&t, 0, sizeof t);
    t.op = pc;
    t.size = op->p[1];
    uint32_t soff[32], read = 0;
    uint64_t saddr[32] = { 0 }, bytes = 0;
    for (int l = 0; l < 32; l++) {
        soff[l] = SIM_NONE;
        if (!(m >> l & 1u)) continue;
        uint64_t dst = base_of(w, op->s[0], op->p[2] & SIM_AF_DST32, l) + (uint64_t)(int64_t)(int32_t)op->aux;
        if (op->p[2] & SIM_AF_DST32) dst = (uint32_t)dst; /* a 32-bit address wraps at 2^32 */
        uint64_t src = base_of(w, op->s[1], op->p[2] & SIM_AF_SRC32, l) + (uint64_t)op->imm;
        uint32_t n = op->s[2] == SIM_NOSLOT         ? t.size
                     : (op->p[2] & SIM_AF_IGNORE) ? ((w->pred[op->s[2]] >> l & 1u) ? 0 : t.size) /* ignore-src */
                                                  : w->r32[(size_t)op->s[2] * 32 + (unsigned)l];
        if (n > t.size) n = t.size;
        sim_where d, s = { 0 };
        if (!sim_mem_aligned(b, w, l, pc, SIM_MS_SHARED, dst, t.size) ||
            !sim_mem_resolve(b, w, l, pc, SIM_MS_SHARED, dst, t.size, true, &d))
            continue;
        if (n && (!sim_mem_aligned(b, w, l, pc, SIM_MS_GLOBAL, src, t.size) ||
                  !sim_mem_resolve(b, w, l, pc, SIM_MS_GLOBAL, src, n, false, &s)))
            continue;
        t.lanes |= 1u << l;
        soff[l] = t.soff[l] = d.soff;
        t.src[l] = s.host;
        t.srcn[l] = (uint8_t)n;
        t.grp[l] = AS_OPEN;
        saddr[l] = src;
        bytes += n;
        if (n) read |= 1u << l;
    }
    if (!t.lanes) return;
    if (b->shadow) sim_shadow_writes(b, w, t.lanes, soff, t.size, pc); /* checks pending bytes too */
    for (uint32_t r = t.lanes; r; r &= r - 1) {
        int l = __builtin_ctz(r);
        for (uint32_t k = soff[l] / 4; k <= (soff[l] + t.size - 1) / 4 && k < a->nwords; k++)
            a->word[k] = (as_word){ pc + 1, w->id * 32 + (unsigned)l, b->epoch };
        chunk_count(a, soff[l], 1);
    }
    b->async_n += (uint32_t)__builtin_popcount(t.lanes);
    CL_VEC_PUSH(aw, t);
    b->cnt.global_load_requests++; /* what the copy costs, counted at issue as an ld and an st */
    b->cnt.global_load_sectors += read ? sim_sectors_of(saddr, read, t.size, true) : 0;
    b->cnt.global_load_bytes += bytes;
    b->cnt.shared_store_requests++;
}

/* Make the copies of lanes `lanes` of batch t now. */
static void land(sim_block *b, sim_warp *w, as_batch *t, uint32_t lanes)
{
    struct sim_async *a = b->as;
    uint32_t soff[32];
    for (int l = 0; l < 32; l++) {
        soff[l] = SIM_NONE;
        if (!(lanes >> l & 1u)) continue;
        uint8_t *d = b->shared + t->soff[l];
        if (t->srcn[l]) memcpy(d, t->src[l], t->srcn[l]);
        memset(d + t->srcn[l], 0, (size_t)(t->size - t->srcn[l]));
        for (uint32_t k = t->soff[l] / 4; k <= (t->soff[l] + t->size - 1) / 4 && k < a->nwords; k++)
            if (a->word[k].op1 == t->op + 1 && a->word[k].tid == w->id * 32 + (unsigned)l) a->word[k].op1 = 0;
        chunk_count(a, t->soff[l], -1);
        soff[l] = t->soff[l];
    }
    t->lanes &= ~lanes;
    b->async_n -= (uint32_t)__builtin_popcount(lanes);
    if (b->shadow) sim_shadow_writes(b, w, lanes, soff, t->size, t->op);
}

/* Drop the batches of aw with no lane pending. */
static void compact(as_warp *aw)
{
    size_t k = 0;
    for (size_t i = 0; i < aw->n; i++)
        if (aw->v[i].lanes) aw->v[k++] = aw->v[i];
    aw->n = k;
}

static void commit(sim_block *b, sim_warp *w, uint32_t m)
{
    as_warp *aw = &state_of(b)->warps[w->id];
    for (uint32_t r = m; r; r &= r - 1) aw->committed[__builtin_ctz(r)]++;
    for (size_t i = 0; i < aw->n; i++)
        for (uint32_t r = aw->v[i].lanes & m; r; r &= r - 1) {
            int l = __builtin_ctz(r);
            if (aw->v[i].grp[l] == AS_OPEN) aw->v[i].grp[l] = aw->committed[l];
        }
}

/* cp.async.wait_group keep: the lanes m's copies of every committed group
 * but the `keep` latest land. */
static void wait_groups(sim_block *b, sim_warp *w, uint32_t m, uint32_t keep)
{
    as_warp *aw = &state_of(b)->warps[w->id];
    for (size_t i = 0; i < aw->n; i++) {
        as_batch *t = &aw->v[i];
        uint32_t ready = 0;
        for (uint32_t r = t->lanes & m; r; r &= r - 1) {
            int l = __builtin_ctz(r);
            if (t->grp[l] != AS_OPEN && t->grp[l] + keep <= aw->committed[l]) ready |= 1u << l;
        }
        if (ready) land(b, w, t, ready);
    }
    compact(aw);
}

/* ---- mbarriers ---- */

/* The lanes m's mbarrier offset at op (all lanes must name the same one;
 * the first is taken); SIM_NONE with a hazard when it is not shared memory. */
static uint32_t mbar_off(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m, uint32_t *lanes)
{
    const sim_op *op = &b->prog->code[pc];
    uint32_t off = SIM_NONE;
    *lanes = 0;
    for (uint32_t r = m; r; r &= r - 1) {
        int l = __builtin_ctz(r);
        uint64_t addr = base_of(w, op->s[0], op->p[2] & SIM_AF_DST32, l) + (uint64_t)op->imm;
        if (op->p[2] & SIM_AF_DST32) addr = (uint32_t)addr; /* a 32-bit address wraps at 2^32 */
        unsigned ms = (op->p[2] & SIM_AF_GENERIC) ? SIM_MS_GENERIC : SIM_MS_SHARED;
        sim_where d;
        if (!sim_mem_aligned(b, w, l, pc, ms, addr, 8) || !sim_mem_resolve(b, w, l, pc, ms, addr, 8, true, &d))
            continue;
        if (d.space != PTX_SPACE_SHARED) {
            sim_hz h = sim_hz_make(CL_HZ_BARRIER_COUNT, pc, w->id, l);
            snprintf(h.detail, sizeof h.detail, "an mbarrier must be in shared memory");
            sim_hz_add(b, &h);
            continue;
        }
        if (off == SIM_NONE) off = d.soff;
        if (d.soff == off) *lanes |= 1u << l;
    }
    return off;
}

static as_mbar *mbar_find(struct sim_async *a, uint32_t off)
{
    for (unsigned i = 0; i < AS_MBARS; i++)
        if (a->mb[i].live && a->mb[i].off == off) return &a->mb[i];
    return NULL;
}

static void mbar_hazard(sim_block *b, sim_warp *w, uint32_t pc, int lane, const char *what, uint32_t off)
{
    sim_hz h = sim_hz_make(CL_HZ_BARRIER_COUNT, pc, w->id, lane);
    snprintf(h.detail, sizeof h.detail, "the mbarrier at shared byte %u %s", off, what);
    sim_hz_add(b, &h);
}

/* The phase completes when only asynchronous arrivals are missing: their
 * copies land, then the phase moves on (a barrier for the race check). */
static void mbar_settle(sim_block *b, as_mbar *mb)
{
    struct sim_async *a = b->as;
    if (mb->pending != mb->asyncs) return;
    unsigned idx = (unsigned)(mb - a->mb) + 1;
    if (mb->asyncs) {
        for (unsigned wi = 0; wi < b->nwarps; wi++) {
            as_warp *aw = &a->warps[wi];
            for (size_t i = 0; i < aw->n; i++) {
                as_batch *t = &aw->v[i];
                uint32_t ready = 0;
                for (uint32_t r = t->lanes; r; r &= r - 1)
                    if (t->mb[__builtin_ctz(r)] == idx) ready |= 1u << __builtin_ctz(r);
                if (ready) land(b, &b->warps[wi], t, ready);
            }
            compact(aw);
        }
    }
    mb->pending = mb->expected;
    mb->asyncs = 0;
    mb->phase++;
    b->epoch++;      /* as a barrier: what came before is ordered before what comes after */
    b->rlog_n = 0;
}

/* The opaque state an arrive returns: the mbarrier's phase (low 32 bits)
 * and its pending arrivals (high 32 bits), as they were before the arrive,
 * the PTX ISA's "prior to the arrive-on operation"; mbarrier.pending_count
 * reads the count back. */
static uint64_t state_word(const as_mbar *mb)
{
    return (uint64_t)mb->pending << 32 | mb->phase;
}

/* mbarrier.pending_count: each lane's count := its state's pending arrivals. */
static void pending_count(sim_warp *w, const sim_op *op, uint32_t m)
{
    for (uint32_t r = m; r; r &= r - 1) {
        unsigned l = (unsigned)__builtin_ctz(r);
        w->r32[(size_t)op->s[3] * 32 + l] = (uint32_t)(w->r64[(size_t)op->s[2] * 32 + l] >> 32);
    }
}

static void mbar_exec(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    struct sim_async *a = state_of(b);
    uint32_t lanes, off = mbar_off(b, w, pc, m, &lanes);
    if (off == SIM_NONE) return;
    if ((lanes & m) != m) { /* lanes naming other mbarriers: one at a time */
        mbar_exec(b, w, pc, m & ~lanes);
        m = lanes;
    }
    int l0 = __builtin_ctz(m);
    as_mbar *mb = mbar_find(a, off);
    unsigned mode = op->p[0];
    if (mode == PTX_AS_INIT) {
        if (!mb)
            for (unsigned i = 0; i < AS_MBARS && !mb; i++)
                if (!a->mb[i].live) mb = &a->mb[i];
        if (!mb) {
            mbar_hazard(b, w, pc, l0, "is one too many: the emulator keeps 64 mbarriers a block", off);
            return;
        }
        uint32_t count = w->r32[(size_t)op->s[2] * 32 + (unsigned)l0];
        *mb = (as_mbar){ off, count, count, 0, 0, true };
        if (!count) mbar_hazard(b, w, pc, l0, "is initialised with a count of 0", off);
        return;
    }
    if (!mb) {
        mbar_hazard(b, w, pc, l0, "is used before mbarrier.init (or after mbarrier.inval)", off);
        return;
    }
    switch (mode) {
    case PTX_AS_INVAL:
        mb->live = false;
        return;
    case PTX_AS_CPARRIVE: /* each lane's pending copies arrive when they land */
        for (uint32_t r = m; r; r &= r - 1) {
            int l = __builtin_ctz(r);
            as_warp *aw = &a->warps[w->id];
            for (size_t i = 0; i < aw->n; i++)
                if (aw->v[i].lanes >> l & 1u) aw->v[i].mb[l] = (uint8_t)(mb - a->mb + 1);
            if (!(op->p[2] & SIM_AF_NOINC)) mb->pending++;
            mb->asyncs++;
        }
        mbar_settle(b, mb);
        return;
    case PTX_AS_ARRIVE: case PTX_AS_DROP:
        for (uint32_t r = m; r; r &= r - 1) {
            int l = __builtin_ctz(r);
            uint32_t n = op->s[2] == SIM_NOSLOT ? 1 : w->r32[(size_t)op->s[2] * 32 + (unsigned)l];
            w->r64[(size_t)op->s[3] * 32 + (unsigned)l] = state_word(mb);
            if (mode == PTX_AS_DROP) mb->expected -= mb->expected ? 1 : 0;
            if (n > mb->pending - mb->asyncs || !n) {
                mbar_hazard(b, w, pc, l, "has more arrivals in one phase than its count", off);
                continue;
            }
            mb->pending -= n;
            mbar_settle(b, mb);
        }
        return;
    default: { /* test_wait, try_wait: p := the phase of the state (or parity) completed */
        uint32_t done = 0;
        for (uint32_t r = m; r; r &= r - 1) {
            int l = __builtin_ctz(r);
            bool ok = (op->p[2] & SIM_AF_PARITY)
                        ? (mb->phase & 1u) != (w->r32[(size_t)op->s[2] * 32 + (unsigned)l] & 1u)
                        : (uint32_t)w->r64[(size_t)op->s[2] * 32 + (unsigned)l] != mb->phase;
            if (ok) done |= 1u << l;
        }
        uint32_t *p = &w->pred[op->s[3]];
        *p = (*p & ~m) | done;
        if (done != m) b->yield = true; /* a wait on other threads: let them run */
        return;
    }
    }
}

/* ---- the instruction ---- */

void sim_async_exec(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    switch (op->p[0]) {
    case PTX_AS_CP: issue(b, w, pc, m); break;
    case PTX_AS_COMMIT: commit(b, w, m); break;
    case PTX_AS_WAIT: wait_groups(b, w, m, op->p[1]); break;
    case PTX_AS_WAITALL:
        commit(b, w, m);
        wait_groups(b, w, m, 0);
        break;
    case PTX_AS_PENDING: pending_count(w, op, m); break;
    default: mbar_exec(b, w, pc, m); break;
    }
}
