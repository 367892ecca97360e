/* gridsync.c - a cooperative launch (cuLaunchCooperativeKernel): every block
 * of the grid is resident at once, so that cooperative groups' grid-wide
 * sync is a barrier across the grid.
 *
 * nvcc writes this_grid().sync() as code, not as one instruction: the grid
 * handle is a pointer the driver passes in %envreg1:%envreg2 (null on an
 * ordinary launch: the sync traps); after a __syncthreads() thread 0 of each
 * block adds to a word of that workspace (atom.add.release.gpu: block 0 adds
 * 0x80000001 - blocks, the others 1, so the word's top bit flips when the
 * last block arrives), spins on ld.acquire.gpu until the bit has flipped,
 * and a second __syncthreads() lets its block go on. So the emulator runs
 * that code as it is, on a workspace of its own (SIM_GRID_WS_BYTES, zeroed
 * before the launch), with every block resident.
 *
 * The blocks take turns on one host thread, in index order, each running
 * until it completes or parks: a warp that spins at one load twice reading
 * the same values parks its block (sim_grid_park, from sim_spin_note) when
 * no other thread of the block can run, or when every one that can is in a
 * warp that spins the same way (every thread waiting on a flag). The next
 * round resumes every parked block, each warp looking once more before it
 * parks again. A round in which no block completed, none wrote global
 * memory and every block parked again as it was (where each warp spins and
 * what it read, its writes, barriers and live threads: fingerprint) is the
 * end: nothing can change any more, and on a GPU the launch would never
 * end. If blocks wait at the grid sync (their load reads the workspace)
 * while others returned, that is a GRID_SYNC hazard naming a block that
 * returned and the sync the others wait at; otherwise the blocks wait for
 * each other (a GRID_SYNC hazard too, with no block that returned).
 *
 * Every block's state is held at once: the grid is refused past
 * SIM_GRID_MAX_BLOCKS blocks or past SIM_CONTEXTS_BYTES (1 GiB) of block
 * state (sim_grid_over). A block that traps, runs out of its budget or
 * deadlocks within itself stops the launch; the blocks still waiting are not
 * reported.
 *
 * Where order.c runs a launch in other orders, a cooperative one runs again
 * with the turns in reverse index order (sim_grid_run_order): a block that
 * reads other blocks' totals with nothing but a fence between (no grid
 * sync) then reads them before they are stored, and the word it writes ends
 * different. */
#include "sim/internal.h"

#include <stdio.h>
#include <stdlib.h>

void sim_block_init(sim_block *b, struct sim_run *L);
void sim_block_destroy(sim_block *b);

void sim_set_cooperative(sim_machine *m, bool on)
{
    m->cooperative = on;
}

bool sim_grid_over(const sim_run *L, char *why, size_t n)
{
    char a[32], b[32];
    cl_group_digits(a, sizeof a, L->nblocks);
    if (L->nblocks > SIM_GRID_MAX_BLOCKS) {
        cl_group_digits(b, sizeof b, SIM_GRID_MAX_BLOCKS);
        snprintf(why, n, "a cooperative launch of %s blocks: the emulator holds at most %s blocks resident at once",
                 a, b);
        return true;
    }
    unsigned fit = sim_threads_for_memory(L->prog, L, (unsigned)L->nblocks);
    if (fit >= L->nblocks) return false;
    cl_group_digits(b, sizeof b, fit);
    snprintf(why, n, "a cooperative launch of %s blocks: the emulator holds every block of it at once, and the state "
             "of only %s of this kernel's blocks fits in its 1 GiB", a, b);
    return true;
}

void sim_grid_park(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m, uint64_t seen)
{
    const sim_op *op = &b->prog->code[pc];
    b->yield = b->stop = true;
    b->park.parked = true;
    b->park.warp = w->id;
    b->park.op = pc;
    b->park.seen = seen;
    b->park.addr = 0;
    if ((op->x == X_LD || op->x == X_ATOM) && m) b->park.addr = sim_lane_addr(w, op, __builtin_ctz(m));
}

bool sim_grid_all_spin(const sim_block *b, const sim_warp *w, uint32_t m)
{
    if (sim_runnable(w) & ~m) return false;
    for (unsigned i = 0; i < b->nwarps; i++) {
        const sim_warp *o = &b->warps[i];
        uint32_t run = o == w ? 0 : sim_runnable(o);
        if (!run) continue;
        if (!o->spin_rep) return false;
        for (uint32_t r = run; r; r &= r - 1) /* its lanes still in the spin's loop */
            if (o->pc[__builtin_ctz(r)] - o->spin_pc > 8u) return false;
    }
    return true;
}

