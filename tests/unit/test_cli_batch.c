/* test_cli_batch.c - `cudalab batch` run for real: usage errors and bad
 * output paths exit 2 before anything is graded, a bad path is a row, output
 * names never collide, backups never replace one another, a report too large
 * is an honest entry, odd paths give valid JSON and one CSV line, and a batch
 * killed midway resumes without grading anything twice; a rerun grades again
 * once the course or the cudalab version changed, and keeps a report when it
 * names the same file another way.
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
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "batch.h"
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

/* noinline: inlined, gcc 12 at -O3 takes the returned text for a pointer to
 * the local whose address cl_read_file gets (-Wdangling-pointer). */
__attribute__((noinline)) static char *slurp(const char *rel)
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
    long graded = size_of("grades.log");
    outcome o = run_argv(false, args);
    if (o.rc != 2 || !strstr(o.err, says) || count_lines(o.err) != 1 || o.out[0])
        fail_msg("%s %s: exit %d, stderr '%s', expected exit 2 and one line with '%s'", args[0],
                 args[2] ? args[2] : "", o.rc, o.err, says);
    assert_int_equal(size_of("grades.log"), graded);
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
    dir = at("dir-similar.csv");
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
    expect_usage((const char *[]){"batch", "14", "p.cu", "--shard", "0/2", NULL}, "--shard takes I/N");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--shard", "3/2", NULL}, "not '3/2'");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--shard", "1/0", NULL}, "--shard takes I/N");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--shard", "1/2x", NULL}, "--shard takes I/N");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--shard", "+1/2", NULL}, "--shard takes I/N");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--shard", NULL}, "--shard needs a value");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--name-from", "{id}*", NULL}, "side by side");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--name-from", "x.cu", NULL}, "has no {id}");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--similar", NULL}, "give --csv F too");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--similar", "--csv", "t.csv", "--shard", "1/2", NULL},
                 "run --similar without --shard");
    expect_usage((const char *[]){"batch", "14", "p.cu", "--similar", "--csv", "dir.csv", NULL},
                 "--similar dir-similar.csv: is a folder");
    expect_usage((const char *[]){"merge", "only.csv", NULL}, "usage: cudalab merge OUT.csv TABLE.csv");
    expect_usage((const char *[]){"merge", "--frob", "a.csv", "b.csv", NULL}, "unknown option '--frob'");
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
    /* submission, student, passed, points, max_points (day 14: 10), error */
    assert_non_null(strstr(csv, "\nclass/dir.cu,,,,10,\"a folder, not a file\","));
    assert_non_null(strstr(csv, "\nclass/missing.cu,,,,10,no such file,"));
    assert_non_null(strstr(csv, "\nclass/ann.cu,,yes,10,10,,,pass,pass,"));
    assert_non_null(strstr(csv, "\nclass/bob.cu,,no,9,10,,,pass,fail,"));
    free(csv);
    /* Only the four regular files reached the grader; the log has the three that answered. */
    char *log = slurp("grades.log");
    assert_int_equal(count_lines(log), 3);
    free(log);
    outcome_free(&o);
}

/* Paths that map to one name get names of their own; --regrade keeps an
 * earlier report as a backup only when the grade changed. */
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
        /* The summary is in the order given: the first a/b-c.cu keeps the
         * name, the second is -2. */
        char *first = cl_sprintf("\na-b-c-%.8s ", hex), *second = cl_sprintf("\na-b-c-%.8s-2 ", hex);
        const char *p1 = strstr(o.out, first), *p2 = strstr(o.out, second);
        if (!p1 || !p2 || p1 > p2) fail_msg("expected%s before%s in:\n%s", first, second, o.out);
        free(first);
        free(second);
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
    /* Runs two and three graded every file again and got the same grades
     * (only "seconds", the time a grade took, differs): no report was kept
     * as a backup; the table came out the same, so it was left alone. */
    assert_int_equal(count_files("out", ".bak"), 0);
    assert_int_equal(count_files(".", ".bak"), 0);
    /* 3 runs x 5 grades: under --regrade nothing is kept from before. */
    char *log = slurp("grades.log");
    assert_int_equal(count_lines(log), 15);
    free(log);
    /* A file that changed changes its report: that one is kept first. */
    put("a-b/c.cu", "pass\n");
    outcome o = run_argv(false, args);
    outcome_free(&o);
    assert_int_equal(count_files("out", ".bak"), 1);
    assert_int_equal(count_files(".", ".bak"), 1); /* its row changed the table */
    free(sneaky); /* args holds it until the last run */
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
    assert_non_null(strstr(csv, "\n\"stu\\x0adent\\xff\\xfe \"\"q\"\",x.cu\",,yes,10,10,,,pass,pass,"));
    assert_non_null(strstr(csv, "\ngone\\x0a\\xc3(.cu,,,,10,no such file,"));
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
    assert_non_null(strstr(csv, ",yes,10,10,,,pass,pass,n/a,pass,pass,pass,pass,,2,2,2,2,2,"));
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


