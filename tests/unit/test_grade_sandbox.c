/* test_grade_sandbox.c - `cudalab grade` with its emulation and check scripts
 * in the sandboxed child (grade/isolate.c), run for real:
 *
 * - the report is the same, to the byte, as the one made in-process
 *   (CUDALAB_SANDBOX=off), text and JSON, cold and warm cache, for a
 *   passing file, files with hazards (hidden sizes among them), a day's
 *   program and a day judged by a check script;
 * - a planted read (CUDALAB_SANDBOX_TEST_READ: the child opens the path once
 *   it is shut in, and stops the grade if it can) of the reference's source
 *   and of /etc/passwd is refused, and a read of the day's
 *   own file, which the child may read, is caught: the hook works;
 * - the child fills the cache's reference outputs (it may write there).
 * `--progress` says which walls were put up. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "core/core.h"
#include "run_cudalab.h"
#include "core/sandbox.h"

static char work[64];

/* Run cudalab with env and args; stdout into out, stderr into err. */
static int run(const char *env, const char *args, cl_str *out, cl_str *err)
{
    return run_cudalab(work, env, args, out, err);
}

/* The JSON without its timings ("seconds" anywhere), printed again. */
static char *without_seconds(const char *text)
{
    cJSON *j = cJSON_Parse(text);
    if (!j) fail_msg("not JSON: %.200s", text);
    cJSON *stack[64];
    int n = 0;
    stack[n++] = j;
    while (n) {
        cJSON *o = stack[--n];
        cJSON_DeleteItemFromObjectCaseSensitive(o, "seconds");
        for (cJSON *c = o->child; c; c = c->next)
            if ((cJSON_IsObject(c) || cJSON_IsArray(c)) && n < 64) stack[n++] = c;
    }
    char *s = cJSON_Print(j);
    cJSON_Delete(j);
    return s;
}

/* A wall-clock time in the line: a digit, " s" or " ms", then no letter. */
static bool has_time(const char *line, size_t n)
{
    for (size_t i = 1; i + 2 < n; i++) {
        size_t at = line[i + 1] == 'm' ? i + 2 : i + 1;
        if (line[i] == ' ' && line[i - 1] >= '0' && line[i - 1] <= '9' && at < n &&
            line[at] == 's' && (at + 1 >= n || !((line[at + 1] | 32) >= 'a' && (line[at + 1] | 32) <= 'z')))
            return true;
    }
    return false;
}

/* The text report without the lines that hold a wall-clock time. */
static char *without_times(const char *text)
{
    cl_str b = {0};
    for (const char *line = text; *line;) {
        const char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line) + 1 : strlen(line);
        if (!has_time(line, n)) cl_str_addn(&b, line, n);
        line += n;
    }
    return b.len ? cl_str_take(&b) : cl_strdup("");
}

/* One file graded in the sandbox and in-process: the same exit, the same
 * JSON and text but for timings. */
static void same_both_ways(const char *env, const char *args)
{
    const char *const ways[] = {"", "CUDALAB_SANDBOX=off", ""}; /* cold, warm, warm */
    char *json[3], *text[3];
    int rc[3];
    for (int w = 0; w < 3; w++) {
        cl_str out = {0}, err = {0}, tout = {0}, terr = {0};
        char *e = cl_sprintf("%s %s", env, ways[w]), *a = cl_sprintf("%s --json", args);
        rc[w] = run(e, a, &out, &err);
        if (rc[w] != 0 && rc[w] != 1) fail_msg("%s: exit %d: %s", args, rc[w], cl_str_cstr(&err));
        json[w] = without_seconds(cl_str_cstr(&out));
        assert_int_equal(run(e, args, &tout, &terr), rc[w]);
        text[w] = without_times(cl_str_cstr(&tout));
        free(e);
        free(a);
        cl_str_free(&out);
        cl_str_free(&err);
        cl_str_free(&tout);
        cl_str_free(&terr);
    }
    for (int w = 1; w < 3; w++) {
        assert_int_equal(rc[w], rc[0]);
        if (strcmp(json[w], json[0]) != 0)
            fail_msg("%s: the JSON differs between the sandbox and in-process:\n%s\n---\n%s", args,
                     json[0], json[w]);
        assert_string_equal(text[w], text[0]);
    }
    for (int w = 0; w < 3; w++) free(json[w]), free(text[w]);
}

