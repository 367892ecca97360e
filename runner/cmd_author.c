/* cmd_author.c - for course authors: `cudalab new NN TOPIC` scaffolds a day
 * that already grades, and `cudalab check-course [DAY]` checks a day the way
 * an author needs before a term (docs/authoring.md). */
#include <ctype.h>
#include <stdarg.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "core/expect.h"
#include "days/day.h"
#include "days/script.h"
#include "grade/grade.h"
#include "report/result.h"

/* ---- new ---- */

static const char scaffold_yaml[] =
    "# Day %d: %s. The format is docs/day-format.md.\n"
    "day: %d\n"
    "slug: %s\n"
    "title: \"TODO: the day's title\"\n"
    "topic: \"TODO: a few words\"\n"
    "student_file: %s\n"
    "arch: sm_75\n"
    "launch:\n"
    "  block: 256\n"
    "  grid: \"ceil(n / 256)\"\n"
    "  about: \"ceil(n / 256) blocks of 256 threads, one element a thread\"\n"
    "kernels:\n"
    "  - name: scaleArray\n"
    "    summary: \"writes out[i] = 2 * in[i]\"\n"
    "    params:\n"
    "      - {type: const float*, name: in, length: n, fill: {uniform: [-1, 1]}}\n"
    "      - {type: float*, name: out, length: n}\n"
    "      - {type: int, name: n, value: n}\n"
    "    compare: exact\n"
    "    bytes: \"8 * n\"\n"
    "    checks: [correctness, memory, resources]\n"
    "    limits: {registers: 64, spill_bytes: 0}\n"
    "sizes:\n"
    "  course: {n: 1048576}\n"
    "  hidden:\n"
    "    - {n: 1}\n"
    "    - {n: 257}\n"
    "hints:\n"
    "  - \"TODO: a first hint, revealing a little\"\n";

/* `new --program`: the same kernel, launched twice by the day's program, the
 * first launch's output the second's input (docs/day-format.md, "program"). */
static const char scaffold_program_yaml[] =
    "# Day %d: %s. The format is docs/day-format.md (\"program\").\n"
    "day: %d\n"
    "slug: %s\n"
    "title: \"TODO: the day's title\"\n"
    "topic: \"TODO: a few words\"\n"
    "student_file: %s\n"
    "arch: sm_75\n"
    "kernels:\n"
    "  - name: scaleArray\n"
    "    summary: \"writes out[i] = 2 * in[i]\"\n"
    "    params:\n"
    "      - {type: const float*, name: in}\n"
    "      - {type: float*, name: out}\n"
    "      - {type: int, name: n}\n"
    "    checks: [memory, resources]\n"
    "    limits: {registers: 64, spill_bytes: 0}\n"
    "program:\n"
    "  name: scaleTwice\n"
    "  summary: \"out = 4 * in: scaleArray twice, the first launch's output the second's input\"\n"
    "  buffers:\n"
    "    - {type: const float*, name: in, length: n, fill: {uniform: [-1, 1]}}\n"
    "    - {type: float*, name: twice, length: n, role: scratch}\n"
    "    - {type: float*, name: out, length: n}\n"
    "  compare: exact\n"
    "  bytes: \"16 * n\"\n"
    "  stages:\n"
    "    - {name: first, kernel: scaleArray, args: [in, twice, n], grid: \"ceil(n / 256)\", block: 256}\n"
    "    - {name: second, kernel: scaleArray, args: [twice, out, n], grid: \"ceil(n / 256)\", block: 256}\n"
    "sizes:\n"
    "  course: {n: 1048576}\n"
    "  hidden:\n"
    "    - {n: 1}\n"
    "    - {n: 257}\n"
    "hints:\n"
    "  - \"TODO: a first hint, revealing a little\"\n";

static const char scaffold_readme[] =
    "# Day %d: TODO the title\n\n"
    "TODO: the task in a paragraph, then the signatures, the launch, the\n"
    "concept of the day (the wrong version beside the right one), what the\n"
    "grader checks and what each number in the report means.\n\n"
    "```cuda\n"
    "__global__ void scaleArray(const float* in, float* out, int n);\n"
    "```\n";

static const char scaffold_template[] =
    "// Day %d. TODO: write the kernel.\n"
    "__global__ void scaleArray(const float* in, float* out, int n)\n"
    "{\n"
    "    // TODO 1: the index of this thread's element\n"
    "    // TODO 2: if it is inside the array, out[i] = 2 * in[i]\n"
    "}\n";

