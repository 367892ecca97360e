/* rules.c - a block's shared accesses checked a warp access at a time, by
 * the rule that keeps each thread to its own words in a barrier epoch.
 *
 * The shadow (shadow.c) looks at every lane's word: about 2 ns a lane, and
 * a radix sort makes 390 million of them. Most of its epochs keep to a
 * rule a whole warp access shows in its offsets' arithmetic: each thread
 * touches only words w with w mod N its thread (a counter column of
 * N-thread blocks), or only the k words of its segment, w - c in
 * [k t, k t + k) (a raking segment, a thread's blocked items), or every
 * word is written once (keys scattered to their ranks). Accesses that keep
 * to one rule cannot race with each other: no two threads touch one word.
 * The rule is set by an epoch's first access that keeps to one (a segment's
 * c narrowed by each access), and an access is taken under it when it
 * keeps to it, touches no word the shadow took this epoch, and reads only
 * bytes the block has written. Nothing goes into the shadow then: the
 * words the rules took are managed (one range), and their written bytes are
 * kept here, a byte a word.
 *
 * Any other access goes to the shadow as before, unless it touches a
 * managed word: then the rules stop for the block. The managed words'
 * shadow entries are set to what the shadow would hold at the start of the
 * epoch for the purposes it looks at (written before it, with those bytes,
 * by the block; not read in it), the epoch's taken accesses go in, in
 * order, with their warps' counts of then (memo.c's sim_memo_replay), and the
 * shadow takes that access and the rest: what it reports is what it would
 * have reported had it taken them all, since the taken ones had nothing to
 * report (asserted) and the shadow's tests of earlier epochs' words look
 * only at whether a write was before this epoch and which bytes the block
 * wrote. A context whose blocks stop 4 times in a row rests for 64 blocks.
 * On only where memo.c compares with no reference (its blocks part from
 * it, as a sort's do); off in the reference mode and with the
 * happens-before order; an atomic, a cp.async or a warp sync of some lanes
 * stops the rules. */
#include "sim/internal.h"

#include <stdlib.h>
#include <string.h>

enum { RULE_NONE, RULE_MOD, RULE_SEG, RULE_ONCE };

#define RULES_GIVE_UP 4u
#define RULES_RETRY 64u
/* The most accesses an epoch's log keeps (about 2.5 MB): an epoch with more
 * (a loop with no barrier) goes on in the shadow, which costs what the
 * replay does, so that a context's memory stays bounded. */
#define RULES_LOG_MAX 16384u

typedef struct sim_rules {
    uint32_t nwords;          /* words of shared memory */
    uint32_t mlo, mhi;        /* the managed words: [mlo, mhi), empty when mlo == mhi */
    uint32_t full_n;          /* managed words the block has wholly written */
    uint8_t *init;            /* a word's bytes the block has written (managed words) */
    uint32_t *once;           /* RULE_ONCE: a word's stamp, once_gen where written this epoch */
    uint32_t once_gen;        /* this epoch's stamp (0: none) */
    uint32_t epoch;           /* the epoch of the rule below */
    uint8_t kind;             /* RULE_* */
    uint32_t k;               /* RULE_MOD: N; RULE_SEG: the segment's words */
    int64_t clo, chi;         /* the rule's c: RULE_MOD's c is clo; RULE_SEG's is any in [clo, chi] */
    uint32_t elo, ehi;        /* words the rule took this epoch ([elo, ehi), for `once`) */
    bool writes_only;         /* the accesses taken this epoch all wrote */
    uint32_t xlo, xhi;        /* words the shadow took this epoch ([xlo, xhi)) */
    uint32_t blo, bhi;        /* words the shadow took in this block: the others' entries are older
                                 than the block (nothing written by it) */
    sim_mev *log;             /* the accesses taken this epoch, as memo.c records them */
    uint32_t log_n, log_cap;
    uint32_t fails;           /* blocks in a row that stopped the rules */
} sim_rules;

void sim_rules_init(sim_block *b)
{
    if (!b->memo_on || !b->shared_size) return;
    sim_rules *R = cl_calloc(1, sizeof *R);
    R->nwords = b->shared_size / 4;
    R->init = cl_malloc(R->nwords + 1);
    R->once = cl_calloc(R->nwords + 1, sizeof *R->once);
    b->rules = R;
}

void sim_rules_free(sim_block *b)
{
    sim_rules *R = b->rules;
    if (!R) return;
    free(R->init);
    free(R->once);
    free(R->log);
    free(R);
}

/* The epoch's rule and ranges start afresh (a new stamp for `once`, the
 * stamps cleared where they wrap). */
static void new_epoch(sim_rules *R, uint32_t epoch)
{
    if (!++R->once_gen) {
        memset(R->once, 0, (R->nwords + 1) * sizeof *R->once);
        R->once_gen = 1;
    }
    R->epoch = epoch;
    R->kind = RULE_NONE;
    R->writes_only = true;
    R->elo = R->xlo = UINT32_MAX;
    R->ehi = R->xhi = 0;
    R->log_n = 0;
}

void sim_rules_block_start(sim_block *b, bool on)
{
    sim_rules *R = b->rules;
    if (!R) return;
    if (b->rules_on) R->fails = 0; /* the block before kept the rules to its end */
    bool retry = b->index % RULES_RETRY == 0;
    b->rules_on = on && (R->fails < RULES_GIVE_UP || retry);
    R->mlo = R->mhi = 0;
    R->full_n = 0;
    R->blo = UINT32_MAX;
    R->bhi = 0;
    new_epoch(R, 0);
}

