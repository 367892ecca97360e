/* shadow.c - shared-memory shadow for the race and initialisation checks,
 * one entry per 4-byte word: the last write (thread, barrier epoch, the
 * warp's sync count and memory step, op, the bytes it wrote) and the reads
 * since (a reader, the bytes read, whether other threads of the same or
 * another warp read too), and which bytes the block has written at all.
 *
 * Two accesses of one block race when their bytes overlap, at least one
 * writes, they fall in the same barrier epoch, and - for lanes of one warp -
 * no warp-level synchronisation (bar.warp.sync, shfl.sync, vote.sync, ...)
 * lies between them. Lanes of one warp running one instruction together do
 * not race with each other; atomics do not race with atomics. A read of a
 * byte no thread of the block wrote is UNINIT_SHARED (exact per byte).
 *
 * Readers are kept as the warps that read (a bit each) and one reader
 * thread, so a warp re-reading what it read since its last sync costs a few
 * comparisons. Per word, not per byte: a write replaces the word's last writer, so for
 * threads writing different bytes of one word (char arrays) a race with an
 * earlier writer of other bytes can go unseen; nothing is reported that is
 * not a race. */
#include "sim/internal.h"

#include <stdio.h>

static void race(sim_block *b, sim_warp *w, int lane, uint32_t op, uint32_t op2, unsigned other_tid,
                 uint32_t off, bool write)
{
    bool same_warp = other_tid / 32 == w->id;
    sim_hz h = sim_hz_make(same_warp ? SIM_HZ_RACE_WARP : SIM_HZ_RACE_SHARED, op, w->id, lane);
    h.op2 = op2;
    h.lane2 = (int)(other_tid % 32);
    h.thread2 = other_tid;
    h.addr = off;
    h.space = PTX_SPACE_SHARED;
    snprintf(h.detail, sizeof h.detail, "%s", write ? "write" : "read");
    sim_hz_add(b, &h);
}

static void uninit(sim_block *b, sim_warp *w, int lane, uint32_t op, uint32_t off, unsigned n)
{
    sim_hz h = sim_hz_make(SIM_HZ_UNINIT_SHARED, op, w->id, lane);
    h.addr = off;
    h.space = PTX_SPACE_SHARED;
    h.size = n;
    sim_hz_add(b, &h);
}

/* The bytes of word `word` that [off, off + n) covers, as a 4-bit mask. */
static inline uint8_t bytes_of(uint32_t word, uint32_t off, unsigned n)
{
    uint32_t lo = word * 4 > off ? 0 : off - word * 4;
    uint32_t hi = (word + 1) * 4 < off + n ? 4 : off + n - word * 4;
    return (uint8_t)(((1u << hi) - 1) & ~((1u << lo) - 1));
}

/* Bytes of the word the block has written (older entries are stale). */
static inline uint8_t written(const sim_block *b, const sim_shadow *s)
{
    return s->init_epoch >= b->epoch_base ? s->init_mask : 0;
}

static inline __attribute__((always_inline)) void read_access(sim_block *b, sim_warp *w, int lane, uint32_t off,
                                                              unsigned n, uint32_t op)
{
    unsigned tid = w->id * 32 + (unsigned)lane;
    uint32_t wbit = 1u << w->id;
    bool races = b->checks & SIM_CHECK_RACES, reported = false;
    for (uint32_t word = off / 4; word * 4 < off + n; word++) {
        sim_shadow *s = &b->shadow[word];
        uint8_t mask = bytes_of(word, off, n);
        /* the common case: nothing to report and nothing new to record (an
           old value this warp already read since its last sync) */
        if (s->w_epoch != b->epoch && (written(b, s) & mask) == mask && s->r_epoch == b->epoch &&
            (s->r_warps & wbit) && (s->r_mask & mask) == mask && s->r_wsync == w->wsync &&
            (s->r_tid == tid || s->r_multi || s->r_tid / 32 != w->id))
            continue;
        if ((written(b, s) & mask) != mask && (b->checks & SIM_CHECK_MEMORY))
            uninit(b, w, lane, op, word * 4 + (uint32_t)__builtin_ctz(mask & ~written(b, s)), n);
        if (!races) continue;
        if (!reported && s->w_epoch == b->epoch && s->w_tid != tid && (s->w_mask & mask)) {
            bool synced = s->w_tid / 32 == w->id && w->wsync > s->w_wsync;
            if (!synced) {
                race(b, w, lane, op, s->w_op, s->w_tid, off, false);
                reported = true;
            }
        }
        if (s->r_epoch != b->epoch) {
            s->r_epoch = b->epoch;
            s->r_tid = (uint16_t)tid;
            s->r_warps = wbit;
            s->r_multi = 0;
            s->r_mask = 0;
            s->r_op = op;
        } else if (!(s->r_warps & wbit)) {
            s->r_warps |= wbit;
        } else if (s->r_tid != tid && s->r_tid / 32 == w->id) {
            s->r_multi = 1;
        }
        s->r_mask |= mask;
        s->r_wsync = w->wsync;
    }
}

