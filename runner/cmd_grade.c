/* cmd_grade.c - `cudalab grade DAY [FILE] [--json] [--classroom50 F] [--backend B]
 * [--seed N]`. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "grade/grade.h"
#include "report/table.h"
#include "report/text.h"
#include "workspace.h"

typedef struct grade_args {
    const char *day, *file;
    const char *classroom50; /* --classroom50 F: Classroom 50's result file, or NULL */
    bool json, progress;
    grade_options opt;
} grade_args;

/* Read by cli_options: --seed=7 and --seed 7 alike, -- ends them. */
enum { OPT_JSON = 0x100, OPT_PROGRESS, OPT_BACKEND, OPT_SEED, OPT_THREADS, OPT_CLASSROOM50 };
static const struct option grade_options_table[] = {
    {"json", no_argument, NULL, OPT_JSON},
    {"classroom50", required_argument, NULL, OPT_CLASSROOM50},
    {"progress", no_argument, NULL, OPT_PROGRESS},
    {"backend", required_argument, NULL, OPT_BACKEND},
    {"seed", required_argument, NULL, OPT_SEED},
    {"threads", required_argument, NULL, OPT_THREADS},
    {NULL, 0, NULL, 0},
};

static int take_option(void *ctx, int o, const char *arg)
{
    grade_args *a = ctx;
    unsigned long long v;
    int b;
    switch (o) {
    case OPT_JSON: a->json = true; return CLI_PASSED;
    case OPT_CLASSROOM50: a->classroom50 = arg; return CLI_PASSED;
    case OPT_PROGRESS: a->progress = true; return CLI_PASSED;
    case OPT_BACKEND:
        if ((b = grade_backend_from_name(arg)) < 0) return cli_cannot("--backend takes auto, emu or gpu");
        a->opt.backend = (grade_backend)b;
        return CLI_PASSED;
    case OPT_SEED:
        if (cli_parse_number("--seed", arg, 0, UINT64_MAX, &v)) return CLI_CANNOT;
        a->opt.seed = v;
        return CLI_PASSED;
    case OPT_THREADS:
        if (cli_parse_number("--threads", arg, 0, 256, &v)) return CLI_CANNOT;
        a->opt.threads = (int)v;
        return CLI_PASSED;
    default:
        return CLI_CANNOT;
    }
}

/* CLI_GO with the arguments read, CLI_PASSED when --help or -V answered. */
static int parse_args(int argc, char **argv, grade_args *a)
{
    a->opt.seed = 1;
    int first = 0, rc = cli_options(argc, argv, grade_options_table, take_option, a, &first);
    if (rc != CLI_GO) return rc;
    for (int i = first; i < argc; i++) {
        if (!a->day) a->day = argv[i];
        else if (!a->file) a->file = argv[i];
        else return cli_cannot("grade takes one DAY and at most one FILE; '%s' is one too many", argv[i]);
    }
    if (!a->day) return cli_cannot("usage: cudalab grade DAY [FILE] (for example: cudalab grade 23)");
    return CLI_GO;
}

static void show_progress(void *ctx, const char *stage)
{
    (void)ctx;
    fprintf(stderr, "progress: %s\n", stage);
    fflush(stderr);
}

static ws_status status_of(const report_result *r)
{
    if (!r->checks[DAY_CHECK_COMPILE].passed) return WS_NO_COMPILE;
    if (!r->checks[DAY_CHECK_CORRECTNESS].passed) return WS_FAILING;
    return r->passed ? WS_HONEST : WS_PASSING;
}

/* Whether FILE is the student's own workspace copy of the day (the runner
 * names it explicitly): the same file, however the path is spelled. */
