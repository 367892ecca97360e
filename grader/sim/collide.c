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
 * A region's owners and its copy from before the launch are made on its
 * first store, under the launch's lock, before any store reaches it. */
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

/* A buffer of at least `bytes` from m's pool `kind` (0 owners, 1 copies),
 * else a new one, zeroed. An owner table from the pool holds only numbers
 * of earlier launches, which count as unstored. */
static void *take(sim_machine *m, int kind, size_t bytes)
{
    struct sim_watch_buf *best = NULL;
    for (int i = 0; i < SIM_WATCH_POOL; i++) {
        struct sim_watch_buf *b = &m->watch_pool[kind][i];
        if (b->p && b->cap >= bytes && (!best || b->cap < best->cap)) best = b;
    }
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

/* r's owners, with r's copy from before the launch taken on its first store
 * of the launch. The owners and the copy stay for the next launch: a word
 * whose number is not this launch's is as good as unstored. */
static atomic_uint *owners(sim_run *L, sim_region *r)
{
    atomic_uint *ow = atomic_load_explicit(&r->owner, memory_order_acquire);
    if (ow && atomic_load_explicit(&r->watched, memory_order_acquire) == L->epoch) return ow;
    pthread_mutex_lock(&L->watch_lock);
    if (atomic_load_explicit(&r->watched, memory_order_relaxed) != L->epoch) {
        if (!r->pre) r->pre = take(L->m, 1, r->size ? r->size : 1);
        memcpy(r->pre, r->host, r->size);
        if (!atomic_load_explicit(&r->owner, memory_order_relaxed))
            atomic_store_explicit(&r->owner, take(L->m, 0, (r->size / 4 + 2) * sizeof *ow), memory_order_release);
        atomic_store_explicit(&r->watched, L->epoch, memory_order_release);
    }
    pthread_mutex_unlock(&L->watch_lock);
    return atomic_load_explicit(&r->owner, memory_order_acquire);
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

/* Words lo..hi of r stored by block `me`: the launch's number (1 to 255)
 * in the top byte, the block's index + 1 (modulo 2^24 - 1) below. */
static void mark(sim_run *L, atomic_uint *ow, size_t lo, size_t hi, unsigned me)
{
    for (size_t w = lo; w <= hi; w++) {
        unsigned o = atomic_load_explicit(&ow[w], memory_order_relaxed);
        if (o == me) continue;
        o = atomic_exchange_explicit(&ow[w], me, memory_order_relaxed);
        if (o >> 24 == me >> 24 && o != me) atomic_store_explicit(&L->collided, true, memory_order_relaxed);
    }
}

void sim_watch_store(sim_block *b, const uintptr_t *host, uint32_t lanes, unsigned total,
                     const sim_region *hint, bool contig)
{
    sim_run *L = b->L;
    unsigned me = L->epoch << 24 | (unsigned)(b->index % 0xffffff + 1);
    sim_region *r = (sim_region *)hint;
    if (contig && r && lanes == UINT32_MAX && holds(r, host[0])) {
        size_t off = host[0] - (uintptr_t)r->host;
        mark(L, owners(L, r), off / 4, (off + 32 * (size_t)total - 1) / 4, me);
        return;
    }
    for (uint32_t m = lanes; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        sim_region *at = r && holds(r, host[l]) ? r : region_of(L, host[l]);
        if (!at) continue; /* local or shared memory through a generic address */
        size_t off = host[l] - (uintptr_t)at->host;
        mark(L, owners(L, at), off / 4, (off + total - 1) / 4, me);
    }
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
            memcpy(r->host, r->pre, r->size);
    }
}

void sim_watch_forget(sim_machine *m, sim_region *r)
{
    atomic_uint *ow = atomic_load_explicit(&r->owner, memory_order_relaxed);
    give(m, 0, ow, (r->size / 4 + 2) * sizeof *ow);
    give(m, 1, r->pre, r->size ? r->size : 1);
    atomic_store_explicit(&r->owner, NULL, memory_order_relaxed);
    r->pre = NULL;
    atomic_store_explicit(&r->watched, 0, memory_order_relaxed);
}

void sim_watch_free_pool(sim_machine *m)
{
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < SIM_WATCH_POOL; i++) {
            free(m->watch_pool[k][i].p);
            m->watch_pool[k][i] = (struct sim_watch_buf){NULL, 0};
        }
}