/* A rerun that names the same files another way (absolute paths where the
 * first run had relative ones) keeps their reports: the provenance's
 * canonical path matches where the path as given does not; another file of
 * the same bytes, under the same report name, is graded. */
static void test_rerun_names_files_another_way(void **state)
{
    (void)state;
    put("sub/s0.cu", "pass\n");
    put("sub/s1.cu", "fail\n");
    put("alt/sub/s0.cu", "pass\n");
    const char *rel[] = {"batch", "14", "sub/s0.cu", "sub/s1.cu", "--out", "out", NULL};
    outcome o = run_argv(false, rel);
    assert_non_null(strstr(o.out, "0 kept from an earlier run"));
    outcome_free(&o);
    char *a0 = at("sub/s0.cu"), *a1 = at("sub/s1.cu"), *other = at("alt/sub/s0.cu");
    const char *absolute[] = {"batch", "14", a0, a1, "--out", "out", NULL};
    o = run_argv(false, absolute);
    if (!strstr(o.out, "2 kept from an earlier run")) fail_msg("absolute paths:\n%s", o.out);
    outcome_free(&o);
    cJSON *r = json_at("out/sub-s0.json");
    const cJSON *real = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(r, "batch"), "real");
    assert_true(cJSON_IsString(real));
    assert_string_equal(real->valuestring, a0);
    cJSON_Delete(r);
    const char *moved[] = {"batch", "14", other, a1, "--out", "out", NULL};
    o = run_argv(false, moved);
    if (!strstr(o.out, "1 kept from an earlier run")) fail_msg("another file of the same bytes:\n%s", o.out);
    outcome_free(&o);
    free(a0), free(a1), free(other);
}

/* Append text to work/rel. */
static void append(const char *rel, const char *text)
{
    char *old = slurp(rel), *both = cl_sprintf("%s%s", old, text);
    put(rel, both);
    free(old);
    free(both);
}

/* A rerun with out/ grades again whatever changed under the grades: the
 * day's folder (its manifest, a check script, a copy kernel), its reference,
 * its template folder (the day's headers), the cudalab that graded. */