static int setup(void **state)
{
    (void)state;
    strcpy(work, "/tmp/cudalab-sbgrade-XXXXXX");
    return mkdtemp(work) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = cl_sprintf("rm -rf %s", work);
    int rc = system(cmd);
    free(cmd);
    return rc;
}

static void test_same_report(void **state)
{
    (void)state;
    same_both_ways("", "grade 23 solutions/day23-shuffles/shuffles.cu --seed 3");
    same_both_ways("", "grade 23 days/day23-shuffles/fixtures/ladder_under_if.cu");
    same_both_ways("", "grade 14 tests/hostile/day14/hidden_size_in_hazards.cu");
    same_both_ways("", "grade 81 tests/e2e/submissions/day81/loop_limit.cu");
    same_both_ways("CUDALAB_COURSE=" CUDALAB_TEST_DIR "/../examples",
                   "grade 8 " CUDALAB_TEST_DIR "/../examples/solutions/day08-saxpy/saxpy.cu");
}

static int files_in(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) n += e->d_name[0] != '.';
    if (d) closedir(d);
    return n;
}

static void test_planted_read(void **state)
{
    (void)state;
    cl_sandbox_support have;
    cl_sandbox_probe(&have);
    const char *file = "grade 23 solutions/day23-shuffles/shuffles.cu --progress";
    cl_str out = {0}, err = {0};
    /* the walls are named */
    assert_int_equal(run("", file, &out, &err), 0);
    assert_non_null(strstr(cl_str_cstr(&err), "progress: sandbox: "));
    if (have.landlock_abi)
        assert_non_null(strstr(cl_str_cstr(&err), "progress: sandbox: Landlock (ABI"));
    char *oracle = cl_sprintf("%s/cache/build/oracle", work);
    assert_true(files_in(oracle) > 0); /* the child stored the reference's outputs */
    free(oracle);
    if (!have.landlock_abi) {
        cl_str_free(&out);
        cl_str_free(&err);
        skip();
    }
    /* the reference's source and /etc/passwd: refused, the grade as ever */
    const char *outside[] = {"CUDALAB_SANDBOX_TEST_READ=$PWD/solutions/day23-shuffles/shuffles.cu",
                             "CUDALAB_SANDBOX_TEST_READ=/etc/passwd"};
    for (size_t i = 0; i < sizeof outside / sizeof *outside; i++) {
        out.len = err.len = 0;
        assert_int_equal(run(outside[i], file, &out, &err), 0);
        assert_null(strstr(cl_str_cstr(&err), "let its emulation open"));
    }
    /* the day's own file may be read: the hook sees it open, and says so */
    out.len = err.len = 0;
    assert_int_equal(run("CUDALAB_SANDBOX_TEST_READ=$PWD/days/day23-shuffles/day.yaml", file, &out,
                         &err), 2);
    assert_non_null(strstr(cl_str_cstr(&err), "let its emulation open"));
    cl_str_free(&out);
    cl_str_free(&err);
}

/* doctor says which walls a grade puts up here. */
static void test_doctor(void **state)
{
    (void)state;
    cl_sandbox_support have;
    cl_sandbox_probe(&have);
    cl_str out = {0}, err = {0};
    run("", "doctor", &out, &err);
    assert_non_null(strstr(cl_str_cstr(&out), "sandbox     the emulation in a child behind "));
    if (have.landlock_abi) assert_non_null(strstr(cl_str_cstr(&out), "Landlock (ABI"));
    assert_non_null(strstr(cl_str_cstr(&out), "nvcc sees "));
    cl_str_free(&out);
    cl_str_free(&err);
    run("CUDALAB_SANDBOX=off", "doctor", &out, &err);
    assert_non_null(strstr(cl_str_cstr(&out), "sandbox     none: CUDALAB_SANDBOX=off"));
    assert_non_null(strstr(cl_str_cstr(&out), "nvcc sees every file (CUDALAB_SANDBOX=off)"));
    cl_str_free(&out);
    cl_str_free(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_report),
        cmocka_unit_test(test_planted_read),
        cmocka_unit_test(test_doctor),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
