/* hostile_runner.c - grades one hostile submission with the real cudalab
 * binary and holds the grade to the expectations in the file's comments and
 * to the suite's caps. The day is the name of the case's folder (day14/).
 *
 *   // expect: exit 1|2                 cudalab's exit status (one of these)
 *   // expect: fails CHECK ...          each CHECK failed (A|B: one of them did)
 *   // expect: passes CHECK ...         each CHECK passed
 *   // expect: detail CHECK ~ "a|b"     the check's detail mentions a or b (any case)
 *   // expect: diag-line N              an error diagnostic at line N of this file
 *   // expect: output ~ "a|b"           stdout or stderr of every grade mentions a or b
 *   // expect: stderr ~ "a|b"           stderr of every grade does
 *   // expect: no-output ~ "a|b"        no grade's stdout or stderr holds a or b
 *   // expect: max-seconds S            tighter caps than the suite's 15 s
 *   // expect: max-mib M                and 2048 MiB
 *   // expect: same-report 1 2 4        graded with --threads 1, 2 and 4: equal JSON
 *   // expect: text                     also graded without --json
 *   // expect: gradescope               also graded as Gradescope's run_autograder does
 *                                       (`cudalab autograde DAY --root R`); output and
 *                                       no-output do not read that run, exit does not
 *                                       judge it
 *   // expect: visible ~ "a|b"          what results.json shows a student before the grades
 *                                       are published (its output, the visible tests' names
 *                                       and outputs, the leaderboard) mentions a or b
 *   // expect: no-visible ~ "a|b"       and holds neither
 *   // expect: no-marker                (always checked) nothing appears in the working folder
 *   // hostile: copy                    grade a copy in the temporary folder, with @COURSE@
 *                                       and @TMP@ replaced by the course's and that folder's path
 *   // hostile: fifo NAME               make a FIFO at @TMP@/NAME first
 *   // hostile: file NAME TEXT          write TEXT and a newline to @TMP@/NAME first
 * The lines are read by core/expect.h's one reader: a line of either key whose
 * first word is none of these fails the case.
 *
 * A case without same-report is graded once with --threads 64 (issue 34's
 * bound: no grade over the caps whatever the threads; a sanitizer build,
 * whose every thread costs more memory, grades with its default threads).
 *
 * Every grade, whatever the case says: it ends by itself within the caps
 * (CPU time of cudalab and its children, which a loaded machine does not
 * inflate; wall time at most three times the cap, which catches a grade
 * blocked on something; resident memory of all its processes together), it
 * exits 0, 1 or 2 (never a signal), stdout and stderr are valid UTF-8 with
 * no control character but newline and tab (no ESC, CR, C1), --json output
 * is one JSON object, no process of it is left running, and nothing new
 * appears in its working folder (where `touch marker` would land).
 *
 * usage: hostile_runner CUDALAB CASE [--time-scale F] [--mem-scale F]
 * (the scales widen the caps for sanitizer builds). Grades use the
 * emulator; CUDALAB_HOSTILE_BACKEND=gpu grades with the GPU too. */
#include <cjson/cJSON.h>
#include <dirent.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/core.h"
#include "core/expect.h"
#include "watch.h"

#define CAP_SECONDS 15.0
#if defined(__SANITIZE_ADDRESS__)
#define DEFAULT_THREADS "" /* cudalab's default */
#else
#define DEFAULT_THREADS "64"
#endif
static const char default_threads[] = DEFAULT_THREADS; /* a constant in an && would warn */
#define CAP_MIB 2048.0
#define WALL_FACTOR 3.0 /* wall time allowed, in caps: room for a loaded machine */

extern char **environ;

typedef CL_VEC(char *) strings;

typedef struct hcase {
    const char *cudalab, *path;
    char day[16], *text, *root, *cwd, *graded;
    strings expect, hostile, before;
    double max_s, max_mib, time_scale, mem_scale;
} hcase;

typedef struct grade_run {
    char label[64];
    bool json;
    bool gradescope; /* `cudalab autograde`: out is results.json */
    hw_result r;
    cJSON *report;
} grade_run;

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

