/* shadow_word.h - the shared-memory shadow's word-level fast paths (the
 * record of a whole word read or written with nothing to report), and the
 * run loops built on them, in line for warp_access.c's shared-run path as
 * well as shadow.c. Internal to grader/sim. */
#ifndef CUDALAB_SIM_SHADOW_WORD_H
#define CUDALAB_SIM_SHADOW_WORD_H

#include "sim/internal.h"

#include <stddef.h>
#include <string.h>

/* What one warp's access asks of the block and the warp, read once: the
 * shadow's many stores a lane would otherwise make the compiler read each
 * of these again for the next lane (they are all uint32_t to it). */
typedef struct shadow_at {
    sim_shadow *sh;
    uint32_t epoch, base, wsync, step, wid, wbit;
    uint32_t partial;         /* the warp's last_partial: syncs up to it may not name every lane */
    bool races, memory;
    bool multi;               /* an atomic's: two lanes or more run it (reads_race) */
} shadow_at;

static inline shadow_at shadow_at_of(const sim_block *b, const sim_warp *w)
{
    return (shadow_at){b->shadow, b->epoch, b->epoch_base, w->wsync, w->minst, w->id, 1u << w->id,
                       w->last_partial, (b->checks & SIM_CHECK_RACES) != 0, (b->checks & SIM_CHECK_MEMORY) != 0, false};
}

/* The warp synced since `since` with syncs that each named every lane:
 * any two of its lanes are ordered across (the fast paths' test; a partial
 * mask goes to the exact one, sim_warp_ordered). */
static inline bool synced_whole(const shadow_at *A, uint32_t since)
{
    return A->wsync > since && A->partial <= since;
}

/* The entry of the word at byte offset off, a multiple of 4: off * 12 bytes
 * in (48 a word), one lea and an add where &sh[off / 4] takes a shift too. */
static inline sim_shadow *shadow_word(const shadow_at *A, uint32_t off)
{
    _Static_assert(sizeof(sim_shadow) == 12 * 4, "shadow_word: 12 bytes a byte of offset");
    return (sim_shadow *)(void *)((char *)A->sh + (size_t)off * 12);
}

/* tid the first reader, no other reader yet: r_tid and r_tid2, side by
 * side, in one store where the bytes are little-endian (GCC keeps a store
 * of SIM_NO_TID's constant of its own). */
static inline void first_reader(sim_shadow *s, unsigned tid)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(offsetof(sim_shadow, r_tid2) == offsetof(sim_shadow, r_tid) + 2, "first_reader: r_tid2 after r_tid");
    uint32_t v = (uint32_t)(uint16_t)tid | (uint32_t)SIM_NO_TID << 16;
    memcpy((char *)s + offsetof(sim_shadow, r_tid), &v, sizeof v);
#else
    s->r_tid = (uint16_t)tid;
    s->r_tid2 = SIM_NO_TID;
#endif
}

/* Is the word's last write (this epoch's) thread tid's own, or by a lane of
 * tid's warp that tid has synced past since? Nothing races with it then.
 * w_tid ^ tid is 0 for tid itself and 1 to 31 for the other threads of its
 * warp, so it may be up to 31 once the warp has synced since the write,
 * else only 0: one compare with a bound the sync test picks. */
static inline bool own_write(const shadow_at *A, const sim_shadow *s, unsigned tid)
{
    unsigned x = s->w_tid ^ tid, top = synced_whole(A, s->w_wsync) ? 31u : 0u;
    return x <= top;
}

/* A lane l reading a whole word (off) that the block wholly wrote before
 * this epoch and no thread has read in it yet (a tile read after the
 * barrier that follows its writes) has nothing to report, and starts the
 * epoch's reader record, as read_word would; one test (the bit and) finds
 * that. With `own` the word may also have been written this epoch by the
 * lane itself or by a lane of its warp that it has synced past since (a
 * warp's tree reduction in shared memory): no race either. False, with
 * nothing done, for any other lane (SIM_NONE, whose low bits are set,
 * included). */
static inline __attribute__((always_inline)) bool read4_ok(const shadow_at *A, const sim_shadow *s, unsigned tid,
                                                           bool own)
{
    /* the last write in this block before this epoch (one compare: no
       entry's w_epoch is past the block's epoch), or with `own` also this
       epoch's by tid or a lane tid synced past */
    uint32_t before = A->epoch - A->base + (own ? own_write(A, s, tid) : 0);
    bool ordered = s->w_epoch - A->base < before;
    return __builtin_expect(ordered & (s->init_mask == 0xf) & (s->r_epoch != A->epoch), 1);
}

