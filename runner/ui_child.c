/* ui_child.c - children started by cl_proc_spawn (grader/core/proc.c: their
 * own process group, stdin from /dev/null, a clean signal mask, default
 * dispositions) with a guard, read through non-blocking pipes, reaped with
 * WNOHANG. */
#include "ui_child.h"

#include "core/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

/* A cancelled child has this long to exit after SIGTERM; after it has exited,
 * a grandchild holding its pipes open has this long too. */
enum { GRACE_MS = 1500 };

struct ui_child {
    pid_t pid;         /* also its process group */
    cl_proc_guard guard; /* kills the group if the runner dies (kill -9 too) */
    int fd[2];         /* stdout, stderr; -1 once closed */
    cl_str out[2];
    bool reaped, cancelled;
    int status;
    int64_t started, ended, cancelled_at;
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void close_pipes(ui_child *c)
{
    for (int i = 0; i < 2; i++)
        if (c->fd[i] >= 0) {
            close(c->fd[i]);
            c->fd[i] = -1;
        }
}

cl_status ui_child_start(char *const argv[], ui_child **out, cl_error *err)
{
    ui_child *c = cl_calloc(1, sizeof *c);
    c->guard = (cl_proc_guard){-1, -1};
    *out = NULL;
    cl_error why = {0};
    cl_proc_spec spec = {.argv = (const char *const *)argv};
    cl_status st = cl_proc_spawn(&spec, &c->pid, c->fd, &why);
    if (st != CL_OK) {
        st = cl_fail(err, st, "", 0, 0, "cannot run %s: %s", argv[0] ? argv[0] : "", why.message);
        free(c);
        return st;
    }
    for (int i = 0; i < 2; i++) fcntl(c->fd[i], F_SETFL, fcntl(c->fd[i], F_GETFL) | O_NONBLOCK);
    c->started = now_ms();
    c->guard = cl_proc_guard_start(c->pid);
    *out = c;
    return CL_OK;
}

int ui_child_pollfds(const ui_child *c, struct pollfd *fds, int max)
{
    int n = 0;
    for (int i = 0; i < 2 && n < max; i++)
        if (c->fd[i] >= 0) fds[n++] = (struct pollfd){.fd = c->fd[i], .events = POLLIN};
    return n;
}

static void drain(ui_child *c, int i)
{
    char buf[8192];
    for (;;) {
        ssize_t n = read(c->fd[i], buf, sizeof buf);
        if (n > 0) {
            cl_str_addn(&c->out[i], buf, (size_t)n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        close(c->fd[i]); /* end of file, or an error: nothing more comes */
        c->fd[i] = -1;
        return;
    }
}

bool ui_child_pump(ui_child *c)
{
    for (int i = 0; i < 2; i++)
        if (c->fd[i] >= 0) drain(c, i);
    int64_t now = now_ms();
    if (!c->reaped) {
        siginfo_t info = {0};
        /* exited? then let the guard go before the reap frees the group's id */
        if (waitid(P_PID, (id_t)c->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid)
            cl_proc_guard_stop(&c->guard);
        pid_t r = waitpid(c->pid, &c->status, WNOHANG);
        if (r == c->pid || (r < 0 && errno == ECHILD)) {
            c->reaped = true;
            c->ended = now;
        } else if (c->cancelled && now - c->cancelled_at > GRACE_MS) {
            kill(-c->pid, SIGKILL);
        }
    }
    /* Exited, but something it started still holds a pipe: stop waiting. */
    if (c->reaped && now - c->ended > GRACE_MS) close_pipes(c);
    return ui_child_done(c);
}

bool ui_child_done(const ui_child *c)
{
    return c->reaped && c->fd[0] < 0 && c->fd[1] < 0;
}

void ui_child_cancel(ui_child *c)
{
    if (!c->reaped && !c->cancelled) kill(-c->pid, SIGTERM);
    c->cancelled = true;
    c->cancelled_at = now_ms();
    close_pipes(c);
}

int ui_child_wait_status(const ui_child *c)
{
    return c->status;
}

const char *ui_child_stdout(const ui_child *c)
{
    return cl_str_cstr(&c->out[0]);
}

const char *ui_child_stderr(const ui_child *c)
{
    return cl_str_cstr(&c->out[1]);
}

int64_t ui_child_elapsed_ms(const ui_child *c)
{
    return (c->reaped ? c->ended : now_ms()) - c->started;
}

void ui_child_free(ui_child *c)
{
    if (!c) return;
    close_pipes(c);
    if (!c->reaped) {
        kill(-c->pid, SIGKILL);
        siginfo_t info;
        while (waitid(P_PID, (id_t)c->pid, &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {}
        cl_proc_guard_stop(&c->guard);
        while (waitpid(c->pid, &c->status, 0) < 0 && errno == EINTR) {}
    }
    cl_proc_guard_stop(&c->guard);
    cl_str_free(&c->out[0]);
    cl_str_free(&c->out[1]);
    free(c);
}
