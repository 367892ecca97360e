/* cmd_tutor.c - what the runner does for a learner, on the command line:
 * `cudalab show DAY` (the exercise text), `cudalab hint DAY` (the next hint,
 * remembered in state.yaml as the runner's h remembers it), `cudalab next`
 * (the first day not passed) and `cudalab verify` (grade every day started). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "grade/grade.h"
#include "report/text.h"
#include "ui_daydoc.h"
#include "workspace.h"

/* The terminal's columns, 100 where stdout is no terminal (a pipe, a file). */
static int columns(void)
{
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40)
        return ws.ws_col;
    return 100;
}

/* The day's exercise as the day screen draws it, hints up to `hints`. */
static int print_exercise(const day_course *c, const day_manifest *m, int hints)
{
    char *path = NULL, *readme = NULL, *readme_path = day_readme_path(m);
    bool created = false;
    cl_error err = {0};
    int rc = CLI_PASSED;
    if (ws_ensure_student_file(c, m, &path, &created, &err) != CL_OK) {
        char line[1600];
        cl_error_format(&err, line, sizeof line);
        rc = cli_cannot("%s", line);
    } else {
        if (cl_read_file(readme_path, &readme, NULL, NULL) != CL_OK) readme = NULL;
        ui_exercise e = {m, path, created, readme, readme_path, hints};
        int width = columns(), hint_line = -1;
        report_doc *doc = ui_daydoc_exercise(&e, width, report_want_unicode(), &hint_line);
        report_doc *wrapped = ui_daydoc_wrap(doc, width);
        report_doc_print(wrapped, stdout, report_want_color(stdout));
        report_doc_free(wrapped);
        report_doc_free(doc);
    }
    free(path);
    free(readme);
    free(readme_path);
    return rc;
}

int cmd_show(int argc, char **argv)
{
    char **op = NULL;
    day_course *c = NULL;
    int rc = cli_open_course(argc, argv, 1, 1, &op, &c);
    if (rc != CLI_GO) return rc;
    const day_manifest *m = cli_find_day(c, op[0]);
    rc = CLI_CANNOT;
    if (m) {
        ws_state *s = cli_load_state(c);
        rc = print_exercise(c, m, ws_hints_revealed(s, m));
        ws_state_free(s);
    }
    day_course_free(c);
    return rc;
}

int cmd_hint(int argc, char **argv)
{
    char **op = NULL;
    day_course *c = NULL;
    int rc = cli_open_course(argc, argv, 1, 1, &op, &c);
    if (rc != CLI_GO) return rc;
    const day_manifest *m = cli_find_day(c, op[0]);
    int shown = 0;
    char *warning = NULL;
    cl_error err = {0};
    rc = CLI_CANNOT;
    if (m && !m->nhints) {
        printf("day %d has no hints\n", m->day);
        rc = CLI_PASSED;
    } else if (m && ws_reveal_hint(c, m, &shown, &warning, &err) == CL_OK) {
        char *safe = cl_text_safe(m->hints[shown - 1], CL_TEXT_KEEP_LINES);
        printf("hint %d of %d%s:\n\n%s\n", shown, m->nhints, shown == m->nhints ? " (the last one)" : "",
               safe);
        if (shown < m->nhints) printf("\n`cudalab hint %d` reveals the next.\n", m->day);
        free(safe);
        rc = CLI_PASSED;
    } else if (m) {
        char line[1600];
        cl_error_format(&err, line, sizeof line);
        cli_cannot("the hint could not be remembered: %s", line);
    }
    if (warning) fprintf(stderr, "cudalab: %s\n", warning);
    free(warning);
    day_course_free(c);
    return rc;
}

int cmd_next(int argc, char **argv)
{
    char **op = NULL;
    day_course *c = NULL;
    int rc = cli_open_course(argc, argv, 0, 0, &op, &c);
    if (rc != CLI_GO) return rc;
    ws_state *s = cli_load_state(c);
    const day_manifest *next = ws_next_day(c, s);
    ws_status st = next ? ws_day_status(c, next, s) : WS_NOT_STARTED;
    if (next)
        printf("next: day %d, %s (%s): %s\n  cudalab show %d   cudalab grade %d   or ./cudalab and "
               "open it\n", next->day, next->slug, next->title, ws_status_text(st), next->day, next->day);
    else
        printf("every day passes: the course is done\n");
    ws_state_free(s);
    day_course_free(c);
    return CLI_PASSED;
}

/* One day's line: grade the student's file, record it, say how it went. */
static int verify_day(const day_course *c, const day_manifest *m)
{
    char *path = ws_student_path(c, m);
    grade_options opt = {.backend = GRADE_BACKEND_EMU, .seed = 1};
    report_result *r = NULL;
    cl_error err = {0};
    int rc;
    if (grade_day(c, m, path, &opt, &r, &err) != CL_OK) {
        char line[1600];
        cl_error_format(&err, line, sizeof line);
        printf("%-4d %-24s could not be graded: %s\n", m->day, m->slug, line);
        rc = CLI_CANNOT;
    } else {
        cli_record_progress(c, m, r);
        cl_str failed = {0};
        for (int k = 0; k < DAY_CHECK_COUNT; k++)
            if (r->checks[k].ran && !r->checks[k].passed)
                cl_str_addf(&failed, "%s%s", failed.len ? ", " : "", day_check_name((day_check)k));
        printf("%-4d %-24s %-10s %g of %g points%s%s\n", m->day, m->slug, r->passed ? "passed" : "not passed",
               r->points, r->max_points, failed.len ? "; failed: " : "", cl_str_cstr(&failed));
        cl_str_free(&failed);
        rc = r->passed ? CLI_PASSED : CLI_NOT_PASSED;
    }
    fflush(stdout);
    report_free(r);
    free(path);
    return rc;
}

int cmd_verify(int argc, char **argv)
{
    char **op = NULL;
    day_course *c = NULL;
    int rc = cli_open_course(argc, argv, 0, 0, &op, &c);
    if (rc != CLI_GO) return rc;
    int graded = 0, ok = 0, worst = CLI_PASSED;
    for (int i = 0; i < c->ndays; i++) {
        const day_entry *e = &c->days[i];
        char *path = e->manifest ? ws_student_path(c, e->manifest) : NULL;
        bool started = path && cl_file_exists(path);
        free(path);
        if (!started || e->ungradable) continue;
        int day_rc = verify_day(c, e->manifest);
        graded++;
        ok += day_rc == CLI_PASSED;
        if (day_rc > worst) worst = day_rc;
    }
    if (graded)
        printf("\n%d of %d started day%s passed\n", ok, graded, graded == 1 ? "" : "s");
    else
        worst = cli_cannot("no day started yet: open one with ./cudalab, or `cudalab show DAY`");
    day_course_free(c);
    return worst;
}