static const char scaffold_solution[] =
    "// Day %d: the reference solution, the oracle every submission is judged against.\n"
    "__global__ void scaleArray(const float* in, float* out, int n)\n"
    "{\n"
    "    const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n) out[i] = 2.0f * in[i];\n"
    "}\n";

static const char scaffold_fixture[] =
    "// A fixture: a whole submission and the verdict it must get.\n"
    "// expect: fail memory\n"
    "// expect: pass compile\n"
    "__global__ void scaleArray(const float* in, float* out, int n)\n"
    "{\n"
    "    const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    out[i] = 2.0f * in[i]; /* no bounds check: the last block reads past the end */\n"
    "    (void)n;\n"
    "}\n";

static bool valid_topic(const char *s)
{
    if (!*s || *s == '-' || strlen(s) > 40) return false;
    for (; *s; s++)
        if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '-') return false;
    return true;
}

/* Write text (freed here) to a new file. */
static int write_text(const char *path, char *text)
{
    cl_error err = {0};
    cl_status st = cl_write_file_atomic(path, text, strlen(text), &err);
    free(text);
    if (st != CL_OK) return cli_cannot("cannot write %s: %s", path, err.message);
    printf("  %s\n", path);
    return CLI_PASSED;
}

/* A day of the course with number day already (its folder days/dayNN-*),
 * into taken; false when there is none. */
static bool number_taken(const char *root, unsigned long long day, char *taken, size_t n)
{
    char *days = cl_sprintf("%s/days", root), prefix[16];
    snprintf(prefix, sizeof prefix, "day%02llu-", day);
    DIR *d = opendir(days);
    bool found = false;
    for (struct dirent *e; d && !found && (e = readdir(d));)
        if (!strncmp(e->d_name, prefix, strlen(prefix))) {
            snprintf(taken, n, "%s", e->d_name);
            found = true;
        }
    if (d) closedir(d);
    free(days);
    return found;
}

enum { OPT_PROGRAM = 0x100 };

static int new_take(void *ctx, int id, const char *value)
{
    (void)value;
    if (id != OPT_PROGRAM) return CLI_CANNOT;
    *(bool *)ctx = true;
    return CLI_PASSED;
}

int cmd_new(int argc, char **argv)
{
    static const struct option opts[] = {{"program", no_argument, NULL, OPT_PROGRAM},
                                         {NULL, 0, NULL, 0}};
    unsigned long long day;
    bool program = false;
    int first = 0, parsed = cli_options(argc, argv, opts, new_take, &program, &first);
    if (parsed != CLI_GO) return parsed;
    if (argc - first != 2) return cli_cannot("usage: cudalab new NN TOPIC [--program]");
    char **op = argv + first;
    const char *topic = op[1];
    if (cli_parse_number("new: NN", op[0], 1, 100, &day) != CLI_PASSED) return CLI_CANNOT;
    if (!valid_topic(topic))
        return cli_cannot("new: TOPIC is lowercase letters, digits and '-', at most 40, not "
                          "starting with '-'; '%s' is not", topic);
    const char *root = day_course_root();
    char slug[64], file[64];
    snprintf(slug, sizeof slug, "day%02llu-%s", day, topic);
    snprintf(file, sizeof file, "%s.cu", topic);
    char *dirs[] = {cl_sprintf("%s/days/%s", root, slug), cl_sprintf("%s/templates/%s", root, slug),
                    cl_sprintf("%s/solutions/%s", root, slug),
                    cl_sprintf("%s/days/%s/fixtures", root, slug)};
    int rc = CLI_PASSED;
    char taken[256];
    if (number_taken(root, day, taken, sizeof taken))
        rc = cli_cannot("new: day %llu is %s already; a day's number is its place in the course, "
                        "so pick a number no day has (cudalab list shows them); nothing was written",
                        day, taken);
    for (int i = 0; i < 3 && rc == CLI_PASSED; i++)
        if (cl_dir_exists(dirs[i]) || cl_file_exists(dirs[i]))
            rc = cli_cannot("new: %s exists already; nothing was written (pick another "
                            "number or topic, or remove it)", dirs[i]);
    cl_error err = {0};
    for (int i = 0; i < 4 && rc == CLI_PASSED; i++)
        if (cl_mkdirs(dirs[i], &err) != CL_OK) rc = cli_cannot("new: %s", err.message);
    char *yaml = cl_sprintf("%s/day.yaml", dirs[0]), *readme = cl_sprintf("%s/README.md", dirs[0]);
    char *tpl = cl_sprintf("%s/%s", dirs[1], file), *sol = cl_sprintf("%s/%s", dirs[2], file);
    char *fix = cl_sprintf("%s/no_bounds_check.cu", dirs[3]);
    if (rc == CLI_PASSED) printf("cudalab: a new day in the course folder %s:\n", root);
    if (rc == CLI_PASSED)
        rc = write_text(yaml, cl_sprintf(program ? scaffold_program_yaml : scaffold_yaml, (int)day,
                                         topic, (int)day, slug, file));
    if (rc == CLI_PASSED) rc = write_text(readme, cl_sprintf(scaffold_readme, (int)day));
    if (rc == CLI_PASSED) rc = write_text(tpl, cl_sprintf(scaffold_template, (int)day));
    if (rc == CLI_PASSED) rc = write_text(sol, cl_sprintf(scaffold_solution, (int)day));
    if (rc == CLI_PASSED) rc = write_text(fix, cl_strdup(scaffold_fixture));
    if (rc == CLI_PASSED)
        printf("Next: `cudalab check-course %llu` grades it; it fails until the \"TODO\" in\n"
               "day.yaml's title, topic and hint are the day's own. Make the rest yours:\n"
               "the kernels and their data in day.yaml, the README, the template, the\n"
               "solution and the fixtures (docs/authoring.md walks through it).\n", day);
    for (int i = 0; i < 4; i++) free(dirs[i]);
    free(yaml);
    free(readme);
    free(tpl);
    free(sol);
    free(fix);
    return rc;
}

