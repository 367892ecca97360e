/* memo.c - the shared-memory checks once per shape of block, not once per
 * block.
 *
 * What the shadow (shadow.c) reports about a block is decided by the
 * block's shared accesses alone: which warp ran which op on which lanes at
 * which bytes, in what order, in which barrier epoch, at what count of its
 * warp syncs and memory instructions. Every block starts with a shadow
 * older than its own epochs, so two blocks whose accesses are the same
 * sequence get the same report from it. The one other input is a store's
 * value, looked at only where the store would race (stores_same).
 *
 * So each block context records, as its shadow takes them, its block's
 * accesses (and each warp sync that meets the read log, which puts logged
 * reads into the shadow in order). A block the shadow found nothing in,
 * without an atomic, a warp sync that named only some lanes, or a store's
 * value looked at, becomes the reference. A later block on the context
 * skips the shadow while its accesses are the reference's, one after
 * another, compared whole (the 32 offsets too). At the first access that
 * differs (a different op, lane, offset, epoch or sync count; the
 * reference's end), the reference's accesses so far, which are this
 * block's, go into the shadow in order, each with its warp's sync count,
 * memory step and epoch of then, and the shadow takes that access and every
 * later one: the shadow ends as if it had taken them all, and since the
 * reference's accesses reported nothing, neither do this block's. That
 * block is recorded in turn.
 *
 * Kernels whose shared-memory addresses follow from the thread's index (a
 * tile, a CUB scan, a padded transpose) check their shared memory in their
 * first block alone; a sort, whose counters follow the data, parts from
 * the reference at its first counter, every block, and stops trying for a
 * while. Off in the reference mode (the golden runner compares every case
 * with it), with the happens-before order, cp.async, and in cooperative
 * launches. */
#include "sim/internal.h"

#include <stdlib.h>
#include <string.h>

enum { MEMO_OFF, MEMO_RECORD, MEMO_MATCH };

/* Blocks in a row whose accesses parted from the reference before the
 * context stops comparing, and how often it tries again: speed alone (the
 * report is the shadow's either way). */
#define MEMO_GIVE_UP 4u
#define MEMO_RETRY 64u

void sim_memo_init(sim_block *b)
{
    const sim_run *L = b->L;
    b->memo_on = b->shadow && !b->sync && !L->reference && !L->grid_ws &&
                 (b->checks & SIM_CHECK_RACES) && (b->checks & SIM_CHECK_MEMORY);
}

static void adopt(sim_block *b)
{
    sim_mev *v = b->memo_ref;
    uint32_t cap = b->memo_ref_cap;
    b->memo_ref = b->memo_cur;
    b->memo_ref_cap = b->memo_cur_cap;
    b->memo_ref_n = b->memo_cur_n;
    b->memo_cur = v;
    b->memo_cur_cap = cap;
    b->memo_cur_n = 0;
}

/* Whether comparing with a block's record costs less than the shadow's
 * taking it did. A read the read log took (a tile's loads between two
 * barriers) and a run of consecutive words (shadow_word.h's loops) cost the
 * shadow about what comparing them costs; any other access about four
 * times as much (a warp's records looked at lane by lane, where a tile's
 * are not). A convolution's block, its halo tile written once and read by
 * 25 logged loads a warp, and a tiled transpose's, rows written and
 * columns logged, are not worth it (measured: the transposes 6 percent
 * slower); a CUB scan's, whose padded rows and raking grid neither the log
 * nor the run loops take, is. */
static bool worth(const sim_mev *v, uint32_t n)
{
    uint32_t dear = 0;
    for (uint32_t i = 0; i < n; i++) {
        unsigned k = v[i].kind;
        bool logged = (k == SIM_MEV_DEFER_READS || k == SIM_MEV_DEFER_HALVES) && v[i].res;
        dear += k != SIM_MEV_SETTLE && k != SIM_MEV_READS_RUN && k != SIM_MEV_WRITES_RUN && !logged;
    }
    return 3 * dear > n; /* 4 dear + (n - dear) against about 2 n */
}

void sim_memo_block_start(sim_block *b)
{
    if (!b->memo_on) return;
    if (b->memo_mode == MEMO_RECORD && !b->memo_dirty) { /* the block before: a reference */
        adopt(b);
        b->memo_worth = worth(b->memo_ref, b->memo_ref_n);
    } else if (b->memo_mode == MEMO_MATCH) {
        b->memo_fails = 0;
    } else if (b->memo_mode == MEMO_RECORD) {
        b->memo_fails++; /* (a block with a hazard: recording the next costs as much for nothing) */
    }
    b->memo_cur_n = 0;
    b->memo_pos = 0;
    b->memo_dirty = false;
    for (unsigned i = 0; i < b->nwarps; i++) b->memo_minst0[i] = b->warps[i].minst;
    bool retry = b->index % MEMO_RETRY == 0, trying = b->memo_fails < MEMO_GIVE_UP || retry;
    if (b->memo_ref_n && b->memo_worth) b->memo_mode = trying ? MEMO_MATCH : MEMO_OFF;
    else if (b->memo_ref_n) b->memo_mode = retry ? MEMO_RECORD : MEMO_OFF; /* (worth it again?) */
    else b->memo_mode = trying ? MEMO_RECORD : MEMO_OFF;
}

