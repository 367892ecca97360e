/* launch.c - sim_launch: lowers the kernel, runs its blocks on host threads
 * (each block wholly on one thread, blocks handed out in order), and merges
 * what the blocks found in block order, so the report does not depend on the
 * number of threads. A trap or an exhausted budget stops the launch: blocks
 * after the first one that stopped are not reported, and neither are their
 * counters (a block's counters wait until every block before it is done).
 * A kernel whose blocks may see each other's work (global atomics, fences)
 * runs its blocks one at a time in index order, so that what they see does
 * not depend on the threads either; it then runs in other orders too
 * (order.c), and a result that depends on the order is a hazard. A kernel
 * that asks for more than the machine's limits is not run: its launch
 * reports one LIMIT hazard. */
#include "sim/internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void sim_block_init(sim_block *b, struct sim_run *L);
void sim_block_destroy(sim_block *b);
void sim_result_build(sim_run *L, sim_launch_result *r);
sim_launch_result *sim_result_new(void);

#define DEFAULT_BUDGET (1ull << 24)
/* the threads of a launch whose blocks collide.c watches on one host thread
   too, so that two blocks' stores to one word are tried in other orders */
#define SIM_COLLIDE_JUDGED (1ull << 16)

static sim_observer observer;
static void *observer_ctx;

void sim_set_observer(sim_observer fn, void *ctx)
{
    observer = fn;
    observer_ctx = ctx;
}

static uint64_t thread_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

/* A block's counters wait in its worker's list until no block before it can
 * still stop the launch; then they count (index <= the stop) or not. */
typedef struct pending {
    uint64_t index;
    sim_counters cnt;
} pending;

typedef struct worker {
    sim_run *L;
    sim_counters cnt;              /* confirmed: blocks up to the stop */
    CL_VEC(pending) wait;          /* in index order */
    size_t head;
    atomic_uint_fast64_t cur;      /* no block below this is running here */
    pthread_t thread;
} worker;

/* A block's counters into the launch's: figures.h's SUM rows add (its MEAN
 * rows are worked out at the launch's end, sim_result_build), then the
 * emulator's own. */
void sim_add_counters(sim_counters *to, const sim_counters *c)
{
#define ADD_SUM(name) to->name += c->name;
#define ADD_MEAN(name)
#define ADD_DERIVED(name)
#define ADD(name, type, key, merge, what) ADD_##merge(name)
    CL_COUNTERS(ADD)
#undef ADD
#undef ADD_DERIVED
#undef ADD_MEAN
#undef ADD_SUM
    to->shared_load_requests += c->shared_load_requests;
    to->shared_store_requests += c->shared_store_requests;
    to->blocks += c->blocks;
    to->work += c->work;
    if (c->max_block_warp_instructions > to->max_block_warp_instructions)
        to->max_block_warp_instructions = c->max_block_warp_instructions;
}

sim_block_result *sim_take_result(sim_block *b)
{
    sim_block_result *r = cl_calloc(1, sizeof *r);
    r->index = b->index;
    r->status = b->status == SIM_COMPLETED && b->fault ? SIM_FAULTED : b->status;
    r->out_of_work = b->out_of_work;
    r->hz = b->hz;
    memset(&b->hz, 0, sizeof b->hz);
    r->pdrop_lines = b->pdrop_lines;
    r->pdrop_bytes = b->pdrop_bytes;
    if (b->plines.n) {
        r->ptext = cl_strndup(b->ptext.s, b->ptext.len);
        r->plines = cl_malloc(b->plines.n * sizeof *r->plines);
        memcpy(r->plines, b->plines.v, b->plines.n * sizeof *r->plines);
        r->nplines = b->plines.n;
    }
    return r;
}

void sim_keep_result(sim_run *L, sim_block_result *r)
{
    pthread_mutex_lock(&L->lock);
    if (L->nresults == L->cap_results) {
        L->cap_results = L->cap_results ? 2 * L->cap_results : 64;
        L->results = cl_realloc(L->results, L->cap_results * sizeof *L->results);
    }
    L->results[L->nresults++] = r;
    pthread_mutex_unlock(&L->lock);
}

static int by_index(const void *a, const void *b)
{
    uint64_t x = (*(sim_block_result *const *)a)->index, y = (*(sim_block_result *const *)b)->index;
    return x < y ? -1 : x > y;
}

static void lower_stop(sim_run *L, uint64_t index)
{
    uint_fast64_t cur = atomic_load(&L->stop_at);
    while (index < cur && !atomic_compare_exchange_weak(&L->stop_at, &cur, index)) {
    }
}