/* ---- the rules ---- */

/* A lane's words: the first and the last (an access of n bytes at off),
 * and the bytes of its word when it has one; false when it crosses a word
 * it does not cover whole (then no rule takes it). */
static inline bool lane_words(uint32_t off, unsigned n, uint32_t *w0, uint32_t *w1, uint8_t *mask)
{
    uint32_t sub = off & 3;
    *w0 = off / 4;
    if (n <= 4) {
        *w1 = *w0;
        *mask = (uint8_t)(((1u << n) - 1) << sub);
        return sub + n <= 4;
    }
    *w1 = *w0 + n / 4 - 1;
    *mask = 0xf;
    return sub == 0;
}

/* An access's lanes: each one's first and last word, the bytes of its word
 * (of each, when several), its thread; lo and hi bound the words, and
 * `whole` says whether every lane's words are whole (or within one). */
typedef struct lanes {
    uint32_t w0[32], w1[32];
    unsigned tid[32], n;
    uint8_t mask[32];
    uint32_t lo, hi;
    bool whole;
} lanes;

/* The lanes of warp wid's access as a shadow entry point takes it (memo.c's
 * kinds and arguments); *write whether it writes. */
static void lanes_of(lanes *L, unsigned wid, unsigned kind, uint32_t m, const uint32_t *a, unsigned n, bool *write)
{
    uint32_t soff[32];
    const uint32_t *off = soff;
    *write = kind == SIM_MEV_WRITES || kind == SIM_MEV_WRITES_RUN || kind == SIM_MEV_WRITE1;
    switch (kind) {
    case SIM_MEV_READS:
    case SIM_MEV_WRITES:
    case SIM_MEV_DEFER_READS: off = a; break;
    case SIM_MEV_READS_RUN:
    case SIM_MEV_WRITES_RUN:
        for (uint32_t r = m; r; r &= r - 1)
            soff[__builtin_ctz(r)] = a[0] + 4 * (uint32_t)(__builtin_ctz(r) - __builtin_ctz(m));
        break;
    case SIM_MEV_DEFER_HALVES: sim_halves_offsets(a, a + 2, soff); break;
    case SIM_MEV_READ1:
    case SIM_MEV_WRITE1:
        m = 1u << a[0];
        soff[a[0]] = a[1];
        break;
    default: /* SIM_MEV_READS_ONE: every lane at a[0] */
        for (uint32_t r = m; r; r &= r - 1) soff[__builtin_ctz(r)] = a[0];
        break;
    }
    L->n = 0;
    L->lo = UINT32_MAX;
    L->hi = 0;
    L->whole = kind != SIM_MEV_READS_ONE || !(m & (m - 1)); /* (a broadcast to several threads: no rule) */
    for (uint32_t r = m; r; r &= r - 1) {
        unsigned l = (unsigned)__builtin_ctz(r), i = L->n;
        if (off[l] == SIM_NONE) continue;
        L->whole &= lane_words(off[l], n, &L->w0[i], &L->w1[i], &L->mask[i]);
        L->lo = L->w0[i] < L->lo ? L->w0[i] : L->lo;
        L->hi = L->w1[i] + 1 > L->hi ? L->w1[i] + 1 : L->hi;
        L->tid[i] = wid * 32 + l;
        L->n++;
    }
}

/* Whether every lane keeps to RULE_MOD with N = R->k and c: w - c = its thread, mod N. */
static bool keeps_mod(const sim_rules *R, const uint32_t *w0, const uint32_t *w1, const unsigned *tid, unsigned nl,
                      int64_t c)
{
    uint32_t N = R->k;
    for (unsigned i = 0; i < nl; i++) {
        if (w0[i] != w1[i]) return false;
        int64_t d = (int64_t)w0[i] - c - tid[i];
        if ((N & (N - 1)) == 0 ? (d & (N - 1)) != 0 : d % N != 0) return false;
    }
    return true;
}

/* The c that RULE_SEG with segments of k words allows for the lanes: [lo, hi]
 * (empty when lo > hi): each lane's words inside [c + k t, c + k t + k). */
static void seg_range(const uint32_t *w0, const uint32_t *w1, const unsigned *tid, unsigned nl, int64_t k,
                      int64_t *lo, int64_t *hi)
{
    int64_t l = INT64_MIN, h = INT64_MAX;
    for (unsigned i = 0; i < nl; i++) {
        int64_t a = (int64_t)w1[i] - k * tid[i] - k + 1, z = (int64_t)w0[i] - k * tid[i];
        l = a > l ? a : l;
        h = z < h ? z : h;
    }
    *lo = l;
    *hi = h;
}

/* The epoch's rule from now on: kind, its N or k, its c (RULE_SEG's
 * range of them). */
static inline __attribute__((always_inline)) void set_rule(sim_rules *R, uint8_t kind, uint32_t k, int64_t clo,
                                                         int64_t chi)
{
    R->kind = kind;
    R->k = k;
    R->clo = clo;
    R->chi = chi;
}

