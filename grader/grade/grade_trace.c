/* grade_trace.c - the warp stepper's run (grade.h, grade_trace): the
 * student's file built as a grade builds it, one kernel launched once on the
 * emulator through the day's harness (the grade's inputs, seed and launch),
 * with one warp of one block recorded (sim/trace.h). On a day of a program
 * the program runs as a grade runs it (harness_program.c) until the launch
 * of the kernel asked for has run: that launch is traced, on the buffers
 * the launches before it left, and the program stops. Nothing is judged. The
 * emulation runs in a sandboxed child as a grade's does (isolate.c,
 * core/sandbox.h): it reads the day's folder only, writes nothing, starts
 * nothing, and sends the record back on a pipe, every count checked. */
#include "grade_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "backend/emu.h"
#include "core/sandbox.h"
#include "sim/trace.h"

/* The run's CPU, as a grade's emulation may take at most (grade_internal.h). */
#define TRACE_CPU_SECONDS (GRADE_CPU_SECONDS - 2.0)

/* The kernel's entry in the build, or why it cannot run (why: what the
 * message adds, "" or ", which the day's program launches"). */
static cl_status find_entry(const build_result *br, const day_kernel *k, const char *why, const char **entry,
                            cl_error *err)
{
    grade_entry e;
    grade_find_kernel(br, k, &e);
    cl_status st = CL_OK;
    if (!e.present)
        st = cl_fail(err, CL_NOT_FOUND, "", 0, 0, "your file defines no kernel %s%s", k->name, why);
    else if (e.problem)
        st = cl_fail(err, CL_SIGNATURE, "", 0, 0, "%s%s: %s", k->name, why, e.problem);
    else
        *entry = e.entry;
    grade_entry_free(&e);
    return st;
}

/* A day of a program: every kernel's entry, in the manifest's order (the
 * program may launch any of them before k's launch); else *entries stays
 * NULL. */
static cl_status find_entries(const day_manifest *m, const build_result *br, const char ***entries, cl_error *err)
{
    cl_status st = CL_OK;
    if (!m->program) return st;
    *entries = cl_calloc((size_t)m->nkernels + 1, sizeof **entries);
    for (int i = 0; i < m->nkernels && st == CL_OK; i++)
        st = find_entry(br, &m->kernels[i], ", which the day's program launches", &(*entries)[i], err);
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

/* harness_request.stop_after: a program stops once the traced launch ran. */
static bool traced(void *ctx)
{
    return sim_trace_launched(ctx);
}

/* Why the launch asked for was never made (the trace was not taken). */
static cl_status not_launched(const day_manifest *m, const day_kernel *k, const grade_trace_request *q,
                              const harness_result *hr, const sim_trace *t, const day_size *size, cl_error *err)
{
    unsigned want = q->launch ? q->launch : 1, seen = sim_trace_launches_seen(t);
    const char *what = m->program ? "the program" : "the launch";
    if (hr->run.outcome != BACKEND_COMPLETED)
        return cl_fail(err, CL_NOT_FOUND, "", 0, 0, "%s stopped before launch %u of %s: %.300s", what, want,
                       k->name, hr->run.detail ? hr->run.detail : backend_outcome_name(hr->run.outcome));
    char *label = harness_size_label(size);
    cl_status st = cl_fail(err, CL_NOT_FOUND, "", 0, 0, "day %d%s launches %s %u time%s at %s: there is no "
                           "launch %u of it (--launch)", m->day, m->program ? "'s program" : "", k->name, seen,
                           seen == 1 ? "" : "s", label, want);
    free(label);
    return st;
}

/* Run the request on a fresh emulator with the trace armed (on a day of a
 * program, the program with entries, until the traced launch has run); the
 * record into out. */
static cl_status run_traced(const day_manifest *m, const day_kernel *k, const build_result *br, const char *entry,
                            const char *const *entries, const grade_trace_request *q, grade_trace_result *out,
                            cl_error *err)
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
    /* a cooperative launch's grid: at most what the course GPU holds, as a grade's */
    harness_request req = {.be = be, .module = module, .kernel = k, .entry = entry, .day = m, .size = size,
                           .seed = q->seed, .resident = grade_build_resident, .resident_ctx = br};
    harness_result hr;
    memset(&hr, 0, sizeof hr);
    sim_dim3 blk = {q->block[0], q->block[1], q->block[2]};
    sim_trace *t = sim_trace_new(entry, blk, q->warp, q->max_steps);
    sim_trace_set_launch(t, q->launch);
    if (m->program) {
        req.kernel = &m->program->judged;
        req.entry = m->program->judged.name;
        req.entries = entries;
        req.stop_after = traced;
        req.stop_after_ctx = t;
    }
    if (st == CL_OK) {
        sim_trace_arm(t);
        st = harness_run(&req, &hr, err);
        sim_trace_arm(NULL);
    }
    if (st == CL_OK && !sim_trace_launched(t)) st = not_launched(m, k, q, &hr, t, size, err);
    if (st == CL_OK) {
        out->outcome = cl_strdup(backend_outcome_name(hr.run.outcome));
        out->detail = hr.run.detail ? cl_strdup(hr.run.detail) : NULL;
        out->size = harness_size_label(size);
        out->ran = sim_trace_warp_ran(t);
        out->dropped = sim_trace_dropped(t);
        out->launch = q->launch ? q->launch : 1;
        out->instructions = sim_trace_instructions(t);
        sim_dim3 g = sim_trace_grid(t), d = sim_trace_block_dim(t);
        out->grid[0] = g.x, out->grid[1] = g.y, out->grid[2] = g.z;
        out->block_dim[0] = d.x, out->block_dim[1] = d.y, out->block_dim[2] = d.z;
        out->nsteps = sim_trace_count(t);
        out->steps = cl_calloc(out->nsteps + 1, sizeof *out->steps);
        for (size_t i = 0; i < out->nsteps; i++) out->steps[i] = *sim_trace_step_at(t, i);
    }
    sim_trace_free(t);
    harness_result_free(&hr);
    backend_destroy(be);
    return st;
}

