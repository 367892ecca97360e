/* watch.c - hw_run: fork and exec one command with its output on pipes,
 * then a loop that reads the pipes, samples the process tree's memory every
 * 100 ms from /proc, and kills the tree at the hard limits. */
#include "watch.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CAPTURE_CAP (64u << 20) /* bytes kept of each stream */
#define SAMPLE_MS 100
#define ORPHAN_GRACE_S 2.0 /* how long the pipes may stay open after the command exits */

typedef CL_VEC(pid_t) pid_list;
typedef struct proc_link {
    pid_t pid, ppid;
    unsigned long long ticks;
} proc_link;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void hw_become_subreaper(void) { prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

/* pid's parent, state and CPU ticks (its own and its reaped children's)
 * from /proc/pid/stat; false when it is gone. */
static bool read_stat(pid_t pid, pid_t *ppid, char *state, unsigned long long *ticks)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return false;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *close = strrchr(buf, ')'); /* the command name may hold anything */
    int parent = 0;
    unsigned long long t[4] = {0};
    if (!close || sscanf(close + 1, " %c %d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
                         state, &parent, &t[0], &t[1], &t[2], &t[3]) != 6)
        return false;
    *ppid = (pid_t)parent;
    *ticks = t[0] + t[1] + t[2] + t[3];
    return true;
}

static uint64_t rss_bytes(pid_t pid)
{
    char path[64];
    unsigned long long size = 0, resident = 0;
    snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    if (fscanf(f, "%llu %llu", &size, &resident) != 2) resident = 0;
    fclose(f);
    return (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE);
}

/* Every live (not zombie) descendant of this process; *ticks (if given)
 * the CPU ticks they used, with the children they reaped. */
static void descendants_ticks(pid_list *out, unsigned long long *ticks)
{
    CL_VEC(proc_link) all = {0};
    DIR *d = opendir("/proc");
    struct dirent *e;
    out->n = 0;
    while (d && (e = readdir(d)) != NULL) {
        if (!isdigit((unsigned char)e->d_name[0])) continue;
        pid_t pid = (pid_t)atoi(e->d_name), ppid;
        char state;
        unsigned long long t = 0;
        if (!read_stat(pid, &ppid, &state, &t) || state == 'Z' || state == 'X') continue;
        proc_link link = {pid, ppid, t};
        CL_VEC_PUSH(&all, link);
    }
    if (d) closedir(d);
    CL_VEC_PUSH(out, getpid());
    for (size_t i = 0; i < out->n; i++) /* out grows as children are found */
        for (size_t j = 0; j < all.n; j++)
            if (all.v[j].ppid == out->v[i]) {
                CL_VEC_PUSH(out, all.v[j].pid);
                if (ticks) *ticks += all.v[j].ticks;
            }
    out->v[0] = out->v[--out->n]; /* drop ourselves */
    free(all.v);
}

static void descendants(pid_list *out) { descendants_ticks(out, NULL); }

static uint64_t tree_rss(pid_list *tree, double *cpu_s)
{
    uint64_t sum = 0;
    unsigned long long ticks = 0;
    descendants_ticks(tree, &ticks);
    *cpu_s = (double)ticks / (double)sysconf(_SC_CLK_TCK);
    for (size_t i = 0; i < tree->n; i++) sum += rss_bytes(tree->v[i]);
    return sum;
}

static void kill_tree(void)
{
    pid_list tree = {0};
    descendants(&tree);
    for (size_t i = 0; i < tree.n; i++) kill(tree.v[i], SIGKILL);
    free(tree.v);
}

static pid_t start(const hw_spec *spec, int out[2], int err[2])
{
    if (pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC)) return -1;
    pid_t pid = fork();
    if (pid != 0) return pid;
    int null = open("/dev/null", O_RDONLY);
    if (null < 0 || dup2(null, 0) < 0 || dup2(out[1], 1) < 0 || dup2(err[1], 2) < 0 ||
        chdir(spec->cwd) != 0)
        _exit(127);
    execve(spec->argv[0], (char *const *)spec->argv, spec->env);
    static const char msg[] = "hostile runner: cannot execute the command\n";
    if (write(2, msg, sizeof msg - 1) < 0) _exit(127);
    _exit(127);
}

