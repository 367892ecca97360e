/* mem.c - ld, st, atom and red in every state space. Every access is checked
 * (bounds of its allocation or space, alignment); a faulting one is
 * suppressed (a load gives SIM_POISON32 bytes) and recorded. Global accesses
 * of a warp that fall in one allocation take a fast path; shared accesses go
 * through the race/init shadow; the counters get requests, 32-byte sectors
 * and bank conflicts. Global atomics are atomic across host threads. */
#include "sim/internal.h"

#include <stdio.h>

typedef struct where {
    uint8_t *host;
    uint8_t space;     /* ptx_space */
    uint32_t soff;     /* shared offset, for the shadow */
} where;

static inline uint64_t lane_addr(const sim_warp *w, const sim_op *op, int l)
{
    uint64_t base = 0;
    if (op->s[4] != SIM_NOSLOT)
        base = (op->p[3] & SIM_MF_BASE32) ? w->r32[(size_t)op->s[4] * 32 + (unsigned)l]
                                          : w->r64[(size_t)op->s[4] * 32 + (unsigned)l];
    return base + (uint64_t)op->imm;
}

static void fault(sim_block *b, sim_warp *w, int lane, uint32_t pc, sim_hazard_kind kind,
                  uint8_t space, uint64_t addr, unsigned n, const sim_region *r, uint64_t rbase,
                  uint64_t rsize)
{
    sim_hz h = sim_hz_make(kind, pc, w->id, lane);
    h.space = space;
    h.addr = addr;
    h.size = n;
    if (r) {
        h.region = (uint32_t)(r - b->L->m->mem.v);
        rbase = r->base;
        rsize = r->size;
    }
    h.dist = addr >= rbase + rsize ? (int64_t)(addr + n - (rbase + rsize))
           : addr < rbase ? -(int64_t)(rbase - addr) : (int64_t)(addr + n - (rbase + rsize));
    if (!r) snprintf(h.detail, sizeof h.detail, "%llu", (unsigned long long)rsize);
    sim_hz_add(b, &h);
}

/* Map (space, addr) of thread (w, lane) to host memory, or record a fault. */
static bool resolve(sim_block *b, sim_warp *w, int lane, uint32_t pc, unsigned ms, uint64_t addr,
                    unsigned n, bool write, where *out)
{
    const sim_run *L = b->L;
    unsigned tid = w->id * 32 + (unsigned)lane;
    if (ms == SIM_MS_GENERIC) {
        if (addr - SIM_SHARED_WINDOW < SIM_WINDOW_SIZE) ms = SIM_MS_SHARED, addr -= SIM_SHARED_WINDOW;
        else if (addr - SIM_LOCAL_WINDOW < SIM_WINDOW_SIZE) ms = SIM_MS_LOCAL, addr -= SIM_LOCAL_WINDOW;
        else if (addr - SIM_PARAM_WINDOW < SIM_WINDOW_SIZE) ms = SIM_MS_PARAM, addr -= SIM_PARAM_WINDOW;
        else ms = SIM_MS_GLOBAL;
    }
    switch (ms) {
    case SIM_MS_SHARED:
        out->space = PTX_SPACE_SHARED;
        if (addr + n > b->shared_size || addr + n < addr) {
            fault(b, w, lane, pc, SIM_HZ_OOB, PTX_SPACE_SHARED, addr, n, NULL, 0, b->shared_size);
            return false;
        }
        out->host = b->shared + addr;
        out->soff = (uint32_t)addr;
        return true;
    case SIM_MS_LOCAL:
        out->space = PTX_SPACE_LOCAL;
        if (addr + n > b->prog->local_size || addr + n < addr) {
            fault(b, w, lane, pc, SIM_HZ_OOB, PTX_SPACE_LOCAL, addr, n, NULL, 0, b->prog->local_size);
            return false;
        }
        out->host = b->local + (size_t)tid * b->prog->local_size + addr;
        return true;
    case SIM_MS_PARAM:
        out->space = PTX_SPACE_PARAM;
        if (!write && addr + n <= L->param_size) {
            out->host = (uint8_t *)L->params + addr;
            return true;
        }
        if (addr >= SIM_TPARAM_BASE && addr + n <= SIM_TPARAM_BASE + (uint64_t)b->prog->tparam_size) {
            out->host = b->tparam + (size_t)tid * b->prog->tparam_size + (addr - SIM_TPARAM_BASE);
            return true;
        }
        fault(b, w, lane, pc, SIM_HZ_OOB, PTX_SPACE_PARAM, addr, n, NULL, 0, L->param_size);
        return false;
    default: {
        out->space = ms == SIM_MS_CONST ? PTX_SPACE_CONST : PTX_SPACE_GLOBAL;
        const sim_region *r = sim_mem_find(&L->m->mem, addr, n, &b->region_hint);
        if (!r) {
            fault(b, w, lane, pc, SIM_HZ_OOB, out->space, addr, n, sim_mem_nearest(&L->m->mem, addr), 0, 0);
            return false;
        }
        out->host = r->host + (addr - r->base);
        return true;
    }
    }
}

