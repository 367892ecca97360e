/* grade_trace.c - the warp stepper's run (grade.h, grade_trace): the
 * student's file built as a grade builds it, one kernel launched once on the
 * emulator through the day's harness (the grade's inputs, seed and launch),
 * with one warp of one block recorded (sim/trace.h). Nothing is judged. */
#include "grade_internal.h"

#include <stdlib.h>
#include <string.h>

#include "backend/emu.h"
#include "sim/trace.h"

/* The run's CPU, as a grade's emulation may take at most (grade_internal.h). */
#define TRACE_CPU_SECONDS (GRADE_CPU_SECONDS - 2.0)

/* The kernel's entry in the build, or why it cannot run. */
static cl_status find_entry(const build_result *br, const day_kernel *k, const char **entry, cl_error *err)
{
    grade_entry e;
    grade_find_kernel(br, k, &e);
    cl_status st = CL_OK;
    if (!e.present)
        st = cl_fail(err, CL_NOT_FOUND, "", 0, 0, "your file defines no kernel %s", k->name);
    else if (e.problem)
        st = cl_fail(err, CL_SIGNATURE, "", 0, 0, "%s: %s", k->name, e.problem);
    else
        *entry = e.entry;
    grade_entry_free(&e);
    return st;
}

/* The build, as grade_day makes it: the day's arch and its headers. */
static cl_status build_file(const day_course *c, const day_manifest *m, const char *file, build_result **br,
                            cl_error *err)
{
    char *headers = day_template_path(c, m), *slash = strrchr(headers, '/');
    if (slash) *slash = '\0';
    build_options bo = {.arch = m->arch, .headers_dir = headers};
    cl_status st = build_compile(&bo, file, br, err);
    if (st == CL_COMPILE) {
        size_t n = 0;
        const build_diag *d = build_diags(*br, &n);
        size_t i = 0;
        while (i < n && d[i].severity != BUILD_ERROR) i++;
        if (i < n) cl_fail(err, CL_COMPILE, d[i].file, d[i].line, d[i].column, "%s", d[i].message);
    }
    free(headers);
    return st;
}

/* Run the request on a fresh emulator with the trace armed. */
static cl_status run_traced(const day_manifest *m, const day_kernel *k, const build_result *br, const char *entry,
                            const grade_trace_request *q, grade_trace_result *out, cl_error *err)
{
    backend *be = NULL;
    backend_emu_options eo = {0};
    int module = -1;
    cl_status st = backend_emu_new(&eo, &be, err);
    if (st == CL_OK) {
        backend_emu_bounds bounds = {.deadline_ns = sim_now_ns() + (uint64_t)(TRACE_CPU_SECONDS * 1e9)};
        backend_emu_set_bounds(be, &bounds);
        const char *ptx = build_ptx(br);
        st = backend_load(be, "yours", ptx, strlen(ptx), NULL, 0, &module, err);
    }
    const day_size *size = q->size ? q->size : &m->course;
    harness_request req = {.be = be, .module = module, .kernel = k, .entry = entry, .day = m, .size = size,
                           .seed = q->seed};
    harness_result hr;
    memset(&hr, 0, sizeof hr);
    sim_dim3 blk = {q->block[0], q->block[1], q->block[2]};
    out->trace = sim_trace_new(entry, blk, q->warp, q->max_steps);
    if (st == CL_OK) {
        sim_trace_arm(out->trace);
        st = harness_run(&req, &hr, err);
        sim_trace_arm(NULL);
    }
    if (st == CL_OK) {
        out->outcome = cl_strdup(backend_outcome_name(hr.run.outcome));
        out->detail = hr.run.detail ? cl_strdup(hr.run.detail) : NULL;
        out->size = harness_size_label(size);
    }
    harness_result_free(&hr);
    backend_destroy(be);
    return st;
}

cl_status grade_trace(const day_course *c, const day_manifest *m, const char *file, const grade_trace_request *q,
                      grade_trace_result *out, cl_error *err)
{
    memset(out, 0, sizeof *out);
    const day_kernel *k = day_manifest_kernel(m, q->kernel);
    build_result *br = NULL;
    const char *entry = NULL;
    cl_status st;
    if (!k || k->is_program)
        st = cl_fail(err, CL_NOT_FOUND, "", 0, 0, "day %d has no kernel '%s'", m->day, q->kernel);
    else if (m->program)
        st = cl_fail(err, CL_UNSUPPORTED, "", 0, 0, "day %d's kernels run as a program of launches; the "
                     "stepper runs one kernel's launch", m->day);
    else
        st = build_file(c, m, file, &br, err);
    if (st == CL_OK) st = find_entry(br, k, &entry, err);
    if (st == CL_OK) st = run_traced(m, k, br, entry, q, out, err);
    build_result_free(br);
    if (st != CL_OK) grade_trace_result_free(out);
    return st;
}

void grade_trace_result_free(grade_trace_result *r)
{
    sim_trace_free(r->trace);
    free(r->outcome);
    free(r->detail);
    free(r->size);
    memset(r, 0, sizeof *r);
}
