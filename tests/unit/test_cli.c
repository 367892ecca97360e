/* test_cli.c - the cudalab executable's exit codes and messages, run for real
 * against a small course made in a temporary folder. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "core/core.h"

static char course[64];

static const char manifest[] =
    "day: 7\n"
    "slug: day07-demo\n"
    "title: A demo day\n"
    "topic: demo\n"
    "student_file: demo.cu\n"
    "launch: {block: 256, grid: 1, about: one block}\n"
    "kernels:\n"
    "  - name: demo\n"
    "    summary: does nothing\n"
    "    params: [{type: float*, name: out, length: n}]\n"
    "    checks: [correctness]\n"
    "sizes: {course: {n: 1}, hidden: []}\n";

static void put(const char *rel, const char *text)
{
    char *path = cl_sprintf("%s/%s", course, rel);
    char *dir = cl_strdup(path);
    *strrchr(dir, '/') = '\0';
    assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
    assert_int_equal(cl_write_file_atomic(path, text, strlen(text), NULL), CL_OK);
    free(path);
    free(dir);
}

/* Run cudalab with args; return its exit code, its stdout and stderr in out. */
static int run(const char *args, cl_str *out)
{
    char *cmd = cl_sprintf("CUDALAB_COURSE=%s CUDALAB_WORKSPACE=%s/work %s %s 2>&1", course,
                           course, CUDALAB_BINARY, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) cl_str_addn(out, buf, n);
    int status = pclose(p);
    free(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int setup(void **state)
{
    (void)state;
    strcpy(course, "/tmp/cudalab-cli-XXXXXX");
    assert_non_null(mkdtemp(course));
    put("days/day07-demo/day.yaml", manifest);
    put("days/day07-demo/README.md", "# Demo\n");
    put("templates/day07-demo/demo.cu", "// TODO: template\n");
    put("solutions/day07-demo/demo.cu", "__global__ void demo(float *out) { out[0] = 1; }\n");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = cl_sprintf("rm -rf %s", course);
    int rc = system(cmd);
    free(cmd);
    return rc;
}

static void test_help(void **state)
{
    (void)state;
    cl_str out = {0};
    assert_int_equal(run("--help", &out), 0);
    assert_non_null(strstr(out.s, "cudalab list"));
    assert_non_null(strstr(out.s, "cudalab reset DAY"));
    cl_str_free(&out);
    assert_int_equal(run("reset --help", &out), 0);
    assert_non_null(strstr(out.s, "usage: cudalab reset DAY"));
    cl_str_free(&out);
}

static void test_unknown_command(void **state)
{
    (void)state;
    cl_str out = {0};
    assert_int_equal(run("frobnicate", &out), 2);
    assert_non_null(strstr(out.s, "unknown command 'frobnicate'"));
    cl_str_free(&out);
}

static void test_list(void **state)
{
    (void)state;
    cl_str out = {0};
    assert_int_equal(run("list", &out), 0);
    assert_non_null(strstr(out.s, "day07-demo"));
    assert_non_null(strstr(out.s, "A demo day"));
    assert_non_null(strstr(out.s, "not started"));
    cl_str_free(&out);
}

static void test_list_bad_manifest(void **state)
{
    (void)state;
    put("days/day08-broken/day.yaml", "day: 8\nslug: day08-broken\ntitel: x\n");
    cl_str out = {0};
    assert_int_equal(run("list", &out), 2);
    assert_non_null(strstr(out.s, "day07-demo"));
    assert_non_null(strstr(out.s, "days/day08-broken/day.yaml:3:1: unknown key 'titel'"));
    cl_str_free(&out);
    assert_int_equal(run("reset 8", &out), 2);
    assert_non_null(strstr(out.s, "day.yaml:3:1: unknown key 'titel'"));
    cl_str_free(&out);
    char *cmd = cl_sprintf("rm -rf %s/days/day08-broken", course);
    assert_int_equal(system(cmd), 0);
    free(cmd);
}

/* A day whose manifest loads but whose reference solution (the oracle) or
 * template is missing is listed as one that cannot be graded, with the
 * reason; list exits 2, and grading it is refused with the same reason. */
static void test_list_ungradable(void **state)
{
    (void)state;
    char *yaml = cl_strdup(manifest);
    memcpy(strstr(yaml, "day: 7"), "day: 9", 6);
    memcpy(strstr(yaml, "day07-demo"), "day09-demo", 10);
    put("days/day09-demo/day.yaml", yaml);
    put("days/day09-demo/README.md", "# Demo\n");
    put("templates/day09-demo/demo.cu", "// TODO: template\n");
    cl_str out = {0};
    assert_int_equal(run("list", &out), 2);
    assert_non_null(strstr(out.s, "day09-demo"));
    assert_non_null(strstr(out.s, "cannot be graded"));
    assert_non_null(strstr(out.s, "day09-demo: no reference solution: "));
    assert_non_null(strstr(out.s, "solutions/day09-demo/demo.cu is missing"));
    assert_non_null(strstr(out.s, "0 of 1 days passing and honest"));
    cl_str_free(&out);
    assert_int_equal(run("grade 9", &out), 2);
    assert_non_null(strstr(out.s, "day09-demo cannot be graded: no reference solution"));
    cl_str_free(&out);
    /* With the solution and no template it is the template that is missing. */
    put("solutions/day09-demo/demo.cu", "__global__ void demo(float *out) { out[0] = 1; }\n");
    char *tpl = cl_sprintf("%s/templates/day09-demo/demo.cu", course);
    assert_int_equal(remove(tpl), 0);
    free(tpl);
    assert_int_equal(run("list", &out), 2);
    assert_non_null(strstr(out.s, "day09-demo: no template: "));
    cl_str_free(&out);
    char *cmd = cl_sprintf("rm -rf %s/days/day09-demo %s/solutions/day09-demo "
                           "%s/templates/day09-demo", course, course, course);
    assert_int_equal(system(cmd), 0);
    free(cmd);
    free(yaml);
    assert_int_equal(run("list", &out), 0);
    cl_str_free(&out);
}

static void test_reset_keeps_backup(void **state)
{
    (void)state;
    cl_str out = {0};
    assert_int_equal(run("reset 99", &out), 2);
    assert_non_null(strstr(out.s, "no day '99'"));
    cl_str_free(&out);
    assert_int_equal(run("reset", &out), 2);
    cl_str_free(&out);

    /* First reset: nothing to keep; the template appears. */
    assert_int_equal(run("reset day07", &out), 0);
    char *mine = cl_sprintf("%s/work/day07-demo/demo.cu", course);
    char *data;
    assert_int_equal(cl_read_file(mine, &data, NULL, NULL), CL_OK);
    assert_string_equal(data, "// TODO: template\n");
    free(data);
    cl_str_free(&out);

    /* The student's work is kept when they reset again. */
    assert_int_equal(cl_write_file_atomic(mine, "my work\n", 8, NULL), CL_OK);
    assert_int_equal(run("reset day07-demo", &out), 0);
    assert_non_null(strstr(out.s, "kept as"));
    char *dir = cl_sprintf("%s/work/backups/day07-demo", course);
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *de;
    int kept = 0;
    while ((de = readdir(d))) {
        if (strncmp(de->d_name, "demo.cu.", 8)) continue;
        char *b = cl_sprintf("%s/%s", dir, de->d_name);
        assert_int_equal(cl_read_file(b, &data, NULL, NULL), CL_OK);
        assert_string_equal(data, "my work\n");
        free(data);
        free(b);
        kept++;
    }
    closedir(d);
    assert_int_equal(kept, 1);
    assert_int_equal(run("list", &out), 0);
    assert_non_null(strstr(out.s, "started"));
    free(dir);
    free(mine);
    cl_str_free(&out);
}

static void test_no_course(void **state)
{
    (void)state;
    cl_str out = {0};
    char saved[64];
    strcpy(saved, course);
    strcpy(course, "/nonexistent-course");
    int rc = run("list", &out);
    strcpy(course, saved);
    assert_int_equal(rc, 2);
    assert_non_null(strstr(out.s, "days/ is missing"));
    cl_str_free(&out);
}

static void test_corrupt_state(void **state)
{
    (void)state;
    put("work/state.yaml", "version: 1\ndays: [oops\n");
    cl_str out = {0};
    assert_int_equal(run("list", &out), 0);
    assert_non_null(strstr(out.s, "progress file was unreadable"));
    assert_non_null(strstr(out.s, "state.yaml.corrupt-"));
    assert_non_null(strstr(out.s, "day07-demo"));
    cl_str_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_help),
        cmocka_unit_test(test_unknown_command),
        cmocka_unit_test(test_list),
        cmocka_unit_test(test_list_bad_manifest),
        cmocka_unit_test(test_list_ungradable),
        cmocka_unit_test(test_reset_keeps_backup),
        cmocka_unit_test(test_no_course),
        cmocka_unit_test(test_corrupt_state),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
