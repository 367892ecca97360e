/* order.c - a launch's blocks in other orders. A kernel whose blocks may see
 * each other's work (blockflow.c) runs its blocks one at a time in index
 * order, and what it reports is that run's. The order hides what depends
 * on it: block 0 zeroing bins that the other blocks add to, a block using
 * its predecessor's total without waiting for it. Here such a launch runs
 * again, from the memory as it was, in reverse order and interleaved (a
 * window of blocks taking turns on one host thread, the latest first), and,
 * where it takes tickets (a global atomic whose old value it reads), once
 * more interleaved in short turns with the block that started last going
 * first (a tile numbered by a ticket using its predecessor's total before
 * it is there: in the other orders the block holding the earlier ticket is
 * always ahead). A global word that ends different from the index order's
 * is an ORDER_DEPENDENT hazard under races. Two more runs, made only then, watch
 * that word for its last write in each order, which the hazard names. The
 * memory ends as the index order left it, and the report is the index
 * order's with the hazard added. A cooperative launch, every block resident
 * (gridsync.c), runs again in one other order only: its rounds of turns
 * with the blocks in reverse index order (docs/architecture.md,
 * "Determinism": which launches, which differences count, what it costs).
 *
 * Every global store and atomic of such a launch passes sim_order_write
 * before it writes: a region's first write in the launch copies the region
 * as it was, so each order starts from the same memory. */
#include "sim/internal.h"

#include <string.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/core.h"

void sim_block_init(sim_block *b, struct sim_run *L);
void sim_block_destroy(sim_block *b);

#define WINDOW 4u                  /* blocks taking turns in the interleaved order */
#define TURN 1024u                 /* warp instructions of a block's turn */
#define TICKET_TURN 64u            /* the same where the last started goes first */
#define COPY_CAP (256ull << 20)    /* bytes of copies past which no other order runs */
#define STEP_CAP (1ull << 26)      /* index order's warp instructions past which none runs */

enum { RUN_INDEX, RUN_REVERSE, RUN_INTERLEAVED, RUN_LAST_STARTED, RUN_HELD, RUN_NAMING, RUN_KINDS };

static const char *const run_words[RUN_KINDS] = {
    "in index order", "in reverse order", "with blocks interleaved",
    "with blocks interleaved, the last started ahead",
    "with each block held after its first turn, the last started running first", "",
};

/* A region written in the launch: as it was, and as the index order left it. */
typedef struct ord_region {
    uint64_t base, size;
    uint8_t *host;
    uint8_t *pre;       /* before the launch */
    uint8_t *idx;       /* after the index order (NULL when it did not write it) */
    unsigned runs;      /* bit per RUN_* that wrote it */
    bool scratch;       /* a program's scratch buffer (sim_mark_scratch) */
    bool stored;        /* a plain store wrote it, in any run */
} ord_region;

/* A write of the watched word. */
typedef struct ord_write {
    bool seen;
    uint64_t block;
    uint32_t op;
    unsigned warp;
    int lane;
} ord_write;

/* The watched word's last write in a run, its last store and its last
 * atomic. */
typedef struct ord_writer {
    ord_write last, store, atomic;
} ord_writer;

/* A lane that another order left at a branch to itself. */
typedef struct ord_stuck {
    bool seen;
    bool fault;           /* not a loop: an access out of bounds or misaligned (note_fault) */
    unsigned kind;        /* the RUN_* it was in */
    uint64_t block;
    uint32_t op;
    unsigned warp;
    int lane;
} ord_stuck;

struct sim_order {
    CL_VEC(ord_region) regs;
    size_t cur;           /* the region the last write found, + 1 (0: none) */
    uint64_t bytes;       /* of the copies */
    bool over;            /* the copies passed COPY_CAP in the index order: no other order */
    unsigned run;         /* the RUN_* running */
    uint64_t watch;       /* the word watched (naming runs), else 0 */
    ord_writer writer;
    ord_stuck stuck;      /* the first order run that left a lane looping on itself, or faulted */
    char message[sizeof ((sim_hazard *)0)->message];
};

void sim_order_begin(sim_run *L)
{
    L->order = cl_calloc(1, sizeof *L->order);
}

void sim_order_end(sim_run *L)
{
    sim_order *o = L->order;
    if (!o) return;
    for (size_t i = 0; i < o->regs.n; i++) {
        free(o->regs.v[i].pre);
        free(o->regs.v[i].idx);
    }
    free(o->regs.v);
    free(o);
    L->order = NULL;
}

/* The launch's record of memory region r, found or added; the one the
 * next write looks at first. */
