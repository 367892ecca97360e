/* lane_access.c - one lane's access in a state space, the slow way: the generic
 * windows, bounds and alignment with the fault recorded (the allocation
 * missed and by how much), atomics lane by lane (atomic across host threads
 * in global memory), and reads for printf. The fast paths of a whole warp
 * are warp_access.c's. */
#include "sim/internal.h"

#include <stdio.h>

static void fault(sim_block *b, sim_warp *w, int lane, uint32_t pc, cl_hazard_kind kind,
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
    /* Counted as compute-sanitizer counts: from the start of the access to
       the last byte of the allocation ("1 bytes after" is the first byte past
       its end), or to its first byte; 0 for an access that starts inside and
       runs past the end. */
    h.dist = !r && space != PTX_SPACE_GLOBAL && space != PTX_SPACE_CONST && (int64_t)addr < 0
               ? (int64_t)addr /* below an own space (shared at -4) */
           : addr >= rbase + rsize && rsize ? (int64_t)(addr - (rbase + rsize - 1))
           : addr >= rbase + rsize ? (int64_t)(addr - rbase) + 1
           : addr < rbase ? -(int64_t)(rbase - addr) : 0;
    if (!r) h.space_size = rsize;
    sim_hz_add(b, &h);
}

/* Map (space, addr) of thread (w, lane) to host memory, or record a fault. */
bool sim_mem_resolve(sim_block *b, sim_warp *w, int lane, uint32_t pc, unsigned ms, uint64_t addr,
                    unsigned n, bool write, sim_where *out)
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
            fault(b, w, lane, pc, CL_HZ_OOB, PTX_SPACE_SHARED, addr, n, NULL, 0, b->shared_size);
            return false;
        }
        out->host = b->shared + addr;
        out->soff = (uint32_t)addr;
        return true;
    case SIM_MS_LOCAL:
        out->space = PTX_SPACE_LOCAL;
        if (addr + n > b->prog->local_size || addr + n < addr) {
            fault(b, w, lane, pc, CL_HZ_OOB, PTX_SPACE_LOCAL, addr, n, NULL, 0, b->prog->local_size);
            return false;
        }
        sim_local_touch(b, tid, addr, n);
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
        fault(b, w, lane, pc, CL_HZ_OOB, PTX_SPACE_PARAM, addr, n, NULL, 0, L->param_size);
        return false;
    default: {
        out->space = ms == SIM_MS_CONST ? PTX_SPACE_CONST : PTX_SPACE_GLOBAL;
        const sim_region *r = sim_mem_find(&L->m->mem, addr, n, &b->region_hint);
        if (!r) {
            fault(b, w, lane, pc, CL_HZ_OOB, out->space, addr, n, sim_mem_nearest(&L->m->mem, addr), 0, 0);
            return false;
        }
        out->host = r->host + (addr - r->base);
        return true;
    }
    }
}

bool sim_mem_aligned(sim_block *b, sim_warp *w, int lane, uint32_t pc, unsigned ms, uint64_t addr,
                    unsigned total)
{
    if (!(addr & (total - 1))) return true;
    uint8_t sp = ms == SIM_MS_SHARED ? PTX_SPACE_SHARED : ms == SIM_MS_LOCAL ? PTX_SPACE_LOCAL
               : ms == SIM_MS_PARAM ? PTX_SPACE_PARAM : ms == SIM_MS_CONST ? PTX_SPACE_CONST
               : PTX_SPACE_GLOBAL;
    /* the allocation it falls in, to name it ("byte 4 of 'in'") */
    const sim_region *r = sp == PTX_SPACE_GLOBAL || sp == PTX_SPACE_CONST
                        ? sim_mem_find(&b->L->m->mem, addr, 1, NULL) : NULL;
    fault(b, w, lane, pc, CL_HZ_MISALIGNED, sp, addr, total, r, addr, 0);
    return false;
}

/* ---- atomics ---- */

/* One half (f16, or bf16 with SIM_MF_BF16) combined by add, min or max,
 * rounded to nearest: the sum is exact in double, so one rounding. */
static uint16_t half_op(unsigned opk, uint16_t x, uint16_t y, unsigned flags)
{
    bool bf = flags & SIM_MF_BF16;
    double a = bf ? sim_bf16_to_f32(x) : sim_f16_to_f32(x), b = bf ? sim_bf16_to_f32(y) : sim_f16_to_f32(y);
    if (opk == PTX_ATOM_MIN) return a != a ? y : b != b ? x : a <= b ? x : y;
    if (opk == PTX_ATOM_MAX) return a != a ? y : b != b ? x : a >= b ? x : y;
    return bf ? sim_f32_to_bf16((float)(a + b), PTX_RND_RN) : sim_f64_to_f16(a + b, PTX_RND_RN);
}

