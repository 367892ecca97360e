/* e2e_runner.c - grades one submission with the real cudalab binary and
 * checks the verdict against the expectations written in its comments:
 *
 *   // e2e: day 23                      the day to grade it as
 *   // e2e: exit 1                      cudalab's exit status
 *   // e2e: pass compile correctness    checks that must pass
 *   // e2e: fail mask-honesty           checks that must fail
 *   // e2e: hazard CHECK key=value ...  a hazard with these JSON fields
 *   // e2e: no-hazard CHECK             no error hazard under CHECK
 *   // e2e: detail CHECK text           the check's detail holds text
 *   // e2e: kernel NAME key=value ...   a kernel entry with these fields (a key
 *                                       with dots names a nested one: yours.ran)
 *   // e2e: output text                 the whole output (stdout and stderr) holds text
 *   // e2e: threads-invariant [N ...]   the same report (less its timing) with --threads N ...
 *                                       (1, 2 and 4 when none are named)
 *   // e2e: env NAME=VALUE              every grade of the file runs with NAME set to VALUE
 *                                       (a test's lower budget: CUDALAB_TEST_EMU_WORK)
 *   // e2e: cache-invariant             the same report from an empty cache (the reference
 *                                       runs) and then from the outputs it stored
 *   // e2e: max-seconds N               the grade takes at most N seconds of CPU (all its
 *                                       processes; CPU, not wall, so a loaded machine passes)
 *   // e2e: max-mib N                   and at most N MiB of memory (peak resident set)
 *
 * CUDALAB_E2E_BACKEND=auto grades with the GPU too (bench/gpu_round/verify.sh).
 *
 * The lines are read by core/expect.h's one reader: an `// e2e:` line whose
 * first word is none of these fails (exit 2, naming its line).
 *
 * A line `// e2e-paste: solutions/dayNN-x/f.cu` stands for that file of the
 * course, pasted between two marker lines: a submission is one file (an
 * #include of another is refused), so the runner grades a copy of the
 * submission, under the same name in a folder of its own, with the
 * reference pasted in. Line numbers count the pasted lines.
 *
 * usage: e2e_runner CUDALAB FILE [--day D --all-pass]  (the second form
 * grades a reference solution, which must pass every check). */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/core.h"
#include "core/expect.h"

static int failures;


static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("FAIL: ", stdout);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    failures++;
}

/* The submission as a student would hand it in: each `// e2e-paste: REL`
 * line replaced by the course's file REL between two marker lines, written
 * as DIR/<its name>. *dir is the folder to remove (NULL when the file had
 * nothing to paste and is graded as it is). */
static char *assemble(const char *path, const char *text, char **dir)
{
    const char *course = getenv("CUDALAB_COURSE");
    *dir = NULL;
    if (!strstr(text, "// e2e-paste: ") || !course) return cl_strdup(path);
    cl_str out = {0};
    for (const char *l = text; *l;) {
        size_t len = strcspn(l, "\n");
        if (!strncmp(l, "// e2e-paste: ", 14)) {
            char *rel = cl_strndup(l + 14, len - 14), *file = cl_path_join(course, rel), *ref = NULL;
            if (cl_read_file(file, &ref, NULL, NULL) != CL_OK) fail("cannot read %s to paste", file);
            cl_str_addf(&out, "// ---- %s, pasted by the e2e runner ----\n%s// ---- end of %s ----\n", rel,
                        ref ? ref : "", rel);
            free(ref), free(file), free(rel);
        } else {
            cl_str_addn(&out, l, len);
            cl_str_addc(&out, '\n');
        }
        l += len + (l[len] == '\n');
    }
    *dir = cl_strdup("/tmp/cudalab-e2e-XXXXXX");
    if (!mkdtemp(*dir)) {
        fail("cannot make a folder for the pasted submission");
        cl_str_free(&out);
        return cl_strdup(path);
    }
    const char *base = strrchr(path, '/');
    char *copy = cl_path_join(*dir, base ? base + 1 : path);
    if (cl_write_file_atomic(copy, cl_str_cstr(&out), out.len, NULL) != CL_OK) fail("cannot write %s", copy);
    cl_str_free(&out);
    return copy;
}

/* The sanitizer build (./run-tests) runs cudalab several times slower and
 * bigger: its caps are scaled by this much. */
#if defined(__SANITIZE_ADDRESS__)
#define E2E_SANITIZER_SCALE 4.0
#else
#define E2E_SANITIZER_SCALE 1.0
#endif

/* CPU seconds and peak MiB of the first grade (children waited for so far). */
static double grade_cpu, grade_mib;

/* The backend every grade uses: emu, or CUDALAB_E2E_BACKEND=auto (or gpu) on a
 * machine with a GPU (bench/gpu_round/verify.sh); any other value is emu. */
