/* test_pack_student.c - `pack student` on a small course of its own: the
 * edition's day.yaml is written from the parsed manifest (no hidden size,
 * no comment near one, wherever it stands), the self-check finds a hidden
 * size in any byte shipped (a README, a doc), and a folder inside the
 * course is refused before anything is written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "days/day.h"
#include "pack.h"

#define DAY14 CUDALAB_TEST_DIR "/../days/day14-syncthreads/day.yaml"

static char top[] = "/tmp/cudalab-pack-student-XXXXXX";
static char *root; /* the small course */

static void put(const char *rel, const char *text)
{
    char *path = cl_path_join(root, rel), *slash = strrchr(path, '/');
    *slash = '\0';
    assert_int_equal(cl_mkdirs(path, NULL), CL_OK);
    *slash = '/';
    assert_int_equal(cl_write_file_atomic(path, text, strlen(text), NULL), CL_OK);
    free(path);
}

__attribute__((noinline)) static char *slurp(const char *path)
{
    char *text = NULL;
    assert_int_equal(cl_read_file(path, &text, NULL, NULL), CL_OK);
    return text;
}

/* Day 14's manifest with its hidden list replaced by list. */
static char *day14_with(const char *list)
{
    char *text = slurp(DAY14), *at = strstr(text, "  hidden:\n"), *end = strstr(text, "hints:");
    assert_non_null(at);
    assert_non_null(end);
    char *out = cl_sprintf("%.*s%s%s", (int)(at - text), text, list, end);
    free(text);
    return out;
}

static int setup(void **state)
{
    (void)state;
    if (!mkdtemp(top)) return -1;
    root = cl_path_join(top, "course");
    put("CMakeLists.txt", "project(x)\n");
    put("README.md", "# a course\n");
    put("cudalab", "#!/bin/sh\n");
    put("grader/CMakeLists.txt", "# the tool: {n: 77777} is a generic example here\n");
    put("runner/x.c", "int x;\n");
    put("scripts/x.sh", "true\n");
    put("docs/classroom/classroom.yml", "env:\n  CUDA: \"12-8\"\n");
    put("templates/day14-syncthreads/syncthreads.cu", "// your code\n");
    put("solutions/day14-syncthreads/syncthreads.ptx", "// the reference, as PTX\n");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd[] = {"rm", "-rf", top, NULL};
    pid_t pid = fork();
    if (pid == 0) execvp(cmd[0], cmd), _exit(127);
    int status = 0;
    waitpid(pid, &status, 0);
    free(root);
    return 0;
}

static void expect_clean(const char *list, const char *gone)
{
    char *text = day14_with(list), *out = NULL;
    cl_error err = {0};
    assert_int_equal(pack_strip_hidden(DAY14, text, strlen(text), &out, &err), CL_OK);
    if (strstr(out, gone)) fail_msg("'%s' is still there:\n%s", gone, out);
    day_manifest *m = NULL;
    assert_int_equal(day_manifest_parse(DAY14, out, strlen(out), &m, &err), CL_OK);
    assert_int_equal(m->nhidden, 0);
    assert_int_equal(m->course.values[0], 1048576);
    assert_non_null(strstr(out, "hidden: []"));
    assert_non_null(strstr(out, "hints:"));
    day_manifest_free(m);
    free(out);
    free(text);
}

/* The comments the text cut kept (issue 34): on the last item's line, on
 * the lines after it, after a flow list's ']'. */
static void test_manifest_from_parsed(void **state)
{
    (void)state;
    expect_clean("  hidden:\n    - {n: 77777}\n    - {n: 4099}  # 4099: SECRET on its line\n", "SECRET");
    expect_clean("  hidden:\n    - {n: 77777}\n    - {n: 4099}\n    # SECRET after it\n  # and SECRET\n",
                 "SECRET");
    expect_clean("  hidden: [{n: 77777},\n           {n: 4099}]  # SECRET after the flow list\n", "SECRET");
    expect_clean("  hidden:\n    - {n: 77777}\n    - {n: 4099}\n", "77777");
    expect_clean("  hidden:\n    - n: 77777\n    - n: 4099\n  # n=4099 SECRET\n", "4099");
}

static cl_status pack(const char *dir, cl_error *err)
{
    day_course *c = NULL;
    pack_sink *s = NULL;
    assert_int_equal(day_course_load(root, &c, err), CL_OK);
    cl_status st = pack_student(c, dir, &s, err);
    pack_sink_free(s);
    day_course_free(c);
    return st;
}

/* A hidden size anywhere in what is shipped stops the edition. */
static void test_self_check_greps_every_byte(void **state)
{
    (void)state;
    char *yaml = day14_with("  hidden:\n    - {n: 77777}\n    - {n: 4099}\n");
    put("days/day14-syncthreads/day.yaml", yaml);
    free(yaml);
    static const struct {
        const char *rel, *text, *says;
    } leaks[] = {
        {"days/day14-syncthreads/README.md", "Watch out for n=77777.\n", "n=77777"},
        {"docs/notes.md", "Day 14 is also graded at\n\n    n: 4099\n", "n: 4099"},
    };
    for (size_t i = 0; i < sizeof leaks / sizeof *leaks; i++) {
        put(leaks[i].rel, leaks[i].text);
        char *out = cl_sprintf("%s/edition%zu", top, i);
        cl_error err = {0};
        assert_int_equal(pack(out, &err), CL_INTERNAL);
        if (!strstr(err.message, leaks[i].rel) || !strstr(err.message, leaks[i].says))
            fail_msg("case %zu: %s", i, err.message);
        put(leaks[i].rel, "nothing hidden\n");
        free(out);
    }
    /* Clean: written, its manifest holds neither size; the tool's code,
     * which every course shares, is not judged. The checkout's README.md is
     * not shipped (the edition's is written for students), so a hidden size
     * there goes nowhere. */
    put("README.md", "sizes: {n: 4099}\n");
    char *out = cl_sprintf("%s/edition", top), *day = cl_sprintf("%s/days/day14-syncthreads/day.yaml", out);
    cl_error err = {0};
    cl_status st = pack(out, &err);
    if (st != CL_OK) fail_msg("%s", err.message);
    char *text = slurp(day);
    assert_null(strstr(text, "77777"));
    assert_null(strstr(text, "4099"));
    free(text);
    char *readme = cl_sprintf("%s/README.md", out);
    text = slurp(readme);
    assert_null(strstr(text, "4099"));
    assert_non_null(strstr(text, "./cudalab grade 14"));
    free(text);
    free(readme);
    free(day);
    free(out);
}

/* Inside the course the edition would copy itself without end. */
static void test_inside_course_refused(void **state)
{
    (void)state;
    const char *inside[] = {"docs/edition", "new/deeper/edition", "."};
    for (size_t i = 0; i < sizeof inside / sizeof *inside; i++) {
        char *dir = cl_path_join(root, inside[i]);
        cl_error err = {0};
        assert_int_equal(pack(dir, &err), CL_USAGE);
        assert_non_null(strstr(err.message, "inside the course"));
        if (i < 2) assert_false(cl_dir_exists(dir));
        free(dir);
    }
    /* the same through a symbolic link from outside */
    char *link = cl_path_join(top, "link"), *via = cl_path_join(top, "link/docs/edition2");
    assert_int_equal(symlink(root, link), 0);
    cl_error err = {0};
    assert_int_equal(pack(via, &err), CL_USAGE);
    free(link);
    free(via);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_manifest_from_parsed),
        cmocka_unit_test(test_self_check_greps_every_byte),
        cmocka_unit_test(test_inside_course_refused),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
