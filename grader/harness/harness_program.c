/* harness_program.c - a day's program (docs/day-format.md, "program"): its
 * buffers made once, its stages run in order on them (launches, clears,
 * loops that repeat a count or until a device word says stop, swaps), and
 * the outputs read back at the end or after the stage the day judges. One
 * run of a program is one harness_result: the launches' hazards, counters
 * and printf together, each hazard naming the stage it came from. */
#include "harness_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The printf a program keeps, as one launch's. */
#define PROGRAM_PRINTF_MAX 8192

typedef struct prog_run {
    const harness_request *req;
    const day_program *p;
    harness_result *out;
    harness_buffer bufs[16]; /* by buffer; a swap trades two */
    long launches;
    int *kernel_launches;    /* by kernel: its launches so far */
    long *runs;              /* by stage ordinal: how often it ran */
    long index[64];          /* each loop's index: the run under way, from 0 */
    bool stopped;            /* a launch did not complete, or a loop reached its limit */
    bool judged;             /* the outputs were read after the judged stage */
    cl_str loops;            /* what each top-level loop did, for the trace */
} prog_run;

/* ---- what the launches leave, together ---- */

static bool same_hazard(const report_hazard *a, const report_hazard *b)
{
    return a->check == b->check && a->kind == b->kind && a->line == b->line &&
           a->line2 == b->line2 && a->severity == b->severity && a->has_mask == b->has_mask &&
           (!a->has_mask || a->mask == b->mask) && !strcmp(a->kernel ? a->kernel : "", b->kernel ? b->kernel : "");
}

/* A launch's hazards into the program's: one met before (the same kernel,
 * line, kind and mask; a loop meets it each run) adds its warps to the first
 * record, which names the stage it came from first and the launch of its
 * kernel that was (launch, from 1). */
static void take_hazards(backend_run *to, backend_run *from, const char *stage, int launch)
{
    for (int i = 0; i < from->nhazards; i++) {
        report_hazard *h = &from->hazards[i];
        int j = 0;
        while (j < to->nhazards && !same_hazard(&to->hazards[j], h)) j++;
        if (j < to->nhazards) {
            to->hazards[j].count += h->count;
            report_hazard_free(h);
            continue;
        }
        char *named = cl_sprintf("in stage %s: %s", stage, h->message ? h->message : "");
        free(h->message);
        h->message = named;
        h->launch = launch;
        to->hazards = cl_realloc(to->hazards, (size_t)(to->nhazards + 1) * sizeof *to->hazards);
        to->hazards[to->nhazards++] = *h;
    }
    free(from->hazards);
    from->hazards = NULL;
    from->nhazards = 0;
}

static void take_run(prog_run *r, backend_run *run, const char *stage, int launch)
{
    backend_run *to = &r->out->run;
    if (run->has_counters) {
        to->has_counters = true;
        cl_counters_add(&to->counters, &run->counters);
    }
    take_hazards(to, run, stage, launch);
    if (run->printf_text && *run->printf_text) {
        cl_str all = {0};
        cl_str_add(&all, to->printf_text ? to->printf_text : "");
        if (all.len < PROGRAM_PRINTF_MAX) cl_str_add(&all, run->printf_text);
        free(to->printf_text);
        to->printf_text = cl_str_take(&all);
    }
    if (run->outcome != BACKEND_COMPLETED) {
        to->outcome = run->outcome;
        to->detail = cl_sprintf("in stage %s: %s", stage,
                                run->detail ? run->detail : backend_outcome_text(run->outcome));
        r->stopped = true;
    }
    backend_run_free(run);
}

/* ---- the stages ---- */

/* "scanBlocks (launch 2)", "step (launch 40, run 17 of sweep)" (caller frees). */
static char *stage_label(const prog_run *r, const day_stage *s, const char *loop, long run)
{
    if (loop)
        return cl_sprintf("%s (launch %ld, run %ld of %s)", s->name, r->launches, run, loop);
    return cl_sprintf("%s (launch %ld)", s->name, r->launches);
}

/* A stage's expression, at the size and the loops' runs under way. */
static double eval(const prog_run *r, const day_formula *f)
{
    return day_program_eval(r->req->day, f, r->req->size, r->index);
}

static backend_arg scalar_of(const prog_run *r, const day_param *kp, const day_formula *f)
{
    unsigned char bytes[8] = {0};
    day_num n = day_param_num(kp->type);
    harness_elem_put(n, bytes, eval(r, f));
    backend_arg a = {(unsigned)day_num_bytes(n), 0};
    memcpy(&a.bits, bytes, 8); /* little-endian */
    return a;
}

