/* run_kernel.c - one kernel through the harness: the reference's outputs at
 * every size first (the oracle, from the cache or a run), then the
 * student's kernel at every size, judged against them, whose blocks may each
 * run a multiple of the reference's busiest block (with a floor), and whose
 * emulation in all stops at a cap on CPU time. */
#include "grade_internal.h"

#include "backend/emu.h"
#include "sim/sim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Slow is not wrong; stuck is stuck. A block of the student's kernel that
 * completes is judged on its outputs whatever it cost; one that runs past
 * GRADE_ALLOWANCE_FACTOR times the warp instructions of the reference's
 * busiest block at the course size (no day's hidden size gives a block more
 * work than the course size does; never fewer than GRADE_ALLOWANCE_FLOOR)
 * draws a warning under resources with its figures. Only a block past
 * GRADE_BUDGET_FACTOR times (never fewer than GRADE_BUDGET_FLOOR, about a
 * tenth of a second) is stopped as a runaway: stuck, with the line it was
 * at. All the student's launches of one grade together may run
 * GRADE_EMU_WORK warp instructions (each launch's blocks counted in index
 * order up to the block that stopped it: the same whatever the threads);
 * as a backstop for instructions slow to emulate, they stop once the grade
 * has used GRADE_EMU_SECONDS more CPU seconds than when the first began
 * (CPU, not wall: a loaded machine must not fail a fair kernel; but the
 * machine and the threads change it, and the message says so). A kernel
 * stopped by either is not judged (the grade says it could not judge it,
 * exit 2): it may be stuck in every block, or honest and too slow to
 * emulate. A spin-wait yields to the warps it waits for (block.c), so a
 * wait costs about what it costs on a GPU. docs/instructor-guide.md says
 * the same. */
#define GRADE_ALLOWANCE_FACTOR 32u
#define GRADE_ALLOWANCE_FLOOR (1ull << 16)
#define GRADE_BUDGET_FACTOR 512u
#define GRADE_BUDGET_FLOOR (1ull << 21)
/* A sanitizer build emulates four to eight times slower: its cap is eight
 * times longer, so that a runaway still meets its instruction budget first,
 * an honest slow kernel still finishes, and the verdicts are a release
 * build's (CI grades every corpus with that build). */
#if defined(__SANITIZE_ADDRESS__)
#define GRADE_EMU_SECONDS 96u
#else
#define GRADE_EMU_SECONDS 12u
#endif

/* About 3 s of the simplest arithmetic on a 2-core machine of 2026 (a
 * fused loop of integer ops, 600 million warp instructions a second), so
 * that a kernel of such work meets it well before the CPU cap; a kernel
 * whose instructions cost more (racing lanes, atomics, printf) meets the
 * CPU cap first. The same in a sanitizer build: its verdicts are a release
 * build's. */
#define GRADE_EMU_WORK (2000ull * 1000 * 1000)

/* The grade's budget of work: GRADE_EMU_WORK, or less where the environment
 * asks for less (CUDALAB_TEST_EMU_WORK, a whole number of warp instructions:
 * for tests, which need a case near the budget that grades in a second). */
static uint64_t grade_emu_work(void)
{
    const char *env = getenv("CUDALAB_TEST_EMU_WORK");
    char *end = NULL;
    unsigned long long want = env && *env >= '0' && *env <= '9' ? strtoull(env, &end, 10) : 0;
    return end && !*end && want > 0 && want < GRADE_EMU_WORK ? (uint64_t)want : GRADE_EMU_WORK;
}

/* Hazards the report lists; past the cap, each further one is counted in
 * one "more" record of its check. */
#define GRADE_MAX_HAZARDS 200

/* The same place in the source: what a hazard met at a hidden size is
 * known by (report_hazard_redact), and what the index hashes. */
static bool same_place(const report_hazard *a, const report_hazard *b)
{
    return a->check == b->check && a->line == b->line && a->line2 == b->line2 &&
           a->kind == b->kind && a->more == b->more &&
           !strcmp(a->kernel ? a->kernel : "", b->kernel ? b->kernel : "") &&
           !strcmp(a->file ? a->file : "", b->file ? b->file : "");
}

/* The same place with the same mask: one record at the course size. */
static bool same_hazard(const report_hazard *a, const report_hazard *b)
{
    return same_place(a, b) && a->hidden == b->hidden && a->has_mask == b->has_mask &&
           (!a->has_mask || a->mask == b->mask);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 0x100000001b3ull;
}