/* ---- text ---------------------------------------------------------------- */

/* s with every byte outside printable ASCII as \xNN, at most max bytes of it:
 * the runner's own log must not carry what it tests for. */
static char *visible(const char *s, size_t len, size_t max)
{
    cl_str b = {0};
    for (size_t i = 0; i < len && i < max; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7f))
            cl_str_addc(&b, (char)c);
        else
            cl_str_addf(&b, "\\x%02x", c);
    }
    if (len > max) cl_str_addf(&b, "\n... (%zu more bytes)", len - max);
    return b.s ? cl_str_take(&b) : cl_strdup("");
}

/* Length of the UTF-8 sequence at s (1-4) and its code point; 0 when it is
 * not valid UTF-8 (overlong, surrogate, past U+10FFFF, truncated). */
static int utf8_decode(const unsigned char *s, size_t left, unsigned *cp)
{
    static const unsigned min[] = {0, 0, 0x80, 0x800, 0x10000};
    int n = s[0] < 0x80 ? 1 : (s[0] & 0xe0) == 0xc0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3
                          : (s[0] & 0xf8) == 0xf0 ? 4 : 0;
    if (!n || (size_t)n > left) return 0;
    unsigned v = n == 1 ? s[0] : s[0] & (0x7fu >> n);
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        v = v << 6 | (s[i] & 0x3fu);
    }
    if (v < min[n] || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return 0;
    *cp = v;
    return n;
}

/* What reaches a terminal: valid UTF-8, no C0 control but \n and \t, no DEL, no C1. */
static void check_terminal_safe(const char *label, const char *stream, const cl_str *s)
{
    const unsigned char *p = (const unsigned char *)cl_str_cstr(s);
    for (size_t i = 0; i < s->len;) {
        unsigned cp = 0;
        int n = utf8_decode(p + i, s->len - i, &cp);
        if (!n) {
            fail("%s: %s is not UTF-8 at byte %zu (0x%02x)", label, stream, i, p[i]);
            return;
        }
        if ((cp < 0x20 && cp != '\n' && cp != '\t') || (cp >= 0x7f && cp < 0xa0)) {
            size_t from = i > 40 ? i - 40 : 0, n80 = s->len - from < 80 ? s->len - from : 80;
            char *ctx = visible((const char *)p + from, n80, 80);
            fail("%s: %s holds control character U+%04X at byte %zu: %s", label, stream, cp, i, ctx);
            free(ctx);
            return;
        }
        i += (size_t)n;
    }
}

/* haystack mentions one of the |-separated words of alts (any case). */
static bool mentions(const char *haystack, const char *alts)
{
    char *copy = cl_strdup(alts), *save = NULL;
    bool hit = false;
    for (char *w = strtok_r(copy, "|", &save); w && !hit; w = strtok_r(NULL, "|", &save))
        hit = strcasestr(haystack, w) != NULL;
    free(copy);
    return hit;
}

/* The text between the first and last double quote of s, or s itself. */
static char *quoted(const char *s)
{
    const char *a = strchr(s, '"'), *b = strrchr(s, '"');
    if (a && b > a) return cl_strndup(a + 1, (size_t)(b - a - 1));
    return cl_strdup(s + strspn(s, " ~"));
}

/* ---- the case -------------------------------------------------------------- */

/* The verbs of `// expect:` and `// hostile:` lines (cl_expect_read refuses any other). */
static const char *const expect_verbs[] = {"exit", "fails", "passes", "detail", "diag-line",
                                           "output", "stderr", "no-output", "max-seconds",
                                           "max-mib", "same-report", "text", "no-marker",
                                           "gradescope", "visible", "no-visible", NULL};
static const char *const hostile_verbs[] = {"copy", "fifo", "file", NULL};