/* RULE_ONCE: every word written once in the epoch (the access's words
 * distinct among themselves and from the epoch's before): their stamps
 * set; false, with the stamps as they were, when one was set (the words
 * before it in the access are the ones this call set, their stamps
 * cleared: no other was this epoch's). A stamp a word, so that the lanes'
 * tests chain through memory only where they share a word (a sort's
 * scatter: blockSorts 0.90 s to 0.87 s against a bit a word). */
static bool keeps_once(sim_rules *R, const uint32_t *w0, const uint32_t *w1, unsigned nl)
{
    uint32_t *st = R->once, g = R->once_gen;
    for (unsigned i = 0; i < nl; i++)
        for (uint32_t w = w0[i]; w <= w1[i]; w++) {
            if (st[w] != g) {
                st[w] = g;
                continue;
            }
            for (unsigned j = 0; j <= i; j++) /* (undo: each word before this one) */
                for (uint32_t x = w0[j]; x <= w1[j] && (j < i || x < w); x++) st[x] = 0;
            return false;
        }
    return true;
}

/* ---- the managed words ---- */

/* Word w managed from now on: its written bytes as its shadow entry has
 * them (the block's when the entry's last write is). */
static inline void import(const sim_block *b, sim_rules *R, uint32_t w)
{
    uint32_t epoch;
    uint8_t init;
    sim_shadow_written(b, w, &epoch, &init);
    uint8_t in = w >= R->blo && w < R->bhi && epoch >= b->epoch_base ? init : 0;
    R->init[w] = in;
    R->full_n += in == 0xf;
}

/* Words [lo, hi) managed from now on (import), those the shadow has not
 * taken in this block at once: nothing written. */
static void import_range(const sim_block *b, sim_rules *R, uint32_t lo, uint32_t hi)
{
    if (lo >= hi) return;
    if (hi <= R->blo || lo >= R->bhi) {
        memset(R->init + lo, 0, hi - lo);
        return;
    }
    for (uint32_t w = lo; w < hi; w++) import(b, R, w);
}

/* The managed range grown to [lo, hi) at least. */
static void manage(const sim_block *b, sim_rules *R, uint32_t lo, uint32_t hi)
{
    if (R->mlo == R->mhi) R->mlo = R->mhi = lo;
    import_range(b, R, lo, R->mlo);
    import_range(b, R, R->mhi > lo ? R->mhi : lo, hi);
    R->mlo = lo < R->mlo ? lo : R->mlo;
    R->mhi = hi > R->mhi ? hi : R->mhi;
}

/* Word w's written bytes (managed or not yet). */
static inline uint8_t written_now(const sim_block *b, const sim_rules *R, uint32_t w)
{
    if (w >= R->mlo && w < R->mhi) return R->init[w];
    uint32_t epoch;
    uint8_t init;
    sim_shadow_written(b, w, &epoch, &init);
    return w >= R->blo && w < R->bhi && epoch >= b->epoch_base ? init : 0;
}

/* The rules stop for the block: the managed words' entries as the shadow
 * would hold them at the epoch's start, for what it looks at (the last
 * write before the epoch, by the block, with the bytes written; no read in
 * it), then the epoch's taken accesses into the shadow in order, each with
 * its warp's counts of then. */
void sim_rules_stop(sim_block *b)
{
    sim_rules *R = b->rules;
    if (!b->rules_on) return;
    b->rules_on = false;
    R->fails++;
    sim_shadow_expand_all(b);
    if (R->epoch != b->epoch) new_epoch(R, b->epoch); /* (the log's epoch is over: it is in init) */
    for (uint32_t w = R->mlo; w < R->mhi; w++) {
        sim_shadow *s = &b->shadow[w];
        uint8_t in = R->init[w];
        s->w_epoch = in ? b->epoch - 1 : 0; /* (the block's when the epoch is not its first) */
        s->init_mask = in;
        s->w_atomic = 0;
        s->r_epoch = 0;
    }
    sim_memo_replay(b, R->log, R->log_n, false); /* (each taken access had nothing to report) */
    R->log_n = 0;
}

/* ---- an access ---- */

/* The epoch's writes so far, all under RULE_MOD or RULE_SEG, as RULE_ONCE
 * (keys scattered to their ranks that the first happened to fit in
 * segments): whether each word was written once; the rule is RULE_ONCE
 * then, else the stamps are cleared. */
static bool to_once(sim_block *b, sim_rules *R)
{
    lanes L;
    bool write;
    for (uint32_t i = 0; i < R->log_n; i++) {
        const sim_mev *e = &R->log[i];
        lanes_of(&L, e->wid, e->kind, e->m, e->a, e->n, &write);
        if (!keeps_once(R, L.w0, L.w1, L.n)) {
            for (uint32_t x = R->elo; x < R->ehi; x++) R->once[x] = 0;
            return false;
        }
    }
    R->kind = RULE_ONCE;
    return true;
}

/* Whether the epoch's rule (or a new one) takes the lanes' words; the rule
 * narrowed or set when it does (RULE_ONCE's stamps set). */
