/* pack_e2e.c - the editions end to end, through the real binary:
 *  - `pack student DIR 14`: no solution source, no hidden size, no fixture or
 *    test in the tree, no other day's files and no line of another day's
 *    solution or template; a README for students (no ./run-tests); a file graded there with no solution source present
 *    passes beside the reference's figures, and says "course + 0 hidden
 *    (student edition)"; the instructor's grade of the same file adds the
 *    hidden sizes;
 *  - `pack gradescope 14 FILE.zip`: the zip unpacked into a temporary
 *    /autograder laid out as Gradescope does, run_autograder run against an
 *    honest, a dishonest, a non-compiling and a missing submission, and
 *    every field of results.json checked; warm_cache (setup.sh's last step)
 *    leaves the reference's outputs in the cache, so no submission runs it;
 *  - setup.sh and the GitHub Classroom workflow install every package the
 *    build needs (scripts/deps.sh's list, less the tests' own). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/proc.h"
#include "core/yamldoc.h"
#include "days/day.h"
#include "pack.h"

#define REPO CUDALAB_TEST_DIR "/.."
#define SOLUTION REPO "/solutions/day14-syncthreads/syncthreads.cu"
#define SUBMISSIONS CUDALAB_TEST_DIR "/e2e/submissions/day14"

static char *tmpdir(void)
{
    char tmpl[] = "/tmp/cudalab-pack-e2e-XXXXXX";
    assert_non_null(mkdtemp(tmpl));
    return cl_strdup(tmpl);
}

__attribute__((noinline)) static char *slurp(const char *path)
{
    char *text = NULL;
    cl_error err = {0};
    assert_int_equal(cl_read_file(path, &text, NULL, &err), CL_OK);
    return text;
}

static void spit(const char *path, const char *text)
{
    cl_error err = {0};
    assert_int_equal(cl_write_file_atomic(path, text, strlen(text), &err), CL_OK);
}

/* Run argv with env; its exit code, and its stdout in *out (may be NULL). */
static int run(const char *const *argv, const char *const *env, char **out)
{
    cl_proc_spec spec = {.argv = argv, .env = env, .timeout_s = 600};
    cl_proc_result res;
    cl_error err = {0};
    assert_int_equal(cl_proc_run(&spec, &res, &err), CL_OK);
    int rc = res.exit_code;
    if (rc != 0 && rc != 1) fprintf(stderr, "%s: exit %d: %s\n", argv[0], rc, res.err);
    if (out) *out = cl_strdup(res.out);
    cl_proc_result_free(&res);
    return rc;
}

static void rm_rf(const char *dir)
{
    const char *argv[] = {"rm", "-rf", dir, NULL};
    run(argv, NULL, NULL);
}

/* A submission as a student hands it in: the e2e file with the reference
 * pasted where it says `// e2e-paste: solutions/...`. */
static char *submission(const char *name)
{
    char *path = cl_sprintf("%s/%s", SUBMISSIONS, name), *text = slurp(path);
    char *at = strstr(text, "// e2e-paste: ");
    char *result = text;
    if (at) {
        size_t n = strcspn(at, "\n");
        char *ref = cl_sprintf("%s/%.*s", REPO, (int)(n - 14), at + 14), *body = slurp(ref);
        result = cl_sprintf("%.*s%s%s", (int)(at - text), text, body, at + n);
        free(ref);
        free(body);
        free(text);
    }
    free(path);
    return result;
}

/* ---- the student edition ---- */

static void walk(const char *dir, const char *rel, void (*fn)(const char *path, const char *rel))
{
    DIR *d = opendir(dir);
    struct dirent *e;
    assert_non_null(d);
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char *path = cl_path_join(dir, e->d_name), *r = cl_sprintf("%s%s%s", rel, *rel ? "/" : "", e->d_name);
        struct stat sb;
        assert_int_equal(lstat(path, &sb), 0);
        if (S_ISDIR(sb.st_mode)) walk(path, r, fn);
        else fn(path, r);
        free(path);
        free(r);
    }
    closedir(d);
}

