/* crossread.c - a block that reads a global word which another block of
 * the same launch stored with a plain store. On a GPU the blocks of a
 * launch run at once and in any order, and nothing but a fence or a
 * release/acquire pair orders one block's plain store before another's
 * load: the load may see the value from before the store. The classic
 * case is a total across blocks made with `*out += blockSum` from each
 * block's thread 0 (lost updates, where atomicAdd is meant), or the last
 * block reading the others' partial sums with no __threadfence().
 *
 * The emulator runs such a kernel's blocks one at a time in index order
 * (blockflow.c sends a kernel whose blocks may meet to one thread), so each
 * block sees every earlier block's stores and the numbers come out right;
 * this file reports what the order hides. A launch looks only when its
 * blocks run in index order, the races check is on and the program has no
 * fence and no release or acquire (prog->has_sync: such a program may order
 * its blocks, which this check does not follow). Every plain global store
 * notes, per 4-byte word of its allocation, the launch, the block and the
 * op; a plain global load of a word that another block noted in this launch
 * is a RACE_GLOBAL hazard. Volatile accesses neither note nor look, and
 * nor do atomics, but in a program with an atomic of block scope (.cta,
 * atomicAdd_block) on global memory: there every global atomic notes its
 * words too, and an atomic that meets another block's atomic on a word,
 * where either is of block scope, is a RACE_SCOPE hazard. A .cta atomic is
 * atomic only among the threads of its block (PTX ISA, "Memory Consistency
 * Model": two atomics are morally strong only when each one's scope holds
 * the other's thread), so two blocks' updates race like plain ones and may
 * be lost on a GPU; here they are applied one block after another and the
 * sum comes out right. An atomic leaves a word's plain-store note in place
 * (a plain load still sees the store). A load of an allocation no block of
 * the launch stored into costs one compare. Not seen here: a block that
 * reads a word which a later block stores (its read happens first here),
 * and two blocks that store to one word without reading it; order.c's other
 * block orders see both where the memory ends different.
 *
 * Within a block the same launches judge its own threads (xt, below): a
 * plain load of a word that another thread of the block stored in the same
 * barrier epoch (bar.sync and its forms, and an mbarrier phase, end one),
 * or a plain store to a word another thread read in it, is a RACE_GLOBAL
 * hazard too, naming that thread; lanes of one warp are ordered by a
 * warp-level synchronisation naming both (sim_warp_ordered, as the shared
 * shadow orders them). The CUDA guide orders two threads' global accesses
 * only by a barrier, or by fences with a flag, which a program with
 * has_sync may use and this check does not follow. Reads are noted in an
 * allocation from its first store in the launch, or from the launch's start
 * where a parameter the kernel stores and loads through names it
 * (blockflow.c); one that a parameter names which the kernel only stores
 * through gets no xt. */
#include "sim/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"

/* A word's note: the launch's number in the top byte, the block + 1 in the
 * next 32 bits (blocks 2^32 apart look alike, which can hide a race, never
 * make one), what wrote it in the next 2 (a plain store, an atomic, an
 * atomic of block scope), the op in the low 22 (OP_UNKNOWN past them: no
 * second line). */
#define OP_UNKNOWN 0x3fffffu
enum { BY_STORE, BY_ATOMIC, BY_CTA_ATOMIC };

static inline uint64_t note_of(uint32_t launch, uint64_t block, unsigned by, uint32_t op)
{
    return (uint64_t)launch << 56 | ((block + 1) & 0xffffffffu) << 24 | (uint64_t)by << 22 |
           (op < OP_UNKNOWN ? op : OP_UNKNOWN);
}

static inline unsigned by_of(uint64_t e)
{
    return (unsigned)(e >> 22 & 3u);
}

static inline uint32_t op_of(uint64_t e)
{
    return (uint32_t)(e & OP_UNKNOWN) == OP_UNKNOWN ? SIM_NONE : (uint32_t)(e & OP_UNKNOWN);
}

