/* test_gradebook_hostile.c - the gradebook files under attack (issue 34):
 * what students name their folders and what a shard's table holds must not
 * become a formula, a row batch never wrote, a folder replaced or a batch
 * stopped. Each test is one break that held before its fix:
 *
 *  - a student folder named =HYPERLINK("x"), +cmd|calc!A0, -x or @sum is
 *    text in batch's CSV (path and student cells) and in the --similar table;
 *
 * The batches use tests/fixtures/batch/fake-grader.sh (as test_cli_batch.c
 * does); --similar compiles the fixtures of tests/fixtures/similar for real.
 * GRADEBOOK_CUDALAB, when set, is the cudalab run instead of the build's (to
 * see these tests fail against an older release). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch.h"
#include "core/core.h"
#include "core/proc.h"

#define FAKE CUDALAB_TEST_DIR "/fixtures/batch/fake-grader.sh"

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

/* cudalab with argv (no shell between), in work/, the fake grader. */
static outcome run_argv(const char *const *args)
{
    const char *bin = getenv("GRADEBOOK_CUDALAB");
    const char *argv[64] = {bin && *bin ? bin : CUDALAB_BINARY};
    size_t n = 1;
    while (args[n - 1]) argv[n] = args[n - 1], n++;
    argv[n] = NULL;
    char *ws = cl_sprintf("CUDALAB_WORKSPACE=%s/ws", work), *cache = cl_sprintf("CUDALAB_CACHE=%s/cache", work);
    const char *env[] = {ws, cache, "CUDALAB_BATCH_GRADER=" FAKE, NULL};
    cl_proc_spec spec = {.argv = argv, .cwd = work, .env = env, .timeout_s = 300};
    cl_proc_result res = {0};
    assert_int_equal(cl_proc_run(&spec, &res, NULL), CL_OK);
    outcome o = {res.exit_code, cl_strdup(res.out), cl_strdup(res.err)};
    cl_proc_result_free(&res);
    free(ws);
    free(cache);
    return o;
}

/* noinline: see test_cli_batch.c (gcc 12's -Wdangling-pointer at -O3). */
__attribute__((noinline)) static char *slurp(const char *rel)
{
    char *path = at(rel), *text = NULL;
    if (cl_read_file(path, &text, NULL, NULL) != CL_OK) text = NULL;
    free(path);
    return text;
}

static int setup_one(void **state)
{
    (void)state;
    strcpy(work, "/tmp/cudalab-gradebook-XXXXXX");
    return mkdtemp(work) ? 0 : -1;
}

static int teardown_one(void **state)
{
    (void)state;
    const char *argv[] = {"rm", "-rf", "--", work, NULL};
    cl_proc_spec spec = {.argv = argv};
    cl_proc_result res = {0};
    int rc = cl_proc_run(&spec, &res, NULL) == CL_OK ? res.exit_code : -1;
    cl_proc_result_free(&res);
    return rc;
}

/* ---- a reader of CSV as a spreadsheet reads it (RFC 4180) ---- */

/* Every cell of text, each a string, in *cells; returns how many. */
static int csv_cells(const char *text, char ***cells)
{
    CL_VEC(char *) v = {0};
    for (const char *p = text; *p;) {
        cl_str c = {0};
        if (*p == '"') {
            for (p++; *p && !(*p == '"' && p[1] != '"'); p++) {
                if (*p == '"') p++;
                cl_str_addc(&c, *p);
            }
            if (*p) p++;
        }
        while (*p && *p != ',' && *p != '\n') cl_str_addc(&c, *p++);
        CL_VEC_PUSH(&v, cl_str_take(&c));
        if (*p) p++;
    }
    *cells = v.v;
    return (int)v.n;
}

/* No cell of the file at rel starts as a formula does; returns the cells. */
static int expect_no_formula(const char *rel)
{
    char *text = slurp(rel), **cells = NULL;
    if (!text) fail_msg("%s was not written", rel);
    int n = csv_cells(text, &cells);
    for (int i = 0; i < n; i++) {
        if (cells[i][0] && strchr("=+-@\t\r", cells[i][0]))
            fail_msg("%s: a cell a spreadsheet takes for a formula: %s\n%s", rel, cells[i], text);
        free(cells[i]);
    }
    free(cells);
    free(text);
    return n;
}

