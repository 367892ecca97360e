/* block.c - one block: its warps' registers, shared, local and parameter
 * memory, and the schedulers. Within a warp the lowest-pc group of runnable
 * lanes runs (lanes at the same pc run together, which is how correct code
 * reconverges); a group that ran long lets the next group have a turn, so a
 * spin loop cannot starve the lanes it waits for. Warps take turns; when no
 * lane of the block can run, barriers and collectives that are complete are
 * released, and what remains is a deadlock. */
#include "sim/internal.h"

#include <stdio.h>
#include <stdlib.h>

#define GROUP_SLICE SIM_GROUP_SLICE
#define WARP_SLICE SIM_WARP_SLICE
#define CHECK_EVERY 65536u    /* steps between looks at the clock and the launch's stop */

static bool block_dependent(const sim_extra *e)
{
    return e->is_sreg && (e->value == PTX_SREG_ctaid_x || e->value == PTX_SREG_ctaid_y ||
                          e->value == PTX_SREG_ctaid_z || e->value == PTX_SREG_smid);
}

/* The rows that change from block to block (block_rows, found once), in
 * every warp: the same value in every lane. */
static void fill_block_rows(sim_block *b)
{
    const sim_program *p = b->prog;
    for (uint32_t k = 0; k < b->nblock_rows; k++) {
        uint32_t i = b->block_rows[k];
        const sim_extra *e = &p->extra32[i];
        uint32_t v = e->value == PTX_SREG_ctaid_x ? b->bid.x : e->value == PTX_SREG_ctaid_y ? b->bid.y
                   : e->value == PTX_SREG_ctaid_z ? b->bid.z : (uint32_t)(b->index % 132);
        for (unsigned n = 0; n < b->nwarps; n++) {
            uint32_t *row = b->warps[n].r32 + (size_t)(p->nreg32 + i) * 32;
            for (unsigned l = 0; l < 32; l++) row[l] = v;
        }
    }
}

/* Fill the rows after the registers: constants, and special registers. */
static void fill_extra_rows(sim_block *b, sim_warp *w)
{
    const sim_program *p = b->prog;
    const sim_run *L = b->L;
    for (uint32_t i = 0; i < p->nrow32 - p->nreg32; i++) {
        const sim_extra *e = &p->extra32[i];
        uint32_t *row = w->r32 + (size_t)(p->nreg32 + i) * 32;
        for (unsigned l = 0; l < 32; l++) {
            uint32_t v = (uint32_t)e->value;
            if (e->is_sreg) {
                unsigned tid = w->id * 32 + l;
                unsigned tx = tid % L->block.x, ty = tid / L->block.x % L->block.y,
                         tz = tid / (L->block.x * L->block.y);
                switch ((ptx_sreg)e->value) {
                case PTX_SREG_tid_x: v = tx; break;
                case PTX_SREG_tid_y: v = ty; break;
                case PTX_SREG_tid_z: v = tz; break;
                case PTX_SREG_ntid_x: v = L->block.x; break;
                case PTX_SREG_ntid_y: v = L->block.y; break;
                case PTX_SREG_ntid_z: v = L->block.z; break;
                case PTX_SREG_ctaid_x: v = b->bid.x; break;
                case PTX_SREG_ctaid_y: v = b->bid.y; break;
                case PTX_SREG_ctaid_z: v = b->bid.z; break;
                case PTX_SREG_nctaid_x: v = L->grid.x; break;
                case PTX_SREG_nctaid_y: v = L->grid.y; break;
                case PTX_SREG_nctaid_z: v = L->grid.z; break;
                case PTX_SREG_laneid: v = l; break;
                case PTX_SREG_warpid: v = w->id; break;
                case PTX_SREG_nwarpid: v = 64; break;
                case PTX_SREG_smid: v = (uint32_t)(b->index % 132); break;
                case PTX_SREG_nsmid: v = 132; break;
                case PTX_SREG_lanemask_eq: v = 1u << l; break;
                case PTX_SREG_lanemask_lt: v = (1u << l) - 1; break;
                case PTX_SREG_lanemask_le: v = (uint32_t)((2ull << l) - 1); break;
                case PTX_SREG_lanemask_gt: v = ~(uint32_t)((2ull << l) - 1); break;
                case PTX_SREG_lanemask_ge: v = ~((1u << l) - 1); break;
                case PTX_SREG_dynamic_smem_size: v = L->dyn_shared; break;
                case PTX_SREG_total_smem_size: v = b->shared_size; break;
                /* cooperative groups' grid handle: the workspace of a cooperative launch, else null */
                case PTX_SREG_envreg1: v = (uint32_t)(L->grid_ws >> 32); break;
                case PTX_SREG_envreg2: v = (uint32_t)L->grid_ws; break;
                default: v = 0; break;
                }
            }
            row[l] = v;
        }
    }
    for (uint32_t i = 0; i < p->nrow64 - p->nreg64; i++) {
        const sim_extra *e = &p->extra64[i];
        uint64_t *row = w->r64 + (size_t)(p->nreg64 + i) * 32;
        uint64_t v = e->is_sreg ? (e->value == PTX_SREG_gridid ? 1 : 0) : e->value;
        for (unsigned l = 0; l < 32; l++) row[l] = v;
    }
}