static bool keeps(sim_block *b, sim_rules *R, const lanes *L, bool write)
{
    int64_t lo, hi;
    switch (R->kind) {
    case RULE_MOD:
        if (keeps_mod(R, L->w0, L->w1, L->tid, L->n, R->clo)) return true;
        return write && R->writes_only && to_once(b, R) && keeps_once(R, L->w0, L->w1, L->n);
    case RULE_SEG:
        seg_range(L->w0, L->w1, L->tid, L->n, R->k, &lo, &hi);
        lo = lo > R->clo ? lo : R->clo;
        hi = hi < R->chi ? hi : R->chi;
        if (lo <= hi) {
            R->clo = lo;
            R->chi = hi;
            return true;
        }
        return write && R->writes_only && to_once(b, R) && keeps_once(R, L->w0, L->w1, L->n);
    case RULE_ONCE: return write && keeps_once(R, L->w0, L->w1, L->n);
    default: break;
    }
    /* the epoch's first: a column of N-thread blocks, a segment, words written once */
    R->k = b->nthreads;
    int64_t c = ((int64_t)L->w0[0] - L->tid[0]) % R->k;
    c = c < 0 ? c + R->k : c;
    if (keeps_mod(R, L->w0, L->w1, L->tid, L->n, c)) {
        set_rule(R, RULE_MOD, R->k, c, c);
        return true;
    }
    const uint32_t *w0 = L->w0, *w1 = L->w1;
    const unsigned *tid = L->tid;
    if (L->n >= 2 && tid[1] > tid[0] && w0[1] > w0[0] && (w0[1] - w0[0]) % (tid[1] - tid[0]) == 0) {
        uint32_t k = (w0[1] - w0[0]) / (tid[1] - tid[0]);
        if (k > w1[0] - w0[0]) { /* (segments of k words hold a lane's words) */
            seg_range(w0, w1, tid, L->n, k, &lo, &hi);
            if (lo <= hi) {
                set_rule(R, RULE_SEG, k, lo, hi);
                return true;
            }
        }
    }
    if (write && keeps_once(R, w0, w1, L->n)) {
        R->kind = RULE_ONCE;
        return true;
    }
    return false;
}

/* The log's next entry (not yet counted). */
static inline sim_mev *log_next(sim_rules *R)
{
    if (R->log_n == R->log_cap) {
        R->log_cap = R->log_cap ? 2 * R->log_cap : 256;
        R->log = cl_realloc(R->log, R->log_cap * sizeof *R->log);
    }
    return &R->log[R->log_n];
}

/* The access as memo.c records it, with its warp's counts (not relative),
 * into the log's next entry; its arguments copied unless `copied` (the
 * lanes' offsets, which full_warp copies as it reads them). */
static inline __attribute__((always_inline)) void log_access(sim_rules *R, const sim_warp *w, unsigned kind, uint32_t m, const uint32_t *a, unsigned n,
                       uint32_t op, bool copied)
{
    unsigned na = kind == SIM_MEV_READS || kind == SIM_MEV_WRITES || kind == SIM_MEV_DEFER_READS ? 32
                  : kind == SIM_MEV_DEFER_HALVES                                            ? 4
                  : kind == SIM_MEV_READ1 || kind == SIM_MEV_WRITE1                          ? 2
                                                                                             : 1;
    sim_mev *e = log_next(R);
    R->log_n++;
    e->kind = (uint8_t)kind;
    e->wid = (uint8_t)w->id;
    e->n = (uint8_t)n;
    e->na = (uint8_t)na;
    e->res = 1; /* (a deferring entry point's reads: made) */
    e->m = m;
    e->op = op;
    e->epoch = 0;
    e->wsync = w->wsync;
    e->minst = w->minst;
    switch (copied ? 0 : na) { /* (copies of a constant size: a variable one is a string move) */
    case 0: break;
    case 32: memcpy(e->a, a, 32 * sizeof *a); break;
    case 4: memcpy(e->a, a, 4 * sizeof *a); break;
    case 2: memcpy(e->a, a, 2 * sizeof *a); break;
    default: e->a[0] = a[0]; break;
    }
}

/* The managed range grown to hold [lo, hi) (*nlo, *nhi): whether it stays
 * clear of the words the shadow took this epoch. */
static inline bool clear_of_shadow(const sim_rules *R, uint32_t lo, uint32_t hi, uint32_t *nlo, uint32_t *nhi)
{
    bool none = R->mlo == R->mhi;
    *nlo = none || lo < R->mlo ? lo : R->mlo;
    *nhi = none || hi > R->mhi ? hi : R->mhi;
    return R->xlo >= R->xhi || *nhi <= R->xlo || *nlo >= R->xhi;
}

/* An access of the words [lo, hi) taken: the managed range grown to
 * [nlo, nhi), the epoch's to [lo, hi). */
static inline void took(const sim_block *b, sim_rules *R, uint32_t lo, uint32_t hi, uint32_t nlo, uint32_t nhi,
                        bool write)
{
    if (nlo < R->mlo || nhi > R->mhi || R->mlo == R->mhi) manage(b, R, nlo, nhi);
    R->elo = lo < R->elo ? lo : R->elo;
    R->ehi = hi > R->ehi ? hi : R->ehi;
    R->writes_only &= write;
}

/* The bytes `mask` of managed word x written (the count of whole words kept). */
static inline void wrote(sim_rules *R, uint32_t x, uint8_t mask)
{
    uint8_t was = R->init[x], now = was | mask;
    R->init[x] = now;
    R->full_n += now == 0xf && was != 0xf;
}

/* An access of the words [lo, hi) the shadow takes: the rules stop first
 * where it touches a managed word; else the epoch's rule keeps clear of
 * them. False (for sim_rules_access). */