/* ---- the run in a sandboxed child, as a grade's (isolate.c) ---- */

/* What the child sends back: its error, these, then the steps. */
typedef struct trace_reply {
    cl_error err;
    char outcome[32], detail[400], size[400];
    uint32_t ran, detail_null, launch;
    uint64_t dropped, nsteps, instructions;
    unsigned grid[3], block_dim[3];
} trace_reply;

#define TRACE_MAX_STEPS 20000 /* cmd_trace's --steps at most; sim/trace.h's default is 4096 */

/* The child: only out and the standard three kept (stdin and stdout on
 * /dev/null, stderr too but in a sanitizer build), shut in, run, reply. */
static void child(const day_manifest *m, const day_kernel *k, const build_result *br, const char *entry,
                  const char *const *entries, const grade_trace_request *q, int out)
{
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
#if !defined(__SANITIZE_ADDRESS__)
        dup2(null, 2);
#endif
    }
    for (int fd = 3; fd < out; fd++) close(fd);
    closefrom(out + 1);
    const char *read[] = {m->dir, "/sys/devices/system/cpu", NULL}, *write[] = {NULL};
    cl_sandbox_spec spec = {.read = read, .write = write, .cpu_s = TRACE_CPU_SECONDS + 1};
    cl_sandbox_enter(&spec, NULL);
    grade_trace_result r;
    memset(&r, 0, sizeof r);
    trace_reply h;
    memset(&h, 0, sizeof h);
    cl_status st = run_traced(m, k, br, entry, entries, q, &r, &h.err);
    h.err.status = st;
    if (st == CL_OK) {
        snprintf(h.outcome, sizeof h.outcome, "%s", r.outcome);
        snprintf(h.detail, sizeof h.detail, "%s", r.detail ? r.detail : "");
        h.detail_null = !r.detail;
        snprintf(h.size, sizeof h.size, "%s", r.size);
        h.ran = r.ran;
        h.dropped = r.dropped;
        h.nsteps = r.nsteps;
        h.launch = r.launch;
        h.instructions = r.instructions;
        memcpy(h.grid, r.grid, sizeof h.grid);
        memcpy(h.block_dim, r.block_dim, sizeof h.block_dim);
    }
    (void)cl_write_fd(out, &h, sizeof h);
    if (st == CL_OK) (void)cl_write_fd(out, r.steps, r.nsteps * sizeof *r.steps);
    _exit(0);
}

/* All the child wrote, at most max bytes (false: more). */
static bool read_all(int fd, cl_str *got, size_t max)
{
    char buf[65536];
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return true;
        if (got->len + (size_t)n > max) return false;
        cl_str_addn(got, buf, (size_t)n);
    }
}

