/* collective.c - warp collectives as rendezvous: shfl.sync, vote.sync,
 * match.sync, redux.sync and bar.warp.sync wait for every non-exited lane
 * their membermask names, then run together. Mask honesty is checked here:
 * a lane outside its own mask, masks that disagree, a shuffle that reads a
 * lane the mask does not name (or that exited, or is not taking part: the
 * read gives SIM_POISON32), lanes meeting at different instructions (a
 * warning), masks taken from activemask (a warning), and deadlocks. */
#include "sim/internal.h"
#include "sim/trace.h"
#include "sim/vec8.h"

#include <stdio.h>

static bool checking(const sim_block *blk)
{
    return blk->checks & SIM_CHECK_MASK;
}

static uint32_t row32(const sim_warp *w, uint16_t slot, int lane)
{
    return w->r32[(size_t)slot * 32 + (unsigned)lane];
}

static void mask_hazards(sim_block *blk, sim_warp *w, uint32_t P)
{
    const sim_program *p = blk->prog;
    int f = __builtin_ctz(P);
    uint32_t m0 = w->coll_mask[f], pc0 = w->pc[f];
    int other_mask = -1, other_pc = -1;
    for (int l = 0; l < 32; l++) {
        if (!(P >> l & 1u)) continue;
        if (w->coll_mask[l] != m0 && other_mask < 0) other_mask = l;
        if (w->pc[l] != pc0 && other_pc < 0) other_pc = l;
        if (!(w->coll_mask[l] >> l & 1u)) {
            sim_hz h = sim_hz_make(CL_HZ_MASK_NOT_MEMBER, w->pc[l], w->id, l);
            h.mask = w->coll_mask[l];
            sim_hz_add(blk, &h);
        }
    }
    if (other_mask >= 0) {
        sim_hz h = sim_hz_make(CL_HZ_MASK_MISMATCH, pc0, w->id, f);
        h.mask = m0;
        h.lane2 = other_mask;
        h.op2 = w->pc[other_mask];
        snprintf(h.detail, sizeof h.detail, "lane %d names 0x%08x, lane %d names 0x%08x", f, m0,
                 other_mask, w->coll_mask[other_mask]);
        sim_hz_add(blk, &h);
    }
    if (other_pc >= 0 && p->code[pc0].p[0] != SIM_COLL_TENSOR) { /* (a tensor-core one: TENSOR_DIVERGENT) */
        sim_hz h = sim_hz_make(CL_HZ_COLLECTIVE_DIVERGENT_PC, pc0, w->id, f);
        h.mask = m0;
        h.lane2 = other_pc;
        h.op2 = w->pc[other_pc];
        sim_hz_add(blk, &h);
    }
    if (p->code[pc0].p[3] & SIM_CF_ACTIVEMASK) {
        sim_hz h = sim_hz_make(CL_HZ_ACTIVEMASK_REUSE, pc0, w->id, f);
        h.mask = m0;
        sim_hz_add(blk, &h);
    }
}

/* ---- shfl.sync ---- */

typedef struct shfl_lane {
    int src;      /* the lane asked for, -1 when the lane does not take part */
    uint8_t read; /* sim_read */
} shfl_lane;

static shfl_lane shfl_source(const sim_warp *w, const sim_op *op, int i, uint32_t P)
{
    /* PTX: bval = b[4:0], cval = c[4:0], segmask = c[12:8] */
    uint32_t b = row32(w, op->s[3], i) & 0x1f, c = row32(w, op->s[4], i);
    uint32_t cval = c & 0x1f, seg = (c >> 8) & 0x1f;
    int64_t maxl = (int64_t)(((uint32_t)i & seg) | (cval & ~seg)), minl = (uint32_t)i & seg;
    int64_t j;
    bool valid;
    switch (op->p[1]) {
    case PTX_SHFL_UP: j = (int64_t)i - b; valid = j >= maxl; break;
    case PTX_SHFL_DOWN: j = (int64_t)i + b; valid = j <= maxl; break;
    case PTX_SHFL_BFLY: j = (int64_t)((uint32_t)i ^ b); valid = j <= maxl; break;
    default: j = minl | (int64_t)(b & ~seg); valid = j <= maxl; break;
    }
    shfl_lane r = { (int)j, SIM_READ_OWN };
    if (!valid) return r;
    SIM_ASSERT(j >= 0 && j < 32);
    bool ok = (P >> j & 1u) && (w->coll_mask[i] >> j & 1u);
    r.read = ok ? SIM_READ_VALID : SIM_READ_UNDEFINED;
    return r;
}