static void expect_in(const char *rel, const char *needle)
{
    char *text = slurp(rel);
    if (!text || !strstr(text, needle)) fail_msg("%s does not hold %s:\n%s", rel, needle, text ? text : "(none)");
    free(text);
}

/* ---- 1. formulas ---- */

static void expect_cell(const char *raw, const char *written)
{
    cl_str b = {0};
    batch_csv_cell(&b, raw);
    if (strcmp(cl_str_cstr(&b), written)) fail_msg("cell '%s' written as '%s', not '%s'", raw, cl_str_cstr(&b), written);
    cl_str_free(&b);
}

/* The one cell writer every table uses. */
static void test_cell_is_never_a_formula(void **state)
{
    (void)state;
    expect_cell("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\"");
    expect_cell("+cmd|calc!A0", "'+cmd|calc!A0");
    expect_cell("-2+3", "'-2+3");
    expect_cell("@SUM(A1)", "'@SUM(A1)");
    expect_cell("=1,2", "\"'=1,2\"");
    expect_cell("\t=1", "\\t=1");  /* made safe: a tab is shown as \t, so no cell starts with one */
    expect_cell("\r=1", "\\r=1");
    expect_cell("'=1", "'=1");     /* already text: once is enough (merge writes cells again) */
    expect_cell("a=1", "a=1");
    expect_cell("x,=1", "\"x,=1\"");
    expect_cell("", "");
    expect_cell(NULL, "");
}

static const char *const hostile_dirs[] = {"=HYPERLINK(\"x\")", "+cmd|calc!A0", "-x", "@sum"};

/* A class whose folders are named as formulas: batch's CSV shows them as text. */
static void test_batch_csv_holds_no_formula(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        char *rel = cl_sprintf("%s/x.cu", hostile_dirs[i]);
        put(rel, "pass\n");
        free(rel);
    }
    outcome o = run_argv((const char *[]){"batch", "14", "--name-from", "{id}/*", "--csv", "t.csv", "--",
                                          "=HYPERLINK(\"x\")/x.cu", "+cmd|calc!A0/x.cu", "-x/x.cu", "@sum/x.cu", NULL});
    if (o.rc != 0) fail_msg("exit %d: %s", o.rc, o.err);
    outcome_free(&o);
    expect_no_formula("t.csv");
    expect_in("t.csv", "\n\"'=HYPERLINK(\"\"x\"\")/x.cu\",\"'=HYPERLINK(\"\"x\"\")\",yes,");
    expect_in("t.csv", "\n'+cmd|calc!A0/x.cu,'+cmd|calc!A0,yes,");
    expect_in("t.csv", "\n'-x/x.cu,'-x,yes,");
    expect_in("t.csv", "\n'@sum/x.cu,'@sum,yes,");
}

/* The --similar table: the same cells, the same writer. */
static void test_similar_table_holds_no_formula(void **state)
{
    (void)state;
    static const char *const names[] = {"alice", "alice_renamed"};
    for (int i = 0; i < 2; i++) {
        char *from = cl_sprintf("%s/fixtures/similar/%s.cu", CUDALAB_TEST_DIR, names[i]), *text = NULL;
        char *to = cl_sprintf("%s/alice.cu", hostile_dirs[i]);
        assert_int_equal(cl_read_file(from, &text, NULL, NULL), CL_OK);
        put(to, text);
        free(text);
        free(from);
        free(to);
    }
    outcome o = run_argv((const char *[]){"batch", "14", "--csv", "t.csv", "--similar", "--name-from", "{id}/*",
                                          "--", "=HYPERLINK(\"x\")/alice.cu", "+cmd|calc!A0/alice.cu", NULL});
    if (!strstr(o.out, "similarity of 1 pairs of the 2 submissions")) fail_msg("exit %d: %s\n%s", o.rc, o.out, o.err);
    outcome_free(&o);
    assert_int_equal(expect_no_formula("t-similar.csv"), 14);
    expect_in("t-similar.csv", ",'+cmd|calc!A0/alice.cu,\"'=HYPERLINK(\"\"x\"\")/alice.cu\",'+cmd|calc!A0,"
                               "\"'=HYPERLINK(\"\"x\"\")\"\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cell_is_never_a_formula),
        cmocka_unit_test_setup_teardown(test_batch_csv_holds_no_formula, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_similar_table_holds_no_formula, setup_one, teardown_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