static uint64_t mix_str(uint64_t h, const char *s)
{
    for (s = s ? s : ""; *s; s++) h = mix(h, (unsigned char)*s);
    return mix(h, 0xff);
}

/* A hash of exactly the fields same_place compares: records that
 * same_hazard tells apart by their masks share a probe chain, where
 * find_place meets them all. */
static uint64_t hazard_hash(const report_hazard *h)
{
    uint64_t x = 0xcbf29ce484222325ull;
    x = mix(x, (uint64_t)h->check);
    x = mix(x, (uint64_t)(uint32_t)h->line << 32 | (uint32_t)h->line2);
    x = mix(x, (uint64_t)h->kind << 1 | h->more);
    x = mix_str(x, h->kernel);
    return mix_str(x, h->file);
}

typedef struct hazard_index {
    int *slot; /* index into r->hazards + 1; 0 empty */
    size_t n;  /* a power of two, more than twice the hazards */
} hazard_index;

static int *index_find(const hazard_index *ix, const report_result *r, const report_hazard *h)
{
    size_t j = hazard_hash(h) & (ix->n - 1);
    while (ix->slot[j] && !same_hazard(&r->hazards[ix->slot[j] - 1], h)) j = (j + 1) & (ix->n - 1);
    return &ix->slot[j];
}

/* A hazard met at a hidden size: the first record at its place, whatever
 * its mask, the course size's before any other; else the free slot. */
static int *find_place(const hazard_index *ix, const report_result *r, const report_hazard *h)
{
    size_t j = hazard_hash(h) & (ix->n - 1);
    int *found = NULL;
    for (; ix->slot[j]; j = (j + 1) & (ix->n - 1)) {
        int *s = &ix->slot[j];
        if (!same_place(&r->hazards[*s - 1], h)) continue;
        if (!found || *s < *found) found = s;
    }
    return found ? found : &ix->slot[j];
}

static void index_build(hazard_index *ix, const report_result *r, int more)
{
    ix->n = 64;
    while (ix->n < 2 * (size_t)(r->nhazards + more) + 2) ix->n *= 2;
    ix->slot = cl_calloc(ix->n, sizeof *ix->slot);
    for (int i = 0; i < r->nhazards; i++) *index_find(ix, r, &r->hazards[i]) = i + 1;
}

static bool is_more(const report_hazard *h)
{
    return h->more;
}

/* The "more" record of h's check: made from h, which it takes. */
static void fold_into_more(report_result *r, report_hazard *h)
{
    for (int i = 0; i < r->nhazards; i++) {
        report_hazard *m = &r->hazards[i];
        if (!is_more(m) || m->check != h->check || m->severity != h->severity) continue;
        long folded = strtol(m->message, NULL, 10) + 1; /* the message starts with the number */
        m->count += h->count;
        free(m->message);
        m->message = cl_sprintf("%ld more hazards under %s are not listed: the report keeps the first %d",
                                folded, day_check_name(m->check), GRADE_MAX_HAZARDS);
        report_hazard_free(h);
        return;
    }
    report_hazard *m = report_add_hazard(r);
    *m = *h;
    m->more = true;
    m->line = m->line2 = 0;
    m->has_mask = m->has_lanes = false;
    free(m->message);
    m->message = cl_sprintf("1 more hazard under %s is not listed: the report keeps the first %d",
                            day_check_name(m->check), GRADE_MAX_HAZARDS);
}

/* A run's hazard met again: into counts one more size (once a run: *seen),
 * and the warps of a course-size run. */
static void count_again(report_hazard *into, const report_hazard *h, bool hidden, bool *seen)
{
    if (!hidden) into->count += h->count;
    if (!seen || *seen) return;
    *seen = true;
    into->sizes = (into->sizes ? into->sizes : 1) + 1;
    if (!hidden) return;
    into->hidden_sizes++;
    if (into->hidden) into->count = (uint64_t)into->hidden_sizes;
}

