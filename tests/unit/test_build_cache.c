/* test_build_cache.c - the build cache with the real nvcc behind a wrapper
 * that counts its compilations: a hit runs no nvcc; an edited source or
 * header, another arch or other flags miss; a damaged entry is rebuilt;
 * failed builds are cached when nvcc named all their inputs. Skips when
 * /usr/local/cuda/bin/nvcc is absent. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "build/build.h"

#define FIX CUDALAB_TEST_DIR "/fixtures/build/"
#define REAL_NVCC "/usr/local/cuda/bin/nvcc"

static char dir[64];
static char *nvcc, *calls, *cache;

static int rm_entry(const char *p, const struct stat *s, int f, struct FTW *w)
{
    (void)s, (void)f, (void)w;
    return remove(p);
}

static void put(const char *name, const char *text)
{
    char *path = cl_sprintf("%s/%s", dir, name);
    assert_int_equal(cl_write_file_atomic(path, text, strlen(text), NULL), CL_OK);
    free(path);
}

static void copy_fixture(const char *name)
{
    char *from = cl_sprintf(FIX "%s", name), *to = cl_sprintf("%s/%s", dir, name);
    assert_int_equal(cl_copy_file(from, to, NULL), CL_OK);
    free(from);
    free(to);
}

/* A folder with copies of the fixtures, an empty cache, and an nvcc that
 * notes each call and runs the real one. */
static int setup(void **state)
{
    (void)state;
    if (!cl_file_exists(REAL_NVCC)) return 0;
    snprintf(dir, sizeof dir, "/tmp/cudalab-cache-test-XXXXXX");
    if (!mkdtemp(dir)) return -1;
    nvcc = cl_sprintf("%s/nvcc", dir);
    calls = cl_sprintf("%s/calls", dir);
    cache = cl_sprintf("%s/cache", dir);
    char *script = cl_sprintf("#!/bin/sh\necho \"$*\" >> '%s'\nexec " REAL_NVCC " \"$@\"\n", calls);
    put("nvcc", script);
    chmod(nvcc, 0755);
    free(script);
    const char *files[] = {"with_header.cu", "helpers.cuh", "warning.cu", "undefined.cu",
                           "missing_include.cu"};
    for (size_t i = 0; i < 5; i++) copy_fixture(files[i]);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (dir[0]) nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(nvcc), free(calls), free(cache);
    nvcc = calls = cache = NULL;
    dir[0] = '\0';
    return 0;
}

#define NEED_NVCC()                                                              \
    do {                                                                         \
        if (!cl_file_exists(REAL_NVCC)) {                                        \
            print_message("skipped: " REAL_NVCC " is absent (no CUDA Toolkit)\n"); \
            skip();                                                              \
        }                                                                        \
    } while (0)

/* How many times nvcc compiled (its --version calls do not count). */
static int compilations(void)
{
    char *text = NULL;
    if (cl_read_file(calls, &text, NULL, NULL) != CL_OK) return 0;
    int n = 0;
    for (const char *p = text; (p = strstr(p, "-ptx")) != NULL; p++) n++;
    free(text);
    return n;
}

static build_options options(void)
{
    /* The folder's headers are the day's (helpers.cuh): the only files the
     * sources may include besides the toolkit's. */
    return (build_options){.nvcc = nvcc, .cache_dir = cache, .headers_dir = dir};
}

static build_result *build(const build_options *o, const char *name, cl_status want)
{
    char *path = cl_sprintf("%s/%s", dir, name);
    build_result *r = NULL;
    cl_error e = {0};
    cl_status st = build_compile(o, path, &r, &e);
    if (st != want) fail_msg("%s: %s (%s)", name, cl_status_name(st), e.message);
    free(path);
    assert_non_null(r);
    return r;
}

/* The one entry file in the cache. */
static char *entry_file(void)
{
    char *cmd = cl_sprintf("find '%s' -name '*.entry'", cache), line[512] = "";
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    assert_non_null(fgets(line, sizeof line, p));
    pclose(p);
    free(cmd);
    line[strcspn(line, "\n")] = '\0';
    return cl_strdup(line);
}

