/* collide.c - blocks that store to one word while they run on several host
 * threads. blockflow.c sends a kernel whose blocks may meet to one thread
 * before it runs; what the PTX cannot show (a guard that lets a block's
 * index run into the next row: two blocks on one element of out) is caught
 * here, as it happens. Every global store of a watched launch notes, per
 * 4-byte word, the block that stored it; a word that two blocks stored marks
 * the launch, which then runs again from the memory as it was, one block at
 * a time in index order, so the last block's value stays, as with one
 * thread (docs/architecture.md, "Determinism").
 *
 * The blocks are noted per 128-byte line (one atomic operation for a
 * warp's 32 floats), and per word only in a line that two blocks store
 * into (a block's last partial sum beside the next's). A region's line
 * table and its copy from before the launch are made on its first store,
 * under the launch's lock, before any store reaches it. */
#include "sim/internal.h"

#include <stdlib.h>
#include <sys/mman.h>

#include "core/core.h"

/* Zeroed memory; a large table in huge pages, so that its first use does
 * not fault page by page. */
static void *fresh(size_t bytes)
{
    const size_t huge = (size_t)2 << 20;
    if (bytes < 2 * huge) return cl_calloc(1, bytes);
    size_t n = (bytes + huge - 1) & ~(huge - 1);
    void *p = aligned_alloc(huge, n);
    if (!p) return cl_calloc(1, bytes);
    madvise(p, n, MADV_HUGEPAGE);
    memset(p, 0, n);
    return p;
}

/* A buffer of at least `bytes` from m's pool `kind` (SIM_WATCH_LINES,
 * _WORDS, _COPIES), else a new one, zeroed; its true size into *cap (a
 * large one may serve a smaller region, and goes back to the pool as
 * large). A table from the pool holds only numbers of earlier launches,
 * which count as unstored. */
static void *take(sim_machine *m, int kind, size_t bytes, size_t *cap)
{
    struct sim_watch_buf *best = NULL;
    for (int i = 0; i < SIM_WATCH_POOL; i++) {
        struct sim_watch_buf *b = &m->watch_pool[kind][i];
        if (b->p && b->cap >= bytes && (!best || b->cap < best->cap)) best = b;
    }
    *cap = best ? best->cap : bytes;
    if (!best) return fresh(bytes);
    void *p = best->p;
    best->p = NULL;
    return p;
}

/* Into m's pool `kind`, in place of its smallest (which is freed). */
static void give(sim_machine *m, int kind, void *p, size_t cap)
{
    if (!p) return;
    struct sim_watch_buf *slot = &m->watch_pool[kind][0];
    for (int i = 0; i < SIM_WATCH_POOL; i++) {
        struct sim_watch_buf *b = &m->watch_pool[kind][i];
        if (!b->p) { slot = b; break; }
        if (b->cap < slot->cap) slot = b;
    }
    free(slot->p);
    *slot = (struct sim_watch_buf){p, cap};
}

#define LINE_WORDS 32u /* a line is 128 bytes, so a word mask is 32 bits */

static size_t line_count(const sim_region *r)
{
    return r->size / (4 * LINE_WORDS) + 2;
}

static size_t word_count(const sim_region *r)
{
    return r->size / 4 + 2;
}

/* Whether the n bytes at p repeat one 4-byte word (an output the harness
 * filled with sentinels, bins set to 0), and that word: then the region as
 * it was needs no copy (and no fresh memory for one), only the word. */
static bool uniform(const uint8_t *p, size_t n, uint32_t *word)
{
    uint32_t w = 0;
    memcpy(&w, p, n < 4 ? n : 4);
    *word = w;
    size_t i = 0;
    uint64_t w2 = (uint64_t)w << 32 | w;
    for (; i + 32 <= n; i += 32) {
        uint64_t x[4];
        memcpy(x, p + i, sizeof x);
        if ((x[0] ^ w2) | (x[1] ^ w2) | (x[2] ^ w2) | (x[3] ^ w2)) return false;
    }
    for (; i < n; i++)
        if (p[i] != (uint8_t)(w >> (8 * (i % 4)))) return false;
    return true;
}

