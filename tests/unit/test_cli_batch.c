/* test_cli_batch.c - `cudalab batch` run for real: usage errors and bad
 * output paths exit 2 before anything is graded, a bad path is a row, output
 * names never collide, backups never replace one another, a report too large
 * is an honest entry, odd paths give valid JSON and one CSV line, and a batch
 * killed midway resumes without grading anything twice.
 *
 * Most tests put tests/fixtures/batch/fake-grader.sh in place of the grader
 * (CUDALAB_BATCH_GRADER), so a batch's bookkeeping is tested without an nvcc
 * run a submission; test_real_odd_path grades one file for real. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <dirent.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/core.h"
#include "core/proc.h"
#include "core/sha256.h"

#define FAKE CUDALAB_TEST_DIR "/fixtures/batch/fake-grader.sh"

extern char **environ;
static char work[64];

typedef struct outcome {
    int rc;
    char *out, *err;
} outcome;

static void outcome_free(outcome *o)
{
    free(o->out);
    free(o->err);
}

static char *at(const char *rel) { return cl_sprintf("%s/%s", work, rel); }

static void put(const char *rel, const char *text)
{
    char *path = at(rel), *dir = cl_strdup(path);
    *strrchr(dir, '/') = '\0';
    assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
    assert_int_equal(cl_write_file_atomic(path, text, strlen(text), NULL), CL_OK);
    free(dir);
    free(path);
}

/* cudalab with argv (no shell between), in work/, the fake grader unless real. */
static outcome run_argv(bool real, const char *const *args)
{
    const char *argv[64] = {CUDALAB_BINARY};
    size_t n = 1;
    while (args[n - 1]) argv[n] = args[n - 1], n++;
    argv[n] = NULL;
    char *ws = cl_sprintf("CUDALAB_WORKSPACE=%s/ws", work), *cache = cl_sprintf("CUDALAB_CACHE=%s/cache", work);
    char *log = cl_sprintf("FAKE_GRADE_LOG=%s/grades.log", work);
    const char *env[] = {ws, cache, log, real ? "CUDALAB_BATCH_GRADER=" : "CUDALAB_BATCH_GRADER=" FAKE, NULL};
    cl_proc_spec spec = {.argv = argv, .cwd = work, .env = env, .timeout_s = 120};
    cl_proc_result res = {0};
    assert_int_equal(cl_proc_run(&spec, &res, NULL), CL_OK);
    outcome o = {res.exit_code, cl_strdup(res.out), cl_strdup(res.err)};
    cl_proc_result_free(&res);
    free(ws);
    free(cache);
    free(log);
    return o;
}

/* Bytes of a file, or -1. */
static long size_of(const char *rel)
{
    char *path = at(rel);
    struct stat sb;
    long n = stat(path, &sb) == 0 ? (long)sb.st_size : -1;
    free(path);
    return n;
}

static char *slurp(const char *rel)
{
    char *path = at(rel), *text = NULL;
    if (cl_read_file(path, &text, NULL, NULL) != CL_OK) text = NULL;
    free(path);
    return text;
}

/* Files in work/DIR whose names end with suffix. */
static int count_files(const char *dir, const char *suffix)
{
    char *path = at(dir);
    DIR *d = opendir(path);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        if (e->d_name[0] != '.' && strlen(e->d_name) >= strlen(suffix) &&
            !strcmp(e->d_name + strlen(e->d_name) - strlen(suffix), suffix))
            n++;
    if (d) closedir(d);
    free(path);
    return n;
}

static int count_lines(const char *text)
{
    int n = 0;
    for (const char *p = text; p && *p; p++) n += *p == '\n';
    return n;
}

/* Whether text is valid UTF-8 (cJSON does not check that). */
static bool valid_utf8(const unsigned char *p)
{
    while (*p) {
        int n = *p < 0x80 ? 1 : (*p & 0xe0) == 0xc0 ? 2 : (*p & 0xf0) == 0xe0 ? 3 : (*p & 0xf8) == 0xf0 ? 4 : 0;
        if (!n || (n == 2 && *p < 0xc2)) return false;
        for (int i = 1; i < n; i++)
            if ((p[i] & 0xc0) != 0x80) return false;
        p += n;
    }
    return true;
}

