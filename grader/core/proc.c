/* proc.c - child processes: posix_spawn (fork + exec only where a memory limit
 * needs setrlimit), pipes read with poll, time limit, cancellation, group kill,
 * and a guard that kills the group when cudalab dies. */
#include "proc.h"
#include "proc_view.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define TICK_MS 20          /* how often a waiter looks at the clock and the flag */
#define CPU_TICKS 5         /* and every so many ticks at its group's CPU (tree_cpu_s) */
#define KILL_GRACE_S 0.5    /* SIGTERM, then this long, then SIGKILL */
#define DRAIN_AFTER_EXIT_S 1.0

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

uint64_t cl_proc_cpu_ns(void)
{
    struct rusage self, kids;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &kids);
    uint64_t us = 0;
    const struct timeval *tv[] = {&self.ru_utime, &self.ru_stime, &kids.ru_utime, &kids.ru_stime};
    for (size_t i = 0; i < sizeof tv / sizeof *tv; i++)
        us += (uint64_t)tv[i]->tv_sec * 1000000u + (uint64_t)tv[i]->tv_usec;
    return us * 1000u;
}

void cl_cpu_budget_begin(cl_cpu_budget *b, double seconds)
{
    b->start_ns = cl_proc_cpu_ns();
    b->limit_ns = seconds > 0 ? (uint64_t)(seconds * 1e9) : 0;
    b->lost_ns = 0;
}

uint64_t cl_cpu_budget_left_ns(const cl_cpu_budget *b)
{
    if (!b->limit_ns) return UINT64_MAX;
    uint64_t used = cl_proc_cpu_ns() - b->start_ns + b->lost_ns;
    return used < b->limit_ns ? b->limit_ns - used : 0;
}

void cl_cpu_budget_charge(cl_cpu_budget *b, const cl_proc_result *res, uint64_t seen_ns)
{
    uint64_t group = (uint64_t)(res->group_cpu_s * 1e9);
    if (group > seen_ns) b->lost_ns += group - seen_ns;
}

/* One /proc/PID/stat: the process group (field 5) and its CPU ticks, its
 * own and its waited-for children's (fields 14 to 17); false when it is
 * gone or does not read. The command name (field 2) may hold anything but
 * ends at the last ')'. */
static bool stat_of(const char *pid, long *pgrp, unsigned long long *ticks)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0) return false;
    buf[n] = '\0';
    const char *p = strrchr(buf, ')');
    unsigned long long ut, st, cut, cst;
    if (!p || sscanf(p + 1, " %*c %*d %ld %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu", pgrp, &ut, &st,
                     &cut, &cst) != 5)
        return false;
    *ticks = ut + st + cut + cst;
    return true;
}

/* A process's CPU is in its own entry while it lives (a zombie's too) and
 * in its parent's children's fields once waited for: each tick counts once. */
double cl_proc_group_cpu_s(pid_t group)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    unsigned long long total = 0;
    while (d && (e = readdir(d)) != NULL) {
        long pgrp;
        unsigned long long ticks;
        if (isdigit((unsigned char)e->d_name[0]) && stat_of(e->d_name, &pgrp, &ticks) && pgrp == (long)group)
            total += ticks;
    }
    if (d) closedir(d);
    long hz = sysconf(_SC_CLK_TCK);
    return (double)total / (double)(hz > 0 ? hz : 100);
}

char *cl_proc_which(const char *name)
{
    if (!name || !name[0]) return NULL;
    if (strchr(name, '/')) return access(name, X_OK) == 0 ? cl_strdup(name) : NULL;
    const char *path = getenv("PATH");
    if (!path) path = "/usr/local/bin:/usr/bin:/bin";
    for (const char *p = path;; p++) {
        const char *end = strchr(p, ':');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char *cand = cl_sprintf("%.*s/%s", (int)n, n ? p : ".", name);
        if (access(cand, X_OK) == 0 && !cl_dir_exists(cand)) return cand;
        free(cand);
        if (!end) return NULL;
        p = end;
    }
}