static bool aligned(sim_block *b, sim_warp *w, int lane, uint32_t pc, unsigned ms, uint64_t addr,
                    unsigned total)
{
    if (!(addr & (total - 1))) return true;
    uint8_t sp = ms == SIM_MS_SHARED ? PTX_SPACE_SHARED : ms == SIM_MS_LOCAL ? PTX_SPACE_LOCAL
               : ms == SIM_MS_PARAM ? PTX_SPACE_PARAM : ms == SIM_MS_CONST ? PTX_SPACE_CONST
               : PTX_SPACE_GLOBAL;
    fault(b, w, lane, pc, SIM_HZ_MISALIGNED, sp, addr, total, NULL, addr, 0);
    return false;
}

/* ---- counters ---- */

static void count_sectors(sim_block *b, const uint64_t *addr, uint32_t m, unsigned total, bool store)
{
    uint64_t prev_last = 0, sectors = 0;
    bool any = false, sorted = true;
    for (int l = 0; l < 32 && sorted; l++) {
        if (!(m >> l & 1u)) continue;
        uint64_t first = addr[l] >> 5, last = (addr[l] + total - 1) >> 5;
        if (any && first < prev_last && last <= prev_last && first + 1 < prev_last) sorted = false;
        if (!any || first > prev_last) sectors += last - first + 1;
        else if (last > prev_last) sectors += last - prev_last;
        if (!any || last > prev_last) prev_last = last;
        any = true;
    }
    if (!sorted) { /* any order: count distinct sectors the slow way */
        uint64_t s[64];
        unsigned n = 0;
        for (int l = 0; l < 32; l++) {
            if (!(m >> l & 1u)) continue;
            for (uint64_t x = addr[l] >> 5; x <= (addr[l] + total - 1) >> 5 && n < 64; x++) {
                bool seen = false;
                for (unsigned i = 0; i < n && !seen; i++) seen = s[i] == x;
                if (!seen) s[n++] = x;
            }
        }
        sectors = n;
    }
    if (store) {
        b->cnt.global_store_requests++;
        b->cnt.global_store_sectors += sectors;
    } else {
        b->cnt.global_load_requests++;
        b->cnt.global_load_sectors += sectors;
    }
}