/* Allocate a block context for the launch's block shape. */
void sim_block_init(sim_block *b, struct sim_run *L);
void sim_block_init(sim_block *b, struct sim_run *L)
{
    const sim_program *p = L->prog;
    memset(b, 0, sizeof *b);
    b->L = L;
    b->prog = p;
    b->checks = L->checks;
    b->nthreads = L->block.x * L->block.y * L->block.z;
    b->nwarps = (b->nthreads + 31) / 32;
    b->r32 = cl_malloc_lines((size_t)b->nwarps * p->nrow32 * 32 * sizeof *b->r32 + 1);
    b->r64 = cl_malloc_lines((size_t)b->nwarps * p->nrow64 * 32 * sizeof *b->r64 + 1);
    b->pred = cl_malloc_lines((size_t)b->nwarps * p->nrowp * sizeof *b->pred);
    b->stacks = cl_malloc_lines((size_t)b->nwarps * (p->max_depth + 1) * 32 * sizeof *b->stacks);
    b->shared_size = p->dyn_offset + L->dyn_shared;
    if (L->dyn_shared == 0) b->shared_size = p->static_shared;
    b->shared = cl_malloc_lines(b->shared_size + 16);
    if (L->checks & (SIM_CHECK_RACES | SIM_CHECK_MEMORY))
        b->shadow = cl_calloc_lines((size_t)b->shared_size / 4 + 2, sizeof *b->shadow);
    if (b->shadow) {
        b->wsum = cl_malloc_lines(((size_t)b->shared_size / 128 + 1) * sizeof *b->wsum);
        b->wsum_on = cl_calloc(((size_t)b->shared_size / 128 + 64) / 64, sizeof *b->wsum_on);
    }
    if (p->has_sync && (L->checks & SIM_CHECK_RACES))
        b->sync = sim_sync_new(b->nthreads, b->nwarps, b->shared_size);
    if (b->shadow && !b->sync && (L->checks & SIM_CHECK_RACES) && !L->reference && b->shared_size <= 1u << 18) {
        b->rlog = cl_malloc_lines(SIM_RLOG_CAP * sizeof *b->rlog);
        b->clean = cl_malloc(((size_t)b->shared_size / 256 + 1) * sizeof *b->clean);
    }
    sim_memo_init(b);
    sim_rules_init(b);
    b->local = cl_malloc((size_t)b->nthreads * p->local_size + 16);
    b->npages = (p->local_size + SIM_LOCAL_PAGE - 1) / SIM_LOCAL_PAGE;
    b->local_pages = cl_calloc((size_t)b->nthreads * b->npages + 1, sizeof *b->local_pages);
    b->tparam = cl_malloc((size_t)b->nthreads * p->tparam_size + 16);
    b->exit_branch = cl_malloc(b->nwarps * 32 * sizeof *b->exit_branch);
    b->crit_epoch = cl_calloc(p->ncritbr + 1, sizeof *b->crit_epoch);
    b->crit_dirs = cl_calloc(p->ncritbr + 1, 1);
    b->crit_warp = cl_calloc(p->ncritbr + 1, sizeof *b->crit_warp);
    b->crit_split = cl_calloc(p->ncritbr + 1, sizeof *b->crit_split);
    b->block_rows = cl_malloc((p->nrow32 - p->nreg32 + 1) * sizeof *b->block_rows);
    for (uint32_t i = 0; i < p->nrow32 - p->nreg32; i++)
        if (block_dependent(&p->extra32[i])) b->block_rows[b->nblock_rows++] = i;
    for (int i = 0; i < 16; i++) b->bars[i].op = b->bars[i].op_other = SIM_NONE;
    for (unsigned i = 0; i < b->nwarps; i++) {
        sim_warp *w = &b->warps[i];
        w->id = i;
        w->r32 = b->r32 + (size_t)i * p->nrow32 * 32;
        w->r64 = b->r64 + (size_t)i * p->nrow64 * 32;
        w->pred = b->pred + (size_t)i * p->nrowp;
        w->stack = b->stacks + (size_t)i * (p->max_depth + 1) * 32;
    }
}