static bool read_directives(hcase *c)
{
    static const cl_expect_key keys[] = {{"expect", expect_verbs}, {"hostile", hostile_verbs}};
    cl_expects lines = {0};
    cl_error err = {0};
    bool ok = cl_expect_read(c->text, c->path, keys, 2, &lines, &err) == CL_OK;
    if (!ok) fail("line %d: %s", err.line, err.message);
    for (size_t i = 0; i < lines.n; i++)
        CL_VEC_PUSH(!strcmp(lines.v[i].key, "expect") ? &c->expect : &c->hostile, cl_strdup(lines.v[i].text));
    cl_expects_free(&lines);
    c->max_s = CAP_SECONDS;
    c->max_mib = CAP_MIB;
    for (size_t i = 0; i < c->expect.n; i++) {
        double v = 0;
        if (sscanf(c->expect.v[i], "max-seconds %lf", &v) == 1 && v < c->max_s) c->max_s = v;
        if (sscanf(c->expect.v[i], "max-mib %lf", &v) == 1 && v < c->max_mib) c->max_mib = v;
    }
    return ok;
}

static const char *hostile_arg(const hcase *c, const char *verb)
{
    size_t n = strlen(verb);
    for (size_t i = 0; i < c->hostile.n; i++)
        if (!strncmp(c->hostile.v[i], verb, n) && (!c->hostile.v[i][n] || c->hostile.v[i][n] == ' '))
            return c->hostile.v[i] + n + strspn(c->hostile.v[i] + n, " ");
    return NULL;
}

static char *replace_all(const char *s, const char *from, const char *to)
{
    cl_str b = {0};
    for (const char *hit; (hit = strstr(s, from)) != NULL; s = hit + strlen(from)) {
        cl_str_addn(&b, s, (size_t)(hit - s));
        cl_str_add(&b, to);
    }
    cl_str_add(&b, s);
    return cl_str_take(&b);
}

static void list_dir(const char *dir, strings *out)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            CL_VEC_PUSH(out, cl_strdup(e->d_name));
    if (d) closedir(d);
}

