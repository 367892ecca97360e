/* cmd_batch.c - `cudalab batch DAY PATH... [--jobs N] [--out DIR] [--csv F]`:
 * a class graded, each submission by `cudalab grade --json` in a child of its
 * own (a submission cannot take the batch down), N at a time.
 *
 * Nothing is lost: the output paths are checked before anything is graded, a
 * path that cannot be graded is a row, each submission's report is written
 * (whole, through a rename) as soon as it is graded, under a name no other
 * submission of the batch has, and a rerun keeps the reports of files already
 * graded with the same seed, course and cudalab (batch_out.c). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch.h"
#include "cli.h"
#include "commands.h"
#include "core/proc.h"
#include "grade/grade.h"
#include "report/table.h"

#define BATCH_TIMEOUT_S 900.0

typedef struct batch_run {
    batch b;
    int jobs;
    const char *grader; /* the program run for each grade */
    char self[4096];
    pthread_mutex_t lock;
    size_t next, finished;
} batch_run;

/* Why the submission at path cannot be graded, or NULL; its hash in sha. */
static char *check_path(const char *path, char sha[CL_SHA256_HEX])
{
    struct stat sb;
    char *text = NULL, *why = NULL;
    size_t len = 0;
    cl_error err = {0};
    if (lstat(path, &sb) != 0) return cl_strdup("no such file");
    if (S_ISLNK(sb.st_mode) && stat(path, &sb) != 0)
        return cl_strdup("a symbolic link to nothing");
    if (!S_ISREG(sb.st_mode)) return cl_sprintf("%s, not a file", cl_file_kind(sb.st_mode));
    if (cl_read_file(path, &text, &len, &err) != CL_OK)
        why = cl_sprintf("cannot be read: %s", err.message);
    else
        cl_sha256_hex(text, len, sha);
    free(text);
    return why;
}

static char *first_line(const char *s)
{
    while (!strncmp(s, "cudalab: ", 9)) s += 9;
    char *line = cl_strndup(s, strcspn(s, "\n"));
    char *safe = batch_shown(line[0] ? line : "the grader failed without a word");
    free(line);
    return safe;
}

/* Run the grade of s and keep its answer: the report, or why there is none. */
static void grade_one(batch_run *r, batch_sub *s)
{
    const char *argv[] = {r->grader, "grade", "--json", "--threads", "1", "--backend",
                          r->b.backend, "--seed", r->b.seed_text, "--", r->b.day, s->path, NULL};
    cl_proc_spec spec = {.argv = argv, .timeout_s = BATCH_TIMEOUT_S, .out_cap = BATCH_REPORT_CAP};
    cl_proc_result res = {0};
    cl_error err = {0};
    if (cl_proc_run(&spec, &res, &err) != CL_OK) {
        s->exit_code = 2;
        s->reason = first_line(err.message);
        return;
    }
    s->exit_code = res.exit_code;
    if (res.timed_out)
        s->reason = cl_sprintf("grading ran longer than %.0f s", BATCH_TIMEOUT_S);
    else if (res.out_truncated) /* graded: its exit status is the verdict */
        s->reason = cl_sprintf("its report was larger than %zu MiB, so it was not kept; "
                               "grade it alone to see it", BATCH_REPORT_CAP >> 20);
    else if (res.signal)
        s->reason = cl_sprintf("the grader was killed by signal %d", res.signal);
    else if (s->exit_code == 0 || s->exit_code == 1)
        s->json = cl_strdup(res.out);
    else
        s->reason = first_line(res.err_len ? res.err : "");
    if (s->json && report_from_json(s->json, &s->result, &err) != CL_OK) {
        s->reason = cl_sprintf("unreadable report: %s", err.message);
        free(s->json);
        s->json = NULL;
    }
    if (s->reason && !(res.out_truncated && (s->exit_code == 0 || s->exit_code == 1)))
        s->exit_code = 2;
    cl_proc_result_free(&res);
}


static void *worker(void *arg)
{
    batch_run *r = arg;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        size_t i = r->next++;
        pthread_mutex_unlock(&r->lock);
        if (i >= r->b.subs.n) return NULL;
        batch_sub *s = &r->b.subs.v[i];
        if (!s->reason && !s->kept) grade_one(r, s);
        if (!s->kept) batch_save_report(&r->b, s);
        free(s->json);
        s->json = NULL;
        pthread_mutex_lock(&r->lock);
        fprintf(stderr, "[%zu/%zu] %s: %s%s%s\n", ++r->finished, r->b.subs.n, s->name,
                batch_verdict(s), s->kept ? " (kept from an earlier run)" : s->reason ? ": " : "",
                s->reason && !s->kept ? s->reason : "");
        pthread_mutex_unlock(&r->lock);
    }
}