static bool shadow_takes(sim_block *b, sim_rules *R, uint32_t lo, uint32_t hi)
{
    if (R->mlo < R->mhi && lo < R->mhi && hi > R->mlo) {
        sim_rules_stop(b);
        return false;
    }
    R->xlo = lo < R->xlo ? lo : R->xlo;
    R->xhi = hi > R->xhi ? hi : R->xhi;
    R->blo = lo < R->blo ? lo : R->blo;
    R->bhi = hi > R->bhi ? hi : R->bhi;
    return false;
}

/* A full warp's access of n bytes a lane at off (every lane's own offset),
 * taken the way sim_rules_access takes it, with the lanes as vector code:
 * 1 taken, 0 not, -1 not a shape this path knows (a lane outside shared
 * memory or across words: the general path's). *lo and *hi bound its words. */
static inline __attribute__((always_inline)) int full_warp(sim_block *b, sim_rules *R, const sim_warp *w, const uint32_t *off, unsigned n,
                             bool write, uint32_t *plo, uint32_t *phi, uint32_t *restrict copy)
{
    uint32_t wd[32], bad = 0, lo = UINT32_MAX, hi = 0, span = n > 4 ? n / 4 : 1;
    uint32_t room = n <= 4 ? 4 - n : 0; /* the most a lane's offset may be past its word (SIM_NONE is 3 past) */
    for (int l = 0; l < 32; l++) {
        uint32_t o = off[l], x = o >> 2;
        bad |= (uint32_t)((o & 3) > room);
        copy[l] = o;
        wd[l] = x;
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
    }
    hi += span;
    *plo = lo;
    *phi = hi;
    if (bad || hi > R->nwords) return -1;
    uint32_t nlo, nhi;
    if (!clear_of_shadow(R, lo, hi, &nlo, &nhi)) return 0;
    bool full = R->mlo < R->mhi && R->full_n == R->mhi - R->mlo && lo >= R->mlo && hi <= R->mhi; /* (all written) */
    if (!write && !full)
        for (int l = 0; l < 32; l++) {
            uint8_t mask = n < 4 ? (uint8_t)(((1u << n) - 1) << (off[l] & 3)) : 0xf;
            for (uint32_t x = wd[l]; x < wd[l] + span; x++)
                if ((written_now(b, R, x) & mask) != mask) return 0;
        }
    /* the rule: RULE_MOD's w - t - c a multiple of N; RULE_SEG's c within
       each lane's w - k t (and its words' span) */
    unsigned t0 = w->id * 32, N = b->nthreads;
    uint32_t kind = R->kind;
    if (kind == RULE_NONE || kind == RULE_MOD) {
        uint32_t c = kind == RULE_MOD ? (uint32_t)R->clo : (wd[0] - t0) & (N - 1), acc = 0;
        for (int l = 0; l < 32; l++) acc |= (wd[l] - t0 - (uint32_t)l - c) & (N - 1);
        if (!acc && span == 1 && !(N & (N - 1))) {
            set_rule(R, RULE_MOD, N, c, c);
            goto taken;
        }
        if (kind == RULE_MOD) return -1; /* (RULE_ONCE, or not: the general path) */
    }
    uint32_t k = kind == RULE_SEG ? R->k : wd[1] - wd[0];
    if ((kind == RULE_NONE || kind == RULE_SEG) && k >= span && k < 65536) {
        int32_t amax = INT32_MIN, amin = INT32_MAX;
        for (int l = 0; l < 32; l++) {
            int32_t a = (int32_t)(wd[l] - k * (t0 + (uint32_t)l));
            amax = a > amax ? a : amax;
            amin = a < amin ? a : amin;
        }
        int64_t clo = (int64_t)amax + span - k, chi = amin;
        if (kind == RULE_SEG) {
            clo = clo > R->clo ? clo : R->clo;
            chi = chi < R->chi ? chi : R->chi;
        }
        if (clo <= chi) {
            set_rule(R, RULE_SEG, k, clo, chi);
            goto taken;
        }
    }
    if (write && (kind == RULE_NONE || kind == RULE_ONCE)) { /* words written once (keys to their ranks) */
        uint32_t w1[32];
        for (int l = 0; l < 32; l++) w1[l] = wd[l] + span - 1;
        if (!keeps_once(R, wd, w1, 32)) return 0;
        R->kind = RULE_ONCE;
        goto taken;
    }
    return -1; /* (a rule that breaks where the epoch only wrote: the general path) */
taken:
    took(b, R, lo, hi, nlo, nhi, write);
    if (write && R->full_n < R->mhi - R->mlo)
        for (int l = 0; l < 32; l++)
            for (uint32_t x = wd[l]; x < wd[l] + span; x++)
                wrote(R, x, n < 4 ? (uint8_t)(((1u << n) - 1) << (off[l] & 3)) : 0xf);
    return 1;
}

/* A full warp's 4-byte access whose half-warps each read a word every
 * step bytes from their first (memo.c's halves; a run of 32 words is two):
 * full_warp's test with each half's words as an arithmetic sequence, so
 * the rules' tests are a few sums, not a pass over the lanes. */