static CL_VEC(char *) hidden_texts; /* each hidden size of the instructor's course, as written */

static void no_secret(const char *path, const char *rel)
{
    size_t n = strlen(rel);
    assert_false(!strncmp(rel, "solutions/", 10) && n > 3 && !strcmp(rel + n - 3, ".cu"));
    assert_false(!strncmp(rel, "tests/", 6) || !strncmp(rel, "bench/", 6));
    assert_null(strstr(rel, "/fixtures/"));
    /* The days, the docs and the top-level files are what a student reads;
     * the tool's sources hold only generic examples ({n: 257}). */
    if (strncmp(rel, "days/", 5) && strncmp(rel, "docs/", 5) && strchr(rel, '/')) return;
    char *text = slurp(path);
    for (size_t i = 0; i < hidden_texts.n; i++)
        if (strstr(text, hidden_texts.v[i])) fail_msg("%s holds the hidden size %s", rel, hidden_texts.v[i]);
    free(text);
}

/* The text of every hidden size of every day (its flow mapping). */
static void collect_hidden(void)
{
    day_course *c = NULL;
    cl_error err = {0};
    assert_int_equal(day_course_load(REPO, &c, &err), CL_OK);
    for (int i = 0; i < c->ndays; i++) {
        const day_manifest *m = c->days[i].manifest;
        char *text = slurp(m->path);
        char *at = strstr(text, "hidden:");
        assert_non_null(at);
        for (int h = 0; h < m->nhidden; h++) {
            at = strchr(at, '{');
            assert_non_null(at);
            size_t n = strcspn(at, "}") + 1;
            CL_VEC_PUSH(&hidden_texts, cl_strndup(at, n));
            at += n;
        }
        free(text);
    }
    day_course_free(c);
    assert_true(hidden_texts.n >= 3);
}

/* ---- one day, one assignment ---- */

static CL_VEC(char *) other_lines; /* long lines of the other days' solutions and templates */
static const char *edition_top;

static bool is_mine(const char *text)
{
    static const char *const mine[] = {SOLUTION, REPO "/templates/day14-syncthreads/syncthreads.cu"};
    bool found = false;
    for (size_t i = 0; i < 2 && !found; i++) {
        char *t = slurp(mine[i]);
        found = strstr(t, text) != NULL;
        free(t);
    }
    return found;
}

/* Every line of 40 characters or more (spaces trimmed) of path that day
 * 14's own files do not share. */
static void collect_lines(const char *path)
{
    char *text = slurp(path);
    for (char *l = strtok(text, "\n"); l; l = strtok(NULL, "\n")) {
        l += strspn(l, " \t");
        size_t n = strlen(l);
        while (n && (l[n - 1] == ' ' || l[n - 1] == '\r')) l[--n] = '\0';
        if (n >= 40 && !is_mine(l)) CL_VEC_PUSH(&other_lines, cl_strdup(l));
    }
    free(text);
}

/* No file of the edition is another day's, or quotes another day's
 * solution or template; days/, templates/ and solutions/ hold day 14. */
static void no_other_day(const char *path, const char *rel)
{
    static const char *const per_day[] = {"days/", "templates/", "solutions/"};
    for (size_t i = 0; i < 3; i++)
        if (!strncmp(rel, per_day[i], strlen(per_day[i])) &&
            strncmp(rel + strlen(per_day[i]), "day14-syncthreads/", 18))
            fail_msg("%s/%s is another day's", edition_top, rel);
    /* What a student reads; the tool's code is every course's. */
    if (strncmp(rel, "days/", 5) && strncmp(rel, "docs/", 5) && strncmp(rel, "templates/", 10) &&
        strncmp(rel, "solutions/", 10) && strchr(rel, '/'))
        return;
    char *text = slurp(path);
    for (size_t i = 0; i < other_lines.n; i++)
        if (strstr(text, other_lines.v[i])) fail_msg("%s quotes another day: %s", rel, other_lines.v[i]);
    free(text);
}

