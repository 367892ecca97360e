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
 * Readers are kept as the warps that read (a bit each), the first reader
 * thread and one other (of another warp once one read, else of the first
 * one's warp), so a warp re-reading what it read since its last sync costs a
 * few comparisons, and a write races with a reader that is not the writer:
 * a thread never races with itself. Per word, not per byte: a write
 * replaces the word's last writer, so for threads writing different bytes of
 * one word (char arrays) a race with an earlier writer of other bytes can go
 * unseen; nothing is reported that is not a race. */
#include "sim/internal.h"
#include "sim/shadow_word.h"
#include "sim/vec8.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

static void race(sim_block *b, sim_warp *w, int lane, uint32_t op, uint32_t op2, unsigned other_tid,
                 uint32_t off, bool write)
{
    bool same_warp = other_tid / 32 == w->id;
    b->memo_dirty = true;
    sim_hz h = sim_hz_make(same_warp ? CL_HZ_RACE_WARP : CL_HZ_RACE_SHARED, op, w->id, lane);
    h.op2 = op2;
    h.lane2 = (int)(other_tid % 32);
    h.thread2 = other_tid;
    h.addr = off;
    h.space = PTX_SPACE_SHARED;
    /* "ordered": the program has release/acquire ops or fences, none of which order these;
       words from a table, since a racing lane makes one of these each time */
    static const char *const said[2][2] = {{"read", "read, not ordered"}, {"write", "write, not ordered"}};
    const char *d = said[write][b->sync ? 1 : 0];
    memcpy(h.detail, d, strlen(d) + 1);
    sim_hz_add(b, &h);
}

static void uninit(sim_block *b, sim_warp *w, int lane, uint32_t op, uint32_t off, unsigned n)
{
    b->memo_dirty = true;
    sim_hz h = sim_hz_make(CL_HZ_UNINIT_SHARED, op, w->id, lane);
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

/* Bytes of the word the block has written: init_mask, when the word's last
 * write is this block's (every write sets w_epoch, and epochs only grow
 * within a block context; older entries are stale). */
static inline uint8_t written(const sim_block *b, const sim_shadow *s)
{
    return s->w_epoch >= b->epoch_base ? s->init_mask : 0;
}

/* Another thread of r_tid's warp, tid, read: r_multi keeps the first such
 * one's lane (plus one: 0 is none). */
static inline void note_multi(sim_shadow *s, unsigned tid)
{
    if (!s->r_multi) s->r_multi = (uint8_t)(tid % 32 + 1);
}

/* Keep tid (not the first reader) as the other reader: the first one seen,
 * replaced by one of another warp than the first reader's when that comes. */
static inline void note_reader(sim_shadow *s, unsigned tid, uint32_t op)
{
    if (tid == s->r_tid) return;
    bool cross = tid / 32 != (unsigned)s->r_tid / 32;
    if (s->r_tid2 != SIM_NO_TID && (!cross || s->r_tid2 / 32 != s->r_tid / 32)) return;
    s->r_tid2 = (uint16_t)tid;
    s->r_op2 = op;
}

/* The reader a write by tid (of warp `warp`) races with: one of another
 * warp when another warp read, else one of this warp that is not tid. */
static inline unsigned other_reader(const sim_shadow *s, unsigned tid, unsigned warp, uint32_t *op)
{
    bool first = s->r_warps & ~(1u << warp) ? (unsigned)s->r_tid / 32 != warp : s->r_tid != tid;
    *op = first ? s->r_op : s->r_op2;
    return first ? s->r_tid : s->r_tid2;
}

/* Is op a compare-and-swap loop's first read (lower.c's mark_cas_seeds)?
 * Its value is a guess the CAS checks, so it does not race with another
 * thread's atomic, before it or after it. */
static inline bool cas_seed(const sim_block *b, uint32_t op)
{
    return op < b->prog->ncode && b->prog->code[op].aux == SIM_LD_CAS_SEED;
}

/* Is op a load whose value only selp reads (lower.c's mark_selected_loads:
 * nvcc's load in every lane for a read some lanes make under a condition)? */
static inline bool selected_load(const sim_block *b, uint32_t op)
{
    return op < b->prog->ncode && b->prog->code[op].aux == SIM_LD_SELECTED;
}

/* A read racing only with another thread's atomic, where the read is a
 * CAS loop's first read: no race is reported. */
static inline bool cas_seed_after_atomic(const sim_block *b, bool atomic_write, uint32_t op)
{
    return atomic_write && cas_seed(b, op);
}

/* Are the word's readers of w's warp (r_tid, r_multi's, and tid2 unless
 * SIM_NO_TID) ordered before what lane does next: a sync since the latest
 * read that names each known reader and lane (one of several unnamed
 * readers, r_multi, is taken to be among the named when every sync since
 * named the whole warp). */
static inline bool warp_readers_ordered(const sim_warp *w, const sim_shadow *s, int lane, unsigned tid2)
{
    if (w->wsync <= s->r_wsync) return false;
    if (w->last_partial <= s->r_wsync) return true;
    if (s->r_multi) return false;
    return sim_warp_ordered(w, s->r_wsync, s->r_tid, (unsigned)lane) &&
           (tid2 == SIM_NO_TID || sim_warp_ordered(w, s->r_wsync, tid2, (unsigned)lane));
}

/* The same where all the word's readers (this epoch's) are of w's warp. */
static inline bool readers_ordered(const sim_warp *w, const sim_shadow *s, int lane)
{
    return warp_readers_ordered(w, s, lane, s->r_tid2);
}

static inline uint8_t written_at(const shadow_at *A, const sim_shadow *s)
{
    return s->w_epoch >= A->base ? s->init_mask : 0;
}

/* A read by thread tid of the bytes `mask` of word `word`. */
static inline __attribute__((always_inline)) void read_word(sim_block *b, sim_warp *w, const shadow_at *A,
                                                            int lane, unsigned tid, uint32_t word,
                                                            uint8_t mask, uint32_t off, unsigned n,
                                                            uint32_t op, bool *reported)
{
    sim_shadow *s = &A->sh[word];
    uint8_t wr = written_at(A, s);
    /* the common case: nothing to report and nothing new to record (an
       old value this warp already read since its last sync) */
    if (s->w_epoch != A->epoch && (wr & mask) == mask && s->r_epoch == A->epoch &&
        (s->r_warps & A->wbit) && (s->r_mask & mask) == mask && s->r_wsync == A->wsync &&
        (s->r_tid == tid || s->r_multi || s->r_tid / 32 != A->wid))
        return;
    if ((wr & mask) != mask && A->memory)
        uninit(b, w, lane, op, word * 4 + (uint32_t)__builtin_ctz(mask & ~wr), n);
    if (!A->races) return;
    if (!*reported && s->w_epoch == A->epoch && s->w_tid != tid && (s->w_mask & mask) &&
        !cas_seed_after_atomic(b, s->w_atomic, op)) {
        bool synced = s->w_tid / 32 == A->wid && sim_warp_ordered(w, s->w_wsync, s->w_tid, (unsigned)lane);
        if (!synced) {
            race(b, w, lane, op, s->w_op, s->w_tid, off, false);
            *reported = true;
        }
    }
    /* readers of this warp only, all before a warp sync this read comes
       after: ordered before whatever this warp does next, so the record
       starts again from this read (a lane's `s[l] += v` after another
       lane's read of s[l] and a __syncwarp() is then its own read) */
    bool stale = s->r_warps == A->wbit && s->r_epoch == A->epoch && readers_ordered(w, s, lane);
    if (s->r_epoch != A->epoch || stale) {
        s->r_epoch = A->epoch;
        s->r_tid = (uint16_t)tid;
        s->r_warps = A->wbit;
        s->r_multi = 0;
        s->r_mask = 0;
        s->r_op = op;
        s->r_tid2 = SIM_NO_TID;
    } else if (!(s->r_warps & A->wbit)) {
        s->r_warps |= A->wbit;
        note_reader(s, tid, op);
    } else if (s->r_tid != tid && s->r_tid / 32 == A->wid) {
        note_multi(s, tid);
        note_reader(s, tid, op);
    }
    s->r_mask |= mask;
    if ((unsigned)s->r_tid / 32 == A->wid) s->r_wsync = A->wsync; /* (the first reader's warp's) */
}

static inline __attribute__((always_inline)) void read_access(sim_block *b, sim_warp *w, const shadow_at *A,
                                                              int lane, uint32_t off, unsigned n, uint32_t op)
{
    unsigned tid = A->wid * 32 + (unsigned)lane;
    bool reported = false;
    if (n == 4 && !(off & 3)) { /* one whole word */
        read_word(b, w, A, lane, tid, off / 4, 0xf, off, n, op, &reported);
        return;
    }
    for (uint32_t word = off / 4; word * 4 < off + n; word++)
        read_word(b, w, A, lane, tid, word, bytes_of(word, off, n), off, n, op, &reported);
}

/* The write into the word's entry: the bytes written this block, the last
 * writer, and no reads since a plain write (plain and sync mode alike). An
 * atomic keeps the epoch's reads: another thread's atomic after it races
 * with them as it did (`if (t == 0) v = c; atomicAdd(&c, 1);`: thread 0's
 * own atomic comes first, then thread 1's, which races with the read). */
static inline __attribute__((always_inline)) void record_write(sim_shadow *s, uint32_t base, uint32_t epoch,
                                                               unsigned tid, uint32_t wsync, uint32_t step,
                                                               uint32_t op, bool atomic, uint8_t mask)
{
    /* the block's first write of the word starts its init_mask (the old
       one is stale while w_epoch < base) */
    s->init_mask = (s->w_epoch >= base ? s->init_mask : 0) | mask;
    s->w_epoch = epoch;
    s->w_tid = (uint16_t)tid;
    s->w_wsync = wsync;
    s->w_step = step;
    s->w_op = op;
    s->w_atomic = atomic;
    s->w_mask = mask;
    if (!atomic) { /* (the reads' other fields as WRITE4_HEAD leaves them: test_sim_shadow compares bytes) */
        s->r_epoch = 0;
        s->r_mask = 0;
        s->r_multi = 0;
        s->r_warps = 0;
    }
}

/* An atomic by thread tid after its own plain write of the same bytes in
 * this epoch: the plain write stays the word's record (`if (t == 0) c = 0;
 * atomicAdd(&c, 1);`), so another thread's atomic after it, unordered,
 * still races with it; the word's reads stay, as with its record (plain
 * and sync mode alike). */
static inline bool keeps_own_store(const sim_shadow *s, uint32_t epoch, unsigned tid, bool atomic, uint8_t mask)
{
    return atomic && s->w_epoch == epoch && !s->w_atomic && s->w_tid == tid && (s->w_mask & mask) == mask;
}

/* Do the word's reads this epoch by other threads, unordered before a
 * write (or an atomic) by lane (write_word found them), race with it? The
 * reader to name into *other and *rop. nvcc loads a word that one lane
 * reads under a condition (`if (t == 3) seen = s;`) in every lane of the
 * warp and keeps only that lane's value with a selp, so the other lanes'
 * loads may be nvcc's, not the program's. Counted is what the program
 * must have read:
 * - a read of another warp; for an atomic, unless its load's value only a
 *   selp reads (selected_load: it may be nvcc's alone), and then the
 *   atomic's own warp's reads, where a lane of that warp read first
 *   (r_multi and r_wsync are its warp's). A plain write counts every read
 *   of another warp, as before atomics were checked: a warp that runs
 *   first after a barrier and reads through a selp what another warp's
 *   store after a __syncwarp() overwrites is the common bug, which only
 *   this order shows;
 * - reads of the writer's own warp by several lanes (r_multi: which lanes
 *   is not kept), unless their load's value only a selp reads and a sync
 *   since with a partial mask named the writer's lane (the lanes it named
 *   with it may be all the program read with);
 * - for an atomic, not a CAS loop's first read, and where the atomic runs
 *   in one lane alone, not reads that may be that lane's own (the other
 *   lanes' nvcc's).
 * A race may go unseen; none is made up, but for a plain write after
 * another warp's selp-kept load that the program did not keep
 * (docs/architecture.md). */
static inline bool reads_race(const sim_block *b, const sim_warp *w, const shadow_at *A, const sim_shadow *s,
                              int lane, bool atomic, unsigned *other, uint32_t *rop)
{
    unsigned tid = A->wid * 32 + (unsigned)lane;
    *other = other_reader(s, tid, A->wid, rop);
    if (atomic && cas_seed(b, *rop)) return false;
    if (s->r_warps & ~A->wbit) {
        if (!atomic || !selected_load(b, *rop)) return true;
        if (!(s->r_warps & A->wbit) || (unsigned)s->r_tid / 32 != A->wid || (s->r_tid == tid && !s->r_multi))
            return false;
        if (warp_readers_ordered(w, s, lane, SIM_NO_TID)) return false; /* (r_tid2 is the other warp's) */
        /* r_tid, or where the writer read first, the first other lane of
           its warp that read (its load taken to be r_tid's: lanes that
           read a word together run one load) */
        *other = s->r_tid != tid ? s->r_tid : A->wid * 32 + (unsigned)s->r_multi - 1u;
        *rop = s->r_op;
        if (atomic && cas_seed(b, *rop)) return false;
    }
    if (s->r_multi && selected_load(b, s->r_op) && sim_warp_ordered(w, s->r_wsync, (unsigned)lane, (unsigned)lane))
        return false;
    return !atomic || A->multi || (!s->r_multi && s->r_tid != tid && s->r_tid2 != tid);
}

/* Whether lane's write of the bytes `mask` of word, a plain store (X_ST or
 * X_STS) of n bytes at off, writes what they hold, over another thread's
 * plain store there (not an atomic's, whose value came from what it read):
 * the two stores of one value (a flag every finder sets to 1, `found = 1`)
 * leave the word the same in either order, as the CUDA guide says of a
 * warp's writes to one word (one of them lands). Looked at only where the
 * write would be a race; the shadow runs before the store writes. */
static bool stores_same(sim_block *b, const sim_warp *w, int lane, uint32_t op, uint32_t word, uint8_t mask,
                        uint32_t off, unsigned n)
{
    b->memo_dirty = true; /* (a store's value: memo.c's record cannot say it) */
    if (op >= b->prog->ncode || !b->shared) return false;
    const sim_op *o = &b->prog->code[op];
    unsigned size = o->p[1], count = o->p[2] ? o->p[2] : 1;
    uint8_t v[32];
    if ((o->x != X_ST && o->x != X_STS) || size > 8 || size * count != n || n > sizeof v) return false;
    for (unsigned e = 0; e < count; e++) {
        uint64_t x = sim_store_value(w, o, e, lane);
        memcpy(v + e * size, &x, size);
    }
    for (unsigned i = 0; i < 4; i++) {
        uint32_t at = word * 4 + i;
        if ((mask >> i & 1u) && (at - off >= n || b->shared[at] != v[at - off])) return false;
    }
    return true;
}

/* A write (or an atomic) by thread tid of the bytes `mask` of word `word`. */
static inline __attribute__((always_inline)) void write_word(sim_block *b, sim_warp *w, const shadow_at *A,
                                                             int lane, unsigned tid, uint32_t word,
                                                             uint8_t mask, uint32_t off, unsigned n,
                                                             uint32_t op, bool atomic, bool *reported)
{
    sim_shadow *s = &A->sh[word];
    if (atomic && (written_at(A, s) & mask) != mask && A->memory)
        uninit(b, w, lane, op, word * 4, n); /* an atomic reads the old value */
    if (A->races && !*reported && s->w_epoch == A->epoch && s->w_tid != tid && (s->w_mask & mask) &&
        !(atomic && s->w_atomic)) {
        bool same = s->w_tid / 32 == A->wid;
        bool together = same && s->w_step == A->step && s->w_op == op;
        if (!together && !(same && sim_warp_ordered(w, s->w_wsync, s->w_tid, (unsigned)lane)) &&
            (atomic || s->w_atomic || !stores_same(b, w, lane, op, word, mask, off, n))) {
            race(b, w, lane, op, s->w_op, s->w_tid, off, true);
            *reported = true;
        }
    }
    if (A->races && !*reported && s->r_epoch == A->epoch && (s->r_mask & mask)) {
        /* this epoch's reads by other threads, unordered before it, as
           reads_race counts them */
        uint32_t others = s->r_warps & ~A->wbit;
        bool only_me = !others && s->r_tid == tid && !s->r_multi;
        bool synced = !others && readers_ordered(w, s, lane);
        uint32_t rop;
        unsigned other;
        if (!only_me && !synced && reads_race(b, w, A, s, lane, atomic, &other, &rop)) {
            SIM_ASSERT(other != SIM_NO_TID && other != tid);
            race(b, w, lane, op, rop, other, off, true);
            *reported = true;
        }
    }
    if (keeps_own_store(s, A->epoch, tid, atomic, mask)) return;
    record_write(s, A->base, A->epoch, tid, A->wsync, A->step, op, atomic, mask);
}

static inline __attribute__((always_inline)) void write_access(sim_block *b, sim_warp *w, const shadow_at *A,
                                                               int lane, uint32_t off, unsigned n, uint32_t op,
                                                               bool atomic)
{
    unsigned tid = A->wid * 32 + (unsigned)lane;
    bool reported = false;
    if (n == 4 && !(off & 3)) { /* one whole word */
        write_word(b, w, A, lane, tid, off / 4, 0xf, off, n, op, atomic, &reported);
        return;
    }
    for (uint32_t word = off / 4; word * 4 < off + n; word++)
        write_word(b, w, A, lane, tid, word, bytes_of(word, off, n), off, n, op, atomic, &reported);
}

/* ---- sync mode: the program has release/acquire operations or fences ----
 * The same checks, with three classes of access: weak (plain ld/st), volatile
 * and strong (relaxed or stronger, atomics). Two accesses of one block do
 * not race when both are strong, or both are volatile-or-strong and of
 * different warps (volatile does not order the lanes of one warp: the
 * warp-synchronous idiom still needs __syncwarp), or when the earlier one
 * happens before the later: same epoch and the same warp with a warp
 * synchronisation between, or another warp whose clock at the access the
 * accessor's vector clock covers (sync.c). Reads are kept per warp. */

enum { CL_WEAK, CL_VOL, CL_STRONG };

static inline int class_of(unsigned flags)
{
    return (flags & SIM_SY_STRONG) ? CL_STRONG : (flags & SIM_SY_VOLATILE) ? CL_VOL : CL_WEAK;
}

static inline bool exempt(int a, int c, bool same_warp)
{
    return a != CL_WEAK && c != CL_WEAK && (!same_warp || (a == CL_STRONG && c == CL_STRONG));
}

/* Is the last write of the word ordered before (or exempt from) thread
 * tid's access of class c? */
static bool write_ordered(const sim_block *b, const sim_warp *w, unsigned tid, const sim_shadow *s,
                          uint32_t word, int c, bool together)
{
    bool same = s->w_tid / 32 == w->id;
    if (exempt(b->sync->wcls[word], c, same)) return true;
    if (same) return together || sim_warp_ordered(w, s->w_wsync, s->w_tid, tid);
    return sim_sync_covers(b, tid, s->w_tid / 32, b->sync->wclk[word]);
}

static void sync_read(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op, int c)
{
    sim_sync *sy = b->sync;
    unsigned tid = w->id * 32 + (unsigned)lane;
    uint32_t wbit = 1u << w->id, lbit = 1u << lane;
    bool reported = false;
    for (uint32_t word = off / 4; word * 4 < off + n; word++) {
        sim_shadow *s = &b->shadow[word];
        uint8_t mask = bytes_of(word, off, n);
        if ((written(b, s) & mask) != mask && (b->checks & SIM_CHECK_MEMORY))
            uninit(b, w, lane, op, word * 4 + (uint32_t)__builtin_ctz(mask & ~written(b, s)), n);
        if (!reported && s->w_epoch == b->epoch && s->w_tid != tid && (s->w_mask & mask) &&
            !cas_seed_after_atomic(b, s->w_atomic, op) && !write_ordered(b, w, tid, s, word, c, false)) {
            race(b, w, lane, op, s->w_op, s->w_tid, off, false);
            reported = true;
        }
        sim_sread *e = &sy->rd[(size_t)word * sy->nw + w->id];
        if (s->r_epoch != b->epoch) {
            s->r_epoch = b->epoch;
            s->r_warps = 0;
            s->r_mask = 0;
        }
        if (!(s->r_warps & wbit) || e->wsync != w->wsync) {
            s->r_warps |= wbit;
            e->lanes = e->weak = e->vol = e->seed = 0;
            e->wsync = w->wsync;
        }
        e->clk = w->clk;
        e->lanes |= lbit;
        if (c == CL_WEAK) e->weak |= lbit;
        else if (c == CL_VOL) e->vol |= lbit;
        if (cas_seed(b, op)) e->seed |= lbit;
        else e->seed &= ~lbit; /* (the lane's latest read) */
        e->op = op;
        s->r_mask |= mask;
    }
}

/* A read of the word by another thread that the write by tid (class c)
 * races with: its warp, lane and op in *warp, *lane, *rop. atomic: 0 for a
 * plain write, else the atomic's lanes. Reads count as reads_race says. */
static bool read_conflict(const sim_block *b, const sim_warp *w, int lane, uint32_t word, int c, uint32_t atomic,
                          unsigned *warp, int *rlane, uint32_t *rop)
{
    const sim_sync *sy = b->sync;
    unsigned tid = w->id * 32 + (unsigned)lane;
    for (uint32_t rw = b->shadow[word].r_warps; rw; rw &= rw - 1) {
        unsigned r = (unsigned)__builtin_ctz(rw);
        const sim_sread *e = &sy->rd[(size_t)word * sy->nw + r];
        uint32_t conf;
        if (r == w->id) {
            conf = (c == CL_STRONG ? e->weak | e->vol : e->lanes) & ~(1u << lane);
            if (e->wsync < w->wsync) /* synced since: a lane a sync named with this one is ordered */
                for (uint32_t left = conf; left; left &= left - 1)
                    if (sim_warp_ordered(w, e->wsync, (unsigned)__builtin_ctz(left), (unsigned)lane))
                        conf &= ~(1u << __builtin_ctz(left));
            if ((e->lanes & (e->lanes - 1)) && selected_load(b, e->op) &&
                sim_warp_ordered(w, e->wsync, (unsigned)lane, (unsigned)lane))
                conf = 0; /* (as reads_race: a partial sync since that named the lane, after several lanes'
                             selp-kept loads) */
            if (atomic && (atomic & (atomic - 1)) == 0 && (e->lanes >> lane & 1u))
                conf = 0; /* (a lone lane's atomic after its own read) */
        } else {
            conf = c == CL_WEAK ? e->lanes : e->weak;
            if (conf && sim_sync_covers(b, tid, r, e->clk)) conf = 0;
            if (atomic && selected_load(b, e->op)) conf = 0;
        }
        if (atomic) conf &= ~e->seed; /* (a CAS loop's first read) */
        if (conf) {
            *warp = r;
            *rlane = __builtin_ctz(conf);
            *rop = e->op;
            return true;
        }
    }
    return false;
}

static void sync_write(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op, int c,
                       uint32_t atomic)
{
    sim_sync *sy = b->sync;
    unsigned tid = w->id * 32 + (unsigned)lane;
    bool reported = false;
    uint32_t step = w->minst;
    for (uint32_t word = off / 4; word * 4 < off + n; word++) {
        sim_shadow *s = &b->shadow[word];
        uint8_t mask = bytes_of(word, off, n);
        if (atomic && (written(b, s) & mask) != mask && (b->checks & SIM_CHECK_MEMORY))
            uninit(b, w, lane, op, word * 4, n);
        if (!reported && s->w_epoch == b->epoch && s->w_tid != tid && (s->w_mask & mask)) {
            bool together = s->w_tid / 32 == w->id && s->w_step == step && s->w_op == op;
            if (!write_ordered(b, w, tid, s, word, c, together) &&
                (atomic || s->w_atomic || !stores_same(b, w, lane, op, word, mask, off, n))) {
                race(b, w, lane, op, s->w_op, s->w_tid, off, true);
                reported = true;
            }
        }
        unsigned rw;
        int rl;
        uint32_t rop;
        if (!reported && s->r_epoch == b->epoch && (s->r_mask & mask) &&
            read_conflict(b, w, lane, word, c, atomic, &rw, &rl, &rop)) {
            race(b, w, lane, op, rop, rw * 32 + (unsigned)rl, off, true);
            reported = true;
        }
        if (keeps_own_store(s, b->epoch, tid, atomic != 0, mask)) continue;
        record_write(s, b->epoch_base, b->epoch, tid, w->wsync, step, op, atomic != 0, mask);
        sy->wclk[word] = w->clk;
        sy->wcls[word] = (uint8_t)c;
    }
}

void sim_shadow_read(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op)
{
    const uint32_t a[2] = { (uint32_t)lane, off };
    if (b->memo_mode && sim_memo_access(b, w, SIM_MEV_READ1, 1u << lane, a, 2, n, op) >= 0) return;
    if (sim_rules_take(b, w, SIM_MEV_READ1, 1u << lane, a, n, op)) return;
    if (b->async_n) sim_async_touch(b, w, 1u << lane, NULL, off, 0, n, op, false);
    sim_shadow_settle(b);
    if (b->sync) {
        sync_read(b, w, lane, off, n, op, class_of(b->prog->code[op].aux2));
        return;
    }
    shadow_at A = shadow_at_of(b, w);
    read_access(b, w, &A, lane, off, n, op);
}

void sim_shadow_write(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op, uint32_t atomic)
{
    if (!b->shadow) return;
    if (b->memo_mode && atomic) sim_memo_stop(b);
    if (b->rules_on && atomic) sim_rules_stop(b);
    const uint32_t a[2] = { (uint32_t)lane, off };
    if (b->memo_mode && sim_memo_access(b, w, SIM_MEV_WRITE1, 1u << lane, a, 2, n, op) >= 0) return;
    if (sim_rules_take(b, w, SIM_MEV_WRITE1, 1u << lane, a, n, op)) return;
    if (b->async_n) sim_async_touch(b, w, 1u << lane, NULL, off, 0, n, op, true);
    sim_shadow_settle_write(b);
    if (b->sync) {
        sync_write(b, w, lane, off, n, op, atomic ? CL_STRONG : class_of(b->prog->code[op].aux2), atomic);
        return;
    }
    shadow_at A = shadow_at_of(b, w);
    A.multi = (atomic & (atomic - 1)) != 0;
    write_access(b, w, &A, lane, off, n, op, atomic != 0);
}

/* Once a lane has taken the broadcast shortcut below, the word's reader
 * record is one that further lanes of the warp reading it only leave as it
 * is when the first reader is of another warp, or another thread of its
 * warp (this one) is already noted (r_multi, and r_tid2 taken: note_reader
 * keeps it for a reader of the first one's warp). */
static inline bool readers_settled(const shadow_at *A, const sim_shadow *s)
{
    return s->r_tid / 32 != A->wid || (s->r_multi && s->r_tid2 != SIM_NO_TID);
}

/* Whether the warp-wide tests below may run: not in the reference mode
 * (the golden runner's third run), which takes every lane the general way
 * so that CTest compares each test with it. */
static inline bool shortcuts(const sim_block *b)
{
    return !(b->L && b->L->reference);
}

/* The bytes of its word a lane's access of n <= 4 bytes at off covers, or 0
 * when it crosses into the next word or is SIM_NONE. */
static inline uint8_t sub_mask(uint32_t off, unsigned n)
{
    return off == SIM_NONE || (off & 3) + n > 4 ? 0 : (uint8_t)(((1u << n) - 1) << (off & 3));
}

/* One lane's plain-mode read, with the broadcast shortcut: prev is the
 * offset the lane before read (SIM_NONE when none). True when it took
 * the shortcut and the lanes after it reading the same word change nothing
 * (readers_settled), so the caller may skip them. */
static inline __attribute__((always_inline)) bool plain_read_lane(sim_block *b, sim_warp *w, const shadow_at *A,
                                                                  int l, uint32_t off, uint32_t prev,
                                                                  unsigned n, uint32_t op)
{
    uint8_t mask = sub_mask(off, n); /* (0: across two words, or SIM_NONE) */
    if (off == prev && mask && shortcuts(b)) {
        /* the lane before read the same bytes of one word (a broadcast, a
           chunk's byte every thread reads): what it found, this lane
           finds; only note that two threads of the warp read it */
        sim_shadow *s = &A->sh[off / 4];
        unsigned tid = A->wid * 32 + (unsigned)l;
        if (s->w_epoch != A->epoch && (!A->memory || (written_at(A, s) & mask) == mask)) {
            /* no write this epoch, and the bytes written before (else each
               lane's read reports them unwritten, as read_word does): nothing
               depends on who reads */
            if (s->r_tid / 32 == A->wid && s->r_tid != tid) {
                note_multi(s, tid);
                note_reader(s, tid, op);
            }
            return readers_settled(A, s);
        }
        /* written this epoch, wholly, and not by a write this warp has not
           synced past (nor other bytes): no lane races with it or finds it
           uninitialised, and each adds itself as a reader, as read_word
           would (the lane before made this epoch's reader record) */
        if ((written_at(A, s) & mask) == mask &&
            (!(s->w_mask & mask) || (s->w_tid / 32 == A->wid && synced_whole(A, s->w_wsync)))) {
            if (!A->races) return true;
            if (s->r_tid != tid && s->r_tid / 32 == A->wid) {
                note_multi(s, tid);
                note_reader(s, tid, op);
            }
            s->r_mask |= mask;
            if ((unsigned)s->r_tid / 32 == A->wid) s->r_wsync = A->wsync; /* (as read_word) */
            return readers_settled(A, s);
        }
    }
    read_access(b, w, A, l, off, n, op);
    return false;
}

/* The plain-mode reads of a warp's lanes r (in order) for any size; prev
 * is the word offset the lane before r's first read (SIM_NONE when none). */
static inline __attribute__((always_inline)) void plain_reads_from(sim_block *b, sim_warp *w, const shadow_at *A,
                                                                   uint32_t r, const uint32_t *soff, uint32_t prev,
                                                                   unsigned n, uint32_t op)
{
    bool settled = false; /* lanes reading prev again change nothing */
    for (; r; r &= r - 1) { /* the lanes of r, in order */
        int l = __builtin_ctz(r);
        uint32_t off = soff[l];
        if (off == SIM_NONE || (off == prev && settled)) continue;
        settled = plain_read_lane(b, w, A, l, off, prev, n, op);
        prev = off;
    }
}

/* read4_word for lane l's read at off. */
static inline __attribute__((always_inline)) bool read4_fast(const shadow_at *A, int l, uint32_t off, uint32_t op,
                                                             bool own)
{
    if (off & 3) return false;
    return read4_word(A, shadow_word(A, off), A->wid * 32 + (unsigned)l, op, own);
}

/* read4_word for a read of the bytes `mask` (within one word, or the whole
 * word) by thread tid: the same test with those bytes written (not the
 * whole word), the same record with those bytes read. read_word does the
 * same: the word's last write is this block's, before this epoch or tid's
 * own (or a lane's it synced past), so nothing races or is uninitialised,
 * and no read this epoch, so the record starts again. A word tid alone
 * read this epoch (a thread's counter or slot read again) has its read
 * bytes grown where the warp has not synced since, as read_word grows
 * them, and starts again where it has, with syncs that named every lane
 * (readers_ordered); after a partial sync, false. */
static inline __attribute__((always_inline)) bool read_sub_word(const shadow_at *A, sim_shadow *s, unsigned tid,
                                                                uint32_t op, uint8_t mask)
{
    uint32_t before = A->epoch - A->base + own_write(A, s, tid);
    bool ordered = s->w_epoch - A->base < before;
    if (!(ordered & ((s->init_mask & mask) == mask))) return false;
    if (s->r_epoch == A->epoch) {
        if (s->r_warps != A->wbit || s->r_tid != tid || s->r_multi || s->r_tid2 != SIM_NO_TID) return false;
        if (s->r_wsync == A->wsync) {
            s->r_mask |= mask;
            return true;
        }
        if (!synced_whole(A, s->r_wsync)) return false;
    }
    s->r_epoch = A->epoch;
    first_reader(s, tid);
    s->r_warps = A->wbit;
    s->r_multi = 0;
    s->r_mask = mask;
    s->r_op = op;
    s->r_wsync = A->wsync;
    return true;
}

/* write4_word for a plain write of the bytes `mask` (within one word) by
 * thread tid, with readers this epoch allowed when tid is the only one (a
 * counter's `c += 1`): write_word finds no race then (the last write
 * another epoch's or ordered before, as own_write says; no other reader),
 * and records the write. */
static inline __attribute__((always_inline)) bool write_sub_word(const shadow_at *A, sim_shadow *s, unsigned tid,
                                                                 uint32_t op, uint8_t mask)
{
    bool ordered = (s->w_epoch != A->epoch) | own_write(A, s, tid);
    bool mine = s->r_epoch != A->epoch || (s->r_warps == A->wbit && s->r_tid == tid && !s->r_multi);
    if (!(ordered & mine)) return false;
    record_write(s, A->base, A->epoch, tid, A->wsync, A->step, op, false, mask);
    return true;
}

/* A lane's read of n = 8 or 16 bytes at off (ld.shared.v2 / .v4 of whole
 * words): read4_word's test (with `own`) on each of its words, all of them
 * looked at before any record is made, then each word's record as
 * read_access makes it; false, with nothing done, when any word fails it
 * (or the lane is SIM_NONE or not word aligned). */
static inline __attribute__((always_inline)) bool read_words_fast(const shadow_at *A, uint32_t off, unsigned n,
                                                                  unsigned tid, uint32_t op)
{
    if (off & 3) return false; /* SIM_NONE too */
    sim_shadow *s = &A->sh[off / 4];
    for (unsigned i = 0; i < n / 4; i++)
        if (!read4_ok(A, &s[i], tid, true)) return false;
    for (unsigned i = 0; i < n / 4; i++) read4_record(A, &s[i], tid, op);
    return true;
}

/* A plain read of n bytes at off by lane l, when a warp-wide test takes
 * it (the sub-word test, for a whole word too; read_words_fast): true
 * when it did, leaving the records read_access would leave, with nothing
 * to report; false, with nothing done, else (SIM_NONE included). */
static inline __attribute__((always_inline)) bool read_fast(const shadow_at *A, int l, uint32_t off, unsigned n,
                                                            uint32_t op)
{
    unsigned tid = A->wid * 32 + (unsigned)l;
    if (n <= 4) { /* (a whole word too) */
        uint8_t mask = sub_mask(off, n);
        return mask && read_sub_word(A, &A->sh[off / 4], tid, op, mask);
    }
    return (n == 8 || n == 16) && read_words_fast(A, off, n, tid, op);
}

/* The plain-mode reads of a warp's lanes r, in order, from prev (the word
 * offset the lane before r's first read; SIM_NONE when none): each lane by
 * read_fast where it holds, else as plain_reads_from takes it. A lane's
 * test and its record look only at its own words' entries, as the lanes
 * before it left them, whichever way those went, so a lane taken the
 * general way among fast ones (a counter a thread reads twice in an epoch)
 * sends only itself there. */
static inline __attribute__((always_inline)) void mixed_reads(sim_block *b, sim_warp *w, const shadow_at *A,
                                                              uint32_t r, const uint32_t *soff, uint32_t prev,
                                                              unsigned n, uint32_t op)
{
    bool settled = false; /* lanes reading prev again change nothing */
    for (; r; r &= r - 1) { /* the lanes of r, in order */
        int l = __builtin_ctz(r);
        uint32_t off = soff[l];
        if (off == SIM_NONE || (off == prev && settled)) continue;
        settled = !read_fast(A, l, off, n, op) && plain_read_lane(b, w, A, l, off, prev, n, op);
        prev = off;
    }
}

/* The plain-mode 4-byte reads of a warp's lanes: read4_fast lane by lane
 * in a tight loop (a full warp's with a plain count) while it holds; from
 * the first lane it does not hold for, mixed_reads for the rest (a tree
 * reduction's reads of words written this epoch never take the first loop
 * past its first lane). */
static inline __attribute__((always_inline)) void plain_reads4(sim_block *b, sim_warp *w, uint32_t m,
                                                               const uint32_t *soff, uint32_t op)
{
    const shadow_at A = shadow_at_of(b, w);
    uint32_t r = m;
    bool fast = A.races && shortcuts(b); /* (without race checks no reader records: the general loop) */
    if (fast) {
        if (m == SIM_FULL) { /* a full warp: a plain count */
            int l = 0;
#pragma GCC unroll 1
            for (; l < 32; l++)
                if (!read4_fast(&A, l, soff[l], op, false)) break;
            if (l == 32) return;
            r = SIM_FULL << l;
        } else {
            while (r && read4_fast(&A, __builtin_ctz(r), soff[__builtin_ctz(r)], op, false)) r &= r - 1;
        }
    }
    if (!r) return;
    uint32_t before = m & ~r; /* the fast lanes, all below r's: whole words, never SIM_NONE */
    uint32_t prev = before ? soff[31 - __builtin_clz(before)] : SIM_NONE;
    if (fast) mixed_reads(b, w, &A, r, soff, prev, 4, op);
    else plain_reads_from(b, w, &A, r, soff, prev, 4, op);
}

void sim_shadow_reads(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, unsigned n, uint32_t op)
{
    if (!b->shadow) return;
    if (b->memo_mode && sim_memo_access(b, w, SIM_MEV_READS, m, soff, 32, n, op) >= 0) return;
    if (sim_rules_take(b, w, SIM_MEV_READS, m, soff, n, op)) return;
    if (b->async_n) sim_async_touch(b, w, m, soff, 0, 0, n, op, false);
    sim_shadow_settle(b);
    if (b->sync) {
        int c = class_of(b->prog->code[op].aux2);
        for (int l = 0; l < 32; l++)
            if ((m >> l & 1u) && soff[l] != SIM_NONE) sync_read(b, w, l, soff[l], n, op, c);
        return;
    }
    if (n == 4) {
        plain_reads4(b, w, m, soff, op);
    } else {
        const shadow_at A = shadow_at_of(b, w);
        /* bytes and halves within a word (a 16-bit counter), vectors of
           words: each lane by its test where it holds (with race checks:
           else no reader records), else the general way */
        if (A.races && shortcuts(b)) mixed_reads(b, w, &A, m, soff, SIM_NONE, n, op);
        else plain_reads_from(b, w, &A, m, soff, SIM_NONE, n, op);
    }
}

/* The offsets of the lanes of m from a run's first lane f at off: lane l's
 * word is (l - f) words past it (the general loops read them by lane). */
static inline void run_offsets(uint32_t m, uint32_t off, uint32_t *soff)
{
    int f = __builtin_ctz(m);
    for (uint32_t r = m; r; r &= r - 1) soff[__builtin_ctz(r)] = off + 4 * (uint32_t)(__builtin_ctz(r) - f);
}

/* sim_shadow_reads for lanes m that all read the n bytes at off (a
 * broadcast: every lane of a warp reading a tree's result). In plain mode
 * with whole words, the first lane as plain_reads4 takes it, then lane by
 * lane as plain_reads_from until a lane leaves the word's reader record one
 * that the lanes after it, reading the same word, leave as it is: they are
 * not visited. */
static inline __attribute__((always_inline)) void reads_one_word(sim_block *b, sim_warp *w, const shadow_at *A,
                                                                 uint32_t m, uint32_t off, uint32_t op)
{
    uint32_t r = m, prev = SIM_NONE;
    if (A->races && shortcuts(b) && read4_fast(A, __builtin_ctz(r), off, op, true)) {
        r &= r - 1;
        prev = off;
    }
    for (; r; r &= r - 1) {
        if (plain_read_lane(b, w, A, __builtin_ctz(r), off, prev, 4, op)) return;
        prev = off;
    }
}

/* sim_shadow_reads for lanes m that all read the n < 4 bytes at off,
 * within one word (a chunk's byte every thread reads), with race checks in
 * plain mode: mixed_reads' steps on 32 equal offsets, which end at the
 * first lane that leaves the word's reader record settled (the lanes
 * after it would be skipped there). */
static inline __attribute__((always_inline)) void reads_one_sub(sim_block *b, sim_warp *w, const shadow_at *A,
                                                                uint32_t m, uint32_t off, unsigned n, uint32_t op)
{
    uint32_t prev = SIM_NONE;
    for (uint32_t r = m; r; r &= r - 1) {
        int l = __builtin_ctz(r);
        if (!read_fast(A, l, off, n, op) && plain_read_lane(b, w, A, l, off, prev, n, op)) return;
        prev = off;
    }
}

/* Whether no lane of the warp can find anything to report reading the
 * whole word at off (a multiple of 4): the block wrote it wholly, and not
 * this epoch unless by a lane of this warp that every lane has synced past
 * since (read_word then neither finds it uninitialised nor a race, for any
 * reader of the warp). */
static inline bool word_quiet(const shadow_at *A, uint32_t off)
{
    const sim_shadow *s = shadow_word(A, off);
    return written_at(A, s) == 0xf &&
           (s->w_epoch != A->epoch || (s->w_tid / 32 == A->wid && synced_whole(A, s->w_wsync)));
}

void sim_shadow_reads_one(sim_block *b, sim_warp *w, uint32_t m, uint32_t off, unsigned n, uint32_t op)
{
    if (!b->shadow || !m) return;
    if (b->memo_mode && sim_memo_access(b, w, SIM_MEV_READS_ONE, m, &off, 1, n, op) >= 0) return;
    if (sim_rules_take(b, w, SIM_MEV_READS_ONE, m, &off, n, op)) return;
    sim_shadow_settle(b);
    const shadow_at A = shadow_at_of(b, w);
    /* a broadcast of 2 or 4 whole words (ld.shared.v2, .v4 of a block's
       totals): when no lane can report on any of its words, a word's
       records depend only on the lanes' reads of that word, so they are
       made word by word, each as a 4-byte broadcast (the lanes' order kept
       within a word; with race checks: else no reader records) */
    bool words = (n == 8 || n == 16) && A.races && !b->sync && !(off & 3) && shortcuts(b) && off <= b->shared_size &&
                 b->shared_size - off >= n;
    for (unsigned i = 0; words && i < n / 4; i++) words = word_quiet(&A, off + 4 * i);
    if (words) {
        if (b->async_n) sim_async_touch(b, w, m, NULL, off, 0, n, op, false);
        for (unsigned i = 0; i < n / 4; i++) reads_one_word(b, w, &A, m, off + 4 * i, op);
        return;
    }
    if (!b->sync && n < 4 && sub_mask(off, n) && A.races && shortcuts(b)) {
        if (b->async_n) sim_async_touch(b, w, m, NULL, off, 0, n, op, false);
        reads_one_sub(b, w, &A, m, off, n, op);
        return;
    }
    if (b->sync || n != 4 || off == SIM_NONE) {
        uint32_t soff[32];
        for (int l = 0; l < 32; l++) soff[l] = off;
        uint8_t mode = b->memo_mode; /* (this access is recorded, and was offered to the rules, as a broadcast) */
        bool rules = b->rules_on;
        b->memo_mode = 0;
        b->rules_on = false;
        sim_shadow_reads(b, w, m, soff, n, op);
        b->memo_mode = mode;
        b->rules_on = rules;
        return;
    }
    if (b->async_n) sim_async_touch(b, w, m, NULL, off, 0, n, op, false);
    reads_one_word(b, w, &A, m, off, op);
}

/* The lanes of the run m from its i-th on, at the words from off: the
 * general loop (out of line: the run's fast loops keep a small frame). */
void sim_shadow_run_reads_rest(sim_block *b, sim_warp *w, uint32_t m, uint32_t off, uint32_t op, int i)
{
    const shadow_at A = shadow_at_of(b, w);
    int from = __builtin_ctz(m) + i; /* the run's lanes from f to f + i - 1 are done */
    uint32_t soff[32], r = m >> from << from, before = m & ~r;
    run_offsets(m, off, soff);
    plain_reads_from(b, w, &A, r, soff, before ? soff[31 - __builtin_clz(before)] : SIM_NONE, 4, op);
}

void sim_shadow_reads_run(sim_block *b, sim_warp *w, uint32_t m, uint32_t off, uint32_t op)
{
    shadow_reads_run(b, w, m, off, op);
}

/* write4_word for lane l's write at off. */
static inline __attribute__((always_inline)) bool write4_fast(const shadow_at *A, int l, uint32_t off, uint32_t op,
                                                              bool own)
{
    if (off & 3) return false;
    return write4_word(A, shadow_word(A, off), A->wid * 32 + (unsigned)l, op, own);
}

/* Writes (or atomics) by the lanes m of a warp, in lane order. */
static inline __attribute__((always_inline)) void writes(sim_block *b, sim_warp *w, uint32_t m,
                                                         const uint32_t *soff, unsigned n, uint32_t op,
                                                         bool atomic)
{
    if (!b->shadow) return;
    if (b->sync) {
        int c = atomic ? CL_STRONG : class_of(b->prog->code[op].aux2);
        for (int l = 0; l < 32; l++)
            if ((m >> l & 1u) && soff[l] != SIM_NONE) sync_write(b, w, l, soff[l], n, op, c, atomic ? m : 0);
        return;
    }
    shadow_at A = shadow_at_of(b, w);
    A.multi = atomic && (m & (m - 1)) != 0;
    uint32_t r = m;
    if (n <= 4 && !atomic && shortcuts(b)) {
        /* write4_fast in a tight loop while it holds (a full warp's with a
           plain count), then each lane by the sub-word test (a whole word
           too: also where the lane alone read it this epoch) where it holds, else
           write_access: a lane's test looks only at its word's entry, as
           the lanes before it left it */
        if (n == 4 && m == SIM_FULL) {
            int l = 0;
#pragma GCC unroll 1
            for (; l < 32; l++)
                if (!write4_fast(&A, l, soff[l], op, false)) break;
            if (l == 32) return;
            r = SIM_FULL << l;
        }
        for (; r; r &= r - 1) { /* the lanes of r, in order */
            int l = __builtin_ctz(r);
            uint32_t off = soff[l];
            uint8_t mask = sub_mask(off, n); /* (0xf: a whole word) */
            bool done = mask && write_sub_word(&A, &A.sh[off / 4], A.wid * 32 + (unsigned)l, op, mask);
            if (!done && off != SIM_NONE) write_access(b, w, &A, l, off, n, op, false);
        }
        return;
    }
    for (; r; r &= r - 1) { /* the lanes of r, in order */
        int l = __builtin_ctz(r);
        if (soff[l] != SIM_NONE) write_access(b, w, &A, l, soff[l], n, op, atomic);
    }
}

void sim_shadow_writes(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, unsigned n, uint32_t op)
{
    if (b->memo_mode && sim_memo_access(b, w, SIM_MEV_WRITES, m, soff, 32, n, op) >= 0) return;
    if (sim_rules_take(b, w, SIM_MEV_WRITES, m, soff, n, op)) return;
    if (b->async_n) sim_async_touch(b, w, m, soff, 0, 0, n, op, true);
    sim_shadow_settle_write(b);
    writes(b, w, m, soff, n, op, false);
}

/* The lanes of the run m from its i-th on: write_access lane by lane (out
 * of line: the run's fast loop keeps a small frame). */
void sim_shadow_run_writes_rest(sim_block *b, sim_warp *w, uint32_t m, uint32_t off, uint32_t op, int i)
{
    const shadow_at A = shadow_at_of(b, w);
    int f = __builtin_ctz(m), k = 32 - __builtin_clz(m) - f;
    for (; i < k; i++) write_access(b, w, &A, f + i, off + 4 * (uint32_t)i, 4, op, false);
}

void sim_shadow_writes_run(sim_block *b, sim_warp *w, uint32_t m, uint32_t off, uint32_t op)
{
    shadow_writes_run(b, w, m, off, op);
}

/* One lane's atomic of 4 bytes at off, out of line: the rare lane of
 * atomics4, which keeps its loop's registers. */
static __attribute__((noinline)) void atomic_lane(sim_block *b, sim_warp *w, const shadow_at *A, int lane,
                                                  uint32_t off, uint32_t op)
{
    write_access(b, w, A, lane, off, 4, op, true);
}

/* A warp's 4-byte atomics in plain mode (the histograms' atomicAdd), in
 * lane order, with write_access's results. A lane whose word the block has
 * wholly written, with no write this epoch or an atomic last (atomics do not
 * race with atomics) and no read this epoch (a plain read races with another
 * thread's atomic after it), has nothing to report, and its record is only
 * the writer's fields: one test (the bit and of the four) finds that. A lane on
 * the word the lane before had (a run of one bin), whose record the lane
 * before left atomic, finds that too, and changes only the writer's thread
 * (write_word may leave a plain write: the lane's own store before). Any
 * other lane, or an offset that is not a whole word (SIM_NONE included: its
 * low bits are set), takes write_access. */
static inline __attribute__((always_inline)) void atomics4(sim_block *b, sim_warp *w, uint32_t m,
                                                           const uint32_t *soff, uint32_t op)
{
    shadow_at A = shadow_at_of(b, w);
    A.multi = (m & (m - 1)) != 0;
    const uint32_t span = A.epoch - A.base; /* the block's epochs before this one */
    uint32_t prev = 1; /* the lane before's word offset; 1 (no word's) when none */
    sim_shadow *s = NULL;
    for (uint32_t r = m; r; r &= r - 1) { /* the lanes of m, in order */
        int l = __builtin_ctz(r);
        uint32_t off = soff[l];
        unsigned tid = A.wid * 32 + (unsigned)l;
        if (off == prev && s->w_atomic & ((s->r_epoch != A.epoch) | !A.races)) {
            s->w_tid = (uint16_t)tid;
            continue;
        }
        if (off & 3) {
            if (off != SIM_NONE) atomic_lane(b, w, &A, l, off, op);
            prev = 1;
            continue;
        }
        prev = off;
        s = shadow_word(&A, off);
        /* w_epoch >= base, and w_epoch < epoch or an atomic, in one compare:
           no entry's w_epoch is past the block's epoch; and no read this
           epoch that the atomic may race with */
        if (__builtin_expect((s->w_epoch - A.base < span + s->w_atomic) & (s->init_mask == 0xf) &
                                 ((s->r_epoch != A.epoch) | !A.races),
                             1)) {
            /* record_write, less what it would leave as it is */
            s->w_epoch = A.epoch;
            s->w_tid = (uint16_t)tid;
            s->w_wsync = A.wsync;
            s->w_step = A.step;
            s->w_op = op;
            s->w_atomic = 1;
            s->w_mask = 0xf;
        } else {
            atomic_lane(b, w, &A, l, off, op);
        }
    }
}

SIM_HOT void sim_shadow_atomics(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, unsigned n, uint32_t op)
{
    if (b->memo_mode) sim_memo_stop(b);
    if (b->rules_on) sim_rules_stop(b);
    if (b->async_n) sim_async_touch(b, w, m, soff, 0, 0, n, op, true);
    sim_shadow_settle_write(b);
    if (n == 4 && b->shadow && !b->sync) {
        atomics4(b, w, m, soff, op);
        return;
    }
    writes(b, w, m, soff, n, op, true);
}

/* ---- the read log ---- */

/* The lanes whose offset is not the lane before's nor, from lane 16 on,
 * the one 16 lanes before's (a tile's row read by both half-warps): lane 0
 * and those whose word may differ from all before it's; and in *bits the OR
 * of every offset. Four vector compares a row. */
static inline __attribute__((always_inline)) uint32_t fresh_lanes(const uint32_t *soff, uint32_t *bits)
{
    const v8u bit = { 1, 2, 4, 8, 16, 32, 64, 128 }, zero = { 0 };
    v8u any = zero;
    uint32_t fresh = 0;
    for (int k = 0; k < 4; k++) {
        v8u x, prev, half, d;
        ld8(&x, soff, k);
        any |= x;
        if (k == 0) {
            prev = __builtin_shufflevector(x, x, 0, 0, 1, 2, 3, 4, 5, 6);
            prev[0] = ~x[0];
        } else {
            prev = *(const v8uu *)(soff + 8 * k - 1);
        }
        d = (v8u)(x != prev);
        if (k >= 2) {
            ld8(&half, soff, k - 2);
            d &= (v8u)(x != half);
        }
        d &= bit;
        fresh |= hor8(&d) << (8 * k);
    }
    *bits = hor8(&any);
    return fresh;
}

/* Whether every word of shared memory (up to 2,048 words, 8 KiB) was
 * wholly written by the block, to the first word that was not: then every
 * word is, in each epoch, clean (wholly written before the epoch) until
 * the block's first write of the epoch (its word's w_epoch is the epoch;
 * no other's is), since a write keeps init_mask and sets w_epoch to an
 * epoch of the block. Looked at once an epoch until it holds, then never
 * again for the block (a tile kernel's shared memory once its first tiles
 * are in). */
static void make_summarized(sim_block *b);

static bool all_init(sim_block *b)
{
    const uint32_t base = b->epoch_base, n = b->shared_size / 4;
    if (n > 2048 || !n) return false;
    if (b->nwsum) make_summarized(b); /* (once, until the test holds for the block: no rest) */
    for (uint32_t i = 0; i < n; i++) {
        const sim_shadow *s = &b->shadow[i];
        if ((s->w_epoch < base) | (s->init_mask != 0xf)) return false;
    }
    return true;
}

/* How many epochs the read log rests after another access of the shadow or
 * a warp sync met it (its reads replayed: logged for nothing, where reads
 * are followed by a shuffle or a write in their epoch, as CUB's scans and
 * sorts have them); a kernel whose logs a barrier drops (a tile's reads)
 * keeps logging. Either way the shadow ends the same. */
#define RLOG_REST 8u

static void replay_log(sim_block *b);
static void replay_dots(sim_block *b, sim_warp *w, const sim_rlog *e);

/* Whether the read log takes reads now: on, not resting, with the memo of
 * clean words started again when stale (a new epoch, a write since). */
static inline __attribute__((always_inline)) bool log_open(sim_block *b)
{
    if (!b->rlog || b->rlog_resume - b->epoch - 1 < RLOG_REST) return false; /* (epoch < resume, near it) */
    if (b->clean_epoch != b->epoch) {
        b->clean_epoch = b->epoch;
        if (!b->all_init) b->all_init = all_init(b);
        b->all_clean = b->all_init && b->wrote_epoch != b->epoch;
        if (!b->all_clean) memset(b->clean, 0, ((size_t)b->shared_size / 256 + 1) * sizeof *b->clean);
    }
    return true;
}

void sim_shadow_log_open(sim_block *b)
{
    (void)log_open(b);
}

/* Whether the word (an index) was wholly written by the block before this
 * epoch: the memo's bit, else its entry (one compare: no entry's w_epoch is
 * past the block's epoch), noted in the memo when it was. */
static inline __attribute__((always_inline)) bool word_clean(sim_block *b, uint32_t word)
{
    uint64_t *c = &b->clean[word / 64], bit = 1ull << (word % 64);
    if (*c & bit) return true; /* found so this epoch, unwritten since */
    const sim_shadow *s = &b->shadow[word];
    if ((s->w_epoch - b->epoch_base >= b->epoch - b->epoch_base) | (s->init_mask != 0xf)) return false;
    *c |= bit;
    return true;
}

/* The next entry of the log (replayed first when full), for warp w's load op. */
static inline __attribute__((always_inline)) sim_rlog *log_entry(sim_block *b, const sim_warp *w, uint32_t op)
{
    if (b->rlog_n == SIM_RLOG_CAP) replay_log(b);
    return shadow_log_new(b, w, op);
}

static bool defer_reads(sim_block *b, sim_warp *w, const uint32_t *soff, uint32_t op);

SIM_HOT bool sim_shadow_defer_reads(sim_block *b, sim_warp *w, const uint32_t *soff, uint32_t op)
{
    if (sim_rules_take(b, w, SIM_MEV_DEFER_READS, SIM_FULL, soff, 4, op)) return true;
    if (!b->memo_mode) return defer_reads(b, w, soff, op);
    int r = sim_memo_access(b, w, SIM_MEV_DEFER_READS, SIM_FULL, soff, 32, 4, op);
    if (r >= 0) return r;
    bool v = defer_reads(b, w, soff, op);
    sim_memo_result(b, v);
    return v;
}

static inline __attribute__((always_inline)) bool defer_reads(sim_block *b, sim_warp *w, const uint32_t *soff,
                                                              uint32_t op)
{
    if (!log_open(b)) return false;
    if (!b->all_clean) sim_shadow_expand_all(b); /* (word_clean reads the entries) */
    uint32_t bits, fresh = b->all_clean ? 0 : fresh_lanes(soff, &bits);
    if (!b->all_clean && (bits & 3)) return false; /* (SIM_NONE's low bits are set) */
    /* every lane's word wholly written by the block before this epoch;
       with all of shared memory so, nothing to look at (a tile's loop
       between its barriers) */
    for (uint32_t r = fresh; r; r &= r - 1)
        if (!word_clean(b, soff[__builtin_ctz(r)] / 4)) return false;
    /* nothing to report, now or when replayed (nothing writes the shadow
       before the replay): only the reader records are left to make, and
       a pending cp.async's bytes to look for */
    if (b->async_n) sim_async_touch(b, w, SIM_FULL, soff, 0, 0, 4, op, false);
    sim_rlog *e = log_entry(b, w, op);
    for (int l = 0; l < 32; l++) e->at.word[l] = (uint16_t)(soff[l] / 4);
    e->halves = 0;
    return true;
}

/* Whether a half's words are all clean: its one word; its run of 16 (the
 * memo's 16 bits at once, else word by word); its 16 words at another
 * stride (a column), word by word. */
static inline __attribute__((always_inline)) bool half_clean(sim_block *b, uint32_t from, uint32_t step)
{
    uint32_t word = from / 4;
    if (!step) return word_clean(b, word);
    if (step == 4) {
        unsigned k = word % 64;
        uint64_t lo = b->clean[word / 64] >> k, hi = k > 48 ? b->clean[word / 64 + 1] << (64 - k) : 0;
        if (((lo | hi) & 0xffff) == 0xffff) return true;
    }
    for (uint32_t i = 0; i < 16; i++)
        if (!word_clean(b, (from + i * step) / 4)) return false;
    return true;
}

static bool defer_halves(sim_block *b, sim_warp *w, const uint32_t *from, const uint32_t *step, uint32_t op);

SIM_HOT bool sim_shadow_defer_halves(sim_block *b, sim_warp *w, const uint32_t *from, const uint32_t *step,
                                     uint32_t op)
{
    const uint32_t a[4] = { from[0], from[1], step[0], step[1] };
    if (sim_rules_take(b, w, SIM_MEV_DEFER_HALVES, SIM_FULL, a, 4, op)) return true;
    if (!b->memo_mode) return defer_halves(b, w, from, step, op);
    int r = sim_memo_access(b, w, SIM_MEV_DEFER_HALVES, SIM_FULL, a, 4, 4, op);
    if (r >= 0) return r;
    bool v = defer_halves(b, w, from, step, op);
    sim_memo_result(b, v);
    return v;
}

static inline __attribute__((always_inline)) bool defer_halves(sim_block *b, sim_warp *w, const uint32_t *from,
                                                               const uint32_t *step, uint32_t op)
{
    if (!log_open(b)) return false;
    if (!b->all_clean) sim_shadow_expand_all(b); /* (word_clean reads the entries) */
    if (!b->all_clean && !(half_clean(b, from[0], step[0]) && half_clean(b, from[1], step[1]))) return false;
    if (b->async_n) {
        uint32_t soff[32];
        sim_halves_offsets(from, step, soff);
        sim_async_touch(b, w, SIM_FULL, soff, 0, 0, 4, op, false);
    }
    rlog_set_halves(log_entry(b, w, op), from, step);
    return true;
}

/* Another access of the shadow or a warp sync meets the log: its reads go
 * into the shadow, and the log rests for RLOG_REST epochs. */
void sim_shadow_replay(sim_block *b)
{
    b->rlog_resume = b->epoch + RLOG_REST;
    b->clean_epoch = 0; /* (shadow_log_halves takes a made memo for an open log) */
    replay_log(b);
}

/* The logged reads into the shadow, in order, as sim_shadow_reads would have
 * made them then, from the same offsets: each warp's sync state is what it
 * was (a warp sync replays first), the epoch too (a barrier drops the log),
 * and the words' writer records (every other access replays first). */
static void replay_log(sim_block *b)
{
    uint32_t n = b->rlog_n, soff[32];
    b->rlog_n = 0;
    sim_shadow_expand_all(b);
    for (uint32_t i = 0; i < n; i++) {
        const sim_rlog *e = &b->rlog[i];
        sim_warp *w = &b->warps[e->wid];
        SIM_ASSERT(w->wsync == e->wsync);
        if (e->halves == SIM_RLOG_DOTS) {
            replay_dots(b, w, e);
            continue;
        }
        if (e->halves)
            sim_halves_offsets(e->at.h.from, e->at.h.step, soff);
        else
            for (int l = 0; l < 32; l++) soff[l] = 4 * (uint32_t)e->at.word[l];
        plain_reads4(b, w, SIM_FULL, soff, e->op);
    }
}

/* A dots entry's reads: each load of its run in order, as its halves entry
 * would have been replayed, from its base's halves at its offset (as
 * dots_one_sum made them). */
static void replay_dots(sim_block *b, sim_warp *w, const sim_rlog *e)
{
    const sim_op *op = &b->prog->code[e->op];
    const sim_dotacc *acc = sim_dotacc_of(b->prog, sim_dots_fma(op));
    uint32_t soff[32], from[2];
    for (uint32_t i = 0; i < acc->nload; i++) {
        const uint32_t at = acc->load[i];
        const sim_halves *h = &e->at.run[acc->kof[at]];
        sim_halves_at(h->from, op[at].imm, from);
        sim_halves_offsets(from, h->step, soff);
        plain_reads4(b, w, SIM_FULL, soff, e->op + at);
    }
}

/* Every summarized line's 32 entries, as shadow_writes_run's loop stores
 * them for the write its summary records (the summary is the first
 * word's; each next thread's is one more w_tid). */
static SIM_HOT void make_summarized(sim_block *b)
{
    const uint32_t nlines = b->shared_size / 128 + 1;
    for (uint32_t q = 0; q < (nlines + 63) / 64; q++)
        for (uint64_t on = b->wsum_on[q]; on; on &= on - 1) {
            const uint32_t line = q * 64 + (uint32_t)__builtin_ctzll(on);
            sim_shadow *s = &b->shadow[line * 32];
            shadow_head h;
            memcpy(&h, b->wsum[line], sizeof h);
            for (int i = 0; i < 32; i++, s++) {
                *(shadow_head *)(void *)s = h;
                h += WRITE4_NEXT;
            }
        }
    memset(b->wsum_on, 0, (nlines + 63) / 64 * sizeof *b->wsum_on);
    b->nwsum = 0;
}

/* A summary met another access: the entries made, and no line summarized
 * for WSUM_REST epochs. */
void sim_shadow_expand(sim_block *b)
{
    make_summarized(b);
    b->wsum_resume = b->epoch + WSUM_REST;
}
