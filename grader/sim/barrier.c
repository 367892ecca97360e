/* barrier.c - block barriers (bar.sync / barrier.sync a{, b}, bar.arrive,
 * bar.red), thread exit, and barrier honesty: threads meeting at different
 * barriers, a barrier under a condition that differs across the block
 * (critical branches, cfg.c), a barrier that completed only because threads
 * exited (a warning), counts that are not a multiple of 32, and deadlocks. */
#include "sim/internal.h"

#include <stdio.h>

static uint32_t lane_u32(const sim_warp *w, uint16_t slot, int lane)
{
    return slot == SIM_NOSLOT ? 0 : w->r32[(size_t)slot * 32 + (unsigned)lane];
}

static bool checking(const sim_block *b)
{
    return b->checks & SIM_CHECK_BARRIER;
}

/* Critical branches that went both ways in this epoch, guarding op. */
static void check_conditional(sim_block *b, uint32_t bar_op, unsigned warp, int lane, bool counted)
{
    const sim_program *p = b->prog;
    for (uint32_t i = 0; i < p->ncrits; i++) {
        const sim_crit *c = &p->crits[i];
        if (c->barrier != bar_op) continue;
        uint32_t k = p->code[c->branch].aux2 - 1;
        if (b->crit_epoch[k] != b->epoch || (b->crit_dirs[k] & 3) != 3) continue;
        /* a barrier with a thread count (bar.sync 1, 64: warp
           specialisation) is for the threads that reach it: warps going
           different ways as wholes is its use; only a warp whose own lanes
           went both ways breaks it (bar.sync is aligned) */
        if (counted && !(b->crit_dirs[k] & 4)) continue;
        sim_hz h = sim_hz_make(CL_HZ_BARRIER_CONDITIONAL, bar_op, warp, lane);
        h.op2 = c->branch;
        uint32_t pair = counted ? b->crit_split[k] : b->crit_warp[k];
        unsigned t1 = pair >> 16, t2 = pair & 0xffff; /* threads of the block */
        if (t1 / 32 == t2 / 32)
            snprintf(h.detail, sizeof h.detail, "lanes %u and %u of warp %u went different ways there",
                     t1 % 32, t2 % 32, t1 / 32);
        else
            snprintf(h.detail, sizeof h.detail, "threads %u and %u (warps %u and %u) went different ways there",
                     t1, t2, t1 / 32, t2 / 32);
        sim_hz_add(b, &h);
    }
}

void sim_bar_branch(sim_block *b, sim_warp *w, const sim_op *op, uint32_t taken, uint32_t not_taken)
{
    uint32_t k = op->aux2 - 1;
    if (b->crit_epoch[k] != b->epoch) {
        b->crit_epoch[k] = b->epoch;
        b->crit_dirs[k] = 0;
        b->crit_warp[k] = 0;
    }
    if (taken && not_taken && !(b->crit_dirs[k] & 4)) { /* the first warp whose own lanes split here */
        unsigned base = w->id * 32;
        b->crit_split[k] = (base + (unsigned)__builtin_ctz(taken)) << 16 | (base + (unsigned)__builtin_ctz(not_taken));
        b->crit_dirs[k] |= 4;
    }
    if (taken) {
        unsigned tid = w->id * 32 + (unsigned)__builtin_ctz(taken);
        if (!(b->crit_dirs[k] & 1)) b->crit_warp[k] = (b->crit_warp[k] & 0xffff) | tid << 16;
        b->crit_dirs[k] |= 1;
    }
    if (not_taken) {
        unsigned tid = w->id * 32 + (unsigned)__builtin_ctz(not_taken);
        if (!(b->crit_dirs[k] & 2)) b->crit_warp[k] = (b->crit_warp[k] & 0xffff0000u) | tid;
        b->crit_dirs[k] |= 2;
    }
}

static void first_waiter(const sim_block *b, const sim_barrier *bar, unsigned *warp, int *lane)
{
    for (unsigned i = 0; i < b->nwarps; i++) {
        if (bar->wait[i]) {
            *warp = i;
            *lane = __builtin_ctz(bar->wait[i]);
            return;
        }
    }
    *warp = 0;
    *lane = -1;
}