static ord_region *region_of(sim_order *o, const sim_region *r)
{
    for (size_t i = 0; i < o->regs.n; i++)
        if (o->regs.v[i].base == r->base) {
            o->cur = i + 1;
            return &o->regs.v[i];
        }
    CL_VEC_PUSH(&o->regs, ((ord_region){ .base = r->base, .size = r->size, .host = r->host, .scratch = r->scratch }));
    o->cur = o->regs.n;
    return &o->regs.v[o->regs.n - 1];
}

/* The region holding address a, found or added (NULL: none). */
static ord_region *region_at(sim_order *o, const sim_run *L, uint64_t a)
{
    const sim_region *r = sim_mem_find(&L->m->mem, a, 1, NULL);
    return r ? region_of(o, r) : NULL;
}

/* The run's first write into g: the copy of g as it was, when no run wrote
 * it yet (a run after the index order's takes it even past the cap, so that
 * the memory can be put back; then no order after it runs). */
static void first_write(sim_order *o, ord_region *g)
{
    if (!g->runs && !g->pre) {
        if (o->bytes + g->size > COPY_CAP) o->over = true;
        if (!o->over || o->run != RUN_INDEX) {
            g->pre = cl_malloc(g->size ? g->size : 1);
            memcpy(g->pre, g->host, g->size);
            o->bytes += g->size;
        }
    }
    g->runs |= 1u << o->run;
}

/* When every lane of m writes inside one region and no word is watched,
 * what the loop below does for the lanes, done once: the region found (the
 * last write's, else looked up), its copy made if this run has not written
 * it yet. It looks only at each lane's first byte, as the loop does. One
 * pass for the lowest and highest address, which the compiler makes vector
 * code; false, with nothing done, for any other write, and in the
 * reference mode, which the golden runner compares with it. */
static bool all_in_one(sim_order *o, const sim_run *L, const sim_warp *w, const sim_op *op, uint32_t m)
{
    if (o->watch || !m || L->reference) return false; /* (the reference mode: lane by lane) */
    uint64_t lo = UINT64_MAX, hi = 0;
    for (int l = 0; l < 32; l++) {
        uint64_t a = sim_lane_addr(w, op, l);
        bool on = m >> l & 1u;
        lo = on && a < lo ? a : lo;
        hi = on && a > hi ? a : hi;
    }
    ord_region *g = o->cur ? &o->regs.v[o->cur - 1] : NULL;
    if (!g || lo - g->base >= g->size) {
        const sim_region *r = sim_mem_find(&L->m->mem, lo, 1, NULL);
        if (!r || hi - r->base >= r->size) return false;
        g = region_of(o, r);
    }
    if (hi - g->base >= g->size) return false;
    if (!(g->runs >> o->run & 1u)) first_write(o, g);
    g->stored |= op->x != X_ATOM;
    return true;
}

void sim_order_write(sim_block *b, sim_warp *w, uint32_t pc, uint32_t m)
{
    sim_order *o = b->L->order;
    const sim_op *op = &b->prog->code[pc];
    if (op->p[0] != SIM_MS_GLOBAL && op->p[0] != SIM_MS_GENERIC) return;
    if (all_in_one(o, b->L, w, op, m)) return;
    uint64_t n = op->x == X_ATOM ? op->p[1] : (uint64_t)op->p[1] * (op->p[2] ? op->p[2] : 1);
    for (uint32_t r = m; r; r &= r - 1) {
        int l = __builtin_ctz(r);
        uint64_t a = sim_lane_addr(w, op, l);
        ord_region *g = o->cur ? &o->regs.v[o->cur - 1] : NULL;
        if (!g || a - g->base >= g->size) g = region_at(o, b->L, a);
        if (!g) continue; /* shared or local memory through a generic address, or a fault */
        if (!(g->runs >> o->run & 1u)) first_write(o, g);
        g->stored |= op->x != X_ATOM;
        if (o->watch && a < o->watch + 4 && o->watch < a + n) {
            ord_write x = { true, b->index, pc, w->id, l };
            o->writer.last = x;
            if (op->x == X_ATOM) o->writer.atomic = x;
            else o->writer.store = x;
        }
    }
}

/* ---- the orders ---- */

/* A run of the launch's blocks with its own budget, reporting nothing: a
 * copy of L (its lock and result list unused). */
static void alt_run(const sim_run *L, sim_run *A, uint64_t budget)
{
    *A = *L;
    A->results = NULL;
    A->nresults = A->cap_results = 0;
    A->workers = NULL;
    A->nworkers = 1;
    A->watch = false;
    A->xr = 0;
    A->budget = budget;
    A->work_capped = false; /* worth_it left room for the orders in the launch's cap on work */
    atomic_init(&A->next, 0);
    atomic_init(&A->stop_at, UINT64_MAX);
}

static bool block_ok(const sim_block *b)
{
    return b->status == SIM_COMPLETED && !b->fault;
}