/* Extra wavefronts: the most distinct 4-byte words of one bank in a phase. */
static void count_banks(sim_block *b, const uint64_t *addr, uint32_t m, unsigned total, bool store)
{
    unsigned phase = total <= 4 ? 32 : total == 8 ? 16 : 8, extra = 0;
    for (unsigned p0 = 0; p0 < 32; p0 += phase) {
        uint32_t words[32][8];
        unsigned nw[32] = {0}, worst = 1;
        for (unsigned l = p0; l < p0 + phase; l++) {
            if (!(m >> l & 1u)) continue;
            for (uint64_t a = addr[l] & ~3ull; a < addr[l] + total; a += 4) {
                uint32_t word = (uint32_t)(a >> 2), bank = word & 31;
                bool seen = false;
                for (unsigned i = 0; i < nw[bank] && !seen; i++) seen = words[bank][i] == word;
                if (!seen && nw[bank] < 8) words[bank][nw[bank]++] = word;
                if (nw[bank] > worst) worst = nw[bank];
            }
        }
        extra += worst - 1;
    }
    b->cnt.shared_bank_conflicts += extra;
    if (store) b->cnt.shared_store_requests++;
    else b->cnt.shared_load_requests++;
}

/* ---- registers ---- */

static void put_value(sim_warp *w, const sim_op *op, unsigned e, int l, const uint8_t *src)
{
    unsigned size = op->p[1];
    uint64_t v = 0;
    memcpy(&v, src, size);
    if ((op->p[3] & SIM_MF_SIGNED) && size < 8) {
        unsigned sh = 64 - size * 8;
        v = (uint64_t)((int64_t)(v << sh) >> sh);
    }
    if (op->p[3] & SIM_MF_DST64) {
        w->r64[(size_t)op->s[e] * 32 + (unsigned)l] = v;
    } else {
        if (op->p[3] & SIM_MF_DST16) v &= 0xffff;
        w->r32[(size_t)op->s[e] * 32 + (unsigned)l] = (uint32_t)v;
    }
}

static uint64_t get_value(const sim_warp *w, const sim_op *op, unsigned e, int l)
{
    return (op->p[3] & SIM_MF_DST64) ? w->r64[(size_t)op->s[e] * 32 + (unsigned)l]
                                     : w->r32[(size_t)op->s[e] * 32 + (unsigned)l];
}

static void poison_lane(sim_warp *w, const sim_op *op, int l)
{
    uint8_t p[8];
    for (int i = 0; i < 8; i += 4) memcpy(p + i, &(uint32_t){ SIM_POISON32 }, 4);
    for (unsigned e = 0; e < op->p[2]; e++) put_value(w, op, e, l, p);
}

/* ---- ld / st ---- */

/* Host pointers for the lanes of m; false lanes faulted (cleared from *ok). */
static void map_lanes(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m, bool write, uint64_t *addr,
                      uint8_t **host, uint32_t *ok, uint32_t *soff)
{
    const sim_op *op = &b->prog->code[pc];
    unsigned ms = op->p[0], total = (unsigned)op->p[1] * op->p[2];
    uint64_t lo = UINT64_MAX, hi = 0, mis = 0;
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        addr[l] = lane_addr(w, op, l);
        lo = addr[l] < lo ? addr[l] : lo;
        hi = addr[l] > hi ? addr[l] : hi;
        mis |= addr[l];
    }
    *ok = m;
    if ((ms == SIM_MS_GLOBAL || ms == SIM_MS_CONST) && !(mis & (total - 1))) {
        const sim_region *r = sim_mem_find(&b->L->m->mem, lo, hi - lo + total, &b->region_hint);
        if (r) {
            for (int l = 0; l < 32; l++)
                if (m >> l & 1u) host[l] = r->host + (addr[l] - r->base);
            return;
        }
    }
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        where wh;
        if (!aligned(b, w, l, pc, ms, addr[l], total) ||
            !resolve(b, w, l, pc, ms, addr[l], total, write, &wh)) {
            *ok &= ~(1u << l);
            continue;
        }
        host[l] = wh.host;
        soff[l] = wh.space == PTX_SPACE_SHARED ? wh.soff : SIM_NONE;
    }
}

static bool is_shared(const sim_op *op)
{
    return op->p[0] == SIM_MS_SHARED;
}

