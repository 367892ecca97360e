/* cmd_batch.c - `cudalab batch DAY PATH... [--jobs N] [--out DIR] [--csv F]`:
 * a class graded, each submission by `cudalab grade --json` in a child of its
 * own (a submission cannot take the batch down), N at a time. */
#include <errno.h>
#include <libgen.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "core/proc.h"
#include "report/result.h"
#include "report/table.h"
#include "workspace.h"

#define BATCH_TIMEOUT_S 900.0

typedef struct submission {
    char *path, *name;
    int exit_code;        /* of the grade: 0, 1, 2; -1 when it did not end */
    char *json;           /* what it printed */
    char *reason;         /* why it could not be graded */
    report_result *result;
} submission;

typedef struct batch {
    const char *day, *out_dir, *csv, *backend, *seed;
    int jobs;
    CL_VEC(submission) subs;
    pthread_mutex_t lock;
    size_t next;
    char self[4096];
} batch;

static char *name_for(const char *path)
{
    char *copy = cl_strdup(path), *base = basename(copy), *name;
    size_t len = strlen(base);
    if (len > 3 && !strcmp(base + len - 3, ".cu")) base[len - 3] = '\0';
    /* submissions/alice/shuffles.cu -> alice */
    char *dcopy = cl_strdup(path), *dir = basename(dirname(dcopy));
    name = strcmp(dir, ".") && strcmp(dir, "/") ? cl_sprintf("%s-%s", dir, base) : cl_strdup(base);
    free(copy);
    free(dcopy);
    return name;
}

static void grade_one(batch *b, submission *s)
{
    char *path = cl_path_arg(s->path); /* "-x.cu" is not an option */
    const char *argv[] = {b->self, "grade", b->day, path, "--json", "--threads", "1",
                          "--backend", b->backend, "--seed", b->seed, NULL};
    cl_proc_spec spec = {.argv = argv, .timeout_s = BATCH_TIMEOUT_S};
    cl_proc_result res = {0};
    cl_error err = {0};
    cl_status st = cl_proc_run(&spec, &res, &err);
    free(path);
    if (st != CL_OK) {
        s->exit_code = -1;
        s->reason = cl_strdup(err.message);
        return;
    }
    s->exit_code = res.timed_out ? -1 : res.exit_code;
    if (res.timed_out)
        s->reason = cl_sprintf("grading ran longer than %.0f s", BATCH_TIMEOUT_S);
    else if (s->exit_code == 0 || s->exit_code == 1)
        s->json = cl_strdup(res.out);
    else
        s->reason = cl_strdup(res.err_len ? res.err : "the grader failed");
    if (s->reason) s->reason[strcspn(s->reason, "\n")] = '\0';
    if (s->json && report_from_json(s->json, &s->result, &err) != CL_OK) {
        s->reason = cl_sprintf("unreadable report: %s", err.message);
        s->exit_code = 2;
    }
    cl_proc_result_free(&res);
}

static void *worker(void *arg)
{
    batch *b = arg;
    for (;;) {
        pthread_mutex_lock(&b->lock);
        size_t i = b->next++;
        pthread_mutex_unlock(&b->lock);
        if (i >= b->subs.n) return NULL;
        grade_one(b, &b->subs.v[i]);
        pthread_mutex_lock(&b->lock);
        submission *s = &b->subs.v[i];
        fprintf(stderr, "%-32s %s\n", s->name,
                s->exit_code == 0 ? "passed" : s->exit_code == 1 ? "not passed" : s->reason);
        pthread_mutex_unlock(&b->lock);
    }
}

/* Keep what is there as PATH.<time>.bak, then write atomically. */
static cl_status write_kept(const char *path, const char *text, cl_error *err)
{
    if (cl_file_exists(path)) {
        char *bak = cl_sprintf("%s.%ld.bak", path, (long)time(NULL));
        int rc = rename(path, bak);
        free(bak);
        if (rc != 0) return cl_fail(err, CL_IO, path, 0, 0, "cannot keep the old file: %s", strerror(errno));
    }
    return cl_write_file_atomic(path, text, strlen(text), err);
}