void grade_take_hazards(report_result *r, backend_run *run, const char *size, bool hidden)
{
    hazard_index ix;
    index_build(&ix, r, run->nhazards);
    int before = r->nhazards; /* those from earlier runs (other sizes) */
    bool *seen = cl_calloc((size_t)before + 1, sizeof *seen);
    int listed = 0;
    for (int i = 0; i < r->nhazards; i++) listed += !is_more(&r->hazards[i]);
    for (int i = 0; i < run->nhazards; i++) {
        report_hazard *h = &run->hazards[i];
        if (hidden) report_hazard_redact(h); /* before anything reads it */
        int *slot = hidden ? find_place(&ix, r, h) : index_find(&ix, r, h);
        if (*slot) {
            count_again(&r->hazards[*slot - 1], h, hidden, *slot - 1 < before ? &seen[*slot - 1] : NULL);
            report_hazard_free(h);
            continue;
        }
        if (!h->size) h->size = cl_strdup(size);
        if (listed >= GRADE_MAX_HAZARDS) {
            fold_into_more(r, h);
            continue;
        }
        report_hazard *into = report_add_hazard(r);
        *into = *h;
        *slot = r->nhazards;
        listed++;
    }
    free(ix.slot);
    free(seen);
    free(run->hazards);
    run->hazards = NULL;
    run->nhazards = 0;
}

static void side_from_build(report_side *s, const build_kernel *bk, int block)
{
    if (!bk) return;
    s->registers = bk->registers;
    s->shared_bytes = bk->shared_bytes;
    s->spill_bytes = bk->spill_stores + bk->spill_loads;
    s->stack_bytes = bk->stack_bytes;
    s->occupancy = grade_occupancy_sm75(block, bk->registers, bk->shared_bytes);
}

static void side_from_counters(report_side *to, const backend_counters *from)
{
    CL_COUNTERS(CL_COUNTER_COPY)
}

static void side_from_run(report_side *s, const harness_result *hr)
{
    s->ran = true;
    s->wrong = hr->compared ? hr->wrong : -1; /* not judged: the launch did not complete */
    s->total = hr->total;
    if (hr->run.has_counters) side_from_counters(s, &hr->run.counters);
}

long grade_build_resident(const void *ctx, const char *kernel, unsigned threads, unsigned dyn_shared, char *why,
                          size_t n)
{
    const build_kernel *bk = build_find_kernel(ctx, kernel);
    if (!bk) return -1;
    return grade_resident_blocks((int)threads, bk->registers, bk->shared_bytes + (int)dyn_shared, why, n);
}

harness_request grade_request(const grading *g, const grade_target *t, int module,
                              const day_kernel *k, const char *entry, const day_size *size, int reps)
{
    harness_request req = {t->be, module, k, entry, g->day, size, g->opt->seed, reps,
                           g->opt->threads, g->input_store, false, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    if (k->is_program) grade_program_request(g, t, module, &req);
    const build_result *br = module == t->mine ? g->mine : module == t->ref ? g->ref : NULL;
    if (br) { /* a cooperative kernel's grid: at most what the course GPU holds */
        req.resident = grade_build_resident;
        req.resident_ctx = br;
    }
    return req;
}

const day_size *grade_size(const grading *g, int index)
{
    return index == 0 ? &g->day->course : &g->day->hidden[index - 1];
}

int grade_nsizes(const grading *g)
{
    return 1 + g->day->nhidden;
}

day_check grade_family_check(cl_hazard_family f)
{
    switch (f) { /* no default: a new family does not build without its check */
    case CL_FAMILY_MASK: return DAY_CHECK_MASK_HONESTY;
    case CL_FAMILY_BARRIER: return DAY_CHECK_BARRIER_HONESTY;
    case CL_FAMILY_RACE: return DAY_CHECK_RACES;
    case CL_FAMILY_MEMORY: return DAY_CHECK_MEMORY;
    case CL_FAMILY_KERNEL: return DAY_CHECK_CORRECTNESS;
    case CL_FAMILY_RESOURCES: return DAY_CHECK_RESOURCES;
    case CL_FAMILY_COUNT: break;
    }
    return DAY_CHECK_MEMORY;
}

day_check grade_hazard_check(cl_hazard_kind k)
{
    return grade_family_check(cl_hazard_family_of(k));
}

cl_status grade_run_size(grading *g, const grade_target *t, int module, const day_kernel *k,
                         const char *entry, const day_size *size, int reps,
                         const grade_oracle *oracle, harness_result *hr, cl_error *err)
{
    harness_request req = grade_request(g, t, module, k, entry, size, reps);
    req.in_place = true; /* hr is judged, then freed, before the next run */
    memset(hr, 0, sizeof *hr);
    cl_status st = harness_run(&req, hr, err);
    for (int i = 0; i < hr->run.nhazards; i++) /* where a run's hazards enter the grade */
        hr->run.hazards[i].check = grade_hazard_check(hr->run.hazards[i].kind);
    if (st != CL_OK || !oracle) return st;
    if (oracle->nout != hr->nout)
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "the reference's outputs of %s do not match "
                       "its manifest entry", k->name);
    harness_judge(&req, oracle->out, hr);
    return grade_check_script(g, &req, oracle, hr, err);
}