/* The lowest block that may still be running anywhere. */
static uint64_t frontier(const sim_run *L)
{
    uint64_t f = atomic_load(&L->next);
    for (unsigned i = 0; i < L->nworkers; i++) {
        uint64_t c = atomic_load(&L->workers[i].cur);
        if (c < f) f = c;
    }
    return f;
}

/* Count (or drop) the waiting counters of blocks below `below`; the work
 * counted is the work_below that a running block's cap on work adds its
 * own to (block.c). */
static void settle(worker *wk, uint64_t below)
{
    uint64_t stop = atomic_load(&wk->L->stop_at);
    while (wk->head < wk->wait.n && wk->wait.v[wk->head].index < below) {
        const pending *p = &wk->wait.v[wk->head++];
        if (p->index > stop) continue;
        sim_add_counters(&wk->cnt, &p->cnt);
        atomic_fetch_add(&wk->L->work_below, p->cnt.work);
    }
    if (wk->head == wk->wait.n) wk->head = wk->wait.n = 0;
}

/* Wake the blocks that wait in sim_wait_ahead: the lowest block running may
 * have changed. */
static void wake_ahead(sim_run *L)
{
    if (!atomic_load(&L->ahead_waiting)) return;
    pthread_mutex_lock(&L->ahead_lock);
    pthread_cond_broadcast(&L->ahead_cond);
    pthread_mutex_unlock(&L->ahead_lock);
}

void sim_wait_ahead(sim_block *b)
{
    sim_run *L = b->L;
    b->waited = true;
    if (L->nworkers < 2) return;
    pthread_mutex_lock(&L->ahead_lock);
    atomic_fetch_add(&L->ahead_waiting, 1);
    while (frontier(L) < b->index && atomic_load(&L->stop_at) >= b->index) {
        struct timespec t; /* a wake missed in a race is at most this late */
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += 20 * 1000 * 1000;
        if (t.tv_nsec >= 1000000000) t.tv_sec++, t.tv_nsec -= 1000000000;
        pthread_cond_timedwait(&L->ahead_cond, &L->ahead_lock, &t);
    }
    atomic_fetch_sub(&L->ahead_waiting, 1);
    pthread_mutex_unlock(&L->ahead_lock);
}

unsigned sim_threads_for_memory(const sim_program *p, const sim_run *L, unsigned n)
{
    uint64_t threads = (uint64_t)L->block.x * L->block.y * L->block.z, warps = (threads + 31) / 32;
    uint64_t shared = (uint64_t)p->dyn_offset + L->dyn_shared + p->static_shared;
    uint64_t per = threads * ((uint64_t)p->local_size + p->tparam_size) +
                   warps * 32 * ((uint64_t)p->nrow32 * 4 + (uint64_t)p->nrow64 * 8) +
                   shared * (1 + sizeof(sim_shadow) / 4) + SIM_RLOG_CAP * sizeof(sim_rlog) +
                   2 * SIM_MEMO_MAX * sizeof(sim_mev);
    uint64_t fit = per ? SIM_CONTEXTS_BYTES / per : n;
    return fit < 1 ? 1 : fit < n ? (unsigned)fit : n;
}

static void *work(void *arg)
{
    worker *wk = arg;
    sim_run *L = wk->L;
    uint64_t t0 = wk != L->workers ? thread_ns() : 0;
    sim_block b;
    sim_block_init(&b, L);
    for (;;) {
        atomic_store(&wk->cur, atomic_load(&L->next)); /* a bound below the block claimed next */
        uint64_t i = atomic_fetch_add(&L->next, 1);
        if (i >= L->nblocks || i > atomic_load(&L->stop_at)) break;
        atomic_store(&wk->cur, i);
        wake_ahead(L);
        settle(wk, frontier(L)); /* before the block runs: its cap on work sees them */
        sim_block_setup(&b, i);
        sim_block_run(&b);
        if (b.aborted) continue; /* after the block that stopped the launch: not reported */
        b.cnt.blocks = 1;
        b.cnt.max_block_warp_instructions = b.cnt.warp_instructions;
        b.cnt.work = b.steps;
        CL_VEC_PUSH(&wk->wait, ((pending){i, b.cnt}));
        if (b.status == SIM_TRAPPED || b.status == SIM_BUDGET_EXHAUSTED) lower_stop(L, i);
        atomic_store(&wk->cur, i + 1); /* done: a bound below the block it claims next */
        wake_ahead(L);
        if (b.hz.n || b.plines.n || b.pdrop_lines || b.status != SIM_COMPLETED || b.fault)
            sim_keep_result(L, sim_take_result(&b));
    }
    atomic_store(&wk->cur, UINT64_MAX);
    wake_ahead(L);
    sim_block_destroy(&b);
    if (wk != L->workers) atomic_fetch_add(&L->worker_ns, thread_ns() - t0);
    return NULL;
}

