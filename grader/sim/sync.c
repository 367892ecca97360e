/* sync.c - the happens-before order that the PTX memory model's
 * release/acquire patterns create within a block, for the race check.
 * Used only when the program has such operations (prog->has_sync: a fence,
 * a relaxed ld/st, an acquire or a release; volatile alone is the
 * warp-synchronous idiom and keeps the plain check).
 *
 * Every warp has a clock (sim_warp.clk) that moves on after each release
 * or fence the warp runs; an access is stamped with its warp's clock.
 * Every thread has a vector clock with one component per warp of the block:
 * vc[W] = c means everything warp W did at clock <= c happens before what
 * the thread does next. Components are per warp, not per thread: a release
 * by one lane covers what the other lanes of its warp did before it (lanes
 * of one warp are ordered among themselves by warp-level synchronisation,
 * as the shadow checks; a shared clock can only hide a race, never invent
 * one).
 *
 * - Release pattern: a release (st/atom/red .release or .acq_rel), or a
 *   strong write (relaxed, volatile, atomic) after a fence in the same
 *   thread. The location's clock vector (a table keyed by host address)
 *   joins the thread's vector, with its own warp's component the warp's
 *   clock at the release (at the fence).
 * - Acquire pattern: an acquire (ld/atom .acquire or .acq_rel) joins the
 *   location's vector into the thread's; a strong read keeps it pending
 *   until the thread's next fence, which joins it.
 * - Release sequences: a location's vector is only ever joined (never
 *   reset by a later store), so an acquire reading any later value of it
 *   (an RMW chain such as the cooperative-groups tile barrier's red.and
 *   after atom.or.acq_rel) is ordered after every release to it.
 * - An acquire that sees a release by another lane of its own warp counts
 *   as a warp-level synchronisation of that warp (wsync).
 * - bar.warp.sync, shfl.sync, vote.sync ... join the vectors of the lanes
 *   that meet; a block barrier starts a new epoch, which orders everything.
 * Scopes are not looked at: every scope (cta, gpu, sys, cluster) includes
 * the whole block, and the race check is within a block. */
#include "sim/internal.h"

#include <stdlib.h>

#define SYNC_LOCATIONS 4096u /* slots; at most 3/4 of them used, the rest share ovc */

sim_sync *sim_sync_new(unsigned nthreads, unsigned nwarps, uint32_t shared_size)
{
    sim_sync *s = cl_calloc(1, sizeof *s);
    size_t words = (size_t)shared_size / 4 + 2;
    s->nw = nwarps;
    s->nthreads = nthreads;
    s->vc = cl_calloc((size_t)nthreads * nwarps, sizeof *s->vc);
    s->pend = cl_calloc((size_t)nthreads * nwarps, sizeof *s->pend);
    s->fence_clk = cl_calloc(nthreads, sizeof *s->fence_clk);
    s->wclk = cl_calloc(words, sizeof *s->wclk);
    s->wcls = cl_calloc(words, 1);
    s->rd = cl_calloc(words * nwarps, sizeof *s->rd);
    s->nloc = SYNC_LOCATIONS;
    s->cap = SYNC_LOCATIONS / 4 * 3;
    s->loc = cl_calloc(s->nloc, sizeof *s->loc);
    s->lvc = cl_calloc((size_t)s->cap * nwarps, sizeof *s->lvc);
    s->llanes = cl_calloc((size_t)s->cap * nwarps, sizeof *s->llanes);
    s->ovc = cl_calloc(nwarps, sizeof *s->ovc);
    s->olanes = cl_calloc(nwarps, sizeof *s->olanes);
    return s;
}

void sim_sync_free(sim_sync *s)
{
    if (!s) return;
    free(s->vc);
    free(s->pend);
    free(s->fence_clk);
    free(s->wclk);
    free(s->wcls);
    free(s->rd);
    free(s->loc);
    free(s->lvc);
    free(s->llanes);
    free(s->ovc);
    free(s->olanes);
    free(s);
}

/* A new block: nothing acquired, no locations. Per-word records need no
 * clearing: the shadow's epochs tell stale ones. */
void sim_sync_reset(sim_sync *s)
{
    size_t n = (size_t)s->nthreads * s->nw;
    memset(s->vc, 0, n * sizeof *s->vc);
    memset(s->pend, 0, n * sizeof *s->pend);
    memset(s->fence_clk, 0, s->nthreads * sizeof *s->fence_clk);
    memset(s->ovc, 0, s->nw * sizeof *s->ovc);
    memset(s->olanes, 0, s->nw * sizeof *s->olanes);
    s->used = 0;
    if (++s->gen == 0) {
        memset(s->loc, 0, s->nloc * sizeof *s->loc);
        s->gen = 1;
    }
}

/* The location of host address p: its vector and release lanes (the shared
 * overflow pair when the table is full; NULL when absent and !make). */