/* ---- check-course ---- */

typedef struct checker {
    const day_course *c;
    int failures;
} checker;

static void say(checker *k, bool ok, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void say(checker *k, bool ok, const char *what, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cl_str s = {0};
    cl_str_vaddf(&s, fmt, ap);
    va_end(ap);
    char *safe = cl_text_safe(cl_str_cstr(&s), 0);
    printf("  %-4s %-34s %s\n", ok ? "ok" : "FAIL", what, safe);
    free(safe);
    cl_str_free(&s);
    k->failures += !ok;
}

/* Grade path as day m; NULL when it could not be graded (said). */
static report_result *grade_file(checker *k, const day_manifest *m, const char *what,
                                 const char *path)
{
    grade_options opt = {.backend = GRADE_BACKEND_EMU, .seed = 1};
    report_result *r = NULL;
    cl_error err = {0};
    if (grade_day(k->c, m, path, &opt, &r, &err) == CL_OK) return r;
    char line[1600];
    cl_error_format(&err, line, sizeof line);
    say(k, false, what, "could not be graded: %s", line);
    return NULL;
}

/* The checks that failed, "correctness, memory" (caller frees). */
static char *failed_checks(const report_result *r)
{
    cl_str s = {0};
    for (int c = 0; c < DAY_CHECK_COUNT; c++)
        if (r->checks[c].ran && !r->checks[c].passed)
            cl_str_addf(&s, "%s%s", s.len ? ", " : "", day_check_name((day_check)c));
    return cl_str_take(&s);
}

static void check_template(checker *k, const day_manifest *m)
{
    char *path = day_template_path(k->c, m);
    report_result *r = grade_file(k, m, "template", path);
    if (r) {
        char *failed = failed_checks(r);
        if (!r->checks[DAY_CHECK_COMPILE].passed)
            say(k, false, "template", "does not compile: %s", r->checks[DAY_CHECK_COMPILE].detail);
        else if (r->passed)
            say(k, false, "template", "passes every check: it must leave the task to the student");
        else
            say(k, true, "template", "compiles and fails (%s)", failed);
        free(failed);
        report_free(r);
    }
    free(path);
}

/* Each figure of each kernel of m over its limit in r, "scaleArray: 40
 * registers a thread, limit 32", "; " between them, into *out. */
static void over_limits(const day_manifest *m, const report_result *r, cl_str *out)
{
    for (int i = 0; i < r->nkernels; i++) {
        const report_kernel *rk = &r->kernels[i];
        const day_kernel *dk = day_manifest_kernel(m, rk->name);
        if (!dk || !rk->yours.ran) continue;
        report_resource rows[REPORT_RESOURCES];
        report_resources(&rk->yours, &dk->limits, rows);
        for (int j = 0; j < REPORT_RESOURCES; j++)
            if (report_resource_over(&rows[j]))
                cl_str_addf(out, "%s%s: %ld %s, day.yaml's limit %ld", out->len ? "; " : "",
                            rk->name, rows[j].have, rows[j].what, rows[j].limit);
    }
}

/* What failed, each check with its reason ("resources (blockSums: 40
 * registers a thread, limit 32)"); caller frees. */
static char *failed_with_reasons(const day_manifest *m, const report_result *r)
{
    cl_str s = {0};
    for (int c = 0; c < DAY_CHECK_COUNT; c++) {
        const report_check *ch = &r->checks[c];
        if (!ch->ran || ch->passed) continue;
        cl_str_addf(&s, "%s%s", s.len ? "; " : "", day_check_name((day_check)c));
        cl_str why = {0};
        if (c == DAY_CHECK_RESOURCES) over_limits(m, r, &why);
        if (!why.len && ch->detail && *ch->detail) cl_str_add(&why, ch->detail);
        if (why.len) cl_str_addf(&s, " (%s)", cl_str_cstr(&why));
        cl_str_free(&why);
    }
    return cl_str_take(&s);
}

/* Whether the list "a, b, c" names the n bytes at name. */
static bool in_list(const char *list, const char *name, size_t n)
{
    for (const char *p = list ? list : ""; *p;) {
        size_t m = strcspn(p, ",");
        if (m == n && !strncmp(p, name, n)) return true;
        p += m;
        p += strspn(p, ", ");
    }
    return false;
}

/* A day's program, from the reference's own grade: at every size each of
 * its loops ended within its limit (else the reference did not complete and
 * the grade said so), and every stage ran at some size. */
static void check_program(checker *k, const day_manifest *m, const report_result *r)
{
    const report_kernel *pk = NULL;
    for (int i = 0; i < r->nkernels; i++)
        if (!strcmp(r->kernels[i].name, m->program->judged.name)) pk = &r->kernels[i];
    if (!pk || !pk->nsizes) {
        say(k, false, "program", "did not run");
        return;
    }
    cl_str idle = {0};
    for (const char *s = pk->sizes[0].idle_stages ? pk->sizes[0].idle_stages : ""; *s;) {
        size_t n = strcspn(s, ",");
        bool ran = false; /* at another size */
        for (int i = 1; i < pk->nsizes && !ran; i++) ran = !in_list(pk->sizes[i].idle_stages, s, n);
        if (!ran) cl_str_addf(&idle, "%s%.*s", idle.len ? ", " : "", (int)n, s);
        s += n;
        s += strspn(s, ", ");
    }
    if (idle.len)
        say(k, false, "program", "stage%s %s never ran at any size: a stage the reference never "
            "reaches checks nothing", strchr(idle.s, ',') ? "s" : "", idle.s);
    else {
        const char *trace = pk->sizes[0].trace ? pk->sizes[0].trace : "";
        say(k, true, "program", "every stage ran; %s at the course size%s", trace,
            strstr(trace, " ran ") ? "; every loop ended within its limit at every size" : "");
    }
    cl_str_free(&idle);
}

/* The README's table of the reference's figures, each row `KERNEL  N B  R`
 * (shared bytes a block, registers a thread) of a kernel of the day, against
 * the reference's build as its grade r reports them, so the text cannot
 * contradict the report. */
static void check_readme_figures(checker *k, const day_manifest *m, const report_result *r)
{
    char *path = cl_path_join(m->dir, "README.md"), *text = NULL;
    cl_str wrong = {0};
    int rows = 0;
    if (cl_read_file(path, &text, NULL, NULL) == CL_OK) {
        for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
            char name[128], unit[4], extra[2];
            long shared = 0, regs = 0;
            if (sscanf(line, " %127[A-Za-z0-9_] %ld %3s %ld %1s", name, &shared, unit, &regs, extra) != 4 ||
                strcmp(unit, "B") || !day_manifest_kernel(m, name))
                continue;
            const report_kernel *rk = NULL;
            for (int i = 0; i < r->nkernels && !rk; i++)
                if (!strcmp(r->kernels[i].name, name) && r->kernels[i].yours.ran) rk = &r->kernels[i];
            if (!rk) continue; /* an optional kernel the reference does not define */
            rows++;
            if (rk->yours.shared_bytes != shared || rk->yours.registers != regs)
                cl_str_addf(&wrong, "%s%s: %ld B and %ld registers in the README, %ld B and %ld in the "
                            "reference's build", wrong.len ? "; " : "", name, shared, regs,
                            (long)rk->yours.shared_bytes, (long)rk->yours.registers);
        }
    }
    if (wrong.len)
        say(k, false, "README.md figures", "%s: write the reference's", cl_str_cstr(&wrong));
    else if (rows)
        say(k, true, "README.md figures", "%d kernel%s' shared bytes and registers as the reference's",
            rows, rows == 1 ? "" : "s");
    cl_str_free(&wrong);
    free(text);
    free(path);
}