/* The epoch's first reader record of a whole word, tid's (read4_word's). */
static inline __attribute__((always_inline)) void read4_record(const shadow_at *A, sim_shadow *s, unsigned tid,
                                                               uint32_t op)
{
    s->r_epoch = A->epoch;
    first_reader(s, tid);
    s->r_warps = A->wbit;
    s->r_multi = 0;
    s->r_mask = 0xf;
    s->r_op = op;
    s->r_wsync = A->wsync;
}

/* read4_ok, then read4_record: true when it took the lane. */
static inline __attribute__((always_inline)) bool read4_word(const shadow_at *A, sim_shadow *s, unsigned tid,
                                                             uint32_t op, bool own)
{
    if (!read4_ok(A, s, tid, own)) return false;
    read4_record(A, s, tid, op);
    return true;
}

/* The record of a plain write of the whole word by tid: the entry's first
 * 32 bytes (the write's fields; r_epoch, r_mask, r_multi and r_warps
 * cleared) as one vector, for one store. A full warp's row of stores is 32
 * of them, made by adding one to the thread (shadow_writes_run): the tiled
 * matmul's tiles took sim_exec_sts 15 percent of its time with the nine
 * fields stored one by one, and its 0.91 s became 0.86 s (best of eight
 * runs each, taking turns). */
typedef uint32_t shadow_head __attribute__((vector_size(32), aligned(4), may_alias));
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && offsetof(sim_shadow, r_epoch) == 16 &&
                   offsetof(sim_shadow, w_tid) == 20 && offsetof(sim_shadow, w_mask) == 22 &&
                   offsetof(sim_shadow, w_atomic) == 23 && offsetof(sim_shadow, init_mask) == 24 &&
                   offsetof(sim_shadow, r_warps) == 28,
               "shadow_head: the write's fields in the entry's first 32 bytes, little-endian");

/* (A macro: a function would return the vector, which changes the ABI
 * where AVX is off, and one that stores through a pointer has GCC build
 * the vector on the stack, with two stalled loads a run.) */
#define WRITE4_HEAD(A, tid, op) \
    ((shadow_head){(A)->epoch, (A)->wsync, (A)->step, (op), 0, (uint32_t)(uint16_t)(tid) | 0xfu << 16, 0xf, 0})

/* write4_word's plain test: no thread wrote or read the word this epoch. */
static inline __attribute__((always_inline)) bool write4_plain(const shadow_at *A, const sim_shadow *s)
{
    return __builtin_expect((s->w_epoch != A->epoch) & (s->r_epoch != A->epoch), 1);
}

/* A plain write of 4 bytes at off by lane l: a lane writing a whole word
 * that no thread wrote or read this epoch has nothing to report, only the
 * record (init_mask becomes 0xf: it holds only the word's 4 bits); one test
 * finds that. With `own` the word may also have been written this epoch
 * (and not read since) by the lane itself or by a lane of its warp that it
 * has synced past (a warp's tree reduction). False, with nothing done, for
 * any other lane (SIM_NONE, whose low bits are set, included). */
static inline __attribute__((always_inline)) bool write4_word(const shadow_at *A, sim_shadow *s, unsigned tid,
                                                              uint32_t op, bool own)
{
    bool ordered = s->w_epoch != A->epoch;
    if (own) ordered |= own_write(A, s, tid);
    if (!__builtin_expect(ordered & (s->r_epoch != A->epoch), 1)) return false;
    *(shadow_head *)(void *)s = WRITE4_HEAD(A, tid, op);
    return true;
}

/* The next thread's record: one added to w_tid (a vector add). */
#define WRITE4_NEXT ((shadow_head){0, 0, 0, 0, 0, 1, 0, 0})

/* How many epochs no line is summarized after a summary met another
 * access (its entries made: the summary saved nothing, as where a tile's
 * stores are read with its halo in the same epoch); a kernel whose
 * summaries only the next epoch's same stores meet keeps them. */
#define WSUM_REST 8u