/* The caller's environment with spec->env laid over it. The array is ours;
 * the strings belong to environ and to the spec. */
static char **merged_env(const char *const *add)
{
    size_t n = 0, k = 0;
    while (environ[n]) n++;
    while (add && add[k]) k++;
    char **envp = cl_calloc(n + k + 1, sizeof *envp);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        const char *eq = strchr(environ[i], '=');
        size_t len = eq ? (size_t)(eq - environ[i]) + 1 : strlen(environ[i]);
        bool replaced = false;
        for (size_t j = 0; j < k && !replaced; j++)
            replaced = strncmp(add[j], environ[i], len) == 0;
        if (!replaced) envp[m++] = environ[i];
    }
    for (size_t j = 0; j < k; j++) envp[m++] = (char *)add[j];
    return envp;
}

/* What a spawner needs: all of it prepared before the child exists. */
typedef struct launch {
    const char *path;
    char *const *argv;
    char *const *envp;
    const char *cwd;
    uint64_t mem_limit;
    double cpu_limit_s;
    int out_w, err_w; /* pipe ends that become the child's 1 and 2 */
    const cl_proc_view *view; /* NULL: the caller's */
} launch;

static cl_status spawn_plain(const launch *l, pid_t *pid, cl_error *err)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&at);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, l->out_w, 1);
    posix_spawn_file_actions_adddup2(&fa, l->err_w, 2);
    if (l->cwd) posix_spawn_file_actions_addchdir_np(&fa, l->cwd);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                      POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&at, 0);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setsigdefault(&at, &all);
    int rc = posix_spawn(pid, l->path, &fa, &at, l->argv, l->envp);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    if (rc == 0) return CL_OK;
    return cl_fail(err, rc == ENOENT ? CL_NOT_FOUND : CL_IO, l->path, 0, 0,
                   "cannot run: %s", strerror(rc));
}

/* The child side of spawn_limited. Between fork and execve a child of a
 * threaded process may call only async-signal-safe functions: no malloc, no
 * stdio, no locks. Everything here is a plain system call. A failure is
 * written to status_w as an errno for the parent to report. */
static _Noreturn void limited_child(const launch *l, int status_w)
{
    int e = 0;
    sigset_t none;
    sigemptyset(&none);
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    for (int s = 1; s < NSIG; s++) sigaction(s, &dfl, NULL); /* EINVAL for some: fine */
    sigprocmask(SIG_SETMASK, &none, NULL);
    setpgid(0, 0);
    struct rlimit as = {(rlim_t)l->mem_limit, (rlim_t)l->mem_limit}, core = {0, 0};
    if (l->view) cl_proc_view_enter(l->view); /* or the caller's view, where refused */
    int in = open("/dev/null", O_RDONLY);
    if (in < 0 || dup2(in, 0) < 0 || dup2(l->out_w, 1) < 0 || dup2(l->err_w, 2) < 0 ||
        (l->cwd && chdir(l->cwd) != 0) || setrlimit(RLIMIT_AS, &as) != 0)
        e = errno;
    setrlimit(RLIMIT_CORE, &core); /* a memory-starved crash should not dump core */
    if (l->cpu_limit_s > 0) { /* SIGXCPU at the limit, SIGKILL a second later */
        struct rlimit cpu = {(rlim_t)l->cpu_limit_s, (rlim_t)l->cpu_limit_s + 1};
        setrlimit(RLIMIT_CPU, &cpu);
    }
    if (!e) {
        execve(l->path, l->argv, l->envp);
        e = errno;
    }
    ssize_t w = write(status_w, &e, sizeof e);
    (void)w;
    _exit(127);
}

/* posix_spawn cannot set resource limits, so a child with a memory limit is
 * started with fork, setrlimit and execve (limited_child). The alternative,
 * spawning prlimit(1), depends on util-linux being installed and reports a
 * missing program less precisely. A close-on-exec pipe tells the parent
 * whether execve happened: it reads EOF on success, an errno on failure. */