/* ---- within a block: xt, a store note and a read note a word ----
 *
 * Each note holds a clock value (21 bits), a thread of the block (10) and
 * its warp's count of warp-level synchronisations then (32, sim_warp_ordered).
 * The clock (sim_machine.xt_clock) takes a new value the first time a
 * block touches the notes in a barrier epoch, so a note's clock is the
 * current one only for an access of the same launch, block and epoch; its
 * wrap drops every xt table (a race may go unseen, none is made up). The
 * read note is the latest reader's, with a bit for a reader of another warp
 * than that one's in the same epoch. */
#define CLOCK_BITS 21

static inline uint64_t st_note(uint32_t clock, unsigned tid, uint32_t wsync)
{
    return (uint64_t)clock << 43 | (uint64_t)tid << 32 | wsync;
}

static inline uint32_t clock_of(uint64_t n)
{
    return (uint32_t)(n >> 43);
}

static inline unsigned tid_of(uint64_t n)
{
    return (unsigned)(n >> 32 & 1023u);
}

static inline bool xwarp_of(uint64_t n)
{
    return (n >> 42 & 1u) != 0;
}

/* The clock value of b's current epoch, made on its first use there. */
static uint32_t clock_now(sim_block *b)
{
    sim_machine *m = b->L->m;
    if (b->xt_epoch == b->epoch && b->xt_gen == m->xt_gen) return b->xt_now;
    if (++m->xt_clock >= 1u << CLOCK_BITS) { /* wrapped: no old value may match */
        for (size_t i = 0; i < m->mem.n; i++) {
            free(m->mem.v[i].xt);
            m->mem.v[i].xt = NULL;
        }
        m->xt_clock = 1;
        m->xt_gen++;
    }
    b->xt_now = m->xt_clock;
    b->xt_epoch = b->epoch;
    b->xt_gen = m->xt_gen;
    return b->xt_now;
}

static void make_xr(sim_region *r)
{
    if (!r->xr) r->xr = cl_calloc(r->size / 4 + 1, sizeof *r->xr);
}

/* xt, for an allocation some load of the launch may read (launch xr). */
static bool make_xt(sim_region *r, uint32_t xr)
{
    if (r->xt_off == xr) return false;
    if (!r->xt) r->xt = cl_calloc(r->size / 4 + 1, sizeof *r->xt);
    return true;
}

void sim_xr_begin(sim_run *L)
{
    sim_machine *m = L->m;
    if (++m->xr_launch > 255) { /* numbers wrapped: no old number may match */
        for (size_t i = 0; i < m->mem.n; i++) {
            free(m->mem.v[i].xr);
            m->mem.v[i].xr = NULL;
            m->mem.v[i].xr_launch = 0;
            m->mem.v[i].xt_off = 0;
        }
        m->xr_launch = 1;
    }
    L->xr = m->xr_launch;
    /* The buffers the kernel may store through: those it may also load
       through have their reads noted from the launch's first (loads look
       where xr_launch is this launch's); those it never loads through need
       no xt (an output: its store notes would be read by no load). A
       buffer two parameters name takes the loading one's. */
    const ptx_function *k = L->prog->kernel;
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t p = 0; p < k->nparams; p++) {
            const ptx_param_info *pi = &k->params[p].info;
            unsigned bit = p < 55 ? p : 55;
            bool stored = L->prog->stored_params >> bit & 1u, loaded = L->prog->loaded_params >> bit & 1u;
            uint64_t addr;
            if (pi->size != 8 || pi->offset + 8u > L->param_size || (pass == 0 ? !stored || loaded : !loaded))
                continue;
            memcpy(&addr, (const uint8_t *)L->params + pi->offset, 8);
            sim_region *r = (sim_region *)sim_mem_find(&m->mem, addr, 1, NULL);
            if (!r || r->base < SIM_GLOBAL_BASE) continue;
            if (pass == 0) {
                r->xt_off = L->xr;
            } else {
                r->xt_off = 0;
                if (!stored) continue;
                make_xr(r);
                make_xt(r, L->xr);
                r->xr_launch = L->xr;
            }
        }
}