/* The bounds of the student's run at a size where the reference's busiest
 * block ran ref_block warp instructions (0: no reference). */
static void set_bounds(grading *g, uint64_t ref_block)
{
    if (!g->emu_deadline_ns) { /* the cap, or what is left of the grade's budget; the work */
        uint64_t cap = GRADE_EMU_SECONDS * 1000000000ull, left = cl_cpu_budget_left_ns(&g->budget);
        g->emu_by_budget = left < cap;
        g->emu_deadline_ns = sim_now_ns() + (left < cap ? left : cap);
        g->emu_work_left = grade_emu_work();
    }
    backend_emu_bounds bounds = {.deadline_ns = g->emu_deadline_ns, .work_capped = true,
                                 .work = g->emu_work_left};
    char budget_why[96], allowance_why[96];
    if (ref_block) {
        bounds.allowance = ref_block * GRADE_ALLOWANCE_FACTOR;
        if (bounds.allowance < GRADE_ALLOWANCE_FLOOR) bounds.allowance = GRADE_ALLOWANCE_FLOOR;
        bounds.block_budget = ref_block * GRADE_BUDGET_FACTOR;
        if (bounds.block_budget < GRADE_BUDGET_FLOOR) bounds.block_budget = GRADE_BUDGET_FLOOR;
        snprintf(allowance_why, sizeof allowance_why, "%u times the reference's busiest block%s",
                 GRADE_ALLOWANCE_FACTOR, bounds.allowance == GRADE_ALLOWANCE_FLOOR ? " (raised to the floor)" : "");
        snprintf(budget_why, sizeof budget_why, "%u times the reference's busiest block%s",
                 GRADE_BUDGET_FACTOR, bounds.block_budget == GRADE_BUDGET_FLOOR ? " (raised to the floor)" : "");
        bounds.allowance_why = allowance_why;
        bounds.budget_why = budget_why;
    }
    backend_emu_set_bounds(g->emu.be, &bounds);
}

/* Hazards under checks the kernel does not list are not its day's lesson:
 * they are neither shown nor counted. A program's are judged by the checks
 * of the kernel each names (correctness, a runaway's, by the program's).
 * True when an undefined shuffle read was among those dropped: its poison
 * may be why values are wrong, which correctness then says. */
static bool drop_unlisted(const day_manifest *m, backend_run *run, const day_kernel *k)
{
    int kept = 0;
    bool poison = false;
    for (int i = 0; i < run->nhazards; i++) {
        const day_kernel *owner = k->is_program && run->hazards[i].check != DAY_CHECK_CORRECTNESS
                                  ? day_manifest_kernel(m, run->hazards[i].kernel ? run->hazards[i].kernel : "")
                                  : k;
        if (owner && day_kernel_checks(owner, run->hazards[i].check)) {
            run->hazards[kept++] = run->hazards[i];
        } else {
            poison |= run->hazards[i].kind == CL_HZ_MASK_UNDEFINED_READ;
            report_hazard_free(&run->hazards[i]);
        }
    }
    run->nhazards = kept;
    return poison;
}

/* The student's kernel at one size: correctness into the size's entry,
 * hazards into the report, counters at the course size. */
