/* cmocka.h - a stand-in for the part of cmocka that the GPU tests use, for
 * bench/gpu_check.sh on a GPU machine where cmocka is not installed (and
 * cannot be). Everywhere else the tests build against the real cmocka. A
 * failed assertion or skip() leaves the test through longjmp, as cmocka does;
 * the exit status is the number of failed tests. */
#ifndef CUDALAB_CMOCKA_STANDIN_H
#define CUDALAB_CMOCKA_STANDIN_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef void (*CMUnitTestFunction)(void **state);
typedef int (*CMFixtureFunction)(void **state);

struct CMUnitTest {
    const char *name;
    CMUnitTestFunction test_func;
};

#define cmocka_unit_test(f) {#f, f}

enum { CM_PASS, CM_FAIL, CM_SKIP };
static jmp_buf cm_jump;
static int cm_result;

__attribute__((format(printf, 3, 4), noreturn, unused)) static void
cm_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stdout, "%s:%d: error: ", file, line);
    vfprintf(stdout, fmt, ap);
    fprintf(stdout, "\n");
    va_end(ap);
    cm_result = CM_FAIL;
    longjmp(cm_jump, 1);
}

#define fail_msg(...) cm_fail(__FILE__, __LINE__, __VA_ARGS__)
#define print_message(...) (printf(__VA_ARGS__), fflush(stdout))
#define skip() (cm_result = CM_SKIP, longjmp(cm_jump, 1))
#define assert_true(c) \
    do { if (!(c)) fail_msg("%s is false", #c); } while (0)
#define assert_false(c) \
    do { if (c) fail_msg("%s is true", #c); } while (0)
#define assert_non_null(p) \
    do { if ((p) == NULL) fail_msg("%s is NULL", #p); } while (0)
#define assert_null(p) \
    do { if ((p) != NULL) fail_msg("%s is not NULL", #p); } while (0)
#define assert_int_equal(a, b)                                                          \
    do {                                                                                \
        unsigned long long a_ = (unsigned long long)(a), b_ = (unsigned long long)(b); \
        if (a_ != b_) fail_msg("%s == %lld, not %lld", #a, (long long)a_, (long long)b_); \
    } while (0)
#define assert_string_equal(a, b)                                                  \
    do {                                                                           \
        const char *a_ = (a), *b_ = (b);                                           \
        if (strcmp(a_, b_) != 0) fail_msg("\"%s\" != \"%s\"", a_, b_);            \
    } while (0)
#define assert_memory_equal(a, b, n) \
    do { if (memcmp((a), (b), (n)) != 0) fail_msg("%s and %s differ", #a, #b); } while (0)

static int cm_run(const struct CMUnitTest *t, size_t n, CMFixtureFunction setup,
                  CMFixtureFunction teardown)
{
    volatile int failed = 0, skipped = 0; /* live across longjmp */
    void *state = NULL;
    printf("[==========] Running %zu test(s).\n", n);
    if (setup && setup(&state) != 0) {
        printf("[  ERROR   ] group setup failed\n");
        return (int)n;
    }
    for (size_t i = 0; i < n; i++) {
        printf("[ RUN      ] %s\n", t[i].name);
        fflush(stdout);
        cm_result = CM_PASS;
        if (setjmp(cm_jump) == 0) t[i].test_func(&state);
        failed += cm_result == CM_FAIL;
        skipped += cm_result == CM_SKIP;
        printf("%s %s\n", cm_result == CM_PASS ? "[       OK ]" : cm_result == CM_SKIP
                                               ? "[  SKIPPED ]" : "[  FAILED  ]", t[i].name);
        fflush(stdout);
    }
    if (teardown) teardown(&state);
    printf("[==========] %zu test(s) run: %zu passed, %d failed, %d skipped.\n", n,
           n - (size_t)failed - (size_t)skipped, failed, skipped);
    return failed;
}

#define cmocka_run_group_tests(tests, setup, teardown) \
    cm_run(tests, sizeof(tests) / sizeof((tests)[0]), setup, teardown)

#endif
