/* emu.c - the lane-exact emulator (grader/ptx, grader/sim) behind the backend
 * interface: modules are parsed PTX, memory is the machine's, and a launch's
 * hazards become the report's. */
#include "emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx.h"
#include "sim/sim.h"

#define EMU_MAX_MODULES 8

typedef struct emu_backend {
    backend base;
    sim_machine *sim;
    ptx_module *modules[EMU_MAX_MODULES];
    int nmodules;
    uint64_t default_budget;
    char budget_why[96];        /* appended to a runaway's message */
    char allowance_why[96];     /* and to an OVER_ALLOWANCE warning's */
    uint64_t last_block_work;
    bool work_capped;           /* the bounds cap the launches' work in all (work_left) */
    uint64_t work_left;         /* warp instructions (sim_counters.work) still allowed */
    bool out_of_work;           /* the last launch ran past what was left */
} emu_backend;

static emu_backend *emu(backend *b)
{
    return (emu_backend *)b;
}

static cl_status emu_load(backend *b, const char *label, const char *ptx, size_t ptx_len,
                          const void *cubin, size_t cubin_len, int *module, cl_error *err)
{
    emu_backend *e = emu(b);
    if (e->nmodules == EMU_MAX_MODULES)
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "the emulator holds at most %d modules",
                       EMU_MAX_MODULES);
    char name[96];
    snprintf(name, sizeof name, "%s.ptx", label);
    cl_status st = ptx_parse(ptx, ptx_len, name, &e->modules[e->nmodules], err);
    if (st == CL_OK) {
        sim_register_module(e->sim, e->modules[e->nmodules]);
        *module = e->nmodules++;
    }
    return st;
}

static cl_status emu_alloc(backend *b, size_t bytes, const char *label, backend_ptr *out,
                           cl_error *err)
{
    return sim_alloc(emu(b)->sim, bytes, label, out, err);
}

static cl_status emu_release(backend *b, backend_ptr p, cl_error *err)
{
    return sim_free_mem(emu(b)->sim, p, err);
}

static cl_status emu_write(backend *b, backend_ptr dst, const void *src, size_t n, cl_error *err)
{
    return sim_write(emu(b)->sim, dst, src, n, err);
}

static void emu_mark_scratch(backend *b, backend_ptr p)
{
    sim_mark_scratch(emu(b)->sim, p);
}

static void *emu_host_view(backend *b, backend_ptr p, size_t n)
{
    return sim_host_view(emu(b)->sim, p, n);
}

static cl_status emu_read(backend *b, void *dst, backend_ptr src, size_t n, cl_error *err)
{
    return sim_read(emu(b)->sim, dst, src, n, err);
}

static void lanes_from_picture(const sim_hazard *h, report_lanes *l)
{
    l->mask = h->mask;
    for (int i = 0; i < 32; i++) {
        const sim_lane_pic *p = &h->picture[i];
        l->source[i] = p->read == SIM_READ_OWN ? (int8_t)i : p->source;
        if (p->took_part) l->active |= 1u << i;
        if (p->read == SIM_READ_UNDEFINED) l->undefined |= 1u << i;
        if (p->read == SIM_READ_OWN) l->clamped |= 1u << i;
        if (p->read == SIM_READ_NONE && !p->took_part) l->source[i] = -1;
    }
}

static void take_hazard(const emu_backend *e, const sim_hazard *h, report_hazard *out)
{
    memset(out, 0, sizeof *out); /* its check is the grade's to say (grade_hazard_check) */
    out->severity = h->severity == CL_SEV_ERROR ? REPORT_ERROR : REPORT_WARNING;
    out->kind = h->kind;
    out->kernel = cl_strdup(h->kernel ? h->kernel : "");
    out->file = cl_strdup(h->file ? h->file : "");
    out->line = (int)h->line;
    out->line2 = (int)h->line2;
    out->block[0] = (int)h->block.x;
    out->block[1] = (int)h->block.y;
    out->block[2] = (int)h->block.z;
    out->warp = (int)h->warp;
    out->lane = h->lane;
    out->source_lane = h->source_lane;
    out->has_mask = cl_hazard_family_of(h->kind) == CL_FAMILY_MASK;
    out->mask = h->mask;
    out->has_lanes = h->has_picture;
    if (h->has_picture) lanes_from_picture(h, &out->lanes);
    out->count = h->count;
    out->advice = cl_strdup(h->advice);
    if (h->kind == CL_HZ_OVER_ALLOWANCE && e->allowance_why[0])
        out->message = cl_sprintf("%s (the allowance is %s)", h->message, e->allowance_why);
    else if (h->kind == CL_HZ_BUDGET && e->budget_why[0])
        out->message = cl_sprintf("%s; the budget is %s", h->message, e->budget_why);
    else
        out->message = cl_strdup(h->message);
}

