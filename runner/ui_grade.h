/* ui_grade.h - grading from the runner: `cudalab grade DAY FILE --json
 * --progress` in a child (ui_child.h), and what its exit status, stdout and
 * stderr mean.
 *
 * CUDALAB_GRADE_COMMAND, when set, is a shell command line used instead of
 * this binary (tests use a fake grader); the arguments follow it.
 *
 * Prefix: ui_grade_. */
#ifndef CUDALAB_UI_GRADE_H
#define CUDALAB_UI_GRADE_H

#include <stddef.h>

#include "report/result.h"

typedef enum ui_grade_kind {
    UI_GRADE_PASSED,     /* exit 0 with a report */
    UI_GRADE_NOT_PASSED, /* exit 1 with a report */
    UI_GRADE_CANNOT,     /* exit 2: could not grade, and said why */
    UI_GRADE_BROKEN,     /* anything else: a crash, unreadable output */
} ui_grade_kind;

typedef struct ui_grade_outcome {
    ui_grade_kind kind;
    report_result *result; /* PASSED, NOT_PASSED */
    char *reason;          /* CANNOT, BROKEN: what went wrong, for people */
    int checks_run, checks_passed;
} ui_grade_outcome;

/* The child's argv, NULL-terminated (free with ui_grade_argv_free). */
char **ui_grade_argv(const char *self_exe, const char *day, const char *file);
void ui_grade_argv_free(char **argv);
/* Read a finished grade. */
void ui_grade_interpret(int wait_status, const char *out, const char *err, ui_grade_outcome *o);
void ui_grade_outcome_free(ui_grade_outcome *o);
/* What the grade is doing, from what it printed on stderr so far: the last
 * of its "progress: STAGE" lines ("building", "running"), else "grading". */
void ui_grade_progress(const char *err, char *buf, size_t size);

#endif