static cl_status check_shape(const ptx_module *mod, long e, sim_dim3 grid, sim_dim3 block,
                             size_t param_size, cl_error *err)
{
    const char *name = ptx_entry_plain_name(mod, (size_t)e);
    uint64_t threads = (uint64_t)block.x * block.y * block.z;
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
        return cl_fail(err, CL_USAGE, "", 0, 0, "launch of %s with an empty grid or block", name);
    if (threads > 1024 || block.z > 64)
        return cl_fail(err, CL_USAGE, "", 0, 0, "launch of %s with %llu threads a block (at most 1024)",
                       name, (unsigned long long)threads);
    if (grid.y > 65535 || grid.z > 65535 || (uint64_t)grid.x * grid.y * grid.z > (1ull << 32))
        return cl_fail(err, CL_USAGE, "", 0, 0, "launch of %s with too large a grid", name);
    if (param_size != ptx_entry_param_size(mod, (size_t)e))
        return cl_fail(err, CL_SIGNATURE, "", 0, 0, "%s takes %zu bytes of parameters, %zu given", name,
                       ptx_entry_param_size(mod, (size_t)e), param_size);
    return CL_OK;
}

static void run_workers(sim_run *L, unsigned n, sim_counters *total)
{
    worker *w = cl_calloc(n, sizeof *w);
    for (unsigned i = 0; i < n; i++) {
        w[i].L = L;
        atomic_init(&w[i].cur, 0);
    }
    L->workers = w;
    L->nworkers = n;
    unsigned started = 1;
    for (unsigned i = 1; i < n; i++) {
        if (pthread_create(&w[i].thread, NULL, work, &w[i]) != 0) break;
        started++;
    }
    for (unsigned i = started; i < n; i++) atomic_store(&w[i].cur, UINT64_MAX);
    work(&w[0]); /* the calling thread works too */
    for (unsigned i = 1; i < started; i++) pthread_join(w[i].thread, NULL);
    for (unsigned i = 0; i < n; i++) {
        settle(&w[i], UINT64_MAX); /* the stop is final now */
        sim_add_counters(total, &w[i].cnt);
        free(w[i].wait.v);
    }
    L->workers = NULL;
    free(w);
}

/* ---- limits ---- */

/* Why the kernel cannot run on this machine, in words, or false. */
static bool over_limit(const sim_machine *m, const sim_program *p, char *why, size_t n)
{
    char a[32], b[32];
    uint64_t regs = ((uint64_t)p->nrow32 * 4 + (uint64_t)p->nrow64 * 8) + p->nrowp / 8 + 1;
    if (m->refused_var) {
        cl_group_digits(a, sizeof a, m->refused_var->size);
        cl_group_digits(b, sizeof b, SIM_MAX_MODULE_VARS);
        snprintf(why, n, "the module variable '%s' (%s bytes of __device__ or __constant__ memory) is more than the emulator gives a module's variables (%s bytes in all)",
                 m->refused_var->name, a, b);
    } else if (p->local_want > SIM_MAX_LOCAL) {
        cl_group_digits(a, sizeof a, p->local_want);
        cl_group_digits(b, sizeof b, SIM_MAX_LOCAL);
        snprintf(why, n, "the kernel uses %s bytes of local memory a thread (its local arrays); a GPU gives a thread at most %s",
                 a, b);
    } else if (p->tparam_want > SIM_MAX_TPARAM) {
        cl_group_digits(a, sizeof a, p->tparam_want);
        cl_group_digits(b, sizeof b, SIM_MAX_TPARAM);
        snprintf(why, n, "the kernel passes %s bytes of parameters to device functions a thread; the emulator allows %s",
                 a, b);
    } else if (p->shared_want) {
        cl_group_digits(a, sizeof a, p->shared_want);
        cl_group_digits(b, sizeof b, SIM_MAX_SHARED);
        snprintf(why, n, "the kernel declares %s bytes of shared memory; a GPU gives a block at most %s", a, b);
    } else if (regs > SIM_MAX_REG_BYTES) {
        cl_group_digits(a, sizeof a, regs);
        cl_group_digits(b, sizeof b, SIM_MAX_REG_BYTES);
        snprintf(why, n, "the kernel declares %s bytes of registers a thread; the emulator runs at most %s", a, b);
    } else {
        return false;
    }
    return true;
}