static void test_rerun_needs_the_same_course_and_version(void **state)
{
    (void)state;
    static const char *const copy[] = {"days/day14-syncthreads", "solutions/day14-syncthreads",
                                       "templates/day14-syncthreads"};
    for (size_t i = 0; i < sizeof copy / sizeof *copy; i++) {
        char *from = cl_sprintf("%s/../%s", CUDALAB_TEST_DIR, copy[i]), *to = at(copy[i]);
        char *parent = cl_strdup(to);
        *strrchr(parent, '/') = '\0';
        assert_int_equal(cl_mkdirs(parent, NULL), CL_OK);
        free(parent);
        const char *argv[] = {"cp", "-R", "-T", from, to, NULL};
        cl_proc_spec spec = {.argv = argv};
        cl_proc_result res = {0};
        assert_int_equal(cl_proc_run(&spec, &res, NULL), CL_OK);
        assert_int_equal(res.exit_code, 0);
        cl_proc_result_free(&res);
        free(from);
        free(to);
    }
    char *course = at("");
    const char *was = getenv("CUDALAB_COURSE");
    char *saved = was ? cl_strdup(was) : NULL;
    setenv("CUDALAB_COURSE", course, 1);
    put("s0.cu", "pass\n");
    put("s1.cu", "fail\n");
    put("s2.cu", "pass\n");
    const char *args[] = {"batch", "14", "s0.cu", "s1.cu", "s2.cu", "--out", "out", NULL};
    static const struct { const char *change, *text; } changes[] = {
        {"days/day14-syncthreads/day.yaml", "# a comment\n"},
        {"days/day14-syncthreads/check.lua", "-- a new check script\n"},
        {"solutions/day14-syncthreads/syncthreads.cu", "// the reference, edited\n"},
        {"templates/day14-syncthreads/syncthreads.cu", "// the template, edited\n"},
    };
    outcome o = run_argv(false, args);
    assert_int_equal(o.rc, 1);
    assert_non_null(strstr(o.out, "0 kept from an earlier run"));
    for (size_t i = 0; i < sizeof changes / sizeof *changes; i++) {
        outcome_free(&o);
        o = run_argv(false, args);
        if (!strstr(o.out, "3 kept from an earlier run")) fail_msg("before %s:\n%s", changes[i].change, o.out);
        outcome_free(&o);
        append(changes[i].change, changes[i].text);
        o = run_argv(false, args);
        if (!strstr(o.out, "0 kept from an earlier run")) fail_msg("after %s:\n%s", changes[i].change, o.out);
    }
    outcome_free(&o);
    /* A report another cudalab made is graded again; the others are kept. */
    char *text = slurp("out/s0.json"), *v = strstr(text, "\"cudalab\"");
    assert_non_null(v);
    char *edited = cl_sprintf("%.*s\"cudalab\": \"0.0.0-other\",\"was\"%s", (int)(v - text), text, v + 9);
    put("out/s0.json", edited);
    o = run_argv(false, args);
    assert_non_null(strstr(o.out, "2 kept from an earlier run"));
    outcome_free(&o);
    free(text);
    free(edited);
    if (saved) setenv("CUDALAB_COURSE", saved, 1);
    else unsetenv("CUDALAB_COURSE");
    free(saved);
    free(course);
}

/* Copies of the first n lines of text, each without its newline. */
static int split_lines(const char *text, char ***out)
{
    int n = count_lines(text), k = 0;
    char **v = cl_calloc((size_t)n + 1, sizeof *v);
    for (const char *p = text; p && *p && k < n; k++) {
        size_t len = strcspn(p, "\n");
        v[k] = cl_strndup(p, len);
        p += len + (p[len] == '\n');
    }
    *out = v;
    return k;
}

static void free_lines(char **v, int n)
{
    for (int i = 0; i < n; i++) free(v[i]);
    free(v);
}

/* With --jobs 4, grades run one at a time until one has compiled (the
 * reference is then built and its outputs cached), then 4 at a time: the
 * file that does not compile and the first that does each end before the
 * next starts; the other three overlap. A class that does not compile runs
 * alone for 3 grades only. */