/* A block that did not complete in another order: is a lane of it at a
 * branch to itself that it takes (`L: bra L`, what nvcc makes of a wait on a
 * plain load, which it reads once before the loop)? Nothing another block
 * does can move such a lane: the kernel hangs wherever it gets there. The
 * first one is noted, with the order. */
static void note_stuck(const sim_block *b)
{
    sim_order *o = b->L->order;
    if (!o || o->stuck.seen || b->fault || b->status != SIM_BUDGET_EXHAUSTED) return;
    const sim_program *p = b->prog;
    for (unsigned i = 0; i < b->nwarps; i++) {
        const sim_warp *w = &b->warps[i];
        for (uint32_t r = w->valid & ~w->exited & ~w->at_bar & ~w->at_coll; r; r &= r - 1) {
            int l = __builtin_ctz(r);
            uint32_t pc = w->pc[l];
            if (pc >= p->ncode || p->code[pc].x != X_BRA || p->code[pc].aux != pc) continue;
            if (!((w->pred[p->code[pc].guard] ^ p->code[pc].gxor) >> l & 1u)) continue; /* falls through */
            o->stuck = (ord_stuck){ true, false, o->run, b->index, pc, w->id, l };
            return;
        }
    }
}

/* A block that faulted in another order (an access out of bounds or
 * misaligned), where the index order, every block complete, had none: it
 * used what another block had not yet written (a look-back that does not
 * wait for a flag and walks past the first tile). No legal order of a
 * GPU's blocks makes a right kernel fault, so this is a hazard, as a hang
 * is; the first one is noted, with the order and where it faulted. */
static void note_fault(const sim_block *b)
{
    sim_order *o = b->L->order;
    if (!o || o->stuck.seen || !b->fault) return;
    for (size_t i = 0; i < b->hz.n; i++) {
        const sim_hz *h = &b->hz.v[i].first;
        if (h->kind != CL_HZ_OOB && h->kind != CL_HZ_MISALIGNED) continue;
        o->stuck = (ord_stuck){ true, true, o->run, b->index, h->op, h->warp, h->lane };
        return;
    }
}

/* Blocks one at a time, each to its end, in index order or the reverse;
 * true when every block completed. */
static bool run_one_by_one(const sim_run *L, uint64_t budget, bool reverse)
{
    sim_run A;
    alt_run(L, &A, budget);
    sim_block b;
    sim_block_init(&b, &A);
    bool ok = true;
    for (uint64_t k = 0; k < A.nblocks && ok; k++) {
        sim_block_setup(&b, reverse ? A.nblocks - 1 - k : k);
        sim_block_run(&b);
        ok = block_ok(&b);
        if (!ok) note_stuck(&b);
        if (!ok) note_fault(&b);
    }
    sim_block_destroy(&b);
    return ok;
}

/* A block of the interleaved order, with its own run: its budget is raised
 * a turn at a time, so that sim_block_run hands the thread back when the
 * turn is over (as at the budget, from where it can go on). */
typedef struct slot {
    sim_run L;
    sim_block b;
    bool live;
    uint64_t started;     /* when its block had its first turn, + 1 (0: not yet) */
} slot;

/* One turn of s: 1 when its block completed, 0 when the turn ended first,
 * -1 when it stopped otherwise (trap, fault, deadlock, the budget `cap`). */
static int turn(slot *s, uint64_t cap, uint64_t len)
{
    sim_block *b = &s->b;
    uint64_t to = b->steps + len;
    s->L.budget = to < cap ? to : cap;
    b->stop = false;
    b->status = SIM_COMPLETED;
    sim_block_run(b);
    note_fault(b);
    sim_hzset_clear(&b->hz); /* the turn's end is recorded as the budget's: nothing is reported */
    if (b->status == SIM_BUDGET_EXHAUSTED && !b->fault && s->L.budget < cap && b->steps >= s->L.budget) return 0;
    return block_ok(b) ? 1 : -1;
}

/* Whether slot a goes before slot b in a round. The latest block first;
 * with last_started, a block that has not had a turn first (the latest
 * first), then the block that started last: the first round gives the
 * latest block the first ticket, and from then on every block runs ahead of
 * the blocks that started before it. */
static bool goes_before(const slot *a, const slot *b, bool last_started)
{
    if (last_started && a->started != b->started)
        return !a->started || (b->started && a->started > b->started);
    return a->b.index > b->b.index;
}

/* WINDOW blocks at a time take turns, in the order goes_before gives; a
 * block that completes makes room for the next in index order (a block
 * never waits for one not yet started, as a GPU's scheduler gives). With
 * `held` (and last_started), a block's first turn is short, as in the
 * last-started order (it takes its ticket), and every later one runs it
 * to its end: the blocks that started before it stay where their first
 * turn left them, as a GPU may leave a block that took its ticket (a
 * tile's wait for its predecessor's flag then meets a flag not yet set;
 * in the last-started order, a turn ahead, the predecessor has often set
 * it). True when every block completed. */