/* The reference must pass every check with nothing to warn about. */
static void check_solution(checker *k, const day_manifest *m)
{
    char *path = day_solution_path(k->c, m);
    report_result *r = cl_file_exists(path) ? grade_file(k, m, "solution", path) : NULL;
    if (r) {
        int warnings = 0;
        for (int i = 0; i < r->ndiags; i++) warnings += r->diags[i].severity != REPORT_NOTE;
        for (int i = 0; i < r->nhazards; i++) warnings++;
        char *failed = failed_with_reasons(m, r);
        if (!r->passed)
            say(k, false, "solution", "fails %s: the reference must pass every check", failed);
        else if (warnings)
            say(k, false, "solution", "passes, with %d warning%s or hazard%s: it must have none",
                warnings, warnings > 1 ? "s" : "", warnings > 1 ? "s" : "");
        else
            say(k, true, "solution", "passes every check, no warning, within the limits");
        if (m->program) check_program(k, m, r);
        check_readme_figures(k, m, r);
        free(failed);
        report_free(r);
    } else if (!cl_file_exists(path)) {
        say(k, true, "solution", "compiled PTX only (a student edition): not checked");
    }
    free(path);
}

/* Whether the report has a warning under check c. */
static bool warns(const report_result *r, int c)
{
    for (int i = 0; i < r->nhazards; i++)
        if ((int)r->hazards[i].check == c && r->hazards[i].severity == REPORT_WARNING) return true;
    return false;
}

