/* table.h - the result model for gradebooks: Gradescope's results.json
 * (gradescope.c) and Classroom 50's result file (classroom50.c); batch's CSV
 * is runner/batch_csv.c.
 *
 * Prefix: report_. */
#ifndef CUDALAB_REPORT_TABLE_H
#define CUDALAB_REPORT_TABLE_H

#include "result.h"

/* Gradescope's results.json (its documented format): "score",
 * "execution_time", "output", "stdout_visibility", "tests" (each "name",
 * "score", "max_score", "status", "output", "visibility", "execution_time") and
 * "leaderboard".
 * A test for "compile" (no points; failed when the file did not build or
 * none came), then for each of m's kernels each check it lists, scored as
 * r's scores say; correctness also has a test of no points a size, the
 * hidden sizes "after_published". An optional kernel the file does not
 * define has no tests. r is NULL when the file could not be graded: every
 * test scores 0 and error says why. Caller frees. */
char *report_to_gradescope(const report_result *r, const day_manifest *m, const char *error);

/* Who and what a Classroom 50 result is for: the runner's CLASSROOM,
 * ASSIGNMENT, USERNAME, SUBMISSION_TAG, COMMIT_URL, RELEASE_URL and
 * REVIEW_URL (NULL: ""), and the time it was graded. */
typedef struct report_c50_id {
    const char *classroom, *assignment, *owner, *submission, *commit, *release, *review;
    const char *datetime; /* "2026-06-01T14:33:11Z" */
} report_c50_id;
/* Classroom 50's result file (classroom50/result/v1): the identity, "score"
 * and "max-score", and "tests" (each "test-name", "passed", "score",
 * "max-score"): "compile" (no points), then r's scores, one a kernel's
 * check, named "kernel: check". r NULL (could not grade): the day's tests,
 * each 0 of its points. Caller frees. */
char *report_to_classroom50(const report_result *r, const day_manifest *m, const report_c50_id *id);

#endif