/* The temporary folder: cwd/ (where the grade runs), cache/, ws/, tmp/. */
static bool set_up(hcase *c)
{
    const char *tmp = getenv("TMPDIR");
    c->root = cl_sprintf("%s/cudalab-hostile-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(c->root)) return false;
    c->cwd = cl_path_join(c->root, "cwd");
    const char *dirs[] = {"cwd", "cache", "ws", "tmp"};
    for (size_t i = 0; i < 4; i++) {
        char *d = cl_path_join(c->root, dirs[i]);
        bool ok = mkdir(d, 0700) == 0;
        free(d);
        if (!ok) return false;
    }
    const char *fifo = hostile_arg(c, "fifo");
    if (fifo) {
        char *p = cl_path_join(c->cwd, fifo);
        bool ok = mkfifo(p, 0600) == 0;
        free(p);
        if (!ok) return false;
    }
    const char *file = hostile_arg(c, "file");
    if (file) {
        size_t n = strcspn(file, " ");
        char *name = cl_strndup(file, n), *p = cl_path_join(c->cwd, name);
        char *body = cl_sprintf("%s\n", file + n + strspn(file + n, " "));
        bool ok = cl_write_file_atomic(p, body, strlen(body), NULL) == CL_OK;
        free(name);
        free(p);
        free(body);
        if (!ok) return false;
    }
    char real[PATH_MAX];
    if (!realpath(c->path, real)) return false;
    c->graded = cl_strdup(real);
    if (hostile_arg(c, "copy")) {
        const char *course = getenv("CUDALAB_COURSE");
        char *a = replace_all(c->text, "@COURSE@", course ? course : CUDALAB_COURSE_DIR);
        char *b = replace_all(a, "@TMP@", c->cwd), *base = strrchr(real, '/') + 1;
        free(c->graded);
        c->graded = cl_path_join(c->cwd, base);
        bool ok = cl_write_file_atomic(c->graded, b, strlen(b), NULL) == CL_OK;
        free(a);
        free(b);
        if (!ok) return false;
    }
    list_dir(c->cwd, &c->before);
    return true;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

/* ---- one grade ------------------------------------------------------------- */

static char **child_env(const hcase *c)
{
    static const char *const drop[] = {"CUDALAB_CACHE=", "CUDALAB_WORKSPACE=", "TMPDIR=",
                                       "NO_COLOR=", "TERM=", "CUDALAB_HOSTILE_MARKER="};
    strings env = {0};
    for (char **e = environ; *e; e++) {
        bool keep = true;
        for (size_t i = 0; i < sizeof drop / sizeof *drop; i++)
            keep = keep && strncmp(*e, drop[i], strlen(drop[i]));
        if (keep) CL_VEC_PUSH(&env, cl_strdup(*e));
    }
    CL_VEC_PUSH(&env, cl_sprintf("CUDALAB_CACHE=%s/cache", c->root));
    CL_VEC_PUSH(&env, cl_sprintf("CUDALAB_WORKSPACE=%s/ws", c->root));
    CL_VEC_PUSH(&env, cl_sprintf("TMPDIR=%s/tmp", c->root));
    CL_VEC_PUSH(&env, cl_sprintf("CUDALAB_HOSTILE_MARKER=%s/marker-env", c->cwd));
    CL_VEC_PUSH(&env, cl_strdup("NO_COLOR=1"));
    CL_VEC_PUSH(&env, cl_strdup("TERM=dumb"));
    CL_VEC_PUSH(&env, NULL);
    return env.v;
}

static void free_env(char **env)
{
    for (char **e = env; *e; e++) free(*e);
    free(env);
}

/* Gradescope's layout under the case's folder: ag/submission/<the file>;
 * the autograde run's root, or NULL. */
static char *lay_out_autograder(const hcase *c)
{
    char *root = cl_path_join(c->root, "ag"), *sub = cl_path_join(root, "submission");
    char *to = cl_path_join(sub, strrchr(c->graded, '/') + 1), *text = NULL;
    size_t len = 0;
    bool ok = cl_mkdirs(sub, NULL) == CL_OK && cl_read_file(c->graded, &text, &len, NULL) == CL_OK &&
              cl_write_file_atomic(to, text, len, NULL) == CL_OK;
    free(sub);
    free(to);
    free(text);
    if (!ok) free(root);
    return ok ? root : NULL;
}

static void add_string(cl_str *b, const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    if (cJSON_IsString(v)) cl_str_addf(b, "%s\n", v->valuestring);
}

/* The autograde run's output, in place of its stdout (the instructor's):
 * what results.json shows a student before the grades are published. */
static void take_results(const char *root, grade_run *g)
{
    char *path = cl_path_join(root, "results/results.json"), *text = NULL;
    if (cl_read_file(path, &text, NULL, NULL) != CL_OK) fail("%s: no %s", g->label, path);
    cJSON *o = text ? cJSON_Parse(text) : NULL, *t;
    if (text && !cJSON_IsObject(o)) fail("%s: results.json is not one JSON object", g->label);
    cl_str_free(&g->r.out);
    cl_str_add(&g->r.out, "");
    add_string(&g->r.out, o, "output");
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(o, "tests")) {
        const cJSON *vis = cJSON_GetObjectItem(t, "visibility");
        if (!cJSON_IsString(vis) || strcmp(vis->valuestring, "visible")) continue;
        add_string(&g->r.out, t, "name");
        add_string(&g->r.out, t, "output");
    }
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(o, "leaderboard")) {
        add_string(&g->r.out, t, "name");
        cl_str_addf(&g->r.out, "%g\n", cJSON_GetNumberValue(cJSON_GetObjectItem(t, "value")));
    }
    cJSON_Delete(o);
    free(text);
    free(path);
}

