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
 * block orders see both where the memory ends different. */
#include "sim/internal.h"

#include <stdio.h>
#include <stdlib.h>

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

void sim_xr_begin(sim_run *L)
{
    sim_machine *m = L->m;
    if (++m->xr_launch > 255) { /* numbers wrapped: no old number may match */
        for (size_t i = 0; i < m->mem.n; i++) {
            free(m->mem.v[i].xr);
            m->mem.v[i].xr = NULL;
            m->mem.v[i].xr_launch = 0;
        }
        m->xr_launch = 1;
    }
    L->xr = m->xr_launch;
}

void sim_xr_stores(sim_block *b, const uintptr_t *host, uint32_t lanes, unsigned total, const sim_region *hint,
                   uint32_t op)
{
    sim_region *r = (sim_region *)hint;
    if (!r->xr) r->xr = cl_calloc(r->size / 4 + 1, sizeof *r->xr);
    r->xr_launch = b->L->xr;
    uint64_t mark = note_of(b->L->xr, b->index, BY_STORE, op);
    if (total == 4) { /* one aligned word a lane */
        for (uint32_t m = lanes; m; m &= m - 1) r->xr[(host[__builtin_ctz(m)] - (uintptr_t)r->host) / 4] = mark;
        return;
    }
    for (uint32_t m = lanes; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        size_t off = host[l] - (uintptr_t)r->host;
        for (size_t w = off / 4; w <= (off + total - 1) / 4; w++) r->xr[w] = mark;
    }
}

void sim_xr_loads(sim_block *b, sim_warp *w, const uintptr_t *host, uint32_t lanes, unsigned total,
                  const sim_region *r, uint32_t op)
{
    const sim_run *L = b->L;
    if (r->xr_launch != L->xr) return; /* no block stored into it in this launch */
    uint64_t mine = note_of(L->xr, b->index, BY_STORE, 0) >> 24;
    for (uint32_t m = lanes; m; m &= m - 1) {
        int l = __builtin_ctz(m);
        size_t off = host[l] - (uintptr_t)r->host;
        for (size_t i = off / 4; i <= (off + total - 1) / 4; i++) {
            uint64_t e = r->xr[i];
            if (e >> 56 != L->xr || e >> 24 == mine || by_of(e) != BY_STORE) continue;
            sim_hz h = sim_hz_make(CL_HZ_RACE_GLOBAL, op, w->id, l);
            h.op2 = op_of(e);
            h.addr = r->base + off;
            h.size = total;
            h.space = PTX_SPACE_GLOBAL;
            h.region = (uint32_t)(r - L->m->mem.v);
            /* the block that stored it */
            snprintf(h.detail, sizeof h.detail, "%llu", (unsigned long long)((e >> 24 & 0xffffffffu) - 1));
            sim_hz_add(b, &h);
            break;
        }
    }
}

void sim_xr_atomic(sim_block *b, sim_warp *w, int lane, const uint8_t *host, unsigned total, sim_region *r,
                   uint32_t op, bool cta)
{
    const sim_run *L = b->L;
    if (!r || total < 4 || r->base < SIM_GLOBAL_BASE) return; /* per word: a half's neighbour is no race */
    if (!r->xr) r->xr = cl_calloc(r->size / 4 + 1, sizeof *r->xr);
    if (r->xr_launch != L->xr) r->xr_launch = L->xr;
    uint64_t mark = note_of(L->xr, b->index, cta ? BY_CTA_ATOMIC : BY_ATOMIC, op);
    size_t off = (size_t)(host - r->host);
    for (size_t i = off / 4; i <= (off + total - 1) / 4; i++) {
        uint64_t e = r->xr[i];
        bool now = e >> 56 == L->xr;
        if (now && by_of(e) == BY_STORE) continue; /* the store's note stays for plain loads */
        if (now && e >> 24 != mark >> 24 && (cta || by_of(e) == BY_CTA_ATOMIC)) {
            sim_hz h = sim_hz_make(CL_HZ_RACE_SCOPE, op, w->id, lane);
            h.op2 = op_of(e);
            h.addr = r->base + off;
            h.size = total;
            h.space = PTX_SPACE_GLOBAL;
            h.region = (uint32_t)(r - L->m->mem.v);
            /* the other block, and which of the two is of block scope */
            snprintf(h.detail, sizeof h.detail, "%llu %d%d", (unsigned long long)((e >> 24 & 0xffffffffu) - 1),
                     cta, by_of(e) == BY_CTA_ATOMIC);
            sim_hz_add(b, &h);
        }
        r->xr[i] = mark;
    }
}