/* The access as the record keeps it: the lanes' offsets with the lanes
 * outside m as 0, the counts relative to the block's start. */
static void make(const sim_block *b, const sim_warp *w, sim_mev *e, unsigned kind, uint32_t m, const uint32_t *a,
                 unsigned na, unsigned n, uint32_t op)
{
    e->kind = (uint8_t)kind;
    e->wid = w ? (uint8_t)w->id : 0xff;
    e->n = (uint8_t)n;
    e->res = 0;
    e->m = m;
    e->op = op;
    e->epoch = b->epoch - b->epoch_base;
    e->wsync = w ? w->wsync : 0;
    e->minst = w ? w->minst - b->memo_minst0[w->id] : 0;
    e->na = (uint8_t)na;
    if (na == 32 && m == SIM_FULL) {
        memcpy(e->a, a, sizeof e->a);
    } else if (na == 32) {
        for (int l = 0; l < 32; l++) e->a[l] = (m >> l & 1u) ? a[l] : 0;
    } else if (na) { /* (a settling has none: a is NULL) */
        memcpy(e->a, a, na * sizeof *a);
    }
}

/* Whether the access is the recorded one r, as make() would record it. */
static inline bool matches(const sim_block *b, const sim_warp *w, const sim_mev *r, unsigned kind, uint32_t m,
                           const uint32_t *a, unsigned na, unsigned n, uint32_t op)
{
    if (r->kind != kind || r->m != m || r->op != op || r->n != n || r->na != na ||
        r->epoch != b->epoch - b->epoch_base)
        return false;
    if (w ? r->wid != w->id || r->wsync != w->wsync || r->minst != w->minst - b->memo_minst0[w->id]
          : r->wid != 0xff)
        return false;
    uint32_t differ = 0;
    if (na < 32) {
        for (unsigned i = 0; i < na; i++) differ |= r->a[i] ^ a[i];
    } else if (m == SIM_FULL) {
        for (int l = 0; l < 32; l++) differ |= r->a[l] ^ a[l];
    } else {
        for (int l = 0; l < 32; l++) differ |= (m >> l & 1u) ? r->a[l] ^ a[l] : r->a[l];
    }
    return !differ;
}

/* One recorded access into the shadow, as its entry point took it then. */
static void apply(sim_block *b, const sim_mev *e)
{
    sim_warp *w = e->wid == 0xff ? NULL : &b->warps[e->wid];
    switch (e->kind) {
    case SIM_MEV_READ1: sim_shadow_read(b, w, (int)e->a[0], e->a[1], e->n, e->op); break;
    case SIM_MEV_WRITE1: sim_shadow_write(b, w, (int)e->a[0], e->a[1], e->n, e->op, 0); break;
    case SIM_MEV_READS: sim_shadow_reads(b, w, e->m, e->a, e->n, e->op); break;
    case SIM_MEV_READS_ONE: sim_shadow_reads_one(b, w, e->m, e->a[0], e->n, e->op); break;
    case SIM_MEV_READS_RUN: sim_shadow_reads_run(b, w, e->m, e->a[0], e->op); break;
    case SIM_MEV_WRITES: sim_shadow_writes(b, w, e->m, e->a, e->n, e->op); break;
    case SIM_MEV_WRITES_RUN: sim_shadow_writes_run(b, w, e->m, e->a[0], e->op); break;
    case SIM_MEV_DEFER_READS: /* logged then: the reads the log puts into the shadow (else the reads
                                   the caller made next, recorded after this) */
        if (e->res) sim_shadow_reads(b, w, SIM_FULL, e->a, 4, e->op);
        break;
    case SIM_MEV_DEFER_HALVES:
        if (e->res) {
            uint32_t soff[32];
            sim_halves_offsets(e->a, e->a + 2, soff);
            sim_shadow_reads(b, w, SIM_FULL, soff, 4, e->op);
        }
        break;
    case SIM_MEV_SETTLE: sim_shadow_settle(b); break;
    default: SIM_ASSERT(0);
    }
}

