/* cmd_batch.c - `cudalab batch DAY PATH... [--jobs N] [--out DIR] [--csv F]
 * [--name-from P] [--shard I/N] [--similar]`: a class graded, each submission
 * by `cudalab grade --json` in a child of its own (a submission cannot take
 * the batch down), N at a time once a first grade has compiled (it leaves
 * the reference's build and outputs in the cache for all the others); a
 * progress line on stderr where that is a terminal.
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
#define BATCH_WARM_TRIES 3 /* a class that does not compile is not graded one at a time */

typedef struct batch_run {
    batch b;
    int jobs;
    const char *grader; /* the program run for each grade */
    char self[4096];
    pthread_mutex_t lock;
    pthread_cond_t warmed;
    bool warming;      /* a first grade runs alone until one compiles (take_next) */
    bool warming_busy; /* that grade is running */
    int warm_tries;    /* grades run alone so far; BATCH_WARM_TRIES at most */
    size_t next, finished;
    bool terminal;   /* stderr is one: a progress line */
    int counts[3];   /* passed, not passed, could not grade, so far */
} batch_run;

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


/* The progress line, redrawn in place: how many are done, and the last. */
static void progress(batch_run *r, const batch_sub *s)
{
    r->counts[s->exit_code >= 0 && s->exit_code <= 1 ? s->exit_code : 2]++;
    r->finished++;
    if (!r->terminal) return;
    fprintf(stderr, "\r\033[K[%zu/%zu] %d passed, %d not passed, %d could not be graded; last: %s, %s",
            r->finished, r->b.subs.n, r->counts[0], r->counts[1], r->counts[2], s->name, batch_verdict(s));
    if (r->finished == r->b.subs.n) fputc('\n', stderr);
    fflush(stderr);
}

/* Whether s's grade built and ran the reference (it compiled): from then on
 * the cache holds the reference's build and its outputs at every size. */
static bool warms(const batch_sub *s)
{
    return s && s->result && s->result->checks[DAY_CHECK_COMPILE].passed;
}

/* The next submission to take. Until one grade has compiled (or
 * BATCH_WARM_TRIES have not), grades run one at a time: N grades started at once would each find the cache empty and
 * build and run the reference N times; after it, every grade reads it. */
static size_t take_next(batch_run *r, bool *alone)
{
    pthread_mutex_lock(&r->lock);
    while (r->warming && !*alone && r->next < r->b.subs.n) {
        const batch_sub *s = &r->b.subs.v[r->next];
        if (s->reason || s->kept) break; /* nothing to grade: no need to wait */
        if (!r->warming_busy) {
            r->warming_busy = true;
            *alone = true;
            break;
        }
        pthread_cond_wait(&r->warmed, &r->lock);
    }
    size_t i = r->next++;
    pthread_mutex_unlock(&r->lock);
    return i;
}

/* The grade that ran alone is done: others may start, or the next runs alone. */
static void done_alone(batch_run *r, const batch_sub *s, bool *alone)
{
    pthread_mutex_lock(&r->lock);
    r->warming_busy = false;
    if (warms(s) || ++r->warm_tries >= BATCH_WARM_TRIES) r->warming = false;
    *alone = false;
    pthread_cond_broadcast(&r->warmed);
    pthread_mutex_unlock(&r->lock);
}

static void *worker(void *arg)
{
    batch_run *r = arg;
    for (;;) {
        bool alone = false;
        size_t i = take_next(r, &alone);
        if (i >= r->b.subs.n) {
            if (alone) done_alone(r, NULL, &alone);
            return NULL;
        }
        batch_sub *s = &r->b.subs.v[i];
        if (!s->reason && !s->kept) grade_one(r, s);
        if (alone) done_alone(r, s, &alone);
        if (!s->kept && s->result) batch_points_take(r->b.day_manifest, s->json, s->result, &s->points);
        if (!s->kept) batch_save_report(&r->b, s);
        free(s->json);
        s->json = NULL;
        batch_similar_take(&r->b, s);
        pthread_mutex_lock(&r->lock);
        progress(r, s);
        pthread_mutex_unlock(&r->lock);
    }
}

/* Read by cli_options: --jobs=4 and --jobs 4 alike, -- ends them. */
enum { OPT_JOBS = 0x100, OPT_OUT, OPT_CSV, OPT_BACKEND, OPT_SEED, OPT_NAME_FROM, OPT_SHARD, OPT_REGRADE,
       OPT_SIMILAR };