static inline __attribute__((always_inline)) int halves_warp(sim_block *b, sim_rules *R, const sim_warp *w, const uint32_t *from,
                               const uint32_t *step, bool write, uint32_t *plo, uint32_t *phi)
{
    int64_t F[2], S[2], lo = INT64_MAX, hi = INT64_MIN;
    uint32_t bad = 0;
    for (int h = 0; h < 2; h++) {
        bad |= (from[h] | step[h]) & 3;
        F[h] = from[h] / 4;
        S[h] = (int32_t)step[h] / 4;
        int64_t e = F[h] + 15 * S[h];
        lo = F[h] < lo ? F[h] : lo, lo = e < lo ? e : lo;
        hi = F[h] > hi ? F[h] : hi, hi = e > hi ? e : hi;
    }
    hi++;
    *plo = lo < 0 ? 0 : (uint32_t)lo;
    *phi = hi > UINT32_MAX ? UINT32_MAX : (uint32_t)hi;
    if (bad || lo < 0 || hi > R->nwords) return -1;
    uint32_t nlo, nhi;
    if (!clear_of_shadow(R, (uint32_t)lo, (uint32_t)hi, &nlo, &nhi)) return 0;
    bool full = R->mlo < R->mhi && R->full_n == R->mhi - R->mlo && lo >= R->mlo && hi <= R->mhi;
    if (!write && !full)
        for (int h = 0; h < 2; h++)
            for (int64_t i = 0; i < 16; i++)
                if (written_now(b, R, (uint32_t)(F[h] + i * S[h])) != 0xf) return 0;
    int64_t t0 = w->id * 32, N = b->nthreads;
    uint32_t kind = R->kind;
    if ((kind == RULE_NONE || kind == RULE_MOD) && !(N & (N - 1))) {
        /* w - t - c = (F - t0 - 16 h - c) + i (S - 1): a multiple of N for every i */
        int64_t c = kind == RULE_MOD ? R->clo : (F[0] - t0) & (N - 1);
        bool ok = true;
        for (int h = 0; h < 2; h++) ok &= !((F[h] - t0 - 16 * h - c) & (N - 1)) && !((S[h] - 1) & (N - 1));
        if (ok) {
            set_rule(R, RULE_MOD, (uint32_t)N, c, c);
            goto taken;
        }
    }
    if (kind == RULE_NONE || kind == RULE_SEG) {
        /* w - k t = (F - k (t0 + 16 h)) + i (S - k): its ends at i = 0 and 15 */
        int64_t k = kind == RULE_SEG ? R->k : S[0], amax = INT64_MIN, amin = INT64_MAX;
        for (int h = 0; h < 2; h++) {
            int64_t a0 = F[h] - k * (t0 + 16 * h), a15 = a0 + 15 * (S[h] - k);
            amax = a0 > amax ? a0 : amax, amax = a15 > amax ? a15 : amax;
            amin = a0 < amin ? a0 : amin, amin = a15 < amin ? a15 : amin;
        }
        int64_t clo = amax + 1 - k, chi = amin;
        if (kind == RULE_SEG) {
            clo = clo > R->clo ? clo : R->clo;
            chi = chi < R->chi ? chi : R->chi;
        }
        if (k >= 1 && k < 65536 && clo <= chi) {
            set_rule(R, RULE_SEG, (uint32_t)k, clo, chi);
            goto taken;
        }
    }
    if (write && (kind == RULE_NONE || kind == RULE_ONCE)) {
        uint32_t wd[32];
        for (int l = 0; l < 32; l++) wd[l] = (uint32_t)(F[l / 16] + (l % 16) * S[l / 16]);
        if (!keeps_once(R, wd, wd, 32)) return 0;
        R->kind = RULE_ONCE;
        goto taken;
    }
    return write && R->writes_only ? -1 : 0; /* (-1: the general path, which may make it RULE_ONCE) */
taken:
    took(b, R, (uint32_t)lo, (uint32_t)hi, nlo, nhi, write);
    if (write && R->full_n < R->mhi - R->mlo)
        for (int h = 0; h < 2; h++) {
            if (S[h] == 1) { /* a row: 16 bytes of init at once */
                uint8_t *in = R->init + F[h];
                unsigned was = 0;
                for (int i = 0; i < 16; i++) was += in[i] == 0xf;
                R->full_n += 16 - was;
                memset(in, 0xf, 16);
            } else {
                for (int64_t i = 0; i < 16; i++) wrote(R, (uint32_t)(F[h] + i * S[h]), 0xf);
            }
        }
    return 1;
}

static bool general(sim_block *b, sim_rules *R, sim_warp *w, unsigned kind, uint32_t m, const uint32_t *a,
                    unsigned n, uint32_t op);