/* One CHECK of an `// expect: VERB` line against the report; what is wrong
 * goes into *wrong. */
static void judge_check(const day_manifest *m, const report_result *r, const char *verb,
                        const char *w, cl_str *wrong)
{
    int c = day_check_from_name(w);
    bool pass = strcmp(verb, "fail") != 0;
    const char *sep = wrong->len ? "; " : "";
    if (c < 0)
        cl_str_addf(wrong, "%s'%s' is not a check", sep, w);
    else if (!r->checks[c].ran)
        cl_str_addf(wrong, "%s%s did not run", sep, w);
    else if (r->checks[c].passed != pass) {
        cl_str_addf(wrong, "%s%s %s, expected to %s", sep, w, r->checks[c].passed ? "passed" : "failed",
                    pass ? "pass" : "fail");
        cl_str over = {0};
        if (c == DAY_CHECK_RESOURCES) over_limits(m, r, &over);
        if (over.len) cl_str_addf(wrong, " (%s)", cl_str_cstr(&over));
        cl_str_free(&over);
    }
    else if (!strcmp(verb, "warn") && !warns(r, c))
        cl_str_addf(wrong, "%s%s passed with no warning, expected one", sep, w);
}

/* `// expect: pass` naming no check: every check that ran passed (each
 * kernel's listed checks, and compile). */
static void judge_all_pass(const day_manifest *m, const report_result *r, cl_str *wrong)
{
    if (r->passed) return;
    char *failed = failed_with_reasons(m, r);
    cl_str_addf(wrong, "%sexpected to pass every check, but %s failed", wrong->len ? "; " : "", failed);
    free(failed);
}

/* A fixture's `// expect: pass|fail|warn CHECK...` lines against its report
 * (warn: the check passes with a warning; a bare `pass`: every check). */
static void judge_fixture(checker *k, const day_manifest *m, const char *name, const char *text,
                          const report_result *r)
{
    static const char *const verbs[] = {"pass", "fail", "warn", NULL};
    static const cl_expect_key keys[] = {{"expect", verbs}};
    int stated = 0;
    cl_str wrong = {0};
    cl_expects lines = {0};
    cl_error err = {0};
    if (cl_expect_read(text, name, keys, 1, &lines, &err) != CL_OK)
        cl_str_addf(&wrong, "line %d: %s (pass, fail or warn)", err.line, err.message);
    for (size_t i = 0; i < lines.n; i++) {
        const cl_expect *e = &lines.v[i];
        char *buf = cl_strdup(e->rest), *save = NULL, *w = strtok_r(buf, " \t", &save);
        if (!w && !strcmp(e->verb, "pass")) { /* every check */
            for (int c = 0; c < DAY_CHECK_COUNT; c++) stated += r->checks[c].ran;
            judge_all_pass(m, r, &wrong);
        }
        for (; w; w = strtok_r(NULL, " \t", &save)) {
            stated++;
            judge_check(m, r, e->verb, w, &wrong);
        }
        free(buf);
    }
    cl_expects_free(&lines);
    if (!stated && !wrong.len)
        cl_str_add(&wrong, "states no verdict: add `// expect: pass` (every check passes) or "
                           "`// expect: fail CHECK` lines");
    if (wrong.len)
        say(k, false, name, "%s", wrong.s);
    else
        say(k, true, name, "%d check%s as its comments say", stated, stated > 1 ? "s" : "");
    cl_str_free(&wrong);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void check_fixtures(checker *k, const day_manifest *m)
{
    char *dir = cl_path_join(m->dir, "fixtures");
    DIR *d = opendir(dir);
    CL_VEC(char *) names = {0};
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n > 3 && !strcmp(e->d_name + n - 3, ".cu")) CL_VEC_PUSH(&names, cl_strdup(e->d_name));
    }
    if (d) closedir(d);
    if (names.n) qsort(names.v, names.n, sizeof *names.v, compare_names);
    for (size_t i = 0; i < names.n; i++) {
        char *path = cl_path_join(dir, names.v[i]), *text = NULL, *label = cl_sprintf("fixtures/%s", names.v[i]);
        size_t len = 0;
        cl_error err = {0};
        if (cl_read_file(path, &text, &len, &err) != CL_OK) {
            say(k, false, label, "cannot be read: %s", err.message);
        } else {
            report_result *r = grade_file(k, m, label, path);
            if (r) judge_fixture(k, m, label, text, r);
            report_free(r);
        }
        free(text);
        free(path);
        free(label);
        free(names.v[i]);
    }
    if (!names.n) say(k, true, "fixtures", "none (days/%s/fixtures/*.cu)", m->slug);
    free(names.v);
    free(dir);
}