static void collect_other_days(void)
{
    day_course *c = NULL;
    cl_error err = {0};
    assert_int_equal(day_course_load(REPO, &c, &err), CL_OK);
    for (int i = 0; i < c->ndays; i++) {
        const day_manifest *m = c->days[i].manifest;
        if (!m || !strcmp(m->slug, "day14-syncthreads")) continue;
        char *sol = day_solution_path(c, m), *tmpl = day_template_path(c, m);
        collect_lines(sol);
        collect_lines(tmpl);
        free(sol);
        free(tmpl);
    }
    day_course_free(c);
    assert_true(other_lines.n > 100);
}

static cJSON *grade_json(const char *course, const char *file, int want_rc)
{
    char *env_course = cl_sprintf("CUDALAB_COURSE=%s", course), *out = NULL;
    const char *env[] = {env_course, NULL};
    const char *argv[] = {CUDALAB_BINARY, "grade", "--json", "--backend", "emu", "--", "14", file, NULL};
    assert_int_equal(run(argv, env, &out), want_rc);
    cJSON *o = cJSON_Parse(out);
    assert_non_null(o);
    free(out);
    free(env_course);
    return o;
}

static void expect_sizes(const cJSON *o, int hidden, const char *edition)
{
    const cJSON *s = cJSON_GetObjectItem(o, "sizes_used");
    assert_non_null(s);
    assert_int_equal(cJSON_GetObjectItem(s, "course")->valueint, 1);
    assert_int_equal(cJSON_GetObjectItem(s, "hidden")->valueint, hidden);
    assert_string_equal(cJSON_GetObjectItem(s, "edition")->valuestring, edition);
}

static void test_student_edition(void **state)
{
    (void)state;
    char *dir = tmpdir(), *se = cl_path_join(dir, "course"), *mine = cl_path_join(dir, "syncthreads.cu");
    const char *argv[] = {CUDALAB_BINARY, "pack", "student", se, "14", NULL};
    assert_int_equal(run(argv, NULL, NULL), 0);
    collect_hidden();
    walk(se, "", no_secret);
    collect_other_days();
    edition_top = se;
    walk(se, "", no_other_day);
    for (size_t i = 0; i < other_lines.n; i++) free(other_lines.v[i]);
    free(other_lines.v);
    char *ptx = cl_path_join(se, "solutions/day14-syncthreads/syncthreads.ptx");
    assert_true(cl_file_exists(ptx));
    free(ptx);
    /* An edition of day 23: its Classroom 50 autograder grades day 23's file. */
    char *se23 = cl_path_join(dir, "course23"), *py = cl_path_join(se23, "docs/classroom/autograder.py");
    const char *argv23[] = {CUDALAB_BINARY, "pack", "student", se23, "23", NULL};
    assert_int_equal(run(argv23, NULL, NULL), 0);
    char *pytext = slurp(py);
    assert_non_null(strstr(pytext, "\nDAY = \"23\"\n"));
    assert_non_null(strstr(pytext, "\nSUBMISSION = \"work/day23-shuffles/shuffles.cu\"\n"));
    free(pytext);
    free(py);
    free(se23);
    /* Its README is the student's: the day, the commands, no test suite. */
    char *readme_path = cl_path_join(se, "README.md"), *readme = slurp(readme_path);
    assert_non_null(strstr(readme, "./cudalab grade 14"));
    assert_non_null(strstr(readme, "work/day14-syncthreads/syncthreads.cu"));
    assert_null(strstr(readme, "run-tests"));
    free(readme);
    free(readme_path);

    /* The student's copy: the reference's text, outside both courses. */
    char *text = slurp(SOLUTION);
    spit(mine, text);
    free(text);
    cJSON *o = grade_json(se, mine, 0);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(o, "passed")));
    expect_sizes(o, 0, "student");
    const cJSON *k;
    cJSON_ArrayForEach(k, cJSON_GetObjectItem(o, "kernels")) {
        const cJSON *yours = cJSON_GetObjectItem(k, "yours"), *ref = cJSON_GetObjectItem(k, "reference");
        assert_true(cJSON_IsTrue(cJSON_GetObjectItem(ref, "ran")));
        double instr = cJSON_GetObjectItem(ref, "instructions")->valuedouble;
        assert_true(instr > 0);
        assert_true(instr == cJSON_GetObjectItem(yours, "instructions")->valuedouble);
        assert_int_equal(cJSON_GetObjectItem(ref, "registers")->valueint,
                         cJSON_GetObjectItem(yours, "registers")->valueint);
        assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(k, "sizes")), 1);
    }
    cJSON_Delete(o);

    /* A dishonest file fails there as it does in the instructor's course. */
    char *race = submission("race_reverse.cu");
    spit(mine, race);
    free(race);
    o = grade_json(se, mine, 1);
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(o, "checks"))
        if (!strcmp(cJSON_GetObjectItem(c, "name")->valuestring, "races"))
            assert_true(cJSON_IsFalse(cJSON_GetObjectItem(c, "passed")));
    cJSON_Delete(o);

    /* The instructor's grade of the honest file adds the hidden sizes. */
    o = grade_json(REPO, SOLUTION, 0);
    expect_sizes(o, 3, "instructor");
    cJSON_ArrayForEach(k, cJSON_GetObjectItem(o, "kernels"))
        assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(k, "sizes")), 4);
    cJSON_Delete(o);
    for (size_t i = 0; i < hidden_texts.n; i++) free(hidden_texts.v[i]);
    free(hidden_texts.v);
    rm_rf(dir);
    free(dir);
    free(se);
    free(mine);
}