static backend_outcome outcome_of(sim_status s)
{
    switch (s) {
    case SIM_COMPLETED: return BACKEND_COMPLETED;
    case SIM_TRAPPED: return BACKEND_TRAPPED;
    case SIM_DEADLOCKED: return BACKEND_DEADLOCKED;
    case SIM_BUDGET_EXHAUSTED: return BACKEND_BUDGET;
    default: return BACKEND_FAULTED;
    }
}

/* An access out of bounds or misaligned "faults" in the emulator (SIM_FAULTED),
 * which drops that access (a load gives poison, a store is lost) and runs
 * every block to its end: the outputs are all computed, so such a launch
 * completed and is judged like any other, and its memory hazards carry the
 * verdict with the buffer and the line. Only a launch refused before any
 * block ran (a LIMIT hazard) has no outputs, and stays a fault. */
static backend_outcome judged_outcome(const sim_launch_result *r, backend_outcome o)
{
    if (o != BACKEND_FAULTED) return o;
    for (size_t i = 0; i < r->nhazards; i++)
        if (r->hazards[i].kind == CL_HZ_LIMIT) return o;
    return BACKEND_COMPLETED;
}

/* For a launch that did not complete: the sentence of the hazard that says
 * why (the trap, the loop, the wait). */
static char *outcome_detail(const emu_backend *e, const sim_launch_result *r)
{
    for (size_t i = 0; i < r->nhazards; i++) {
        const sim_hazard *h = &r->hazards[i];
        bool why = (r->status == SIM_TRAPPED && h->kind == CL_HZ_TRAP) ||
                   (r->status == SIM_BUDGET_EXHAUSTED && h->kind == CL_HZ_BUDGET) ||
                   (r->status == SIM_DEADLOCKED &&
                    (h->kind == CL_HZ_BARRIER_DEADLOCK || h->kind == CL_HZ_MASK_DEADLOCK)) ||
                   (r->status == SIM_FAULTED && h->kind == CL_HZ_LIMIT);
        bool note = h->kind == CL_HZ_BUDGET && e->budget_why[0];
        if (why) return cl_sprintf("%s%s%s (%s:%u)", h->message, note ? "; the budget is " : "",
                                   note ? e->budget_why : "", h->file, h->line);
    }
    return NULL;
}

static void take_result(emu_backend *e, const sim_launch_result *r, backend_run *run)
{
    run->outcome = r->out_of_work || r->timed_out ? BACKEND_TIMED_OUT : outcome_of(r->status);
    if (r->out_of_work) { /* in words the same whatever the threads: no block, no line */
        char left[32];
        cl_group_digits(left, sizeof left, e->work_left);
        run->detail = cl_sprintf("its blocks ran more than the %s warp instructions left to it", left);
    } else if (run->outcome != BACKEND_COMPLETED) {
        run->detail = outcome_detail(e, r);
    }
    run->has_counters = true;
    const sim_counters *c = &r->counters, *from = c;
    backend_counters *to = &run->counters;
    CL_COUNTERS(CL_COUNTER_COPY)
    run->nhazards = (int)r->nhazards;
    run->hazards = r->nhazards ? cl_calloc(r->nhazards, sizeof *run->hazards) : NULL;
    for (size_t i = 0; i < r->nhazards; i++) take_hazard(e, &r->hazards[i], &run->hazards[i]);
    e->last_block_work = c->max_block_warp_instructions;
    if (r->printf_text && *r->printf_text) run->printf_text = cl_strdup(r->printf_text);
}