static void shfl_hazard(sim_block *blk, sim_warp *w, uint32_t P, const shfl_lane *s, int i)
{
    sim_hz h = sim_hz_make(CL_HZ_MASK_UNDEFINED_READ, w->pc[i], w->id, i);
    int j = s[i].src;
    h.mask = w->coll_mask[i];
    h.source = j;
    h.has_pic = 1;
    for (int l = 0; l < 32; l++) {
        h.pic[l].took_part = P >> l & 1u;
        h.pic[l].source = (int8_t)((P >> l & 1u) ? s[l].src : -1);
        h.pic[l].read = (P >> l & 1u) ? s[l].read : SIM_READ_NONE;
    }
    const char *why = !(w->coll_mask[i] >> j & 1u) ? "which the mask does not name"
                    : (w->exited >> j & 1u) ? "which has exited" : "which is not taking part";
    snprintf(h.detail, sizeof h.detail, "%s", why);
    sim_hz_add(blk, &h);
}

/* ts: the warp stepper's step (trace.c), or NULL: each lane's source and read. */
static void run_shfl(sim_block *blk, sim_warp *w, uint32_t P, sim_trace_step *ts)
{
    const sim_op *code = blk->prog->code;
    shfl_lane s[32];
    uint32_t val[32], pbits = 0;
    for (int i = 0; i < 32; i++) {
        if (!(P >> i & 1u)) {
            s[i].src = -1;
            s[i].read = SIM_READ_NONE;
            continue;
        }
        const sim_op *op = &code[w->pc[i]];
        s[i] = shfl_source(w, op, i, P);
        if (ts) {
            ts->lane[i].source = (int8_t)s[i].src;
            ts->lane[i].read = s[i].read;
        }
        if (s[i].read == SIM_READ_OWN) {
            val[i] = row32(w, op->s[2], i);
        } else if (s[i].read == SIM_READ_VALID) {
            val[i] = row32(w, code[w->pc[s[i].src]].s[2], s[i].src);
            pbits |= 1u << i;
        } else {
            val[i] = SIM_POISON32;
            pbits |= 1u << i;
        }
    }
    for (int i = 0; i < 32; i++) {
        if (!(P >> i & 1u)) continue;
        if (s[i].read == SIM_READ_UNDEFINED && checking(blk)) shfl_hazard(blk, w, P, s, i);
        const sim_op *op = &code[w->pc[i]];
        w->r32[(size_t)op->s[0] * 32 + (unsigned)i] = val[i];
        if (op->s[1] != SIM_NOSLOT)
            w->pred[op->s[1]] = (w->pred[op->s[1]] & ~(1u << i)) | (pbits & (1u << i));
    }
}

/* ---- vote, match, redux ---- */

static void set_pred(sim_warp *w, uint16_t slot, int lane, bool v)
{
    w->pred[slot] = (w->pred[slot] & ~(1u << lane)) | ((uint32_t)v << lane);
}

static void run_vote(sim_block *blk, sim_warp *w, uint32_t P)
{
    const sim_op *code = blk->prog->code;
    uint32_t pv = 0;
    for (int j = 0; j < 32; j++) {
        if (!(P >> j & 1u)) continue;
        const sim_op *op = &code[w->pc[j]];
        uint32_t bit = (w->pred[op->s[1]] >> j & 1u) ^ ((op->p[3] & SIM_CF_NEG) ? 1u : 0u);
        pv |= bit << j;
    }
    for (int i = 0; i < 32; i++) {
        if (!(P >> i & 1u)) continue;
        const sim_op *op = &code[w->pc[i]];
        uint32_t S = P & w->coll_mask[i], t = S & pv;
        switch (op->p[1]) {
        case PTX_VOTE_BALLOT: w->r32[(size_t)op->s[0] * 32 + (unsigned)i] = t; break;
        case PTX_VOTE_ALL: set_pred(w, op->s[0], i, t == S); break;
        case PTX_VOTE_ANY: set_pred(w, op->s[0], i, t != 0); break;
        default: set_pred(w, op->s[0], i, t == 0 || t == S); break;
        }
    }
}