static uint32_t *location(sim_sync *s, const void *p, bool make, uint32_t **lanes)
{
    uintptr_t key = (uintptr_t)p;
    uint32_t h = (uint32_t)((key >> 2) * 0x9e3779b1u) & (s->nloc - 1);
    for (;; h = (h + 1) & (s->nloc - 1)) {
        sim_sloc *e = &s->loc[h];
        if (e->gen == s->gen && e->key == key) {
            *lanes = s->llanes + (size_t)e->idx * s->nw;
            return s->lvc + (size_t)e->idx * s->nw;
        }
        if (e->gen != s->gen) {
            if (s->used >= s->cap) break;
            if (!make) return NULL;
            e->gen = s->gen;
            e->key = key;
            e->idx = s->used++;
            *lanes = s->llanes + (size_t)e->idx * s->nw;
            memset(*lanes, 0, s->nw * sizeof **lanes);
            memset(s->lvc + (size_t)e->idx * s->nw, 0, s->nw * sizeof *s->lvc);
            return s->lvc + (size_t)e->idx * s->nw;
        }
    }
    *lanes = s->olanes;
    return s->ovc;
}

static void join(uint32_t *d, const uint32_t *x, unsigned n)
{
    for (unsigned i = 0; i < n; i++) d[i] = x[i] > d[i] ? x[i] : d[i];
}

/* The location's releases happen before what thread (w, lane) does next. */
static void acquire(sim_block *b, sim_warp *w, int lane, const uint32_t *lv, const uint32_t *lanes)
{
    sim_sync *s = b->sync;
    unsigned tid = w->id * 32 + (unsigned)lane;
    join(s->vc + (size_t)tid * s->nw, lv, s->nw);
    if (lv[w->id] > w->acq_own && (lanes[w->id] & ~(1u << lane))) {
        w->acq_own = lv[w->id];
        sim_shadow_settle(b);
        sim_warp_synced(w, w->valid); /* another lane of this warp released: the warp is synchronised */
    }
}

static void release(sim_block *b, sim_warp *w, int lane, uint32_t *lv, uint32_t *lanes, uint32_t clk)
{
    sim_sync *s = b->sync;
    unsigned tid = w->id * 32 + (unsigned)lane;
    join(lv, s->vc + (size_t)tid * s->nw, s->nw);
    if (clk > lv[w->id]) lv[w->id] = clk;
    lanes[w->id] |= 1u << lane;
}

void sim_sync_access(sim_block *b, sim_warp *w, int lane, const void *p, unsigned flags, bool write, bool rmw)
{
    sim_sync *s = b->sync;
    unsigned tid = w->id * 32 + (unsigned)lane;
    if (!(flags & (SIM_SY_STRONG | SIM_SY_VOLATILE))) return;
    uint32_t *lanes;
    bool reads = !write || rmw;
    bool rel = write && ((flags & SIM_SY_RELEASE) || s->fence_clk[tid]);
    uint32_t *lv = location(s, p, rel, &lanes);
    if (!lv) return;
    if (reads) {
        if (flags & SIM_SY_ACQUIRE) acquire(b, w, lane, lv, lanes);
        else join(s->pend + (size_t)tid * s->nw, lv, s->nw);
    }
    if (rel) release(b, w, lane, lv, lanes, (flags & SIM_SY_RELEASE) ? w->clk : s->fence_clk[tid]);
}

void sim_sync_step(sim_block *b, sim_warp *w, unsigned flags)
{
    if (b->sync && (flags & SIM_SY_RELEASE)) w->clk++;
}

void sim_sync_fence(sim_block *b, sim_warp *w, uint32_t m)
{
    sim_sync *s = b->sync;
    if (!s) return;
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        size_t tid = w->id * 32 + (unsigned)l;
        uint32_t *pend = s->pend + tid * s->nw;
        join(s->vc + tid * s->nw, pend, s->nw);
        memset(pend, 0, s->nw * sizeof *pend);
        s->fence_clk[tid] = w->clk;
    }
    w->clk++;
}

void sim_sync_warp(sim_block *b, sim_warp *w, uint32_t m)
{
    sim_sync *s = b->sync;
    if (!s || !(m & (m - 1))) return;
    uint32_t all[32];
    memset(all, 0, sizeof all);
    for (int l = 0; l < 32; l++)
        if (m >> l & 1u) join(all, s->vc + (size_t)(w->id * 32 + (unsigned)l) * s->nw, s->nw);
    for (int l = 0; l < 32; l++)
        if (m >> l & 1u) memcpy(s->vc + (size_t)(w->id * 32 + (unsigned)l) * s->nw, all, s->nw * sizeof *all);
}

bool sim_sync_covers(const sim_block *b, unsigned tid, unsigned warp, uint32_t clk)
{
    return b->sync->vc[(size_t)tid * b->sync->nw + warp] >= clk;
}