static const struct option batch_options[] = {
    {"jobs", required_argument, NULL, OPT_JOBS},
    {"out", required_argument, NULL, OPT_OUT},
    {"csv", required_argument, NULL, OPT_CSV},
    {"backend", required_argument, NULL, OPT_BACKEND},
    {"seed", required_argument, NULL, OPT_SEED},
    {"name-from", required_argument, NULL, OPT_NAME_FROM},
    {"shard", required_argument, NULL, OPT_SHARD},
    {"regrade", no_argument, NULL, OPT_REGRADE},
    {"similar", no_argument, NULL, OPT_SIMILAR},
    {NULL, 0, NULL, 0},
};

/* --shard I/N: whole numbers, 1 <= I <= N <= 100000. */
static int parse_shard(batch_run *r, const char *v)
{
    unsigned i = 0, n = 0;
    int used = 0;
    bool digits = v[0] >= '1' && v[0] <= '9' && strspn(v, "0123456789/") == strlen(v);
    if (!digits || sscanf(v, "%6u/%6u%n", &i, &n, &used) != 2 || v[used] || !i || i > n || n > 100000) {
        char *shown = batch_shown(v);
        cli_cannot("--shard takes I/N, whole numbers with 1 <= I <= N (e.g. 3/8), not '%s'", shown);
        free(shown);
        return CLI_CANNOT;
    }
    r->b.shard = i;
    r->b.shards = n;
    return CLI_PASSED;
}

static int take_option(void *ctx, int id, const char *v)
{
    batch_run *r = ctx;
    unsigned long long n;
    if (v && !*v && id != OPT_SEED && id != OPT_JOBS)
        return cli_cannot("batch: --%s needs a value; see `cudalab batch --help`",
                          batch_options[id - OPT_JOBS].name);
    switch (id) {
    case OPT_JOBS:
        if (cli_parse_number("--jobs", v, 1, 64, &n) != CLI_PASSED) return CLI_CANNOT;
        r->jobs = (int)n;
        return CLI_PASSED;
    case OPT_SEED:
        if (cli_parse_number("--seed", v, 0, UINT64_MAX, &n) != CLI_PASSED) return CLI_CANNOT;
        snprintf(r->b.seed_text, sizeof r->b.seed_text, "%llu", n);
        return CLI_PASSED;
    case OPT_NAME_FROM:
        if (batch_pattern_check(v) != CLI_PASSED) return CLI_CANNOT;
        r->b.name_from = v;
        return CLI_PASSED;
    case OPT_SHARD: return parse_shard(r, v);
    case OPT_BACKEND:
        if (grade_backend_from_name(v) < 0) return cli_cannot("--backend takes auto, emu or gpu");
        r->b.backend = v;
        return CLI_PASSED;
    case OPT_OUT: r->b.out_dir = v; return CLI_PASSED;
    case OPT_CSV: r->b.csv = v; return CLI_PASSED;
    case OPT_REGRADE: r->b.regrade = true; return CLI_PASSED;
    case OPT_SIMILAR: r->b.similar = true; return CLI_PASSED;
    default: return CLI_CANNOT;
    }
}

/* CLI_GO with the batch read, CLI_PASSED when --help or -V answered. */
static int parse(int argc, char **argv, batch_run *r)
{
    r->jobs = 1;
    r->b.backend = "auto";
    strcpy(r->b.seed_text, "1");
    int first = 0, rc = cli_options(argc, argv, batch_options, take_option, r, &first);
    if (rc != CLI_GO) return rc;
    for (int i = first; i < argc; i++) {
        if (!r->b.day) {
            r->b.day = argv[i];
            continue;
        }
        batch_sub s = {.path = cl_strdup(argv[i]), .shown = batch_shown(argv[i])};
        CL_VEC_PUSH(&r->b.subs, s);
    }
    if (!r->b.day || !r->b.subs.n)
        return cli_cannot("usage: cudalab batch DAY FILE... [--jobs N] [--out DIR] [--csv F]");
    if (r->b.similar && !r->b.csv)
        return cli_cannot("--similar writes its table beside the CSV: give --csv F too");
    if (r->b.similar && r->b.shards)
        return cli_cannot("--similar compares the whole class, --shard grades a part: run --similar "
                          "without --shard once the shards are done (their reports are kept)");
    return CLI_GO;
}

static void grade_all(batch_run *r)
{
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->warmed, NULL);
    r->warming = r->jobs > 1;
    pthread_t threads[64];
    int started = 0;
    for (int i = 0; i < r->jobs && i < (int)r->b.subs.n; i++)
        if (pthread_create(&threads[started], NULL, worker, r) == 0) started++;
    if (!started) worker(r);
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    pthread_cond_destroy(&r->warmed);
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
    r->terminal = isatty(STDERR_FILENO);
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
    if (rc == CLI_GO) rc = run(&r);
    batch_free(&r.b);
    return rc;
}