static uint64_t coll_value(const sim_warp *w, const sim_op *op, int lane)
{
    return op->p[2] && op->p[0] == SIM_COLL_MATCH ? w->r64[(size_t)op->s[2] * 32 + (unsigned)lane]
                                                 : row32(w, op->s[2], lane);
}

static void run_match(sim_block *blk, sim_warp *w, uint32_t P)
{
    const sim_op *code = blk->prog->code;
    uint64_t v[32];
    for (int j = 0; j < 32; j++)
        if (P >> j & 1u) v[j] = coll_value(w, &code[w->pc[j]], j);
    uint32_t out[32];
    bool eq[32];
    for (int i = 0; i < 32; i++) {
        if (!(P >> i & 1u)) continue;
        uint32_t S = P & w->coll_mask[i], same = 0;
        for (int j = 0; j < 32; j++)
            if ((S >> j & 1u) && v[j] == v[i]) same |= 1u << j;
        eq[i] = same == S;
        out[i] = code[w->pc[i]].p[1] == PTX_MATCH_ANY ? same : eq[i] ? S : 0;
    }
    for (int i = 0; i < 32; i++) {
        if (!(P >> i & 1u)) continue;
        const sim_op *op = &code[w->pc[i]];
        w->r32[(size_t)op->s[0] * 32 + (unsigned)i] = out[i];
        if (op->s[1] != SIM_NOSLOT) set_pred(w, op->s[1], i, eq[i]);
    }
}

static uint32_t redux_step(unsigned opk, bool sgn, uint32_t acc, uint32_t x)
{
    switch (opk) {
    case PTX_ATOM_ADD: return acc + x;
    case PTX_ATOM_MIN: return sgn ? ((int32_t)x < (int32_t)acc ? x : acc) : (x < acc ? x : acc);
    case PTX_ATOM_MAX: return sgn ? ((int32_t)x > (int32_t)acc ? x : acc) : (x > acc ? x : acc);
    case PTX_ATOM_AND: return acc & x;
    case PTX_ATOM_OR: return acc | x;
    default: return acc ^ x;
    }
}

static void run_redux(sim_block *blk, sim_warp *w, uint32_t P)
{
    const sim_op *code = blk->prog->code;
    uint32_t v[32], out[32];
    for (int j = 0; j < 32; j++)
        if (P >> j & 1u) v[j] = (uint32_t)coll_value(w, &code[w->pc[j]], j);
    for (int i = 0; i < 32; i++) {
        if (!(P >> i & 1u)) continue;
        const sim_op *op = &code[w->pc[i]];
        uint32_t S = P & w->coll_mask[i];
        bool first = true;
        uint32_t acc = 0;
        for (int j = 0; j < 32; j++) {
            if (!(S >> j & 1u)) continue;
            acc = first ? v[j] : redux_step(op->p[1], op->p[2], acc, v[j]);
            first = false;
        }
        out[i] = acc;
    }
    for (int i = 0; i < 32; i++)
        if (P >> i & 1u) w->r32[(size_t)code[w->pc[i]].s[0] * 32 + (unsigned)i] = out[i];
}

/* Run the collective for the lanes P (each at its own pc, all parked or
 * arriving there) and move them on. */
static void rendezvous(sim_block *blk, sim_warp *w, uint32_t P)
{
    const sim_op *op = &blk->prog->code[w->pc[__builtin_ctz(P)]];
    sim_trace_step *ts = blk->trace ? sim_trace_begin(blk, w, P) : NULL;
    if (checking(blk) && !(op->p[0] == SIM_COLL_TENSOR && w->tc_split)) mask_hazards(blk, w, P);
    switch (op->p[0]) {
    case SIM_COLL_SHFL: run_shfl(blk, w, P, ts); break;
    case SIM_COLL_VOTE: run_vote(blk, w, P); break;
    case SIM_COLL_MATCH: run_match(blk, w, P); break;
    case SIM_COLL_REDUX: run_redux(blk, w, P); break;
    case SIM_COLL_TENSOR: sim_tensor_run(blk, w, P); break;
    default: break; /* bar.warp.sync: the meeting is all */
    }
    if (ts) sim_trace_end(blk, w, P, ts);
    for (int l = 0; l < 32; l++)
        if (P >> l & 1u) w->pc[l]++;
    w->at_coll &= ~P;
    sim_shadow_sync_settle(blk); /* the log's reads were before this sync */
    sim_warp_synced(w, P);
    sim_sync_warp(blk, w, P);
}

