/* gpu_child.h - the worker process seen from the parent: start it (fork, then
 * the worker loop), call it with a deadline, stop or kill it, and say how it
 * ended. Internal to grader/gpu (and its tests). */
#ifndef CUDALAB_GPU_CHILD_H
#define CUDALAB_GPU_CHILD_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "gpu_proto.h"

typedef struct gpu_child {
    pid_t pid;         /* 0: no process */
    int fd;            /* our end of the socket; -1: none */
    bool reaped;       /* waited for; status is valid when status_known */
    bool status_known;
    int status;        /* as waitpid gives it */
} gpu_child;

#define GPU_CHILD_NONE {0, -1, false, false, 0}

/* Fork the worker and wait for its hello (start_timeout_s). CL_OK means the
 * hello came (*hello says whether the GPU is usable; an unusable worker has
 * exited already); otherwise the worker did not start and err says why. The
 * worker's stdout and stderr go to capture_fd (or /dev/null when < 0). */
cl_status gpu_child_start(gpu_child *c, const gpu_options *o, uint8_t *window,
                          size_t window_bytes, int capture_fd, gpu_probe_info *hello,
                          cl_error *err);

/* Send one request and wait for its REPLY. Each PROGRESS restarts the clock
 * of timeout_s and bumps *progress (may be NULL). On GPU_IO_OK, *reply holds
 * the REPLY frame (free its data). */
gpu_io gpu_child_call(gpu_child *c, gpu_msg_type type, const gpu_wbuf *payload,
                      double timeout_s, gpu_frame *reply, uint32_t *progress);

/* Ask it to quit, close the socket and reap it; SIGKILL if it lingers. */
void gpu_child_stop(gpu_child *c);
/* SIGKILL, close, reap (waits a bounded time for the driver's teardown). */
void gpu_child_kill(gpu_child *c);
/* It is ending by itself (end of stream, a lost context): reap it, and kill it
 * if it has not gone within wait_s. */
void gpu_child_reap(gpu_child *c, double wait_s);
/* "was killed by signal 6 (Aborted)", "exited with status 3", ... */
void gpu_child_exit_text(const gpu_child *c, char *buf, size_t size);

#endif