static uint32_t half_pair_op(unsigned opk, uint32_t x, uint32_t y, unsigned flags)
{
    if (!(flags & SIM_MF_PAIR)) return half_op(opk, (uint16_t)x, (uint16_t)y, flags);
    return half_op(opk, (uint16_t)x, (uint16_t)y, flags) |
           (uint32_t)half_op(opk, (uint16_t)(x >> 16), (uint16_t)(y >> 16), flags) << 16;
}

/* 16-bit atomics: cas and exch of b16, and f16 / bf16 add, min, max. */
static uint16_t atom16(uint16_t *p, unsigned opk, uint16_t b, uint16_t c, unsigned flags, bool shared)
{
    uint16_t old = shared ? *p : __atomic_load_n(p, __ATOMIC_RELAXED);
    for (;;) {
        uint16_t nv = opk == PTX_ATOM_EXCH ? b : opk == PTX_ATOM_CAS ? (old == b ? c : old)
                    : half_op(opk, old, b, flags);
        if (shared) {
            *p = nv;
            return old;
        }
        if (__atomic_compare_exchange_n(p, &old, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) return old;
    }
}

/* The value a 32-bit atomic opk of b (c: cas's new value) leaves in place
 * of old. */
static inline uint32_t atom32_next(uint32_t old, unsigned opk, uint32_t b, uint32_t c, unsigned flags)
{
    switch (opk) {
    case PTX_ATOM_ADD:
        return (flags & SIM_MF_PAIR) ? half_pair_op(opk, old, b, flags)
             : (flags & SIM_MF_FLOAT) ? sim_f2u(sim_u2f(old) + sim_u2f(b)) : old + b;
    case PTX_ATOM_INC: return old >= b ? 0 : old + 1;
    case PTX_ATOM_DEC: return (old == 0 || old > b) ? b : old - 1;
    case PTX_ATOM_MIN:
        return (flags & SIM_MF_PAIR) ? half_pair_op(opk, old, b, flags)
             : (flags & SIM_MF_SIGNED) ? ((int32_t)b < (int32_t)old ? b : old) : (b < old ? b : old);
    case PTX_ATOM_MAX:
        return (flags & SIM_MF_PAIR) ? half_pair_op(opk, old, b, flags)
             : (flags & SIM_MF_SIGNED) ? ((int32_t)b > (int32_t)old ? b : old) : (b > old ? b : old);
    case PTX_ATOM_AND: return old & b;
    case PTX_ATOM_OR: return old | b;
    case PTX_ATOM_XOR: return old ^ b;
    case PTX_ATOM_EXCH: return b;
    default: return old == b ? c : old; /* cas */
    }
}

static uint32_t atom32(uint32_t *p, unsigned opk, uint32_t b, uint32_t c, unsigned flags, bool shared)
{
    uint32_t old = shared ? *p : __atomic_load_n(p, __ATOMIC_RELAXED);
    for (;;) {
        uint32_t nv = atom32_next(old, opk, b, c, flags);
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

/* One lane's atomic at host, its old value into d (when the op has one). */
static inline void atom_lane(sim_warp *w, const sim_op *op, int l, uint8_t *host, bool shared)
{
    unsigned n = op->p[1];
    bool wide = n == 8;
    uint64_t bv = wide ? w->r64[(size_t)op->s[1] * 32 + (unsigned)l] : w->r32[(size_t)op->s[1] * 32 + (unsigned)l];
    uint64_t cv = op->s[2] == SIM_NOSLOT ? 0
                : wide ? w->r64[(size_t)op->s[2] * 32 + (unsigned)l] : w->r32[(size_t)op->s[2] * 32 + (unsigned)l];
    uint64_t old = wide ? atom64((uint64_t *)(void *)host, op->aux, bv, cv, op->p[3], shared)
                 : n == 2 ? atom16((uint16_t *)(void *)host, op->aux, (uint16_t)bv, (uint16_t)cv, op->p[3], shared)
                          : atom32((uint32_t *)(void *)host, op->aux, (uint32_t)bv, (uint32_t)cv, op->p[3], shared);
    if (op->s[0] == SIM_NOSLOT) return;
    if (wide) w->r64[(size_t)op->s[0] * 32 + (unsigned)l] = old;
    else w->r32[(size_t)op->s[0] * 32 + (unsigned)l] = (uint32_t)old;
}

/* The shared offsets of the lanes of m of a shared atom whose base is a
 * 32-bit register, in one vector pass when every one of them is aligned and
 * inside shared memory (the histogram's bins: no host pointers, no search
 * for a stride), and whether they are all one; false, with nothing done,
 * otherwise (sim_map_lanes then maps the lanes, or they go one by one). */
static inline __attribute__((always_inline)) bool shared_offsets(const sim_block *b, const sim_warp *w,
                                                                 const sim_op *op, uint32_t m, uint32_t *soff,
                                                                 bool *uniform)
{
    typedef uint32_t v8u __attribute__((vector_size(32)));
    unsigned total = (unsigned)op->p[1] * op->p[2];
    /* an offset from 0 to the end of shared memory (a variable's place, as
       nvcc writes it): each lane's address b32 + imm is then below 2^33, so
       it is inside when b32 <= lim - imm and aligned when its low 32 bits are */
    if (op->p[0] != SIM_MS_SHARED || !(op->p[3] & SIM_MF_BASE32) || op->s[4] == SIM_NOSLOT ||
        b->shared_size < total || (total & (total - 1)) || op->imm < 0 || op->imm > b->shared_size - total)
        return false;
    const uint32_t *b32 = w->r32 + (size_t)op->s[4] * 32;
    const uint32_t imm = (uint32_t)op->imm, top = b->shared_size - total - imm, first = b32[__builtin_ctz(m)];
    const v8u bit = { 1, 2, 4, 8, 16, 32, 64, 128 }, zero = { 0 };
    v8u bad = zero, other = zero;
    for (int k = 0; k < 4; k++) {
        v8u x, on = ((zero + (m >> (8 * k))) & bit) != 0;
        memcpy(&x, b32 + 8 * k, sizeof x);
        v8u a = x + imm;
        bad |= (((a & (total - 1)) != 0) | (x > top)) & on;
        other |= (x != first) & on;
        memcpy(soff + 8 * k, &a, sizeof a);
    }
    bad |= __builtin_shufflevector(bad, bad, 4, 5, 6, 7, 0, 1, 2, 3);
    other |= __builtin_shufflevector(other, other, 4, 5, 6, 7, 0, 1, 2, 3);
    if (bad[0] | bad[1] | bad[2] | bad[3]) return false;
    *uniform = !(other[0] | other[1] | other[2] | other[3]);
    return true;
}

bool sim_shared_offsets_of(const sim_block *b, const sim_warp *w, const sim_op *op, uint32_t m, uint32_t *soff,
                           bool *uniform)
{
    return shared_offsets(b, w, op, m, soff, uniform);
}

/* A warp's 32-bit atomics opk where no other host thread can reach their
 * words (shared memory, or global memory with one host thread), lane by
 * lane in lane order, each lane's word at base + off[l] (host pointers: base
 * 0; shared offsets: the block's shared memory): a load and a store each,
 * each lane's old value the one before its op. With every lane on one word
 * (a histogram's bin, a flag every lane sets) its value stays in a register
 * from lane to lane. In line with opk a constant (the histogram's add), the
 * op's switch goes. */
static inline __attribute__((always_inline)) void plain_lanes32(sim_warp *w, const sim_op *op, unsigned opk,
                                                                uint32_t m, uintptr_t base, const uintptr_t *host,
                                                                const uint32_t *soff, bool uniform)
{
    const unsigned flags = op->p[3];
    const uint32_t *B = w->r32 + (size_t)op->s[1] * 32;
    const uint32_t *C = op->s[2] == SIM_NOSLOT ? B : w->r32 + (size_t)op->s[2] * 32; /* (only cas reads c) */
    uint32_t *D = op->s[0] == SIM_NOSLOT ? NULL : w->r32 + (size_t)op->s[0] * 32;
#define LANE_WORD(l) ((uint32_t *)(void *)(host ? host[l] : base + soff[l]))
    if (uniform) {
        uint32_t *p = LANE_WORD(__builtin_ctz(m)), v = *p;
        for (uint32_t r = m; r; r &= r - 1) {
            int l = __builtin_ctz(r);
            uint32_t nv = atom32_next(v, opk, B[l], C[l], flags); /* before D[l]: d may be b's register */
            if (D) D[l] = v;
            v = nv;
        }
        *p = v;
        return;
    }
    for (uint32_t r = m; r; r &= r - 1) {
        int l = __builtin_ctz(r);
        uint32_t *p = LANE_WORD(l), old = *p;
        *p = atom32_next(old, opk, B[l], C[l], flags);
        if (D) D[l] = old;
    }
#undef LANE_WORD
}

/* The whole warp's atomics when its lanes map at once and no
 * happens-before order is kept: the counters once, the shadow's record of
 * each lane, then each lane's atomic, in lane order as below. */
static SIM_HOT bool atom_warp(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m, bool alone)
{
    const sim_op *op = &b->prog->code[pc];
    uintptr_t host[32];
    uint32_t soff[32];
    bool in_shared = true, uniform;
    if (b->sync || (b->L->xr && b->prog->cta_atomics)) return false; /* (crossread.c looks lane by lane) */
    /* shared offsets at once (host pointers only where a lane needs one),
       else every lane mapped as ld and st map them */
    bool direct = shared_offsets(b, w, op, m, soff, &uniform);
    if (!direct && !sim_map_lanes(b, w, pc, m, true, host, soff, &in_shared, &uniform)) return false;
    if (in_shared) {
        b->cnt.shared_atomics += (uint64_t)__builtin_popcount(m);
        if (b->shadow) sim_shadow_atomics(b, w, m, soff, op->p[1], pc);
    } else {
        b->cnt.global_atomics += (uint64_t)__builtin_popcount(m);
    }
    bool plain = in_shared || alone;
    if (plain && op->p[1] == 4 && !b->L->reference) { /* (the reference mode: atom_lane's, below) */
        const uintptr_t base = direct ? (uintptr_t)b->shared : 0, *hosts = direct ? NULL : host;
        if (op->aux == PTX_ATOM_ADD && !(op->p[3] & (SIM_MF_FLOAT | SIM_MF_PAIR)))
            plain_lanes32(w, op, PTX_ATOM_ADD, m, base, hosts, soff, uniform);
        else
            plain_lanes32(w, op, op->aux, m, base, hosts, soff, uniform);
        return true;
    }
    for (uint32_t r = m; r; r &= r - 1) {
        int l = __builtin_ctz(r);
        atom_lane(w, op, l, direct ? b->shared + soff[l] : (uint8_t *)host[l], plain);
    }
    return true;
}

void sim_exec_atom(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    unsigned n = op->p[1];
    /* with one host thread no other block runs: global memory needs no
       atomic instructions (the same values, in the same order) */
    bool alone = b->L->nworkers <= 1;
    const sim_region *last = NULL; /* the global region the lane before hit */
    w->minst++;
    if (b->L->order) sim_order_write(b, w, pc, m); /* blocks in other orders: before it writes (order.c) */
    if (atom_warp(b, w, pc, m, alone)) return;
    for (int l = 0; l < 32; l++) { /* lane order: deterministic within the block */
        if (!(m >> l & 1u)) continue;
        uint64_t a = sim_lane_addr(w, op, l);
        sim_where wh;
        wh.soff = SIM_NONE;
        if (last && op->p[0] == SIM_MS_GLOBAL && !(a & (n - 1)) && a >= last->base &&
            a - last->base <= last->size && n <= last->size - (a - last->base)) {
            wh.space = PTX_SPACE_GLOBAL; /* what sim_mem_resolve would find, without the search */
            wh.host = last->host + (a - last->base);
        } else if (!sim_mem_aligned(b, w, l, pc, op->p[0], a, n) ||
                   !sim_mem_resolve(b, w, l, pc, op->p[0], a, n, true, &wh)) {
            if (op->s[0] != SIM_NOSLOT) sim_mem_poison_lane(w, op, l);
            continue;
        } else if (op->p[0] == SIM_MS_GLOBAL) {
            last = sim_mem_find(&b->L->m->mem, a, n, NULL);
        }
        bool shared = wh.space == PTX_SPACE_SHARED || wh.space == PTX_SPACE_LOCAL ||
                      (alone && wh.space == PTX_SPACE_GLOBAL);
        if (wh.space == PTX_SPACE_SHARED) b->cnt.shared_atomics++;
        else if (wh.space == PTX_SPACE_GLOBAL) b->cnt.global_atomics++;
        if (wh.space == PTX_SPACE_SHARED) sim_shadow_write(b, w, l, wh.soff, n, pc, m);
        if (b->L->xr && b->prog->cta_atomics && wh.space == PTX_SPACE_GLOBAL) {
            const sim_region *r = last ? last : sim_mem_find(&b->L->m->mem, a, n, &b->region_hint);
            sim_xr_atomic(b, w, l, wh.host, n, (sim_region *)r, pc, op->aux2 & SIM_SY_CTA);
        }
        if (b->sync) sim_sync_access(b, w, l, wh.host, op->aux2, true, true);
        atom_lane(w, op, l, wh.host, shared);
    }
    sim_sync_step(b, w, op->aux2);
}

/* ---- reads for printf ---- */

bool sim_read_generic(sim_block *b, unsigned tid, uint64_t addr, void *dst, size_t n)
{
    uint8_t *src = NULL;
    if (addr - SIM_LOCAL_WINDOW < SIM_WINDOW_SIZE) {
        uint64_t off = addr - SIM_LOCAL_WINDOW;
        if (off + n > b->prog->local_size) return false;
        sim_local_touch(b, tid, off, (unsigned)n);
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
