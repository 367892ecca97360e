/* batch.h - what `cudalab batch` writes, and how (cmd_batch.c grades):
 * unique output names, reports written whole with backups of what they
 * replace, a could-not-grade entry for every path that has no report, the
 * reports of a former run kept when nothing they depend on changed, the CSV
 * (batch_csv.c: student ids, points, rows sorted so that shards merge to the
 * same bytes), the similarity of every pair (batch_similar.c) and the summary
 * on stdout. Prefix: batch_. */
#ifndef CUDALAB_BATCH_H
#define CUDALAB_BATCH_H

#include <stdbool.h>

#include "core/sha256.h"
#include "days/day.h"
#include "report/result.h"

/* The most of a grade's report that is read; a longer one is not kept. */
#define BATCH_REPORT_CAP ((size_t)16 << 20)

/* A submission's points, per check: summed over the day's kernels (see
 * batch_points.c, the one place points come from). */
typedef struct batch_points {
    bool known; /* false when it could not be graded */
    double earned[DAY_CHECK_COUNT], max[DAY_CHECK_COUNT];
} batch_points;

typedef struct batch_print batch_print; /* a fingerprint of its PTX (batch_similar.c) */

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
    char *id;                /* --name-from's student id (printable), or NULL */
    batch_points points;
    batch_print *print;      /* --similar: NULL when it did not compile */
} batch_sub;

typedef struct batch {
    const char *day, *out_dir, *csv, *backend;
    char seed_text[24];
    bool regrade; /* --regrade: grade every file, even one kept from before */
    bool similar; /* --similar: the similarity of every pair, beside the CSV */
    const char *name_from;  /* --name-from PATTERN, or NULL */
    unsigned shard, shards; /* --shard I/N (1 <= I <= N), or 0/0 */
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
/* Write text to path whole (a temporary file renamed into place); what was
 * there is kept as path.<YYYYmmdd-HHMMSS>[-K].bak first, unless it is the
 * very same text (then nothing is written). */
cl_status batch_write_kept(const char *path, const char *text, cl_error *err);
/* The backup itself: what is at path (if anything) kept as
 * path.<YYYYmmdd-HHMMSS>[-K].bak, never replacing an older backup; for a
 * writer of other bytes than text (`pack gradescope`'s zip). */
cl_status batch_keep_old(const char *path, cl_error *err);

/* --name-from (batch_name.c). The pattern is matched against the last parts
 * of a path: `/` separates parts, `{id}` (once) captures one or more
 * characters, `*` matches any run, other characters stand for themselves.
 * CLI_PASSED, or one line on stderr and CLI_CANNOT. */
int batch_pattern_check(const char *pattern);
/* The id that pattern captures in path (caller frees), or NULL. */
char *batch_pattern_id(const char *pattern, const char *path);
/* One line on stderr for each id that the pattern gives to more than one file
 * of the batch (five at most, then a count), naming the files and a pattern
 * that would tell them apart; each file keeps its own row all the same. */
void batch_warn_shared_ids(const batch *b);

/* s's points from its grade (batch_points.c): json is the report's text (may
 * be NULL), r its result (NULL: could not be graded). */
void batch_points_take(const day_manifest *m, const char *json, const report_result *r,
                       batch_points *out);
/* What check c of kernel k is worth: the one place to change the rule. */
double batch_points_max(const day_kernel *k, day_check c);

/* The CSV (batch_csv.c): a header, then a row a submission, rows sorted by
 * their bytes, so that a class graded in shards merges to the same file. */
char *batch_csv(const batch *b);
/* One text cell, as every table batch and merge write has it (the CSV, the
 * --similar table, merge's output): made safe to show (core.h); a formula
 * neutralised, as spreadsheet-safe writers do it: a cell that starts with =,
 * +, -, @, tab or carriage return gets a ' before it, so a spreadsheet shows
 * the text and runs nothing (a student's folder named =HYPERLINK(...));
 * quoted as RFC 4180 says when it holds a comma or a quote. NULL: empty. */
void batch_csv_cell(cl_str *b, const char *text);

/* `cudalab merge`'s reader (batch_csv.c): the tables of `batch --csv` taken
 * one at a time, every row checked as batch writes it (the header's column
 * count, quoting, no control character, the words and numbers each column
 * holds) and its text cells written again through batch_csv_cell; then the
 * one table they make. */
typedef struct batch_merge batch_merge;
batch_merge *batch_merge_new(void);
/* Take one table's text (len bytes; name says which, in err): CL_OK, or
 * CL_USAGE with why (name:line for a row) and nothing of it taken. */
cl_status batch_merge_add(batch_merge *m, const char *name, const char *text, size_t len, cl_error *err);
/* The first table's header, then every row taken, sorted by their bytes, as
 * one batch over the whole class writes it (caller frees); NULL before a
 * table was taken. *rows: how many. */
char *batch_merge_text(const batch_merge *m, size_t *rows);
void batch_merge_free(batch_merge *m);

/* --similar (batch_similar.c): the fingerprint of s's PTX (a worker thread
 * calls this; it touches s only); then the table of every pair, most similar
 * first (caller frees), and how many submissions it compared. */
void batch_similar_take(const batch *b, batch_sub *s);
char *batch_similar_csv(const batch *b, size_t *compared);
void batch_print_free(batch_print *p);
/* Where --similar's table goes: beside --csv, NAME-similar.csv (caller frees). */
char *batch_similar_path(const char *csv);

/* --out and --csv can be written (--out is created): CLI_PASSED, or one line
 * on stderr and CLI_CANNOT. */
int batch_check_outputs(const batch *b);
/* Before grading: the output names (from every path given, so that shards
 * name alike), then --shard's part of the class, each path checked and
 * hashed, student ids, the course's hash, and (without --regrade) the
 * submissions an earlier run already graded. */
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