static void test_first_grades_warm_the_cache_alone(void **state)
{
    (void)state;
    put("n0.cu", "nocompile\n");
    for (int i = 1; i <= 4; i++) {
        char name[16];
        snprintf(name, sizeof name, "p%d.cu", i);
        put(name, "sleep 0.5\n");
    }
    char *trace = at("trace.log");
    setenv("FAKE_GRADE_TRACE", trace, 1);
    const char *args[] = {"batch", "14", "n0.cu", "p1.cu", "p2.cu", "p3.cu", "p4.cu", "--jobs", "4", NULL};
    outcome o = run_argv(false, args);
    unsetenv("FAKE_GRADE_TRACE");
    assert_int_equal(o.rc, 1);
    outcome_free(&o);
    char *log = slurp("trace.log"), **lines;
    int n = split_lines(log, &lines);
    assert_int_equal(n, 10);
    assert_string_equal(lines[0], "start n0.cu");
    assert_string_equal(lines[1], "end n0.cu");
    assert_string_equal(lines[2], "start p1.cu");
    assert_string_equal(lines[3], "end p1.cu");
    /* p2..p4 together: all three start before any of them ends. */
    for (int k = 4; k < 7; k++) assert_non_null(strstr(lines[k], "start p"));
    free_lines(lines, n);
    free(log);

    /* Five files that do not compile: n1, n2, n3 alone, then n4 and n5 together. */
    for (int i = 1; i <= 5; i++) {
        char name[16];
        snprintf(name, sizeof name, "n%d.cu", i);
        put(name, "nocompile 0.5\n");
    }
    unlink(trace);
    setenv("FAKE_GRADE_TRACE", trace, 1);
    const char *broken[] = {"batch", "14", "n1.cu", "n2.cu", "n3.cu", "n4.cu", "n5.cu", "--jobs", "4", NULL};
    o = run_argv(false, broken);
    unsetenv("FAKE_GRADE_TRACE");
    assert_int_equal(o.rc, 1);
    outcome_free(&o);
    log = slurp("trace.log");
    n = split_lines(log, &lines);
    assert_int_equal(n, 10);
    for (int k = 0; k < 6; k++) {
        char want[16];
        snprintf(want, sizeof want, "%s n%d.cu", k % 2 ? "end" : "start", k / 2 + 1);
        assert_string_equal(lines[k], want);
    }
    assert_non_null(strstr(lines[6], "start n")); /* then n4 and n5 together */
    assert_non_null(strstr(lines[7], "start n"));
    free_lines(lines, n);
    free(log);
    free(trace);
}

/* Start cudalab with args (argv[0] included) in work/ with the fake grader,
 * stdout and stderr as given (-1: inherited); the caller waits. */
static pid_t spawn_batch(const char *const *args, int out_fd, int err_fd)
{
    char *log = at("grades.log"), *ws = at("ws"), *cache = at("cache");
    setenv("CUDALAB_BATCH_GRADER", FAKE, 1);
    setenv("FAKE_GRADE_LOG", log, 1);
    setenv("CUDALAB_WORKSPACE", ws, 1);
    setenv("CUDALAB_CACHE", cache, 1);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    if (out_fd >= 0) posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
    if (err_fd >= 0) posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
    assert_int_equal(chdir(work), 0);
    pid_t pid;
    assert_int_equal(posix_spawn(&pid, CUDALAB_BINARY, &fa, NULL, (char **)args, environ), 0);
    assert_int_equal(chdir("/"), 0);
    posix_spawn_file_actions_destroy(&fa);
    unsetenv("CUDALAB_BATCH_GRADER");
    unsetenv("FAKE_GRADE_LOG");
    unsetenv("CUDALAB_CACHE");
    free(log);
    free(ws);
    free(cache);
    return pid;
}

#define CLASS 40
#define MISSING 17

/* A class of 40, one of them missing, killed with kill -9 midway and run
 * again: 40 rows; every report the killed run left is whole and is kept byte
 * for byte; the rerun grades exactly the others, each once, so no
 * submission whose grade was saved is graded twice. */