SIM_HOT bool sim_rules_access(sim_block *b, sim_warp *w, unsigned kind, uint32_t m, const uint32_t *a, unsigned n,
                              uint32_t op)
{
    sim_rules *R = b->rules;
    if (b->as || w->last_partial) {
        /* cp.async (its pending copies look at every access, async.c), or
           a warp sync of some lanes (the shadow's own order of them, which
           the log, as memo.c's record, does not keep) */
        sim_rules_stop(b);
        return false;
    }
    if (b->epoch != R->epoch) new_epoch(R, b->epoch);
    if (R->log_n == RULES_LOG_MAX) {
        sim_rules_stop(b);
        return false;
    }
    bool write = kind == SIM_MEV_WRITES || kind == SIM_MEV_WRITES_RUN;
    if (m == SIM_FULL && kind != SIM_MEV_READS_ONE && kind != SIM_MEV_READ1 && kind != SIM_MEV_WRITE1) {
        /* a full warp's lanes as vector code; else (and where that path
           sends it on: RULE_ONCE) the general path below, which takes what
           it takes */
        uint32_t lo, hi;
        int r;
        if (kind == SIM_MEV_READS_RUN || kind == SIM_MEV_WRITES_RUN) {
            const uint32_t from[2] = { a[0], a[0] + 64 }, step[2] = { 4, 4 };
            r = halves_warp(b, R, w, from, step, write, &lo, &hi);
        } else if (kind == SIM_MEV_DEFER_HALVES) {
            r = halves_warp(b, R, w, a, a + 2, write, &lo, &hi);
        } else {
            /* the lanes' offsets copied into the log's next entry as they
               are read (a copy made after would wait for the stores that
               just made them) */
            r = full_warp(b, R, w, a, n, write, &lo, &hi, log_next(R)->a);
        }
        if (r > 0) {
            log_access(R, w, kind, m, a, n, op, kind == SIM_MEV_READS || kind == SIM_MEV_WRITES || kind == SIM_MEV_DEFER_READS);
            return true;
        }
        if (r == 0) return shadow_takes(b, R, lo, hi);
    }
    if (kind == SIM_MEV_READS_ONE && (m & (m - 1))) { /* a broadcast to several threads: no rule */
        if (a[0] == SIM_NONE) return false;
        return shadow_takes(b, R, a[0] / 4, (a[0] + n - 1) / 4 + 1);
    }
    return general(b, R, w, kind, m, a, n, op);
}

/* The first access of a run under RULE_SEG with segments of k words: the
 * most and least of its lanes' w - k t (amax, amin), as full_warp and
 * halves_warp make them, and its lanes' span of words. */
static void run_seg(const sim_warp *w, unsigned kind, const uint32_t *a, unsigned n, int64_t k, int64_t *amax,
                    int64_t *amin, int64_t *span)
{
    int64_t t0 = w->id * 32, hi = INT64_MIN, lo = INT64_MAX;
    if (kind == SIM_MEV_WRITES) {
        for (int l = 0; l < 32; l++) {
            int64_t v = (int32_t)((a[l] >> 2) - (uint32_t)k * (uint32_t)(t0 + l));
            hi = v > hi ? v : hi;
            lo = v < lo ? v : lo;
        }
        *span = n > 4 ? n / 4 : 1;
    } else {
        const bool row = kind == SIM_MEV_WRITES_RUN; /* (two halves of 16 words) */
        const uint32_t from[2] = { a[0], row ? a[0] + 64 : a[1] }, step[2] = { row ? 4 : a[2], row ? 4 : a[3] };
        for (int h = 0; h < 2; h++) {
            int64_t F = from[h] / 4, S = (int32_t)step[h] / 4, a0 = F - k * (t0 + 16 * h), a15 = a0 + 15 * (S - k);
            hi = a0 > hi ? a0 : hi, hi = a15 > hi ? a15 : hi;
            lo = a0 < lo ? a0 : lo, lo = a15 < lo ? a15 : lo;
        }
        *span = 1;
    }
    *amax = hi;
    *amin = lo;
}

/* Access 0's arguments a (of kind) moved d bytes, into v. */
static void run_args(unsigned kind, const uint32_t *a, uint32_t d, uint32_t *v)
{
    switch (kind) {
    case SIM_MEV_WRITES:
        for (int l = 0; l < 32; l++) v[l] = a[l] + d;
        break;
    case SIM_MEV_WRITES_RUN: v[0] = a[0] + d; break;
    default: /* SIM_MEV_DEFER_HALVES: the halves' first bytes, then their steps */
        v[0] = a[0] + d, v[1] = a[1] + d, v[2] = a[2], v[3] = a[3];
        break;
    }
}