/* A full warp's plain write of the whole line at off (128 bytes, aligned),
 * its record kept as the line's summary (b->wsum) instead of 32 entries:
 * true when taken. The line is plain (no thread wrote or read a word of it
 * this epoch) where its summary is an earlier epoch's (its words' r_epoch
 * are 0 there, and the epoch never is), else where each entry is (the
 * test shadow_writes_run makes). A summary is one plain write's record
 * and nothing else, so the entries sim_shadow_expand makes from it are
 * the ones shadow_writes_run's loop would have stored. */
static inline __attribute__((always_inline)) bool shadow_summarize(sim_block *b, const shadow_at *A, uint32_t off,
                                                                   uint32_t op)
{
    const uint32_t line = off / 128;
    uint64_t *on = &b->wsum_on[line / 64], bit = 1ull << (line % 64);
    if (*on & bit) {
        if (b->wsum[line][0] == A->epoch) return false;
    } else {
        const sim_shadow *s = shadow_word(A, off);
        bool plain = true;
        for (int i = 0; i < 32; i++) plain &= write4_plain(A, s + i);
        if (!plain) return false;
        *on |= bit;
        b->nwsum++;
    }
    shadow_head h = WRITE4_HEAD(A, A->wid * 32, op);
    memcpy(b->wsum[line], &h, sizeof h);
    return true;
}

/* The lanes of the run m from its i-th on, at the words from off: the
 * general loops (shadow.c; out of line, so that the run loops below keep a
 * small frame). */
void sim_shadow_run_reads_rest(sim_block *b, sim_warp *w, uint32_t m, uint32_t off, uint32_t op, int i);
void sim_shadow_run_writes_rest(sim_block *b, sim_warp *w, uint32_t m, uint32_t off, uint32_t op, int i);

/* sim_shadow_reads for 4-byte reads by a run of lanes m on consecutive words
 * from off (warp_access.c's shared-run path; plain mode): read4_word with
 * `own` (which holds wherever the plain test does, with the same record)
 * while it holds, walking the lanes' consecutive entries; then the general
 * loop, with the offsets made only then. */
static inline __attribute__((always_inline)) void shadow_reads_run(sim_block *b, sim_warp *w, uint32_t m,
                                                                   uint32_t off, uint32_t op)
{
    if (b->memo_mode && sim_memo_access(b, w, SIM_MEV_READS_RUN, m, &off, 1, 4, op) >= 0) return;
    if (sim_rules_take(b, w, SIM_MEV_READS_RUN, m, &off, 4, op)) return;
    if (b->async_n) sim_async_touch(b, w, m, NULL, off, 4, 4, op, false);
    sim_shadow_settle(b);
    const shadow_at A = shadow_at_of(b, w);
    int f = __builtin_ctz(m), k = 32 - __builtin_clz(m) - f, i = 0; /* a run: no popcount (not in the base ISA) */
    if (A.races && !(off & 3)) {
        sim_shadow *s = shadow_word(&A, off);
        unsigned tid = A.wid * 32 + (unsigned)f;
        if (m == SIM_FULL) /* (a row read after a barrier: the plain test) */
            while (i < k && read4_word(&A, s, tid, op, false)) i++, s++, tid++;
        while (i < k && read4_word(&A, s, tid, op, true)) i++, s++, tid++;
    }
    if (i < k) sim_shadow_run_reads_rest(b, w, m, off, op, i);
}

/* sim_shadow_writes for 4-byte writes by a run of lanes m on consecutive
 * words from off (the shared-run path; plain mode): write4_word with `own`
 * while it holds, walking the lanes' consecutive entries, then
 * write_access lane by lane, as sim_shadow_writes does. */