/* ---- the converged case, without parking ---- */

/* A shuffle of the lanes m (all of the warp's runnable lanes, at one pc,
 * membermask M naming all of them): false, with nothing changed, when a lane
 * would read undefined (the general path reports it). Eight lanes a vector
 * (vector extensions: AVX2 in the x86-64-v3 clone), the sources picked
 * by permutes: the rows were just written by vector stores, which scalar
 * loads of single lanes would wait for. Rows are loaded straight into
 * vectors (vec8.h's ld8), not copied to aligned locals first: the copy went
 * through the stack in halves that the whole-vector reloads then waited for. */
/* Lane i of *r gets lane idx[i] % 16 of a:b (a's eight, then b's). GCC has
 * a permute with a variable index; clang's vectors are indexed lane by lane. */
static inline __attribute__((always_inline)) void perm16(v8u *r, const v8u *a, const v8u *b, const v8u *idx)
{
#if defined(__clang__)
    for (int i = 0; i < 8; i++) {
        uint32_t k = (*idx)[i] & 15;
        (*r)[i] = k < 8 ? (*a)[k] : (*b)[k - 8];
    }
#else
    *r = __builtin_shuffle(*a, *b, *idx);
#endif
}

/* Lane i of *r gets lane idx[i] % 8 of a. */
static inline __attribute__((always_inline)) void perm8(v8u *r, const v8u *a, const v8u *idx)
{
#if defined(__clang__)
    for (int i = 0; i < 8; i++) (*r)[i] = (*a)[(*idx)[i] & 7];
#else
    *r = __builtin_shuffle(*a, *idx);
#endif
}

/* The source lanes of eight lanes I, and which of them are valid, for the
 * mode (a constant where it is inlined). */
static inline __attribute__((always_inline)) void shfl_src(v8u *jj, v8u *on, uint32_t mode, const v8u *I,
                                                           const v8u *bv, const v8u *cv)
{
    v8u b = *bv & 0x1f, cval = *cv & 0x1f, seg = (*cv >> 8) & 0x1f;
    v8i maxl = (v8i)((*I & seg) | (cval & ~seg)), j, valid;
    switch (mode) {
    case PTX_SHFL_UP: j = (v8i)*I - (v8i)b; valid = j >= maxl; break;
    case PTX_SHFL_DOWN: j = (v8i)*I + (v8i)b; valid = j <= maxl; break;
    case PTX_SHFL_BFLY: j = (v8i)(*I ^ b); valid = j <= maxl; break;
    default: j = (v8i)((*I & seg) | (b & ~seg)); valid = j <= maxl; break;
    }
    *jj = (v8u)j & 31;
    *on = (v8u)valid;
}

/* Lane i of *r gets lane src[i] % 32 of the row V0:V1:V2:V3. */
static inline __attribute__((always_inline)) void pick32(v8u *r, const v8u *V0, const v8u *V1, const v8u *V2,
                                                         const v8u *V3, const v8u *src)
{
    v8u lo, hi;
    perm16(&lo, V0, V1, src);
    perm16(&hi, V2, V3, src);
    v8u up = (v8u)((v8i)(*src << 27) < 0); /* bit 4: from V2:V3 */
    *r = (hi & up) | (lo & ~up);
}

/* The shuffle's values for the lanes m, in val; in *pbits the lanes that got
 * another lane's value (the shuffle's p). False when a lane of m would read
 * one outside P.
 *
 * The common case first: the whole warp (m, and so M and P), b and c the
 * same in every lane, segmask 0 (width 32) and, for bfly, clamp 31. Then
 * maxLane is c's clamp in every lane, a lane's source is lane - b, lane + b,
 * lane ^ b or b, and the valid lanes are one run [lo, hi], so p is a run of
 * bits and nothing needs gathering. Otherwise bit i of a mask is gathered in
 * lane i % 8 over the four vectors and the lanes are ORed once, after the
 * loop; the bad ones only when P is not the whole warp (else none can be). */