static void assert_same(const build_result *a, const build_result *b)
{
    assert_string_equal(build_ptx(a), build_ptx(b));
    assert_string_equal(build_nvcc_version(a), build_nvcc_version(b));
    assert_string_equal(build_nvcc_log(a), build_nvcc_log(b));
    for (int i = 0; i < 2; i++) {
        size_t la, lb, ka, kb;
        const void *ca = build_cubin(a, i, &la), *cb = build_cubin(b, i, &lb);
        assert_int_equal(la, lb);
        if (la) assert_memory_equal(ca, cb, la);
        const build_kernel *x = build_kernels(a, i, &ka), *y = build_kernels(b, i, &kb);
        assert_int_equal(ka, kb);
        for (size_t k = 0; k < ka; k++) {
            assert_string_equal(x[k].name, y[k].name);
            assert_int_equal(x[k].registers, y[k].registers);
            assert_int_equal(x[k].const_bytes, y[k].const_bytes);
        }
    }
    size_t da, db;
    const build_diag *x = build_diags(a, &da), *y = build_diags(b, &db);
    assert_int_equal(da, db);
    for (size_t k = 0; k < da; k++) {
        assert_string_equal(x[k].file, y[k].file);
        assert_int_equal(x[k].line, y[k].line);
        assert_int_equal(x[k].column, y[k].column);
        assert_string_equal(x[k].message, y[k].message);
        assert_string_equal(x[k].code, y[k].code);
        assert_string_equal(x[k].context, y[k].context);
        assert_int_equal(x[k].origin, y[k].origin);
    }
}

static void test_hit(void **state)
{
    (void)state;
    NEED_NVCC();
    build_options o = options();
    o.cubin_arch = "sm_90";
    build_result *a = build(&o, "warning.cu", CL_OK);
    assert_false(build_from_cache(a));
    assert_int_equal(compilations(), 1);
    build_result *b = build(&o, "warning.cu", CL_OK);
    assert_true(build_from_cache(b));
    assert_int_equal(compilations(), 1);
    assert_same(a, b);
    assert_true(build_seconds(b) == 0);
    build_result_free(a);
    build_result_free(b);
    /* no_cache: nvcc runs, and nothing is read. */
    o.no_cache = true;
    b = build(&o, "warning.cu", CL_OK);
    assert_false(build_from_cache(b));
    assert_int_equal(compilations(), 2);
    build_result_free(b);
}

static void test_edits_miss(void **state)
{
    (void)state;
    NEED_NVCC();
    build_options o = options();
    build_result_free(build(&o, "with_header.cu", CL_OK));
    build_result_free(build(&o, "with_header.cu", CL_OK));
    assert_int_equal(compilations(), 1);
    /* The source changes. */
    char *path = cl_sprintf("%s/with_header.cu", dir), *src = NULL;
    assert_int_equal(cl_read_file(path, &src, NULL, NULL), CL_OK);
    char *edited = cl_sprintf("%s// an edit\n", src);
    put("with_header.cu", edited);
    build_result_free(build(&o, "with_header.cu", CL_OK));
    assert_int_equal(compilations(), 2);
    /* The header it includes changes. */
    put("helpers.cuh", "__device__ inline float twice(float x) { return x + x; }\n");
    build_result *r = build(&o, "with_header.cu", CL_OK);
    assert_false(build_from_cache(r));
    assert_int_equal(compilations(), 3);
    build_result_free(r);
    r = build(&o, "with_header.cu", CL_OK);
    assert_true(build_from_cache(r));
    assert_int_equal(compilations(), 3);
    build_result_free(r);
    /* The header vanishes: the cache notices, and nvcc cannot find it (the
     * scratch folder holds only the day's headers). */
    char *h = cl_sprintf("%s/helpers.cuh", dir);
    unlink(h);
    r = build(&o, "with_header.cu", CL_COMPILE);
    assert_int_equal(compilations(), 4);
    assert_non_null(strstr(build_diags(r, NULL)[0].message, "helpers.cuh: No such file"));
    build_result_free(r);
    free(h), free(path), free(src), free(edited);
}

