/* run_kernel.c - one kernel through the harness: every size for the
 * student's, the course size for the reference. */
#include "grade_internal.h"

#include <stdlib.h>
#include <string.h>

static bool same_hazard(const report_hazard *a, const report_hazard *b)
{
    return a->check == b->check && a->line == b->line && a->line2 == b->line2 &&
           a->has_mask == b->has_mask && (!a->has_mask || a->mask == b->mask) &&
           !strcmp(a->kind ? a->kind : "", b->kind ? b->kind : "") &&
           !strcmp(a->kernel ? a->kernel : "", b->kernel ? b->kernel : "") &&
           !strcmp(a->file ? a->file : "", b->file ? b->file : "");
}

void grade_take_hazards(report_result *r, backend_run *run, const char *size)
{
    for (int i = 0; i < run->nhazards; i++) {
        report_hazard *h = &run->hazards[i], *seen = NULL;
        for (int j = 0; j < r->nhazards && !seen; j++)
            if (same_hazard(&r->hazards[j], h)) seen = &r->hazards[j];
        if (seen) {
            seen->count += h->count;
            report_hazard_free(h);
            continue;
        }
        report_hazard *into = report_add_hazard(r);
        *into = *h;
        if (!into->size) into->size = cl_strdup(size);
    }
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

static void side_from_run(report_side *s, const harness_result *hr)
{
    s->ran = true;
    s->wrong = hr->compared ? hr->wrong : hr->total;
    s->total = hr->total;
    if (!hr->run.has_counters) return;
    const backend_counters *c = &hr->run.counters;
    s->instructions = c->lane_instructions;
    s->warp_instructions = c->warp_instructions;
    s->active_lanes = c->active_lanes;
    s->global_sectors = c->global_load_sectors + c->global_store_sectors;
    s->shared_conflicts = c->bank_conflicts;
    s->barriers = c->barriers;
}

cl_status grade_run_size(grading *g, const grade_target *t, int module, const day_kernel *k,
                         const char *entry, const day_size *size, int reps, harness_result *hr,
                         cl_error *err)
{
    harness_request req = {t->be, module, k->name, entry, g->day, size, g->opt->seed, reps};
    memset(hr, 0, sizeof *hr);
    return g->harness->run(&req, hr, err);
}

/* The student's kernel at one size: correctness into the size's entry,
 * hazards into the report, counters at the course size. */
static cl_status run_mine(grading *g, report_kernel *rk, const day_kernel *k, const char *entry,
                          const day_size *size, bool course, cl_error *err)
{
    harness_result hr;
    char *label = harness_size_label(size);
    cl_status st = grade_run_size(g, &g->emu, g->emu.mine, k, entry, size, 0, &hr, err);
    if (st == CL_OK) {
        report_size_result *s = report_add_size(rk, label);
        s->ran = true;
        if (hr.run.outcome != BACKEND_COMPLETED)
            s->outcome = cl_sprintf("%s: %s", backend_outcome_name(hr.run.outcome),
                                    hr.run.detail ? hr.run.detail
                                                  : backend_outcome_text(hr.run.outcome));
        s->wrong = hr.compared ? hr.wrong : hr.total;
        s->total = hr.total;
        memcpy(s->first, hr.first, sizeof s->first);
        s->nfirst = hr.nfirst;
        s->note = hr.note ? cl_strdup(hr.note) : NULL;
        if (course) side_from_run(&rk->yours, &hr);
        if (!rk->unit && hr.unit) rk->unit = cl_strdup(hr.unit);
        if (hr.run.printf_text && *hr.run.printf_text && !g->r->printf_text)
            g->r->printf_text = cl_strdup(hr.run.printf_text);
        grade_take_hazards(g->r, &hr.run, label);
    }
    harness_result_free(&hr);
    free(label);
    return st;
}

static cl_status run_reference(grading *g, report_kernel *rk, const day_kernel *k,
                               const char *entry, cl_error *err)
{
    harness_result hr;
    cl_status st = grade_run_size(g, &g->emu, g->emu.ref, k, entry, &g->day->course, 0, &hr, err);
    if (st == CL_OK) side_from_run(&rk->reference, &hr);
    harness_result_free(&hr);
    return st;
}

cl_status grade_run_kernel(grading *g, const day_kernel *k, cl_error *err)
{
    grade_entry mine, ref;
    cl_status st = CL_OK;
    grade_find_kernel(g->mine, k, &mine);
    grade_find_kernel(g->ref, k, &ref);
    if (!mine.present && k->optional) goto done;
    report_kernel *rk = report_add_kernel(g->r, k->name);
    rk->signature = day_kernel_signature(k);
    rk->present = mine.present;
    if (!mine.present)
        rk->problem = cl_sprintf("missing: your file does not define %s", rk->signature);
    else if (!mine.signature_ok)
        rk->problem = cl_strdup(mine.problem);
    side_from_build(&rk->yours, mine.resources, g->day->block);
    side_from_build(&rk->reference, ref.resources, g->day->block);
    for (int i = -1; !rk->problem && st == CL_OK && i < g->day->nhidden; i++)
        st = run_mine(g, rk, k, mine.entry, i < 0 ? &g->day->course : &g->day->hidden[i], i < 0,
                      err);
    if (st == CL_OK && ref.present && ref.signature_ok)
        st = run_reference(g, rk, k, ref.entry, err);
    if (st == CL_OK && g->gpu.be)
        st = grade_run_gpu_kernel(g, rk, k, rk->problem ? NULL : mine.entry,
                                  ref.present && ref.signature_ok ? ref.entry : NULL, err);
done:
    grade_entry_free(&mine);
    grade_entry_free(&ref);
    return st;
}