/* ---- Gradescope ---- */

static uint32_t le32(const unsigned char *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static unsigned le16(const unsigned char *p)
{
    return p[0] | (unsigned)p[1] << 8;
}

/* Unpack a stored zip into dir through its central directory, modes kept;
 * every CRC checked. */
static void unzip_into(const char *zip, const char *dir)
{
    size_t len = 0;
    char *raw = NULL;
    cl_error err = {0};
    assert_int_equal(cl_read_file(zip, &raw, &len, &err), CL_OK);
    const unsigned char *z = (const unsigned char *)raw, *end = z + len - 22;
    assert_int_equal(le32(end), 0x06054b50u);
    const unsigned char *cd = z + le32(end + 16);
    for (unsigned i = 0; i < le16(end + 10); i++) {
        unsigned nlen = le16(cd + 28);
        char *name = cl_strndup((const char *)cd + 46, nlen), *path = cl_path_join(dir, name);
        const unsigned char *local = z + le32(cd + 42);
        uint32_t size = le32(local + 18);
        const unsigned char *data = local + 30 + le16(local + 26) + le16(local + 28);
        assert_int_equal(pack_crc32(data, size), le32(cd + 16));
        char *slash = strrchr(path, '/');
        *slash = '\0';
        assert_int_equal(cl_mkdirs(path, &err), CL_OK);
        *slash = '/';
        assert_int_equal(cl_write_file_atomic(path, data, size, &err), CL_OK);
        assert_int_equal(chmod(path, (le32(cd + 38) >> 16) & 0777), 0);
        cd += 46 + nlen + le16(cd + 30) + le16(cd + 32);
        free(name);
        free(path);
    }
    free(raw);
}

typedef struct autograder {
    char *root, *submission, *results;
    double max;   /* what every run's tests must add up to */
    int ntests;
    int oracles;  /* the reference's outputs warm_cache left in the cache */
} autograder;

static int entries; /* count_entry's count */

static void count_entry(const char *path, const char *rel)
{
    (void)path;
    size_t n = strlen(rel);
    entries += n > 6 && !strcmp(rel + n - 6, ".entry");
}

/* Builds in the autograder's cache (source/cache). */
static int count_builds(const autograder *ag)
{
    char *dir = cl_path_join(ag->root, "source/cache/build");
    entries = 0;
    walk(dir, "", count_entry);
    free(dir);
    return entries;
}

/* Entries in the cache's folder of the reference's outputs (grade/oracle.c). */
static int count_oracles(const autograder *ag)
{
    char *dir = cl_path_join(ag->root, "source/cache/build/oracle");
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) n += e->d_name[0] != '.';
    if (d) closedir(d);
    free(dir);
    return n;
}

