/* cache_cap.c - the build cache's size cap: what the cache holds, and room
 * made for a new entry by removing the least recently used ones.
 *
 * The entries are the builds (DIR/ab/KEY.entry), the reference's outputs
 * (DIR/oracle/HEX) and large inputs made by rules (DIR/input/HEX); DIR/tmp holds the scratch folders of builds under way
 * and is never counted or touched here. A hit sets the entry's mtime to now
 * (build_cache_touch), so mtime is the time of last use. Before an entry is
 * written, the oldest are removed until the cache and the new entry fit in
 * the cap (CUDALAB_CACHE_MAX, default 1 GiB).
 *
 * Safe with graders running at once (batch --jobs): one process trims at a
 * time (an exclusive flock on DIR/trim.lock; another that finds it held
 * skips, since that one is making room); an entry used in the last
 * BUILD_CACHE_IN_USE_S seconds is never removed, as another grade may be
 * about to read it; and removal is unlink, which cannot hurt a reader that
 * has the entry open (it reads the whole file; one that comes after misses
 * and rebuilds). A temporary file of an entry being written (NAME.tmp.XXXXXX)
 * is left to its writer, unless it is BUILD_CACHE_ABANDONED_S old: its
 * writer was killed between writing and renaming it (kill -9, a power
 * cut), since an entry is written in seconds; the trim removes those. */
#include "build_internal.h"

#include <ctype.h>
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define BUILD_CACHE_IN_USE_S 60
#define BUILD_CACHE_ABANDONED_S 3600

typedef struct cache_file {
    char *path;
    uint64_t bytes;
    struct timespec used;
} cache_file;

typedef CL_VEC(cache_file) cache_files;

uint64_t build_cache_cap(void)
{
    const char *s = getenv("CUDALAB_CACHE_MAX");
    uint64_t cap = BUILD_CACHE_DEFAULT_CAP;
    if (s && *s && build_cache_parse_size(s, &cap) != CL_OK) cap = BUILD_CACHE_DEFAULT_CAP;
    return cap;
}

cl_status build_cache_parse_size(const char *s, uint64_t *out)
{
    char *end = NULL;
    errno = 0;
    if (!isdigit((unsigned char)s[0])) return CL_USAGE;
    unsigned long long v = strtoull(s, &end, 10);
    uint64_t unit = 1;
    switch (*end) {
    case 'K': case 'k': unit = 1ull << 10; end++; break;
    case 'M': case 'm': unit = 1ull << 20; end++; break;
    case 'G': case 'g': unit = 1ull << 30; end++; break;
    case 'T': case 't': unit = 1ull << 40; end++; break;
    default: break;
    }
    if (*end == 'i' && unit > 1) end++;
    if (*end == 'B' && unit > 1) end++;
    if (*end || errno || v > UINT64_MAX / unit) return CL_USAGE;
    *out = (uint64_t)v * unit;
    return CL_OK;
}

/* An entry's name: KEY.entry in a two-letter folder, or a hex name in
 * oracle/ or input/. */
static bool is_entry(const char *folder, const char *name)
{
    if (strstr(name, ".tmp.") || name[0] == '.') return false;
    size_t n = strlen(name);
    if (!strcmp(folder, "oracle") || !strcmp(folder, "input")) return n == strspn(name, "0123456789abcdef");
    return strlen(folder) == 2 && n > 6 && !strcmp(name + n - 6, ".entry");
}

/* A temporary file of an entry (cl_write_file_atomic's NAME.tmp.XXXXXX). */
static bool is_temporary(const char *name)
{
    return name[0] != '.' && strstr(name, ".tmp.") != NULL;
}

/* The entries of a folder, or with temporaries its temporary files. */
static void list_folder(const char *dir, const char *folder, cache_files *out, bool temporaries)
{
    char *path = cl_path_join(dir, folder);
    DIR *d = opendir(path);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        struct stat st;
        bool want = temporaries ? is_temporary(e->d_name) : is_entry(folder, e->d_name);
        char *file = want ? cl_path_join(path, e->d_name) : NULL;
        if (file && lstat(file, &st) == 0 && S_ISREG(st.st_mode)) {
            cache_file f = {file, (uint64_t)st.st_size, st.st_mtim};
            CL_VEC_PUSH(out, f);
        } else {
            free(file);
        }
    }
    if (d) closedir(d);
    free(path);
}

