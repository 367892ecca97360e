/* grade_program.c - a day's program graded: each kernel it launches found
 * in both builds (a report entry each: its signature, its resources, the
 * hazards that name it), then the program run at every size as one judged
 * entry named after it, against the reference's run of the same program.
 * The program's outcome and wrong elements are its entry's; the checks of
 * its kernels presume it ran right at the course size (checks.c). */
#include "grade_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/emu.h"

/* The threads a block of k's first launch in the program, at the course
 * size: what its occupancy is figured for. */
static int first_block(const grading *g, const day_stage *st, int n, int kernel)
{
    for (int i = 0; i < n; i++) {
        const day_stage *s = &st[i];
        if (s->kind == DAY_STAGE_REPEAT) {
            int b = first_block(g, s->stages, s->nstages, kernel);
            if (b) return b;
        }
        if (s->kind != DAY_STAGE_LAUNCH || s->kernel != kernel) continue;
        double threads = 1;
        for (int d = 0; d < 3; d++)
            if (s->block[d]) threads *= day_program_eval(g->day, s->block[d], &g->day->course, NULL);
        return (int)threads;
    }
    return 0;
}

/* "scanBlocks, scanBlocks, scanBlockSums, ..." as the program launches them. */
static void add_launches(cl_str *s, const day_manifest *m, const day_stage *st, int n)
{
    for (int i = 0; i < n; i++) {
        const day_stage *x = &st[i];
        if (x->kind == DAY_STAGE_LAUNCH) cl_str_addf(s, "%s%s", s->len ? ", " : "", m->kernels[x->kernel].name);
        if (x->kind == DAY_STAGE_CLEAR) cl_str_addf(s, "%sclear %s", s->len ? ", " : "",
                                                    m->program->judged.params[x->buffer].name);
        if (x->kind != DAY_STAGE_REPEAT) continue;
        cl_str inner = {0};
        add_launches(&inner, m, x->stages, x->nstages);
        cl_str_addf(s, "%s%s: repeat (%s)", s->len ? ", " : "", x->name, cl_str_cstr(&inner));
        cl_str_free(&inner);
    }
}

static void note_block_work(void *ctx)
{
    grading *g = ctx;
    uint64_t w = backend_emu_last_block_work(g->emu.be);
    if (w > g->program_block_work) g->program_block_work = w;
}

void grade_program_request(const grading *g, const grade_target *t, int module, harness_request *req)
{
    req->entries = (const char *const *)(module == t->ref ? g->program_ref : g->program_mine);
    if (t == &g->emu) {
        req->after_launch = note_block_work;
        req->after_launch_ctx = (void *)g;
    }
}

/* Each kernel of the program: an entry with its signature and figures; the
 * first problem of any (missing, another signature) into *problem. */
static void find_parts(grading *g, char **problem)
{
    const day_manifest *m = g->day;
    g->program_mine = cl_calloc((size_t)m->nkernels + 1, sizeof *g->program_mine);
    g->program_ref = cl_calloc((size_t)m->nkernels + 1, sizeof *g->program_ref);
    for (int i = 0; i < m->nkernels; i++) {
        const day_kernel *k = &m->kernels[i];
        grade_entry mine, ref;
        grade_find_kernel(g->mine, k, &mine);
        grade_find_kernel(g->ref, k, &ref);
        int block = first_block(g, m->program->stages, m->program->nstages, i);
        report_kernel *rk = report_add_kernel(g->r, k->name);
        rk->signature = day_kernel_signature(k);
        rk->present = mine.present;
        if (!mine.present)
            rk->problem = cl_sprintf("missing: your file does not define %s", rk->signature);
        else if (!mine.signature_ok)
            rk->problem = cl_strdup(mine.problem);
        grade_side_from_build(&rk->yours, mine.resources, block);
        grade_side_from_build(&rk->reference, ref.resources, block);
        if (rk->problem && !*problem) *problem = cl_sprintf("%s: %s", k->name, rk->problem);
        g->program_mine[i] = mine.present && mine.signature_ok ? mine.entry : NULL;
        g->program_ref[i] = ref.present && ref.signature_ok ? ref.entry : NULL;
        grade_entry_free(&mine);
        grade_entry_free(&ref);
    }
}

/* The reference must define every kernel the program launches. */
static cl_status check_reference(const grading *g, cl_error *err)
{
    for (int i = 0; i < g->day->nkernels; i++)
        if (!g->program_ref[i])
            return cl_fail(err, CL_INTERNAL, g->day->path, g->day->kernels[i].line, 0,
                           "the reference solution does not define %s, which the day's program "
                           "launches; define it there", g->day->kernels[i].name);
    return CL_OK;
}

static cl_status get_oracles(grading *g, const day_kernel *k, int sizes, grade_oracle *oracles,
                             cl_error *err)
{
    cl_status st = check_reference(g, err);
    for (int i = 0; st == CL_OK && i < sizes; i++) {
        st = grade_oracle_get(g, k, "program", grade_size(g, i), &oracles[i], err);
        if (st == CL_OK && !oracles[i].completed) {
            char *label = harness_size_label(grade_size(g, i));
            st = cl_fail(err, CL_INTERNAL, g->day->path, k->line, 0, "the reference solution's "
                         "program %s did not complete at %s (%s); the course must be fixed",
                         k->name, label, oracles[i].why ? oracles[i].why : "");
            free(label);
        }
    }
    return st;
}

cl_status grade_run_program(grading *g, cl_error *err)
{
    const day_kernel *k = &g->day->program->judged;
    char *problem = NULL;
    double start = grade_now();
    find_parts(g, &problem);
    int sizes = grade_nsizes(g);
    grade_oracle *oracles = cl_calloc((size_t)sizes, sizeof *oracles);
    report_kernel *rk = report_add_kernel(g->r, k->name);
    cl_str sig = {0};
    add_launches(&sig, g->day, g->day->program->stages, g->day->program->nstages);
    rk->signature = cl_sprintf("program %s: %s", k->name, cl_str_cstr(&sig));
    cl_str_free(&sig);
    if (!problem && g->day->nconstants) /* the day's __constant__ symbols, as the day fills them */
        problem = harness_constants_problem(g->emu.be, g->emu.mine, g->day, &g->day->course);
    rk->present = !problem;
    rk->problem = problem;
    cl_status st = get_oracles(g, k, rk->problem ? 1 : sizes, oracles, err);
    if (st == CL_OK) grade_reference_side(g, rk, k, &oracles[0]);
    for (int i = 0; !rk->problem && st == CL_OK && i < sizes; i++)
        st = grade_run_mine(g, rk, k, "program", i, &oracles[i], oracles[0].block_work, err);
    if (st == CL_OK && g->gpu.be)
        st = grade_run_gpu_kernel(g, rk, k, rk->problem ? NULL : "program", "program", oracles, err);
    /* the kernels ran as the program did: their figures are the program's */
    for (int i = 0; i < g->r->nkernels - 1; i++) {
        g->r->kernels[i].yours.ran = g->r->kernels[i].present && rk->yours.ran;
        g->r->kernels[i].reference.ran = true;
    }
    rk->seconds = grade_now() - start;
    for (int i = 0; i < sizes; i++) grade_oracle_free(&oracles[i]);
    free(oracles);
    return st;
}