/* The hazard instances the block has found so far. */
static uint64_t instances(const sim_block *b)
{
    uint64_t n = 0;
    for (size_t i = 0; i < b->hz.n; i++) n += b->hz.v[i].instances;
    return n;
}

void sim_memo_replay(sim_block *b, const sim_mev *v, uint32_t n, bool relative)
{
    uint32_t wsync[32], minst[32], partial[32], epoch = b->epoch;
    for (unsigned i = 0; i < b->nwarps; i++) {
        wsync[i] = b->warps[i].wsync;
        minst[i] = b->warps[i].minst;
        partial[i] = b->warps[i].last_partial;
    }
    uint64_t before = instances(b);
    if (relative) b->epoch = b->epoch_base;
    for (uint32_t i = 0; i < n; i++) {
        const sim_mev *e = &v[i];
        if (relative && b->epoch_base + e->epoch != b->epoch) {
            b->epoch = b->epoch_base + e->epoch;
            b->rlog_n = 0;
        }
        if (e->wid != 0xff) {
            sim_warp *w = &b->warps[e->wid];
            w->wsync = e->wsync;
            w->minst = (relative ? b->memo_minst0[e->wid] : 0) + e->minst;
            w->last_partial = 0;
        }
        apply(b, e);
    }
    SIM_ASSERT(instances(b) == before); /* none of them had anything to report */
    if (b->epoch != epoch) b->rlog_n = 0;
    b->epoch = epoch;
    for (unsigned i = 0; i < b->nwarps; i++) {
        b->warps[i].wsync = wsync[i];
        b->warps[i].minst = minst[i];
        b->warps[i].last_partial = partial[i];
    }
}

/* The shadow takes the block from here on, the reference's accesses so far
 * first; the block is recorded from its start (they are its own). */
static void part(sim_block *b)
{
    b->memo_mode = MEMO_OFF;
    b->memo_fails++;
    sim_memo_replay(b, b->memo_ref, b->memo_pos, true); /* (the reference reported nothing) */
    if (b->memo_cur_cap < b->memo_pos) {
        b->memo_cur_cap = b->memo_pos;
        b->memo_cur = cl_realloc(b->memo_cur, b->memo_cur_cap * sizeof *b->memo_cur);
    }
    if (b->memo_pos) memcpy(b->memo_cur, b->memo_ref, b->memo_pos * sizeof *b->memo_cur);
    b->memo_cur_n = b->memo_pos;
    b->memo_mode = MEMO_RECORD;
}

static void record(sim_block *b, const sim_mev *e)
{
    if (b->memo_cur_n == b->memo_cur_cap) {
        if (b->memo_cur_cap >= SIM_MEMO_MAX) { /* too long to compare for less than the shadow costs */
            b->memo_mode = MEMO_OFF;
            b->memo_fails = MEMO_GIVE_UP;
            return;
        }
        uint32_t cap = b->memo_cur_cap ? 2 * b->memo_cur_cap : 256;
        b->memo_cur_cap = cap < SIM_MEMO_MAX ? cap : SIM_MEMO_MAX; /* (part() may leave any size) */
        b->memo_cur = cl_realloc(b->memo_cur, b->memo_cur_cap * sizeof *b->memo_cur);
    }
    b->memo_cur[b->memo_cur_n++] = *e;
}

int sim_memo_access(sim_block *b, sim_warp *w, unsigned kind, uint32_t m, const uint32_t *a, unsigned na,
                    unsigned n, uint32_t op)
{
    if (b->as) { /* cp.async: the shadow's pending copies (async.c) see every access */
        sim_memo_stop(b);
        b->memo_on = false;
        return -1;
    }
    if (w && w->last_partial) { /* a sync of some lanes: the shadow's own order of them */
        sim_memo_stop(b);
        return -1;
    }
    if (b->memo_mode == MEMO_MATCH) {
        if (b->memo_pos < b->memo_ref_n && matches(b, w, &b->memo_ref[b->memo_pos], kind, m, a, na, n, op))
            return b->memo_ref[b->memo_pos++].res;
        part(b);
    }
    sim_mev e;
    make(b, w, &e, kind, m, a, na, n, op);
    record(b, &e);
    return -1;
}

void sim_memo_result(sim_block *b, bool res)
{
    if (b->memo_mode == MEMO_RECORD && b->memo_cur_n) b->memo_cur[b->memo_cur_n - 1].res = res;
}

void sim_memo_stop(sim_block *b)
{
    if (b->memo_mode == MEMO_MATCH) part(b);
    else if (b->memo_mode == MEMO_RECORD) b->memo_fails++;
    b->memo_mode = MEMO_OFF;
}

void sim_memo_free(sim_block *b)
{
    free(b->memo_ref);
    free(b->memo_cur);
}