/* Whether thread `tid` of w's block is ordered after (or is) thread
 * `other`, whose note n is of the current epoch: the same thread, or lanes
 * of one warp with a synchronisation naming both since n's count. */
static inline bool ordered(const sim_warp *w, unsigned tid, uint64_t n)
{
    unsigned other = tid_of(n);
    return other == tid || (other / 32 == w->id && sim_warp_ordered(w, (uint32_t)n, tid % 32, other % 32));
}

/* A hazard of lane l at byte off of r (total bytes), op's, with op2 the
 * other access's line (SIM_NONE: none); detail left to the caller. */
static sim_hz global_hz(const sim_block *b, const sim_warp *w, cl_hazard_kind kind, int l, const sim_region *r,
                        size_t off, unsigned total, uint32_t op, uint32_t op2)
{
    sim_hz h = sim_hz_make(kind, op, w->id, l);
    h.op2 = op2;
    h.addr = r->base + off;
    h.size = total;
    h.space = PTX_SPACE_GLOBAL;
    h.region = (uint32_t)(r - b->L->m->mem.v);
    return h;
}

/* A RACE_GLOBAL hazard of lane l at byte off of r, where another thread of
 * the block (note n) stored before this load (read) or read before this
 * store: detail "t", then r (this is the read) or w, then w (the other is
 * of this warp) or b, or x where n's thread is ordered and the race is with
 * a reader of another warp that the note does not name (other). */
static void intra_race(sim_block *b, const sim_warp *w, int l, const sim_region *r, size_t off, unsigned total,
                       uint32_t op, uint32_t op2, uint64_t n, bool read, bool other)
{
    sim_hz h = global_hz(b, w, CL_HZ_RACE_GLOBAL, l, r, off, total, op, op2);
    h.thread2 = tid_of(n);
    h.lane2 = (int)(h.thread2 % 32);
    snprintf(h.detail, sizeof h.detail, "t%c%c", read ? 'r' : 'w', other ? 'x' : h.thread2 / 32 == w->id ? 'w' : 'b');
    sim_hz_add(b, &h);
}

void sim_xr_stores(sim_block *b, const sim_warp *w, const uintptr_t *host, uint32_t lanes, unsigned total,
                   const sim_region *hint, uint32_t op)
{
    sim_region *r = (sim_region *)hint;
    make_xr(r);
    r->xr_launch = b->L->xr;
    uint64_t mark = note_of(b->L->xr, b->index, BY_STORE, op);
    const uint32_t now = clock_now(b); /* before make_xt: its wrap drops every xt */
    if (!make_xt(r, b->L->xr)) { /* an output no load reads */
        for (uint32_t m = lanes; m; m &= m - 1) {
            size_t off = host[__builtin_ctz(m)] - (uintptr_t)r->host;
            for (size_t i = off / 4; i <= (off + total - 1) / 4; i++) r->xr[i] = mark;
        }
        return;
    }
    bool raced = false; /* one hazard a warp's store */
    for (uint32_t m = lanes; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        size_t off = host[l] - (uintptr_t)r->host;
        unsigned tid = w->id * 32 + (unsigned)l;
        uint64_t note = st_note(now, tid, w->wsync);
        for (size_t i = off / 4; i <= (off + total - 1) / 4; i++) {
            uint64_t rd = r->xt[i].rd;
            /* a read of this epoch by a thread not ordered before this store */
            if (!raced && clock_of(rd) == now && (xwarp_of(rd) || !ordered(w, tid, rd))) {
                intra_race(b, w, l, r, off, total, op, SIM_NONE, rd, false, ordered(w, tid, rd));
                raced = true;
            }
            r->xr[i] = mark;
            r->xt[i].st = note;
        }
    }
}

