/* test_course_data.c - course data is validated before anything runs, and
 * what it says is what is used, with the real binary on a copy of the
 * course: a day 23 whose live columns exceed its stride (a heap overflow in
 * the harness before; now a broken `require` rule of its manifest) is
 * listed with day.yaml:LINE:COL and refused by
 * `grade` with exit 2; a day 14 whose manifest says sm_80 is built with
 * -arch=sm_80 (an nvcc that logs its arguments proves it). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "core/core.h"

#define SOURCE CUDALAB_TEST_DIR "/.."

static char work[64];

static void sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void sh(const char *fmt, ...)
{
    cl_str cmd = {0};
    va_list ap;
    va_start(ap, fmt);
    cl_str_vaddf(&cmd, fmt, ap);
    va_end(ap);
    int rc = system(cmd.s);
    if (rc != 0) fail_msg("'%s' failed (%d)", cmd.s, rc);
    cl_str_free(&cmd);
}

/* Replace `from` with `to` in a file of the copied course. */
static void edit(const char *rel, const char *from, const char *to)
{
    char *path = cl_sprintf("%s/course/%s", work, rel), *text = NULL;
    size_t len = 0;
    assert_int_equal(cl_read_file(path, &text, &len, NULL), CL_OK);
    char *at = strstr(text, from);
    if (!at) fail_msg("'%s' is not in %s", from, path);
    cl_str b = {0};
    cl_str_addn(&b, text, (size_t)(at - text));
    cl_str_add(&b, to);
    cl_str_add(&b, at + strlen(from));
    assert_int_equal(cl_write_file_atomic(path, b.s, b.len, NULL), CL_OK);
    cl_str_free(&b);
    free(text);
    free(path);
}

static int setup(void **state)
{
    (void)state;
    strcpy(work, "/tmp/cudalab-course-XXXXXX");
    if (!mkdtemp(work)) return -1;
    sh("mkdir -p %s/course/days %s/course/solutions %s/course/templates", work, work, work);
    for (int i = 0; i < 2; i++) {
        const char *day = i ? "day23-shuffles" : "day14-syncthreads";
        sh("cp -r %s/days/%s %s/course/days/ && cp -r %s/solutions/%s %s/course/solutions/ && "
           "cp -r %s/templates/%s %s/course/templates/", SOURCE, day, work, SOURCE, day, work,
           SOURCE, day, work);
    }
    /* An nvcc that writes down its arguments, then is the real one. */
    char *nvcc = cl_sprintf("%s/nvcc", work);
    char *script = cl_sprintf("#!/bin/sh\nprintf '%%s\\n' \"$@\" >>'%s/nvcc.log'\n"
                              "exec /usr/local/cuda/bin/nvcc \"$@\"\n", work);
    assert_int_equal(cl_write_file_atomic(nvcc, script, strlen(script), NULL), CL_OK);
    chmod(nvcc, 0755);
    free(script);
    free(nvcc);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = cl_sprintf("rm -rf '%s'", work);
    int rc = system(cmd);
    free(cmd);
    return rc;
}

/* cudalab ARGS on the copied course: stdout and stderr together in out. */
static int run(const char *args, cl_str *out)
{
    char *cmd = cl_sprintf("CUDALAB_COURSE='%s/course' CUDALAB_WORKSPACE='%s/ws' "
                           "CUDALAB_CACHE='%s/cache' CUDALAB_NVCC='%s/nvcc' NO_COLOR=1 '%s' %s 2>&1",
                           work, work, work, work, CUDALAB_BINARY, args);
    FILE *p = popen(cmd, "r");
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) cl_str_addn(out, buf, n);
    int status = pclose(p);
    free(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_live_past_stride_refused(void **state)
{
    (void)state;
    edit("days/day23-shuffles/day.yaml", "{rows: 1000, live: 7, stride: 32}",
         "{rows: 1000, live: 7, stride: 4}");
    /* The rule is the manifest's own `require`, broken by the size on
     * this line: the message is where the size is and which rule, why. */
    char *yaml = cl_sprintf("%s/course/days/day23-shuffles/day.yaml", work), *text = NULL;
    assert_int_equal(cl_read_file(yaml, &text, NULL, NULL), CL_OK);
    const char *at = strstr(text, "{rows: 1000, live: 7, stride: 4}");
    int line = 1, column = 1;
    for (const char *c = text; c < at; c++, column++)
        if (*c == '\n') line++, column = 0;
    free(text);
    char *where = cl_sprintf("%s:%d:%d: hidden size 3 (rows=1000 live=7 stride=4) breaks the rule "
                             "\"live <= stride\": the live columns lie inside a row of `stride` "
                             "floats; change the size or the rule", yaml, line, column);
    free(yaml);
    /* A title past list's 40 bytes is cut between characters: the output
     * stays UTF-8. */
    edit("days/day14-syncthreads/day.yaml", "title: Barriers with __syncthreads",
         "title: Barriers with __syncthreads, the block\xe2\x80\x94" "a barrier");
    cl_str list = {0}, grade = {0};
    int rc = run("list", &list);
    assert_true(cl_text_is_safe(list.s, list.len, CL_TEXT_KEEP_LINES));
    assert_non_null(strstr(list.s, "Barriers with __syncthreads, the block   not started"));
    if (rc != 2 || !strstr(list.s, where) || !strstr(list.s, "day23-shuffles       (cannot be opened"))
        fail_msg("list: exit %d, wanted 2 and '%s' in:\n%s", rc, where, list.s);
    rc = run("grade 23 --backend emu", &grade);
    if (rc != 2 || !strstr(grade.s, where) || strchr(grade.s, '\n') != grade.s + grade.len - 1)
        fail_msg("grade: exit %d, wanted 2 and one line with '%s':\n%s", rc, where, grade.s);
    cl_str_free(&list);
    cl_str_free(&grade);
    free(where);
}

static void test_arch_reaches_nvcc(void **state)
{
    (void)state;
    edit("days/day14-syncthreads/day.yaml", "arch: sm_75", "arch: sm_80");
    cl_str out = {0};
    char *file = cl_sprintf("'%s/course/solutions/day14-syncthreads/syncthreads.cu'", work);
    char *args = cl_sprintf("grade 14 %s --backend emu", file);
    int rc = run(args, &out);
    if (rc != 0) fail_msg("grade: exit %d:\n%s", rc, out.s);
    char *log_path = cl_sprintf("%s/nvcc.log", work), *log = NULL;
    assert_int_equal(cl_read_file(log_path, &log, NULL, NULL), CL_OK);
    if (!strstr(log, "\n-arch=sm_80\n") || strstr(log, "-arch=sm_75"))
        fail_msg("nvcc was not given the manifest's -arch=sm_80:\n%s", log);
    /* A manifest that tries to add flags is refused at load time. */
    edit("days/day14-syncthreads/day.yaml", "arch: sm_80", "arch: sm_80 -Xcompiler -fplugin=x.so");
    cl_str bad = {0};
    rc = run(args, &bad);
    if (rc != 2 || !strstr(bad.s, "day.yaml:7:7: 'arch' must be one of sm_75"))
        fail_msg("grade with a bad arch: exit %d:\n%s", rc, bad.s);
    cl_str_free(&bad);
    free(log);
    free(log_path);
    free(args);
    free(file);
    cl_str_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_live_past_stride_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_arch_reaches_nvcc, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