/* ---- the day's words ---- */

static void warn(const char *what, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warn(const char *what, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cl_str s = {0};
    cl_str_vaddf(&s, fmt, ap);
    va_end(ap);
    char *safe = cl_text_safe(cl_str_cstr(&s), 0);
    printf("  %-4s %-34s %s\n", "warn", what, safe);
    free(safe);
    cl_str_free(&s);
}

/* Whether text holds the word TODO (the scaffold's placeholders). */
static bool has_todo(const char *text)
{
    for (const char *p = text ? strstr(text, "TODO") : NULL; p; p = strstr(p + 1, "TODO"))
        if ((p == text || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[4])) return true;
    return false;
}

/* The scaffold's "TODO" left in the day's title, topic, a kernel's summary
 * or a hint: what the student reads in the list and the runner. */
static void check_words(checker *k, const day_manifest *m)
{
    cl_str where = {0};
    if (has_todo(m->title)) cl_str_add(&where, "title");
    if (has_todo(m->topic)) cl_str_addf(&where, "%stopic", where.len ? ", " : "");
    for (int i = 0; i < m->nkernels; i++)
        if (has_todo(m->kernels[i].summary))
            cl_str_addf(&where, "%s%s's summary", where.len ? ", " : "", m->kernels[i].name);
    for (int i = 0; i < m->nhints; i++)
        if (has_todo(m->hints[i])) cl_str_addf(&where, "%shint %d", where.len ? ", " : "", i + 1);
    if (where.len)
        say(k, false, "words", "\"TODO\" left in day.yaml's %s: write the day's own (the scaffold's "
            "placeholders are for you, not for students)", cl_str_cstr(&where));
    else
        say(k, true, "words", "title, topic, summaries and hints hold no TODO");
    cl_str_free(&where);
}

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* CUDA's public names of its half and bfloat16 types, as the day's
 * signature spells them (cuda_fp16.h, cuda_bf16.h typedefs). */
static const char *canonical_type(const char *word, size_t n)
{
    static const char *const alias[][2] = {{"half", "__half"}, {"half2", "__half2"},
                                           {"nv_bfloat16", "__nv_bfloat16"},
                                           {"nv_bfloat162", "__nv_bfloat162"}};
    for (size_t i = 0; i < sizeof alias / sizeof *alias; i++)
        if (strlen(alias[i][0]) == n && !strncmp(word, alias[i][0], n)) return alias[i][1];
    return NULL;
}

/* A C declaration with its spaces made canonical: one space only between
 * two words ("const float *in" and "const float* in" are one), and half2
 * written __half2 (the typedef and its type are one). */
static char *squeeze(const char *s, size_t n)
{
    cl_str b = {0};
    bool space = false;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (isspace((unsigned char)c)) {
            space = true;
            continue;
        }
        bool word = ident_char(c);
        if (space && word && b.len && ident_char(b.s[b.len - 1])) cl_str_addc(&b, ' ');
        space = false;
        size_t w = 0;
        while (word && i + w < n && ident_char(s[i + w])) w++;
        const char *alias = word && (i == 0 || !ident_char(s[i - 1])) ? canonical_type(s + i, w) : NULL;
        if (alias) {
            cl_str_add(&b, alias);
            i += w - 1;
            continue;
        }
        cl_str_addc(&b, c);
    }
    return b.s ? cl_str_take(&b) : cl_strdup("");
}