/* The launch's result when the kernel asks too much: one LIMIT hazard at
 * the kernel's first line, and nothing run. */
static void refuse(sim_run *L)
{
    sim_block_result *br = cl_calloc(1, sizeof *br);
    br->status = SIM_FAULTED;
    sim_hz h = sim_hz_make(CL_HZ_LIMIT, 0, 0, -1);
    bool fresh;
    uint64_t key[2] = { (uint64_t)CL_HZ_LIMIT << 56, 0 };
    sim_hzrec *r = sim_hzset_find(&br->hz, key, &h, 1, &fresh);
    r->warps = 1;
    r->instances = 1;
    sim_keep_result(L, br);
}

static void forget_results(sim_run *L)
{
    for (size_t i = 0; i < L->nresults; i++) {
        sim_block_result *br = L->results[i];
        sim_hzset_free(&br->hz);
        free(br->ptext);
        free(br->plines);
        free(br);
    }
    free(L->results);
    L->results = NULL;
    L->nresults = L->cap_results = 0;
}

cl_status sim_launch(sim_machine *m, const ptx_module *mod, const char *kernel, sim_dim3 grid,
                     sim_dim3 block, unsigned dynamic_shared_bytes, const void *param_blob,
                     size_t param_size, sim_launch_result **out, cl_error *err)
{
    *out = NULL;
    uint64_t t0 = observer ? thread_ns() : 0;
    long e = ptx_find_entry(mod, kernel);
    if (e < 0) return cl_fail(err, CL_NOT_FOUND, mod->name, 0, 0, "no kernel '%s' in the module", kernel);
    cl_status st = check_shape(mod, e, grid, block, param_size, err);
    if (st != CL_OK) return st;
    sim_program *prog = NULL;
    m->refused_var = NULL;
    if ((st = sim_program_build(m, mod, e, &prog, err)) != CL_OK) return st;
    if ((uint64_t)prog->dyn_offset + dynamic_shared_bytes > 227 * 1024) {
        sim_program_free(prog);
        return cl_fail(err, CL_LIMIT, "", 0, 0, "%u bytes of dynamic shared memory is too much",
                       dynamic_shared_bytes);
    }
    sim_run L;
    memset(&L, 0, sizeof L);
    L.m = m;
    L.prog = prog;
    sim_zero_plan(prog, &L.zero);
    L.grid = grid;
    L.block = block;
    L.dyn_shared = dynamic_shared_bytes;
    L.params = param_blob;
    L.param_size = param_size;
    L.nblocks = (uint64_t)grid.x * grid.y * grid.z;
    L.checks = SIM_CHECK_ALL & ~m->opt.checks_off;
    L.budget = m->opt.budget ? m->opt.budget : DEFAULT_BUDGET;
    L.allowance = m->opt.allowance;
    L.printf_bytes = m->opt.printf_bytes ? m->opt.printf_bytes : 64 * 1024;
    L.printf_lines = m->opt.printf_lines ? m->opt.printf_lines : 1000;
    L.deadline_ns = m->opt.deadline_ns;
    L.work_capped = m->work_capped;
    L.work_cap = m->work_cap;
    L.reference = m->opt.reference_alu;
    if ((L.trace = sim_trace_take(&L, mod, e))) L.reference = true; /* every collective where trace.c sees it */
    atomic_init(&L.next, 0);
    atomic_init(&L.stop_at, UINT64_MAX);
    atomic_init(&L.worker_ns, 0);
    atomic_init(&L.work_below, 0);
    atomic_init(&L.ahead_waiting, 0);
    pthread_mutex_init(&L.ahead_lock, NULL);
    pthread_cond_init(&L.ahead_cond, NULL);
    pthread_mutex_init(&L.lock, NULL);
    unsigned n = m->threads < L.nblocks ? m->threads : (unsigned)L.nblocks;
    n = sim_threads_for_memory(prog, &L, n);
    if (prog->cross_block || L.nblocks >= UINT32_MAX) n = 1; /* blocks in index order: what each sees is fixed */
    /* gridsync.c: every block resident, on one thread */
    if (m->cooperative && (st = sim_alloc(m, SIM_GRID_WS_BYTES, "grid workspace", &L.grid_ws, err)) != CL_OK) {
        pthread_mutex_destroy(&L.lock);
        pthread_mutex_destroy(&L.ahead_lock);
        pthread_cond_destroy(&L.ahead_cond);
        sim_zero_free(&L.zero);
        sim_program_free(prog);
        return st;
    }
    if (L.grid_ws) n = 1;
    /* a block past its allowance (a runaway, or far slower than the
       reference) waits to be the lowest running: sim_wait_ahead */
    L.ahead_steps = n > 1 ? L.allowance : 0;
    /* collide.c: blocks on several threads that store to one word. A
       launch of at most SIM_COLLIDE_JUDGED threads with the races check on
       is watched on one thread too, and one where two blocks met is then
       tried in other orders (order.c), whatever the threads: the hidden
       sizes, where a guard's slip shows, at a watch's cost that the course
       sizes would pay on every store (the naive transpose's column stores,
       2.3 times the launch's time on one thread) */
    const bool judge_collisions = !prog->cross_block && !L.grid_ws && sim_order_wanted(&L, 1, true) &&
                                  L.nblocks * block.x * block.y * block.z <= SIM_COLLIDE_JUDGED;
    L.watch = n > 1 || judge_collisions;
    if (L.watch) sim_watch_begin(&L);
    /* crossread.c: the blocks run in index order by the program's own
       rules (blockflow.c), so the check does not depend on the threads */
    if (prog->cross_block && !prog->has_sync && (L.checks & SIM_CHECK_RACES)) sim_xr_begin(&L);
    atomic_init(&L.collided, false);
    atomic_init(&L.timed_out, false);
    pthread_mutex_init(&L.watch_lock, NULL);
    sim_launch_result *r = sim_result_new();
    r->order = n > 1 ? SIM_RAN_SPREAD : SIM_RAN_IN_ORDER;
    char why[sizeof ((sim_hazard *)0)->message];
    bool refused = over_limit(m, prog, why, sizeof why) || (L.grid_ws && sim_grid_over(&L, why, sizeof why));
    /* order.c: blocks that may meet, on one thread: other orders after */
    bool explore = !refused && sim_order_wanted(&L, n, false);
    if (explore) sim_order_begin(&L);
    uint64_t t_index = explore ? thread_ns() : 0;
    if (refused)
        refuse(&L); /* its message is `why`, set once the result is built */
    else if (L.grid_ws)
        sim_grid_run(&L, &r->counters);
    else
        run_workers(&L, n ? n : 1, &r->counters);
    if (explore && L.trace) sim_trace_keep(L.trace); /* the warp as the index order ran it */
    if (explore) r->orders = sim_order_explore(&L, &r->counters, thread_ns() - t_index);
    if (L.watch) {
        bool again = atomic_load(&L.collided);
        sim_watch_end(&L, again);
        L.watch = false;
        if (again) { /* two blocks stored to one word: again, one block at a time (collide.c),
                        then in other orders, which must end the same (order.c) */
            r->order = SIM_RAN_AGAIN_IN_ORDER;
            forget_results(&L);
            memset(&r->counters, 0, sizeof r->counters);
            atomic_store(&L.next, 0);
            atomic_store(&L.stop_at, UINT64_MAX);
            atomic_store(&L.work_below, 0);
            bool explore_again = !refused && judge_collisions;
            if (explore_again) sim_order_begin(&L);
            uint64_t t_again = explore_again ? thread_ns() : 0;
            run_workers(&L, 1, &r->counters);
            if (explore_again && L.trace) sim_trace_keep(L.trace);
            if (explore_again) r->orders = sim_order_explore(&L, &r->counters, thread_ns() - t_again);
        }
    }
    pthread_mutex_destroy(&L.watch_lock);
    if (L.nresults > 1)
        qsort(L.results, L.nresults, sizeof *L.results, by_index);
    sim_result_build(&L, r);
    if (refused && r->nhazards) snprintf(r->hazards[0].message, sizeof r->hazards[0].message, "%s", why);
    sim_order_message(&L, r);
    sim_order_end(&L);
    forget_results(&L);
    pthread_mutex_destroy(&L.lock);
    pthread_mutex_destroy(&L.ahead_lock);
    pthread_cond_destroy(&L.ahead_cond);
    sim_zero_free(&L.zero);
    sim_program_free(prog);
    if (L.grid_ws) sim_free_mem(m, L.grid_ws, NULL);
    *out = r;
    if (observer)
        observer(observer_ctx, ptx_entry_plain_name(mod, (size_t)e), &r->counters,
                 thread_ns() - t0 + atomic_load(&L.worker_ns));
    return CL_OK;
}

const char *sim_status_name(sim_status s)
{
    static const char *const names[] = { "completed", "trapped", "deadlocked", "budget exhausted",
                                         "faulted" };
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

size_t sim_result_errors(const sim_launch_result *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nhazards; i++)
        n += r->hazards[i].severity == CL_SEV_ERROR;
    return n;
}