static bool is_student_file(const day_course *c, const day_manifest *m, const char *file)
{
    char *mine = ws_student_path(c, m);
    struct stat a, b;
    bool same = !stat(file, &a) && !stat(mine, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
    free(mine);
    return same;
}

typedef struct progress {
    const day_manifest *m;
    const report_result *r;
} progress;

static void note_grade(ws_state *s, void *ctx)
{
    const progress *p = ctx;
    const report_result *r = p->r;
    ws_day_state *d = ws_state_day(s, p->m->slug);
    d->status = status_of(r);
    d->last_graded = time(NULL);
    free(d->backend);
    d->backend = cl_strdup(r->backend);
    d->passed_checks = d->failed_checks = 0;
    for (int i = 0; i < DAY_CHECK_COUNT; i++)
        if (r->checks[i].ran) *(r->checks[i].passed ? &d->passed_checks : &d->failed_checks) |= 1u << i;
    for (int i = 0; i < r->nkernels; i++) {
        const report_kernel *k = &r->kernels[i];
        if (!k->passed) continue;
        ws_note_best(d, k->name, k->yours.lane_instructions ? (double)k->yours.lane_instructions : -1,
                     k->yours.has_ms ? k->yours.ms : -1);
    }
}

/* Progress is the student's: it moves only when their own file is graded. */
void cli_record_progress(const day_course *c, const day_manifest *m, const report_result *r)
{
    char *warning = NULL;
    cl_error err = {0};
    progress p = {m, r};
    cl_status st = ws_state_update(c, note_grade, &p, &warning, &err);
    if (warning) fprintf(stderr, "cudalab: %s\n", warning);
    if (st != CL_OK) {
        char line[1600];
        cl_error_format(&err, line, sizeof line);
        fprintf(stderr, "cudalab: progress not saved: %s\n", line);
    }
    free(warning);
}

static void print_result(const report_result *r, bool json)
{
    if (json) {
        char *text = report_to_json(r);
        puts(text);
        free(text);
        return;
    }
    report_text_options opt = {report_want_unicode(), 100};
    report_doc *doc = report_render(r, &opt);
    report_doc_print(doc, stdout, report_want_color(stdout));
    report_doc_free(doc);
}

/* --json anywhere among the options: even a grade that cannot start answers
 * in JSON. */
static bool wants_json(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        if (!strcmp(argv[i], "--json")) return true;
    return false;
}

/* Could not grade, with --json: the one object on stdout says why. */
static void print_error_json(const grade_args *a, const cl_error *err)
{
    bool placed = err && err->status != CL_OK && err->file[0];
    char *text = report_error_json(a->day, a->file, cli_last_reason(), placed ? err->file : NULL,
                                   placed ? err->line : 0);
    puts(text);
    free(text);
}

/* --classroom50 F: the result file Classroom 50's runner reads, from the
 * grade (r NULL: it could not be graded, and earns nothing), with the
 * identity the runner puts in the environment. Written whenever the day is
 * known; false (and a line on stderr) when it cannot be written. */
static bool write_classroom50(const char *out, const report_result *r, const day_manifest *m)
{
    char when[32];
    time_t now = time(NULL);
    struct tm tm;
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
    report_c50_id id = {getenv("CLASSROOM"),    getenv("ASSIGNMENT"),  getenv("USERNAME"),
                        getenv("SUBMISSION_TAG"), getenv("COMMIT_URL"), getenv("RELEASE_URL"),
                        getenv("REVIEW_URL"),   when};
    char *text = report_to_classroom50(r, m, &id);
    cl_error err = {0};
    bool ok = cl_write_file_atomic(out, text, strlen(text), &err) == CL_OK;
    if (!ok) {
        char line[1600];
        cl_error_format(&err, line, sizeof line);
        fprintf(stderr, "cudalab: --classroom50: %s\n", line);
    }
    free(text);
    return ok;
}

static int grade_once(int argc, char **argv, grade_args *a, cl_error *err);

int cmd_grade(int argc, char **argv)
{
    grade_args a = {0};
    cl_error err = {0};
    bool json = wants_json(argc, argv); /* before the options are read: that moves them */
    int rc = grade_once(argc, argv, &a, &err);
    if (rc == CLI_CANNOT && json) print_error_json(&a, &err);
    return rc;
}

static int grade_once(int argc, char **argv, grade_args *ga, cl_error *e)
{
    grade_args a = {0};
    int parsed = parse_args(argc, argv, &a);
    if (parsed != CLI_GO) return parsed;
    *ga = a;
    day_course *c = cli_load_course();
    if (!c) return CLI_CANNOT;
    int rc = CLI_CANNOT;
    char *mine = NULL;
    report_result *r = NULL;
    cl_error err = {0};
    const day_manifest *m = cli_find_gradable_day(c, a.day);
    if (!m) goto done;
    if (a.file && !cl_file_exists(a.file)) {
        cli_cannot("%s: no such file (or it cannot be read)", a.file);
        goto done;
    }
    if (!a.file && ws_ensure_student_file(c, m, &mine, NULL, &err) != CL_OK) goto failed;
    if (a.progress) {
        a.opt.progress = show_progress;
    }
    if (grade_day(c, m, a.file ? a.file : mine, &a.opt, &r, &err) != CL_OK) goto failed;
    print_result(r, a.json);
    if (!a.file || is_student_file(c, m, a.file)) cli_record_progress(c, m, r);
    rc = r->passed ? CLI_PASSED : CLI_NOT_PASSED;
    goto done;
failed:;
    char line[1600];
    cl_error_format(&err, line, sizeof line);
    cli_cannot("%s", line);
    *e = err;
done:
    if (a.classroom50 && m && !write_classroom50(a.classroom50, r, m)) rc = CLI_CANNOT;
    report_free(r);
    free(mine);
    day_course_free(c);
    return rc;
}