/* work/rel parses as a JSON object, is valid UTF-8; the caller deletes it. */
static cJSON *json_at(const char *rel)
{
    char *text = slurp(rel);
    if (!text) fail_msg("%s was not written", rel);
    if (!valid_utf8((const unsigned char *)text)) fail_msg("%s is not UTF-8", rel);
    cJSON *o = cJSON_Parse(text);
    if (!cJSON_IsObject(o)) fail_msg("%s is not a JSON object: %.200s", rel, text);
    free(text);
    return o;
}

static const char *jstr(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int setup_one(void **state)
{
    (void)state;
    strcpy(work, "/tmp/cudalab-batch-XXXXXX");
    return mkdtemp(work) ? 0 : -1;
}

static int teardown_one(void **state)
{
    (void)state;
    const char *argv[] = {"rm", "-rf", work, NULL};
    cl_proc_spec spec = {.argv = argv};
    cl_proc_result res = {0};
    int rc = cl_proc_run(&spec, &res, NULL) == CL_OK ? res.exit_code : -1;
    cl_proc_result_free(&res);
    return rc;
}

/* Exit 2, one line on stderr holding says, nothing graded, nothing written. */
static void expect_usage(const char *const *args, const char *says)
{
    outcome o = run_argv(false, args);
    if (o.rc != 2 || !strstr(o.err, says) || count_lines(o.err) != 1 || o.out[0])
        fail_msg("%s %s: exit %d, stderr '%s', expected exit 2 and one line with '%s'", args[0],
                 args[2] ? args[2] : "", o.rc, o.err, says);
    assert_int_equal(size_of("grades.log"), -1);
    outcome_free(&o);
}

static void test_usage_errors(void **state)
{
    (void)state;
    put("p.cu", "pass\n");
    put("file", "not a folder\n");
    char *dir = at("dir");
    mkdir(dir, 0755);
    free(dir);
    expect_usage((const char *[]){"batch", "14", "p.cu", "--seed", "abc", NULL}, "--seed takes a whole number");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--seed", "-1", NULL}, "not '-1'");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--seed", "", NULL}, "--seed takes");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--seed", "99999999999999999999", NULL}, "--seed takes");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--seed", NULL}, "--seed needs a value");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--jobs", "0", NULL}, "--jobs takes a whole number from 1 to 64");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--jobs", "65", NULL}, "--jobs takes");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--jobs", "2x", NULL}, "--jobs takes");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--backend", "tpu", NULL}, "--backend takes auto, emu or gpu");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--frobnicate", NULL}, "unknown option '--frobnicate'");
    expect_usage((const char *[]){"batch", "14", NULL}, "usage: cudalab batch DAY FILE");
    expect_usage((const char *[]){"batch", "99", "p.cu", NULL}, "no day '99'");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--out", "file", NULL}, "--out file: exists and is not a folder; nothing was graded");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--out", "file/reports", NULL}, "--out file/reports:");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--out", "", NULL}, "--out needs a value");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--csv", "dir", NULL}, "--csv dir: is a folder, not a file");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--csv", "nowhere/t.csv", NULL}, "its folder does not exist");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--out", "reports", "--csv", "dir", NULL}, "--csv dir");
    expect_usage((const char *[]){"grade", "14", "p.cu", "--seed", "-1", NULL}, "--seed takes a whole number");
    expect_usage((const char *[]){"grade", "14", "p.cu", "--seed", "1e3", NULL}, "not '1e3'");
    expect_usage((const char *[]){"grade", "14", "p.cu", "--threads", "999", NULL}, "--threads takes");
    expect_usage((const char *[]){"grade", "14", "p.cu", "--threads", "+2", NULL}, "--threads takes");
    /* --out was checked before --csv failed: nothing was graded into it. */
    assert_int_equal(count_files("reports", ".json"), 0);
}

/* A missing file, a folder, a dangling link, a FIFO and a grader that gives
 * up are rows of the results; the good ones are graded all the same. */
