/* batch.h - what `cudalab batch` writes, and how (cmd_batch.c grades):
 * unique output names, reports written whole with backups of what they
 * replace, a could-not-grade entry for every path that has no report, the
 * reports of a former run kept when nothing they depend on changed, the CSV
 * and the summary on stdout. Prefix: batch_. */
#ifndef CUDALAB_BATCH_H
#define CUDALAB_BATCH_H

#include <stdbool.h>

#include "core/sha256.h"
#include "days/day.h"
#include "report/result.h"

/* The most of a grade's report that is read; a longer one is not kept. */
#define BATCH_REPORT_CAP ((size_t)16 << 20)

typedef struct batch_sub {
    char *path;  /* as given */
    char *shown; /* batch_shown(path): what reports, the CSV and messages say */
    char *name;  /* DIR/<name>.json; unique within the batch */
    char sha[CL_SHA256_HEX]; /* of the file; "" when it could not be read */
    int exit_code;           /* of its grade: 0 passed, 1 not passed, else could not grade */
    bool kept;               /* graded by an earlier run; its report is kept */
    char *json;              /* the grader's answer, until it is saved */
    char *reason;            /* why it could not be graded (printable), or NULL */
    char *save_error;        /* why its report could not be written, or NULL */
    report_result *result;
} batch_sub;

typedef struct batch {
    const char *day, *out_dir, *csv, *backend;
    char seed_text[24];
    bool regrade; /* --regrade: grade every file, even one kept from before */
    CL_VEC(batch_sub) subs;
    const day_course *course;
    const day_manifest *day_manifest;
    char course_sha[CL_SHA256_HEX]; /* of the day's manifest and reference */
} batch;

/* s, printable and valid UTF-8: control characters, a backslash and bytes that
 * are not UTF-8 become \xNN (caller frees). */
char *batch_shown(const char *s);
/* "passed", "not passed" or "could not grade". */
const char *batch_verdict(const batch_sub *s);

/* --out and --csv can be written (--out is created): CLI_PASSED, or one line
 * on stderr and CLI_CANNOT. */
int batch_check_outputs(const batch *b);
/* Before grading: the output names, the course's hash, and (without
 * --regrade) the submissions an earlier run already graded. */
void batch_prepare(batch *b);
/* Write s's report, or an entry {"file", "error", "passed", "exit_status",
 * "batch"} when it has none (could not be graded, or its report was over
 * BATCH_REPORT_CAP: then "passed" is still the grade's verdict), into --out (a worker
 * thread calls this; it touches s only). */
void batch_save_report(const batch *b, batch_sub *s);
/* After grading: the CSV, the summary table on stdout, the exit status. */
int batch_finish(const batch *b);
void batch_free(batch *b);

#endif
