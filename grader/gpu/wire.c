/* wire.c - frames over a stream socket, with deadlines, and the statistics of
 * timed launches. Sending never raises SIGPIPE (a dead worker must not take
 * cudalab with it): MSG_NOSIGNAL on every send. */
#include "gpu_proto.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

double gpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *gpu_io_name(gpu_io io)
{
    static const char *const names[] = {"ok", "end of stream", "timeout", "garbled frame",
                                        "system error"};
    return (unsigned)io <= GPU_IO_ERROR ? names[io] : "?";
}

/* Wait until fd is ready for events or the deadline passes. */
static gpu_io wait_fd(int fd, short events, double deadline)
{
    for (;;) {
        int ms = -1;
        if (deadline >= 0) {
            double left = deadline - gpu_now();
            if (left <= 0) return GPU_IO_TIMEOUT;
            ms = left > 3600.0 ? 3600000 : (int)(left * 1000.0) + 1;
        }
        struct pollfd p = {.fd = fd, .events = events};
        int n = poll(&p, 1, ms);
        if (n > 0) return GPU_IO_OK; /* readable, writable, hung up or in error: I/O tells */
        if (n < 0 && errno != EINTR) return GPU_IO_ERROR;
    }
}

static gpu_io send_all(int fd, const uint8_t *p, size_t n, double deadline)
{
    while (n > 0) {
        gpu_io w = wait_fd(fd, POLLOUT, deadline);
        if (w != GPU_IO_OK) return w;
        ssize_t k = send(fd, p, n, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (k < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
            return errno == EPIPE || errno == ECONNRESET ? GPU_IO_EOF : GPU_IO_ERROR;
        }
        p += k;
        n -= (size_t)k;
    }
    return GPU_IO_OK;
}

/* Read exactly n bytes. *got says how many came before an end or a timeout. */
static gpu_io recv_all(int fd, uint8_t *p, size_t n, double deadline, size_t *got)
{
    *got = 0;
    while (*got < n) {
        gpu_io w = wait_fd(fd, POLLIN, deadline);
        if (w != GPU_IO_OK) return w;
        ssize_t k = recv(fd, p + *got, n - *got, MSG_DONTWAIT);
        if (k == 0) return GPU_IO_EOF;
        if (k < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
            return errno == ECONNRESET ? GPU_IO_EOF : GPU_IO_ERROR;
        }
        *got += (size_t)k;
    }
    return GPU_IO_OK;
}

static void put_le32(uint8_t *b, uint32_t v)
{
    for (int i = 0; i < 4; i++) b[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get_le32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

gpu_io gpu_send(int fd, gpu_msg_type type, const void *payload, size_t n, double deadline)
{
    if (n > GPU_MAX_PAYLOAD || (unsigned)type >= GPU_MSG_COUNT) return GPU_IO_BAD;
    uint8_t h[GPU_HEADER_BYTES];
    put_le32(h, GPU_MAGIC);
    put_le32(h + 4, (uint32_t)type);
    put_le32(h + 8, (uint32_t)n);
    gpu_io io = send_all(fd, h, sizeof h, deadline);
    if (io == GPU_IO_OK && n) io = send_all(fd, payload, n, deadline);
    return io;
}

gpu_io gpu_recv(int fd, gpu_frame *out, double deadline)
{
    memset(out, 0, sizeof *out);
    uint8_t h[GPU_HEADER_BYTES];
    size_t got;
    gpu_io io = recv_all(fd, h, sizeof h, deadline, &got);
    if (io != GPU_IO_OK) return io;
    uint32_t type = get_le32(h + 4), len = get_le32(h + 8);
    if (get_le32(h) != GPU_MAGIC || type >= GPU_MSG_COUNT || len > GPU_MAX_PAYLOAD)
        return GPU_IO_BAD;
    uint8_t *data = cl_malloc(len ? len : 1);
    io = recv_all(fd, data, len, deadline, &got);
    if (io != GPU_IO_OK) {
        free(data);
        return io;
    }
    out->type = (gpu_msg_type)type;
    out->data = data;
    out->len = len;
    return GPU_IO_OK;
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

void gpu_stats(float *v, size_t n, double *median, double *min, double *max)
{
    *median = *min = *max = 0;
    if (n == 0) return;
    qsort(v, n, sizeof *v, cmp_float);
    *min = v[0];
    *max = v[n - 1];
    *median = n % 2 ? v[n / 2] : ((double)v[n / 2 - 1] + (double)v[n / 2]) / 2.0;
}