static cl_status emu_launch(backend *b, int module, const backend_launch *l, backend_run *run,
                            cl_error *err)
{
    emu_backend *e = emu(b);
    memset(run, 0, sizeof *run);
    if (module < 0 || module >= e->nmodules)
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "no module %d", module);
    const ptx_module *mod = e->modules[module];
    long entry = ptx_find_entry(mod, l->kernel);
    if (entry < 0) return cl_fail(err, CL_NOT_FOUND, "", 0, 0, "no kernel '%s'", l->kernel);
    size_t nparams = ptx_entry_param_count(mod, (size_t)entry);
    if (nparams != (size_t)l->nargs)
        return cl_fail(err, CL_SIGNATURE, "", 0, 0, "kernel '%s' takes %zu parameters; the day's "
                       "signature has %d", ptx_entry_plain_name(mod, (size_t)entry), nparams, l->nargs);
    uint64_t values[32];
    if (l->nargs > 32)
        return cl_fail(err, CL_UNSUPPORTED, "", 0, 0, "kernels take at most 32 parameters here");
    for (int i = 0; i < l->nargs; i++) values[i] = l->args[i].bits;
    size_t blob_size = ptx_entry_param_size(mod, (size_t)entry);
    void *blob = cl_calloc(1, blob_size ? blob_size : 1);
    sim_launch_result *res = NULL;
    cl_status st = ptx_pack_params(mod, (size_t)entry, values, nparams, blob, err);
    sim_set_cooperative(e->sim, l->cooperative);
    sim_set_work(e->sim, e->work_capped, e->work_left);
    if (st == CL_OK)
        st = sim_launch(e->sim, mod, l->kernel, (sim_dim3){l->grid[0], l->grid[1], l->grid[2]},
                        (sim_dim3){l->block[0], l->block[1], l->block[2]}, l->dynamic_shared, blob,
                        blob_size, &res, err);
    e->out_of_work = false;
    if (st == CL_OK) {
        take_result(e, res, run);
        run->outcome = judged_outcome(res, run->outcome);
        e->out_of_work = res->out_of_work;
        e->work_left -= res->counters.work < e->work_left ? res->counters.work : e->work_left;
    }
    sim_launch_result_free(res);
    free(blob);
    return st;
}

void backend_emu_set_bounds(backend *b, const backend_emu_bounds *bounds)
{
    emu_backend *e = emu(b);
    sim_set_budget(e->sim, bounds->block_budget ? bounds->block_budget : e->default_budget, bounds->allowance);
    snprintf(e->budget_why, sizeof e->budget_why, "%s", bounds->budget_why ? bounds->budget_why : "");
    snprintf(e->allowance_why, sizeof e->allowance_why, "%s",
             bounds->allowance_why ? bounds->allowance_why : "");
    sim_set_deadline(e->sim, bounds->deadline_ns);
    e->work_capped = bounds->work_capped;
    e->work_left = bounds->work;
}

uint64_t backend_emu_work_left(const backend *b)
{
    return ((const emu_backend *)b)->work_left;
}

bool backend_emu_out_of_work(const backend *b)
{
    return ((const emu_backend *)b)->out_of_work;
}

uint64_t backend_emu_last_block_work(const backend *b)
{
    return ((const emu_backend *)b)->last_block_work;
}

static cl_status emu_symbol(backend *b, int module, const char *name, backend_ptr *addr,
                            size_t *bytes, cl_error *err)
{
    emu_backend *e = emu(b);
    if (module < 0 || module >= e->nmodules)
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "no module %d", module);
    return sim_symbol(e->sim, e->modules[module], name, addr, bytes, err);
}

static void emu_destroy(backend *b)
{
    emu_backend *e = emu(b);
    for (int i = 0; i < e->nmodules; i++) ptx_module_free(e->modules[i]);
    sim_free(e->sim);
    free(e);
}

static const backend_ops emu_ops = {
    .load = emu_load,
    .alloc = emu_alloc,
    .release = emu_release,
    .write = emu_write,
    .read = emu_read,
    .launch = emu_launch,
    .attributes = NULL,
    .destroy = emu_destroy,
    .host_view = emu_host_view,
    .mark_scratch = emu_mark_scratch,
    .symbol = emu_symbol,
};

cl_status backend_emu_new(const backend_emu_options *opt, backend **out, cl_error *err)
{
    emu_backend *e = cl_calloc(1, sizeof *e);
    sim_options so = {0};
    if (opt) {
        so.threads = opt->threads > 0 ? (unsigned)opt->threads : 0;
        so.budget = opt->instruction_budget;
    }
    e->sim = sim_new(&so);
    e->default_budget = so.budget;
    if (!e->sim) {
        free(e);
        return cl_fail(err, CL_NOMEM, "", 0, 0, "cannot start the emulator");
    }
    e->base.ops = &emu_ops;
    snprintf(e->base.info.name, sizeof e->base.info.name, "emulator");
    snprintf(e->base.info.device, sizeof e->base.info.device, "lane-exact SIMT emulator");
    e->base.info.finds_hazards = true;
    *out = &e->base;
    return CL_OK;
}