static void test_settings_miss(void **state)
{
    (void)state;
    NEED_NVCC();
    build_options o = options();
    build_result_free(build(&o, "warning.cu", CL_OK));
    o.cubin_arch = "sm_90";
    build_result *r = build(&o, "warning.cu", CL_OK);
    assert_false(build_from_cache(r));
    assert_string_equal(build_cubin_arch(r, 1), "sm_90");
    build_result_free(r);
    o.cubin_arch = NULL;
    o.arch = "sm_80";
    r = build(&o, "warning.cu", CL_OK);
    assert_false(build_from_cache(r));
    assert_non_null(strstr(build_ptx(r), ".target sm_80"));
    build_result_free(r);
    o.arch = NULL;
    const char *flags[] = {"-DSOMETHING=1", NULL};
    o.flags = flags;
    build_result_free(build(&o, "warning.cu", CL_OK));
    assert_int_equal(compilations(), 4);
    o.flags = NULL;
    r = build(&o, "warning.cu", CL_OK); /* the first settings again: still there */
    assert_true(build_from_cache(r));
    assert_int_equal(compilations(), 4);
    build_result_free(r);
}

/* Damage the entry in several ways: each time it is rebuilt, and the
 * rebuilt entry is good again. */
static void test_corrupt_entry(void **state)
{
    (void)state;
    NEED_NVCC();
    build_options o = options();
    build_result *good = build(&o, "warning.cu", CL_OK);
    char *entry = entry_file(), *data = NULL;
    size_t len = 0;
    assert_int_equal(cl_read_file(entry, &data, &len, NULL), CL_OK);
    for (int how = 0; how < 5; how++) {
        char *bad = cl_malloc(len + 1);
        memcpy(bad, data, len);
        size_t blen = len;
        if (how == 0) blen = len / 2;                     /* cut short */
        if (how == 1) bad[len / 2] ^= 0x20;               /* one byte flipped */
        if (how == 2) blen = 0;                           /* empty */
        if (how == 3) memcpy(bad, "cudalab-build-cache 9", 21); /* another layout */
        if (how == 4) bad[len - 3] = bad[len - 3] == 'a' ? 'b' : 'a'; /* the checksum */
        assert_int_equal(cl_write_file_atomic(entry, bad, blen, NULL), CL_OK);
        free(bad);
        build_result *r = build(&o, "warning.cu", CL_OK);
        assert_false(build_from_cache(r));
        assert_int_equal(compilations(), 2 + how);
        assert_same(good, r);
        build_result_free(r);
        r = build(&o, "warning.cu", CL_OK);
        assert_true(build_from_cache(r));
        build_result_free(r);
    }
    assert_int_equal(compilations(), 6);
    build_result_free(good);
    free(entry);
    free(data);
}

/* The same errors come back from the cache; a build that failed for a
 * missing header is not kept, so that adding the header is noticed. */
static void test_failed_builds(void **state)
{
    (void)state;
    NEED_NVCC();
    build_options o = options();
    build_result *a = build(&o, "undefined.cu", CL_COMPILE);
    build_result *b = build(&o, "undefined.cu", CL_COMPILE);
    assert_int_equal(compilations(), 1);
    assert_true(build_from_cache(b));
    assert_false(build_ok(b));
    assert_same(a, b);
    cl_error e = {0};
    char *path = cl_sprintf("%s/undefined.cu", dir);
    build_result *c = NULL;
    assert_int_equal(build_compile(&o, path, &c, &e), CL_COMPILE);
    assert_int_equal(e.line, 4); /* err names the first error on a hit too */
    assert_int_equal(e.column, 33);
    build_result_free(a), build_result_free(b), build_result_free(c);
    free(path);

    /* A header that is not (yet) the day's: nvcc cannot find it, and a
     * build with an unknown include is not kept; once the day has it, it
     * builds. */
    build_result_free(build(&o, "missing_include.cu", CL_COMPILE));
    build_result_free(build(&o, "missing_include.cu", CL_COMPILE));
    assert_int_equal(compilations(), 3);
    put("no_such_helpers.cuh", "// now it exists\n");
    build_result_free(build(&o, "missing_include.cu", CL_OK));
    assert_int_equal(compilations(), 4);
}

typedef struct racer {
    build_options o;
    build_result *r;
    cl_status st;
} racer;

static void *race(void *arg)
{
    racer *x = arg;
    char *path = cl_sprintf("%s/with_header.cu", dir);
    x->st = build_compile(&x->o, path, &x->r, NULL);
    free(path);
    return NULL;
}

/* Two builds of one file at once into an empty cache: both succeed, and
 * what is left is a whole entry. */