static SIM_HOT void release(sim_block *b, unsigned id)
{
    sim_barrier *bar = &b->bars[id];
    const sim_program *p = b->prog;
    unsigned fw;
    int fl;
    first_waiter(b, bar, &fw, &fl);
    if (b->trace) sim_trace_barrier(b, id);
    if (checking(b) && bar->op != SIM_NONE) {
        if (bar->op_other != SIM_NONE) {
            sim_hz h = sim_hz_make(CL_HZ_BARRIER_DIVERGENT, bar->op, fw, fl);
            h.op2 = bar->op_other;
            sim_hz_add(b, &h);
        }
        check_conditional(b, bar->op, fw, fl, bar->expected != 0);
        if (bar->op_other != SIM_NONE) check_conditional(b, bar->op_other, fw, fl, bar->expected != 0);
        if (bar->expected == 0 && b->live < b->nthreads) {
            sim_hz h = sim_hz_make(CL_HZ_BARRIER_AFTER_EXIT, bar->op, fw, fl);
            h.line2 = b->exit_line;
            h.file2 = b->exit_file;
            snprintf(h.detail, sizeof h.detail, "%u of %u threads had exited", b->nthreads - b->live,
                     b->nthreads);
            sim_hz_add(b, &h);
        }
    }
    for (unsigned i = 0; i < b->nwarps; i++) {
        sim_warp *w = &b->warps[i];
        uint32_t m = bar->wait[i];
        if (!m) continue;
        if (!p->has_bar_red) { /* every waiter is at a bar.sync: each moves past it */
            if (m == SIM_FULL) /* a whole warp: vector code */
                for (int l = 0; l < 32; l++) w->pc[l]++;
            else
                for (uint32_t r = m; r; r &= r - 1) w->pc[__builtin_ctz(r)]++;
            w->at_bar &= ~m;
            continue;
        }
        for (int l = 0; l < 32; l++) {
            if (!(m >> l & 1u)) continue;
            const sim_op *op = &p->code[w->pc[l]];
            if (op->x == X_BAR_RED) {
                if (op->p[0] == PTX_BARRED_POPC) {
                    w->r32[(size_t)op->s[0] * 32 + (unsigned)l] = bar->red_popc;
                } else {
                    bool v = op->p[0] == PTX_BARRED_AND ? bar->red_and : bar->red_or;
                    w->pred[op->s[0]] = (w->pred[op->s[0]] & ~(1u << l)) | ((uint32_t)v << l);
                }
            }
            w->pc[l]++;
        }
        w->at_bar &= ~m;
    }
    b->epoch++;
    b->rlog_n = 0; /* the epoch's logged reads: no access of it is left to meet them */
    b->cnt.barriers++;
    memset(bar, 0, sizeof *bar);
    bar->op = bar->op_other = SIM_NONE;
    b->bars_on &= (uint16_t)~(1u << id);
}

bool sim_bar_check(sim_block *b)
{
    bool any = false;
    for (unsigned on = b->bars_on; on; on &= on - 1) { /* in order of id; a release changes no other */
        unsigned id = (unsigned)__builtin_ctz(on);
        sim_barrier *bar = &b->bars[id];
        uint32_t need = bar->expected ? bar->expected : b->live;
        bool waiting = false;
        for (unsigned i = 0; i < b->nwarps && !waiting; i++) waiting = bar->wait[i] != 0;
        if (bar->arrived >= need && (waiting || bar->expected)) {
            release(b, id);
            any = true;
        }
    }
    return any;
}