static bool run_interleaved(const sim_run *L, uint64_t budget, bool last_started, bool held)
{
    unsigned nw = L->nblocks < WINDOW ? (unsigned)L->nblocks : WINDOW;
    slot *s = cl_calloc(nw, sizeof *s);
    uint64_t next = 0;
    for (unsigned k = 0; k < nw; k++) {
        alt_run(L, &s[k].L, budget);
        sim_block_init(&s[k].b, &s[k].L);
        sim_block_setup(&s[k].b, next++);
        s[k].live = true;
    }
    bool ok = true;
    unsigned live = nw;
    uint64_t starts = 0;
    while (live && ok) {
        /* the live slots in turn order (a window of four: by selection) */
        unsigned order[WINDOW], no = 0;
        for (unsigned k = 0; k < nw; k++)
            if (s[k].live) order[no++] = k;
        for (unsigned i = 0; i < no; i++)
            for (unsigned j = i + 1; j < no; j++)
                if (goes_before(&s[order[j]], &s[order[i]], last_started)) {
                    unsigned t = order[i];
                    order[i] = order[j];
                    order[j] = t;
                }
        for (unsigned i = 0; i < no && ok; i++) {
            slot *t = &s[order[i]];
            bool first = !t->started;
            if (first) t->started = ++starts;
            int done = turn(t, budget, held && !first ? budget : last_started ? TICKET_TURN : TURN);
            if (done < 0) {
                note_stuck(&t->b);
                ok = false;
            }
            else if (done && next < L->nblocks) {
                sim_block_setup(&t->b, next++);
                t->started = 0;
            }
            else if (done) {
                t->live = false;
                live--;
            }
        }
    }
    for (unsigned k = 0; k < nw; k++) sim_block_destroy(&s[k].b);
    free(s);
    return ok;
}

static bool run_order(sim_order *o, const sim_run *L, unsigned kind, uint64_t budget)
{
    o->run = kind == RUN_INDEX ? RUN_NAMING : kind;
    o->cur = 0;
    if (L->grid_ws) { /* every block resident: the turns in the other order */
        sim_run A;
        alt_run(L, &A, budget);
        return sim_grid_run_order(&A, kind == RUN_REVERSE);
    }
    switch (kind) {
    case RUN_INDEX: return run_one_by_one(L, budget, false);
    case RUN_REVERSE: return run_one_by_one(L, budget, true);
    case RUN_LAST_STARTED: return run_interleaved(L, budget, true, false);
    case RUN_HELD: return run_interleaved(L, budget, true, true);
    default: return run_interleaved(L, budget, false, false);
    }
}

/* Every region a run wrote, back as it was before the launch. */
static void put_back_pre(sim_order *o)
{
    for (size_t i = 0; i < o->regs.n; i++) {
        ord_region *g = &o->regs.v[i];
        if (g->runs && g->pre) memcpy(g->host, g->pre, g->size);
    }
}

/* Whether the program takes tickets: a global atomic whose old value it
 * reads (a tile numbered by atomicAdd on a counter). */
static bool takes_tickets(const sim_program *p)
{
    for (uint32_t i = 0; i < p->ncode; i++) {
        const sim_op *op = &p->code[i];
        if (op->x == X_ATOM && (op->p[0] == SIM_MS_GLOBAL || op->p[0] == SIM_MS_GENERIC) && op->s[0] != SIM_NOSLOT)
            return true;
    }
    return false;
}

/* ---- what counts as a difference ---- */

/* Whether the program computes in floating point (its sums may round
 * differently in another order), and in halves. */
static void float_kinds(const sim_program *p, bool *fl, bool *half)
{
    *fl = *half = false;
    for (uint32_t i = 0; i < p->ncode; i++) {
        const ptx_insn *in = p->src[i].in;
        if (!in || in->op == PTX_OP_ld || in->op == PTX_OP_st || in->op == PTX_OP_mov) continue;
        for (int k = 0; k < 2; k++) {
            ptx_type t = (ptx_type)in->type[k];
            if (ptx_type_kind_of(t) != PTX_K_FLOAT) continue;
            *fl = true;
            if (t == PTX_T_f16 || t == PTX_T_f16x2 || t == PTX_T_bf16 || t == PTX_T_bf16x2) *half = true;
        }
    }
}

/* x and y close as numbers: finite, each normal or zero (an integer read
 * as a float is subnormal, and is compared exactly), within rel of the
 * larger. */
static bool close_as(double x, double y, bool xn, bool yn, double rel)
{
    if (!xn || !yn || !isfinite(x) || !isfinite(y)) return false;
    double big = fabs(x) > fabs(y) ? fabs(x) : fabs(y);
    return fabs(x - y) <= rel * big;
}