/* Each `__global__ void NAME(...)` the README declares against the
 * manifest's signature of NAME: a warning where they differ, or where the
 * manifest has no such kernel. */
static void check_readme_signatures(const day_manifest *m)
{
    char *path = cl_path_join(m->dir, "README.md"), *text = NULL;
    int checked = 0, differ = 0;
    if (cl_read_file(path, &text, NULL, NULL) == CL_OK) {
        for (const char *p = strstr(text, "__global__"); p; p = strstr(p + 1, "__global__")) {
            const char *name = p + 10, *open = NULL, *close = NULL;
            name += strspn(name, " \t\n");
            if (strncmp(name, "void", 4) || !isspace((unsigned char)name[4])) continue;
            name += 4 + strspn(name + 4, " \t\n");
            open = strchr(name, '(');
            close = open ? strchr(open, ')') : NULL;
            if (!close || memchr(name, '\n', (size_t)(open - name))) continue;
            size_t n = (size_t)(close + 1 - name);
            char *kname = squeeze(name, (size_t)(open - name)), *said = squeeze(name, n);
            const day_kernel *dk = day_manifest_kernel(m, kname);
            char *sig = dk ? day_kernel_signature(dk) : NULL, *want = sig ? squeeze(sig, strlen(sig)) : NULL;
            char *shown = cl_strndup(name, n); /* as written, its line breaks made spaces */
            for (char *c = shown; *c; c++)
                if (isspace((unsigned char)*c)) *c = ' ';
            checked++;
            if (!dk) {
                warn("README.md", "declares %s, which day.yaml has no kernel named", shown);
                differ++;
            } else if (strcmp(said, want)) {
                warn("README.md", "declares %s; day.yaml says %s", shown, sig);
                differ++;
            }
            free(kname), free(said), free(sig), free(want), free(shown);
        }
    }
    if (checked && !differ) printf("  %-4s %-34s %d signature%s as day.yaml's\n", "ok", "README.md",
                                   checked, checked == 1 ? "" : "s");
    free(text);
    free(path);
}

static void check_day(checker *k, const day_entry *e)
{
    char *slug = cl_text_safe(e->slug, 0);
    printf("%s\n", slug);
    free(slug);
    if (!e->manifest) {
        char line[1600];
        cl_error_format(&e->error, line, sizeof line);
        say(k, false, "day.yaml", "%s", line);
        return;
    }
    say(k, true, "day.yaml", "%d kernel%s, %d hidden size%s", e->manifest->nkernels,
        e->manifest->nkernels > 1 ? "s" : "", e->manifest->nhidden, e->manifest->nhidden == 1 ? "" : "s");
    if (e->ungradable) {
        say(k, false, "files", "%s", e->ungradable);
        return;
    }
    for (int i = 0; i < e->manifest->nkernels; i++) {
        const day_kernel *kk = &e->manifest->kernels[i];
        if (!kk->check) continue;
        char *path = cl_path_join(e->manifest->dir, kk->check), line[1600];
        cl_error err = {0};
        if (script_validate(path, &err) == CL_OK) {
            say(k, true, kk->check, "loads and defines check(t)");
        } else {
            cl_error_format(&err, line, sizeof line);
            say(k, false, kk->check, "%s", line);
        }
        free(path);
    }
    check_words(k, e->manifest);
    check_readme_signatures(e->manifest);
    check_template(k, e->manifest);
    check_solution(k, e->manifest);
    check_fixtures(k, e->manifest);
}

/* One run of check-course over the day named (every day when NULL), the
 * course loaded anew: 0 passed, 1 some check failed, 2 could not run. */
static int check_once(const char *which)
{
    day_course *c = cli_load_course();
    if (!c) return CLI_CANNOT;
    checker k = {c, 0};
    const day_entry *only = NULL;
    cl_error err = {0};
    if (which && day_course_find(c, which, &only, &err) != CL_OK) {
        char line[1600];
        cl_error_format(&err, line, sizeof line);
        day_course_free(c);
        return cli_cannot("%s", line);
    }
    /* The runner's glossary screen (key i) reads the course folder's. */
    char *glossary = cl_path_join(c->root, "docs/glossary.md");
    printf("course %s\n", c->root);
    if (cl_file_exists(glossary))
        say(&k, true, "docs/glossary.md", "the runner's glossary (key i)");
    else
        say(&k, false, "docs/glossary.md", "missing: a course folder holds docs/glossary.md, the words "
            "the reports use, shown by the runner's key i; copy cudalab's (docs/authoring.md, \"What "
            "a course folder holds\")");
    free(glossary);
    int days = 0;
    for (int i = 0; i < c->ndays; i++) {
        if (only && &c->days[i] != only) continue;
        check_day(&k, &c->days[i]);
        days++;
    }
    printf("\n%d day%s checked: %s\n", days, days == 1 ? "" : "s",
           k.failures ? "some checks failed (FAIL above)" : "every check passed");
    fflush(stdout);
    day_course_free(c);
    return k.failures ? CLI_NOT_PASSED : CLI_PASSED;
}