void sim_block_destroy(sim_block *b);
void sim_block_destroy(sim_block *b)
{
    free(b->r32);
    free(b->r64);
    free(b->pred);
    free(b->stacks);
    free(b->shared);
    free(b->bank_seen);
    free(b->shadow);
    free(b->wsum);
    free(b->wsum_on);
    free(b->rlog);
    free(b->clean);
    sim_memo_free(b);
    sim_rules_free(b);
    sim_sync_free(b->sync);
    free(b->local);
    free(b->local_pages);
    free(b->tparam);
    free(b->exit_branch);
    free(b->crit_epoch);
    free(b->crit_dirs);
    free(b->crit_warp);
    free(b->crit_split);
    free(b->block_rows);
    sim_async_free(b->as);
    sim_hzset_free(&b->hz);
    cl_str_free(&b->ptext);
    free(b->plines.v);
}

SIM_HOT void sim_block_setup(sim_block *b, uint64_t index)
{
    const sim_program *p = b->prog;
    const sim_run *L = b->L;
    b->index = index;
    b->bid.x = (unsigned)(index % L->grid.x);
    b->bid.y = (unsigned)(index / L->grid.x % L->grid.y);
    b->bid.z = (unsigned)(index / ((uint64_t)L->grid.x * L->grid.y));
    b->trace = L->trace ? sim_trace_for_block(L, b) : NULL;
    for (unsigned i = 0; i < b->nwarps; i++) {
        sim_warp *w = &b->warps[i];
        /* registers start at zero (a read before a write is then the same
           everywhere): those a lane may read before it writes them are
           zeroed (zero.c); the rows after them are constants and specials */
        const sim_zero *z = &L->zero;
        for (uint32_t k = 0; k < z->n32; k++)
            memset(w->r32 + (size_t)z->r32[k].start * 32, 0, (size_t)z->r32[k].count * 32 * sizeof *w->r32);
        for (uint32_t k = 0; k < z->n64; k++)
            memset(w->r64 + (size_t)z->r64[k].start * 32, 0, (size_t)z->r64[k].count * 32 * sizeof *w->r64);
        memset(w->pred, 0, p->nrowp * sizeof *w->pred);
        w->pred[SIM_PRED_TRUE] = SIM_FULL;
        if (!b->extra_filled) fill_extra_rows(b, w);
        unsigned n = b->nthreads - i * 32;
        w->valid = n >= 32 ? SIM_FULL : (1u << n) - 1;
        memset(w->pc, 0, sizeof w->pc);
        w->exited = w->at_bar = w->at_coll = 0;
        memset(w->depth, 0, sizeof w->depth);
        w->wsync = 1;
        w->last_partial = 0;
        w->clk = 1;
        w->acq_own = 0;
        w->spin_pc = SIM_NONE;
        w->spin_rep = false;
        w->steps = 0;
        w->rotate = false;
        w->tc_split = false;
        w->loop_wait = 0;
    }
    if (b->extra_filled) fill_block_rows(b);
    b->extra_filled = true;
    cl_fill32(b->shared, SIM_POISON32, b->shared_size);
    /* the shadow is not cleared: entries older than epoch_base are stale */
    if (b->epoch > 0xfff00000u) {
        if (b->shadow) {
            memset(b->shadow, 0, ((size_t)b->shared_size / 4 + 2) * sizeof *b->shadow);
            memset(b->wsum_on, 0, ((size_t)b->shared_size / 128 + 64) / 64 * sizeof *b->wsum_on);
            b->nwsum = 0;
        }
        memset(b->crit_epoch, 0, (p->ncritbr + 1) * sizeof *b->crit_epoch);
        memset(b->local_pages, 0, ((size_t)b->nthreads * b->npages + 1) * sizeof *b->local_pages);
        b->epoch = 0;
    }
    b->epoch++;
    b->epoch_base = b->epoch;
    b->xt_epoch = 0; /* crossread.c: a clock value of its own */
    b->rlog_n = 0;
    b->clean_epoch = 0;
    b->all_init = false;
    b->wrote_epoch = 0;
    sim_memo_block_start(b);
    /* the rules where memo.c compares with no reference (a sort's blocks part from it) */
    sim_rules_block_start(b, b->memo_on && !b->memo_mode && (!b->memo_ref_n || b->memo_worth));
    if (b->sync) sim_sync_reset(b->sync);
    if (b->as) sim_async_reset(b);
    memset(b->tparam, 0, (size_t)b->nthreads * p->tparam_size);
    memset(b->exit_branch, 0, b->nwarps * 32 * sizeof *b->exit_branch);
    /* a barrier no thread has arrived at is as release() (or
       sim_block_init) left it */
    for (unsigned on = b->bars_on; on; on &= on - 1) {
        sim_barrier *bar = &b->bars[__builtin_ctz(on)];
        memset(bar, 0, sizeof *bar);
        bar->op = bar->op_other = SIM_NONE;
    }
    b->bars_on = 0;
    b->live = b->nthreads;
    b->exit_op = SIM_NONE;
    b->exit_line = b->exit_file = 0;
    sim_hzset_clear(&b->hz);
    b->ptext.len = 0;
    if (b->ptext.s) b->ptext.s[0] = '\0';
    b->plines.n = 0;
    b->pdrop_lines = b->pdrop_bytes = 0;
    memset(&b->cnt, 0, sizeof b->cnt);
    /* the clock is looked at every CHECK_EVERY steps of this context, across
       blocks: a launch of short blocks reaches the time cap too */
    b->carried += b->steps - b->checked_at;
    b->checked_at = 0;
    b->steps = 0;
    b->yield = false;
    b->park.parked = false;
    b->region_hint = 0;
    memset(b->warp_hint, 0, sizeof b->warp_hint);
    b->status = SIM_COMPLETED;
    b->stop = false;
    b->aborted = false;
    b->out_of_work = false;
    b->waited = false;
    b->next_check = b->carried >= CHECK_EVERY ? 0 : CHECK_EVERY - b->carried;
    b->fault = false;
}