static bool close_f32(uint32_t a, uint32_t b)
{
    uint32_t ea = a >> 23 & 0xff, eb = b >> 23 & 0xff;
    return close_as(sim_u2f(a), sim_u2f(b), ea || !(a << 1), eb || !(b << 1), 1e-3);
}

static bool close_f64(uint64_t a, uint64_t b)
{
    uint64_t ea = a >> 52 & 0x7ff, eb = b >> 52 & 0x7ff;
    return close_as(sim_u2d(a), sim_u2d(b), ea || !(a << 1), eb || !(b << 1), 1e-6);
}

static bool close_f16(uint16_t a, uint16_t b)
{
    return close_as(sim_f16_to_f32(a), sim_f16_to_f32(b), (a >> 10 & 0x1f) || !(uint16_t)(a << 1),
                    (b >> 10 & 0x1f) || !(uint16_t)(b << 1), 1e-2) ||
           close_as(sim_bf16_to_f32(a), sim_bf16_to_f32(b), (a >> 7 & 0xff) || !(uint16_t)(a << 1),
                    (b >> 7 & 0xff) || !(uint16_t)(b << 1), 5e-2);
}

/* The word at byte i of a and b (regions of n bytes) differs only as
 * another order's rounding would make it differ. */
static bool rounding_only(const uint8_t *a, const uint8_t *b, uint64_t i, uint64_t n, bool fl, bool half)
{
    uint32_t x = 0, y = 0;
    memcpy(&x, a + i, n - i < 4 ? n - i : 4);
    memcpy(&y, b + i, n - i < 4 ? n - i : 4);
    if (!fl) return false;
    if (close_f32(x, y)) return true;
    uint64_t p = i & ~7ull;
    if (p + 8 <= n) {
        uint64_t u, v;
        memcpy(&u, a + p, 8);
        memcpy(&v, b + p, 8);
        if (close_f64(u, v)) return true;
    }
    return half && ((uint16_t)x == (uint16_t)y || close_f16((uint16_t)x, (uint16_t)y)) &&
           (x >> 16 == y >> 16 || close_f16((uint16_t)(x >> 16), (uint16_t)(y >> 16)));
}

/* Two order-free digests of n bytes' 4-byte words (sums of two mixes of
 * each word): the same for the same words in any order. */
