/* child.c - the worker process from the parent's side. The worker is forked
 * (not exec'd: it inherits the shared window and, in tests, a fake driver
 * table) and then owns nothing of the parent's but its socket: every other
 * descriptor is closed, signals are back to their defaults, and it dies with
 * SIGKILL if the thread that forked it ends. The parent never blocks on it
 * without a deadline, and never waits for it forever. */
#include "gpu_child.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gpu_driver.h"

/* ---- in the child ---- */

static void close_from(int first)
{
    if (close_range((unsigned)first, ~0u, 0) == 0) return;
    long max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536) max = 65536;
    for (int fd = first; fd < max; fd++) close(fd);
}

/* fds: 0 = /dev/null, 1 and 2 = the capture (or /dev/null), 3 = the socket. */
static _Noreturn void child_main(int sock, int capture_fd, pid_t parent, const gpu_options *o,
                                 uint8_t *window, size_t window_bytes)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int s = 1; s < 32; s++)
        if (s != SIGKILL && s != SIGSTOP) signal(s, SIG_DFL);
    __fpurge(stdout); /* the parent's unflushed output is the parent's */
    __fpurge(stderr);
    int s = fcntl(sock, F_DUPFD, 10);
    int cap = capture_fd >= 0 ? fcntl(capture_fd, F_DUPFD, 10) : -1;
    int null = open("/dev/null", O_RDWR);
    if (s < 0 || null < 0) _exit(126);
    dup2(null, 0);
    dup2(cap >= 0 ? cap : null, 1);
    dup2(cap >= 0 ? cap : null, 2);
    dup2(s, 3);
    close_from(4);
    gpu_worker_run(3, o, window, window_bytes);
}

/* ---- in the parent ---- */

static void pause_ms(int ms)
{
    struct timespec ts = {0, (long)ms * 1000000L};
    nanosleep(&ts, NULL);
}

/* Reap within wait_s; false if it is still running. */
static bool wait_for(gpu_child *c, double wait_s)
{
    if (c->pid <= 0 || c->reaped) return true;
    double end = gpu_now() + wait_s;
    for (;;) {
        int st = 0;
        pid_t r = waitpid(c->pid, &st, WNOHANG);
        if (r == c->pid) {
            c->reaped = c->status_known = true;
            c->status = st;
            return true;
        }
        if (r < 0 && errno != EINTR) { /* ECHILD: SIGCHLD ignored, or reaped elsewhere */
            c->reaped = true;
            c->status_known = false;
            return true;
        }
        if (gpu_now() >= end) return false;
        pause_ms(2);
    }
}

static void close_socket(gpu_child *c)
{
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
}

void gpu_child_kill(gpu_child *c)
{
    if (c->pid > 0 && !c->reaped) kill(c->pid, SIGKILL);
    close_socket(c);
    wait_for(c, 30.0); /* the driver tears down a running kernel first; give up after that */
}

void gpu_child_reap(gpu_child *c, double wait_s)
{
    close_socket(c);
    if (!wait_for(c, wait_s)) gpu_child_kill(c);
}

void gpu_child_stop(gpu_child *c)
{
    if (c->fd >= 0) gpu_send(c->fd, GPU_MSG_QUIT, NULL, 0, gpu_now() + 1.0);
    gpu_child_reap(c, 10.0);
}

void gpu_child_exit_text(const gpu_child *c, char *buf, size_t size)
{
    if (!c->reaped)
        snprintf(buf, size, "did not exit");
    else if (!c->status_known)
        snprintf(buf, size, "ended (its exit status went elsewhere)");
    else if (WIFSIGNALED(c->status))
        snprintf(buf, size, "was killed by signal %d (%s)", WTERMSIG(c->status),
                 strsignal(WTERMSIG(c->status)));
    else
        snprintf(buf, size, "exited with status %d", WEXITSTATUS(c->status));
}

static cl_status start_failed(gpu_child *c, gpu_io io, const gpu_options *o, cl_error *err)
{
    char how[160];
    if (io == GPU_IO_EOF) {
        gpu_child_reap(c, 5.0);
        gpu_child_exit_text(c, how, sizeof how);
        return cl_fail(err, CL_GPU, "", 0, 0, "the GPU worker %s while starting", how);
    }
    gpu_child_kill(c);
    if (io == GPU_IO_TIMEOUT)
        return cl_fail(err, CL_GPU, "", 0, 0,
                       "the GPU worker did not start within %g s (the driver hung in cuInit?)",
                       o->start_timeout_s);
    return cl_fail(err, CL_GPU, "", 0, 0, "the GPU worker said something garbled while "
                   "starting (%s)", gpu_io_name(io));
}

cl_status gpu_child_start(gpu_child *c, const gpu_options *o, uint8_t *window,
                          size_t window_bytes, int capture_fd, gpu_probe_info *hello,
                          cl_error *err)
{
    *c = (gpu_child)GPU_CHILD_NONE;
    memset(hello, 0, sizeof *hello);
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return cl_fail(err, CL_GPU, "", 0, 0, "socketpair: %s", strerror(errno));
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(sv[0]);
        close(sv[1]);
        return cl_fail(err, CL_GPU, "", 0, 0, "cannot start the GPU worker: fork: %s",
                       strerror(e));
    }
    if (pid == 0) {
        close(sv[0]);
        child_main(sv[1], capture_fd, parent, o, window, window_bytes);
    }
    close(sv[1]);
    c->pid = pid;
    c->fd = sv[0];
    gpu_frame f;
    gpu_io io = gpu_recv(c->fd, &f, gpu_now() + o->start_timeout_s);
    if (io == GPU_IO_OK) {
        bool ok = f.type == GPU_MSG_HELLO && gpu_decode_hello(f.data, f.len, hello);
        free(f.data);
        if (!ok) io = GPU_IO_BAD;
    }
    if (io != GPU_IO_OK) return start_failed(c, io, o, err);
    if (!hello->usable) gpu_child_reap(c, 5.0); /* it said why and is leaving */
    return CL_OK;
}

gpu_io gpu_child_call(gpu_child *c, gpu_msg_type type, const gpu_wbuf *payload,
                      double timeout_s, gpu_frame *reply, uint32_t *progress)
{
    memset(reply, 0, sizeof *reply);
    if (c->fd < 0) return GPU_IO_EOF;
    gpu_io io = gpu_send(c->fd, type, payload ? payload->p : NULL, payload ? payload->len : 0,
                         gpu_now() + timeout_s);
    while (io == GPU_IO_OK) {
        gpu_frame f;
        io = gpu_recv(c->fd, &f, gpu_now() + timeout_s);
        if (io != GPU_IO_OK) break;
        if (f.type == GPU_MSG_REPLY) {
            *reply = f;
            return GPU_IO_OK;
        }
        uint32_t done = 0;
        bool ok = f.type == GPU_MSG_PROGRESS && gpu_decode_progress(f.data, f.len, &done);
        free(f.data);
        if (!ok) return GPU_IO_BAD;
        if (progress) *progress = done;
    }
    return io;
}