static int parse(int argc, char **argv, batch *b)
{
    b->jobs = 1;
    b->backend = "auto";
    b->seed = "1";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--jobs") || !strcmp(a, "--out") || !strcmp(a, "--csv") ||
            !strcmp(a, "--backend") || !strcmp(a, "--seed")) {
            if (!next) return cli_cannot("%s needs a value", a);
            i++;
            if (!strcmp(a, "--jobs")) {
                char *end;
                long j = strtol(next, &end, 10);
                if (*end || j < 1 || j > 64) return cli_cannot("--jobs takes 1 to 64, not '%s'", next);
                b->jobs = (int)j;
            }
            if (!strcmp(a, "--out")) b->out_dir = next;
            if (!strcmp(a, "--csv")) b->csv = next;
            if (!strcmp(a, "--backend")) b->backend = next;
            if (!strcmp(a, "--seed")) b->seed = next;
        } else if (a[0] == '-') {
            return cli_cannot("batch: unknown option '%s'; see `cudalab batch --help`", a);
        } else if (!b->day) {
            b->day = a;
        } else {
            if (!cl_file_exists(a)) return cli_cannot("%s: no such file", a);
            submission s = {.path = cl_strdup(a), .name = name_for(a)};
            CL_VEC_PUSH(&b->subs, s);
        }
    }
    if (!b->day || !b->subs.n)
        return cli_cannot("usage: cudalab batch DAY FILE... [--jobs N] [--out DIR] [--csv F]");
    return CLI_PASSED;
}

static int write_outputs(batch *b, const day_manifest *m)
{
    cl_error err = {0};
    cl_status st = CL_OK;
    if (b->out_dir) st = cl_mkdirs(b->out_dir, &err);
    for (size_t i = 0; st == CL_OK && b->out_dir && i < b->subs.n; i++) {
        submission *s = &b->subs.v[i];
        char *path = cl_sprintf("%s/%s.json", b->out_dir, s->name);
        char *text = s->json ? cl_strdup(s->json)
                             : cl_sprintf("{\"file\": \"%s\", \"error\": \"could not grade\"}\n", s->path);
        st = write_kept(path, text, &err);
        free(text);
        free(path);
    }
    if (st == CL_OK && b->csv) {
        report_csv_table t = {0};
        for (size_t i = 0; i < b->subs.n; i++)
            report_csv_add(&t, m, b->subs.v[i].path, b->subs.v[i].result, b->subs.v[i].reason);
        char *csv = report_csv_finish(&t);
        st = write_kept(b->csv, csv, &err);
        free(csv);
    }
    if (st != CL_OK) return cli_cannot("%s: %s", err.file, err.message);
    return CLI_PASSED;
}

static int verdict(const batch *b)
{
    int rc = CLI_PASSED;
    for (size_t i = 0; i < b->subs.n; i++)
        if (b->subs.v[i].exit_code != 0) rc = CLI_NOT_PASSED;
    return rc;
}

int cmd_batch(int argc, char **argv)
{
    batch b = {0};
    int rc = parse(argc, argv, &b);
    day_course *c = rc == CLI_PASSED ? cli_load_course() : NULL;
    const day_manifest *m = c ? cli_find_day(c, b.day) : NULL;
    ssize_t n = readlink("/proc/self/exe", b.self, sizeof b.self - 1);
    if (m && n <= 0) rc = cli_cannot("cannot find the cudalab executable");
    if (m && rc == CLI_PASSED) {
        pthread_mutex_init(&b.lock, NULL);
        pthread_t threads[64];
        int started = 0;
        for (int i = 0; i < b.jobs && i < (int)b.subs.n; i++)
            if (pthread_create(&threads[started], NULL, worker, &b) == 0) started++;
        if (!started) worker(&b);
        for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
        pthread_mutex_destroy(&b.lock);
        rc = write_outputs(&b, m);
        if (rc == CLI_PASSED) rc = verdict(&b);
    } else if (rc == CLI_PASSED) {
        rc = CLI_CANNOT;
    }
    for (size_t i = 0; i < b.subs.n; i++) {
        submission *s = &b.subs.v[i];
        free(s->path); free(s->name); free(s->json); free(s->reason);
        report_free(s->result);
    }
    free(b.subs.v);
    day_course_free(c);
    return rc;
}