/* ---- the warp scheduler ---- */

typedef struct pick {
    uint32_t mask, pc, limit;
} pick;

/* The group to run: the lowest pc, or after a long run the next pc up.
 * The lanes' pcs eight at a time in vectors (GCC's vector extensions: AVX2
 * in the x86-64-v3 clone, two SSE2 halves in the other), lanes outside run
 * as SIM_NONE, so the searches are unsigned min reductions. */
typedef uint32_t v8u __attribute__((vector_size(32)));

/* Macros, not functions: a 32-byte vector passed or returned by value
 * changes the ABI of the SSE2 build. */
#define VMIN(a, b) (((a) & (v8u)((a) < (b))) | ((b) & ~(v8u)((a) < (b))))

static inline __attribute__((always_inline)) uint32_t hmin(const v8u *a)
{
    uint32_t r = (*a)[0];
    for (int i = 1; i < 8; i++) r = (*a)[i] < r ? (*a)[i] : r;
    return r;
}

/* The least pc above `above` among p (SIM_NONE: none). */
static inline __attribute__((always_inline)) uint32_t least_above(const v8u p[4], uint32_t above)
{
    v8u t = (v8u){ 0 } + above, r = t | SIM_NONE;
    for (int k = 0; k < 4; k++) {
        v8u x = p[k] | ~(v8u)(p[k] > t);
        r = VMIN(r, x);
    }
    return hmin(&r);
}

static inline __attribute__((always_inline)) pick pick_group(sim_warp *w, uint32_t run)
{
    if (run == SIM_FULL) { /* the common case, a whole warp at one pc: the same pick, sooner */
        v8u at = (v8u){ 0 } + w->pc[0], d = { 0 };
        for (int k = 0; k < 4; k++) {
            v8u pc;
            memcpy(&pc, w->pc + 8 * k, sizeof pc);
            d |= pc ^ at;
        }
        uint64_t t[4];
        memcpy(t, &d, sizeof t);
        if (!(t[0] | t[1] | t[2] | t[3])) {
            w->rotate = false;
            return (pick){ SIM_FULL, w->pc[0], SIM_NONE };
        }
    }
    const v8u bit = { 1, 2, 4, 8, 16, 32, 64, 128 };
    v8u p[4], lo = bit | SIM_NONE, hi = { 0 };
    for (int k = 0; k < 4; k++) {
        v8u pc, act = (v8u)((((v8u){ 0 } + (run >> (8 * k))) & bit) != 0);
        memcpy(&pc, w->pc + 8 * k, sizeof pc);
        p[k] = pc | ~act;
        v8u nh = ~hi, np = ~(pc & act);
        lo = VMIN(lo, p[k]);
        hi = ~VMIN(nh, np); /* max */
    }
    v8u nh = ~hi;
    pick g = { 0, hmin(&lo), SIM_NONE };
    if (g.pc == ~hmin(&nh)) { /* one pc: the whole runnable set, nothing above it */
        w->rotate = false;
        g.mask = run;
        return g;
    }
    if (w->rotate) {
        uint32_t after = least_above(p, w->rotate_pc);
        if (after != SIM_NONE) g.pc = after;
    }
    w->rotate = false;
    v8u at = (v8u){ 0 } + g.pc;
    for (int k = 0; k < 4; k++) {
        v8u eq = (v8u)(p[k] == at) & bit;
        uint32_t bits = 0;
        for (int i = 0; i < 8; i++) bits |= eq[i];
        g.mask |= bits << (8 * k);
    }
    g.limit = least_above(p, g.pc);
    return g;
}