static void test_class_of_40_killed_and_resumed(void **state)
{
    (void)state;
    const char *args[CLASS + 16] = {CUDALAB_BINARY, "batch", "14"};
    char names[CLASS][24], reports[CLASS][32];
    for (int i = 0; i < CLASS; i++) {
        snprintf(names[i], sizeof names[i], "c/s%02d/x.cu", i);
        snprintf(reports[i], sizeof reports[i], "out/s%02d-x.json", i);
        if (i != MISSING) put(names[i], i % 5 == 0 ? "fail\n" : "sleep 0.15\n");
        args[3 + i] = names[i];
    }
    const char *tail[] = {"--out", "out", "--csv", "t.csv", "--jobs", "4", "--name-from", "{id}/*", NULL};
    memcpy(&args[3 + CLASS], tail, sizeof tail);
    pid_t pid = spawn_batch(args, -1, -1);
    for (int waited = 0; count_files("out", ".json") < 12 && waited < 6000; waited += 5) usleep(5000);
    kill(pid, SIGKILL);
    int status;
    waitpid(pid, &status, 0);
    assert_true(WIFSIGNALED(status));
    usleep(500000); /* the grades it was running end; their answers are lost */
    assert_int_equal(size_of("t.csv"), -1); /* the table comes at the end */
    char *before[CLASS] = {0};
    int saved = 0;
    for (int i = 0; i < CLASS; i++) {
        before[i] = slurp(reports[i]);
        if (before[i]) cJSON_Delete(json_at(reports[i])); /* whole */
        if (before[i] && i != MISSING) saved++;
    }
    if (saved < 8 || saved > 36) fail_msg("the kill came at %d reports, not midway", saved);
    char *log = slurp("grades.log");
    size_t logged = log ? strlen(log) : 0;
    free(log);
    outcome o = run_argv(false, &args[1]);
    assert_int_equal(o.rc, 1);
    assert_non_null(strstr(o.out, "40 submissions: 31 passed, 8 not passed, 1 could not be graded"));
    char kept[64];
    snprintf(kept, sizeof kept, "%d kept from an earlier run", saved);
    if (!strstr(o.out, kept)) fail_msg("expected '%s' in:\n%s", kept, o.out);
    /* The rerun's grades: the 39 - saved others, each once. */
    log = slurp("grades.log");
    char **graded;
    int n = split_lines(log + logged, &graded);
    assert_int_equal(n, CLASS - 1 - saved);
    for (int k = 0; k < n; k++) {
        int i = -1;
        sscanf(graded[k], "c/s%d/x.cu", &i);
        assert_true(i >= 0 && i < CLASS && i != MISSING);
        if (before[i]) fail_msg("%s was graded again, though its report was saved", graded[k]);
        for (int j = 0; j < k; j++) assert_string_not_equal(graded[j], graded[k]);
    }
    free_lines(graded, n);
    free(log);
    for (int i = 0; i < CLASS; i++) {
        char *after = slurp(reports[i]);
        assert_non_null(after);
        if (before[i]) assert_string_equal(after, before[i]);
        free(after);
        free(before[i]);
    }
    char *csv = slurp("t.csv");
    assert_int_equal(count_lines(csv), CLASS + 1);
    assert_non_null(strstr(csv, "\nc/s17/x.cu,s17,,,10,no such file,"));
    assert_non_null(strstr(csv, "\nc/s05/x.cu,s05,no,9,10,"));
    assert_non_null(strstr(csv, "\nc/s39/x.cu,s39,yes,10,10,"));
    assert_null(strstr(strstr(csv, "no such file") + 1, "no such file"));
    free(csv);
    outcome_free(&o);
}

/* A class graded in two shards and in three, each merged, is the very CSV
 * of one run, whatever order the paths were given in; merge refuses what
 * would count rows twice or mix days. */