static void digest(const uint8_t *p, uint64_t n, uint64_t d[2])
{
    d[0] = d[1] = 0;
    for (uint64_t i = 0; i + 4 <= n; i += 4) {
        uint32_t w;
        memcpy(&w, p + i, 4);
        uint64_t x = (w + 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
        d[0] += x ^ x >> 31;
        d[1] += (x ^ x >> 29) * 0x94d049bb133111ebull;
    }
}

/* The same 4-byte words in another order (a compaction whose slots come
 * from an atomic counter): no difference the kernel did not allow. By the
 * digests: words that differ and digest alike (odds of 2^-128) could hide
 * a hazard, never make one. */
static bool same_words(const uint8_t *a, const uint8_t *b, uint64_t n)
{
    uint64_t x[2], y[2];
    if (n % 4) return false;
    digest(a, n, x);
    digest(b, n, y);
    return x[0] == y[0] && x[1] == y[1];
}

/* The first word of g that this run left different from the index order
 * (byte offset, 4-aligned), or UINT64_MAX. */
static uint64_t first_difference(const ord_region *g, bool fl, bool half)
{
    const uint8_t *ref = g->idx ? g->idx : g->pre, *now = g->host;
    if (!ref || !memcmp(ref, now, g->size) || same_words(ref, now, g->size)) return UINT64_MAX;
    for (uint64_t i = 0; i < g->size; i += 4) {
        uint64_t k = g->size - i < 4 ? g->size - i : 4;
        if (memcmp(ref + i, now + i, k) && !rounding_only(ref, now, i, g->size, fl, half)) return i;
    }
    return UINT64_MAX;
}

/* ---- the hazard ---- */

/* snprintf for the message, which a long name may cut short (on purpose). */
static void __attribute__((format(printf, 3, 4))) say(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
}

/* The two values of a word that differs, in words, both read one way: as
 * integers in a program with no float arithmetic, or where both have a
 * float's exponent of 0 (small integers); else as floats (nan included).
 * An integer with its top bit set is shown signed, then unsigned (the
 * buffer's type is the harness's: -12,696 of an int, or 4,294,954,600). */
static void value_pair(const uint8_t *a, const uint8_t *b, uint64_t left, bool fl, char *va, char *vb, size_t n)
{
    uint32_t v[2] = { 0, 0 };
    memcpy(&v[0], a, left < 4 ? left : 4);
    memcpy(&v[1], b, left < 4 ? left : 4);
    bool ints = !fl || (!(v[0] >> 23 & 0xff) && !(v[1] >> 23 & 0xff));
    char *out[2] = { va, vb };
    for (int i = 0; i < 2; i++) {
        if (ints) {
            char d[32], u[32];
            cl_group_digits(d, sizeof d, v[i] >> 31 ? 0u - v[i] : v[i]);
            cl_group_digits(u, sizeof u, v[i]);
            if (v[i] >> 31) say(out[i], n, "-%s (as unsigned %s)", d, u); /* (fits the callers' 48) */
            else say(out[i], n, "%s", d);
        } else {
            snprintf(out[i], n, "%g", (double)sim_u2f(v[i]));
        }
    }
}

/* The two writes the hazard names, and what to change (lines only, no
 * figure of the run, into `advice`: advice.c hands it on): a plain store
 * and an atomic on the word (in either order: it is initialised in one
 * block while others add to it); one block's in both orders (it wrote
 * another value: it used another block's result before that was there);
 * in a program that takes tickets, two blocks' by one line (the block
 * that holds a tile differs from order to order: the same), and in a
 * cooperative launch the grid sync it lacks; two blocks' (the last one
 * wins). */
static void pick(const sim_program *p, bool tickets, bool cooperative, const ord_writer *wi, const ord_writer *wk,
                 ord_write *x, ord_write *y, char *advice, size_t n)
{
    const ord_writer *mixed = wk->store.seen && wk->atomic.seen ? wk
                            : wi->store.seen && wi->atomic.seen ? wi : NULL;
    if (mixed) {
        *x = mixed->store;
        *y = mixed->atomic;
        say(advice, n, "set the buffer before the launch (cudaMemset, or a kernel of its own), not with the store at line "
            "%u while other blocks update it (line %u)", sim_op_line(p, x->op), sim_op_line(p, y->op));
        return;
    }
    *x = wi->last.seen ? wi->last : wk->last;
    *y = wi->last.seen ? wk->last : (ord_write){ 0 };
    unsigned line = x->seen ? sim_op_line(p, x->op) : 0;
    if (x->seen && y->seen && x->block == y->block && cooperative)
        say(advice, n, "line %u stores a value made from other blocks' results read too early: put grid.sync() "
            "between their writes and the reads (__threadfence() waits for none)", line); /* (detail's 160) */
    else if (x->seen && y->seen && (x->block == y->block || (tickets && x->op == y->op)))
        say(advice, n, "line %u stores a value made from another block's result read too early: wait for its flag "
            "(volatile or atomic reads, __threadfence() before it is set)", line); /* (detail's 160) */
    else
        say(advice, n, "give each block its own elements at line %u, or combine the blocks' values with atomics",
            line);
}

static void make_hazard(sim_order *o, sim_run *L, unsigned kind, const ord_region *g, uint64_t off,
                        const ord_writer *wi, const ord_writer *wk, const uint8_t *ref, const uint8_t *alt, bool fl)
{
    const sim_program *p = L->prog;
    ord_write x, y;
    char advice[sizeof ((sim_hz *)0)->detail];
    pick(p, takes_tickets(p), L->grid_ws != 0, wi, wk, &x, &y, advice, sizeof advice);
    sim_block_result *br = cl_calloc(1, sizeof *br);
    br->index = x.seen ? x.block : 0;
    br->status = SIM_COMPLETED;
    sim_hz h = sim_hz_make(CL_HZ_ORDER_DEPENDENT, x.seen ? x.op : 0, x.seen ? x.warp : 0, x.seen ? x.lane : -1);
    if (y.seen && y.op != x.op) h.op2 = y.op;
    h.addr = g->base + off;
    h.size = 4;
    h.space = PTX_SPACE_GLOBAL;
    const sim_region *r = sim_mem_find(&L->m->mem, g->base, 1, NULL);
    h.region = r ? (uint32_t)(r - L->m->mem.v) : SIM_NONE;
    memcpy(h.detail, advice, sizeof h.detail);
    bool fresh;
    uint64_t key[2] = { (uint64_t)CL_HZ_ORDER_DEPENDENT << 56 | h.op, h.op2 };
    sim_hzrec *rec = sim_hzset_find(&br->hz, key, &h, 1, &fresh);
    rec->warps = 1;
    rec->instances = 1;
    char v1[48], v2[48], at[32], who[128] = "";
    value_pair(ref + off, alt + off, g->size - off, fl, v1, v2, sizeof v1);
    cl_group_digits(at, sizeof at, off);
    const char *kx = x.seen && p->code[x.op].x == X_ATOM ? "atomic" : "store";
    const char *ky = y.seen && p->code[y.op].x == X_ATOM ? "atomic" : "store";
    if (x.seen && y.seen && x.block == y.block && x.op == y.op)
        say(who, sizeof who, " (block %llu's %s, line %u, in both)", (unsigned long long)x.block, kx,
            sim_op_line(p, x.op));
    else if (x.seen && y.seen)
        say(who, sizeof who, " (block %llu's %s, line %u; block %llu's %s, line %u)", (unsigned long long)x.block,
            kx, sim_op_line(p, x.op), (unsigned long long)y.block, ky, sim_op_line(p, y.op));
    say(o->message, sizeof o->message,
        "the block order decides byte %s of '%s': %s %s, %s %s%s; on a GPU the blocks of a launch run at once, "
        "in any order", at, r ? r->label : "?", v1, run_words[RUN_INDEX], v2, run_words[kind], who);
    pthread_mutex_lock(&L->lock);
    if (L->nresults == L->cap_results) {
        L->cap_results = L->cap_results ? 2 * L->cap_results : 64;
        L->results = cl_realloc(L->results, L->cap_results * sizeof *L->results);
    }
    L->results[L->nresults++] = br;
    pthread_mutex_unlock(&L->lock);
}

/* A lane left looping on itself in another order (note_stuck): the hazard,
 * at the branch. */
static void make_stuck_hazard(sim_order *o, sim_run *L)
{
    const sim_program *p = L->prog;
    const ord_stuck *st = &o->stuck;
    sim_block_result *br = cl_calloc(1, sizeof *br);
    br->index = st->block;
    br->status = SIM_COMPLETED;
    sim_hz h = sim_hz_make(CL_HZ_ORDER_DEPENDENT, st->op, st->warp, st->lane);
    h.region = SIM_NONE;
    h.space = PTX_SPACE_GLOBAL;
    unsigned line = sim_op_line(p, st->op);
    if (st->fault)
        say(h.detail, sizeof h.detail, "line %u used what another block had not yet written: wait for its flag in a "
            "loop (volatile or atomic reads) before reading what it guards", line);
    else
        say(h.detail, sizeof h.detail, "the loop at line %u reads nothing: read what it waits for inside it, through a "
            "volatile pointer or an atomic (a plain load may be read once, before the loop)", line);
    bool fresh;
    uint64_t key[2] = { (uint64_t)CL_HZ_ORDER_DEPENDENT << 56 | h.op, h.op };
    sim_hzrec *rec = sim_hzset_find(&br->hz, key, &h, 1, &fresh);
    rec->warps = 1;
    rec->instances = 1;
    if (st->fault)
        say(o->message, sizeof o->message,
            "%s, block %llu makes an access out of bounds or misaligned at line %u, which it never made in index "
            "order: it used what another block had not yet written. On a GPU the blocks of a launch run at once, "
            "in any order", run_words[st->kind], (unsigned long long)st->block, line);
    else
        say(o->message, sizeof o->message,
            "%s, block %llu never ends: line %u is a loop of one branch to itself, which nothing another block "
            "does can end; in index order the loop was never reached. On a GPU, where the blocks of a launch run "
            "at once, it hangs whenever a block gets there first", run_words[st->kind],
            (unsigned long long)st->block, line);
    pthread_mutex_lock(&L->lock);
    if (L->nresults == L->cap_results) {
        L->cap_results = L->cap_results ? 2 * L->cap_results : 64;
        L->results = cl_realloc(L->results, L->cap_results * sizeof *L->results);
    }
    L->results[L->nresults++] = br;
    pthread_mutex_unlock(&L->lock);
}

/* The last write of the word at addr when the blocks run in `kind`, from
 * the memory as it was. */
static ord_writer watch_run(sim_order *o, const sim_run *L, unsigned kind, uint64_t budget, uint64_t addr)
{
    put_back_pre(o);
    o->watch = addr;
    memset(&o->writer, 0, sizeof o->writer);
    run_order(o, L, kind, budget);
    o->watch = 0;
    return o->writer;
}

/* ---- the launch ---- */

bool sim_order_wanted(const sim_run *L, unsigned threads, bool collided)
{
    return (L->prog->cross_block || collided) && !L->prog->blocks_commute && threads == 1 && L->nblocks > 1 &&
           L->nblocks < UINT32_MAX && (L->checks & SIM_CHECK_RACES);
}

/* Whether the index order went well enough to compare with: every block
 * completed, no fault, and the other orders fit the caps. */
static bool worth_it(const sim_order *o, const sim_run *L, const sim_counters *c, uint64_t index_ns)
{
    if (o->over || c->warp_instructions > STEP_CAP) return false;
    for (size_t i = 0; i < L->nresults; i++)
        if (L->results[i]->status != SIM_COMPLETED) return false;
    /* the other orders cost about what the index order did, each: none
       when they could run past the launch's cap on work (the same whatever
       the threads that ran the launches before), else the time cap */
    if (L->work_capped) return c->work <= L->work_cap && L->work_cap - c->work >= 5 * c->work;
    return !L->deadline_ns || sim_now_ns() + 5 * index_ns < L->deadline_ns;
}

unsigned sim_order_explore(sim_run *L, const sim_counters *c, uint64_t index_ns)
{
    sim_order *o = L->order;
    unsigned judged = 0;
    if (!o || !worth_it(o, L, c, index_ns)) return 0;
    for (size_t i = 0; i < o->regs.n; i++) {
        ord_region *g = &o->regs.v[i];
        if (!(g->runs & 1u << RUN_INDEX)) continue;
        if (o->bytes + g->size > COPY_CAP) {
            o->over = true; /* no other order: the memory stays as the index order left it */
            break;
        }
        g->idx = cl_malloc(g->size ? g->size : 1);
        memcpy(g->idx, g->host, g->size);
        o->bytes += g->size;
    }
    /* another order gets four times the index order's busiest block, and
       no more than the launch's budget: a block that waits for one that has
       not run (a spin in the reverse order) stops there, with no verdict */
    uint64_t budget = 4 * c->max_block_warp_instructions + 65536;
    if (budget > L->budget) budget = L->budget;
    bool fl, half;
    float_kinds(L->prog, &fl, &half);
    unsigned last = L->grid_ws ? RUN_REVERSE : takes_tickets(L->prog) ? RUN_HELD : RUN_INTERLEAVED;
    for (unsigned kind = RUN_REVERSE; kind <= last && !o->over; kind++) {
        put_back_pre(o);
        if (!run_order(o, L, kind, budget)) {
            if (!o->stuck.seen) continue;
            make_stuck_hazard(o, L); /* not judged, but a hang or a fault: one hazard a launch */
            break;
        }
        judged |= 1u << kind;
        /* the first different word, in the region with the lowest address */
        ord_region *g = NULL;
        uint64_t off = UINT64_MAX;
        for (size_t i = 0; i < o->regs.n; i++) {
            ord_region *h = &o->regs.v[i];
            if (!(h->runs & (1u << RUN_INDEX | 1u << kind)) || (g && h->base > g->base)) continue;
            if (h->scratch && !h->stored) continue; /* a scratch count kept by atomics alone */
            uint64_t at = first_difference(h, fl, half);
            if (at != UINT64_MAX) {
                g = h;
                off = at;
            }
        }
        if (g) {
            uint8_t *alt = cl_malloc(g->size ? g->size : 1);
            memcpy(alt, g->host, g->size);
            uint64_t addr = g->base + off;
            size_t gi = (size_t)(g - o->regs.v);
            ord_writer wk = watch_run(o, L, kind, budget, addr);
            ord_writer wi = watch_run(o, L, RUN_INDEX, L->budget, addr);
            g = &o->regs.v[gi]; /* the runs may have added regions */
            make_hazard(o, L, kind, g, off, &wi, &wk, g->idx ? g->idx : g->pre, alt, fl || half);
            free(alt);
            break; /* one hazard a launch */
        }
    }
    /* the memory as the index order left it */
    for (size_t i = 0; i < o->regs.n; i++) {
        ord_region *g = &o->regs.v[i];
        if (g->runs & ~(1u << RUN_INDEX)) memcpy(g->host, g->idx ? g->idx : g->pre, g->size);
    }
    return judged;
}

/* Whether h is a race between threads of one block (shared memory, a
 * copy, or crossread.c's race-global within a block, the one that names
 * the other thread's lane). */
static bool block_race(const sim_hazard *h)
{
    return h->kind == CL_HZ_RACE_SHARED || h->kind == CL_HZ_RACE_WARP || h->kind == CL_HZ_RACE_ASYNC ||
           (h->kind == CL_HZ_RACE_GLOBAL && h->lane2 >= 0);
}

/* The hazard's message, once the result is built; and, where the launch
 * also has a race within a block, advice that names that race first: the
 * other orders also run each block's warps in other turns (interleaved),
 * and such a race alone can change the word. */
void sim_order_message(const sim_run *L, sim_launch_result *r)
{
    if (!L->order || !L->order->message[0]) return;
    bool raced = false;
    for (size_t i = 0; i < r->nhazards; i++) raced |= block_race(&r->hazards[i]);
    for (size_t i = 0; i < r->nhazards; i++) {
        sim_hazard *h = &r->hazards[i];
        if (h->kind != CL_HZ_ORDER_DEPENDENT) continue;
        snprintf(h->message, sizeof h->message, "%s", L->order->message);
        if (!raced) continue;
        static const char first[] = "first fix the race within a block reported here (other orders change its "
                                    "warps' turns too); if this differs still, ";
        char was[sizeof h->advice];
        memcpy(was, h->advice, sizeof was);
        snprintf(h->advice, sizeof h->advice, "%s%.*s", first, (int)(sizeof h->advice - sizeof first), was);
    }
}