static inline __attribute__((always_inline)) void shadow_writes_run(sim_block *b, sim_warp *w, uint32_t m,
                                                                    uint32_t off, uint32_t op)
{
    if (b->memo_mode && sim_memo_access(b, w, SIM_MEV_WRITES_RUN, m, &off, 1, 4, op) >= 0) return;
    if (sim_rules_take(b, w, SIM_MEV_WRITES_RUN, m, &off, 4, op)) return;
    if (b->async_n) sim_async_touch(b, w, m, NULL, off, 4, 4, op, true);
    sim_shadow_settle_write_summary(b);
    const shadow_at A = shadow_at_of(b, w);
    if (m == SIM_FULL && !(off & 127) && b->wsum && b->wsum_resume - b->epoch - 1 >= WSUM_REST &&
        shadow_summarize(b, &A, off, op))
        return;
    sim_shadow_expand_all(b);
    int f = __builtin_ctz(m), k = 32 - __builtin_clz(m) - f, i = 0; /* a run: no popcount (not in the base ISA) */
    if (!(off & 3)) {
        sim_shadow *s = shadow_word(&A, off);
        unsigned tid = A.wid * 32 + (unsigned)f;
        if (m == SIM_FULL) { /* (a warp's first write of its slots: the plain test) */
            shadow_head h = WRITE4_HEAD(&A, tid, op);
            for (; i < k && write4_plain(&A, s); i++, s++, tid++) {
                *(shadow_head *)(void *)s = h;
                h += WRITE4_NEXT;
            }
        }
        while (i < k && write4_word(&A, s, tid, op, true)) i++, s++, tid++;
    }
    if (i < k) sim_shadow_run_writes_rest(b, w, m, off, op, i);
}

/* Halves from each half-warp's first byte by step. */
static inline __attribute__((always_inline)) void rlog_set_halves_of(sim_halves *h, const uint32_t *from,
                                                                     const uint32_t *step)
{
    h->from[0] = from[0];
    h->from[1] = from[1];
    h->step[0] = step[0];
    h->step[1] = step[1];
}

/* A read log entry's halves: from each half-warp's first byte by step. */
static inline __attribute__((always_inline)) void rlog_set_halves(sim_rlog *e, const uint32_t *from,
                                                                  const uint32_t *step)
{
    rlog_set_halves_of(&e->at.h, from, step);
    e->halves = SIM_RLOG_HALVES;
}

/* Whether the read log takes a warp's next n halves entries in line
 * (shadow_log_entry): the log's memo made this epoch (so the log is on and
 * not resting: sim_shadow_replay, which starts a rest, ends the memo) and
 * all of shared memory clean, room for them in the log and no cp.async
 * pending; no block being compared with its memo or recorded (memo.c).
 * Nothing a halves entry does changes any of these. */
static inline __attribute__((always_inline)) bool shadow_log_room(const sim_block *b, uint32_t n)
{
    return !b->memo_mode && !b->rules_on &&
           ((b->clean_epoch == b->epoch) & b->all_clean & (b->rlog_n + n <= SIM_RLOG_CAP) & !b->async_n);
}

/* The read log's next entry, for the load op by warp w (room for it
 * known), its kind and reads to be set. */
static inline __attribute__((always_inline)) sim_rlog *shadow_log_new(sim_block *b, const sim_warp *w, uint32_t op)
{
    sim_rlog *e = &b->rlog[b->rlog_n++];
    e->op = op;
    e->wid = (uint16_t)w->id;
    e->wsync = w->wsync;
    return e;
}

/* A halves entry of the read log for the load op. */
static inline __attribute__((always_inline)) void shadow_log_entry(sim_block *b, const sim_warp *w,
                                                                   const uint32_t *from, const uint32_t *step,
                                                                   uint32_t op)
{
    rlog_set_halves(shadow_log_new(b, w, op), from, step);
}

/* A dots entry of the read log for the X_DOTS run of one sum at op, its
 * nbase <= SIM_RLOG_DOT_BASES bases' first lanes f and steps d. */
static inline __attribute__((always_inline)) void shadow_log_dots(sim_block *b, const sim_warp *w,
                                                                  const uint32_t (*f)[2], const uint32_t (*d)[2],
                                                                  unsigned nbase, uint32_t op)
{
    sim_rlog *e = shadow_log_new(b, w, op);
    for (unsigned k = 0; k < nbase; k++) rlog_set_halves_of(&e->at.run[k], f[k], d[k]);
    e->halves = SIM_RLOG_DOTS;
}

/* sim_shadow_defer_halves' common case, in line for warp_access.c's halves
 * path: the entry made here where shadow_log_room says so; anything else
 * (a block compared with its memo or recorded too, which memo.c records
 * there) is sim_shadow_defer_halves'. */
static inline __attribute__((always_inline)) bool shadow_log_halves(sim_block *b, sim_warp *w,
                                                                    const uint32_t *from, const uint32_t *step,
                                                                    uint32_t op)
{
    if (!shadow_log_room(b, 1)) return sim_shadow_defer_halves(b, w, from, step, op);
    shadow_log_entry(b, w, from, step, op);
    return true;
}

#endif