static cl_status spawn_limited(const launch *l, pid_t *pid, cl_error *err)
{
    int st[2];
    if (pipe2(st, O_CLOEXEC) != 0)
        return cl_fail(err, CL_IO, "", 0, 0, "cannot create a pipe: %s", strerror(errno));
    cl_status status = CL_OK;
    *pid = fork();
    if (*pid == 0) limited_child(l, st[1]);
    close(st[1]);
    if (*pid < 0) {
        status = cl_fail(err, CL_IO, l->path, 0, 0, "cannot fork: %s", strerror(errno));
        goto done;
    }
    int e = 0;
    ssize_t r;
    while ((r = read(st[0], &e, sizeof e)) < 0 && errno == EINTR) {}
    if (r == (ssize_t)sizeof e) {
        while (waitpid(*pid, NULL, 0) < 0 && errno == EINTR) {}
        status = cl_fail(err, e == ENOENT ? CL_NOT_FOUND : CL_IO, l->path, 0, 0,
                         "cannot run: %s", strerror(e));
    }
done:
    close(st[0]);
    return status;
}

/* The guard: a forked process of its own group that holds only the read end
 * of a pipe whose write end only cudalab holds. When cudalab dies, however
 * it dies (kill -9 too), the pipe reads end-of-file and the guard kills the
 * child's whole group (nvcc, cicc, ptxas, ...); when the child has ended and
 * been swept, cudalab writes one byte and the guard leaves quietly. It
 * ignores the signals a terminal or a group kill sends, so that it outlives
 * cudalab. Between fork and _exit it makes only system calls (no malloc).
 * PR_SET_PDEATHSIG would reach the child alone, not its children, and fires
 * when the forking thread ends rather than the process. */
static _Noreturn void guard_main(int in, pid_t group)
{
    struct sigaction ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    const int quiet[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU};
    for (size_t i = 0; i < sizeof quiet / sizeof *quiet; i++) sigaction(quiet[i], &ign, NULL);
    setpgid(0, 0);
    if (dup2(in, 0) == 0) close_range(1, ~0U, 0); /* no other pipe's end kept open */
    char b;
    ssize_t r;
    while ((r = read(0, &b, 1)) < 0 && errno == EINTR) {}
    if (r != 1) kill(-group, SIGKILL);
    _exit(0);
}

cl_proc_guard cl_proc_guard_start(pid_t group)
{
    cl_proc_guard g = {-1, -1};
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0) return g;
    g.pid = fork();
    if (g.pid == 0) guard_main(p[0], group);
    close(p[0]);
    if (g.pid < 0) close(p[1]);
    else g.done_w = p[1];
    return g;
}

/* The child is over and its group swept: let the guard go. */
void cl_proc_guard_stop(cl_proc_guard *g)
{
    if (g->pid < 0) return;
    ssize_t w = write(g->done_w, "", 1);
    (void)w;
    close(g->done_w);
    while (waitpid(g->pid, NULL, 0) < 0 && errno == EINTR) {}
    g->pid = -1;
}

/* One captured stream. */
typedef struct capture {
    int fd; /* -1 once at end of file */
    cl_str buf;
    size_t cap;
    bool truncated;
} capture;

