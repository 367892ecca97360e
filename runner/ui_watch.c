/* ui_watch.c - inotify on a file's folder, filtered to the file's name. */
#include "ui_watch.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

struct ui_watch {
    int fd;
    char *name;      /* the file's name in its folder */
    int64_t pending; /* when the last change was seen; -1 when none */
};

cl_status ui_watch_start(const char *path, ui_watch **out, cl_error *err)
{
    *out = NULL;
    const char *slash = strrchr(path, '/');
    char *dir = slash ? cl_strndup(path, (size_t)(slash - path)) : cl_strdup(".");
    if (!*dir) {
        free(dir);
        dir = cl_strdup("/");
    }
    cl_status st = CL_OK;
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0) {
        st = cl_fail(err, CL_IO, dir, 0, 0, "cannot watch: %s", strerror(errno));
    } else if (inotify_add_watch(fd, dir, IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE) < 0) {
        st = cl_fail(err, CL_IO, dir, 0, 0, "cannot watch: %s", strerror(errno));
        close(fd);
    } else {
        ui_watch *w = cl_calloc(1, sizeof *w);
        w->fd = fd;
        w->name = cl_strdup(slash ? slash + 1 : path);
        w->pending = -1;
        *out = w;
    }
    free(dir);
    return st;
}

int ui_watch_fd(const ui_watch *w)
{
    return w->fd;
}

bool ui_watch_read(ui_watch *w, int64_t now_ms)
{
    char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    bool hit = false;
    for (;;) {
        ssize_t n = read(w->fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        for (char *p = buf; p < buf + n;) {
            const struct inotify_event *ev = (const struct inotify_event *)p;
            if (ev->len && !strcmp(ev->name, w->name)) hit = true;
            if (ev->mask & IN_Q_OVERFLOW) hit = true; /* events were lost: assume ours */
            p += sizeof *ev + ev->len;
        }
    }
    if (hit) w->pending = now_ms;
    return hit;
}

int ui_watch_timeout(const ui_watch *w, int64_t now_ms)
{
    if (w->pending < 0) return -1;
    int64_t left = w->pending + UI_WATCH_DEBOUNCE_MS - now_ms;
    return left > 0 ? (int)left : 0;
}

bool ui_watch_due(ui_watch *w, int64_t now_ms)
{
    if (w->pending < 0 || now_ms - w->pending < UI_WATCH_DEBOUNCE_MS) return false;
    w->pending = -1;
    return true;
}

void ui_watch_free(ui_watch *w)
{
    if (!w) return;
    close(w->fd);
    free(w->name);
    free(w);
}
