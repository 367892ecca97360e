/* grade.c - the flow of one grade: build, load, run, decide. */
#include "grade_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "backend/emu.h"
#include "ptx/ptx.h"

static const struct { const char *name, *text; } backends[] = {
#define GRADE_BACKEND_ROW(id, name, text) {name, text},
    GRADE_BACKENDS(GRADE_BACKEND_ROW)
#undef GRADE_BACKEND_ROW
};

int grade_backend_from_name(const char *name)
{
    for (int i = 0; i < GRADE_BACKEND_COUNT; i++)
        if (!strcmp(backends[i].name, name)) return i;
    return -1;
}

double grade_now(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + tv.tv_usec / 1e6;
}

static void progress(const grading *g, const char *stage)
{
    if (g->opt->progress) g->opt->progress(g->opt->progress_ctx, stage);
}

static bool cancelled(const grading *g)
{
    return g->opt->cancel && atomic_load(g->opt->cancel);
}

/* "/home/ada/work/day23-shuffles/shuffles.cu" -> "shuffles.cu": reports
 * name files as the hazards do. */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The student's diagnostics into the report; the compile check from them. */
static void take_diagnostics(grading *g, bool compiled)
{
    size_t n = 0;
    const build_diag *d = build_diags(g->mine, &n);
    const build_diag *first_error = NULL;
    for (size_t i = 0; i < n; i++) {
        report_diag *rd = report_add_diag(g->r);
        rd->file = cl_strdup(base_name(d[i].file));
        rd->line = d[i].line;
        rd->column = d[i].column;
        rd->severity = d[i].severity == BUILD_ERROR     ? REPORT_ERROR
                       : d[i].severity == BUILD_WARNING ? REPORT_WARNING
                                                        : REPORT_NOTE;
        rd->message = cl_strdup(d[i].message);
        if (!first_error && d[i].severity == BUILD_ERROR) first_error = &d[i];
    }
    if (compiled) {
        report_set_check(g->r, DAY_CHECK_COMPILE, true, n ? "compiled, with warnings" : "");
        return;
    }
    char *detail = first_error ? cl_sprintf("%s:%d: %s", base_name(first_error->file), first_error->line,
                                            first_error->message)
                               : cl_strdup("nvcc failed; see the compiler's output");
    report_set_check(g->r, DAY_CHECK_COMPILE, false, detail);
    free(detail);
}

/* A build that cudalab must be able to make (the reference, the copy kernel);
 * from PTX (the reference of a student edition) ptxas alone runs. */
static cl_status build_ours(const grading *g, const char *path, bool ptx, build_result **out,
                            cl_error *err)
{
    cl_status st = ptx ? build_compile_ptx(&g->build, path, out, err)
                       : build_compile(&g->build, path, out, err);
    if (st == CL_COMPILE) {
        char msg[1100];
        cl_error_format(err, msg, sizeof msg);
        st = cl_fail(err, CL_INTERNAL, path, 0, 0, "the course's own file does not build: %s", msg);
    }
    return st;
}

/* The reference: its source where the course has it (the instructor's
 * edition), else the PTX beside where the source would be, stem.ptx (a
 * student edition, `cudalab pack student`). The report says which. */
static char *reference_path(const grading *g, bool *from_ptx)
{
    char *cu = day_solution_path(g->course, g->day), *dot = strrchr(cu, '.');
    char *ptx = cl_sprintf("%.*s.ptx", (int)(dot ? (size_t)(dot - cu) : strlen(cu)), cu);
    *from_ptx = !cl_file_exists(cu) && cl_file_exists(ptx);
    free(*from_ptx ? cu : ptx);
    return *from_ptx ? ptx : cu;
}

static cl_status build_reference(grading *g, cl_error *err)
{
    bool from_ptx;
    char *path = reference_path(g, &from_ptx);
    cl_status st = build_ours(g, path, from_ptx, &g->ref, err);
    free(path);
    return st;
}

/* Which sizes the grade uses, and from which edition of the course. */
static void note_edition(grading *g)
{
    bool from_ptx;
    free(reference_path(g, &from_ptx));
    g->r->edition = cl_strdup(!from_ptx ? "instructor" : g->day->nhidden ? "autograder" : "student");
    g->r->hidden_sizes = g->day->nhidden;
}

/* Build the student's file and the reference. CL_OK with g->mine NULL-free
 * but failed means the student's file did not compile: a verdict. */
static cl_status build_each(grading *g, const char *file, cl_error *err)
{
    const build_options *bo = &g->build;
    progress(g, "building");
    cl_status st = build_compile(bo, file, &g->mine, err);
    if (st == CL_LIMIT) {
        /* nvcc ran too long on the student's file: a verdict on
         * the file, not a failure of cudalab. */
        report_set_check(g->r, DAY_CHECK_COMPILE, false, err->message);
        return CL_OK;
    }
    if (st != CL_OK && st != CL_COMPILE) return st;
    take_diagnostics(g, st == CL_OK);
    if (st == CL_COMPILE) return CL_OK;
    st = build_reference(g, err);
    if (st == CL_OK && g->day->baseline && g->gpu.be) {
        char *copy = cl_path_join(g->day->dir, g->day->baseline->source);
        st = build_ours(g, copy, false, &g->copy, err);
        free(copy);
    }
    return st;
}

/* The day's own headers are the files of its template folder (see
 * docs/authoring.md): the only ones a submission may #include "name". */