static inline __attribute__((always_inline)) bool shfl_vals(v8u val[4], uint32_t *pbits, const sim_warp *w,
                                                            const sim_op *op, uint32_t mode, uint32_t m,
                                                            uint32_t P)
{
    const uint32_t *Brow = w->r32 + (size_t)op->s[3] * 32, *Crow = w->r32 + (size_t)op->s[4] * 32;
    const uint32_t *Vrow = w->r32 + (size_t)op->s[2] * 32;
    v8u V0, V1, V2, V3;
    ld8(&V0, Vrow, 0);
    ld8(&V1, Vrow, 1);
    ld8(&V2, Vrow, 2);
    ld8(&V3, Vrow, 3);
    const v8u bit = { 1, 2, 4, 8, 16, 32, 64, 128 }, lane0 = { 0, 1, 2, 3, 4, 5, 6, 7 };
    const v8u zero = { 0, 0, 0, 0, 0, 0, 0, 0 };
    if (m == SIM_FULL) {
        uint32_t b0 = Brow[0], c0 = Crow[0];
        v8u d = zero;
        for (int k = 0; k < 4; k++) {
            v8u b, c;
            ld8(&b, Brow, k);
            ld8(&c, Crow, k);
            d |= (b ^ b0) | (c ^ c0);
        }
        uint32_t b = b0 & 0x1f, cval = c0 & 0x1f;
        if (!hor8(&d) && !(c0 & 0x1f00) && (mode != PTX_SHFL_BFLY || cval == 31)) {
            int lo = 0, hi = 31;
            switch (mode) {
            case PTX_SHFL_UP: lo = (int)(b + cval); break;    /* lane - b >= cval */
            case PTX_SHFL_DOWN: hi = (int)cval - (int)b; break; /* lane + b <= cval */
            case PTX_SHFL_BFLY: break;                          /* lane ^ b <= 31 */
            default: hi = b <= cval ? 31 : -1; break;           /* b <= cval */
            }
            *pbits = lo > hi ? 0 : (SIM_FULL >> (31 - hi)) & (SIM_FULL << lo);
            /* lane 8k + i reads lane 8(k + q) + i + r (up: minus; bfly: the
               XOR): eight lanes of one row's chunk or two neighbours, so one
               permute of each (the lanes a chunk past the row would give
               keep their own value) */
            const int q = (int)(b >> 3);
            const v8u r = zero + (b & 7);
            for (int k = 0; k < 4; k++) {
                v8u I = lane0 + (uint32_t)(8 * k), own, x, y, idx, on;
                ld8(&own, Vrow, k);
                switch (mode) {
                case PTX_SHFL_UP:
                    ld8(&x, Vrow, k - q - 1 < 0 ? 0 : k - q - 1);
                    ld8(&y, Vrow, k - q < 0 ? 0 : k - q);
                    idx = lane0 + 8 - r;
                    perm16(&val[k], &x, &y, &idx);
                    on = (v8u)((v8i)I >= lo);
                    val[k] = (val[k] & on) | (own & ~on);
                    break;
                case PTX_SHFL_DOWN:
                    ld8(&x, Vrow, k + q > 3 ? 3 : k + q);
                    ld8(&y, Vrow, k + q + 1 > 3 ? 3 : k + q + 1);
                    idx = lane0 + r;
                    perm16(&val[k], &x, &y, &idx);
                    on = (v8u)((v8i)I <= hi);
                    val[k] = (val[k] & on) | (own & ~on);
                    break;
                case PTX_SHFL_BFLY:
                    ld8(&x, Vrow, k ^ q);
                    idx = lane0 ^ r;
                    perm8(&val[k], &x, &idx);
                    break;
                default: val[k] = lo > hi ? own : zero + Vrow[b]; break;
                }
            }
            return true;
        }
    }
    v8u onacc = zero, badacc = zero;
    for (int k = 0; k < 4; k++) {
        v8u I = lane0 + (uint32_t)(8 * k), b, c, jj, on;
        ld8(&b, Brow, k);
        ld8(&c, Crow, k);
        shfl_src(&jj, &on, mode, &I, &b, &c);
        v8u src = (jj & on) | (I & ~on); /* the lane read: j, or its own */
        pick32(&val[k], &V0, &V1, &V2, &V3, &src);
        onacc |= on & (bit << (uint32_t)(8 * k));
        if (P != SIM_FULL) {
            v8u absent = (v8u)((((zero + P) >> jj) & 1) == zero);
            badacc |= on & absent & (bit << (uint32_t)(8 * k));
        }
    }
    if (P != SIM_FULL && (hor8(&badacc) & m)) return false;
    *pbits = hor8(&onacc);
    return true;
}

