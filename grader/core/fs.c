/* fs.c - whole-file reads, atomic writes, mkdir -p, copies. */
#include "core.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

cl_status cl_read_file(const char *path, char **data, size_t *len, cl_error *err)
{
    cl_status st = CL_OK;
    cl_str b = {0};
    FILE *f = fopen(path, "rb");
    if (!f) {
        st = cl_fail(err, errno == ENOENT ? CL_NOT_FOUND : CL_IO, path, 0, 0,
                     "cannot open: %s", strerror(errno));
        goto done;
    }
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) cl_str_addn(&b, chunk, n);
    if (ferror(f)) {
        st = cl_fail(err, CL_IO, path, 0, 0, "cannot read: %s", strerror(errno));
        goto done;
    }
    if (len) *len = b.len;
    *data = cl_str_take(&b);
done:
    if (f) fclose(f);
    cl_str_free(&b);
    return st;
}

static cl_status write_all(int fd, const void *data, size_t len, const char *path,
                           cl_error *err)
{
    const char *p = data;
    while (len > 0) {
        ssize_t w = write(fd, p, len);
        if (w < 0) {
            if (errno == EINTR) continue;
            return cl_fail(err, CL_IO, path, 0, 0, "cannot write: %s", strerror(errno));
        }
        p += w;
        len -= (size_t)w;
    }
    return CL_OK;
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