/* Why a block ran out: its own instruction budget, the launch's cap on
 * work (sim_set_work) or the time cap (sim_set_deadline). */
enum { OUT_BUDGET, OUT_WORK, OUT_TIME };

/* The block stops: out of its instruction budget, the launch's work or its
 * time. The hazard says where the group was and how far the block got (its
 * lane instructions so far, in addr; size says which ran out). */
static void out_of_budget(sim_block *b, sim_warp *w, const pick *g, int why)
{
    sim_hz h = sim_hz_make(CL_HZ_BUDGET, w->pc[__builtin_ctz(g->mask)], w->id, __builtin_ctz(g->mask));
    h.size = (uint32_t)why;
    h.addr = b->cnt.lane_instructions;
    sim_hz_add(b, &h);
    b->status = SIM_BUDGET_EXHAUSTED;
    b->stop = true;
    b->out_of_work = why == OUT_WORK;
    if (why == OUT_TIME) atomic_store(&b->L->timed_out, true);
}

/* Now and then: a block after one that stopped the launch stops too (it is
 * not reported); a block whose work and that of the blocks counted below it
 * pass the launch's cap on work stops (the launch is out of work whatever
 * the blocks still running below it do: launch.c); past the time cap the
 * block stops. */
static bool checkpoint(sim_block *b, sim_warp *w, const pick *g)
{
    b->next_check = b->steps + CHECK_EVERY;
    b->carried = 0;
    b->checked_at = b->steps;
    if (b->index > atomic_load(&b->L->stop_at)) {
        b->aborted = b->stop = true;
        return true;
    }
    if (b->L->ahead_steps && b->steps > b->L->ahead_steps && !b->waited) {
        sim_wait_ahead(b);
        if (b->index > atomic_load(&b->L->stop_at)) {
            b->aborted = b->stop = true;
            return true;
        }
    }
    if (b->L->work_capped && atomic_load(&b->L->work_below) + b->steps > b->L->work_cap) {
        out_of_budget(b, w, g, OUT_WORK);
        return true;
    }
    if (b->L->deadline_ns && sim_now_ns() >= b->L->deadline_ns) {
        out_of_budget(b, w, g, OUT_TIME);
        return true;
    }
    return false;
}

/* Run w for a turn; true if it ran anything. */
static inline __attribute__((always_inline)) bool run_warp(sim_block *b, sim_warp *w)
{
    uint64_t start = b->steps;
    bool ran = false;
    b->turn_start = start;
    for (;;) {
        uint32_t run = sim_runnable(w);
        if (!run) {
            if (w->at_coll && sim_coll_resolve(b, w)) continue;
            return ran;
        }
        uint64_t used = b->steps - start;
        if (used >= WARP_SLICE) return ran;
        pick g = pick_group(w, run);
        if (b->steps >= b->L->budget) {
            out_of_budget(b, w, &g, OUT_BUDGET);
            return ran;
        }
        if (b->steps >= b->next_check && checkpoint(b, w, &g)) return ran;
        uint64_t slice = GROUP_SLICE;
        if (b->L->budget - b->steps < slice) slice = b->L->budget - b->steps;
        b->group_start = b->steps; /* sim_run_group moves it when it picks the group again itself */
        b->horizon = start + WARP_SLICE;
        if (b->L->budget < b->horizon) b->horizon = b->L->budget;
        if (b->next_check < b->horizon) b->horizon = b->next_check;
        sim_run_group(b, w, g.mask, g.pc, g.limit, (uint32_t)slice);
        ran = true;
        if (b->stop) return ran;
        if (b->yield) { /* a spin: the warps and lanes it waits for go first */
            b->yield = false;
            if (sim_runnable(w) & ~g.mask) {
                w->rotate = true;
                w->rotate_pc = g.pc;
            }
            return ran;
        }
        if (b->steps - b->group_start >= GROUP_SLICE && (sim_runnable(w) & ~g.mask)) {
            w->rotate = true;
            w->rotate_pc = g.pc;
        }
    }
}

