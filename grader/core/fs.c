/* fs.c - whole-file reads, atomic writes, mkdir -p, copies. */
#include "core.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The regular file at path, opened read-only; its stat in *sb. A FIFO or a
 * device is refused by its kind before it is opened (opening one can wait,
 * or do things); O_NONBLOCK covers one that appears between the stat and
 * the open. -1 with *st (and err) set when it is not one or cannot be
 * opened. */
static int open_regular(const char *path, struct stat *sb, cl_status *st, cl_error *err)
{
    if (stat(path, sb) == 0 && !S_ISREG(sb->st_mode)) goto not_regular;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *st = cl_fail(err, errno == ENOENT ? CL_NOT_FOUND : CL_IO, path, 0, 0, "cannot open: %s",
                      strerror(errno));
        return -1;
    }
    if (fstat(fd, sb) != 0) sb->st_mode = 0;
    if (S_ISREG(sb->st_mode)) return fd;
    close(fd);
not_regular:
    *st = cl_fail(err, CL_IO, path, 0, 0, "is %s, not a regular file", cl_file_kind(sb->st_mode));
    return -1;
}

cl_status cl_read_file(const char *path, char **data, size_t *len, cl_error *err)
{
    struct stat sb;
    cl_status st = CL_OK;
    int fd = open_regular(path, &sb, &st, err);
    if (fd < 0) return st;
    cl_str b = {0};
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return cl_fail(err, CL_IO, path, 0, 0, "cannot read: %s", strerror(errno));
    }
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) cl_str_addn(&b, chunk, n);
    if (ferror(f)) {
        st = cl_fail(err, CL_IO, path, 0, 0, "cannot read: %s", strerror(errno));
    } else {
        if (len) *len = b.len;
        *data = cl_str_take(&b);
    }
    fclose(f);
    cl_str_free(&b);
    return st;
}

cl_status cl_map_file(const char *path, const void **data, size_t *len, cl_error *err)
{
    struct stat sb;
    cl_status st = CL_OK;
    int fd = open_regular(path, &sb, &st, err);
    if (fd < 0) return st;
    void *p = MAP_FAILED;
    if (sb.st_size > 0 && (uint64_t)sb.st_size <= SIZE_MAX)
        p = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    int why = errno;
    close(fd);
    if (p == MAP_FAILED)
        return cl_fail(err, CL_IO, path, 0, 0, "cannot map: %s",
                       sb.st_size > 0 ? strerror(why) : "it is empty");
    *data = p;
    *len = (size_t)sb.st_size;
    return CL_OK;
}

void cl_unmap_file(const void *data, size_t len)
{
    if (data) munmap((void *)data, len);
}

bool cl_write_fd(int fd, const void *data, size_t len)
{
    const char *p = data;
    while (len > 0) {
        ssize_t w = write(fd, p, len);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        len -= (size_t)w;
    }
    return true;
}

static cl_status write_all(int fd, const void *data, size_t len, const char *path,
                           cl_error *err)
{
    if (cl_write_fd(fd, data, len)) return CL_OK;
    return cl_fail(err, CL_IO, path, 0, 0, "cannot write: %s", strerror(errno ? errno : EIO));
}

cl_status cl_write_file_atomic(const char *path, const void *data, size_t len,
                               cl_error *err)
{
    char *tmp = cl_sprintf("%s.tmp.XXXXXX", path);
    cl_status st = CL_OK;
    int fd = mkstemp(tmp);
    if (fd < 0) {
        st = cl_fail(err, CL_IO, path, 0, 0, "cannot create a temporary file beside it: %s",
                     strerror(errno));
        goto done;
    }
    st = write_all(fd, data, len, path, err);
    if (st == CL_OK && fsync(fd) != 0)
        st = cl_fail(err, CL_IO, path, 0, 0, "cannot flush: %s", strerror(errno));
    if (close(fd) != 0 && st == CL_OK)
        st = cl_fail(err, CL_IO, path, 0, 0, "cannot close: %s", strerror(errno));
    if (st == CL_OK && fchmodat(AT_FDCWD, tmp, 0644, 0) != 0)
        st = cl_fail(err, CL_IO, path, 0, 0, "cannot set permissions: %s", strerror(errno));
    if (st == CL_OK && rename(tmp, path) != 0)
        st = cl_fail(err, CL_IO, path, 0, 0, "cannot replace: %s", strerror(errno));
    if (st != CL_OK) unlink(tmp);
done:
    free(tmp);
    return st;
}

cl_status cl_mkdirs(const char *path, cl_error *err)
{
    char *p = cl_strdup(path);
    cl_status st = CL_OK;
    for (char *s = p + 1; ; s++) {
        if (*s != '/' && *s != '\0') continue;
        char saved = *s;
        *s = '\0';
        if (mkdir(p, 0755) != 0 && errno != EEXIST) {
            st = cl_fail(err, CL_IO, p, 0, 0, "cannot create folder: %s", strerror(errno));
            break;
        }
        *s = saved;
        if (saved == '\0') break;
    }
    if (st == CL_OK && !cl_dir_exists(path))
        st = cl_fail(err, CL_IO, path, 0, 0, "exists and is not a folder");
    free(p);
    return st;
}

const char *cl_file_kind(unsigned mode)
{
    return S_ISREG(mode)    ? "a file"
           : S_ISDIR(mode)  ? "a folder"
           : S_ISFIFO(mode) ? "a FIFO"
           : S_ISCHR(mode) || S_ISBLK(mode) ? "a device"
           : S_ISSOCK(mode) ? "a socket"
                            : "not a file";
}

bool cl_file_exists(const char *path)
{
    struct stat s;
    return stat(path, &s) == 0 && S_ISREG(s.st_mode);
}

bool cl_dir_exists(const char *path)
{
    struct stat s;
    return stat(path, &s) == 0 && S_ISDIR(s.st_mode);
}

cl_status cl_copy_file(const char *from, const char *to, cl_error *err)
{
    char *data = NULL;
    size_t len = 0;
    cl_status st = cl_read_file(from, &data, &len, err);
    if (st == CL_OK) st = cl_write_file_atomic(to, data, len, err);
    free(data);
    return st;
}

char *cl_path_arg(const char *path)
{
    return path[0] == '-' ? cl_sprintf("./%s", path) : cl_strdup(path);
}

char *cl_path_join(const char *a, const char *b)
{
    if (!a || !a[0] || b[0] == '/') return cl_strdup(b);
    size_t la = strlen(a);
    return cl_sprintf("%s%s%s", a, a[la - 1] == '/' ? "" : "/", b);
}