/* What a block that parked again must have kept for nothing to have
 * changed: where each warp spins and what it read, the writes and barriers
 * others could see or wait on, its live threads. */
static uint64_t fingerprint(const sim_block *b)
{
    uint64_t h = 0xcbf29ce484222325ull;
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 0x100000001b3ull)
    for (unsigned i = 0; i < b->nwarps; i++) {
        MIX(b->warps[i].spin_pc);
        MIX(b->warps[i].spin_seen);
    }
    MIX(b->park.warp);
    MIX(b->park.op);
    MIX(b->cnt.global_store_requests);
    MIX(b->cnt.global_atomics);
    MIX(b->cnt.shared_store_requests);
    MIX(b->cnt.shared_atomics);
    MIX(b->cnt.barriers);
    MIX(b->live);
#undef MIX
    return h;
}

bool sim_grid_sync_line(const sim_program *p, uint32_t line)
{
    if (!p->grid_handle || !line) return false;
    for (uint32_t i = 0; i < p->ncode; i++) {
        const ptx_insn *in = p->src[i].in;
        if (!in || p->src[i].line != line || (in->op != PTX_OP_atom && in->op != PTX_OP_ld)) continue;
        uint32_t loc = in->loc;
        const char *file = loc && loc < p->mod->nlocs && p->mod->locs[loc].file < p->mod->nfiles
                           ? p->mod->files[p->mod->locs[loc].file] : NULL;
        if (file && strstr(file, "cooperative_groups")) return true;
    }
    return false;
}

static bool at_grid_sync(const sim_run *L, const sim_block *b)
{
    return b->park.addr >= L->grid_ws && b->park.addr < L->grid_ws + SIM_GRID_WS_BYTES;
}

/* A finished block's counters and result, as launch.c's workers take them. */
static void finish(sim_run *L, sim_block *b, sim_counters *total)
{
    b->cnt.blocks = 1;
    b->cnt.max_block_warp_instructions = b->cnt.warp_instructions;
    b->cnt.work = b->steps;
    sim_add_counters(total, &b->cnt);
    if (b->hz.n || b->plines.n || b->pdrop_lines || b->status != SIM_COMPLETED || b->fault)
        sim_keep_result(L, sim_take_result(b));
}

/* "blocks 0 to 2, 5 wait", "block 3 waits": at most four runs of the
 * indices of the blocks in `set` (a byte a block), and the verb. */
static void block_list(const uint8_t *set, uint64_t n, char *buf, size_t size)
{
    size_t len = 0;
    unsigned runs = 0, count = 0;
    buf[0] = '\0';
    for (uint64_t i = 0; i < n; i++)
        count += set[i] != 0;
    for (uint64_t i = 0; i < n && len < size; i++) {
        if (!set[i] || (i && set[i - 1])) continue;
        uint64_t j = i;
        while (j + 1 < n && set[j + 1]) j++;
        if (++runs > 4) {
            len += (size_t)snprintf(buf + len, size - len, " and others");
            break;
        }
        const char *sep = runs == 1 ? (count > 1 ? "blocks " : "block ") : ", ";
        if (j == i) len += (size_t)snprintf(buf + len, size - len, "%s%llu", sep, (unsigned long long)i);
        else len += (size_t)snprintf(buf + len, size - len, j == i + 1 ? "%s%llu, %llu" : "%s%llu to %llu", sep,
                                     (unsigned long long)i, (unsigned long long)j);
    }
    if (len < size) snprintf(buf + len, size - len, count > 1 ? " wait" : " waits");
}

/* The end of a launch whose blocks can no longer go on: one GRID_SYNC
 * hazard, on a block that returned while others wait at the grid sync
 * (size 1), or on the first waiting block (size 0); the waiting blocks'
 * own findings are kept. */