static cl_status run_launch(prog_run *r, const day_stage *s, const char *loop, long run,
                            cl_error *err)
{
    const harness_request *req = r->req;
    const day_kernel *k = &req->day->kernels[s->kernel];
    backend_arg args[16];
    for (int i = 0; i < s->nargs; i++)
        args[i] = s->args[i].buffer >= 0 ? (backend_arg){8, r->bufs[s->args[i].buffer].ptr}
                                         : scalar_of(r, &k->params[i], s->args[i].value);
    backend_launch bl = {
        .kernel = req->entries[s->kernel],
        .dynamic_shared = (unsigned)eval(r, s->shared),
        .args = args,
        .nargs = s->nargs,
        .nsets = 1,
        .cooperative = k->cooperative,
    };
    for (int d = 0; d < 3; d++) {
        bl.grid[d] = s->grid[d] ? (unsigned)eval(r, s->grid[d]) : 1;
        bl.block[d] = s->block[d] ? (unsigned)eval(r, s->block[d]) : 1;
    }
    backend_run one = {0};
    r->launches++;
    r->runs[s->ordinal]++;
    r->kernel_launches[s->kernel]++;
    cl_status st = harness_too_large(req, k, &bl, &one) ? CL_OK
                 : backend_launch_kernel(req->be, req->module, &bl, &one, err);
    if (req->after_launch) req->after_launch(req->after_launch_ctx);
    char *label = stage_label(r, s, loop, run);
    if (st == CL_OK) take_run(r, &one, label, r->kernel_launches[s->kernel]);
    else backend_run_free(&one);
    free(label);
    if (st == CL_OK && req->stop_after && req->stop_after(req->stop_after_ctx)) r->stopped = true;
    return st;
}

static cl_status run_clear(prog_run *r, const day_stage *s, cl_error *err)
{
    const harness_buffer *b = &r->bufs[s->buffer];
    const day_param *p = &r->p->judged.params[s->buffer];
    size_t bytes = (size_t)harness_eval(r->req, p->length) * day_param_elem_bytes(p->type);
    if (!bytes) return CL_OK;
    void *zeros = cl_calloc(1, bytes);
    cl_status st = backend_write(r->req->be, b->ptr, zeros, bytes, err);
    free(zeros);
    return st;
}

/* Element 0 of the loop's word, as a number of its type. */
static cl_status read_word(prog_run *r, int buffer, double *out, cl_error *err)
{
    const day_param *p = &r->p->judged.params[buffer];
    unsigned char word[16] = {0};
    *out = 0;
    if (harness_eval(r->req, p->length) < 1) return CL_OK;
    cl_status st = backend_read(r->req->be, word, r->bufs[buffer].ptr, day_param_elem_bytes(p->type), err);
    if (st == CL_OK) *out = harness_elem_get(day_param_num(p->type), word);
    return st;
}

static cl_status run_stages(prog_run *r, const day_stage *st, int n, bool top, const char *loop,
                            long run, cl_error *err);
static cl_status read_outputs(prog_run *r, cl_error *err);

static cl_status run_repeat(prog_run *r, const day_stage *s, bool top, cl_error *err)
{
    long times = (long)eval(r, s->times), done = 0;
    bool until = s->until_buffer >= 0, met = false;
    double word = 0;
    cl_status st = CL_OK;
    while (st == CL_OK && !r->stopped && !met && done < times) {
        if (s->index >= 0) r->index[s->index] = done;
        st = run_stages(r, s->stages, s->nstages, false, s->name, done + 1, err);
        if (st != CL_OK || r->stopped) break;
        done++;
        if (s->swap[0] >= 0) {
            harness_buffer t = r->bufs[s->swap[0]];
            r->bufs[s->swap[0]] = r->bufs[s->swap[1]];
            r->bufs[s->swap[1]] = t;
        }
        if (until) st = read_word(r, s->until_buffer, &word, err);
        met = until && st == CL_OK && word == s->until_value;
    }
    if (top && st == CL_OK)
        cl_str_addf(&r->loops, "; %s ran %ld time%s%s", s->name, done, done == 1 ? "" : "s",
                    until ? "" : " (its count)");
    if (top && st == CL_OK && until) cl_str_addf(&r->loops, " of at most %ld", times);
    if (st != CL_OK || r->stopped || !until || met) return st;
    const day_param *w = &r->p->judged.params[s->until_buffer];
    r->out->run.outcome = BACKEND_BUDGET;
    r->out->run.detail = cl_sprintf("the loop %s reached its limit of %ld run%s and did not stop: "
                                    "%s[0] was %.9g after the last run, and the loop stops when it is "
                                    "%.9g", s->name, times, times == 1 ? "" : "s", w->name, word,
                                    s->until_value);
    r->stopped = true;
    return st;
}