static void test_shards_merge_to_one_run(void **state)
{
    (void)state;
    const char *files[] = {"k/zoe.cu", "k/amy.cu", "k/bea.cu", "k/cal.cu", "k/dev.cu", "k/eli.cu",
                           "k/fay.cu", "k/gus.cu", "k/hal.cu", "k/ivy.cu", "k/jon.cu"};
    const char *says[] = {"pass\n", "fail\n", "points\n", "crash\n", "pass\n", "pass\n",
                          "fail\n", "pass\n", "pass\n", "pass\n", "pass\n"};
    for (int i = 0; i < 11; i++) put(files[i], says[i]);
    char *p = at("k/dir.cu");
    mkdir(p, 0755);
    free(p);
    /* 11 files, a folder, a missing one, and zoe twice. */
    const char *one[32] = {"batch", "14", "k/zoe.cu", "k/amy.cu", "k/bea.cu", "k/cal.cu", "k/dev.cu",
                           "k/eli.cu", "k/fay.cu", "k/gus.cu", "k/hal.cu", "k/ivy.cu", "k/jon.cu",
                           "k/dir.cu", "k/gone.cu", "k/zoe.cu", "--name-from", "k/{id}.cu",
                           "--out", "one", "--csv", "one.csv", NULL};
    outcome o = run_argv(false, one);
    assert_int_equal(o.rc, 1);
    outcome_free(&o);
    char *single = slurp("one.csv");
    assert_int_equal(count_lines(single), 15);
    /* rows sorted by path: amy first, zoe (twice) last */
    assert_non_null(strstr(single, "\nk/amy.cu,amy,no,9,10,"));
    assert_non_null(strstr(single, "\nk/bea.cu,bea,yes,11,12,"));
    assert_non_null(strstr(single, "\nk/zoe.cu,zoe,yes,10,10,,,pass,pass,n/a,pass,pass,pass,pass,,2,2,2,2,2,0,1000,10,1024,0,4096,,,0,1000,10,1024,0,2048,,\n"
                                   "k/zoe.cu,zoe,yes,10,10,"));
    assert_true(strstr(single, "\nk/amy.cu") < strstr(single, "\nk/bea.cu"));
    /* Two shards, the paths reversed; three shards, the paths as first. */
    const char *two[32];
    int n = 0;
    for (int i = 15; i >= 2; i--) two[n++] = one[i];
    for (int shards = 2; shards <= 3; shards++) {
        const char *margv[8] = {"merge", shards == 2 ? "two.csv" : "three.csv"};
        char tables[3][32], shard[3][8], outdir[16];
        snprintf(outdir, sizeof outdir, "out%d", shards);
        for (int s = 0; s < shards; s++) {
            const char *args[40] = {"batch", "14"};
            int k = 2;
            for (int i = 0; i < 14; i++) args[k++] = shards == 2 ? two[i] : one[2 + i];
            snprintf(tables[s], sizeof tables[s], "shard-%d-of-%d.csv", s + 1, shards);
            snprintf(shard[s], sizeof shard[s], "%d/%d", s + 1, shards);
            const char *rest[] = {"--name-from", "k/{id}.cu", "--out", outdir, "--csv", tables[s], "--shard", shard[s], NULL};
            memcpy(&args[k], rest, sizeof rest);
            o = run_argv(false, args);
            assert_true(o.rc == 0 || o.rc == 1);
            outcome_free(&o);
            margv[2 + s] = tables[s];
        }
        margv[2 + shards] = NULL;
        o = run_argv(false, margv);
        assert_int_equal(o.rc, 0);
        assert_non_null(strstr(o.out, ": 14 rows from"));
        outcome_free(&o);
        char *merged = slurp(margv[1]);
        assert_non_null(merged);
        if (strcmp(merged, single)) fail_msg("%d shards merged:\n%s\nis not one run's:\n%s", shards, merged, single);
        free(merged);
    }
    /* The 12 gradable paths (zoe twice) went to the grader once a run: one
     * run, then two shards, then three; the log has the 11 that answered
     * (cal's grader gives up before it logs). */
    char *log = slurp("grades.log");
    assert_int_equal(count_lines(log), 3 * 11);
    free(log);
    free(single);
    /* What merge refuses: the output again, a table twice, another day's
     * table, a file that is no table, a table that is not there. */
    const char *d23[] = {"batch", "23", "k/amy.cu", "--csv", "d23.csv", NULL};
    o = run_argv(false, d23);
    outcome_free(&o);
    put("notes.csv", "name,grade\nx,1\n");
    expect_usage((const char *[]){"merge", "two.csv", "two.csv", "shard-1-of-2.csv", NULL}, "is the output itself");
    expect_usage((const char *[]){"merge", "m.csv", "shard-1-of-2.csv", "shard-1-of-2.csv", NULL}, "is named twice");
    expect_usage((const char *[]){"merge", "m.csv", "shard-1-of-2.csv", "d23.csv", NULL}, "has other columns");
    expect_usage((const char *[]){"merge", "m.csv", "shard-1-of-2.csv", "notes.csv", NULL}, "is not a table");
    expect_usage((const char *[]){"merge", "m.csv", "shard-1-of-2.csv", "nowhere.csv", NULL}, "nothing was written");
    assert_int_equal(size_of("m.csv"), -1);
}