static bool all_exited(const sim_block *b)
{
    return b->live == 0;
}

static void deadlock(sim_block *b)
{
    for (unsigned i = 0; i < b->nwarps; i++)
        if (b->warps[i].at_coll) sim_coll_deadlock(b, &b->warps[i]);
    sim_bar_deadlock(b);
    b->status = SIM_DEADLOCKED;
    b->stop = true;
}

/* Can a lane other than w's lanes m run now (a yield to it may help)? */
static bool others_runnable(const sim_block *b, const sim_warp *w, uint32_t m)
{
    if (sim_runnable(w) & ~m) return true;
    for (unsigned i = 0; i < b->nwarps; i++)
        if (i != w->id && sim_runnable(&b->warps[i])) return true;
    return false;
}

void sim_spin_note(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    const sim_op *op = &b->prog->code[pc];
    if (op->s[0] == SIM_NOSLOT) return; /* nothing read back: no wait */
    /* the values the lanes read, hashed: four chains of multiplies (lanes
       4k to 4k + 3 one in each), not one through all 32 lanes */
    const uint64_t P = 0x100000001b3ull;
    uint64_t c0 = 0xcbf29ce484222325ull ^ m, c1 = 0x84222325cbf29ce4ull, c2 = 0x9e3779b97f4a7c15ull,
             c3 = 0xc2b2ae3d27d4eb4full;
    const bool wide = op->p[3] & SIM_MF_DST64;
    const uint32_t *d32 = wide ? NULL : w->r32 + (size_t)op->s[0] * 32; /* (the row of its bank only) */
    const uint64_t *d64 = wide ? w->r64 + (size_t)op->s[0] * 32 : NULL;
#define LANE_VALUE(l) (wide ? d64[l] : d32[l])
    for (int k = 0; k < 32; k += 4) {
        if (m >> k & 1u) c0 = (c0 ^ LANE_VALUE(k)) * P;
        if (m >> (k + 1) & 1u) c1 = (c1 ^ LANE_VALUE(k + 1)) * P;
        if (m >> (k + 2) & 1u) c2 = (c2 ^ LANE_VALUE(k + 2)) * P;
        if (m >> (k + 3) & 1u) c3 = (c3 ^ LANE_VALUE(k + 3)) * P;
    }
#undef LANE_VALUE
    uint64_t h = (((c0 * P) ^ c1) * P ^ c2) * P ^ c3;
    w->spin_rep = w->spin_pc == pc && w->spin_seen == h;
    if (w->spin_rep) {
        b->yield = others_runnable(b, w, m);
        /* it waits for other blocks: nothing else of the block can run, or
           everything that can spins too (gridsync.c) */
        if (b->L->grid_ws && (!b->yield || sim_grid_all_spin(b, w, m))) sim_grid_park(b, w, pc, m, h);
    }
    w->spin_pc = pc;
    w->spin_seen = h;
}

/* A block that completed past the launch's allowance: one warning with its
 * figures (it is judged on its outputs all the same). */
static void over_allowance(sim_block *b)
{
    if (!b->L->allowance || b->status != SIM_COMPLETED || b->steps <= b->L->allowance) return;
    sim_hz h = sim_hz_make(CL_HZ_OVER_ALLOWANCE, 0, 0, 0);
    h.addr = b->steps;
    sim_hz_add(b, &h);
}

SIM_HOT void sim_block_run(sim_block *b)
{
    while (!b->stop) {
        bool progress = false;
        for (unsigned i = 0; i < b->nwarps && !b->stop; i++)
            if (run_warp(b, &b->warps[i])) progress = true;
        if (b->stop || progress) continue;
        if (sim_bar_check(b)) continue;
        bool resolved = false;
        for (unsigned i = 0; i < b->nwarps; i++)
            if (b->warps[i].at_coll && sim_coll_resolve(b, &b->warps[i])) resolved = true;
        if (resolved) continue;
        if (!all_exited(b)) deadlock(b);
        break;
    }
    if (!b->park.parked) over_allowance(b);
    if (b->trace) sim_trace_block_end(b);
}
