/* test_build_cache_cap.c - the build cache's size cap (grader/build/cache_cap.c)
 * on a cache folder made by hand: the least recently used entries go first,
 * and only as many as the new entry needs; builds and oracle outputs are
 * both entries; an entry used in the last minute, a scratch folder and a
 * half-written entry are never removed; a touch makes an entry the newest;
 * a second trimmer waits its turn by skipping; CUDALAB_CACHE_MAX is read;
 * a temporary file an hour old (its writer killed) is removed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "build/build.h"

static char dir[64];

/* A file of bytes bytes at rel in the cache, last used age seconds ago. */
static void entry(const char *rel, size_t bytes, int age)
{
    char *path = cl_sprintf("%s/%s", dir, rel), *folder = cl_strdup(path);
    *strrchr(folder, '/') = '\0';
    assert_int_equal(cl_mkdirs(folder, NULL), CL_OK);
    char *data = cl_calloc(bytes + 1, 1);
    assert_int_equal(cl_write_file_atomic(path, data, bytes, NULL), CL_OK);
    struct timespec t[2] = {{time(NULL) - age, 0}, {time(NULL) - age, 0}};
    assert_int_equal(utimensat(AT_FDCWD, path, t, 0), 0);
    free(data);
    free(folder);
    free(path);
}

static bool exists(const char *rel)
{
    char *path = cl_sprintf("%s/%s", dir, rel);
    bool yes = cl_file_exists(path);
    free(path);
    return yes;
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/cudalab-cap-test-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = cl_sprintf("rm -rf '%s'", dir);
    int rc = system(cmd);
    free(cmd);
    unsetenv("CUDALAB_CACHE_MAX");
    return rc;
}

/* Five entries of 1000 bytes, cap 5400: a new one of 2500 needs three to
 * go, the three used longest ago (a build, an oracle output and a stored
 * input alike). */
static void test_lru_order(void **state)
{
    (void)state;
    entry("ab/ab01.entry", 1000, 400);
    entry("oracle/0123abcd", 1000, 500); /* the oldest */
    entry("cd/cd02.entry", 1000, 300);
    entry("oracle/4567abcd", 1000, 200);
    entry("input/89abcdef", 1000, 350);
    setenv("CUDALAB_CACHE_MAX", "5400", 1);
    build_cache_make_room(dir, 2500);
    assert_false(exists("oracle/0123abcd"));
    assert_false(exists("ab/ab01.entry"));
    assert_false(exists("input/89abcdef"));
    assert_true(exists("cd/cd02.entry"));
    assert_true(exists("oracle/4567abcd"));
    build_cache_usage u;
    build_cache_measure(dir, &u);
    assert_int_equal(u.entries, 2);
    assert_int_equal(u.bytes, 2000);
    /* Room enough already: nothing goes. */
    build_cache_make_room(dir, 3400);
    build_cache_measure(dir, &u);
    assert_int_equal(u.entries, 2);
}

/* A hit touches the entry: the one that was oldest is now kept. */
static void test_touch_makes_newest(void **state)
{
    (void)state;
    entry("ab/ab01.entry", 1000, 900);
    entry("cd/cd02.entry", 1000, 800);
    char *first = cl_sprintf("%s/ab/ab01.entry", dir);
    build_cache_touch(first);
    free(first);
    setenv("CUDALAB_CACHE_MAX", "1500", 1);
    build_cache_make_room(dir, 0);
    assert_true(exists("ab/ab01.entry"));
    assert_false(exists("cd/cd02.entry"));
}

/* Entries used in the last minute (another grader of the batch may read
 * them next), scratch folders and half-written entries stay, over the cap. */
static void test_never_in_use(void **state)
{
    (void)state;
    entry("ab/ab01.entry", 1000, 5);
    entry("oracle/89abcdef", 1000, 10);
    entry("tmp/scratch-1/x.cu", 5000, 900);
    entry("cd/cd02.entry.tmp.Ab12Cd", 1000, 900);
    entry("oracle/0123.tmp.Xy34Zw", 1000, 3599);
    entry("ef/ef03.entry", 1000, 900);
    setenv("CUDALAB_CACHE_MAX", "1", 1);
    build_cache_make_room(dir, 100);
    assert_false(exists("ef/ef03.entry"));
    assert_true(exists("ab/ab01.entry"));
    assert_true(exists("oracle/89abcdef"));
    assert_true(exists("tmp/scratch-1/x.cu"));
    assert_true(exists("cd/cd02.entry.tmp.Ab12Cd"));
    assert_true(exists("oracle/0123.tmp.Xy34Zw"));
    build_cache_usage u;
    build_cache_measure(dir, &u);
    assert_int_equal(u.entries, 2); /* the scratch and the temporary file are not entries */
}