static void test_bad_path_is_a_row(void **state)
{
    (void)state;
    put("class/ann.cu", "pass\n");
    put("class/bob.cu", "fail\n");
    put("class/cat.cu", "crash\n");
    char *p = at("class/dir.cu");
    mkdir(p, 0755);
    free(p);
    p = at("class/dangling.cu");
    assert_int_equal(symlink("/nonexistent/x.cu", p), 0);
    free(p);
    p = at("class/fifo.cu");
    assert_int_equal(mkfifo(p, 0644), 0);
    free(p);
    put("-dash.cu", "pass\n");
    outcome o = run_argv(false, (const char *[]){"batch", "14", "class/ann.cu", "class/missing.cu", "class/dir.cu",
                                                  "class/dangling.cu", "class/fifo.cu", "class/bob.cu",
                                                  "class/cat.cu", "--out", "out", "--csv", "t.csv", "--jobs", "2",
                                                  "--", "-dash.cu", NULL});
    assert_int_equal(o.rc, 1);
    /* The summary on stdout: a header, a row each in the order given, a count. */
    assert_int_equal(count_lines(o.out), 10);
    const char *rows[] = {"class-ann ", "class-missing ", "class-dir ", "class-dangling ",
                          "class-fifo ", "class-bob ", "class-cat ", "-dash "};
    const char *says[] = {"passed", "no such file", "a folder, not a file", "a symbolic link to nothing",
                          "a FIFO, not a file", "failed: correctness", "crashed on purpose", "passed"};
    const char *after = o.out;
    for (int i = 0; i < 8; i++) {
        const char *row = strstr(after, rows[i]);
        if (!row || !strstr(row, says[i]) || strstr(row, says[i]) > strchr(row, '\n'))
            fail_msg("no row '%s' saying '%s' in order in:\n%s", rows[i], says[i], o.out);
        after = row;
    }
    assert_non_null(strstr(o.out, "8 submissions: 2 passed, 1 not passed, 5 could not be graded"));
    assert_int_equal(count_files("out", ".json"), 8);
    cJSON *j = json_at("out/class-dangling.json");
    assert_string_equal(jstr(j, "error"), "a symbolic link to nothing");
    assert_string_equal(jstr(j, "file"), "class/dangling.cu");
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(j, "passed")));
    cJSON_Delete(j);
    char *csv = slurp("t.csv");
    assert_int_equal(count_lines(csv), 9);
    assert_non_null(strstr(csv, "\nclass/dir.cu,,\"a folder, not a file\","));
    assert_non_null(strstr(csv, "\nclass/missing.cu,,no such file,"));
    free(csv);
    /* Only the four regular files reached the grader; the log has the three that answered. */
    char *log = slurp("grades.log");
    assert_int_equal(count_lines(log), 3);
    free(log);
    outcome_free(&o);
}

/* Paths that map to one name get names of their own, and three runs in the
 * same second keep every earlier report as a backup of its own. */
static void test_names_and_backups_never_collide(void **state)
{
    (void)state;
    /* a/b-c.cu and a-b/c.cu both map to a-b-c, A/b-c.cu too on a case-blind
     * disk; a/b-c.cu is given twice; a-b/c-<hash>.cu is named as a/b-c.cu's
     * hashed name would be. */
    char hex[CL_SHA256_HEX];
    cl_sha256_hex("a/b-c.cu", 8, hex);
    char *sneaky = cl_sprintf("a-b/c-%.8s.cu", hex);
    put("a/b-c.cu", "pass\n");
    put("a-b/c.cu", "fail\n");
    put("A/b-c.cu", "pass\n");
    put(sneaky, "pass\n");
    const char *const args[] = {"batch", "14", "a/b-c.cu", "a-b/c.cu", "A/b-c.cu", "a/b-c.cu",
                                sneaky, "--out", "out", "--csv", "t.csv", "--regrade", NULL};
    for (int run = 0; run < 3; run++) {
        outcome o = run_argv(false, args);
        assert_int_equal(o.rc, 1);
        outcome_free(&o);
    }
    /* Five submissions, five reports, each with the path it came from. */
    int reports = 0;
    char *dir = at("out");
    DIR *d = opendir(dir);
    cl_str seen = {0};
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 5, ".json")) continue;
        char *rel = cl_sprintf("out/%s", e->d_name);
        cJSON *j = json_at(rel);
        cl_str_addf(&seen, "|%s|", jstr(cJSON_GetObjectItem(j, "batch"), "path"));
        cJSON_Delete(j);
        free(rel);
        reports++;
    }
    closedir(d);
    free(dir);
    assert_int_equal(reports, 5);
    const char *paths[] = {"|a/b-c.cu|", "|a-b/c.cu|", "|A/b-c.cu|", sneaky};
    for (int i = 0; i < 4; i++) assert_non_null(strstr(cl_str_cstr(&seen), paths[i]));
    assert_non_null(strstr(strstr(cl_str_cstr(&seen), "|a/b-c.cu|") + 1, "|a/b-c.cu|"));
    cl_str_free(&seen);
    free(sneaky);
    /* Runs two and three each kept the five reports first (each new report
     * differs); the table came out the same, so it was left alone. */
    assert_int_equal(count_files("out", ".bak"), 10);
    assert_int_equal(count_files(".", ".bak"), 0);
    /* 3 runs x 5 grades: under --regrade nothing is kept from before. */
    char *log = slurp("grades.log");
    assert_int_equal(count_lines(log), 15);
    free(log);
}

