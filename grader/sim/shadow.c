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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    /* "ordered": the program has release/acquire ops or fences, none of which order these */
    snprintf(h.detail, sizeof h.detail, "%s%s", write ? "write" : "read", b->sync ? ", not ordered" : "");
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
static inline uint8_t written(const sim_block *b, const sim_shadow *S, uint32_t i)
{
    return S->init_epoch[i] >= b->epoch_base ? S->init_mask[i] : 0;
}

/* Keep tid (not the first reader) as the other reader: the first one seen,
 * replaced by one of another warp than the first reader's when that comes. */
static inline void note_reader(sim_shadow *S, uint32_t i, unsigned tid, uint32_t op)
{
    if (tid == S->r_tid[i]) return;
    bool cross = tid / 32 != (unsigned)S->r_tid[i] / 32;
    if (S->r_tid2[i] != SIM_NO_TID && (!cross || S->r_tid2[i] / 32 != S->r_tid[i] / 32)) return;
    S->r_tid2[i] = tid;
    S->r_op2[i] = op;
}

/* The reader a write by tid (of warp `warp`) races with: one of another
 * warp when another warp read, else one of this warp that is not tid. */
static inline unsigned other_reader(const sim_shadow *S, uint32_t i, unsigned tid, unsigned warp,
                                    uint32_t *op)
{
    bool first = S->r_warps[i] & ~(1u << warp) ? (unsigned)S->r_tid[i] / 32 != warp : S->r_tid[i] != tid;
    *op = first ? S->r_op[i] : S->r_op2[i];
    return first ? S->r_tid[i] : S->r_tid2[i];
}

/* What one warp's access asks of the block and the warp, read once: the
 * shadow's many stores a lane would otherwise make the compiler read each
 * of these again for the next lane (they are all uint32_t to it). */
typedef struct shadow_at {
    sim_shadow *sh;
    uint32_t epoch, base, wsync, step, wid, wbit;
    bool races, memory;
} shadow_at;

static inline shadow_at shadow_at_of(const sim_block *b, const sim_warp *w)
{
    return (shadow_at){b->shadow, b->epoch, b->epoch_base, w->wsync, w->minst, w->id, 1u << w->id,
                       (b->checks & SIM_CHECK_RACES) != 0, (b->checks & SIM_CHECK_MEMORY) != 0};
}

static inline uint8_t written_at(const shadow_at *A, const sim_shadow *S, uint32_t i)
{
    return S->init_epoch[i] >= A->base ? S->init_mask[i] : 0;
}