/* The reply taken as the record, every count, string and enum checked. */
static cl_status take_reply(const cl_str *got, grade_trace_result *out, cl_error *err)
{
    trace_reply h;
    if (got->len < sizeof h)
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "the trace's sandboxed emulation ended without a record");
    memcpy(&h, got->s, sizeof h);
    h.err.file[sizeof h.err.file - 1] = h.err.message[sizeof h.err.message - 1] = '\0';
    if ((int)h.err.status < 0 || h.err.status >= CL_STATUS_COUNT)
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "the trace's sandboxed emulation answered an unknown status");
    if (h.err.status != CL_OK) {
        *err = h.err;
        return h.err.status;
    }
    if (h.nsteps > TRACE_MAX_STEPS || got->len != sizeof h + h.nsteps * sizeof *out->steps)
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "the trace's sandboxed emulation sent a record of the "
                       "wrong size");
    h.outcome[sizeof h.outcome - 1] = h.detail[sizeof h.detail - 1] = h.size[sizeof h.size - 1] = '\0';
    out->steps = cl_calloc(h.nsteps + 1, sizeof *out->steps);
    memcpy(out->steps, got->s + sizeof h, h.nsteps * sizeof *out->steps);
    for (size_t i = 0; i < h.nsteps; i++) {
        sim_trace_step *s = &out->steps[i];
        s->mode[sizeof s->mode - 1] = s->file[sizeof s->file - 1] = s->ptx[sizeof s->ptx - 1] = '\0';
        if ((unsigned)s->kind >= SIM_TRACE_KIND_COUNT) s->kind = SIM_TRACE_SYNCWARP;
        for (int l = 0; l < 32; l++)
            if (s->lane[l].read > SIM_READ_OWN) s->lane[l].read = SIM_READ_NONE;
    }
    out->nsteps = h.nsteps;
    out->outcome = cl_strdup(h.outcome);
    out->detail = h.detail_null ? NULL : cl_strdup(h.detail);
    out->size = cl_strdup(h.size);
    out->ran = h.ran != 0;
    out->dropped = h.dropped;
    out->launch = h.launch;
    out->instructions = h.instructions;
    memcpy(out->grid, h.grid, sizeof out->grid);
    memcpy(out->block_dim, h.block_dim, sizeof out->block_dim);
    out->sandboxed = true;
    return CL_OK;
}

/* run_traced in a sandboxed child, as a grade's emulation runs; in this
 * process where CUDALAB_SANDBOX=off or no child can be made. */
static cl_status run_isolated(const day_manifest *m, const day_kernel *k, const build_result *br,
                              const char *entry, const char *const *entries, const grade_trace_request *q,
                              grade_trace_result *out, cl_error *err)
{
    const char *env = getenv("CUDALAB_SANDBOX");
    int p[2];
    pid_t pid = -1;
    if ((!env || strcmp(env, "off") != 0) && pipe2(p, O_CLOEXEC) == 0) {
        pid = fork();
        if (pid == 0) child(m, k, br, entry, entries, q, p[1]);
        close(p[1]);
        if (pid < 0) close(p[0]);
    }
    if (pid < 0) return run_traced(m, k, br, entry, entries, q, out, err);
    cl_str got = {0};
    bool whole = read_all(p[0], &got, sizeof(trace_reply) + (size_t)TRACE_MAX_STEPS * sizeof *out->steps);
    if (!whole) kill(pid, SIGKILL);
    close(p[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    cl_status st;
    if (!whole)
        st = cl_fail(err, CL_INTERNAL, "", 0, 0, "the trace's sandboxed emulation said too much");
    else if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL))
        st = cl_fail(err, CL_LIMIT, "", 0, 0, "the kernel's emulation was stopped from outside after %.0f s "
                     "of CPU", TRACE_CPU_SECONDS);
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        st = cl_fail(err, CL_INTERNAL, "", 0, 0, "the trace's sandboxed emulation died (%s %d)",
                     WIFSIGNALED(status) ? "signal" : "exit status",
                     WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    else
        st = take_reply(&got, out, err);
    cl_str_free(&got);
    return st;
}

cl_status grade_trace(const day_course *c, const day_manifest *m, const char *file, const grade_trace_request *q,
                      grade_trace_result *out, cl_error *err)
{
    memset(out, 0, sizeof *out);
    const day_kernel *k = day_manifest_kernel(m, q->kernel);
    build_result *br = NULL;
    const char *entry = NULL, **entries = NULL;
    cl_status st;
    if (!k || k->is_program)
        st = cl_fail(err, CL_NOT_FOUND, "", 0, 0, "day %d has no kernel '%s'", m->day, q->kernel);
    else
        st = build_file(c, m, file, &br, err);
    if (st == CL_OK) st = find_entry(br, k, "", &entry, err);
    if (st == CL_OK) st = find_entries(m, br, &entries, err);
    if (st == CL_OK) st = run_isolated(m, k, br, entry, entries, q, out, err);
    free(entries);
    build_result_free(br);
    if (st != CL_OK) grade_trace_result_free(out);
    return st;
}

void grade_trace_result_free(grade_trace_result *r)
{
    free(r->steps);
    free(r->outcome);
    free(r->detail);
    free(r->size);
    memset(r, 0, sizeof *r);
}