static cl_status run_mine(grading *g, report_kernel *rk, const day_kernel *k, const char *entry,
                          int index, const grade_oracle *oracle, uint64_t ref_block,
                          cl_error *err)
{
    harness_result hr;
    const day_size *size = grade_size(g, index);
    char *label = harness_size_label(size);
    set_bounds(g, ref_block);
    double start = grade_now();
    cl_status st = grade_run_size(g, &g->emu, g->emu.mine, k, entry, size, 0, oracle, &hr, err);
    g->emu_work_left = backend_emu_work_left(g->emu.be);
    bool by_work = backend_emu_out_of_work(g->emu.be);
    backend_emu_set_bounds(g->emu.be, &(backend_emu_bounds){0});
    char cap[160], work[32];
    cl_group_digits(work, sizeof work, grade_emu_work());
    if (by_work)
        snprintf(cap, sizeof cap, "budget of %s warp instructions of emulation (the blocks of all your "
                 "launches together)", work);
    else if (g->emu_by_budget)
        snprintf(cap, sizeof cap, "budget of %g s of CPU (the compiler's processes and the emulation together; "
                 "a backstop that depends on the machine)", GRADE_CPU_SECONDS);
    else
        snprintf(cap, sizeof cap, "cap of %u s of CPU (a backstop for instructions slow to emulate, which "
                 "depends on the machine and its load)", GRADE_EMU_SECONDS);
    if (st == CL_OK && hr.run.outcome == BACKEND_TIMED_OUT) /* too slow to emulate: no verdict */
        st = cl_fail(err, CL_LIMIT, "", 0, 0,
                     "could not judge %s: its emulation at %s was still running when the grade's "
                     "%s ran out (%s). It may never finish, or do far more work than "
                     "the reference; make each thread do less work, then grade again",
                     k->name, label, cap, hr.run.detail ? hr.run.detail : "no detail");
    if (st == CL_OK) {
        report_size_result *s = report_add_size(rk, label);
        s->ran = true;
        s->seconds = grade_now() - start;
        if (hr.run.outcome != BACKEND_COMPLETED)
            s->outcome = cl_sprintf("%s: %s", backend_outcome_name(hr.run.outcome),
                                    hr.run.detail ? hr.run.detail
                                                  : backend_outcome_text(hr.run.outcome));
        s->wrong = hr.compared ? hr.wrong : -1; /* not judged, as s->outcome says */
        s->total = hr.total;
        memcpy(s->first, hr.first, sizeof s->first);
        s->nfirst = hr.nfirst;
        s->note = hr.note ? cl_strdup(hr.note) : NULL;
        if (index == 0) side_from_run(&rk->yours, &hr);
        if (index == 0 && hr.bytes > 0) rk->bytes_needed = hr.bytes;
        if (!rk->unit && hr.unit) rk->unit = cl_strdup(hr.unit);
        /* a hidden size's printf would show what the kernel read there */
        if (index == 0 && hr.run.printf_text && *hr.run.printf_text && !g->r->printf_text)
            g->r->printf_text = cl_strdup(hr.run.printf_text);
        if (hr.trace) s->trace = cl_strdup(hr.trace);
        if (hr.idle) s->idle_stages = cl_strdup(hr.idle);
        if (drop_unlisted(g->day, &hr.run, k) && s->wrong > 0 && !s->note)
            s->note = cl_strdup("a shuffle read a lane outside its mask or one that had exited, and such a read "
                                "gives poison (a NaN) here: every lane a shuffle reads must run it, named in its "
                                "mask (day 23's rule; mask-honesty is not a check of this day)");
        grade_take_hazards(g->r, &hr.run, label, index > 0);
    }
    harness_result_free(&hr);
    free(label);
    return st;
}

/* Where the reference's outputs come from: the reference's own kernel, or
 * the one the manifest names as its oracle. */
static cl_status find_oracle_entry(grading *g, const day_kernel *k, const grade_entry *ref,
                                   const day_kernel **ok, const char **entry, cl_error *err)
{
    *ok = k;
    *entry = ref->present && ref->signature_ok ? ref->entry : NULL;
    if (*entry) return CL_OK;
    const day_kernel *o = k->oracle ? day_manifest_kernel(g->day, k->oracle) : NULL;
    grade_entry oe;
    if (o) {
        grade_find_kernel(g->ref, o, &oe);
        *ok = o;
        *entry = oe.present && oe.signature_ok ? oe.entry : NULL;
        grade_entry_free(&oe);
    }
    if (*entry) return CL_OK;
    return cl_fail(err, CL_INTERNAL, g->day->path, k->line, 0,
                   "the reference solution does not define %s%s%s, so nothing says what %s "
                   "must write; define it there or name an `oracle` for it in day.yaml",
                   o ? o->name : k->name, o ? ", the oracle of " : "", o ? k->name : "", k->name);
}

/* The reference's outputs at every size the student's kernel runs (the
 * course size alone when it cannot run). */
