/* cmd_author.c - for course authors: `cudalab new NN TOPIC` scaffolds a day
 * that already grades, and `cudalab check-course [DAY]` checks a day the way
 * an author needs before a term (docs/authoring.md). */
#include <ctype.h>
#include <stdarg.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
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

int cmd_new(int argc, char **argv)
{
    unsigned long long day;
    char **op = NULL;
    int n = 0, parsed = cli_operands(argc, argv, 2, 2, &op, &n);
    if (parsed != CLI_GO) return parsed;
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
    if (rc == CLI_PASSED) printf("cudalab: a new day in %s:\n", root);
    if (rc == CLI_PASSED)
        rc = write_text(yaml, cl_sprintf(scaffold_yaml, (int)day, topic, (int)day, slug, file));
    if (rc == CLI_PASSED) rc = write_text(readme, cl_sprintf(scaffold_readme, (int)day));
    if (rc == CLI_PASSED) rc = write_text(tpl, cl_sprintf(scaffold_template, (int)day));
    if (rc == CLI_PASSED) rc = write_text(sol, cl_sprintf(scaffold_solution, (int)day));
    if (rc == CLI_PASSED) rc = write_text(fix, cl_strdup(scaffold_fixture));
    if (rc == CLI_PASSED)
        printf("It grades as it is: `cudalab check-course %llu`. Then make it yours: the\n"
               "kernels and their data in day.yaml, the README, the template, the\n"
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
    else
        say(k, true, "program", "every stage ran; %s at the course size; every loop ended within "
            "its limit at every size", pk->sizes[0].trace ? pk->sizes[0].trace : "");
    cl_str_free(&idle);
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
        char *failed = failed_checks(r);
        if (!r->passed)
            say(k, false, "solution", "fails %s: the reference must pass every check", failed);
        else if (warnings)
            say(k, false, "solution", "passes, with %d warning%s or hazard%s: it must have none",
                warnings, warnings > 1 ? "s" : "", warnings > 1 ? "s" : "");
        else
            say(k, true, "solution", "passes every check, no warning, within the limits");
        if (m->program) check_program(k, m, r);
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
static void judge_check(const report_result *r, const char *verb, const char *w, cl_str *wrong)
{
    int c = day_check_from_name(w);
    bool pass = strcmp(verb, "fail") != 0;
    const char *sep = wrong->len ? "; " : "";
    if (c < 0)
        cl_str_addf(wrong, "%s'%s' is not a check", sep, w);
    else if (!r->checks[c].ran)
        cl_str_addf(wrong, "%s%s did not run", sep, w);
    else if (r->checks[c].passed != pass)
        cl_str_addf(wrong, "%s%s %s, expected to %s", sep, w, r->checks[c].passed ? "passed" : "failed",
                    pass ? "pass" : "fail");
    else if (!strcmp(verb, "warn") && !warns(r, c))
        cl_str_addf(wrong, "%s%s passed with no warning, expected one", sep, w);
}

/* A fixture's `// expect: pass|fail|warn CHECK...` lines against its report
 * (warn: the check passes with a warning). */
static void judge_fixture(checker *k, const char *name, const char *text, const report_result *r)
{
    int stated = 0;
    cl_str wrong = {0};
    for (const char *p = strstr(text, "// expect: "); p; p = strstr(p + 1, "// expect: ")) {
        const char *line = p + strlen("// expect: "), *end = strchr(line, '\n');
        char buf[512];
        snprintf(buf, sizeof buf, "%.*s", (int)(end ? (size_t)(end - line) : strlen(line)), line);
        char *save = NULL, *verb = strtok_r(buf, " \t\r", &save);
        if (!verb || (strcmp(verb, "pass") && strcmp(verb, "fail") && strcmp(verb, "warn"))) {
            cl_str_addf(&wrong, "%s'// expect: %s' is neither pass, fail nor warn", wrong.len ? "; " : "", buf);
            continue;
        }
        for (char *w = strtok_r(NULL, " \t\r", &save); w; w = strtok_r(NULL, " \t\r", &save)) {
            stated++;
            judge_check(r, verb, w, &wrong);
        }
    }
    if (!stated && !wrong.len) cl_str_add(&wrong, "states no verdict: add `// expect: fail CHECK` lines");
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
            if (r) judge_fixture(k, label, text, r);
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
    check_template(k, e->manifest);
    check_solution(k, e->manifest);
    check_fixtures(k, e->manifest);
}

int cmd_check_course(int argc, char **argv)
{
    char **op = NULL;
    int n = 0, parsed = cli_operands(argc, argv, 0, 1, &op, &n);
    if (parsed != CLI_GO) return parsed;
    day_course *c = cli_load_course();
    if (!c) return CLI_CANNOT;
    checker k = {c, 0};
    const day_entry *only = NULL;
    cl_error err = {0};
    if (n == 1 && day_course_find(c, op[0], &only, &err) != CL_OK) {
        char line[1600];
        cl_error_format(&err, line, sizeof line);
        day_course_free(c);
        return cli_cannot("%s", line);
    }
    int days = 0;
    for (int i = 0; i < c->ndays; i++) {
        if (only && &c->days[i] != only) continue;
        check_day(&k, &c->days[i]);
        days++;
    }
    printf("\n%d day%s checked: %s\n", days, days == 1 ? "" : "s",
           k.failures ? "some checks failed (FAIL above)" : "every check passed");
    day_course_free(c);
    return k.failures ? CLI_NOT_PASSED : CLI_PASSED;
}