static const char *str_of(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    assert_true(cJSON_IsString(v));
    return v->valuestring;
}

static double num_of(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    assert_true(cJSON_IsNumber(v));
    return v->valuedouble;
}

static const cJSON *test_named(const cJSON *o, const char *name)
{
    const cJSON *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(o, "tests"))
        if (!strcmp(str_of(t, "name"), name)) return t;
    fail_msg("no test named %s", name);
    return NULL;
}

/* Every field of results.json, whatever the submission. */
static void check_fields(const autograder *ag, const cJSON *o)
{
    double sum = 0, max = 0;
    int n = 0;
    const cJSON *t;
    assert_true(num_of(o, "execution_time") >= 0);
    assert_string_equal(str_of(o, "stdout_visibility"), "hidden");
    assert_non_null(strstr(str_of(o, "output"), "day14-syncthreads") ? "" : strstr(str_of(o, "output"), "could not grade"));
    assert_true(cJSON_IsArray(cJSON_GetObjectItem(o, "leaderboard")));
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(o, "tests")) {
        double s = num_of(t, "score"), m = num_of(t, "max_score");
        const char *vis = str_of(t, "visibility"), *status = str_of(t, "status");
        assert_true(s >= 0 && s <= m);
        /* a test worth points passed when it has them all; one worth none
         * (compile, a size's correctness) says passed or failed itself */
        if (m > 0) assert_string_equal(status, s >= m ? "passed" : "failed");
        else assert_true(!strcmp(status, "passed") || !strcmp(status, "failed"));
        assert_true(!strcmp(vis, "visible") || !strcmp(vis, "after_published"));
        const char *name = str_of(t, "name"), *colon = strstr(name, ": correctness");
        bool scoring = colon && !colon[strlen(": correctness")];
        if (!scoring) /* the scoring correctness test is shown as the hidden sizes are, or visible */
            assert_int_equal(!strcmp(vis, "after_published"), strstr(name, "hidden size") != NULL);
        str_of(t, "output");
        assert_true(num_of(t, "execution_time") >= 0);
        sum += s, max += m, n++;
    }
    assert_true(fabs(sum - num_of(o, "score")) < 1e-6);
    assert_true(fabs(max - ag->max) < 1e-6);
    assert_int_equal(n, ag->ntests);
}

/* Lay out a fresh submission, run run_autograder, read results.json. */
static cJSON *autograde(const autograder *ag, const char *text)
{
    rm_rf(ag->submission);
    rm_rf(ag->results);
    cl_error err = {0};
    assert_int_equal(cl_mkdirs(ag->submission, &err), CL_OK);
    if (text) {
        char *path = cl_sprintf("%s/%s", ag->submission, "syncthreads.cu");
        spit(path, text);
        free(path);
    }
    char *env_root = cl_sprintf("CUDALAB_AUTOGRADER_ROOT=%s", ag->root);
    const char *env[] = {env_root, "CUDALAB_AUTOGRADER_BIN=" CUDALAB_BINARY, NULL};
    char *script = cl_path_join(ag->root, "run_autograder"), *out = NULL;
    const char *argv[] = {script, NULL};
    assert_int_equal(run(argv, env, &out), 0);
    free(out);
    char *results = cl_path_join(ag->results, "results.json"), *json = slurp(results);
    cJSON *o = cJSON_Parse(json);
    assert_non_null(o);
    check_fields(ag, o);
    free(results);
    free(json);
    free(script);
    free(env_root);
    return o;
}