/* The hazard of a load by lane l of a word another block stored (note e). */
static void cross_race(sim_block *b, sim_warp *w, int l, const sim_region *r, size_t off, unsigned total,
                       uint32_t op, uint64_t e)
{
    sim_hz h = global_hz(b, w, CL_HZ_RACE_GLOBAL, l, r, off, total, op, op_of(e));
    /* the block that stored it */
    snprintf(h.detail, sizeof h.detail, "%llu", (unsigned long long)((e >> 24 & 0xffffffffu) - 1));
    sim_hz_add(b, &h);
}

void sim_xr_loads(sim_block *b, sim_warp *w, const uintptr_t *host, uint32_t lanes, unsigned total,
                  const sim_region *hint, uint32_t op)
{
    const sim_run *L = b->L;
    sim_region *r = (sim_region *)hint;
    if (r->xr_launch != L->xr) return; /* no block stored into it in this launch */
    const uint32_t now = clock_now(b);
    make_xr(r);
    r->xt_off = 0; /* a load reads it: wanted after all */
    make_xt(r, L->xr);
    uint64_t mine = note_of(L->xr, b->index, BY_STORE, 0) >> 24;
    for (uint32_t m = lanes; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        size_t off = host[l] - (uintptr_t)r->host;
        unsigned tid = w->id * 32 + (unsigned)l;
        bool seen = false;
        for (size_t i = off / 4; i <= (off + total - 1) / 4; i++) {
            sim_xnote *x = &r->xt[i];
            /* this read, for a later store of the block: the latest reader,
               and whether a reader of another warp than its read too */
            bool xwarp = clock_of(x->rd) == now && (xwarp_of(x->rd) || tid_of(x->rd) / 32 != w->id);
            x->rd = st_note(now, tid, w->wsync) | (uint64_t)xwarp << 42;
            if (seen) continue;
            uint64_t e = r->xr[i];
            if (e >> 56 != L->xr || by_of(e) != BY_STORE) continue;
            if (e >> 24 != mine) {
                cross_race(b, w, l, r, off, total, op, e);
                seen = true;
            } else if (clock_of(x->st) == now && !ordered(w, tid, x->st)) {
                intra_race(b, w, l, r, off, total, op, op_of(e), x->st, true, false);
                seen = true;
            }
        }
    }
}

void sim_xr_atomic(sim_block *b, sim_warp *w, int lane, const uint8_t *host, unsigned total, sim_region *r,
                   uint32_t op, bool cta)
{
    const sim_run *L = b->L;
    if (!r || total < 4 || r->base < SIM_GLOBAL_BASE) return; /* per word: a half's neighbour is no race */
    make_xr(r);
    if (r->xr_launch != L->xr) r->xr_launch = L->xr;
    uint64_t mark = note_of(L->xr, b->index, cta ? BY_CTA_ATOMIC : BY_ATOMIC, op);
    size_t off = (size_t)(host - r->host);
    for (size_t i = off / 4; i <= (off + total - 1) / 4; i++) {
        uint64_t e = r->xr[i];
        bool now = e >> 56 == L->xr;
        if (now && by_of(e) == BY_STORE) continue; /* the store's note stays for plain loads */
        if (now && e >> 24 != mark >> 24 && (cta || by_of(e) == BY_CTA_ATOMIC)) {
            sim_hz h = global_hz(b, w, CL_HZ_RACE_SCOPE, lane, r, off, total, op, op_of(e));
            /* the other block, and which of the two is of block scope */
            snprintf(h.detail, sizeof h.detail, "%llu %d%d", (unsigned long long)((e >> 24 & 0xffffffffu) - 1),
                     cta, by_of(e) == BY_CTA_ATOMIC);
            sim_hz_add(b, &h);
        }
        r->xr[i] = mark;
    }
}