static cl_status get_oracles(grading *g, const day_kernel *k, const grade_entry *ref, int sizes,
                             grade_oracle *oracles, cl_error *err)
{
    const day_kernel *ok;
    const char *entry;
    cl_status st = find_oracle_entry(g, k, ref, &ok, &entry, err);
    for (int i = 0; st == CL_OK && i < sizes; i++) {
        st = grade_oracle_get(g, ok, entry, grade_size(g, i), &oracles[i], err);
        if (st == CL_OK && !oracles[i].completed) {
            char *label = harness_size_label(grade_size(g, i));
            st = cl_fail(err, CL_INTERNAL, g->day->path, k->line, 0, "the reference solution's "
                         "%s did not complete at %s (%s); the course must be fixed",
                         ok->name, label, oracles[i].why ? oracles[i].why : "");
            free(label);
        }
    }
    return st;
}

/* The reference column: ptxas's figures and the counters of its run at the
 * course size. */
static void reference_side(grading *g, report_kernel *rk, const day_kernel *k,
                           const grade_oracle *o)
{
    harness_request req = grade_request(g, &g->emu, g->emu.ref, k, NULL, &g->day->course, 0);
    harness_result counted = {.out = o->out, .nout = o->nout};
    harness_count(&req, &counted);
    rk->reference.ran = true;
    rk->reference.wrong = 0;
    rk->reference.total = counted.total;
    if (counted.bytes > 0) rk->bytes_needed = counted.bytes;
    if (o->has_counters) side_from_counters(&rk->reference, &o->counters);
}

cl_status grade_run_kernel(grading *g, const day_kernel *k, cl_error *err)
{
    grade_entry mine, ref;
    cl_status st = CL_OK;
    double start = grade_now();
    grade_find_kernel(g->mine, k, &mine);
    grade_find_kernel(g->ref, k, &ref);
    int sizes = grade_nsizes(g);
    grade_oracle *oracles = cl_calloc((size_t)sizes, sizeof *oracles);
    if (!mine.present && k->optional) goto done;
    report_kernel *rk = report_add_kernel(g->r, k->name);
    rk->signature = day_kernel_signature(k);
    rk->present = mine.present;
    char *near = mine.present ? NULL : grade_kernel_near(g->mine, g->day, k->name);
    if (near) /* a name one letter off the day's: say which */
        rk->problem = cl_sprintf("missing: your file does not define %s; it defines %s: did you "
                                 "mean %s?", rk->signature, near, k->name);
    else if (!mine.present)
        rk->problem = cl_sprintf("missing: your file does not define %s", rk->signature);
    else if (!mine.signature_ok)
        rk->problem = cl_strdup(mine.problem);
    else if (g->day->nconstants) /* the day's __constant__ symbols, as the day fills them */
        rk->problem = harness_constants_problem(g->emu.be, g->emu.mine, g->day, &g->day->course);
    free(near);
    side_from_build(&rk->yours, mine.resources, g->day->block);
    side_from_build(&rk->reference, ref.resources, g->day->block);
    st = get_oracles(g, k, &ref, rk->problem ? 1 : sizes, oracles, err);
    if (st == CL_OK && ref.present && ref.signature_ok) reference_side(g, rk, k, &oracles[0]);
    for (int i = 0; !rk->problem && st == CL_OK && i < sizes; i++)
        st = run_mine(g, rk, k, mine.entry, i, &oracles[i], oracles[0].block_work, err);
    if (st == CL_OK && g->gpu.be)
        st = grade_run_gpu_kernel(g, rk, k, rk->problem ? NULL : mine.entry,
                                  ref.present && ref.signature_ok ? ref.entry : NULL, oracles, err);
    rk->seconds = grade_now() - start;
done:
    for (int i = 0; i < sizes; i++) grade_oracle_free(&oracles[i]);
    free(oracles);
    grade_entry_free(&mine);
    grade_entry_free(&ref);
    return st;
}

/* ---- for a day's program (grade_program.c) ---- */

void grade_side_from_build(report_side *s, const build_kernel *bk, int block)
{
    side_from_build(s, bk, block);
}

void grade_reference_side(grading *g, report_kernel *rk, const day_kernel *k,
                          const grade_oracle *o)
{
    reference_side(g, rk, k, o);
}

cl_status grade_run_mine(grading *g, report_kernel *rk, const day_kernel *k, const char *entry,
                         int index, const grade_oracle *oracle, uint64_t ref_block, cl_error *err)
{
    return run_mine(g, rk, k, entry, index, oracle, ref_block, err);
}