static void setup_autograder(autograder *ag, const char *dir)
{
    char *zip = cl_path_join(dir, "autograder.zip"), *source = NULL;
    const char *argv[] = {CUDALAB_BINARY, "pack", "gradescope", "14", zip, NULL};
    assert_int_equal(run(argv, NULL, NULL), 0);
    /* The same course makes the same zip, byte for byte. */
    char *again = cl_path_join(dir, "again.zip"), *a = NULL, *b = NULL;
    size_t alen = 0, blen = 0;
    cl_error e = {0};
    const char *argv2[] = {CUDALAB_BINARY, "pack", "gradescope", "day14", again, NULL};
    assert_int_equal(run(argv2, NULL, NULL), 0);
    assert_int_equal(cl_read_file(zip, &a, &alen, &e), CL_OK);
    assert_int_equal(cl_read_file(again, &b, &blen, &e), CL_OK);
    assert_int_equal(alen, blen);
    assert_memory_equal(a, b, alen);
    free(a), free(b), free(again);
    ag->root = cl_path_join(dir, "autograder");
    source = cl_path_join(ag->root, "source");
    unzip_into(zip, source);
    /* Gradescope copies run_autograder up to /autograder. */
    char *from = cl_path_join(source, "run_autograder"), *to = cl_path_join(ag->root, "run_autograder");
    char *script = slurp(from);
    spit(to, script);
    assert_int_equal(chmod(to, 0755), 0);
    char *setup = cl_path_join(source, "setup.sh"), *ptx = cl_path_join(source, "cudalab/solutions/day14-syncthreads/syncthreads.ptx");
    struct stat sb;
    assert_int_equal(stat(setup, &sb), 0);
    assert_true(sb.st_mode & 0100);
    assert_true(cl_file_exists(ptx));
    char *cu = cl_path_join(source, "cudalab/solutions/day14-syncthreads/syncthreads.cu");
    assert_false(cl_file_exists(cu)); /* the reference travels as PTX */
    /* The bundle carries its day alone. */
    static const char *const kinds[] = {"days", "templates", "solutions"};
    for (size_t i = 0; i < 3; i++) {
        char *kind = cl_sprintf("%s/cudalab/%s", source, kinds[i]);
        DIR *d = opendir(kind);
        assert_non_null(d);
        for (struct dirent *de; (de = readdir(d));)
            if (de->d_name[0] != '.' && strcmp(de->d_name, "day14-syncthreads"))
                fail_msg("the day-14 autograder holds %s/%s", kinds[i], de->d_name);
        closedir(d);
        free(kind);
    }
    ag->submission = cl_path_join(ag->root, "submission");
    ag->results = cl_path_join(ag->root, "results");
    /* setup.sh's last step: the reference's outputs into the image's cache. */
    char *warm = cl_path_join(source, "warm_cache");
    const char *warm_argv[] = {warm, NULL};
    const char *warm_env[] = {"CUDALAB_AUTOGRADER_BIN=" CUDALAB_BINARY, NULL};
    char *setup_text = slurp(setup);
    assert_non_null(strstr(setup_text, "\"$here/warm_cache\""));
    /* The build log's doctor looks at the cache run_autograder uses
     * (source/cache: $here is source/ in setup.sh and warm_cache). */
    const char *doctor = strstr(setup_text, "CUDALAB_CACHE=\"$here/cache\" \"$here/build/cudalab\" doctor");
    assert_non_null(doctor);
    assert_non_null(strstr(script, "CUDALAB_CACHE=\"${CUDALAB_CACHE:-$root/source/cache}\""));
    free(setup_text);
    assert_int_equal(run(warm_argv, warm_env, NULL), 0);
    free(warm);
    /* The maximum, from the day's manifest in the zip (points per check). */
    day_manifest *m = NULL;
    cl_error err = {0};
    char *yaml = cl_path_join(source, "cudalab/days/day14-syncthreads/day.yaml");
    assert_int_equal(day_manifest_load(yaml, &m, &err), CL_OK);
    assert_true(m->nhidden > 0); /* the autograder keeps the hidden sizes */
    ag->oracles = count_oracles(ag);
    assert_int_equal(ag->oracles, m->nkernels * (1 + m->nhidden)); /* each kernel at each size */
    ag->ntests = 1;
    for (int k = 0; k < m->nkernels; k++)
        for (int c = 0; c < DAY_CHECK_COUNT; c++) {
            ag->max += day_kernel_points(&m->kernels[k], (day_check)c);
            if (m->kernels[k].checks & (1u << c)) ag->ntests += c == DAY_CHECK_CORRECTNESS ? 2 + m->nhidden : 1;
        }
    day_manifest_free(m);
    free(yaml), free(cu), free(setup), free(ptx), free(script), free(from), free(to);
    free(source);
    free(zip);
}