/* Every entry of the cache in dir (or with temporaries every temporary
 * file of one). */
static void list_entries(const char *dir, cache_files *out, bool temporaries)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        bool sub = !strcmp(e->d_name, "oracle") || !strcmp(e->d_name, "input") ||
                   (strlen(e->d_name) == 2 && isxdigit((unsigned char)e->d_name[0]) &&
                    isxdigit((unsigned char)e->d_name[1]));
        if (sub) list_folder(dir, e->d_name, out, temporaries);
    }
    if (d) closedir(d);
}

static void free_files(cache_files *v)
{
    for (size_t i = 0; i < v->n; i++) free(v->v[i].path);
    free(v->v);
}

void build_cache_measure(const char *dir, build_cache_usage *u)
{
    cache_files v = {0};
    *u = (build_cache_usage){0};
    if (dir) list_entries(dir, &v, false);
    for (size_t i = 0; i < v.n; i++) u->bytes += v.v[i].bytes;
    u->entries = v.n;
    free_files(&v);
}

void build_cache_touch(const char *path)
{
    utimensat(AT_FDCWD, path, NULL, 0); /* a read-only cache still serves */
}

/* Oldest use first; the path breaks ties, so the order is the same each time. */
static int by_use(const void *a, const void *b)
{
    const cache_file *x = a, *y = b;
    if (x->used.tv_sec != y->used.tv_sec) return x->used.tv_sec < y->used.tv_sec ? -1 : 1;
    if (x->used.tv_nsec != y->used.tv_nsec) return x->used.tv_nsec < y->used.tv_nsec ? -1 : 1;
    return strcmp(x->path, y->path);
}

/* Remove the least recently used entries until total + incoming <= cap. */
static void evict(cache_files *v, uint64_t total, uint64_t incoming, uint64_t cap)
{
    time_t now = time(NULL);
    qsort(v->v, v->n, sizeof *v->v, by_use);
    for (size_t i = 0; i < v->n && total + incoming > cap; i++) {
        if (now - v->v[i].used.tv_sec < BUILD_CACHE_IN_USE_S) break; /* the rest are newer */
        if (unlink(v->v[i].path) == 0 || errno == ENOENT) total -= v->v[i].bytes;
    }
}

void build_cache_make_room(const char *dir, uint64_t incoming)
{
    uint64_t cap = build_cache_cap();
    if (!dir || !cap) return;
    if (cl_mkdirs(dir, NULL) != CL_OK) return;
    char *lock = cl_path_join(dir, "trim.lock");
    int fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    free(lock);
    if (fd < 0) return;
    if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
        cache_files v = {0}, t = {0};
        uint64_t total = 0;
        time_t now = time(NULL);
        list_entries(dir, &t, true); /* abandoned temporaries first */
        for (size_t i = 0; i < t.n; i++)
            if (now - t.v[i].used.tv_sec >= BUILD_CACHE_ABANDONED_S) unlink(t.v[i].path);
        free_files(&t);
        list_entries(dir, &v, false);
        for (size_t i = 0; i < v.n; i++) total += v.v[i].bytes;
        if (total + incoming > cap) evict(&v, total, incoming, cap);
        free_files(&v);
    }
    close(fd); /* lets go of the lock */
}

void build_cache_put(const char *path, const void *data, size_t len)
{
    char *dir = cl_strdup(path), *slash = strrchr(dir, '/');
    cl_error err = {0};
    if (slash) *slash = '\0';
    if (slash && cl_mkdirs(dir, &err) == CL_OK) {
        char *up = strrchr(dir, '/');
        if (up) *up = '\0';
        build_cache_make_room(dir, len); /* the cache folder: the entry's folder's parent */
        cl_write_file_atomic(path, data, len, &err);
    }
    free(dir);
}