static bool is_option(const char *a)
{
    static const char *const valued[] = {"--jobs", "--out", "--csv", "--backend", "--seed"};
    for (size_t i = 0; i < sizeof valued / sizeof *valued; i++)
        if (!strcmp(a, valued[i])) return true;
    return false;
}

static int parse_value(batch_run *r, const char *a, const char *v)
{
    unsigned long long n;
    if (!v || (!*v && strcmp(a, "--seed") && strcmp(a, "--jobs")))
        return cli_cannot("%s needs a value; see `cudalab batch --help`", a);
    if (!strcmp(a, "--jobs")) {
        if (cli_parse_number("--jobs", v, 1, 64, &n) != CLI_PASSED) return CLI_CANNOT;
        r->jobs = (int)n;
    } else if (!strcmp(a, "--seed")) {
        if (cli_parse_number("--seed", v, 0, UINT64_MAX, &n) != CLI_PASSED) return CLI_CANNOT;
        snprintf(r->b.seed_text, sizeof r->b.seed_text, "%llu", n);
    } else if (!strcmp(a, "--backend")) {
        if (grade_backend_from_name(v) < 0) return cli_cannot("--backend takes auto, emu or gpu");
        r->b.backend = v;
    } else {
        *(!strcmp(a, "--out") ? &r->b.out_dir : &r->b.csv) = v;
    }
    return CLI_PASSED;
}

static int parse(int argc, char **argv, batch_run *r)
{
    r->jobs = 1;
    r->b.backend = "auto";
    strcpy(r->b.seed_text, "1");
    bool options = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (options && !strcmp(a, "--")) {
            options = false;
        } else if (options && is_option(a)) {
            if (parse_value(r, a, i + 1 < argc ? argv[i + 1] : NULL) != CLI_PASSED) return CLI_CANNOT;
            i++;
        } else if (options && !strcmp(a, "--regrade")) {
            r->b.regrade = true;
        } else if (options && a[0] == '-' && a[1]) {
            char *shown = batch_shown(a);
            cli_cannot("batch: unknown option '%s'; see `cudalab batch --help`", shown);
            free(shown);
            return CLI_CANNOT;
        } else if (!r->b.day) {
            r->b.day = a;
        } else {
            batch_sub s = {.path = cl_strdup(a), .shown = batch_shown(a)};
            s.reason = check_path(a, s.sha);
            if (s.reason) s.exit_code = 2;
            CL_VEC_PUSH(&r->b.subs, s);
        }
    }
    if (!r->b.day || !r->b.subs.n)
        return cli_cannot("usage: cudalab batch DAY FILE... [--jobs N] [--out DIR] [--csv F]");
    return CLI_PASSED;
}

static void grade_all(batch_run *r)
{
    pthread_mutex_init(&r->lock, NULL);
    pthread_t threads[64];
    int started = 0;
    for (int i = 0; i < r->jobs && i < (int)r->b.subs.n; i++)
        if (pthread_create(&threads[started], NULL, worker, r) == 0) started++;
    if (!started) worker(r);
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    pthread_mutex_destroy(&r->lock);
}

/* The grader: CUDALAB_BATCH_GRADER (tests put a stand-in there), else this
 * very executable. */
static int find_grader(batch_run *r)
{
    const char *env = getenv("CUDALAB_BATCH_GRADER");
    ssize_t n = readlink("/proc/self/exe", r->self, sizeof r->self - 1);
    if (n <= 0 && !(env && *env)) return cli_cannot("cannot find the cudalab executable");
    if (n > 0) r->self[n] = '\0';
    r->grader = env && *env ? env : r->self;
    return CLI_PASSED;
}

static int run(batch_run *r)
{
    day_course *c = cli_load_course();
    const day_manifest *m = c ? cli_find_gradable_day(c, r->b.day) : NULL;
    int rc = m ? find_grader(r) : CLI_CANNOT;
    if (rc == CLI_PASSED) rc = batch_check_outputs(&r->b);
    if (rc == CLI_PASSED) {
        r->b.day_manifest = m;
        r->b.course = c;
        batch_prepare(&r->b);
        grade_all(r);
        rc = batch_finish(&r->b);
    }
    day_course_free(c);
    return rc;
}

int cmd_batch(int argc, char **argv)
{
    batch_run r = {0};
    int rc = parse(argc, argv, &r);
    if (rc == CLI_PASSED) rc = run(&r);
    batch_free(&r.b);
    return rc;
}