static void test_gradescope(void **state)
{
    (void)state;
    char *dir = tmpdir();
    autograder ag = {0};
    setup_autograder(&ag, dir);

    char *honest = slurp(SOLUTION);
    int builds = count_builds(&ag);
    cJSON *o = autograde(&ag, honest);
    assert_int_equal(count_builds(&ag), builds + 1); /* run_autograder's cache is warm_cache's */
    assert_true(fabs(num_of(o, "score") - ag.max) < 1e-6);
    assert_non_null(strstr(str_of(o, "output"), "course + 3 hidden"));
    assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(o, "leaderboard")) >= 2);
    const cJSON *e = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "leaderboard"), 0);
    assert_non_null(strstr(str_of(e, "name"), "lane instructions"));
    assert_true(num_of(e, "value") > 0);
    assert_string_equal(str_of(e, "order"), "asc");
    const cJSON *hid = test_named(o, "reverseBlocks: correctness at hidden size 1 of 3");
    assert_string_equal(str_of(hid, "visibility"), "after_published");
    assert_string_equal(str_of(hid, "status"), "passed");
    assert_true(num_of(test_named(o, "reverseBlocks: correctness"), "score") > 0);
    assert_string_equal(str_of(test_named(o, "compile"), "status"), "passed");
    /* Each test's time is its run's: the course size (1,048,576 elements)
     * takes longer than hidden size 3 (1 element); a kernel's other checks
     * judge all its runs. */
    const cJSON *course = test_named(o, "reverseBlocks: correctness at the course size");
    const cJSON *tiny = test_named(o, "reverseBlocks: correctness at hidden size 3 of 3");
    double whole = num_of(test_named(o, "reverseBlocks: races"), "execution_time");
    assert_true(num_of(course, "execution_time") > num_of(tiny, "execution_time"));
    assert_true(whole >= num_of(course, "execution_time") && whole <= num_of(o, "execution_time"));
    assert_true(num_of(test_named(o, "compile"), "execution_time") > 0);
    cJSON_Delete(o);
    free(honest);

    char *race = submission("race_reverse.cu");
    o = autograde(&ag, race);
    const cJSON *t = test_named(o, "reverseBlocks: races");
    assert_int_equal(num_of(t, "score"), 0);
    assert_string_equal(str_of(t, "status"), "failed");
    assert_non_null(strstr(str_of(t, "output"), "hazard"));
    /* its first wrong elements, a line each, in a Markdown fence */
    const cJSON *wrong = test_named(o, "reverseBlocks: correctness at the course size");
    assert_string_equal(str_of(wrong, "output_format"), "md");
    assert_non_null(strstr(str_of(wrong, "output"), "\n\n```\nelement "));
    assert_int_equal(num_of(test_named(o, "blockSums: races"), "score"), 1);
    /* reverseBlocks is wrong at the course size: no points for what it did */
    assert_int_equal(num_of(test_named(o, "reverseBlocks: resources"), "score"), 0);
    assert_true(num_of(o, "score") < ag.max && num_of(o, "score") > 0);
    cJSON_Delete(o);
    free(race);

    char *broken = submission("compile_error.cu");
    o = autograde(&ag, broken);
    assert_int_equal(num_of(o, "score"), 0);
    assert_non_null(strstr(str_of(test_named(o, "compile"), "output"), "syncthreads.cu:"));
    assert_string_equal(str_of(test_named(o, "compile"), "status"), "failed"); /* not green */
    assert_string_equal(str_of(test_named(o, "reverseBlocks: memory"), "output"),
                        "your file did not compile");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(o, "leaderboard")), 0);
    cJSON_Delete(o);
    free(broken);

    /* No submission ran the reference: its outputs came from warm_cache's. */
    assert_int_equal(count_oracles(&ag), ag.oracles);

    o = autograde(&ag, NULL); /* nothing handed in */
    assert_int_equal(num_of(o, "score"), 0);
    const cJSON *each;
    cJSON_ArrayForEach(each, cJSON_GetObjectItem(o, "tests")) assert_true(num_of(each, "execution_time") == 0);
    assert_non_null(strstr(str_of(o, "output"), "no syncthreads.cu"));
    assert_string_equal(str_of(test_named(o, "compile"), "status"), "failed");
    cJSON_Delete(o);

    rm_rf(dir);
    free(ag.root), free(ag.submission), free(ag.results);
    free(dir);
}