/* --name-from: the pattern language on its own, then in a batch's CSV. */
static void test_name_from(void **state)
{
    (void)state;
    static const struct {
        const char *pattern, *path, *id;
    } cases[] = {
        {"{id}/*", "submissions/alice/shuffles.cu", "alice"},
        {"{id}/*", "./alice//shuffles.cu", "alice"},
        {"{id}/*", "shuffles.cu", NULL}, /* no folder to take it from */
        {"{id}/shuffles.cu", "submissions/alice/shuffles.cu", "alice"},
        {"{id}/shuffles.cu", "submissions/alice/other.cu", NULL},
        {"{id}.cu", "class/bob.cu", "bob"},
        {"{id}.cu", "class/bob.v2.cu", "bob.v2"},
        {"{id}.cu", "class/bob.cuh", NULL},
        {"{id}_*.cu", "dl/smith_john_12345_shuffles.cu", "smith"}, /* as few as let the rest match */
        {"*_{id}_*.cu", "dl/late_12345_shuffles.cu", "12345"},
        {"hw-{id}.cu", "hw-.cu", NULL}, /* {id} takes one character at least */
        {"{id}/src/*.cu", "repo/carol/src/main.cu", "carol"},
        {"{id}/src/*.cu", "repo/carol/main.cu", NULL},
        {"s*/{id}", "sec1/dan", "dan"},
        {"{id}", "x/a,b\"c\n.cu", "a,b\"c\\x0a.cu"}, /* made printable */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        assert_int_equal(batch_pattern_check(cases[i].pattern), 0);
        char *id = batch_pattern_id(cases[i].pattern, cases[i].path);
        if (cases[i].id ? !id || strcmp(id, cases[i].id) : id != NULL)
            fail_msg("'%s' on '%s' gave '%s', expected '%s'", cases[i].pattern, cases[i].path, id ? id : "(none)",
                     cases[i].id ? cases[i].id : "(none)");
        free(id);
    }
    static const char *const bad[] = {"", "/{id}", "a//{id}", "{id}/", "{id}/{id}", "**/{id}", "*{id}", "{id}*",
                                      "{name}/*", "plain.cu", "{id}}"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) assert_int_equal(batch_pattern_check(bad[i]), 2);
    /* A long part is matched in time (the table is len x pattern). */
    char *longname = cl_calloc(4001, 1);
    memset(longname, 'a', 4000);
    char *id = batch_pattern_id("*a*a*a*{id}b", longname);
    assert_null(id);
    free(longname);
    /* In a batch: the student column, and one line for the path it missed. */
    put("sub/ann/x.cu", "pass\n");
    put("sub/b,\"o\"b/x.cu", "fail\n");
    put("loose.cu", "pass\n");
    outcome o = run_argv(false, (const char *[]){"batch", "14", "sub/ann/x.cu", "sub/b,\"o\"b/x.cu", "loose.cu",
                                                  "--name-from", "sub/{id}/x.cu", "--csv", "t.csv", NULL});
    assert_int_equal(o.rc, 1);
    assert_non_null(strstr(o.err, "matches no id in 1 path (the first: loose.cu)"));
    assert_int_equal(count_lines(o.err), 1);
    char *csv = slurp("t.csv");
    assert_non_null(strstr(csv, "\nloose.cu,,yes,10,10,"));
    assert_non_null(strstr(csv, "\nsub/ann/x.cu,ann,yes,10,10,"));
    assert_non_null(strstr(csv, "\n\"sub/b,\"\"o\"\"b/x.cu\",\"b,\"\"o\"\"b\",no,9,10,"));
    free(csv);
    outcome_free(&o);
}

/* Everything the pty's reader has, once the writer is gone. */
static char *drain(int fd)
{
    cl_str b = {0};
    char buf[4096];
    fcntl(fd, F_SETFL, O_NONBLOCK);
    for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) cl_str_addn(&b, buf, (size_t)n);
    return cl_str_take(&b);
}

/* stderr a pipe: nothing there. stderr a terminal: one line redrawn in
 * place with the count so far, ended by a newline; stdout has the summary. */