/* r as it was before the launch, back. */
static void put_back(sim_region *r)
{
    if (!r->pre_uniform) {
        memcpy(r->host, r->pre, r->size);
        return;
    }
    size_t i = 0;
    for (; i + 4 <= r->size; i += 4) memcpy(r->host + i, &r->pre_word, 4);
    for (; i < r->size; i++) r->host[i] = (uint8_t)(r->pre_word >> (8 * (i % 4)));
}

/* r's line table, with r's copy from before the launch taken on its first
 * store of the launch. The tables and the copy stay for the next launch: a
 * number that is not this launch's is as good as unstored. */
static _Atomic uint64_t *lines_of(sim_run *L, sim_region *r)
{
    _Atomic uint64_t *t = atomic_load_explicit(&r->lines, memory_order_acquire);
    if (t && atomic_load_explicit(&r->watched, memory_order_acquire) == L->epoch) return t;
    pthread_mutex_lock(&L->watch_lock);
    if (atomic_load_explicit(&r->watched, memory_order_relaxed) != L->epoch) {
        r->pre_uniform = uniform(r->host, r->size, &r->pre_word);
        if (!r->pre_uniform) {
            if (!r->pre) r->pre = take(L->m, SIM_WATCH_COPIES, r->size ? r->size : 1, &r->cap[SIM_WATCH_COPIES]);
            memcpy(r->pre, r->host, r->size);
        }
        if (!atomic_load_explicit(&r->lines, memory_order_relaxed))
            atomic_store_explicit(&r->lines, take(L->m, SIM_WATCH_LINES, line_count(r) * sizeof *t,
                                                  &r->cap[SIM_WATCH_LINES]),
                                  memory_order_release);
        atomic_store_explicit(&r->watched, L->epoch, memory_order_release);
    }
    pthread_mutex_unlock(&L->watch_lock);
    return atomic_load_explicit(&r->lines, memory_order_acquire);
}

static bool holds(const sim_region *r, uintptr_t host)
{
    return host - (uintptr_t)r->host < r->size;
}

static sim_region *region_of(sim_run *L, uintptr_t host)
{
    sim_memory *mem = &L->m->mem;
    for (size_t i = 0; i < mem->n; i++)
        if (holds(&mem->v[i], host)) return &mem->v[i];
    return NULL;
}

/* A line's entry: the owner's number in the top half (the launch's number,
 * 1 to 255, in its top byte, the block's index + 1 modulo 2^24 - 2 below;
 * all ones below for a line that several blocks stored into), the words it
 * stored in the bottom half. */
static unsigned shared_tag(unsigned me)
{
    return (me & 0xff000000u) | 0xffffffu;
}

static bool same_launch(unsigned a, unsigned b)
{
    return a >> 24 == b >> 24;
}

/* Words of a shared line, one by one: who stored each last. */
static void mark_words(sim_run *L, atomic_uint *ow, size_t first, uint32_t mask, unsigned me)
{
    for (uint32_t m = mask; m; m &= m - 1) {
        size_t w = first + (size_t)__builtin_ctz(m);
        unsigned o = atomic_load_explicit(&ow[w], memory_order_relaxed);
        if (o == me) continue;
        o = atomic_exchange_explicit(&ow[w], me, memory_order_relaxed);
        if (same_launch(o, me) && o != me) atomic_store_explicit(&L->collided, true, memory_order_relaxed);
    }
}

/* A second block stores into a line (words apart from the first's): the
 * first block's words go to the word table, and the line is shared from
 * then on. Under the launch's lock, so one thread makes the word table and
 * turns the line; the owner may still add words meanwhile, which the
 * exchange below sees. */
