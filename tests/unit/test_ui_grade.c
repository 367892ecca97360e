/* test_ui_grade.c - the grade child's command line, and reading what it
 * answered: a report (exit 0 or 1), a reason (exit 2), a crash, nonsense. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "ui_grade.h"

#define EXITED(code) ((code) << 8)

static char *fixture(const char *name)
{
    char *path = cl_sprintf("%s/tui/fixtures/%s", CUDALAB_TEST_DIR, name), *text = NULL;
    assert_int_equal(cl_read_file(path, &text, NULL, NULL), CL_OK);
    free(path);
    return text;
}

static void test_argv(void **state)
{
    (void)state;
    unsetenv("CUDALAB_GRADE_COMMAND");
    char **argv = ui_grade_argv("/opt/cudalab", "day23-shuffles", "/w/shuffles.cu");
    const char *want[] = {"/opt/cudalab", "grade", "day23-shuffles", "/w/shuffles.cu", "--json",
                          "--progress"};
    for (int i = 0; i < 6; i++) assert_string_equal(argv[i], want[i]);
    assert_null(argv[6]);
    ui_grade_argv_free(argv);
    setenv("CUDALAB_GRADE_COMMAND", "fake --slow", 1);
    argv = ui_grade_argv("/opt/cudalab", "day23-shuffles", "/w/shuffles.cu");
    assert_string_equal(argv[0], "/bin/sh");
    assert_string_equal(argv[2], "fake --slow \"$@\"");
    assert_string_equal(argv[4], "grade");
    assert_string_equal(argv[7], "--json");
    assert_string_equal(argv[8], "--progress");
    assert_null(argv[9]);
    ui_grade_argv_free(argv);
    unsetenv("CUDALAB_GRADE_COMMAND");
}

static void test_report(void **state)
{
    (void)state;
    char *json = fixture("day23-ballot.json");
    ui_grade_outcome o;
    ui_grade_interpret(EXITED(1), json, "building shuffles.cu\n", &o);
    assert_int_equal(o.kind, UI_GRADE_NOT_PASSED);
    assert_non_null(o.result);
    assert_int_equal(o.checks_run, 7);
    assert_int_equal(o.checks_passed, 6);
    assert_int_equal(o.result->nhazards, 1);
    assert_int_equal(o.result->hazards[0].source_lane, 20);
    ui_grade_outcome_free(&o);
    free(json);
    json = fixture("day23-fixed.json");
    ui_grade_interpret(EXITED(0), json, "", &o);
    assert_int_equal(o.kind, UI_GRADE_PASSED);
    assert_int_equal(o.checks_passed, 7);
    ui_grade_outcome_free(&o);
    free(json);
}

static void test_cannot_and_broken(void **state)
{
    (void)state;
    ui_grade_outcome o;
    ui_grade_interpret(EXITED(2), "", "progress: building\ncudalab: nvcc not found  \n\n", &o);
    assert_int_equal(o.kind, UI_GRADE_CANNOT);
    assert_string_equal(o.reason, "nvcc not found");
    ui_grade_outcome_free(&o);
    ui_grade_interpret(EXITED(2), "", "", &o);
    assert_non_null(strstr(o.reason, "said nothing"));
    ui_grade_outcome_free(&o);
    ui_grade_interpret(SIGSEGV, "", "", &o);
    assert_int_equal(o.kind, UI_GRADE_BROKEN);
    assert_non_null(strstr(o.reason, "signal 11"));
    ui_grade_outcome_free(&o);
    ui_grade_interpret(EXITED(1), "{ not json", "", &o);
    assert_int_equal(o.kind, UI_GRADE_BROKEN);
    assert_non_null(strstr(o.reason, "could not be read"));
    ui_grade_outcome_free(&o);
    ui_grade_interpret(EXITED(3), "", "boom\n", &o);
    assert_int_equal(o.kind, UI_GRADE_BROKEN);
    assert_string_equal(o.reason, "the grader exited with status 3: boom");
    ui_grade_outcome_free(&o);
}

static void test_progress(void **state)
{
    (void)state;
    char buf[64];
    ui_grade_progress("", buf, sizeof buf);
    assert_string_equal(buf, "grading");
    ui_grade_progress("cudalab: a warning\n", buf, sizeof buf);
    assert_string_equal(buf, "grading");
    ui_grade_progress("progress: building...\n", buf, sizeof buf);
    assert_string_equal(buf, "building");
    ui_grade_progress("progress: building\ncudalab: a warning\nprogress: running…\n", buf,
                      sizeof buf);
    assert_string_equal(buf, "running");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_argv),
        cmocka_unit_test(test_report),
        cmocka_unit_test(test_cannot_and_broken),
        cmocka_unit_test(test_progress),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