static inline __attribute__((always_inline)) bool shfl_fast(sim_warp *w, const sim_op *op, uint32_t m, uint32_t M)
{
    const uint32_t P = m & M;
    v8u val[4];
    uint32_t pbits = 0;
    bool ok;
    switch (op->p[1]) { /* one loop for each mode */
    case PTX_SHFL_UP: ok = shfl_vals(val, &pbits, w, op, PTX_SHFL_UP, m, P); break;
    case PTX_SHFL_DOWN: ok = shfl_vals(val, &pbits, w, op, PTX_SHFL_DOWN, m, P); break;
    case PTX_SHFL_BFLY: ok = shfl_vals(val, &pbits, w, op, PTX_SHFL_BFLY, m, P); break;
    default: ok = shfl_vals(val, &pbits, w, op, PTX_SHFL_IDX, m, P); break;
    }
    if (!ok) return false;
    uint32_t *D = w->r32 + (size_t)op->s[0] * 32;
    if (m == SIM_FULL) {
        for (int k = 0; k < 4; k++) st8(D, k, &val[k]);
    } else {
        for (int k = 0; k < 4; k++) {
            v8u d, mm;
            lanes8(&mm, m, k);
            ld8(&d, D, k);
            d = (val[k] & mm) | (d & ~mm);
            st8(D, k, &d);
        }
    }
    if (op->s[1] != SIM_NOSLOT) w->pred[op->s[1]] = (w->pred[op->s[1]] & ~m) | (pbits & m);
    return true;
}

static inline __attribute__((always_inline)) void vote_fast(sim_warp *w, const sim_op *op, uint32_t m, uint32_t M)
{
    uint32_t pv = (w->pred[op->s[1]] ^ ((op->p[3] & SIM_CF_NEG) ? SIM_FULL : 0)) & m;
    uint32_t S = m & M, t = S & pv;
    if (op->p[1] == PTX_VOTE_BALLOT) {
        uint32_t *D = w->r32 + (size_t)op->s[0] * 32;
        for (int i = 0; i < 32; i++) D[i] = (m >> i & 1u) ? t : D[i];
        return;
    }
    bool v = op->p[1] == PTX_VOTE_ALL ? t == S : op->p[1] == PTX_VOTE_ANY ? t != 0 : (t == 0 || t == S);
    w->pred[op->s[0]] = (w->pred[op->s[0]] & ~m) | (v ? m : 0);
}

/* The lanes m's collective done: each one's mask M, and the warp's sync. */
static inline __attribute__((always_inline)) void coll_done(sim_block *blk, sim_warp *w, uint32_t m, uint32_t M)
{
    if (m == SIM_FULL) for (int l = 0; l < 32; l++) w->coll_mask[l] = M;
    else for (int l = 0; l < 32; l++) w->coll_mask[l] = (m >> l & 1u) ? M : w->coll_mask[l];
    sim_shadow_sync_settle(blk); /* the log's reads were before this sync */
    sim_warp_synced(w, m);
    if (blk->sync) sim_sync_warp(blk, w, m); /* it does nothing without */
}

/* sim_coll_fast past its first tests: a mask in a register, shfl, vote
 * (out of line: its vector frame is not set up for a __syncwarp()). The
 * lanes m must all name M, the first one's mask (vec8.h's row_is). */
static SIM_HOT __attribute__((noinline)) bool coll_fast_rest(sim_block *blk, sim_warp *w, const sim_op *op,
                                                             uint32_t m, uint32_t M)
{
    const uint32_t *R = w->r32 + (size_t)op->s[5] * 32;
    if (!(op->p[3] & SIM_CF_UNIFORM) && !row_is(R, m, M)) return false; /* a register: every lane's mask must be M */
    switch (op->p[0]) {
    case SIM_COLL_SHFL:
        if (!shfl_fast(w, op, m, M)) return false;
        break;
    case SIM_COLL_VOTE: vote_fast(w, op, m, M); break;
    case SIM_COLL_BARWARP: break;
    default: return false;
    }
    coll_done(blk, w, m, M);
    return true;
}