static atomic_uint *share(sim_run *L, sim_region *r, _Atomic uint64_t *e, unsigned me)
{
    pthread_mutex_lock(&L->watch_lock);
    atomic_uint *ow = atomic_load_explicit(&r->words, memory_order_relaxed);
    if (!ow) {
        ow = take(L->m, SIM_WATCH_WORDS, word_count(r) * sizeof *ow, &r->cap[SIM_WATCH_WORDS]);
        atomic_store_explicit(&r->words, ow, memory_order_release);
    }
    size_t first = (size_t)(e - atomic_load_explicit(&r->lines, memory_order_relaxed)) * LINE_WORDS;
    uint64_t v = atomic_load_explicit(e, memory_order_acquire);
    for (;;) {
        unsigned tag = (unsigned)(v >> 32);
        if (tag == shared_tag(me) || !same_launch(tag, me) || tag == me) break; /* turned already */
        for (uint32_t m = (uint32_t)v; m; m &= m - 1)
            atomic_store_explicit(&ow[first + (size_t)__builtin_ctz(m)], tag, memory_order_relaxed);
        uint64_t to = (uint64_t)shared_tag(me) << 32;
        if (atomic_compare_exchange_weak_explicit(e, &v, to, memory_order_acq_rel, memory_order_acquire))
            break;
    }
    pthread_mutex_unlock(&L->watch_lock);
    return ow;
}

/* Block `me` stores the words `mask` of line `line` of r: one atomic
 * operation when the line is the block's alone (the usual case, and none
 * when it stored those words already in this launch). */
static void mark_line(sim_run *L, sim_region *r, _Atomic uint64_t *t, size_t line, uint32_t mask,
                      unsigned me)
{
    _Atomic uint64_t *e = &t[line];
    uint64_t v = atomic_load_explicit(e, memory_order_acquire);
    for (;;) {
        unsigned tag = (unsigned)(v >> 32);
        uint32_t had = (uint32_t)v;
        uint64_t to;
        if (tag == me) {
            if ((had & mask) == mask) return;
            to = v | mask;
        } else if (!same_launch(tag, me)) {
            to = (uint64_t)me << 32 | mask;
        } else if (tag == shared_tag(me)) {
            mark_words(L, atomic_load_explicit(&r->words, memory_order_acquire), line * LINE_WORDS,
                       mask, me);
            return;
        } else if (had & mask) { /* another block's words: the launch runs again */
            atomic_store_explicit(&L->collided, true, memory_order_relaxed);
            return;
        } else {
            mark_words(L, share(L, r, e, me), line * LINE_WORDS, mask, me);
            return;
        }
        if (atomic_compare_exchange_weak_explicit(e, &v, to, memory_order_acq_rel, memory_order_acquire))
            return;
    }
}

/* Words lo..hi of r, line by line. */
static void mark(sim_run *L, sim_region *r, size_t lo, size_t hi, unsigned me)
{
    _Atomic uint64_t *t = lines_of(L, r);
    for (size_t line = lo / LINE_WORDS; line <= hi / LINE_WORDS; line++) {
        unsigned a = line == lo / LINE_WORDS ? (unsigned)(lo % LINE_WORDS) : 0;
        unsigned z = line == hi / LINE_WORDS ? (unsigned)(hi % LINE_WORDS) : LINE_WORDS - 1;
        uint32_t mask = (uint32_t)((2ull << z) - (1ull << a));
        mark_line(L, r, t, line, mask, me);
    }
}