static void grade(const hcase *c, grade_run *g, const char *threads)
{
    const char *backend = getenv("CUDALAB_HOSTILE_BACKEND"); /* gpu, on a machine with one */
    const char *argv[12] = {c->cudalab, "grade", c->day, c->graded, "--backend",
                            backend && backend[0] ? backend : "emu"};
    int n = 6;
    char *ag = g->gradescope ? lay_out_autograder(c) : NULL;
    if (g->gradescope && !ag) fail("%s: cannot lay out the autograder's folder", g->label);
    if (ag) argv[1] = "autograde", argv[3] = "--root", argv[4] = ag, argv[5] = "--backend",
            argv[6] = backend && backend[0] ? backend : "emu", n = 7;
    if (g->json) argv[n++] = "--json";
    if (threads) argv[n++] = "--threads", argv[n++] = threads;
    char **env = child_env(c);
    double cap_s = c->max_s * c->time_scale;
    hw_spec spec = {.argv = argv, .cwd = c->cwd, .env = env, .kill_after_s = WALL_FACTOR * cap_s + 5,
                    .kill_above_bytes = (uint64_t)(1.5 * c->max_mib * c->mem_scale) << 20};
    if (!hw_run(&spec, &g->r)) fail("%s: cannot start %s", g->label, c->cudalab);
    free_env(env);
    if (ag) take_results(ag, g);
    free(ag);
    printf("%s: exit %d%s, %.2f s CPU, %.2f s wall, %.0f MiB\n", g->label, g->r.exit_code,
           g->r.signal ? " (signal)" : "", g->r.cpu_s, g->r.wall_s, (double)g->r.peak_bytes / (1 << 20));
}

static void check_grade(const hcase *c, grade_run *g)
{
    const hw_result *r = &g->r;
    double cap_s = c->max_s * c->time_scale, cap_mib = c->max_mib * c->mem_scale;
    double mib = (double)r->peak_bytes / (1 << 20);
    if (r->killed_time) fail("%s: still running at %.0f s: killed", g->label, WALL_FACTOR * cap_s + 5);
    if (r->killed_memory) fail("%s: over %.0f MiB: killed", g->label, 1.5 * cap_mib);
    if (r->signal && !r->killed_time && !r->killed_memory)
        fail("%s: cudalab died of signal %d (%s)", g->label, r->signal, strsignal(r->signal));
    if (!r->signal && (r->exit_code < 0 || r->exit_code > 2))
        fail("%s: exit status %d is none of 0, 1, 2", g->label, r->exit_code);
    if (r->cpu_s > cap_s) fail("%s: took %.1f s of CPU, over the cap of %.1f s", g->label, r->cpu_s, cap_s);
    if (r->wall_s > WALL_FACTOR * cap_s && !r->killed_time)
        fail("%s: took %.1f s, over %g times the cap of %.1f s", g->label, r->wall_s, WALL_FACTOR, cap_s);
    if (mib > cap_mib) fail("%s: peak memory %.0f MiB, over the cap of %.0f MiB", g->label, mib, cap_mib);
    if (r->left_running && !r->killed_memory)
        fail("%s: %d process(es) still running a second after cudalab %s", g->label,
             r->left_running, r->killed_time ? "was killed (kill -9)" : "exited");
    if (r->out_truncated) fail("%s: more than 64 MiB of output", g->label);
    check_terminal_safe(g->label, "stdout", &r->out);
    check_terminal_safe(g->label, "stderr", &r->err);
    if (!g->json || r->signal) return;
    const char *end = NULL;
    g->report = strlen(cl_str_cstr(&r->out)) == r->out.len
                    ? cJSON_ParseWithOpts(cl_str_cstr(&r->out), &end, true) : NULL;
    if (r->exit_code <= 1 && !cJSON_IsObject(g->report))
        fail("%s: exit %d but stdout is not one JSON object", g->label, r->exit_code);
}

/* ---- expectations ---------------------------------------------------------- */

static cJSON *find_named(cJSON *array, const char *name)
{
    cJSON *item;
    cJSON_ArrayForEach(item, array)
    {
        cJSON *v = cJSON_GetObjectItem(item, "name");
        if (cJSON_IsString(v) && !strcmp(v->valuestring, name)) return item;
    }
    return NULL;
}

static const char *str_of(cJSON *o, const char *key)
{
    cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsString(v) ? v->valuestring : "";
}

/* Each word of rest names a check (A|B: one of them) that ran and passed
 * or failed. */