static cl_status run_stages(prog_run *r, const day_stage *st, int n, bool top, const char *loop,
                            long run, cl_error *err)
{
    cl_status rc = CL_OK;
    for (int i = 0; i < n && rc == CL_OK && !r->stopped; i++) {
        const day_stage *s = &st[i];
        if (s->kind != DAY_STAGE_LAUNCH) r->runs[s->ordinal]++;
        if (s->kind == DAY_STAGE_LAUNCH) rc = run_launch(r, s, loop, run, err);
        else if (s->kind == DAY_STAGE_CLEAR) rc = run_clear(r, s, err);
        else rc = run_repeat(r, s, top, err);
        if (rc == CL_OK && !r->stopped && top && i == r->p->after) rc = read_outputs(r, err);
    }
    return rc;
}

/* The outputs' host copies from their buffers as they stand (a swapped
 * name reads the allocation it names now). */
static cl_status read_outputs(prog_run *r, cl_error *err)
{
    cl_status st = CL_OK;
    for (int o = 0; o < r->out->nout && st == CL_OK; o++) {
        harness_output *h = &r->out->out[o];
        const harness_buffer *b = &r->bufs[h->param];
        st = backend_read(r->req->be, h->host, b->base, b->bytes, err);
    }
    r->judged = true;
    return st;
}

/* ---- the run ---- */

/* The stages that never ran, by name, into idle. */
static void add_idle(const prog_run *r, cl_str *idle, const day_stage *st, int n)
{
    for (int i = 0; i < n; i++) {
        if (!r->runs[st[i].ordinal]) cl_str_addf(idle, "%s%s", idle->len ? ", " : "", st[i].name);
        add_idle(r, idle, st[i].stages, st[i].nstages);
    }
}

static cl_status make_buffers(prog_run *r, cl_error *err)
{
    const day_kernel *k = &r->p->judged;
    cl_status st = CL_OK;
    r->out->out = cl_calloc((size_t)k->nparams + 1, sizeof *r->out->out);
    for (int i = 0; i < k->nparams && st == CL_OK; i++) {
        const day_param *p = &k->params[i];
        bool output = p->role == DAY_ROLE_OUT || p->role == DAY_ROLE_INOUT;
        harness_output *o = output ? &r->out->out[r->out->nout] : NULL;
        st = harness_make_buffer(r->req, p, &r->bufs[i], o, err);
        if (o && o->host) r->out->nout++;
    }
    return st;
}

/* Outputs that were never read (the program stopped first) hold sentinels,
 * or an in-out's starting values, as if read. */
static void outputs_unread(prog_run *r)
{
    for (int o = 0; o < r->out->nout; o++) {
        harness_output *h = &r->out->out[o];
        const day_param *p = &r->p->judged.params[h->param];
        size_t width = (size_t)day_num_bytes(day_param_num(p->type));
        harness_put_sentinels(h->host, (h->head + h->count + h->tail) * (h->elem / width), width);
        if (h->initial) memcpy(h->host + h->head * h->elem, h->initial, h->count * h->elem);
    }
}

cl_status harness_run_program(const harness_request *req, harness_result *out, cl_error *err)
{
    prog_run r = {.req = req, .p = req->day->program, .out = out};
    r.runs = cl_calloc((size_t)r.p->nall + 1, sizeof *r.runs);
    r.kernel_launches = cl_calloc((size_t)req->day->nkernels + 1, sizeof *r.kernel_launches);
    out->run.outcome = BACKEND_COMPLETED;
    cl_status st = make_buffers(&r, err);
    if (st == CL_OK) st = harness_constants(req, err); /* the day's __constant__ symbols, once */
    if (st == CL_OK) st = run_stages(&r, r.p->stages, r.p->nstages, true, NULL, 0, err);
    out->compared = st == CL_OK && !r.stopped;
    if (out->compared && !r.judged) st = read_outputs(&r, err);
    if (!out->compared) outputs_unread(&r);
    out->trace = cl_sprintf("%ld launch%s%s", r.launches, r.launches == 1 ? "" : "es",
                            cl_str_cstr(&r.loops));
    cl_str_free(&r.loops);
    cl_str idle = {0};
    if (out->compared) add_idle(&r, &idle, r.p->stages, r.p->nstages);
    out->idle = idle.len ? cl_str_take(&idle) : NULL;
    cl_str_free(&idle);
    free(r.runs);
    free(r.kernel_launches);
    for (int i = 0; i < r.p->judged.nparams; i++)
        if (r.bufs[i].allocated) backend_release(req->be, r.bufs[i].base, NULL);
    out->be = req->be;
    harness_count(req, out);
    return st;
}