void sim_watch_store(sim_block *b, const uintptr_t *host, uint32_t lanes, unsigned total,
                     const sim_region *hint, bool contig)
{
    sim_run *L = b->L;
    unsigned me = L->epoch << 24 | (unsigned)(b->index % 0xfffffe + 1);
    sim_region *r = (sim_region *)hint;
    if (contig && r && lanes == UINT32_MAX && holds(r, host[0])) {
        size_t off = host[0] - (uintptr_t)r->host;
        mark(L, r, off / 4, (off + 32 * (size_t)total - 1) / 4, me);
        return;
    }
    /* a partial warp's 4-byte elements, lane l at word w0 + l (a guarded
       row, a tail): the lane mask is the word mask, shifted onto one line
       or two */
    if (total == 4 && r && lanes) {
        int f = __builtin_ctz(lanes);
        uintptr_t h0 = host[f] - 4 * (uintptr_t)f;
        uint32_t off_by_lane = 0;
        for (uint32_t m = lanes; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            off_by_lane |= host[l] != h0 + 4 * (uintptr_t)l;
        }
        if (!off_by_lane && holds(r, host[f]) && holds(r, host[31 - __builtin_clz(lanes)]) &&
            host[f] >= (uintptr_t)r->host + 4 * (uintptr_t)f) {
            size_t w0 = (h0 - (uintptr_t)r->host) / 4, line = w0 / LINE_WORDS;
            unsigned s = (unsigned)(w0 % LINE_WORDS);
            _Atomic uint64_t *t = lines_of(L, r);
            uint32_t lo = lanes << s, hi = s ? lanes >> (LINE_WORDS - s) : 0;
            if (lo) mark_line(L, r, t, line, lo, me);
            if (hi) mark_line(L, r, t, line + 1, hi, me);
            return;
        }
    }
    /* lane by lane, the lanes that store into one line of a region at once */
    sim_region *cur = NULL;
    size_t cur_line = 0;
    uint32_t cur_mask = 0;
    for (uint32_t m = lanes; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        sim_region *at = r && holds(r, host[l]) ? r : region_of(L, host[l]);
        if (!at) continue; /* local or shared memory through a generic address */
        size_t off = host[l] - (uintptr_t)at->host, lo = off / 4, hi = (off + total - 1) / 4;
        if (lo / LINE_WORDS == hi / LINE_WORDS) {
            size_t line = lo / LINE_WORDS;
            uint32_t mask = (uint32_t)((2ull << (hi % LINE_WORDS)) - (1ull << (lo % LINE_WORDS)));
            if (at == cur && line == cur_line) {
                cur_mask |= mask;
                continue;
            }
            if (cur) mark_line(L, cur, lines_of(L, cur), cur_line, cur_mask, me);
            cur = at;
            cur_line = line;
            cur_mask = mask;
            continue;
        }
        mark(L, at, lo, hi, me);
    }
    if (cur) mark_line(L, cur, lines_of(L, cur), cur_line, cur_mask, me);
}

void sim_watch_begin(sim_run *L)
{
    if (++L->m->watch_epoch > 255) { /* numbers wrapped: no old number may match */
        for (size_t i = 0; i < L->m->mem.n; i++) sim_watch_forget(L->m, &L->m->mem.v[i]);
        sim_watch_free_pool(L->m); /* pooled owner tables hold old numbers too */
        L->m->watch_epoch = 1;
    }
    L->epoch = L->m->watch_epoch;
}

void sim_watch_end(sim_run *L, bool restore)
{
    if (!restore) return;
    sim_memory *mem = &L->m->mem;
    for (size_t i = 0; i < mem->n; i++) {
        sim_region *r = &mem->v[i];
        if (atomic_load_explicit(&r->watched, memory_order_relaxed) == L->epoch)
            put_back(r);
    }
}

void sim_watch_forget(sim_machine *m, sim_region *r)
{
    _Atomic uint64_t *t = atomic_load_explicit(&r->lines, memory_order_relaxed);
    atomic_uint *ow = atomic_load_explicit(&r->words, memory_order_relaxed);
    give(m, SIM_WATCH_LINES, (void *)t, r->cap[SIM_WATCH_LINES]);
    give(m, SIM_WATCH_WORDS, (void *)ow, r->cap[SIM_WATCH_WORDS]);
    give(m, SIM_WATCH_COPIES, r->pre, r->cap[SIM_WATCH_COPIES]);
    atomic_store_explicit(&r->lines, NULL, memory_order_relaxed);
    atomic_store_explicit(&r->words, NULL, memory_order_relaxed);
    r->pre = NULL;
    atomic_store_explicit(&r->watched, 0, memory_order_relaxed);
    free(r->xr); /* crossread.c's tables */
    free(r->xt);
    r->xr = NULL;
    r->xt = NULL;
    r->xr_launch = 0;
}

void sim_watch_free_pool(sim_machine *m)
{
    for (int k = 0; k < SIM_WATCH_KINDS; k++)
        for (int i = 0; i < SIM_WATCH_POOL; i++) {
            free(m->watch_pool[k][i].p);
            m->watch_pool[k][i] = (struct sim_watch_buf){NULL, 0};
        }
}