/* A report over the cap is not saved cut: a whole JSON says it was too
 * large, with the grade's verdict. */
static void test_report_too_large(void **state)
{
    (void)state;
    put("h.cu", "huge\n");
    outcome o = run_argv(false, (const char *[]){"batch", "14", "h.cu", "--out", "out", NULL});
    assert_int_equal(o.rc, 1);
    assert_true(size_of("out/h.json") < 4096);
    cJSON *j = json_at("out/h.json");
    assert_non_null(strstr(jstr(j, "error"), "larger than 16 MiB"));
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(j, "passed")));
    assert_int_equal(cJSON_GetObjectItem(j, "exit_status")->valueint, 1);
    cJSON_Delete(j);
    assert_non_null(strstr(o.out, "not passed"));
    outcome_free(&o);
}

/* An output that cannot be written after the grading (its folder went away)
 * is exit 2 with the reason, and everything else is still written. */
static void test_output_lost_midway(void **state)
{
    (void)state;
    put("sub/keep", "x\n");
    put("p.cu", "rmrf sub\n");
    outcome o = run_argv(false, (const char *[]){"batch", "14", "p.cu", "--out", "out", "--csv", "sub/t.csv", NULL});
    assert_int_equal(o.rc, 2);
    assert_non_null(strstr(o.err, "cudalab: table not saved: sub/t.csv: "));
    assert_non_null(strstr(o.out, "1 submission: 1 passed"));
    cJSON_Delete(json_at("out/p.json"));
    outcome_free(&o);
}

/* A path with a newline and bytes that are not UTF-8: valid JSON, and a CSV
 * row on one line, for a graded file and for a missing one. */
static void test_odd_paths(void **state)
{
    (void)state;
    const char *odd = "stu\ndent\xff\xfe \"q\",x.cu", *gone = "gone\n\xc3(.cu";
    put(odd, "pass\n");
    put("zo\xc3\xab/x.cu", "pass\n");
    outcome o = run_argv(false, (const char *[]){"batch", "14", odd, gone, "zo\xc3\xab/x.cu", "--out", "out",
                                                  "--csv", "t.csv", NULL});
    assert_int_equal(o.rc, 1);
    assert_true(valid_utf8((const unsigned char *)o.out));
    assert_int_equal(count_files("out", ".json"), 3);
    assert_true(size_of("out/zo\xc3\xab-x.json") > 0); /* UTF-8 letters are kept in names */
    cJSON *j = json_at("out/stu_dent____q__x.json");
    assert_string_equal(jstr(cJSON_GetObjectItem(j, "batch"), "path"), "stu\\x0adent\\xff\\xfe \"q\",x.cu");
    cJSON_Delete(j);
    j = json_at("out/gone___.json");
    assert_string_equal(jstr(j, "file"), "gone\\x0a\\xc3(.cu");
    assert_string_equal(jstr(j, "error"), "no such file");
    cJSON_Delete(j);
    char *csv = slurp("t.csv");
    assert_true(valid_utf8((const unsigned char *)csv));
    assert_int_equal(count_lines(csv), 4);
    assert_non_null(strstr(csv, "\n\"stu\\x0adent\\xff\\xfe \"\"q\"\",x.cu\",yes,,pass,pass,"));
    assert_non_null(strstr(csv, "\ngone\\x0a\\xc3(.cu,,no such file,"));
    free(csv);
    outcome_free(&o);
}

/* The real grader on a file whose name is not UTF-8 and holds a newline: the
 * saved report is valid JSON (every string made UTF-8). */