static void capture_read(capture *c)
{
    char chunk[65536];
    ssize_t n = read(c->fd, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
    if (n <= 0) {
        close(c->fd);
        c->fd = -1;
        return;
    }
    size_t keep = c->buf.len < c->cap ? c->cap - c->buf.len : 0;
    if ((size_t)n > keep) c->truncated = true;
    cl_str_addn(&c->buf, chunk, (size_t)n < keep ? (size_t)n : keep);
}

/* Wait up to ms for output, and read what came. */
static void capture_poll(capture *cs, int ms)
{
    struct pollfd p[2];
    int n = 0;
    for (int i = 0; i < 2; i++)
        if (cs[i].fd >= 0) p[n++] = (struct pollfd){.fd = cs[i].fd, .events = POLLIN};
    if (n == 0) {
        struct timespec t = {0, (long)ms * 1000000L};
        nanosleep(&t, NULL);
        return;
    }
    if (poll(p, (nfds_t)n, ms) <= 0) return;
    for (int i = 0; i < n; i++) {
        if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        capture_read(cs[0].fd == p[i].fd ? &cs[0] : &cs[1]);
    }
}

/* The parent's view of a running child. */
typedef struct waiter {
    pid_t pid;
    capture cs[2]; /* stdout, stderr */
    double start, exited_at, kill_at;
    bool exited, stopping;
    unsigned ticks; /* since the start: every CPU_TICKS, the group's CPU */
    double group_cpu; /* the most it was seen to be */
} waiter;

/* The group's CPU now, kept as the most seen. */
static double group_cpu(waiter *w)
{
    double c = cl_proc_group_cpu_s(w->pid);
    if (c > w->group_cpu) w->group_cpu = c;
    return c;
}

/* Has it ended? WNOWAIT leaves it a zombie, so that its pid (and the group
 * named after it) cannot be reused before we have swept the group. */
static bool child_ended(pid_t pid)
{
    siginfo_t si;
    memset(&si, 0, sizeof si);
    int rc = waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT);
    return (rc == 0 && si.si_pid == pid) || (rc < 0 && errno == ECHILD);
}

/* Stop it when it runs too long or the caller cancels: SIGTERM to the group,
 * then SIGKILL after a grace period. */
static void maybe_stop(waiter *w, const cl_proc_spec *spec, cl_proc_result *res, double t)
{
    if (w->stopping) {
        if (t >= w->kill_at) {
            kill(-w->pid, SIGKILL);
            w->kill_at = t + 3600;
        }
        return;
    }
    if (spec->timeout_s > 0 && t - w->start >= spec->timeout_s)
        res->timed_out = true;
    else if (spec->cancel && atomic_load(spec->cancel))
        res->cancelled = true;
    else if (spec->tree_cpu_s > 0 && ++w->ticks % CPU_TICKS == 0 && group_cpu(w) >= spec->tree_cpu_s)
        res->cpu_spent = true;
    else
        return;
    kill(-w->pid, SIGTERM);
    w->stopping = true;
    w->kill_at = t + KILL_GRACE_S;
}

static void wait_loop(waiter *w, const cl_proc_spec *spec, cl_proc_result *res)
{
    for (;;) {
        capture_poll(w->cs, TICK_MS);
        double t = now_s();
        if (!w->exited && child_ended(w->pid)) {
            w->exited = true;
            w->exited_at = t;
            res->wall_s = t - w->start;
            if (spec->tree_cpu_s > 0) { /* the zombie's part too */
                group_cpu(w);
                res->group_cpu_s = w->group_cpu;
            }
            kill(-w->pid, SIGKILL); /* whatever it left running in its group */
        }
        if (w->exited) {
            bool open = w->cs[0].fd >= 0 || w->cs[1].fd >= 0;
            if (!open || t - w->exited_at > DRAIN_AFTER_EXIT_S) return;
            continue;
        }
        maybe_stop(w, spec, res, t);
    }
}

/* Collect its status and what it wrote. */
static void reap(waiter *w, const cl_proc_spec *spec, cl_proc_result *res)
{
    int status = 0;
    pid_t r;
    while ((r = waitpid(w->pid, &status, 0)) < 0 && errno == EINTR) {}
    res->exit_code = -1;
    if (r == w->pid && WIFEXITED(status)) res->exit_code = WEXITSTATUS(status);
    if (r == w->pid && WIFSIGNALED(status)) res->signal = WTERMSIG(status);
    int s = res->signal;
    res->out_of_memory = spec->mem_limit > 0 && !res->timed_out && !res->cancelled && !res->cpu_spent &&
                         (s == SIGKILL || s == SIGSEGV || s == SIGBUS || s == SIGABRT);
    for (int i = 0; i < 2; i++) {
        if (w->cs[i].fd >= 0) close(w->cs[i].fd);
        w->cs[i].fd = -1;
    }
    res->out_len = w->cs[0].buf.len;
    res->err_len = w->cs[1].buf.len;
    res->out = w->cs[0].buf.s ? cl_str_take(&w->cs[0].buf) : cl_strdup("");
    res->err = w->cs[1].buf.s ? cl_str_take(&w->cs[1].buf) : cl_strdup("");
    res->out_truncated = w->cs[0].truncated;
    res->err_truncated = w->cs[1].truncated;
}

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