void sim_exec_ld(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    unsigned n = op->p[1], count = op->p[2], total = n * count;
    uint64_t addr[32];
    uint8_t *host[32];
    uint32_t soff[32], ok;
    for (int l = 0; l < 32; l++) soff[l] = SIM_NONE;
    w->minst++;
    map_lanes(b, w, pc, m, false, addr, host, &ok, soff);
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        if (!(ok >> l & 1u)) {
            poison_lane(w, op, l);
            continue;
        }
        if (soff[l] != SIM_NONE) sim_shadow_read(b, w, l, soff[l], total, pc);
        for (unsigned e = 0; e < count; e++)
            if (op->s[e] != SIM_NOSLOT) put_value(w, op, e, l, host[l] + e * n);
    }
    if (op->p[0] == SIM_MS_GLOBAL) count_sectors(b, addr, m, total, false);
    else if (is_shared(op)) count_banks(b, addr, m, total, false);
}

void sim_exec_st(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    unsigned n = op->p[1], count = op->p[2], total = n * count;
    uint64_t addr[32];
    uint8_t *host[32];
    uint32_t soff[32], ok;
    for (int l = 0; l < 32; l++) soff[l] = SIM_NONE;
    w->minst++;
    map_lanes(b, w, pc, m, true, addr, host, &ok, soff);
    for (int l = 0; l < 32; l++) {
        if (!(ok >> l & 1u)) continue;
        if (soff[l] != SIM_NONE) sim_shadow_write(b, w, l, soff[l], total, pc, false);
        for (unsigned e = 0; e < count; e++) {
            uint64_t v = get_value(w, op, e, l);
            memcpy(host[l] + e * n, &v, n);
        }
    }
    if (op->p[0] == SIM_MS_GLOBAL) count_sectors(b, addr, m, total, true);
    else if (is_shared(op)) count_banks(b, addr, m, total, true);
}

/* ---- atomics ---- */