SIM_HOT void sim_bar_arrive(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    int first = __builtin_ctz(m);
    uint32_t id = lane_u32(w, op->s[op->x == X_BAR_RED ? 1 : 0], first);
    uint16_t cslot = op->s[op->x == X_BAR_RED ? 2 : 1];
    uint32_t count = cslot == SIM_NOSLOT ? 0 : lane_u32(w, cslot, first);
    if (id >= 16 || (count && (count % 32 || count > 1024))) {
        if (checking(b)) {
            sim_hz h = sim_hz_make(CL_HZ_BARRIER_COUNT, pc, w->id, first);
            snprintf(h.detail, sizeof h.detail, id >= 16 ? "barrier %u does not exist (0..15)"
                                                         : "a count of %u threads, not a multiple of 32",
                     id >= 16 ? id : count);
            sim_hz_add(b, &h);
        }
        id &= 15;
        if (count % 32) count = (count + 31) / 32 * 32;
    }
    sim_barrier *bar = &b->bars[id];
    if (count) bar->expected = count;
    bar->arrived += (uint32_t)__builtin_popcount(m);
    b->bars_on |= (uint16_t)(1u << id);
    if (op->x == X_BAR_ARRIVE) {
        sim_bar_check(b);
        return;
    }
    if (bar->op == SIM_NONE) bar->op = pc;
    else if (bar->op != pc && bar->op_other == SIM_NONE) bar->op_other = pc;
    if (op->x == X_BAR_RED) {
        uint32_t pv = w->pred[op->s[3]] ^ (op->p[1] ? SIM_FULL : 0);
        if (bar->arrived == (uint32_t)__builtin_popcount(m)) { /* the first arrival */
            bar->red_and = true;
            bar->red_or = false;
        }
        bar->red_popc += (uint32_t)__builtin_popcount(pv & m);
        if ((pv & m) != m) bar->red_and = false;
        if (pv & m) bar->red_or = true;
    }
    bar->wait[w->id] |= m;
    w->at_bar |= m;
    /* Only this barrier can have become complete: every change that can
       complete one (an arrival, an exit) is followed by a check that
       releases all that are, and a release changes no other barrier. This
       one has a waiter now (the lanes m). */
    if (bar->arrived >= (bar->expected ? bar->expected : b->live)) release(b, id);
}

SIM_HOT void sim_lanes_exit(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    w->exited |= m;
    b->live -= (uint32_t)__builtin_popcount(m);
    if (b->exit_op == SIM_NONE) {
        unsigned tid = w->id * 32 + (unsigned)__builtin_ctz(m);
        uint32_t br = b->exit_branch[tid];
        uint32_t at = br ? br - 1 : pc;
        b->exit_op = pc;
        b->exit_line = b->prog->src[at].line;
        b->exit_file = b->prog->src[at].file;
    }
    sim_bar_check(b);
    if (w->at_coll) sim_coll_resolve(b, w);
}

/* Where thread (warp i, lane l) is, for deadlock messages. */
static uint32_t where(const sim_block *b, unsigned i, int l)
{
    return b->warps[i].pc[l];
}

void sim_bar_deadlock(sim_block *b)
{
    for (unsigned id = 0; id < 16; id++) {
        sim_barrier *bar = &b->bars[id];
        uint32_t waiting = 0;
        for (unsigned i = 0; i < b->nwarps; i++) waiting += (uint32_t)__builtin_popcount(bar->wait[i]);
        if (!waiting) continue;
        unsigned fw;
        int fl;
        first_waiter(b, bar, &fw, &fl);
        sim_hz h = sim_hz_make(CL_HZ_BARRIER_DEADLOCK, bar->op, fw, fl);
        unsigned missing = 0, mw = 0;
        int ml = -1;
        bool in_coll = true; /* every absent thread parked at a collective */
        for (unsigned i = 0; i < b->nwarps; i++) {
            const sim_warp *w = &b->warps[i];
            uint32_t absent = w->valid & ~w->exited & ~bar->wait[i];
            missing += (uint32_t)__builtin_popcount(absent);
            in_coll &= !(absent & ~w->at_coll);
            if (absent && ml < 0) {
                mw = i;
                ml = __builtin_ctz(absent);
            }
        }
        /* the threads it waits for are stuck in a collective that waits,
           in turn, for lanes at this barrier or gone (sim_coll_deadlock
           reports it, under mask honesty): the barrier is where the
           collective's deadlock shows, not a fault of its own */
        if (ml >= 0 && in_coll) continue;
        if (ml >= 0) {
            h.op2 = where(b, mw, ml);
            snprintf(h.detail, sizeof h.detail,
                     "%u threads wait at barrier %u; %u never arrive (the first, thread %u, is at line %u)",
                     waiting, id, missing, mw * 32 + (unsigned)ml, b->prog->src[h.op2].line);
        } else {
            snprintf(h.detail, sizeof h.detail, "%u threads wait at barrier %u for %u threads", waiting,
                     id, bar->expected);
        }
        if (checking(b)) sim_hz_add(b, &h);
    }
}