/* ---- check-course --watch ---- */

/* A stamp of every file under dir (and its folders, two levels): the sum of
 * their modification times, sizes and names' lengths, and their count, so
 * a save, a new file or a removed one changes it. */
static void stamp_dir(const char *dir, int depth, long long *sum, long long *count)
{
    DIR *d = depth < 3 ? opendir(dir) : NULL;
    for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char *path = cl_path_join(dir, e->d_name);
        struct stat sb;
        if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            stamp_dir(path, depth + 1, sum, count);
        } else if (stat(path, &sb) == 0) {
            *sum += (long long)sb.st_mtim.tv_sec * 1000000000LL + sb.st_mtim.tv_nsec + sb.st_size +
                    (long long)strlen(e->d_name);
            ++*count;
        }
        free(path);
    }
    if (d) closedir(d);
}

/* The day's folders in the course: days/, templates/ and solutions/ of its
 * slug (found again each time: a day.yaml may be renamed into place). */
static void stamp_day(const char *root, const char *slug, long long st[2])
{
    static const char *const kinds[] = {"days", "templates", "solutions"};
    st[0] = st[1] = 0;
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
        char *dir = cl_sprintf("%s/%s/%s", root, kinds[i], slug);
        stamp_dir(dir, 0, &st[0], &st[1]);
        free(dir);
    }
    char *glossary = cl_path_join(root, "docs/glossary.md");
    struct stat sb;
    if (stat(glossary, &sb) == 0) st[0] += (long long)sb.st_mtim.tv_sec * 1000000000LL + sb.st_mtim.tv_nsec;
    free(glossary);
}

/* check-course DAY, then again whenever a file of the day changes (its
 * stamp looked at twice a second, a change counted once it has been quiet
 * for 300 ms), until interrupted. */
static int check_watch(const char *which)
{
    day_course *c = cli_load_course();
    const day_entry *e = NULL;
    cl_error err = {0};
    if (c && day_course_find(c, which, &e, &err) != CL_OK) {
        char line[1600];
        cl_error_format(&err, line, sizeof line);
        day_course_free(c);
        return cli_cannot("%s", line);
    }
    if (!c) return CLI_CANNOT;
    char *root = cl_strdup(c->root), *slug = cl_strdup(e->slug);
    day_course_free(c);
    long long now[2], seen[2];
    stamp_day(root, slug, seen);
    for (int round = 1;; round++) {
        check_once(slug);
        printf("\nwatching days/%s, templates/%s and solutions/%s: each save checks the day "
               "again (Ctrl-C stops)\n", slug, slug, slug);
        fflush(stdout);
        for (;;) { /* until a change has been quiet for 300 ms */
            usleep(500 * 1000);
            stamp_day(root, slug, now);
            if (now[0] == seen[0] && now[1] == seen[1]) continue;
            do {
                memcpy(seen, now, sizeof seen);
                usleep(300 * 1000);
                stamp_day(root, slug, now);
            } while (now[0] != seen[0] || now[1] != seen[1]);
            break;
        }
        printf("\n---- a file of %s changed: check %d ----\n", slug, round + 1);
    }
}

enum { OPT_WATCH = 0x100 };

static int check_take(void *ctx, int id, const char *value)
{
    (void)value;
    if (id != OPT_WATCH) return CLI_CANNOT;
    *(bool *)ctx = true;
    return CLI_PASSED;
}

int cmd_check_course(int argc, char **argv)
{
    static const struct option opts[] = {{"watch", no_argument, NULL, OPT_WATCH}, {NULL, 0, NULL, 0}};
    bool watch = false;
    int first = 0, parsed = cli_options(argc, argv, opts, check_take, &watch, &first);
    if (parsed != CLI_GO) return parsed;
    int n = argc - first;
    if (n > 1 || (watch && n != 1))
        return cli_cannot("usage: cudalab check-course [DAY] | cudalab check-course --watch DAY");
    if (watch) return check_watch(argv[first]);
    return check_once(n ? argv[first] : NULL);
}