static const char *backend(void)
{
    const char *b = getenv("CUDALAB_E2E_BACKEND");
    return b && (!strcmp(b, "auto") || !strcmp(b, "gpu")) ? b : "emu";
}

/* One grade with BACKEND. The invariance checks (threads, cache) grade with the
 * emulator alone, whatever the backend: they are about the emulator's
 * determinism, and a GPU's times and racy results vary from run to run. */
static int run_on(const char *cudalab, const char *day, const char *file, const char *be, const char *extra,
                  cl_str *out)
{
    char *cmd = cl_sprintf("'%s' grade %s '%s' --json --backend %s%s 2>&1", cudalab, day, file, be, extra);
    FILE *p = popen(cmd, "r");
    char buf[65536];
    size_t n;
    while (p && (n = fread(buf, 1, sizeof buf, p)) > 0) cl_str_addn(out, buf, n);
    int status = p ? pclose(p) : -1;
    struct rusage ru;
    if (!grade_cpu && getrusage(RUSAGE_CHILDREN, &ru) == 0) {
        grade_cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
                    ru.ru_stime.tv_usec / 1e6;
        grade_mib = (double)ru.ru_maxrss / 1024.0;
    }
    free(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int run(const char *cudalab, const char *day, const char *file, const char *extra, cl_str *out)
{
    return run_on(cudalab, day, file, backend(), extra, out);
}

static cJSON *find_named(cJSON *array, const char *key, const char *name)
{
    cJSON *item;
    cJSON_ArrayForEach(item, array)
    {
        cJSON *v = cJSON_GetObjectItem(item, key);
        if (cJSON_IsString(v) && !strcmp(v->valuestring, name)) return item;
    }
    return NULL;
}

/* The JSON value of key in o as text: strings as they are, numbers as %g.
 * A key with dots is a path into nested objects: yours.performance.active_lanes. */
static void value_text(cJSON *o, const char *key, char *buf, size_t size)
{
    char path[256];
    snprintf(path, sizeof path, "%s", key);
    char *k = path, *dot;
    while (o && (dot = strchr(k, '.')) != NULL) {
        *dot = '\0';
        o = cJSON_GetObjectItem(o, k);
        k = dot + 1;
    }
    cJSON *v = o ? cJSON_GetObjectItem(o, k) : NULL;
    if (cJSON_IsString(v))
        snprintf(buf, size, "%s", v->valuestring);
    else if (cJSON_IsNumber(v))
        snprintf(buf, size, "%.17g", v->valuedouble);
    else if (cJSON_IsBool(v))
        snprintf(buf, size, "%s", cJSON_IsTrue(v) ? "true" : "false");
    else if (cJSON_IsNull(v))
        snprintf(buf, size, "null");
    else
        snprintf(buf, size, "%s", v ? "?" : "(absent)");
}

/* Every key=value of fields holds in o. */
static bool fields_match(cJSON *o, char *fields, bool report)
{
    bool ok = true;
    for (char *tok = strtok(fields, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        if (!eq) continue;
        *eq = '\0';
        char have[256];
        value_text(o, tok, have, sizeof have);
        if (strcmp(have, eq + 1)) {
            if (report) fail("%s is %s, expected %s", tok, have, eq + 1);
            ok = false;
        }
        *eq = '=';
    }
    return ok;
}

static void expect_check(cJSON *json, const char *name, bool passed)
{
    cJSON *c = find_named(cJSON_GetObjectItem(json, "checks"), "name", name);
    if (!c) {
        fail("no check named %s", name);
        return;
    }
    if (cJSON_IsTrue(cJSON_GetObjectItem(c, "passed")) != passed)
        fail("check %s %s, expected it to %s (detail: %s)", name,
             passed ? "failed" : "passed", passed ? "pass" : "fail",
             cJSON_GetObjectItem(c, "detail")->valuestring);
}

static void expect_hazard(cJSON *json, const char *check, char *fields, bool present)
{
    cJSON *h;
    int seen = 0;
    cJSON_ArrayForEach(h, cJSON_GetObjectItem(json, "hazards"))
    {
        cJSON *c = cJSON_GetObjectItem(h, "check"), *sev = cJSON_GetObjectItem(h, "severity");
        if (strcmp(c->valuestring, check) || strcmp(sev->valuestring, "error")) continue;
        char *copy = cl_strdup(fields);
        bool match = fields_match(h, copy, false);
        free(copy);
        if (match) seen++;
    }
    if (present && !seen) fail("no %s hazard with %s", check, fields);
    if (!present && seen) fail("a %s hazard was reported; none was expected", check);
}

static void expect_kernel(cJSON *json, char *spec)
{
    char *name = strtok(spec, " "), *rest = strtok(NULL, "");
    cJSON *k = find_named(cJSON_GetObjectItem(json, "kernels"), "name", name);
    if (!k) {
        fail("no kernel %s in the report", name);
        return;
    }
    if (rest && strchr(rest, '=')) {
        fields_match(k, rest, true);
    } else if (rest) {
        cJSON *p = cJSON_GetObjectItem(k, "problem");
        if (!cJSON_IsString(p) || !strstr(p->valuestring, rest))
            fail("kernel %s's problem is '%s', expected it to mention '%s'", name,
                 cJSON_IsString(p) ? p->valuestring : "(none)", rest);
    }
}

static void expect_detail(cJSON *json, char *spec)
{
    char *name = strtok(spec, " "), *text = strtok(NULL, "");
    cJSON *c = find_named(cJSON_GetObjectItem(json, "checks"), "name", name);
    const char *detail = c ? cJSON_GetObjectItem(c, "detail")->valuestring : "";
    if (!text || !strstr(detail, text))
        fail("check %s's detail '%s' does not mention '%s'", name, detail, text ? text : "");
}

/* The report less what depends on the machine's speed ("seconds", "ms"). */
static char *without_timing(const char *text)
{
    const char *brace = strchr(text, '{');
    cJSON *j = brace ? cJSON_Parse(brace) : NULL;
    if (!j) return cl_strdup(text);
    cJSON_DeleteItemFromObject(j, "seconds");
    cJSON *k, *side;
    cJSON_ArrayForEach(k, cJSON_GetObjectItem(j, "kernels"))
        for (int s = 0; s < 2; s++)
            if ((side = cJSON_GetObjectItem(k, s ? "reference" : "yours")) != NULL)
                cJSON_DeleteItemFromObject(side, "ms");
    char *t = cJSON_Print(j);
    cJSON_Delete(j);
    return t;
}

/* With each number of host threads in `counts` (1, 2 and 4 when empty) the
 * report is the same. */
static void expect_threads_invariant(const char *cudalab, const char *day, const char *file,
                                     const char *counts)
{
    char *first = NULL, *list = cl_strdup(*counts ? counts : "1 2 4"), *at = NULL;
    for (char *w = strtok_r(list, " ", &at); w; w = strtok_r(NULL, " ", &at)) {
        int t = atoi(w);
        cl_str out = {0};
        char extra[32];
        snprintf(extra, sizeof extra, " --threads %d", t > 0 ? t : 1);
        run_on(cudalab, day, file, "emu", extra, &out);
        char *r = without_timing(cl_str_cstr(&out));
        if (!first) first = r;
        else {
            if (strcmp(first, r)) fail("the report with --threads %d differs from the first:\n%s\n---\n%s", t, first, r);
            free(r);
        }
        cl_str_free(&out);
    }
    free(first);
    free(list);
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

/* Cold (an empty cache: the reference runs) and warm (its stored outputs
 * judge) give the same report. */
static void expect_cache_invariant(const char *cudalab, const char *day, const char *file)
{
    char dir[] = "/tmp/cudalab-e2e-cache-XXXXXX";
    if (!mkdtemp(dir)) {
        fail("cannot make a cache folder");
        return;
    }
    const char *was = getenv("CUDALAB_CACHE");
    char *keep = was ? cl_strdup(was) : NULL;
    setenv("CUDALAB_CACHE", dir, 1);
    char *report[2];
    for (int i = 0; i < 2; i++) {
        cl_str out = {0};
        run_on(cudalab, day, file, "emu", "", &out);
        report[i] = without_timing(cl_str_cstr(&out));
        cl_str_free(&out);
    }
    if (strcmp(report[0], report[1]))
        fail("the report from the stored reference outputs differs from the cold one:\n%s\n---\n%s",
             report[0], report[1]);
    free(report[0]);
    free(report[1]);
    if (keep) setenv("CUDALAB_CACHE", keep, 1);
    else unsetenv("CUDALAB_CACHE");
    free(keep);
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* The verbs of `// e2e:` lines (cl_expect_read refuses any other). */
static const char *const e2e_verbs[] = {"day", "exit", "pass", "fail", "hazard", "no-hazard", "kernel",
                                        "detail", "output", "max-seconds", "max-mib",
                                        "threads-invariant", "cache-invariant", "env", NULL};

static void apply(const cl_expect *e, cJSON *json, int rc, const char *output)
{
    char *rest = cl_strdup(e->rest);
    const char *verb = e->verb;
    if (!strcmp(verb, "exit")) {
        if (rc != atoi(rest)) fail("exit status %d, expected %s", rc, rest);
    } else if (!strcmp(verb, "pass") || !strcmp(verb, "fail")) {
        for (char *c = strtok(rest, " "); json && c; c = strtok(NULL, " "))
            expect_check(json, c, verb[0] == 'p');
    } else if (!strcmp(verb, "hazard") || !strcmp(verb, "no-hazard")) {
        char *check = strtok(rest, " "), *fields = strtok(NULL, "");
        if (json) expect_hazard(json, check, fields ? fields : (char *)"", verb[0] == 'h');
    } else if (!strcmp(verb, "kernel")) {
        if (json) expect_kernel(json, rest);
    } else if (!strcmp(verb, "detail")) {
        if (json) expect_detail(json, rest);
    } else if (!strcmp(verb, "output")) {
        if (!strstr(output, rest)) fail("the output does not mention '%s'", rest);
    } else if (!strcmp(verb, "max-seconds")) {
        if (grade_cpu > atof(rest) * E2E_SANITIZER_SCALE)
            fail("the grade took %.1f s of CPU, more than %s (times %g)", grade_cpu, rest, E2E_SANITIZER_SCALE);
    } else if (!strcmp(verb, "max-mib")) {
        if (grade_mib > atof(rest) * E2E_SANITIZER_SCALE)
            fail("the grade took %.0f MiB, more than %s (times %g)", grade_mib, rest, E2E_SANITIZER_SCALE);
    }
    free(rest);
}

int main(int argc, char **argv)
{
    if (argc < 3) return fprintf(stderr, "usage: e2e_runner CUDALAB FILE [--day D --all-pass]\n"), 2;
    char *text = NULL, day[32] = "";
    if (cl_read_file(argv[2], &text, NULL, NULL) != CL_OK) return fprintf(stderr, "cannot read %s\n", argv[2]), 2;
    char *scratch = NULL, *file = assemble(argv[2], text, &scratch);
    static const cl_expect_key keys[] = {{"e2e", e2e_verbs}};
    cl_expects directives = {0};
    cl_error err = {0};
    if (cl_expect_read(text, argv[2], keys, 1, &directives, &err) != CL_OK) {
        char msg[1200];
        cl_error_format(&err, msg, sizeof msg);
        return fprintf(stderr, "%s\n", msg), 2;
    }
    bool all_pass = argc >= 5 && !strcmp(argv[3], "--day");
    if (all_pass) snprintf(day, sizeof day, "%s", argv[4]);
    for (size_t i = 0; i < directives.n; i++)
        if (!strcmp(directives.v[i].verb, "day")) snprintf(day, sizeof day, "%s", directives.v[i].rest);
    if (!day[0]) return fprintf(stderr, "%s: no `// e2e: day N` line\n", argv[2]), 2;
    for (size_t i = 0; i < directives.n; i++) { /* before the first grade: every grade has them */
        char *eq = strchr(directives.v[i].rest, '=');
        if (strcmp(directives.v[i].verb, "env")) continue;
        if (!eq || eq == directives.v[i].rest) return fprintf(stderr, "%s: `// e2e: env` wants NAME=VALUE\n", argv[2]), 2;
        *eq = '\0';
        setenv(directives.v[i].rest, eq + 1, 1);
        *eq = '=';
    }

    cl_str out = {0};
    int rc = run(argv[1], day, file, "", &out);
    printf("grade: exit %d, %.2f s of CPU, %.0f MiB peak\n", rc, grade_cpu, grade_mib);
    const char *brace = strchr(cl_str_cstr(&out), '{');
    cJSON *json = brace ? cJSON_Parse(brace) : NULL;
    if (!json && (rc == 0 || rc == 1)) fail("exit %d but no JSON report:\n%s", rc, cl_str_cstr(&out));
    if (all_pass) {
        if (rc != 0) fail("a reference solution must pass (exit %d)", rc);
        cJSON *c, *checks = json ? cJSON_GetObjectItem(json, "checks") : NULL;
        cJSON_ArrayForEach(c, checks)
            if (!cJSON_IsTrue(cJSON_GetObjectItem(c, "passed")))
                fail("check %s failed: %s", cJSON_GetObjectItem(c, "name")->valuestring,
                     cJSON_GetObjectItem(c, "detail")->valuestring);
        if (json && cJSON_GetArraySize(cJSON_GetObjectItem(json, "hazards")))
            fail("a reference solution has hazards");
    }
    for (size_t i = 0; i < directives.n; i++) apply(&directives.v[i], json, rc, cl_str_cstr(&out));
    for (size_t i = 0; i < directives.n; i++)
        if (!strcmp(directives.v[i].verb, "threads-invariant"))
            expect_threads_invariant(argv[1], day, file, directives.v[i].rest);
        else if (!strcmp(directives.v[i].verb, "cache-invariant")) expect_cache_invariant(argv[1], day, file);
    if (failures) printf("--- cudalab's output ---\n%s\n", cl_str_cstr(&out));
    cJSON_Delete(json);
    cl_str_free(&out);
    cl_expects_free(&directives);
    free(text);
    if (scratch) {
        unlink(file);
        rmdir(scratch);
    }
    free(scratch);
    free(file);
    return failures ? 1 : 0;
}