static void test_concurrent(void **state)
{
    (void)state;
    NEED_NVCC();
    racer a = {.o = options()}, b = {.o = options()};
    pthread_t ta, tb;
    pthread_create(&ta, NULL, race, &a);
    pthread_create(&tb, NULL, race, &b);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    assert_int_equal(a.st, CL_OK);
    assert_int_equal(b.st, CL_OK);
    assert_same(a.r, b.r);
    int before = compilations();
    assert_true(before >= 1 && before <= 2);
    build_options o = options();
    build_result *c = build(&o, "with_header.cu", CL_OK);
    assert_true(build_from_cache(c));
    assert_int_equal(compilations(), before);
    assert_same(a.r, c);
    build_result_free(a.r), build_result_free(b.r), build_result_free(c);
    char *cmd = cl_sprintf("test -z \"$(find '%s' -name '*.tmp.*')\"", cache);
    assert_int_equal(system(cmd), 0); /* no temporary files left */
    free(cmd);
}

/* Without cache_dir: $CUDALAB_CACHE/build. */
static void test_default_folder(void **state)
{
    (void)state;
    NEED_NVCC();
    char *root = cl_sprintf("%s/env-cache", dir);
    setenv("CUDALAB_CACHE", root, 1);
    build_options o = {.nvcc = nvcc};
    build_result_free(build(&o, "warning.cu", CL_OK));
    build_result *r = build(&o, "warning.cu", CL_OK);
    assert_true(build_from_cache(r));
    build_result_free(r);
    unsetenv("CUDALAB_CACHE");
    char *cmd = cl_sprintf("test -n \"$(find '%s/build' -name '*.entry')\"", root);
    assert_int_equal(system(cmd), 0);
    free(cmd);
    free(root);
}

/* The size cap with real builds: a hit makes its entry the most recently
 * used (mtime now); with the cap too small for two entries, storing a new
 * build removes the one used longest ago, which then misses. */
static void test_cap_evicts(void **state)
{
    (void)state;
    NEED_NVCC();
    build_options o = options();
    build_result_free(build(&o, "with_header.cu", CL_OK));
    char *old = entry_file();
    struct timespec past[2] = {{time(NULL) - 900, 0}, {time(NULL) - 900, 0}};
    assert_int_equal(utimensat(AT_FDCWD, old, past, 0), 0);
    build_result_free(build(&o, "with_header.cu", CL_OK)); /* a hit */
    struct stat st;
    assert_int_equal(stat(old, &st), 0);
    assert_true(st.st_mtime > time(NULL) - 60);
    assert_int_equal(compilations(), 1);
    assert_int_equal(utimensat(AT_FDCWD, old, past, 0), 0);
    setenv("CUDALAB_CACHE_MAX", "1", 1);
    build_result_free(build(&o, "warning.cu", CL_OK));
    unsetenv("CUDALAB_CACHE_MAX");
    assert_false(cl_file_exists(old));
    build_cache_usage u;
    build_cache_measure(cache, &u);
    assert_int_equal(u.entries, 1); /* warning.cu's, used just now */
    build_result *r = build(&o, "with_header.cu", CL_OK);
    assert_false(build_from_cache(r));
    assert_int_equal(compilations(), 3);
    build_result_free(r);
    free(old);
}

/* A build from the cache sweeps the scratch folders a killed cudalab left
 * (their lock unheld), as a fresh build does. */
static void test_hit_sweeps(void **state)
{
    (void)state;
    NEED_NVCC();
    build_options o = options();
    build_result_free(build(&o, "warning.cu", CL_OK));
    char *dead = cl_sprintf("%s/tmp/cudalab-build-dead", cache);
    char *lock = cl_sprintf("%s/lock", dead);
    assert_int_equal(cl_mkdirs(dead, NULL), CL_OK);
    assert_int_equal(cl_write_file_atomic(lock, "", 0, NULL), CL_OK);
    build_result *r = build(&o, "warning.cu", CL_OK);
    assert_true(build_from_cache(r));
    assert_false(cl_dir_exists(dead));
    build_result_free(r);
    free(dead), free(lock);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_hit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hit_sweeps, setup, teardown),
        cmocka_unit_test_setup_teardown(test_edits_miss, setup, teardown),
        cmocka_unit_test_setup_teardown(test_settings_miss, setup, teardown),
        cmocka_unit_test_setup_teardown(test_corrupt_entry, setup, teardown),
        cmocka_unit_test_setup_teardown(test_failed_builds, setup, teardown),
        cmocka_unit_test_setup_teardown(test_concurrent, setup, teardown),
        cmocka_unit_test_setup_teardown(test_default_folder, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cap_evicts, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