cl_status cl_proc_spawn(const cl_proc_spec *spec, pid_t *pid, int fds[2], cl_error *err)
{
    cl_status st = CL_OK;
    char *path = NULL;
    char **envp = NULL;
    cl_proc_view *view = NULL;
    int out[2] = {-1, -1}, errp[2] = {-1, -1};
    *pid = -1;
    fds[0] = fds[1] = -1;
    if (!spec->argv || !spec->argv[0] || !spec->argv[0][0]) {
        st = cl_fail(err, CL_USAGE, "", 0, 0, "no program to run");
        goto done;
    }
    path = cl_proc_which(spec->argv[0]);
    if (!path) {
        st = cl_fail(err, CL_NOT_FOUND, spec->argv[0], 0, 0,
                     strchr(spec->argv[0], '/') ? "no such program"
                                                : "no such program in PATH");
        goto done;
    }
    if (spec->cwd && !cl_dir_exists(spec->cwd)) {
        st = cl_fail(err, CL_NOT_FOUND, spec->cwd, 0, 0, "no such working folder");
        goto done;
    }
    if (pipe2(out, O_CLOEXEC) != 0 || pipe2(errp, O_CLOEXEC) != 0) {
        st = cl_fail(err, CL_IO, "", 0, 0, "cannot create a pipe: %s", strerror(errno));
        goto done;
    }
    envp = merged_env(spec->env);
    view = spec->mem_limit ? cl_proc_view_new(spec->view_root, spec->visible) : NULL;
    launch l = {path, (char *const *)spec->argv, envp, spec->cwd, spec->mem_limit, spec->cpu_limit_s,
                out[1], errp[1], view};
    st = spec->mem_limit ? spawn_limited(&l, pid, err) : spawn_plain(&l, pid, err);
    if (st != CL_OK) goto done;
    if (spec->mem_limit) setpgid(*pid, *pid); /* also in the child: no race */
    fds[0] = out[0];
    fds[1] = errp[0];
    out[0] = errp[0] = -1; /* the caller's now */
done:
    close_fd(&out[0]);
    close_fd(&out[1]);
    close_fd(&errp[0]);
    close_fd(&errp[1]);
    free(path);
    free(envp);
    cl_proc_view_free(view);
    return st;
}

cl_status cl_proc_run(const cl_proc_spec *spec, cl_proc_result *res, cl_error *err)
{
    memset(res, 0, sizeof *res);
    size_t cap = spec->out_cap ? spec->out_cap : CL_PROC_DEFAULT_CAP;
    int fds[2];
    waiter w = {.cs = {{.cap = cap}, {.cap = cap}}};
    w.start = now_s();
    cl_status st = cl_proc_spawn(spec, &w.pid, fds, err);
    if (st != CL_OK) return st;
    w.cs[0].fd = fds[0]; /* the waiter owns them now */
    w.cs[1].fd = fds[1];
    cl_proc_guard g = cl_proc_guard_start(w.pid);
    wait_loop(&w, spec, res);
    cl_proc_guard_stop(&g); /* before the reap: the group's id is still the child's */
    reap(&w, spec, res);
    return CL_OK;
}

void cl_proc_result_free(cl_proc_result *res)
{
    if (!res) return;
    free(res->out);
    free(res->err);
    res->out = res->err = NULL;
}