static void test_real_odd_path(void **state)
{
    (void)state;
    char *sol = NULL;
    size_t len = 0;
    assert_int_equal(cl_read_file(CUDALAB_TEST_DIR "/../solutions/day14-syncthreads/syncthreads.cu", &sol, &len, NULL), CL_OK);
    const char *odd = "odd\n\xff/syncthreads.cu";
    put(odd, sol);
    free(sol);
    outcome o = run_argv(true, (const char *[]){"batch", "14", odd, "--backend", "emu", "--out", "out", "--csv", "t.csv", NULL});
    if (o.rc != 0) fail_msg("exit %d: %s %s", o.rc, o.out, o.err);
    cJSON *j = json_at("out/odd__-syncthreads.json");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(j, "passed")));
    assert_non_null(jstr(j, "file"));
    cJSON_Delete(j);
    char *csv = slurp("t.csv");
    assert_int_equal(count_lines(csv), 2);
    free(csv);
    outcome_free(&o);
}

/* Start a batch, kill -9 it once `reports` reports are there, rerun it: every
 * submission ends with a report, none is graded again, and a changed file or
 * seed is. */
static void test_killed_batch_resumes(void **state)
{
    (void)state;
    const char *args[16] = {CUDALAB_BINARY, "batch", "14"};
    char names[6][16];
    for (int i = 0; i < 6; i++) {
        snprintf(names[i], sizeof names[i], "s%d.cu", i);
        put(names[i], "sleep 0.3\n");
        args[3 + i] = names[i];
    }
    const char *tail[] = {"--out", "out", "--csv", "t.csv", NULL};
    memcpy(&args[9], tail, sizeof tail);
    char *log = at("grades.log"), *logenv = cl_sprintf("FAKE_GRADE_LOG=%s", log);
    setenv("CUDALAB_BATCH_GRADER", FAKE, 1);
    setenv("FAKE_GRADE_LOG", log, 1);
    char *ws = at("ws");
    setenv("CUDALAB_WORKSPACE", ws, 1);
    assert_int_equal(chdir(work), 0);
    pid_t pid;
    assert_int_equal(posix_spawn(&pid, CUDALAB_BINARY, NULL, NULL, (char **)args, environ), 0);
    for (int waited = 0; count_files("out", ".json") < 2 && waited < 3000; waited += 10) usleep(10000);
    kill(pid, SIGKILL);
    int status;
    waitpid(pid, &status, 0);
    assert_true(WIFSIGNALED(status));
    usleep(400000); /* the grade it was running ends; its answer is lost */
    int before = count_files("out", ".json");
    assert_true(before >= 2 && before < 6);
    for (int i = 0; i < 6; i++) { /* what the killed run left is whole */
        char rel[32];
        snprintf(rel, sizeof rel, "out/s%d.json", i);
        if (size_of(rel) >= 0) cJSON_Delete(json_at(rel));
    }
    char *first = slurp("grades.log");
    int graded_first = count_lines(first);
    free(first);
    outcome o = run_argv(false, &args[1]);
    assert_int_equal(o.rc, 0);
    assert_non_null(strstr(o.out, "6 submissions: 6 passed"));
    char kept[64];
    snprintf(kept, sizeof kept, "%d kept from an earlier run", before);
    if (!strstr(o.out, kept)) fail_msg("expected '%s' in:\n%s", kept, o.out);
    char *all = slurp("grades.log");
    assert_int_equal(count_lines(all), graded_first + 6 - before);
    free(all);
    char *csv = slurp("t.csv");
    assert_int_equal(count_lines(csv), 7);
    free(csv);
    /* A third run grades nothing; a changed file and a new seed are graded. */
    outcome_free(&o);
    o = run_argv(false, &args[1]);
    assert_non_null(strstr(o.out, "6 kept from an earlier run"));
    outcome_free(&o);
    put("s1.cu", "sleep 0.01\n");
    o = run_argv(false, &args[1]);
    assert_non_null(strstr(o.out, "5 kept from an earlier run"));
    outcome_free(&o);
    const char *seeded[] = {"batch", "14", "s0.cu", "--seed", "7", "--out", "out", NULL};
    o = run_argv(false, seeded);
    assert_non_null(strstr(o.out, "0 kept from an earlier run"));
    outcome_free(&o);
    assert_int_equal(chdir("/"), 0);
    unsetenv("CUDALAB_BATCH_GRADER");
    unsetenv("FAKE_GRADE_LOG");
    free(ws);
    free(logenv);
    free(log);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_usage_errors, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_bad_path_is_a_row, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_names_and_backups_never_collide, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_report_too_large, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_output_lost_midway, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_odd_paths, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_real_odd_path, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_killed_batch_resumes, setup_one, teardown_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
