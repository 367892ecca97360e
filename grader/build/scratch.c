/* scratch.c - the private folder of one build: where it lies (a path no
 * shell can misread), the lock that says it is in use, and the sweep of the
 * folders a killed cudalab left behind.
 *
 * nvcc's driver runs cicc, ptxas and the host preprocessor through `sh -c`
 * with paths in double quotes, and it puts the absolute path of its working
 * folder on those command lines (--orig_src_path_name) whatever names it was
 * given. So the folder's own path must hold nothing a shell expands: it is
 * made under the cache folder only when that path is plain, else under
 * $TMPDIR when that is plain, else under /tmp.
 *
 * A build holds an flock on SCRATCH/lock for as long as it runs; the lock
 * file appears (by rename) only once it is locked. A sweep removes every
 * scratch folder of its base whose lock nobody holds: its cudalab died. A
 * folder without a lock file is left alone for an hour (it may be a build
 * between mkdtemp and its lock). */
#include "build_internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SCRATCH_PREFIX "cudalab-build-"
#define LOCK_NAME "lock"
#define UNLOCKED_GRACE_S 3600 /* a folder with no lock file yet, or an older cudalab's */

bool build_plain_path(const char *path)
{
    if (!path || path[0] != '/') return false;
    for (const unsigned char *p = (const unsigned char *)path; *p; p++)
        if (!(('a' <= *p && *p <= 'z') || ('A' <= *p && *p <= 'Z') || ('0' <= *p && *p <= '9') ||
              strchr("/._-+", *p)))
            return false;
    return true;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

void build_remove_tree(const char *dir)
{
    if (dir) nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Is the scratch folder at path abandoned? Then it is removed, while its
 * lock is held so that a second sweeper leaves it alone. */
static void sweep_one(const char *path)
{
    char *lock = cl_path_join(path, LOCK_NAME);
    int fd = open(lock, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    struct stat st;
    if (fd >= 0) {
        if (flock(fd, LOCK_EX | LOCK_NB) == 0) build_remove_tree(path);
        close(fd);
    } else if (errno == ENOENT && lstat(path, &st) == 0 &&
               time(NULL) - st.st_mtime > UNLOCKED_GRACE_S) {
        build_remove_tree(path);
    }
    free(lock);
}

void build_sweep_scratch(const char *base)
{
    DIR *d = opendir(base);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        struct stat st;
        if (strncmp(e->d_name, SCRATCH_PREFIX, strlen(SCRATCH_PREFIX)) != 0) continue;
        char *path = cl_path_join(base, e->d_name);
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) sweep_one(path);
        free(path);
    }
    if (d) closedir(d);
}

/* The folder to make scratch folders in: plain, and there. */
static char *scratch_base(const char *cache_dir)
{
    const char *tmp = getenv("TMPDIR");
    char *base = cache_dir ? cl_path_join(cache_dir, "tmp") : NULL;
    if (base && build_plain_path(base) && cl_mkdirs(base, NULL) == CL_OK) return base;
    free(base);
    if (build_plain_path(tmp) && cl_dir_exists(tmp)) return cl_strdup(tmp);
    return cl_strdup("/tmp");
}

void build_scratch_sweep(const char *cache_dir)
{
    char *base = scratch_base(cache_dir);
    build_sweep_scratch(base);
    free(base);
}

/* Lock the new folder: lock.new is locked, then renamed to lock. */
static int lock_scratch(const char *dir)
{
    char *tmp = cl_path_join(dir, LOCK_NAME ".new"), *lock = cl_path_join(dir, LOCK_NAME);
    int fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0 && (flock(fd, LOCK_EX) != 0 || rename(tmp, lock) != 0)) {
        close(fd);
        fd = -1;
    }
    free(tmp);
    free(lock);
    return fd;
}

cl_status build_scratch_open(const char *cache_dir, build_scratch *s, cl_error *err)
{
    char *base = scratch_base(cache_dir);
    cl_status st = CL_OK;
    memset(s, 0, sizeof *s);
    s->lock_fd = -1;
    build_sweep_scratch(base);
    s->dir = cl_sprintf("%s/" SCRATCH_PREFIX "XXXXXX", base);
    if (!(s->made = mkdtemp(s->dir) != NULL)) {
        st = cl_fail(err, CL_IO, base, 0, 0, "cannot create a scratch folder: %s",
                     strerror(errno));
    } else if ((s->lock_fd = lock_scratch(s->dir)) < 0 ||
               (s->tmp = cl_path_join(s->dir, "tmp"), mkdir(s->tmp, 0700) != 0)) {
        st = cl_fail(err, CL_IO, s->dir, 0, 0, "cannot prepare the scratch folder: %s",
                     strerror(errno));
    }
    if (st != CL_OK) build_scratch_close(s);
    free(base);
    return st;
}

void build_scratch_close(build_scratch *s)
{
    if (s->made) build_remove_tree(s->dir);
    if (s->lock_fd >= 0) close(s->lock_fd);
    free(s->dir);
    free(s->tmp);
    memset(s, 0, sizeof *s);
    s->lock_fd = -1;
}