SIM_HOT bool sim_coll_fast(sim_block *blk, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &blk->prog->code[pc];
    uint32_t M = w->r32[(size_t)op->s[5] * 32 + (unsigned)__builtin_ctz(m)], live = w->valid & ~w->exited;
    if ((m & ~M) || (M & live & ~m) || (op->p[3] & SIM_CF_ACTIVEMASK) || blk->L->reference) return false;
    if (op->p[0] == SIM_COLL_BARWARP && (op->p[3] & SIM_CF_UNIFORM)) { /* __syncwarp(), bar.warp.sync -1 */
        coll_done(blk, w, m, M);
        return true;
    }
    return coll_fast_rest(blk, w, op, m, M);
}

void sim_coll_arrive(sim_block *blk, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &blk->prog->code[pc];
    uint32_t first = row32(w, op->s[5], __builtin_ctz(m));
    bool uniform = true;
    for (int l = 0; l < 32; l++) {
        if (!(m >> l & 1u)) continue;
        w->coll_mask[l] = row32(w, op->s[5], l);
        if (w->coll_mask[l] != first) uniform = false;
    }
    uint32_t live = w->valid & ~w->exited;
    if (uniform && !(first & live & ~m)) {
        rendezvous(blk, w, m);
        return;
    }
    w->at_coll |= m;
    sim_coll_resolve(blk, w);
}

static bool same_kind(const sim_op *a, const sim_op *b)
{
    return a->p[0] == b->p[0] && a->p[1] == b->p[1] && a->p[2] == b->p[2];
}

/* The parked lanes that must meet with lane l: everything its mask names,
 * and whatever names those, among the parked lanes. */
static uint32_t closure(const sim_warp *w, int l, uint32_t parked)
{
    uint32_t S = 1u << l;
    for (;;) {
        uint32_t named = 0, naming = 0;
        for (int i = 0; i < 32; i++) {
            if (!(parked >> i & 1u)) continue;
            if (S >> i & 1u) named |= w->coll_mask[i];
            else if (w->coll_mask[i] & S) naming |= 1u << i;
        }
        uint32_t next = S | (named & parked) | naming;
        if (next == S) return S;
        S = next;
    }
}

bool sim_coll_resolve(sim_block *blk, sim_warp *w)
{
    const sim_op *code = blk->prog->code;
    bool any = false;
    uint32_t todo = w->at_coll;
    while (todo) {
        int l = __builtin_ctz(todo);
        uint32_t parked = w->at_coll, live = w->valid & ~w->exited;
        uint32_t S = closure(w, l, parked);
        todo &= ~S;
        uint32_t need = 0;
        bool kinds = true;
        for (int i = 0; i < 32; i++) {
            if (!(S >> i & 1u)) continue;
            need |= w->coll_mask[i];
            if (!same_kind(&code[w->pc[i]], &code[w->pc[l]])) kinds = false;
        }
        if ((need & live & ~parked) || !kinds) continue;
        rendezvous(blk, w, S);
        any = true;
    }
    return any;
}

void sim_coll_deadlock(sim_block *blk, sim_warp *w)
{
    uint32_t parked = w->at_coll, live = w->valid & ~w->exited;
    int l = __builtin_ctz(parked);
    uint32_t need = 0;
    for (int i = 0; i < 32; i++)
        if (parked >> i & 1u) need |= w->coll_mask[i];
    uint32_t missing = need & live & ~parked;
    sim_hz h = sim_hz_make(CL_HZ_MASK_DEADLOCK, w->pc[l], w->id, l);
    h.mask = w->coll_mask[l];
    if (missing) {
        int j = __builtin_ctz(missing);
        h.op2 = w->pc[j];
        h.lane2 = j;
        snprintf(h.detail, sizeof h.detail,
                 "lanes 0x%08x wait here for lanes 0x%08x; lane %d is at line %u%s", parked, missing, j,
                 blk->prog->src[w->pc[j]].line, (w->at_bar >> j & 1u) ? " (a block barrier)" : "");
    } else {
        snprintf(h.detail, sizeof h.detail, "lanes 0x%08x wait at different collectives", parked);
    }
    if (checking(blk)) sim_hz_add(blk, &h);
    if (blk->trace) sim_trace_deadlock(blk, w);
}