static void expect_checks(cJSON *report, char *rest, bool passed)
{
    char *save = NULL;
    for (char *w = strtok_r(rest, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        bool hit = false;
        char *copy = cl_strdup(w), *s2 = NULL;
        for (char *name = strtok_r(copy, "|", &s2); name && !hit; name = strtok_r(NULL, "|", &s2)) {
            cJSON *c = find_named(cJSON_GetObjectItem(report, "checks"), name);
            hit = c && cJSON_IsTrue(cJSON_GetObjectItem(c, "ran")) &&
                  cJSON_IsTrue(cJSON_GetObjectItem(c, "passed")) == passed;
        }
        free(copy);
        if (!hit) fail("check %s did not run and %s", w, passed ? "pass" : "fail");
    }
}

/* rest is `CHECK ~ "a|b"`. */
static void expect_detail(cJSON *report, const char *rest)
{
    char *name = cl_strndup(rest, strcspn(rest, " ")), *alts = quoted(rest + strlen(name));
    cJSON *c = find_named(cJSON_GetObjectItem(report, "checks"), name);
    if (!c || !mentions(str_of(c, "detail"), alts))
        fail("check %s's detail '%s' mentions none of '%s'", name,
             c ? str_of(c, "detail") : "(no such check)", alts);
    free(name);
    free(alts);
}

/* An error diagnostic at line in this case's file (by its name). */
static void expect_diag_line(const hcase *c, cJSON *report, int line)
{
    const char *base = strrchr(c->path, '/') ? strrchr(c->path, '/') + 1 : c->path;
    cJSON *d;
    cJSON_ArrayForEach(d, cJSON_GetObjectItem(report, "diagnostics"))
    {
        const char *file = str_of(d, "file"), *fb = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
        cJSON *l = cJSON_GetObjectItem(d, "line");
        if (!strcmp(str_of(d, "severity"), "error") && !strcmp(fb, base) && cJSON_IsNumber(l) &&
            l->valueint == line)
            return;
    }
    fail("no error diagnostic at %s:%d", base, line);
}

/* Directives that read the JSON report, against the first --json grade. */
static void expect_report(const hcase *c, cJSON *report, const char *directive)
{
    char *d = cl_strdup(directive), *verb = strtok(d, " "), *rest = strtok(NULL, "");
    if (!report) {
        fail("'%s' needs a JSON report and there is none", directive);
    } else if (!strcmp(verb, "fails") || !strcmp(verb, "passes")) {
        expect_checks(report, rest ? rest : (char *)"", verb[0] == 'p');
    } else if (!strcmp(verb, "detail")) {
        expect_detail(report, rest ? rest : (char *)"");
    } else if (!strcmp(verb, "diag-line")) {
        expect_diag_line(c, report, rest ? atoi(rest) : 0);
    }
    free(d);
}

static bool exit_matches(int rc, const char *alts)
{
    char want[8];
    snprintf(want, sizeof want, "%d", rc);
    char *copy = cl_strdup(alts), *save = NULL;
    bool hit = false;
    for (char *w = strtok_r(copy, "|", &save); w && !hit; w = strtok_r(NULL, "|", &save))
        hit = !strcmp(w, want);
    free(copy);
    return hit;
}

/* Directives that read what a grade printed, against every grade. */
static void expect_output(const grade_run *g, const char *verb, const char *rest)
{
    const char *out = cl_str_cstr(&g->r.out), *err = cl_str_cstr(&g->r.err);
    char *alts = quoted(rest);
    bool visible = !strcmp(verb, "visible") || !strcmp(verb, "no-visible");
    if (g->gradescope != visible) verb = "";
    if (!strcmp(verb, "visible") && !mentions(out, alts))
        fail("%s: what a student sees mentions none of '%s'", g->label, alts);
    if (!strcmp(verb, "no-visible") && mentions(out, alts))
        fail("%s: what a student sees holds '%s'", g->label, alts);
    if (!strcmp(verb, "exit") && !exit_matches(g->r.exit_code, alts))
        fail("%s: exit status %d, expected %s", g->label, g->r.exit_code, alts);
    if (!strcmp(verb, "output") && !mentions(out, alts) && !mentions(err, alts))
        fail("%s: the output mentions none of '%s'", g->label, alts);
    if (!strcmp(verb, "stderr") && !mentions(err, alts))
        fail("%s: stderr mentions none of '%s'", g->label, alts);
    if (!strcmp(verb, "no-output") && (mentions(out, alts) || mentions(err, alts)))
        fail("%s: the output holds '%s'", g->label, alts);
    free(alts);
}

static void apply(const hcase *c, grade_run *runs, size_t nruns, const char *directive)
{
    char *d = cl_strdup(directive), *verb = strtok(d, " "), *rest = strtok(NULL, "");
    bool known = verb != NULL; /* read_directives refused any other verb */
    cJSON *first = NULL;
    for (size_t i = 0; i < nruns && !first; i++) first = runs[i].report;
    if (known && (!strcmp(verb, "fails") || !strcmp(verb, "passes") || !strcmp(verb, "detail") ||
                  !strcmp(verb, "diag-line")))
        expect_report(c, first, directive);
    for (size_t i = 0; known && i < nruns; i++) expect_output(&runs[i], verb, rest ? rest : "");
    free(d);
}

/* The reports of the --threads grades, `seconds` aside, are one text. */
static void expect_same_reports(grade_run *runs, size_t from, size_t nruns)
{
    char *first = NULL;
    for (size_t i = from; i < nruns; i++) {
        if (!runs[i].report) continue;
        cJSON *copy = cJSON_Duplicate(runs[i].report, true);
        cJSON_DeleteItemFromObject(copy, "seconds");
        char *text = cJSON_PrintUnformatted(copy);
        cJSON_Delete(copy);
        if (!first) {
            first = text;
            continue;
        }
        if (strcmp(first, text)) {
            size_t at = 0;
            while (first[at] && first[at] == text[at]) at++;
            char *a = visible(first + (at > 60 ? at - 60 : 0), strlen(first + (at > 60 ? at - 60 : 0)), 160);
            char *b = visible(text + (at > 60 ? at - 60 : 0), strlen(text + (at > 60 ? at - 60 : 0)), 160);
            fail("%s differs from %s at byte %zu:\n  %s\n  %s", runs[i].label, runs[from].label, at, a, b);
            free(a);
            free(b);
        }
        free(text);
    }
    free(first);
}

/* Nothing new in the working folder: host code that ran would have left
 * `marker` there (or $CUDALAB_HOSTILE_MARKER). */
static void expect_no_marker(const hcase *c)
{
    strings after = {0};
    list_dir(c->cwd, &after);
    for (size_t i = 0; i < after.n; i++) {
        bool old = false;
        for (size_t j = 0; j < c->before.n && !old; j++) old = !strcmp(after.v[i], c->before.v[j]);
        if (!old) fail("a new file appeared in the grade's working folder: %s", after.v[i]);
        free(after.v[i]);
    }
    free(after.v);
}

/* ---- main ------------------------------------------------------------------- */

/* A --json grade (or one for each --threads of same-report), then a text
 * grade if asked for. */
static size_t plan_runs(const hcase *c, grade_run *runs, char threads[][8])
{
    size_t n = 0;
    bool text = false, gradescope = false;
    for (size_t i = 0; i < c->expect.n; i++) {
        text = text || !strcmp(c->expect.v[i], "text");
        gradescope = gradescope || !strcmp(c->expect.v[i], "gradescope");
        if (strncmp(c->expect.v[i], "same-report ", 12)) continue;
        char *copy = cl_strdup(c->expect.v[i] + 12), *save = NULL;
        for (char *w = strtok_r(copy, " ", &save); w && n < 6; w = strtok_r(NULL, " ", &save)) {
            snprintf(threads[n], 8, "%d", atoi(w));
            snprintf(runs[n].label, sizeof runs[0].label, "json --threads %s", threads[n]);
            runs[n++].json = true;
        }
        free(copy);
    }
    if (!n && default_threads[0]) {
        snprintf(threads[n], 8, "%s", DEFAULT_THREADS);
        snprintf(runs[n].label, sizeof runs[0].label, "json --threads " DEFAULT_THREADS);
        runs[n++].json = true;
    } else if (!n) {
        snprintf(runs[n].label, sizeof runs[0].label, "json");
        runs[n++].json = true;
    }
    if (text) snprintf(runs[n++].label, sizeof runs[0].label, "text");
    if (gradescope) {
        snprintf(runs[n].label, sizeof runs[0].label, "gradescope");
        runs[n++].gradescope = true;
    }
    return n;
}

static int usage(void)
{
    fprintf(stderr, "usage: hostile_runner CUDALAB CASE [--time-scale F] [--mem-scale F]\n");
    return 2;
}

static bool parse_args(int argc, char **argv, hcase *c)
{
    if (argc < 3) return false;
    static char cudalab[PATH_MAX];
    if (!realpath(argv[1], cudalab)) return false; /* the grade runs in another folder */
    c->cudalab = cudalab;
    c->path = argv[2];
    c->time_scale = c->mem_scale = 1;
    for (int i = 3; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--time-scale")) c->time_scale = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--mem-scale")) c->mem_scale = atof(argv[i + 1]);
        else return false;
    }
    char *copy = cl_strdup(c->path), *slash = strrchr(copy, '/');
    if (slash) *slash = '\0';
    const char *folder = strrchr(copy, '/') ? strrchr(copy, '/') + 1 : copy;
    bool ok = slash && !strncmp(folder, "day", 3) && strlen(folder) < sizeof c->day;
    if (ok) snprintf(c->day, sizeof c->day, "%s", folder + 3);
    free(copy);
    return ok && c->time_scale > 0 && c->mem_scale > 0;
}