static void test_progress_only_on_a_terminal(void **state)
{
    (void)state;
    put("a.cu", "pass\n");
    put("b.cu", "fail\n");
    outcome o = run_argv(false, (const char *[]){"batch", "14", "a.cu", "b.cu", NULL});
    assert_int_equal(o.rc, 1);
    assert_string_equal(o.err, "");
    assert_non_null(strstr(o.out, "2 submissions: 1 passed, 1 not passed"));
    outcome_free(&o);
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    assert_true(master >= 0);
    assert_int_equal(grantpt(master), 0);
    assert_int_equal(unlockpt(master), 0);
    int slave = open(ptsname(master), O_RDWR | O_NOCTTY);
    char *outpath = at("stdout.txt");
    int out = open(outpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(slave >= 0 && out >= 0);
    const char *args[] = {CUDALAB_BINARY, "batch", "14", "a.cu", "b.cu", "--jobs", "1", NULL};
    pid_t pid = spawn_batch(args, out, slave);
    int status;
    waitpid(pid, &status, 0);
    close(slave);
    close(out);
    char *seen = drain(master);
    close(master);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 1);
    if (!strstr(seen, "\r\033[K[1/2] ") || !strstr(seen, "\r\033[K[2/2] 1 passed, 1 not passed, 0 could not be graded"))
        fail_msg("no progress line on the terminal: '%s'", seen);
    assert_true(seen[strlen(seen) - 1] == '\n');
    free(seen);
    char *summary = slurp("stdout.txt");
    assert_non_null(strstr(summary, "2 submissions: 1 passed, 1 not passed"));
    assert_null(strstr(summary, "\033"));
    free(summary);
    free(outpath);
}

/* --similar on four real day-14 files: the copy with renamed variables and
 * a new layout is the top pair, far above the pairs written apart; a file
 * that could not be graded is left out. */
static void test_similar_ranks_a_renamed_copy_first(void **state)
{
    (void)state;
    static const char *const names[] = {"alice", "alice_renamed", "bob", "carol"};
    for (int i = 0; i < 4; i++) {
        char *from = cl_sprintf("%s/fixtures/similar/%s.cu", CUDALAB_TEST_DIR, names[i]), *text = NULL;
        char *to = cl_sprintf("class/%s.cu", names[i]);
        assert_int_equal(cl_read_file(from, &text, NULL, NULL), CL_OK);
        put(to, text);
        free(text);
        free(from);
        free(to);
    }
    put("class/dave.cu", "crash\n");
    outcome o = run_argv(false, (const char *[]){"batch", "14", "class/bob.cu", "class/alice_renamed.cu", "class/dave.cu",
                                                  "class/carol.cu", "class/alice.cu", "--csv", "t.csv", "--similar",
                                                  "--jobs", "2", "--name-from", "{id}.cu", NULL});
    assert_int_equal(o.rc, 1);
    if (!strstr(o.out, "similarity of 6 pairs of the 4 submissions that compiled: t-similar.csv"))
        fail_msg("%s\n%s", o.out, o.err);
    outcome_free(&o);
    char *text = slurp("t-similar.csv");
    char **rows;
    int n = split_lines(text, &rows);
    assert_int_equal(n, 7);
    assert_string_equal(rows[0], "score,mix,same_counts,a,b,a_student,b_student");
    if (strcmp(strchr(strchr(strchr(rows[1], ',') + 1, ',') + 1, ',') + 1,
               "class/alice.cu,class/alice_renamed.cu,alice,alice_renamed"))
        fail_msg("the top pair is: %s", rows[1]);
    double top = atof(rows[1]);
    assert_true(top > 0.95);
    for (int i = 2; i < n; i++)
        if (atof(rows[i]) > top / 2) fail_msg("a pair written apart scores %.3f beside the copy's %.3f: %s",
                                               atof(rows[i]), top, rows[i]);
    free_lines(rows, n);
    free(text);
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
        cmocka_unit_test_setup_teardown(test_rerun_names_files_another_way, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_class_of_40_killed_and_resumed, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_rerun_needs_the_same_course_and_version, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_first_grades_warm_the_cache_alone, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_shards_merge_to_one_run, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_name_from, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_progress_only_on_a_terminal, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_similar_ranks_a_renamed_copy_first, setup_one, teardown_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