static cl_status build_all(grading *g, const char *file, cl_error *err)
{
    char *headers = day_template_path(g->course, g->day), *slash = strrchr(headers, '/');
    if (slash) *slash = '\0';
    const char *before = g->build.headers_dir;
    if (!before) g->build.headers_dir = headers;
    cl_status st = build_each(g, file, err);
    g->build.headers_dir = before;
    free(headers);
    return st;
}

/* One build into one backend: the emulator takes the PTX; the GPU also gets
 * the cubin built for its own architecture (the build's second cubin). */
static cl_status load_build(grading *g, grade_target *t, const char *label,
                            const build_result *br, int *module, cl_error *err)
{
    size_t n = 0;
    const void *cubin = t == &g->gpu ? build_cubin(br, 1, &n) : NULL;
    const char *ptx = build_ptx(br);
    return backend_load(t->be, label, ptx, strlen(ptx), cubin, cubin ? n : 0, module, err);
}

static cl_status load_target(grading *g, grade_target *t, cl_error *err)
{
    cl_status st = load_build(g, t, "yours", g->mine, &t->mine, err);
    if (st == CL_OK) st = load_build(g, t, "reference", g->ref, &t->ref, err);
    t->copy = -1;
    if (st == CL_OK && g->copy) st = load_build(g, t, "copy", g->copy, &t->copy, err);
    return st;
}

static cl_status open_emulator(grading *g, cl_error *err)
{
    backend_emu_options eo = {.threads = g->opt->threads};
    cl_status st = backend_emu_new(&eo, &g->emu.be, err);
    if (st == CL_OK) st = load_target(g, &g->emu, err);
    return st;
}

static void grading_free(grading *g)
{
    backend_destroy(g->emu.be);
    backend_destroy(g->gpu.be);
    build_result_free(g->mine);
    build_result_free(g->ref);
    build_result_free(g->copy);
    free(g->input_store);
    free(g->program_mine);
    free(g->program_ref);
}

static cl_status run_all(grading *g, cl_error *err)
{
    cl_status st = open_emulator(g, err);
    if (st == CL_OK && g->gpu.be) {
        progress(g, "loading on the GPU");
        st = load_target(g, &g->gpu, err);
        if (st == CL_OK) st = grade_run_gpu_copy(g, err);
    }
    progress(g, "running");
    if (st == CL_OK && g->day->program) return grade_run_program(g, err);
    for (int i = 0; st == CL_OK && i < g->day->nkernels; i++) {
        if (cancelled(g)) return cl_fail(err, CL_CANCELLED, "", 0, 0, "the grade was cancelled");
        st = grade_run_kernel(g, &g->day->kernels[i], err);
    }
    return st;
}

/* Everything the student's code runs in: what grade_isolated puts in its
 * sandbox. */
static cl_status run_and_decide(grading *g, cl_error *err)
{
    cl_status st = run_all(g, err);
    if (st == CL_OK) grade_decide_checks(g);
    if (st == CL_OK) grade_decide_performance(g);
    return st;
}

/* A refusal of the student's PTX (it does not parse, or holds what the
 * emulator cannot run) is said at their .cu file and line, from the PTX's
 * .loc, with the PTX line kept in the words. */
static void blame_source(const grading *g, const char *file, cl_error *err)
{
    char *where = NULL;
    uint32_t line = 0;
    const char *ptx = g->mine ? build_ptx(g->mine) : NULL;
    if (strcmp(err->file, "yours.ptx") != 0 || err->line <= 0 || !ptx) return;
    if (!ptx_user_location(ptx, strlen(ptx), (uint32_t)err->line, &where, &line)) return;
    char msg[sizeof err->message];
    snprintf(msg, sizeof msg, "%s", err->message);
    if (!strstr(msg, "PTX line")) {
        size_t k = strlen(msg);
        snprintf(msg + k, sizeof msg - k, " (PTX line %d)", err->line);
    }
    cl_fail(err, err->status, file, (int)line, 0, "cudalab's emulator cannot run this: %s", msg);
    free(where);
}

cl_status grade_day(const day_course *c, const day_manifest *m, const char *file,
                    const grade_options *opt, report_result **out, cl_error *err)
{
    double start = grade_now();
    grading g = {.course = c, .day = m, .opt = opt};
    *out = NULL;
    g.r = report_new(m->slug, file, "emulator", opt->seed);
    for (int k = DAY_CHECK_CORRECTNESS; k < DAY_CHECK_PERFORMANCE; k++)
        g.r->checks[k].applies = day_manifest_checks(m, (day_check)k);
    note_edition(&g);
    if (opt->build) g.build = *opt->build;
    if (!g.build.arch) g.build.arch = m->arch; /* the manifest's, checked against day.h's list */
    cl_cpu_budget_begin(&g.budget, GRADE_CPU_SECONDS);
    if (!g.build.budget) g.build.budget = &g.budget;
    g.input_store = build_cache_folder(&g.build, "input");
    cl_status st = grade_open_gpu(&g, &g.build, err);
    if (st == CL_OK && g.gpu.be) {
        free(g.r->backend);
        g.r->backend = cl_strdup("emulator+gpu");
    }
    double built = grade_now();
    if (st == CL_OK) st = build_all(&g, file, err);
    g.r->build_seconds = grade_now() - built;
    if (st == CL_OK && g.r->checks[DAY_CHECK_COMPILE].passed)
        st = grade_isolated(&g, run_and_decide, err);
    if (st == CL_OK) grade_decide_points(&g);
    if (st != CL_OK) blame_source(&g, file, err);
    grading_free(&g);
    if (st != CL_OK) {
        report_free(g.r);
        return st;
    }
    g.r->seconds = grade_now() - start;
    report_finish(g.r);
    *out = g.r;
    return CL_OK;
}