static void free_case(hcase *c)
{
    strings *lists[] = {&c->expect, &c->hostile, &c->before};
    for (size_t l = 0; l < 3; l++) {
        for (size_t i = 0; i < lists[l]->n; i++) free(lists[l]->v[i]);
        free(lists[l]->v);
    }
    if (c->root) nftw(c->root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(c->root);
    free(c->cwd);
    free(c->graded);
    free(c->text);
}

int main(int argc, char **argv)
{
    hcase c = {0};
    grade_run runs[8] = {0};
    char threads[8][8] = {{0}};
    if (!parse_args(argc, argv, &c)) return usage();
    if (cl_read_file(c.path, &c.text, NULL, NULL) != CL_OK)
        return fprintf(stderr, "cannot read %s\n", c.path), 2;
    if (!read_directives(&c)) {
        free_case(&c);
        return 1;
    }
    hw_become_subreaper();
    if (!set_up(&c)) {
        free_case(&c);
        return fprintf(stderr, "cannot set up a temporary folder\n"), 2;
    }
    size_t n = plan_runs(&c, runs, threads);
    for (size_t i = 0; i < n; i++) {
        grade(&c, &runs[i], threads[i][0] ? threads[i] : NULL);
        check_grade(&c, &runs[i]);
    }
    for (size_t i = 0; i < c.expect.n; i++) apply(&c, runs, n, c.expect.v[i]);
    if (threads[0][0]) expect_same_reports(runs, 0, n);
    expect_no_marker(&c);
    if (failures)
        for (size_t i = 0; i < n; i++) {
            char *o = visible(runs[i].r.out.s ? runs[i].r.out.s : "", runs[i].r.out.len, 3000);
            char *e = visible(runs[i].r.err.s ? runs[i].r.err.s : "", runs[i].r.err.len, 2000);
            printf("--- %s: stdout ---\n%s\n--- %s: stderr ---\n%s\n", runs[i].label, o, runs[i].label, e);
            free(o);
            free(e);
        }
    for (size_t i = 0; i < n; i++) {
        cJSON_Delete(runs[i].report);
        hw_result_free(&runs[i].r);
    }
    free_case(&c);
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