SIM_HOT uint32_t sim_rules_run(sim_block *b, sim_warp *w, unsigned kind, const uint32_t *a, unsigned n, const uint32_t *delta,
                       uint32_t count, const uint32_t *op)
{
    sim_rules *R = b->rules;
    if (!b->rules_on || b->as || w->last_partial || !count) return 0; /* (each alone: sim_rules_access stops) */
    if (b->epoch != R->epoch) new_epoch(R, b->epoch);
    if (R->log_n + count > RULES_LOG_MAX) return 0;
    const bool write = kind != SIM_MEV_DEFER_HALVES;
    const uint64_t minst = w->minst;
    uint32_t lo, hi, v[32];
    int r;
    w->minst = minst + 1; /* (each access's log entry: the count after its step) */
    if (kind == SIM_MEV_WRITES_RUN) {
        const uint32_t from[2] = { a[0], a[0] + 64 }, step[2] = { 4, 4 };
        r = halves_warp(b, R, w, from, step, true, &lo, &hi);
    } else if (kind == SIM_MEV_DEFER_HALVES) {
        r = halves_warp(b, R, w, a, a + 2, false, &lo, &hi);
    } else {
        r = full_warp(b, R, w, a, n, true, &lo, &hi, log_next(R)->a);
    }
    if (r <= 0) { /* (nothing changed: the first goes to its entry point) */
        w->minst = minst;
        return 0;
    }
    log_access(R, w, kind, SIM_FULL, a, n, op[0], kind == SIM_MEV_WRITES);
    int64_t amax = 0, amin = 0, span = 1;
    if (R->kind == RULE_SEG) run_seg(w, kind, a, n, R->k, &amax, &amin, &span);
    uint32_t k = 1;
    for (; k < count; k++) {
        int64_t dw = (int32_t)delta[k] / 4, l = lo + dw, h = hi + dw;
        uint32_t nlo, nhi;
        if ((delta[k] & 3) || l < 0 || h > R->nwords || !clear_of_shadow(R, (uint32_t)l, (uint32_t)h, &nlo, &nhi))
            break;
        bool full = R->mlo < R->mhi && R->full_n == R->mhi - R->mlo && l >= R->mlo && h <= R->mhi;
        if (!write && !full) break; /* (its reads tested word by word: alone) */
        if (R->kind == RULE_MOD) {
            if (dw & (R->k - 1)) break; /* (taken under RULE_MOD: N a power of 2) */
        } else if (R->kind == RULE_SEG) {
            int64_t clo = amax + dw + span - R->k, chi = amin + dw;
            clo = clo > R->clo ? clo : R->clo;
            chi = chi < R->chi ? chi : R->chi;
            if (clo > chi) break;
            set_rule(R, RULE_SEG, R->k, clo, chi);
        } else {
            break;
        }
        took(b, R, (uint32_t)l, (uint32_t)h, nlo, nhi, write);
        run_args(kind, a, delta[k], v);
        if (write && R->full_n < R->mhi - R->mlo) {
            if (kind == SIM_MEV_WRITES) {
                for (int i = 0; i < 32; i++)
                    for (uint32_t x = v[i] >> 2; x < (v[i] >> 2) + (uint32_t)span; x++)
                        wrote(R, x, n < 4 ? (uint8_t)(((1u << n) - 1) << (v[i] & 3)) : 0xf);
            } else {
                for (uint32_t x = v[0] >> 2; x < (v[0] >> 2) + 32; x++) wrote(R, x, 0xf);
            }
        }
        w->minst = minst + 1 + k;
        log_access(R, w, kind, SIM_FULL, v, n, op[k], false);
    }
    w->minst = minst;
    return k;
}

SIM_HOT bool sim_rules_rmw(sim_block *b, sim_warp *w, const uint32_t *off, unsigned n, uint32_t op)
{
    sim_rules *R = b->rules;
    if (!b->rules_on || b->as || w->last_partial) return false; /* (each alone: sim_rules_access stops) */
    if (b->epoch != R->epoch) new_epoch(R, b->epoch);
    if (R->log_n + 2 > RULES_LOG_MAX) return false;
    const uint64_t minst = w->minst;
    uint32_t lo, hi, nlo, nhi;
    w->minst = minst + 1;
    int r = full_warp(b, R, w, off, n, false, &lo, &hi, log_next(R)->a);
    if (r <= 0) { /* (nothing changed: both go to their entry points) */
        w->minst = minst;
        return false;
    }
    log_access(R, w, SIM_MEV_READS, SIM_FULL, off, n, op, true);
    /* the write: the read's words under the rule the read kept (a read is
       taken only under RULE_MOD or RULE_SEG, which take the same words
       again), clear of the shadow's as the read found them; the read's
       took() covers it (the same words, the epoch's writes_only already
       false) and its bytes are the ones the read found written, so it
       marks nothing new: only its log entry */
    bool clear = clear_of_shadow(R, lo, hi, &nlo, &nhi);
    SIM_ASSERT(clear && (R->kind == RULE_MOD || R->kind == RULE_SEG));
    w->minst = minst + 2;
    log_access(R, w, SIM_MEV_WRITES, SIM_FULL, off, n, op + 2, false);
    w->minst = minst;
    return true;
}

/* sim_rules_access for any other access: its lanes one by one. */
static __attribute__((noinline)) bool general(sim_block *b, sim_rules *R, sim_warp *w, unsigned kind, uint32_t m,
                                              const uint32_t *a, unsigned n, uint32_t op)
{
    bool write;
    lanes L;
    lanes_of(&L, w->id, kind, m, a, n, &write);
    if (!L.n) return false; /* (no lane in shared memory: nothing for the shadow) */
    uint32_t lo = L.lo, hi = L.hi;
    /* taken: the managed range, grown to these words, meets none the shadow
       took this epoch; every byte read was written; the rule holds */
    uint32_t nlo, nhi;
    bool take = L.whole && hi <= R->nwords && clear_of_shadow(R, lo, hi, &nlo, &nhi);
    for (unsigned i = 0; take && !write && i < L.n; i++)
        for (uint32_t x = L.w0[i]; take && x <= L.w1[i]; x++)
            take = (written_now(b, R, x) & L.mask[i]) == L.mask[i];
    if (take && keeps(b, R, &L, write)) {
        took(b, R, lo, hi, nlo, nhi, write);
        if (write && R->full_n < R->mhi - R->mlo)
            for (unsigned i = 0; i < L.n; i++)
                for (uint32_t x = L.w0[i]; x <= L.w1[i]; x++) wrote(R, x, L.mask[i]);
        log_access(R, w, kind, m, a, n, op, false);
        return true;
    }
    return shadow_takes(b, R, lo, hi);
}
