/* ui_watch.c - inotify on a file's folder, filtered to the file's name, and
 * the file's stamp polled where inotify proves silent. */
#include "ui_watch.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

struct ui_watch {
    int fd;
    char *path, *name; /* the file, and its name in its folder */
    int64_t pending;   /* when the last change was seen; -1 when none */
    long long stamp[3]; /* mtime (ns), size, inode at the last change seen (0s: no file) */
    bool polling;
    int64_t unseen_since; /* when the stamp moved with no event; -1 when it has not */
    int64_t last_tick;
};

static void stamp_of(const char *path, long long *s)
{
    struct stat sb;
    bool there = stat(path, &sb) == 0;
    s[0] = there ? (long long)sb.st_mtim.tv_sec * 1000000000LL + sb.st_mtim.tv_nsec : 0;
    s[1] = there ? (long long)sb.st_size : 0;
    s[2] = there ? (long long)sb.st_ino : 0;
}

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
        w->path = cl_strdup(path);
        w->pending = -1;
        w->unseen_since = -1;
        w->last_tick = -UI_WATCH_TICK_MS;
        stamp_of(path, w->stamp);
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
    if (w->polling) return false; /* drained; the stamp decides now (ui_watch_tick) */
    if (hit) {
        w->pending = now_ms;
        stamp_of(w->path, w->stamp); /* inotify saw it: the stamp is accounted for */
        w->unseen_since = -1;
    }
    return hit;
}

ui_watch_tick_result ui_watch_tick(ui_watch *w, int64_t now_ms)
{
    if (now_ms - w->last_tick < UI_WATCH_TICK_MS) return UI_WATCH_SAME;
    w->last_tick = now_ms;
    long long s[3];
    stamp_of(w->path, s);
    if (!memcmp(s, w->stamp, sizeof s)) {
        w->unseen_since = -1;
        return UI_WATCH_SAME;
    }
    if (!w->polling && w->unseen_since < 0) { /* an event may still be on its way */
        w->unseen_since = now_ms;
        return UI_WATCH_SAME;
    }
    if (!w->polling && now_ms - w->unseen_since < UI_WATCH_SILENT_MS) return UI_WATCH_SAME;
    ui_watch_tick_result r = w->polling ? UI_WATCH_CHANGED : UI_WATCH_NOW_POLLING;
    w->polling = true;
    memcpy(w->stamp, s, sizeof s);
    w->unseen_since = -1;
    w->pending = now_ms;
    return r;
}

void ui_watch_force_poll(ui_watch *w)
{
    w->polling = true;
}

bool ui_watch_polling(const ui_watch *w)
{
    return w->polling;
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
    free(w->path);
    free(w);
}