static inline __attribute__((always_inline)) void write_access(sim_block *b, sim_warp *w, int lane, uint32_t off,
                                                               unsigned n, uint32_t op, bool atomic)
{
    if (!b->shadow) return;
    unsigned tid = w->id * 32 + (unsigned)lane;
    bool races = b->checks & SIM_CHECK_RACES, reported = false;
    uint32_t step = w->minst;
    for (uint32_t word = off / 4; word * 4 < off + n; word++) {
        sim_shadow *s = &b->shadow[word];
        uint8_t mask = bytes_of(word, off, n);
        if (atomic && (written(b, s) & mask) != mask && (b->checks & SIM_CHECK_MEMORY))
            uninit(b, w, lane, op, word * 4, n); /* an atomic reads the old value */
        if (races && !reported && s->w_epoch == b->epoch && s->w_tid != tid && (s->w_mask & mask) &&
            !(atomic && s->w_atomic)) {
            bool same = s->w_tid / 32 == w->id;
            bool together = same && s->w_step == step && s->w_op == op;
            if (!together && !(same && w->wsync > s->w_wsync)) {
                race(b, w, lane, op, s->w_op, s->w_tid, off, true);
                reported = true;
            }
        }
        if (races && !reported && !atomic && s->r_epoch == b->epoch && (s->r_mask & mask)) {
            uint32_t others = s->r_warps & ~(1u << w->id);
            bool only_me = !others && s->r_tid == tid && !s->r_multi;
            bool synced = !others && w->wsync > s->r_wsync;
            if (!only_me && !synced) {
                race(b, w, lane, op, s->r_op, s->r_tid, off, true);
                reported = true;
            }
        }
        if (s->init_epoch < b->epoch_base) {
            s->init_epoch = b->epoch_base;
            s->init_mask = 0;
        }
        s->init_mask |= mask;
        s->w_epoch = b->epoch;
        s->w_tid = (uint16_t)tid;
        s->w_wsync = w->wsync;
        s->w_step = step;
        s->w_op = op;
        s->w_atomic = atomic;
        s->w_mask = mask;
        s->r_epoch = 0;
    }
}

void sim_shadow_read(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op)
{
    read_access(b, w, lane, off, n, op);
}

void sim_shadow_write(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op, bool atomic)
{
    write_access(b, w, lane, off, n, op, atomic);
}

void sim_shadow_reads(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, unsigned n, uint32_t op)
{
    if (!b->shadow) return;
    uint32_t prev = SIM_NONE;
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u) || soff[l] == SIM_NONE) continue;
        if (soff[l] == prev && n <= 4 && !(soff[l] & 3)) {
            /* the lane before read the same word (a broadcast): what it found,
               this lane finds; only note that two threads of the warp read it */
            sim_shadow *s = &b->shadow[soff[l] / 4];
            if (s->w_epoch != b->epoch) { /* no write this epoch: nothing depends on who reads */
                if (s->r_tid / 32 == w->id) s->r_multi = 1;
                continue;
            }
        }
        read_access(b, w, l, soff[l], n, op);
        prev = soff[l];
    }
}

void sim_shadow_writes(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, unsigned n, uint32_t op)
{
    if (!b->shadow) return;
    for (int l = 0; l < 32; l++)
        if ((m >> l & 1u) && soff[l] != SIM_NONE) write_access(b, w, l, soff[l], n, op, false);
}