/* A read by thread tid of the bytes `mask` of word `word`. */
static inline __attribute__((always_inline)) void read_word(sim_block *b, sim_warp *w, const shadow_at *A,
                                                            int lane, unsigned tid, uint32_t word,
                                                            uint8_t mask, uint32_t off, unsigned n,
                                                            uint32_t op, bool *reported)
{
    sim_shadow *S = A->sh;
    const uint32_t i = word;
    uint8_t wr = written_at(A, S, i);
    /* the common case: nothing to report and nothing new to record (an
       old value this warp already read since its last sync) */
    if (S->w_epoch[i] != A->epoch && (wr & mask) == mask && S->r_epoch[i] == A->epoch &&
        (S->r_warps[i] & A->wbit) && (S->r_mask[i] & mask) == mask && S->r_wsync[i] == A->wsync &&
        (S->r_tid[i] == tid || S->r_multi[i] || S->r_tid[i] / 32 != A->wid))
        return;
    if ((wr & mask) != mask && A->memory)
        uninit(b, w, lane, op, word * 4 + (uint32_t)__builtin_ctz(mask & ~wr), n);
    if (!A->races) return;
    if (!*reported && S->w_epoch[i] == A->epoch && S->w_tid[i] != tid && (S->w_mask[i] & mask)) {
        bool synced = S->w_tid[i] / 32 == A->wid && A->wsync > S->w_wsync[i];
        if (!synced) {
            race(b, w, lane, op, S->w_op[i], S->w_tid[i], off, false);
            *reported = true;
        }
    }
    if (S->r_epoch[i] != A->epoch) {
        S->r_epoch[i] = A->epoch;
        S->r_tid[i] = tid;
        S->r_warps[i] = A->wbit;
        S->r_multi[i] = 0;
        S->r_mask[i] = 0;
        S->r_op[i] = op;
        S->r_tid2[i] = SIM_NO_TID;
    } else if (!(S->r_warps[i] & A->wbit)) {
        S->r_warps[i] |= A->wbit;
        note_reader(S, i, tid, op);
    } else if (S->r_tid[i] != tid && S->r_tid[i] / 32 == A->wid) {
        S->r_multi[i] = 1;
        note_reader(S, i, tid, op);
    }
    S->r_mask[i] |= mask;
    S->r_wsync[i] = A->wsync;
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
 * writer, and no reads since (plain and sync mode alike). */
static inline __attribute__((always_inline)) void record_write(sim_shadow *S, uint32_t i, uint32_t base, uint32_t epoch,
                                                               unsigned tid, uint32_t wsync, uint32_t step,
                                                               uint32_t op, bool atomic, uint8_t mask)
{
    if (S->init_epoch[i] < base) {
        S->init_epoch[i] = base;
        S->init_mask[i] = 0;
    }
    S->init_mask[i] |= mask;
    S->w_epoch[i] = epoch;
    S->w_tid[i] = tid;
    S->w_wsync[i] = wsync;
    S->w_step[i] = step;
    S->w_op[i] = op;
    S->w_atomic[i] = atomic;
    S->w_mask[i] = mask;
    S->r_epoch[i] = 0;
}

/* A write (or an atomic) by thread tid of the bytes `mask` of word `word`. */
static inline __attribute__((always_inline)) void write_word(sim_block *b, sim_warp *w, const shadow_at *A,
                                                             int lane, unsigned tid, uint32_t word,
                                                             uint8_t mask, uint32_t off, unsigned n,
                                                             uint32_t op, bool atomic, bool *reported)
{
    sim_shadow *S = A->sh;
    const uint32_t i = word;
    if (atomic && (written_at(A, S, i) & mask) != mask && A->memory)
        uninit(b, w, lane, op, word * 4, n); /* an atomic reads the old value */
    if (A->races && !*reported && S->w_epoch[i] == A->epoch && S->w_tid[i] != tid && (S->w_mask[i] & mask) &&
        !(atomic && S->w_atomic[i])) {
        bool same = S->w_tid[i] / 32 == A->wid;
        bool together = same && S->w_step[i] == A->step && S->w_op[i] == op;
        if (!together && !(same && A->wsync > S->w_wsync[i])) {
            race(b, w, lane, op, S->w_op[i], S->w_tid[i], off, true);
            *reported = true;
        }
    }
    if (A->races && !*reported && !atomic && S->r_epoch[i] == A->epoch && (S->r_mask[i] & mask)) {
        uint32_t others = S->r_warps[i] & ~A->wbit;
        bool only_me = !others && S->r_tid[i] == tid && !S->r_multi[i];
        bool synced = !others && A->wsync > S->r_wsync[i];
        if (!only_me && !synced) {
            uint32_t rop;
            unsigned other = other_reader(S, i, tid, A->wid, &rop);
            SIM_ASSERT(other != SIM_NO_TID && other != tid);
            race(b, w, lane, op, rop, other, off, true);
            *reported = true;
        }
    }
    record_write(S, i, A->base, A->epoch, tid, A->wsync, A->step, op, atomic, mask);
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
static bool write_ordered(const sim_block *b, const sim_warp *w, unsigned tid, const sim_shadow *S,
                          uint32_t i, int c, bool together)
{
    bool same = S->w_tid[i] / 32 == w->id;
    if (exempt(b->sync->wcls[i], c, same)) return true;
    if (same) return together || w->wsync > S->w_wsync[i];
    return sim_sync_covers(b, tid, S->w_tid[i] / 32, b->sync->wclk[i]);
}

static void sync_read(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op, int c)
{
    sim_sync *sy = b->sync;
    unsigned tid = w->id * 32 + (unsigned)lane;
    uint32_t wbit = 1u << w->id, lbit = 1u << lane;
    bool reported = false;
    for (uint32_t word = off / 4; word * 4 < off + n; word++) {
        sim_shadow *S = b->shadow;
        const uint32_t i = word;
        uint8_t mask = bytes_of(word, off, n);
        if ((written(b, S, i) & mask) != mask && (b->checks & SIM_CHECK_MEMORY))
            uninit(b, w, lane, op, word * 4 + (uint32_t)__builtin_ctz(mask & ~written(b, S, i)), n);
        if (!reported && S->w_epoch[i] == b->epoch && S->w_tid[i] != tid && (S->w_mask[i] & mask) &&
            !write_ordered(b, w, tid, S, word, c, false)) {
            race(b, w, lane, op, S->w_op[i], S->w_tid[i], off, false);
            reported = true;
        }
        sim_sread *e = &sy->rd[(size_t)word * sy->nw + w->id];
        if (S->r_epoch[i] != b->epoch) {
            S->r_epoch[i] = b->epoch;
            S->r_warps[i] = 0;
            S->r_mask[i] = 0;
        }
        if (!(S->r_warps[i] & wbit) || e->wsync != w->wsync) {
            S->r_warps[i] |= wbit;
            e->lanes = e->weak = e->vol = 0;
            e->wsync = w->wsync;
        }
        e->clk = w->clk;
        e->lanes |= lbit;
        if (c == CL_WEAK) e->weak |= lbit;
        else if (c == CL_VOL) e->vol |= lbit;
        e->op = op;
        S->r_mask[i] |= mask;
    }
}

/* A read of the word by another thread that the write by tid (class c)
 * races with: its warp, lane and op in *warp, *lane, *rop. */
static bool read_conflict(const sim_block *b, const sim_warp *w, int lane, uint32_t word, int c,
                          unsigned *warp, int *rlane, uint32_t *rop)
{
    const sim_sync *sy = b->sync;
    unsigned tid = w->id * 32 + (unsigned)lane;
    for (uint32_t rw = b->shadow->r_warps[word]; rw; rw &= rw - 1) {
        unsigned r = (unsigned)__builtin_ctz(rw);
        const sim_sread *e = &sy->rd[(size_t)word * sy->nw + r];
        uint32_t conf;
        if (r == w->id) {
            if (e->wsync < w->wsync) continue;
            conf = (c == CL_STRONG ? e->weak | e->vol : e->lanes) & ~(1u << lane);
        } else {
            conf = c == CL_WEAK ? e->lanes : e->weak;
            if (conf && sim_sync_covers(b, tid, r, e->clk)) conf = 0;
        }
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
                       bool atomic)
{
    sim_sync *sy = b->sync;
    unsigned tid = w->id * 32 + (unsigned)lane;
    bool reported = false;
    uint32_t step = w->minst;
    for (uint32_t word = off / 4; word * 4 < off + n; word++) {
        sim_shadow *S = b->shadow;
        const uint32_t i = word;
        uint8_t mask = bytes_of(word, off, n);
        if (atomic && (written(b, S, i) & mask) != mask && (b->checks & SIM_CHECK_MEMORY))
            uninit(b, w, lane, op, word * 4, n);
        if (!reported && S->w_epoch[i] == b->epoch && S->w_tid[i] != tid && (S->w_mask[i] & mask)) {
            bool together = S->w_tid[i] / 32 == w->id && S->w_step[i] == step && S->w_op[i] == op;
            if (!write_ordered(b, w, tid, S, word, c, together)) {
                race(b, w, lane, op, S->w_op[i], S->w_tid[i], off, true);
                reported = true;
            }
        }
        unsigned rw;
        int rl;
        uint32_t rop;
        if (!reported && !atomic && S->r_epoch[i] == b->epoch && (S->r_mask[i] & mask) &&
            read_conflict(b, w, lane, word, c, &rw, &rl, &rop)) {
            race(b, w, lane, op, rop, rw * 32 + (unsigned)rl, off, true);
            reported = true;
        }
        record_write(S, i, b->epoch_base, b->epoch, tid, w->wsync, step, op, atomic, mask);
        sy->wclk[word] = w->clk;
        sy->wcls[word] = (uint8_t)c;
    }
}

void sim_shadow_read(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op)
{
    if (b->sync) {
        sync_read(b, w, lane, off, n, op, class_of(b->prog->code[op].aux2));
        return;
    }
    shadow_at A = shadow_at_of(b, w);
    read_access(b, w, &A, lane, off, n, op);
}

void sim_shadow_write(sim_block *b, sim_warp *w, int lane, uint32_t off, unsigned n, uint32_t op, bool atomic)
{
    if (!b->shadow) return;
    if (b->sync) {
        sync_write(b, w, lane, off, n, op, atomic ? CL_STRONG : class_of(b->prog->code[op].aux2), atomic);
        return;
    }
    shadow_at A = shadow_at_of(b, w);
    write_access(b, w, &A, lane, off, n, op, atomic);
}

/* ---- a warp's 4-byte words at one stride: the checks as vector code ----
 * When the lanes of m access aligned 4-byte words a constant, nonzero
 * number of words apart, no two lanes touch one word: no lane depends on
 * another, and their order matters only for what they report. Every lane's
 * entry is checked at once; the lanes with nothing to report and a record
 * of the common shapes (the word untouched this epoch, or read or written
 * only by the lane's own thread, or by its warp before a sync) take their
 * new records at once, and the rest take the lane-by-lane path, in lane
 * order, as before. The records and reports are those of that path. */

/* The word stride of m's lanes and the first lane's word (*w0); 0 when
 * they are not aligned 4-byte words one nonzero stride apart. */
static inline __attribute__((always_inline)) int32_t word_stride(uint32_t m, const uint32_t *soff, uint32_t *w0)
{
    int f = __builtin_ctz(m);
    uint32_t o = soff[f];
    if (o == SIM_NONE || (o & 3)) return 0;
    *w0 = o / 4;
    uint32_t rest = m & (m - 1);
    if (!rest) return 1; /* one lane: any stride */
    int g = __builtin_ctz(rest);
    if (soff[g] == SIM_NONE) return 0;
    int32_t diff = (int32_t)(soff[g] - o), span = 4 * (g - f);
    if (diff == 0 || diff % span) return 0;
    int32_t d = diff / span;
    uint8_t f_[32];
    for (int l = 0; l < 32; l++) f_[l] = (uint8_t)(soff[l] == o + (uint32_t)((l - f) * d * 4));
    return (sim_pack_flags(f_) & m) == m ? d : 0;
}

/* Fewer lanes than this take the lane-by-lane path: the row's work is for
 * 32 lanes however many take part. */
#define SHADOW_ROW_MIN 8

static inline uint32_t bit_reverse(uint32_t x)
{
    x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
    x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
    x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
    x = (x >> 8 & 0x00ff00ffu) | (x & 0x00ff00ffu) << 8;
    return x >> 16 | x << 16;
}

/* Where the lanes' entries are. Rows are in window order: position r is
 * entry b0 + r when contig (a stride of 1 or -1 whose 32-entry window lies
 * in the shadow: lane r, or lane 31 - r when reversed), else entry ix[r]
 * of lane r. tid[r] is position r's thread, mw the positions of m. */
typedef struct stride_at {
    uint32_t ix[32], tid[32];
    uint32_t b0, mw;
    bool contig, reversed;
} stride_at;

static inline __attribute__((always_inline)) void stride_at_of(stride_at *X, const sim_shadow *S, uint32_t m,
                                                               uint32_t w0, int32_t d, uint32_t wid)
{
    uint32_t f = (uint32_t)__builtin_ctz(m);
    X->reversed = d == -1;
    X->b0 = d == 1 ? w0 - f : w0 + f - 31;
    X->contig = (d == 1 && w0 >= f && w0 - f + 32 <= S->nwords) ||
                (d == -1 && w0 + f >= 31 && w0 + f + 1 <= S->nwords);
    if (!X->contig) X->reversed = false;
    X->mw = X->reversed ? bit_reverse(m) : m;
    for (int r = 0; r < 32; r++) X->tid[r] = wid * 32 + (uint32_t)(X->reversed ? 31 - r : r);
    if (X->contig) return;
    for (int l = 0; l < 32; l++) X->ix[l] = (m >> l & 1u) ? w0 + (uint32_t)(((int32_t)l - (int32_t)f) * d) : w0;
}

/* The lanes of the positions pw. */
static inline uint32_t lanes_of(const stride_at *X, uint32_t pw)
{
    return X->reversed ? bit_reverse(pw) : pw;
}

/* row[r] := v for the positions of on (a 0 or ~0 word a position). */
static inline __attribute__((always_inline)) void put_on(uint32_t *restrict row, const uint32_t *restrict on,
                                                         uint32_t v)
{
    for (int l = 0; l < 32; l++) row[l] = (row[l] & ~on[l]) | (v & on[l]);
}

/* row[r] := v for every position (a full warp's) or for those of on. */
static inline __attribute__((always_inline)) void put(uint32_t *restrict row, const uint32_t *restrict on,
                                                      bool all, uint32_t v)
{
    if (all)
        for (int l = 0; l < 32; l++) row[l] = v;
    else
        put_on(row, on, v);
}

static inline __attribute__((always_inline)) void put_rows_on(uint32_t *restrict row, const uint32_t *restrict on,
                                                              const uint32_t *restrict v)
{
    for (int l = 0; l < 32; l++) row[l] = (row[l] & ~on[l]) | (v[l] & on[l]);
}

static inline __attribute__((always_inline)) void on_of(uint32_t *on, uint32_t pw)
{
    for (int l = 0; l < 32; l++) on[l] = (pw >> l & 1u) ? ~0u : 0;
}

/* The entries' field F as a row of 32 in R.F, in window order (positions
 * outside mw: some entry's, not to be used). */
#define GET(F)                                                                \
    do {                                                                      \
        if (X->contig)                                                        \
            memcpy(R.F, S->F + X->b0, sizeof R.F);                            \
        else                                                                  \
            for (int l = 0; l < 32; l++) R.F[l] = S->F[X->ix[l]];             \
    } while (0)

typedef struct stride_rows {
    uint32_t w_epoch[32], w_tid[32], w_wsync[32], r_epoch[32], r_warps[32], r_tid[32], r_multi[32],
        r_wsync[32], r_mask[32], init_epoch[32], init_mask[32];
} stride_rows;

/* The lanes of m (4-byte words at one stride) whose write the vector path
 * cannot take (see above); records the others' writes. */
static inline __attribute__((always_inline)) uint32_t stride_writes(const shadow_at *A, const stride_at *X, uint32_t m, uint32_t op)
{
    sim_shadow *S = A->sh;
    if (!A->races) { /* nothing to check: write_word only records */
        for (uint32_t r = m; r; r &= r - 1) {
            int l = __builtin_ctz(r);
            uint32_t i = X->contig ? X->b0 + (uint32_t)(X->reversed ? 31 - l : l) : X->ix[l];
            record_write(S, i, A->base, A->epoch, A->wid * 32 + (unsigned)l, A->wsync, A->step, op, false, 0xf);
        }
        return 0;
    }
    stride_rows R;
    GET(w_epoch); GET(w_tid); GET(w_wsync); GET(r_epoch); GET(r_warps); GET(r_tid); GET(r_multi); GET(r_wsync);
    const uint32_t E = A->epoch, ws = A->wsync, wid = A->wid, notme = ~A->wbit;
    uint8_t f_[32];
    for (int l = 0; l < 32; l++) {
        uint32_t tid = X->tid[l], wt = R.w_tid[l], rt = R.r_tid[l];
        /* write_word's two race checks find nothing */
        int wok = (R.w_epoch[l] != E) | (wt == tid) | ((wt / 32 == wid) & (ws > R.w_wsync[l]));
        int rok = (R.r_epoch[l] != E) |
                  (((R.r_warps[l] & notme) == 0) & (((rt == tid) & (R.r_multi[l] == 0)) | (ws > R.r_wsync[l])));
        f_[l] = (uint8_t)(wok & rok);
    }
    uint32_t fast = X->mw & sim_pack_flags(f_); /* positions */
    if (!fast) return m;
    if (X->contig) {
        uint32_t on[32], b0 = X->b0, base = A->base;
        on_of(on, fast);
        uint32_t *ie = S->init_epoch + b0;
        for (int l = 0; l < 32; l++) {
            uint32_t v = ie[l] < base ? base : ie[l];
            ie[l] = (ie[l] & ~on[l]) | (v & on[l]);
        }
        bool all = fast == SIM_FULL;
        put(S->init_mask + b0, on, all, 0xf);
        put(S->w_epoch + b0, on, all, E);
        put_rows_on(S->w_tid + b0, on, X->tid);
        put(S->w_wsync + b0, on, all, ws);
        put(S->w_step + b0, on, all, A->step);
        put(S->w_op + b0, on, all, op);
        put(S->w_atomic + b0, on, all, 0);
        put(S->w_mask + b0, on, all, 0xf);
        put(S->r_epoch + b0, on, all, 0);
    } else {
        for (uint32_t r = fast; r; r &= r - 1) {
            int l = __builtin_ctz(r);
            record_write(S, X->ix[l], A->base, E, X->tid[l], ws, A->step, op, false, 0xf);
        }
    }
    return m & ~lanes_of(X, fast);
}

/* The lanes of m (4-byte words at one stride) whose read the vector path
 * cannot take (see above); records the others' reads. */
static inline __attribute__((always_inline)) uint32_t stride_reads(const shadow_at *A, const stride_at *X, uint32_t m, uint32_t op)
{
    sim_shadow *S = A->sh;
    stride_rows R;
    GET(init_epoch); GET(init_mask); GET(w_epoch); GET(w_tid); GET(w_wsync); GET(r_epoch);
    GET(r_warps); GET(r_tid); GET(r_multi); GET(r_mask); GET(r_wsync);
    const uint32_t E = A->epoch, ws = A->wsync, wid = A->wid, wbit = A->wbit, base = A->base;
    const int unchecked = !A->memory, norace = !A->races;
    uint8_t f_[32], n_[32];
    for (int l = 0; l < 32; l++) {
        uint32_t tid = X->tid[l], wt = R.w_tid[l], rt = R.r_tid[l], re = R.r_epoch[l];
        int wr = (R.init_epoch[l] >= base) & (R.init_mask[l] == 0xf);
        int mine = (R.r_warps[l] & wbit) != 0;
        int fresh = re != E;
        /* read_word's early return: an old value this warp read since its sync */
        int early = (R.w_epoch[l] != E) & wr & (re == E) & mine & (R.r_mask[l] == 0xf) & (R.r_wsync[l] == ws) &
                    ((rt == tid) | (R.r_multi[l] != 0) | (rt / 32 != wid));
        /* no uninitialised bytes, no race with the write, and a reader
           record that is new this epoch or already names this thread */
        int wok = (R.w_epoch[l] != E) | (wt == tid) | ((wt / 32 == wid) & (ws > R.w_wsync[l]));
        int same = (re == E) & mine & ((rt == tid) | (rt / 32 != wid));
        f_[l] = (uint8_t)(early | ((wr | unchecked) & (norace | (wok & (fresh | same)))));
        n_[l] = (uint8_t)fresh;
    }
    uint32_t fast = X->mw & sim_pack_flags(f_); /* positions */
    if (!fast || !A->races) return m & ~lanes_of(X, fast);
    uint32_t fresh = fast & sim_pack_flags(n_);
    if (X->contig) {
        uint32_t on[32], nw[32], b0 = X->b0;
        on_of(on, fast);
        on_of(nw, fresh);
        put_on(S->r_epoch + b0, nw, E);
        put_rows_on(S->r_tid + b0, nw, X->tid);
        put_on(S->r_warps + b0, nw, wbit);
        put_on(S->r_multi + b0, nw, 0);
        put_on(S->r_op + b0, nw, op);
        put_on(S->r_tid2 + b0, nw, SIM_NO_TID);
        bool all = fast == SIM_FULL;
        put(S->r_mask + b0, on, all, 0xf);
        put(S->r_wsync + b0, on, all, ws);
    } else {
        for (uint32_t r = fast; r; r &= r - 1) {
            int l = __builtin_ctz(r);
            uint32_t i = X->ix[l];
            if (fresh >> l & 1u) {
                S->r_epoch[i] = E;
                S->r_tid[i] = X->tid[l];
                S->r_warps[i] = wbit;
                S->r_multi[i] = 0;
                S->r_op[i] = op;
                S->r_tid2[i] = SIM_NO_TID;
            }
            S->r_mask[i] = 0xf;
            S->r_wsync[i] = ws;
        }
    }
    return m & ~lanes_of(X, fast);
}
#undef GET

/* The plain-mode reads of a warp's lanes; inlined with n a constant for
 * the common 4-byte access. */
static inline __attribute__((always_inline)) void plain_reads(sim_block *b, sim_warp *w, uint32_t m,
                                                              const uint32_t *soff, unsigned n, uint32_t op)
{
    const shadow_at A = shadow_at_of(b, w);
    uint32_t w0;
    int32_t d;
    if (n == 4 && __builtin_popcount(m) >= SHADOW_ROW_MIN && (d = word_stride(m, soff, &w0)) != 0) {
        stride_at X;
        stride_at_of(&X, A.sh, m, w0, d, A.wid);
        m = stride_reads(&A, &X, m, op);
    }
    uint32_t prev = SIM_NONE;
    for (uint32_t r = m; r; r &= r - 1) { /* the lanes of m, in order */
        int l = __builtin_ctz(r);
        if (soff[l] == SIM_NONE) continue;
        if (soff[l] == prev && n <= 4 && !(soff[l] & 3)) {
            /* the lane before read the same word (a broadcast): what it found,
               this lane finds; only note that two threads of the warp read it */
            sim_shadow *S = A.sh;
            const uint32_t i = soff[l] / 4;
            unsigned tid = A.wid * 32 + (unsigned)l;
            if (S->w_epoch[i] != A.epoch) { /* no write this epoch: nothing depends on who reads */
                if (S->r_tid[i] / 32 == A.wid && S->r_tid[i] != tid) {
                    S->r_multi[i] = 1;
                    note_reader(S, i, tid, op);
                }
                continue;
            }
            /* written this epoch, wholly, and not by a write this warp has not
               synced past (nor other bytes): no lane races with it or finds it
               uninitialised, and each adds itself as a reader, as read_word
               would (the lane before made this epoch's reader record) */
            uint8_t mask = (uint8_t)((1u << n) - 1);
            if ((written_at(&A, S, i) & mask) == mask &&
                (!(S->w_mask[i] & mask) || (S->w_tid[i] / 32 == A.wid && A.wsync > S->w_wsync[i]))) {
                if (A.races) {
                    if (S->r_tid[i] != tid && S->r_tid[i] / 32 == A.wid) {
                        S->r_multi[i] = 1;
                        note_reader(S, i, tid, op);
                    }
                    S->r_mask[i] |= mask;
                    S->r_wsync[i] = A.wsync;
                }
                continue;
            }
        }
        read_access(b, w, &A, l, soff[l], n, op);
        prev = soff[l];
    }
}

SIM_HOT void sim_shadow_reads(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, unsigned n, uint32_t op)
{
    if (!b->shadow) return;
    if (b->sync) {
        int c = class_of(b->prog->code[op].aux2);
        for (int l = 0; l < 32; l++)
            if ((m >> l & 1u) && soff[l] != SIM_NONE) sync_read(b, w, l, soff[l], n, op, c);
        return;
    }
    if (n == 4) plain_reads(b, w, m, soff, 4, op);
    else plain_reads(b, w, m, soff, n, op);
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
            if ((m >> l & 1u) && soff[l] != SIM_NONE) sync_write(b, w, l, soff[l], n, op, c, atomic);
        return;
    }
    const shadow_at A = shadow_at_of(b, w);
    if (n == 4) {
        uint32_t w0;
        int32_t d;
        if (!atomic && __builtin_popcount(m) >= SHADOW_ROW_MIN && (d = word_stride(m, soff, &w0)) != 0) {
            stride_at X;
            stride_at_of(&X, A.sh, m, w0, d, A.wid);
            m = stride_writes(&A, &X, m, op);
        }
        for (uint32_t r = m; r; r &= r - 1) { /* the lanes of m, in order */
            int l = __builtin_ctz(r);
            if (soff[l] != SIM_NONE) write_access(b, w, &A, l, soff[l], 4, op, atomic);
        }
        return;
    }
    for (uint32_t r = m; r; r &= r - 1) { /* the lanes of m, in order */
        int l = __builtin_ctz(r);
        if (soff[l] != SIM_NONE) write_access(b, w, &A, l, soff[l], n, op, atomic);
    }
}

SIM_HOT void sim_shadow_writes(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, unsigned n, uint32_t op)
{
    writes(b, w, m, soff, n, op, false);
}

void sim_shadow_atomics(sim_block *b, sim_warp *w, uint32_t m, const uint32_t *soff, unsigned n, uint32_t op)
{
    writes(b, w, m, soff, n, op, true);
}

/* The arrays a field, in the order of sim_shadow's pointers. */
#define SHADOW_FIELDS 18

sim_shadow *sim_shadow_new(uint32_t shared_size)
{
    sim_shadow *s = cl_calloc(1, sizeof *s);
    s->nwords = shared_size / 4 + 2;
    s->stride = ((size_t)s->nwords + 15) & ~(size_t)15; /* each array 64-byte aligned in the allocation */
    s->mem = cl_calloc(SHADOW_FIELDS * s->stride, sizeof *s->mem);
    uint32_t **f[SHADOW_FIELDS] = {&s->w_epoch, &s->w_wsync, &s->w_step, &s->w_op, &s->w_tid, &s->w_mask,
                                   &s->w_atomic, &s->r_epoch, &s->r_warps, &s->r_wsync, &s->r_op, &s->r_op2,
                                   &s->r_tid, &s->r_tid2, &s->r_mask, &s->r_multi, &s->init_epoch, &s->init_mask};
    for (int i = 0; i < SHADOW_FIELDS; i++) *f[i] = s->mem + (size_t)i * s->stride;
    return s;
}

void sim_shadow_clear(sim_shadow *s)
{
    memset(s->mem, 0, SHADOW_FIELDS * s->stride * sizeof *s->mem);
}

void sim_shadow_free(sim_shadow *s)
{
    if (!s) return;
    free(s->mem);
    free(s);
}
