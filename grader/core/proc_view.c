/* proc_view.c - a child's own view of the files (proc.h, cl_proc_spec's
 * visible): new user and mount namespaces, a tmpfs as the root, the system's
 * folders and the asked-for ones bound into it, an empty /tmp, chroot. The
 * compiler runs in one, so that what the preprocessor can learn about files
 * (`__has_include` in any spelling, through any macro or paste) is about the
 * toolkit, the system and the scratch folder only.
 *
 * Everything is prepared before the fork; the child side makes only system
 * calls (no malloc, no stdio), as a child of a threaded process must. */
#include "proc_view.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core.h"
#include "proc.h"

#define VIEW_MAX 24

/* The system's folders a compiler needs: programs, libraries, /etc (the
 * loader's cache, the users' names), devices and /proc. They are seen as
 * they are; a course or cache under one of them is seen too. */
static const char *const system_folders[] = {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64",
                                             "/libx32", "/etc", "/dev", "/proc"};

struct cl_proc_view {
    char *root, *tmp;
    char *src[VIEW_MAX], *dst[VIEW_MAX];
    int n;
    char uid_map[48], gid_map[48];
};

/* path is at or below folder. */
static bool below(const char *path, const char *folder)
{
    size_t n = strlen(folder);
    return strncmp(path, folder, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

static void add(cl_proc_view *v, const char *src)
{
    if (v->n >= VIEW_MAX || src[0] != '/' || !cl_dir_exists(src)) return;
    for (int i = 0; i < v->n; i++)
        if (below(src, v->src[i])) return; /* seen already */
    v->src[v->n] = cl_strdup(src);
    v->dst[v->n++] = cl_sprintf("%s%s", v->root, src);
}

cl_proc_view *cl_proc_view_new(const char *root, const char *const *visible)
{
    if (!root || !visible || cl_mkdirs(root, NULL) != CL_OK) return NULL;
    cl_proc_view *v = cl_calloc(1, sizeof *v);
    v->root = cl_strdup(root);
    v->tmp = cl_sprintf("%s/tmp", root);
    for (size_t i = 0; i < sizeof system_folders / sizeof *system_folders; i++)
        add(v, system_folders[i]);
    for (size_t i = 0; visible[i]; i++) add(v, visible[i]);
    snprintf(v->uid_map, sizeof v->uid_map, "%u %u 1", (unsigned)getuid(), (unsigned)getuid());
    snprintf(v->gid_map, sizeof v->gid_map, "%u %u 1", (unsigned)getgid(), (unsigned)getgid());
    return v;
}

void cl_proc_view_free(cl_proc_view *v)
{
    if (!v) return;
    for (int i = 0; i < v->n; i++) free(v->src[i]), free(v->dst[i]);
    free(v->root);
    free(v->tmp);
    free(v);
}

static bool put(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    size_t n = strlen(text);
    bool ok = write(fd, text, n) == (ssize_t)n;
    close(fd);
    return ok;
}

/* mkdir -p, in the view's tmpfs only (a system folder is bound whole, and
 * nothing is made below one: add() keeps those out). */
static bool make_dirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n >= sizeof buf) return false;
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0') continue;
        char c = buf[i];
        buf[i] = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST) return false;
        buf[i] = c;
    }
    return true;
}

bool cl_proc_view_enter(const cl_proc_view *v)
{
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) return false;
    if (!put("/proc/self/setgroups", "deny") || !put("/proc/self/uid_map", v->uid_map) ||
        !put("/proc/self/gid_map", v->gid_map))
        return false;
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
        mount("cudalab-view", v->root, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755") != 0 ||
        !make_dirs(v->tmp) || mount("cudalab-tmp", v->tmp, "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777") != 0)
        return false;
    for (int i = 0; i < v->n; i++)
        if (!make_dirs(v->dst[i]) || mount(v->src[i], v->dst[i], NULL, MS_BIND | MS_REC, NULL) != 0)
            return false;
    return chroot(v->root) == 0 && chdir("/") == 0;
}

bool cl_proc_view_available(char *why, size_t size)
{
    static int known = -1; /* the kernel's answer does not change */
    static int reason;
    if (known < 0) {
        int p[2];
        pid_t pid = pipe2(p, O_CLOEXEC) == 0 ? fork() : -1;
        if (pid == 0) {
            int e = unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0 &&
                            put("/proc/self/setgroups", "deny") &&
                            mount("cudalab-probe", "/", "tmpfs", 0, NULL) == 0
                        ? 0
                        : errno ? errno : EPERM;
            ssize_t w = write(p[1], &e, sizeof e);
            _exit(w != (ssize_t)sizeof e);
        }
        int e = ECHILD;
        if (pid > 0) {
            close(p[1]);
            if (read(p[0], &e, sizeof e) != (ssize_t)sizeof e) e = ECHILD;
            close(p[0]);
            while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        }
        reason = e;
        known = e == 0;
    }
    if (why && size) snprintf(why, size, "%s", known ? "" : strerror(reason));
    return known == 1;
}
