/* isolate.c - the grade's emulation and check scripts in a sandboxed child.
 *
 * After the builds, a child forked from the grade runs every kernel and
 * script and decides the checks, shut in by core/sandbox.c: it reads only the
 * day's folder (its data and check.lua) and the cache's reference outputs and
 * inputs, writes only new entries of those two cache folders, and starts no
 * program or process. The student's PTX and everything it needs are in its
 * memory already. Its report comes back whole on a pipe (result_wire.h) and
 * takes the place of this process's; that, and what it wrote on stderr
 * (relayed made safe), is all that reaches the grade. A child that dies or answers nonsense is an error of the grade,
 * never a verdict; one stopped by the CPU limit (the net under the grade's
 * own budget) could not be judged.
 *
 * In this process, as before, where a GPU is open (its worker is restarted
 * by forking a new one), where CUDALAB_SANDBOX=off, or where no child can be
 * made; the progress output says which ("sandbox: ..."). */
#include "grade_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/proc.h"
#include "core/sandbox.h"
#include "report/result_wire.h"

#define ISOLATE_MAX_REPLY ((size_t)256 << 20) /* a report is kilobytes; more is an error */
#define ISOLATE_MAX_STDERR ((size_t)64 << 10)

static void say(const grading *g, const char *fmt, const char *what)
{
    char line[600];
    snprintf(line, sizeof line, fmt, what);
    if (g->opt->progress) g->opt->progress(g->opt->progress_ctx, line);
}

static bool wanted(const grading *g)
{
    const char *env = getenv("CUDALAB_SANDBOX");
    if (g->gpu.be) {
        say(g, "sandbox: %s", "none (the GPU's worker runs beside the emulation)");
        return false;
    }
    if (env && !strcmp(env, "off")) {
        say(g, "sandbox: %s", "none (CUDALAB_SANDBOX=off)");
        return false;
    }
    return true;
}

/* Every descriptor but stdin, stdout (both /dev/null), stderr (err) and
 * out is closed. */
static void close_others(int out, int err)
{
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
    }
    dup2(err, 2);
    int keep = out > 2 ? out : 3;
    for (int fd = 3; fd < keep; fd++) close(fd);
    closefrom(keep + 1);
}

/* The child: enter the sandbox, run, write what came of it, exit. */
static void child(grading *g, cl_status (*fn)(grading *, cl_error *), uint64_t used_ns,
                  const char *const *read, const char *const *write, int out, int err_w)
{
    cl_error err = {0};
    grade_options opt = *g->opt;
    opt.progress = NULL; /* this process said "running" */
    g->opt = &opt;
    close_others(out, err_w);
    /* the grade's CPU clock goes on from what this process had used */
    g->budget.start_ns = cl_proc_cpu_ns() - used_ns;
    double left = (double)cl_cpu_budget_left_ns(&g->budget) * 1e-9;
    cl_sandbox_spec spec = {.read = read, .write = write, .cpu_s = left + 1};
    cl_sandbox_enter(&spec, NULL);
    const char *planted = getenv("CUDALAB_SANDBOX_TEST_READ");
    int fd = planted && planted[0] ? open(planted, O_RDONLY | O_CLOEXEC) : -1;
    cl_status st = fd >= 0 ? cl_fail(&err, CL_INTERNAL, "", 0, 0, "the grade's sandbox let its "
                                     "emulation open %s (CUDALAB_SANDBOX_TEST_READ)", planted)
                           : fn(g, &err);
    err.status = st;
    cl_str reply = {0};
    cl_str_addn(&reply, (const char *)&err, sizeof err);
    if (st == CL_OK) report_wire_put(g->r, &reply);
    (void)cl_write_fd(out, reply.s, reply.len);
    _exit(0);
}

/* What the child wrote on its reply pipe (fds[0]) and its stderr (fds[1],
 * kept up to ISOLATE_MAX_STDERR: an emulator's internal error says where),
 * until it closes the reply (or the grade is cancelled: then it is killed).
 * false: cancelled or too long. */
static bool read_reply(grading *g, const int fds[2], pid_t pid, cl_str *got, cl_str *said)
{
    char buf[65536];
    bool open[2] = {true, true};
    while (open[0]) {
        if (g->opt->cancel && atomic_load(g->opt->cancel)) break;
        struct pollfd p[2] = {{.fd = open[0] ? fds[0] : -1, .events = POLLIN},
                              {.fd = open[1] ? fds[1] : -1, .events = POLLIN}};
        if (poll(p, 2, 100) <= 0) continue;
        for (int i = 0; i < 2; i++) {
            if (!p[i].revents) continue;
            ssize_t n = read(fds[i], buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                open[i] = false;
                continue;
            }
            cl_str *to = i ? said : got;
            if (!i && got->len + (size_t)n > ISOLATE_MAX_REPLY) goto stop;
            if (i && said->len < ISOLATE_MAX_STDERR) cl_str_addn(to, buf, (size_t)n);
            if (!i) cl_str_addn(to, buf, (size_t)n);
        }
    }
    if (!open[0]) return true;
stop:
    kill(pid, SIGKILL);
    return false;
}