/* While another process trims (it holds trim.lock), this one removes
 * nothing; once it is done, this one trims. */
static void test_one_trimmer(void **state)
{
    (void)state;
    entry("ab/ab01.entry", 1000, 900);
    entry("cd/cd02.entry", 1000, 800);
    setenv("CUDALAB_CACHE_MAX", "1000", 1);
    int ready[2], done[2];
    assert_int_equal(pipe(ready), 0);
    assert_int_equal(pipe(done), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char *lock = cl_sprintf("%s/trim.lock", dir);
        int fd = open(lock, O_RDWR | O_CREAT, 0644);
        char c = 'x';
        if (fd < 0 || flock(fd, LOCK_EX) != 0 || write(ready[1], &c, 1) != 1) _exit(1);
        _exit(read(done[0], &c, 1) == 1 ? 0 : 1); /* holds the lock until told */
    }
    char c;
    assert_int_equal(read(ready[0], &c, 1), 1);
    build_cache_make_room(dir, 0);
    assert_true(exists("ab/ab01.entry"));
    assert_true(exists("cd/cd02.entry"));
    assert_int_equal(write(done[1], "x", 1), 1);
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    build_cache_make_room(dir, 0);
    assert_false(exists("ab/ab01.entry"));
    assert_true(exists("cd/cd02.entry"));
    for (int i = 0; i < 2; i++) close(ready[i]), close(done[i]);
}

/* A temporary file an hour old was left by a writer killed before its
 * rename (kill -9): a trim removes it, in any of the entry folders, even
 * with nothing to evict; a younger one may still be written and stays, and
 * so do the entries and the scratch folders. */
static void test_abandoned_temporaries(void **state)
{
    (void)state;
    static const struct { const char *rel; int age; bool stays; } files[] = {
        {"ab/ab01.entry", 7200, true},                   /* an entry: evicted only for room */
        {"ab/ab01.entry.tmp.Q1w2E3", 3600, false},       /* an hour old: abandoned */
        {"oracle/89abcdef.tmp.R4t5Y6", 86400, false},
        {"input/0f1e.tmp.U7i8O9", 5000, false},
        {"cd/cd02.entry.tmp.P0a1S2", 3000, true},        /* maybe still being written */
        {"tmp/scratch-2/y.cu.tmp.D3f4G5", 86400, true},  /* a build's scratch folder: not the cache's */
    };
    const size_t n = sizeof files / sizeof files[0];
    for (size_t i = 0; i < n; i++) entry(files[i].rel, 1000, files[i].age);
    setenv("CUDALAB_CACHE_MAX", "1G", 1);
    build_cache_make_room(dir, 0);
    for (size_t i = 0; i < n; i++)
        if (exists(files[i].rel) != files[i].stays)
            fail_msg("%s: %s after the trim", files[i].rel, files[i].stays ? "gone" : "still there");
}

static void test_cap_setting(void **state)
{
    (void)state;
    uint64_t v = 0;
    assert_int_equal(build_cache_parse_size("512M", &v), CL_OK);
    assert_int_equal(v, 512ull << 20);
    assert_int_equal(build_cache_parse_size("2GiB", &v), CL_OK);
    assert_int_equal(v, 2ull << 30);
    assert_int_equal(build_cache_parse_size("1000", &v), CL_OK);
    assert_int_equal(v, 1000);
    assert_int_equal(build_cache_parse_size("0", &v), CL_OK);
    assert_int_equal(v, 0);
    assert_int_not_equal(build_cache_parse_size("-1", &v), CL_OK);
    assert_int_not_equal(build_cache_parse_size("12X", &v), CL_OK);
    assert_int_not_equal(build_cache_parse_size("99999999999999999999", &v), CL_OK);
    assert_int_not_equal(build_cache_parse_size("99999999999T", &v), CL_OK);
    unsetenv("CUDALAB_CACHE_MAX");
    assert_int_equal(build_cache_cap(), 1ull << 30);
    setenv("CUDALAB_CACHE_MAX", "64K", 1);
    assert_int_equal(build_cache_cap(), 64ull << 10);
    setenv("CUDALAB_CACHE_MAX", "lots", 1);
    assert_int_equal(build_cache_cap(), 1ull << 30);
    /* 0: no cap; nothing is removed. */
    setenv("CUDALAB_CACHE_MAX", "0", 1);
    entry("ab/ab01.entry", 1000, 900);
    build_cache_make_room(dir, 1u << 30);
    assert_true(exists("ab/ab01.entry"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_lru_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_touch_makes_newest, setup, teardown),
        cmocka_unit_test_setup_teardown(test_never_in_use, setup, teardown),
        cmocka_unit_test_setup_teardown(test_abandoned_temporaries, setup, teardown),
        cmocka_unit_test_setup_teardown(test_one_trimmer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cap_setting, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
