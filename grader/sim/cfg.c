/* cfg.c - the control-flow analysis behind BARRIER_CONDITIONAL: basic blocks
 * of a function, post-dominators, control dependence. A block barrier that
 * is control-dependent on a conditional branch, where a barrier or a global
 * or shared memory access can still be reached from the branch's other side,
 * makes that branch "critical": if it goes both ways within a block between
 * two barriers, the barrier is under a condition that differs across the
 * block (undefined for bar.sync), and the threads that skip it go on
 * working. An early `return`, or a barrier inside an `if` with nothing after
 * it, is not critical: the skipping threads only exit (a barrier that
 * completes because they did is a warning, barrier.c). */
#include "sim/internal.h"

#include <stdlib.h>

static bool is_end(const sim_op *op)
{
    return op->x == X_BRA || op->x == X_RET || op->x == X_EXIT || op->x == X_TRAP || op->x == X_FALLOFF;
}

static bool is_barrier(const sim_op *op)
{
    return op->x == X_BAR || op->x == X_BAR_RED;
}

/* A load, store or atomic of global or shared memory: work that a thread
 * which skipped a barrier must not do before it exits. */
static bool is_shared_or_global(const sim_op *op)
{
    bool mem = op->x == X_LD || op->x == X_LDS || op->x == X_LDS1 || op->x == X_LDG || op->x == X_ST || op->x == X_STS ||
               op->x == X_STG || op->x == X_ATOM;
    return mem && op->p[0] != SIM_MS_LOCAL && op->p[0] != SIM_MS_PARAM && op->p[0] != SIM_MS_CONST;
}

static bool bit_get(const uint64_t *w, uint32_t i) { return w[i / 64] >> (i % 64) & 1; }
static void bit_set(uint64_t *w, uint32_t i) { w[i / 64] |= 1ull << (i % 64); }

typedef struct graph {
    uint32_t nb;             /* real blocks; index nb is the exit node */
    uint32_t *start, *end;   /* op ranges [start, end) (absolute) */
    uint32_t (*succ)[2];     /* SIM_NONE when absent; the exit node is nb */
    uint64_t *pdom;          /* (nb + 1) rows of `words` */
    size_t words;
    uint32_t *ipdom;
    uint8_t *reach_bar;      /* a barrier, or a global or shared access, is reachable from
                                the block (itself included) */
} graph;

static void build_blocks(const sim_program *p, uint32_t first, uint32_t count, graph *g,
                         uint32_t *block_of)
{
    uint8_t *leader = cl_calloc(count + 1, 1);
    leader[0] = 1;
    for (uint32_t i = 0; i < count; i++) {
        const sim_op *op = &p->code[first + i];
        if (op->x == X_BRA && op->aux >= first && op->aux < first + count) leader[op->aux - first] = 1;
        if (is_end(op) && i + 1 < count) leader[i + 1] = 1;
    }
    g->nb = 0;
    for (uint32_t i = 0; i < count; i++) g->nb += leader[i];
    g->start = cl_malloc(g->nb * sizeof *g->start);
    g->end = cl_malloc(g->nb * sizeof *g->end);
    g->succ = cl_malloc(g->nb * sizeof *g->succ);
    uint32_t b = 0;
    for (uint32_t i = 0; i < count; i++) {
        if (leader[i]) {
            if (b) g->end[b - 1] = first + i;
            g->start[b++] = first + i;
        }
        block_of[i] = b - 1;
    }
    g->end[b - 1] = first + count;
    free(leader);
}

static void build_edges(const sim_program *p, uint32_t first, uint32_t count, graph *g,
                        const uint32_t *block_of)
{
    for (uint32_t b = 0; b < g->nb; b++) {
        const sim_op *last = &p->code[g->end[b] - 1];
        uint32_t fall = g->end[b] < first + count ? block_of[g->end[b] - first] : g->nb;
        bool guarded = last->guard != SIM_PRED_TRUE || last->gxor != 0;
        g->succ[b][0] = g->succ[b][1] = SIM_NONE;
        if (last->x == X_BRA) {
            g->succ[b][0] = last->aux >= first && last->aux < first + count ? block_of[last->aux - first] : g->nb;
            if (guarded && g->succ[b][0] != fall) g->succ[b][1] = fall;
        } else if (is_end(last)) {
            g->succ[b][0] = g->nb;
            if (guarded) g->succ[b][1] = fall;
        } else {
            g->succ[b][0] = fall;
        }
    }
}