/* What the child said on stderr, made safe, onto ours. */
static void relay(const cl_str *said)
{
    if (!said->len) return;
    cl_str safe = {0};
    cl_str_add_safe(&safe, said->s, said->len < ISOLATE_MAX_STDERR ? said->len : ISOLATE_MAX_STDERR,
                    CL_TEXT_KEEP_LINES);
    fputs(cl_str_cstr(&safe), stderr);
    if (safe.len && safe.s[safe.len - 1] != '\n') fputc('\n', stderr);
    cl_str_free(&safe);
}

/* What the child's reply says: its status and error, and its report in
 * place of g->r. */
static cl_status take_reply(grading *g, const cl_str *got, cl_error *err)
{
    cl_error theirs;
    if (got->len < sizeof theirs)
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "the grade's sandboxed emulation ended without "
                       "a report");
    memcpy(&theirs, got->s, sizeof theirs);
    theirs.file[sizeof theirs.file - 1] = theirs.message[sizeof theirs.message - 1] = '\0';
    if ((int)theirs.status < 0 || theirs.status >= CL_STATUS_COUNT)
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "the grade's sandboxed emulation answered an "
                       "unknown status");
    if (theirs.status != CL_OK) {
        *err = theirs;
        return theirs.status;
    }
    report_result *r = NULL;
    cl_status st = report_wire_get(got->s + sizeof theirs, got->len - sizeof theirs, &r, err);
    if (st == CL_OK) {
        report_free(g->r);
        g->r = r;
    }
    return st;
}

static cl_status ended(grading *g, int status, bool whole, const cl_str *got, cl_error *err)
{
    if (!whole)
        return cl_fail(err, CL_CANCELLED, "", 0, 0, g->opt->cancel && atomic_load(g->opt->cancel)
                       ? "the grade was cancelled" : "the grade's sandboxed emulation said too much");
    if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL))
        return cl_fail(err, CL_LIMIT, "", 0, 0, "could not judge the kernels: their emulation was "
                       "stopped from outside when the grade's budget of %.0f s of CPU ran out",
                       GRADE_CPU_SECONDS);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "the grade's sandboxed emulation died (%s %d)",
                       WIFSIGNALED(status) ? "signal" : "exit status",
                       WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    return take_reply(g, got, err);
}

cl_status grade_isolated(grading *g, cl_status (*fn)(grading *, cl_error *), cl_error *err)
{
    if (!wanted(g)) return fn(g, err);
    cl_sandbox_support s;
    char line[512];
    cl_sandbox_probe(&s);
    cl_sandbox_describe(&s, line, sizeof line);
    char why[160];
    size_t k = strlen(line);
    if (build_tools_viewed(why, sizeof why))
        snprintf(line + k, sizeof line - k, "; the compiler saw only the toolkit and the system");
    else
        snprintf(line + k, sizeof line - k, "; the compiler saw every file (%s)", why);
    char *oracle = build_cache_folder(&g->build, "oracle");
    const char *rd[] = {g->day->dir, "/sys/devices/system/cpu", NULL};
    const char *wr[] = {oracle, g->input_store, NULL};
    if (oracle) cl_mkdirs(oracle, NULL);
    if (g->input_store) cl_mkdirs(g->input_store, NULL);
    if (!oracle) wr[0] = g->input_store, wr[1] = NULL;
    int p[2] = {-1, -1}, q[2] = {-1, -1};
    pid_t pid = -1;
    uint64_t used = cl_proc_cpu_ns() - g->budget.start_ns;
    if (pipe2(p, O_CLOEXEC) == 0 && pipe2(q, O_CLOEXEC) == 0) {
        pid = fork();
        if (pid == 0) child(g, fn, used, rd, wr, p[1], q[1]);
    }
    int e = errno;
    if (p[1] >= 0) close(p[1]);
    if (q[1] >= 0) close(q[1]);
    if (pid < 0 && p[0] >= 0) close(p[0]);
    if (pid < 0 && q[0] >= 0) close(q[0]);
    errno = e;
    if (pid < 0) {
        say(g, "sandbox: none (no child: %s)", strerror(errno));
        free(oracle);
        return fn(g, err);
    }
    say(g, "sandbox: %s", line);
    if (g->opt->progress) g->opt->progress(g->opt->progress_ctx, "running");
    cl_str got = {0}, said = {0};
    int fds[2] = {p[0], q[0]};
    bool whole = read_reply(g, fds, pid, &got, &said);
    close(p[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    char buf[4096]; /* what it said last, before it died */
    for (ssize_t n; (n = read(q[0], buf, sizeof buf)) > 0 && said.len < ISOLATE_MAX_STDERR;)
        cl_str_addn(&said, buf, (size_t)n);
    close(q[0]);
    relay(&said);
    cl_status st = ended(g, status, whole, &got, err);
    cl_str_free(&got);
    cl_str_free(&said);
    free(oracle);
    return st;
}