static uint32_t atom32(uint32_t *p, unsigned opk, uint32_t b, uint32_t c, unsigned flags, bool shared)
{
    uint32_t old = shared ? *p : __atomic_load_n(p, __ATOMIC_RELAXED);
    for (;;) {
        uint32_t nv;
        switch (opk) {
        case PTX_ATOM_ADD: nv = (flags & SIM_MF_FLOAT) ? sim_f2u(sim_u2f(old) + sim_u2f(b)) : old + b; break;
        case PTX_ATOM_INC: nv = old >= b ? 0 : old + 1; break;
        case PTX_ATOM_DEC: nv = (old == 0 || old > b) ? b : old - 1; break;
        case PTX_ATOM_MIN: nv = (flags & SIM_MF_SIGNED) ? ((int32_t)b < (int32_t)old ? b : old) : (b < old ? b : old); break;
        case PTX_ATOM_MAX: nv = (flags & SIM_MF_SIGNED) ? ((int32_t)b > (int32_t)old ? b : old) : (b > old ? b : old); break;
        case PTX_ATOM_AND: nv = old & b; break;
        case PTX_ATOM_OR: nv = old | b; break;
        case PTX_ATOM_XOR: nv = old ^ b; break;
        case PTX_ATOM_EXCH: nv = b; break;
        default: nv = old == b ? c : old; break; /* cas */
        }
        if (shared) {
            *p = nv;
            return old;
        }
        if (__atomic_compare_exchange_n(p, &old, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) return old;
    }
}

static uint64_t atom64(uint64_t *p, unsigned opk, uint64_t b, uint64_t c, unsigned flags, bool shared)
{
    uint64_t old = shared ? *p : __atomic_load_n(p, __ATOMIC_RELAXED);
    for (;;) {
        uint64_t nv;
        switch (opk) {
        case PTX_ATOM_ADD: nv = (flags & SIM_MF_FLOAT) ? sim_d2u(sim_u2d(old) + sim_u2d(b)) : old + b; break;
        case PTX_ATOM_INC: nv = old >= b ? 0 : old + 1; break;
        case PTX_ATOM_DEC: nv = (old == 0 || old > b) ? b : old - 1; break;
        case PTX_ATOM_MIN: nv = (flags & SIM_MF_SIGNED) ? ((int64_t)b < (int64_t)old ? b : old) : (b < old ? b : old); break;
        case PTX_ATOM_MAX: nv = (flags & SIM_MF_SIGNED) ? ((int64_t)b > (int64_t)old ? b : old) : (b > old ? b : old); break;
        case PTX_ATOM_AND: nv = old & b; break;
        case PTX_ATOM_OR: nv = old | b; break;
        case PTX_ATOM_XOR: nv = old ^ b; break;
        case PTX_ATOM_EXCH: nv = b; break;
        default: nv = old == b ? c : old; break;
        }
        if (shared) {
            *p = nv;
            return old;
        }
        if (__atomic_compare_exchange_n(p, &old, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) return old;
    }
}

void sim_exec_atom(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    unsigned n = op->p[1];
    bool wide = n == 8;
    w->minst++;
    b->cnt.atomics++;
    for (int l = 0; l < 32; l++) { /* lane order: deterministic within the block */
        if (!(m >> l & 1u)) continue;
        uint64_t a = lane_addr(w, op, l);
        where wh;
        wh.soff = SIM_NONE;
        if (!aligned(b, w, l, pc, op->p[0], a, n) || !resolve(b, w, l, pc, op->p[0], a, n, true, &wh)) {
            if (op->s[0] != SIM_NOSLOT) poison_lane(w, op, l);
            continue;
        }
        bool shared = wh.space == PTX_SPACE_SHARED || wh.space == PTX_SPACE_LOCAL;
        if (wh.space == PTX_SPACE_SHARED) sim_shadow_write(b, w, l, wh.soff, n, pc, true);
        uint64_t bv = wide ? w->r64[(size_t)op->s[1] * 32 + (unsigned)l] : w->r32[(size_t)op->s[1] * 32 + (unsigned)l];
        uint64_t cv = op->s[2] == SIM_NOSLOT ? 0
                    : wide ? w->r64[(size_t)op->s[2] * 32 + (unsigned)l] : w->r32[(size_t)op->s[2] * 32 + (unsigned)l];
        uint64_t old = wide ? atom64((uint64_t *)(void *)wh.host, op->aux, bv, cv, op->p[3], shared)
                            : atom32((uint32_t *)(void *)wh.host, op->aux, (uint32_t)bv, (uint32_t)cv, op->p[3], shared);
        if (op->s[0] == SIM_NOSLOT) continue;
        if (wide) w->r64[(size_t)op->s[0] * 32 + (unsigned)l] = old;
        else w->r32[(size_t)op->s[0] * 32 + (unsigned)l] = (uint32_t)old;
    }
}

/* ---- reads for printf ---- */

bool sim_read_generic(sim_block *b, unsigned tid, uint64_t addr, void *dst, size_t n)
{
    uint8_t *src = NULL;
    if (addr - SIM_LOCAL_WINDOW < SIM_WINDOW_SIZE) {
        uint64_t off = addr - SIM_LOCAL_WINDOW;
        if (off + n > b->prog->local_size) return false;
        src = b->local + (size_t)tid * b->prog->local_size + off;
    } else if (addr - SIM_SHARED_WINDOW < SIM_WINDOW_SIZE) {
        uint64_t off = addr - SIM_SHARED_WINDOW;
        if (off + n > b->shared_size) return false;
        src = b->shared + off;
    } else {
        const sim_region *r = sim_mem_find(&b->L->m->mem, addr, n, &b->region_hint);
        if (!r) return false;
        src = r->host + (addr - r->base);
    }
    memcpy(dst, src, n);
    return true;
}