/* pdom(exit) = {exit}; pdom(b) = {b} + intersection over successors. */
static void post_dominators(graph *g)
{
    uint32_t n = g->nb + 1;
    g->words = (n + 63) / 64;
    g->pdom = cl_malloc((size_t)n * g->words * sizeof *g->pdom);
    for (uint32_t b = 0; b < n; b++)
        for (size_t w = 0; w < g->words; w++) g->pdom[b * g->words + w] = b == g->nb ? 0 : ~0ull;
    bit_set(&g->pdom[g->nb * g->words], g->nb);
    uint64_t *tmp = cl_malloc(g->words * sizeof *tmp);
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t bb = g->nb; bb-- > 0;) {
            for (size_t w = 0; w < g->words; w++) tmp[w] = ~0ull;
            for (int k = 0; k < 2; k++) {
                uint32_t s = g->succ[bb][k];
                if (s == SIM_NONE) continue;
                for (size_t w = 0; w < g->words; w++) tmp[w] &= g->pdom[s * g->words + w];
            }
            bit_set(tmp, bb);
            uint64_t *row = &g->pdom[bb * g->words];
            for (size_t w = 0; w < g->words; w++) {
                if (row[w] != tmp[w]) changed = true;
                row[w] = tmp[w];
            }
        }
    }
    free(tmp);
}

static uint32_t popcount_row(const graph *g, uint32_t b)
{
    uint32_t c = 0;
    for (size_t w = 0; w < g->words; w++) c += (uint32_t)__builtin_popcountll(g->pdom[b * g->words + w]);
    return c;
}

/* The immediate post-dominator: the strict post-dominator nearest to b, i.e.
 * the one with the most post-dominators of its own. */
static void immediate_pdoms(graph *g)
{
    uint32_t n = g->nb + 1;
    g->ipdom = cl_malloc(n * sizeof *g->ipdom);
    uint32_t *size = cl_malloc(n * sizeof *size);
    for (uint32_t b = 0; b < n; b++) size[b] = popcount_row(g, b);
    for (uint32_t b = 0; b < n; b++) {
        g->ipdom[b] = SIM_NONE;
        uint32_t best = 0;
        for (uint32_t d = 0; d < n; d++) {
            if (d == b || !bit_get(&g->pdom[b * g->words], d)) continue;
            if (size[d] > best && size[d] < size[b]) {
                best = size[d];
                g->ipdom[b] = d;
            }
        }
    }
    free(size);
}

static void barrier_reach(const sim_program *p, graph *g)
{
    g->reach_bar = cl_calloc(g->nb + 1, 1);
    for (uint32_t b = 0; b < g->nb; b++)
        for (uint32_t i = g->start[b]; i < g->end[b]; i++)
            if (is_barrier(&p->code[i]) || is_shared_or_global(&p->code[i])) g->reach_bar[b] = 1;
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t b = 0; b < g->nb; b++) {
            if (g->reach_bar[b]) continue;
            for (int k = 0; k < 2; k++) {
                uint32_t s = g->succ[b][k];
                if (s != SIM_NONE && s < g->nb && g->reach_bar[s]) {
                    g->reach_bar[b] = 1;
                    changed = true;
                }
            }
        }
    }
}

static void add_crit(sim_program *p, uint32_t branch, uint32_t barrier)
{
    for (uint32_t i = 0; i < p->ncrits; i++)
        if (p->crits[i].branch == branch && p->crits[i].barrier == barrier) return;
    p->crits = cl_realloc(p->crits, (p->ncrits + 1) * sizeof *p->crits);
    p->crits[p->ncrits++] = (sim_crit){ branch, barrier };
    sim_op *br = &p->code[branch];
    if (!br->aux2) br->aux2 = ++p->ncritbr;
}

/* Nodes on the post-dominator tree from s up to (not including) ipdom(a) are
 * control-dependent on a's branch. */
static void control_dependence(sim_program *p, graph *g)
{
    for (uint32_t a = 0; a < g->nb; a++) {
        if (g->succ[a][1] == SIM_NONE) continue;
        uint32_t stop = g->ipdom[a];
        uint32_t branch = g->end[a] - 1;
        for (int k = 0; k < 2; k++) {
            uint32_t other = g->succ[a][1 - k];
            if (other == g->nb || !g->reach_bar[other]) continue; /* the skipping side ends */
            for (uint32_t n = g->succ[a][k], hops = 0; n != SIM_NONE && n != stop && n < g->nb &&
                                                      hops <= g->nb; n = g->ipdom[n], hops++) {
                for (uint32_t i = g->start[n]; i < g->end[n]; i++)
                    if (is_barrier(&p->code[i])) add_crit(p, branch, i);
            }
        }
    }
}

void sim_cfg_analyse(sim_program *p, uint32_t first, uint32_t count)
{
    graph g;
    memset(&g, 0, sizeof g);
    uint32_t *block_of = cl_malloc((count + 1) * sizeof *block_of);
    build_blocks(p, first, count, &g, block_of);
    build_edges(p, first, count, &g, block_of);
    post_dominators(&g);
    immediate_pdoms(&g);
    barrier_reach(p, &g);
    control_dependence(p, &g);
    free(block_of);
    free(g.start);
    free(g.end);
    free(g.succ);
    free(g.pdom);
    free(g.ipdom);
    free(g.reach_bar);
}
