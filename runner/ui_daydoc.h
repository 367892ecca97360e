/* ui_daydoc.h - what the day screen shows, as styled lines: the exercise
 * (your file, the kernels, the README, the hints revealed so far), the report
 * of the latest grade (report_render, the same lines `cudalab grade` prints)
 * and a diff. Pure functions of their inputs, so they can be tested without a
 * terminal.
 *
 * Prefix: ui_daydoc_. */
#ifndef CUDALAB_UI_DAYDOC_H
#define CUDALAB_UI_DAYDOC_H

#include <stdbool.h>

#include "report/text.h"
#include "ui_grade.h"
#include "workspace.h"

typedef struct ui_exercise {
    const day_manifest *m;
    const char *path;   /* the student's file */
    bool created;       /* copied from the template when the day was opened */
    const char *readme; /* the README's text; NULL when there is none */
    const char *readme_path;
    int hints;          /* how many are revealed */
} ui_exercise;

/* *hint_line: the line where the last revealed hint starts (-1 when none). */
report_doc *ui_daydoc_exercise(const ui_exercise *e, int width, bool unicode, int *hint_line);
/* o: the latest outcome (NULL before the first grade in this visit); ds: the
 * recorded progress (may be NULL). */
report_doc *ui_daydoc_report(const ui_grade_outcome *o, const ws_day_state *ds, bool grading,
                             int width, bool unicode);
/* doc's lines broken at spaces into rows of at most width columns; the rows
 * after the first of a line hang under where its broken part began. */
report_doc *ui_daydoc_wrap(const report_doc *doc, int width);
/* `diff -u` output with added, removed and hunk lines styled. */
report_doc *ui_daydoc_diff(const char *diff);

#endif