static void grid_stuck(sim_run *L, sim_block *bs, const uint8_t *done, sim_counters *total)
{
    uint64_t n = L->nblocks, waiter = UINT64_MAX, ret = UINT64_MAX;
    uint8_t *waiting = cl_calloc(n, 1);
    for (uint64_t i = 0; i < n; i++) {
        if (done[i]) {
            if (ret == UINT64_MAX) ret = i;
            continue;
        }
        waiting[i] = 1;
        if (waiter == UINT64_MAX || (at_grid_sync(L, &bs[i]) && !at_grid_sync(L, &bs[waiter]))) waiter = i;
    }
    sim_block *w = &bs[waiter];
    bool returned = ret != UINT64_MAX && at_grid_sync(L, w);
    sim_hz h = sim_hz_make(CL_HZ_GRID_SYNC, w->park.op, w->park.warp, 0);
    h.size = returned;
    h.addr = returned ? ret : waiter;
    if (returned) {
        h.line2 = bs[ret].exit_line;
        h.file2 = bs[ret].exit_file;
    }
    block_list(waiting, n, h.detail, sizeof h.detail);
    for (uint64_t i = 0; i < n; i++) {
        if (done[i]) continue;
        bs[i].status = SIM_DEADLOCKED;
        bs[i].park.parked = false;
        finish(L, &bs[i], total);
    }
    sim_block_result *br = cl_calloc(1, sizeof *br);
    br->index = returned ? ret : waiter;
    br->status = SIM_DEADLOCKED;
    bool fresh;
    uint64_t key[2] = { (uint64_t)CL_HZ_GRID_SYNC << 56 | h.op, 0 };
    sim_hzrec *rec = sim_hzset_find(&br->hz, key, &h, 1, &fresh);
    rec->warps = 1;
    rec->instances = 1;
    sim_keep_result(L, br);
    free(waiting);
}

/* Global writes a block has made: a change another block could see. */
static uint64_t writes(const sim_block *b)
{
    return b->cnt.global_store_requests + b->cnt.global_atomics;
}

/* How rounds of turns ended. */
enum { GRID_DONE, GRID_STOPPED, GRID_STUCK };

/* Rounds of turns, each block in index order (or the reverse) running until
 * it completes or parks, until every block completed (GRID_DONE), one
 * stopped otherwise (GRID_STOPPED: a trap, a fault, its budget, a deadlock
 * within it) or a round changed nothing (GRID_STUCK). With total, each
 * block that ends is finished into it and L's results (the launch's run);
 * without, nothing is kept (order.c's other order). */
static int rounds(sim_run *L, sim_block *bs, uint8_t *done, bool reverse, sim_counters *total)
{
    uint64_t n = L->nblocks, live = n;
    while (live) {
        bool changed = false;
        for (uint64_t k = 0; k < n; k++) {
            uint64_t i = reverse ? n - 1 - k : k;
            if (done[i]) continue;
            sim_block *b = &bs[i];
            bool was = b->park.parked;
            uint64_t before = fingerprint(b), wrote = writes(b);
            b->park.parked = b->stop = b->yield = false;
            for (unsigned w = 0; w < b->nwarps; w++) /* every spinning warp looks again before it parks */
                b->warps[w].spin_rep = false;
            sim_block_run(b);
            if (writes(b) != wrote) changed = true;
            if (b->park.parked) {
                if (!was || fingerprint(b) != before) changed = true;
                continue;
            }
            changed = true;
            done[i] = 1;
            live--;
            bool stopped = total ? b->status != SIM_COMPLETED : b->status != SIM_COMPLETED || b->fault;
            if (total) finish(L, b, total);
            if (stopped) return GRID_STOPPED;
        }
        if (!changed) return GRID_STUCK;
    }
    return GRID_DONE;
}

/* Every block of L initialised and set up, the workspace zeroed. */
static sim_block *grid_blocks(sim_run *L)
{
    uint64_t n = L->nblocks;
    sim_block *bs = cl_calloc(n, sizeof *bs);
    void *ws = sim_host_view(L->m, L->grid_ws, SIM_GRID_WS_BYTES);
    if (ws) memset(ws, 0, SIM_GRID_WS_BYTES);
    for (uint64_t i = 0; i < n; i++) {
        sim_block_init(&bs[i], L);
        sim_block_setup(&bs[i], i);
    }
    return bs;
}

static void grid_free(const sim_run *L, sim_block *bs)
{
    for (uint64_t i = 0; i < L->nblocks; i++) sim_block_destroy(&bs[i]);
    free(bs);
}

void sim_grid_run(sim_run *L, sim_counters *total)
{
    L->nworkers = 1;
    sim_block *bs = grid_blocks(L);
    uint8_t *done = cl_calloc(L->nblocks, 1);
    if (rounds(L, bs, done, false, total) == GRID_STUCK) grid_stuck(L, bs, done, total);
    grid_free(L, bs);
    free(done);
}

bool sim_grid_run_order(sim_run *A, bool reverse)
{
    sim_block *bs = grid_blocks(A);
    uint8_t *done = cl_calloc(A->nblocks, 1);
    bool ok = rounds(A, bs, done, reverse, NULL) == GRID_DONE;
    grid_free(A, bs);
    free(done);
    return ok;
}