/* ---- what the images install ---- */

/* pkg named in text as a whole word (spaces, quotes, a backslash or a line's
 * end around it). */
static bool names_package(const char *text, const char *pkg)
{
    size_t n = strlen(pkg);
    for (const char *at = strstr(text, pkg); at; at = strstr(at + 1, pkg)) {
        bool starts = at == text || strchr(" \t\"'\n", at[-1]);
        if (starts && (at[n] == '\0' || strchr(" \t\"'\\\n", at[n]))) return true;
    }
    return false;
}

/* Gradescope's setup.sh and the GitHub Classroom workflow build cudalab from
 * source on a bare Ubuntu: each must install every package scripts/deps.sh
 * installs to build it (its `need=(...)` list), less the tests' own. */
static void test_images_install_what_the_build_needs(void **state)
{
    (void)state;
    char *deps = slurp(REPO "/scripts/deps.sh"), *at = strstr(deps, "need=(");
    assert_non_null(at);
    at += 6;
    char *end = strchr(at, ')');
    assert_non_null(end);
    *end = '\0';
    char *dir = tmpdir(), *zip = cl_path_join(dir, "a.zip"), *src = cl_path_join(dir, "src");
    const char *argv[] = {CUDALAB_BINARY, "pack", "gradescope", "14", zip, NULL};
    assert_int_equal(run(argv, NULL, NULL), 0);
    unzip_into(zip, src);
    char *setup_path = cl_path_join(src, "setup.sh"), *setup = slurp(setup_path);
    char *workflow = slurp(REPO "/docs/classroom/classroom.yml");
    static const char *const tests_only[] = {"libcmocka-dev", "tmux", "jq"};
    int checked = 0;
    for (char *save = NULL, *pkg = strtok_r(at, " \t\n\\", &save); pkg; pkg = strtok_r(NULL, " \t\n\\", &save)) {
        bool skip_it = false;
        for (size_t i = 0; i < sizeof tests_only / sizeof *tests_only; i++) skip_it |= !strcmp(pkg, tests_only[i]);
        if (skip_it) continue;
        if (!names_package(setup, pkg)) fail_msg("setup.sh does not install %s", pkg);
        if (!names_package(workflow, pkg)) fail_msg("classroom.yml does not install %s", pkg);
        checked++;
    }
    assert_true(checked >= 7); /* build-essential ... liblua5.4-dev */
    assert_true(names_package(workflow, "jq")); /* its tests read grade.json with jq */
    rm_rf(dir);
    free(deps), free(dir), free(zip), free(src), free(setup_path), free(setup), free(workflow);
}

int main(void)
{
    unsetenv("CUDALAB_CACHE"); /* run_autograder's and warm_cache's own, source/cache */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_images_install_what_the_build_needs),
        cmocka_unit_test(test_student_edition),
        cmocka_unit_test(test_gradescope),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