/* Append what fd has to s (up to the cap); false at its end. */
static bool drain(int fd, cl_str *s, bool *truncated)
{
    char buf[65536];
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return true;
    if (n <= 0) return false;
    size_t keep = s->len >= CAPTURE_CAP ? 0 : CAPTURE_CAP - s->len;
    if ((size_t)n > keep) *truncated = true;
    cl_str_addn(s, buf, (size_t)n < keep ? (size_t)n : keep);
    return true;
}

static void record_exit(int status, const struct rusage *ru, hw_result *r)
{
    r->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r->signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    double cpu = (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec * 1e-6 +
                 (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec * 1e-6;
    if (cpu > r->cpu_s) r->cpu_s = cpu;
    uint64_t own = (uint64_t)ru->ru_maxrss * 1024u; /* kilobytes; its reaped children included */
    if (own > r->peak_bytes) r->peak_bytes = own;
}

/* Count what is still alive a second after the command has gone (time
 * for a death signal to land), kill it, and reap every zombie the
 * subreaper collected. */
static void sweep_orphans(hw_result *r)
{
    pid_list tree = {0};
    for (int tries = 0; tries < 50; tries++) {
        while (waitpid(-1, NULL, WNOHANG) > 0) { }
        descendants(&tree);
        if (!tree.n) break;
        usleep(20000);
    }
    r->left_running = (int)tree.n;
    for (size_t i = 0; i < tree.n; i++) kill(tree.v[i], SIGKILL);
    for (int tries = 0; tries < 50 && tree.n; tries++) {
        usleep(20000);
        while (waitpid(-1, NULL, WNOHANG) > 0) { }
        descendants(&tree);
    }
    free(tree.v);
}

static void watch_limits(const hw_spec *spec, pid_t pid, double t0, hw_result *r, pid_list *tree)
{
    double cpu = 0;
    uint64_t rss = tree_rss(tree, &cpu);
    if (rss > r->peak_bytes) r->peak_bytes = rss;
    if (cpu > r->cpu_s) r->cpu_s = cpu;
    if (r->killed_time || r->killed_memory) return;
    /* Past the time, cudalab alone is killed, as kill -9 would: its children
     * must die with it (what is left is counted). Past the memory, all of
     * it at once, to spare the machine. */
    if (now_s() - t0 > spec->kill_after_s) {
        r->killed_time = true;
        kill(pid, SIGKILL);
    }
    if (rss > spec->kill_above_bytes) {
        r->killed_memory = true;
        kill_tree();
    }
}

bool hw_run(const hw_spec *spec, hw_result *r)
{
    int out[2], err[2];
    memset(r, 0, sizeof *r);
    double t0 = now_s(), exited_at = 0;
    pid_t pid = start(spec, out, err);
    if (pid < 0) return false;
    close(out[1]);
    close(err[1]);
    struct pollfd fds[2] = {{.fd = out[0], .events = POLLIN}, {.fd = err[0], .events = POLLIN}};
    cl_str *sink[2] = {&r->out, &r->err};
    pid_list tree = {0};
    bool done = false;
    double sampled = 0;
    while (!done || fds[0].fd >= 0 || fds[1].fd >= 0) {
        if (poll(fds, 2, SAMPLE_MS) > 0)
            for (int i = 0; i < 2; i++)
                if (fds[i].fd >= 0 && fds[i].revents && !drain(fds[i].fd, sink[i], &r->out_truncated)) {
                    close(fds[i].fd);
                    fds[i].fd = -1;
                }
        int status;
        struct rusage ru;
        if (!done && wait4(pid, &status, WNOHANG, &ru) == pid) {
            done = true;
            exited_at = now_s();
            r->wall_s = exited_at - t0;
            record_exit(status, &ru, r);
        }
        if (!done && now_s() - sampled >= SAMPLE_MS * 1e-3) { /* not at every read of a flood */
            watch_limits(spec, pid, t0, r, &tree);
            sampled = now_s();
        }
        if (done && now_s() - exited_at > ORPHAN_GRACE_S) break; /* a descendant holds a pipe */
    }
    for (int i = 0; i < 2; i++)
        if (fds[i].fd >= 0) close(fds[i].fd);
    sweep_orphans(r);
    free(tree.v);
    return true;
}

void hw_result_free(hw_result *r)
{
    cl_str_free(&r->out);
    cl_str_free(&r->err);
}
