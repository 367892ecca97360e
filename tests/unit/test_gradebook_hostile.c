/* test_gradebook_hostile.c - the gradebook files under attack (issue 34):
 * what students name their folders and what a shard's table holds must not
 * become a formula, a row batch never wrote, a folder replaced or a batch
 * stopped. Each test is one break that held before its fix:
 *
 *  - a student folder named =HYPERLINK("x"), +cmd|calc!A0, -x or @sum is
 *    text in batch's CSV (path and student cells) and in the --similar table;
 *  - merge writes a table an older cudalab wrote with its formulas
 *    neutralised; it refuses a row batch could not have written (2 cells
 *    under the header, a quoted newline, a stray quote, a word no column
 *    holds, a carriage return, an empty line) with FILE:LINE, exit 2, nothing
 *    written; and an OUT that is a folder or a file that is no table, while
 *    a table it replaces is kept as a backup;
 *  - `pack gradescope DAY FILE` wants FILE.zip, refuses a folder or a file
 *    that is no zip, and keeps a backup of the zip it replaces;
 *  - a path that starts with '-' is a path: after --, and in a bare glob (a
 *    folder -x, a folder --csv=evil), so it neither stops nor steers a batch;
 *  - --name-from giving one id to several files says so on stderr, with the
 *    files and a pattern that tells them apart, and keeps their rows apart.
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
    if (strcmp(cl_str_cstr(&b), written))
        fail_msg("cell '%s' written as '%s', not '%s'", raw ? raw : "(null)", cl_str_cstr(&b), written);
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

/* ---- 2. merge: its output, its rows, its OUT ---- */

static void make_dir(const char *rel)
{
    char *path = at(rel);
    assert_int_equal(cl_mkdirs(path, NULL), CL_OK);
    free(path);
}

static bool exists(const char *rel)
{
    char *path = at(rel);
    struct stat sb;
    bool yes = lstat(path, &sb) == 0;
    free(path);
    return yes;
}

/* Entries of work/ whose names start with prefix and end with suffix. */
static int count_entries(const char *prefix, const char *suffix)
{
    DIR *d = opendir(work);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t len = strlen(e->d_name), sl = strlen(suffix);
        n += !strncmp(e->d_name, prefix, strlen(prefix)) && len >= sl && !strcmp(e->d_name + len - sl, suffix);
    }
    if (d) closedir(d);
    return n;
}

/* A real table of one submission, for the merge tests: its header line and
 * its row (the student's folder is "ann"). */
static void one_table(char **head, char **row)
{
    put("ann/x.cu", "pass\n");
    outcome o = run_argv((const char *[]){"batch", "14", "ann/x.cu", "--name-from", "{id}/*", "--csv", "one.csv", NULL});
    assert_int_equal(o.rc, 0);
    outcome_free(&o);
    char *text = slurp("one.csv"), *nl = strchr(text, '\n');
    assert_non_null(nl);
    *head = cl_strndup(text, (size_t)(nl - text));
    *row = cl_strndup(nl + 1, strcspn(nl + 1, "\n"));
    assert_true(!strncmp(*row, "ann/x.cu,ann,yes,", 17));
    free(text);
}

/* A shard's table as a cudalab before the fix wrote it (the formula as it
 * is): merge's output neutralises it, as one run would have written it. */
static void test_merge_output_holds_no_formula(void **state)
{
    (void)state;
    char *head, *row;
    one_table(&head, &row);
    char *old = cl_sprintf("%s\n\"=HYPERLINK(\"\"x\"\")/x.cu\",+cmd|calc!A0%s\n", head, row + strlen("ann/x.cu,ann"));
    put("old.csv", old);
    outcome o = run_argv((const char *[]){"merge", "m.csv", "old.csv", "one.csv", NULL});
    if (o.rc != 0) fail_msg("exit %d: %s", o.rc, o.err);
    outcome_free(&o);
    expect_no_formula("m.csv");
    expect_in("m.csv", "\n\"'=HYPERLINK(\"\"x\"\")/x.cu\",'+cmd|calc!A0,yes,");
    free(old);
    free(head);
    free(row);
}

static void expect_refused(const char *bad, const char *says)
{
    put("bad.csv", bad);
    outcome o = run_argv((const char *[]){"merge", "m.csv", "one.csv", "bad.csv", NULL});
    if (o.rc != 2 || !strstr(o.err, says) || !strstr(o.err, "nothing was written") || o.out[0])
        fail_msg("merge of\n%s\nexit %d, stderr '%s'; expected exit 2 and '%s'", bad, o.rc, o.err, says);
    outcome_free(&o);
    assert_false(exists("m.csv"));
}

static void test_merge_refuses_rows_batch_never_wrote(void **state)
{
    (void)state;
    char *head, *row;
    one_table(&head, &row);
    const char *rest = row + strlen("ann/x.cu,ann");
    struct {
        char *table;
        const char *says;
    } cases[] = {
        {cl_sprintf("%s\nbob/x.cu,bob\n", head), "bad.csv:2: 2 cells where the header has"},
        {cl_sprintf("%s\n%s\n\"bob\nx.cu\",bob%s\n", head, row, rest), "bad.csv:3: a quoted cell is not closed"},
        {cl_sprintf("%s\nbo\"b/x.cu,bob%s\n", head, rest), "bad.csv:2: a cell that is not quoted holds a quote"},
        {cl_sprintf("%s\n\"bob\"x,bob%s\n", head, rest), "bad.csv:2: a quoted cell goes on after"},
        {cl_sprintf("%s\n\"bob/x.cu\",bob%s\n", head, rest), "bad.csv:2: a cell is quoted that holds no comma"},
        {cl_sprintf("%s\nbob/x.cu,bob,maybe%s\n", head, strchr(rest + 1, ',')), "bad.csv:2: cell 3 holds 'maybe'"},
        {cl_sprintf("%s\nbob/x.cu,bob,yes,=1+1%s\n", head, strchr(strchr(rest + 1, ',') + 1, ',')),
         "bad.csv:2: cell 4 holds '=1+1'"},
        {cl_sprintf("%s\nbob/x.cu,bob%s,1\n", head, rest), "bad.csv:2: "},
        {cl_sprintf("%s\nbob/x.cu,bob%s\r\n", head, rest), "bad.csv:2: "},
        {cl_sprintf("%s\n%s\n\nbob/x.cu,bob%s\n", head, row, rest), "bad.csv:3: an empty line"},
        {cl_sprintf("%s\nbob/x.cu\tx,bob%s\n", head, rest), "bad.csv:2: a cell holds a control character"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        expect_refused(cases[i].table, cases[i].says);
        free(cases[i].table);
    }
    /* a header batch never wrote, alone (the fuzz target's first find) */
    char *bad_head = cl_sprintf("%s\n", head);
    memcpy(strstr(bad_head, "reverseBlocks.ms"), "=", 1);
    put("bad.csv", bad_head);
    outcome o = run_argv((const char *[]){"merge", "m.csv", "bad.csv", NULL});
    if (o.rc != 2 || !strstr(o.err, "bad.csv:1: a column's name is not one batch writes"))
        fail_msg("exit %d, stderr '%s'", o.rc, o.err);
    outcome_free(&o);
    assert_false(exists("m.csv"));
    free(bad_head);
    /* and a well-formed row passes, written again as batch writes it */
    char *good = cl_sprintf("%s\n\"b,ob/x.cu\",bob%s\n", head, rest);
    put("good.csv", good);
    o = run_argv((const char *[]){"merge", "m.csv", "one.csv", "good.csv", NULL});
    if (o.rc != 0) fail_msg("exit %d: %s", o.rc, o.err);
    outcome_free(&o);
    expect_in("m.csv", "\n\"b,ob/x.cu\",bob,yes,");
    free(good);
    free(head);
    free(row);
}

static void test_merge_out_is_a_table_or_new(void **state)
{
    (void)state;
    char *head, *row;
    one_table(&head, &row);
    free(head);
    free(row);
    make_dir("class.csv");
    put("class.csv/keep", "mine\n");
    outcome o = run_argv((const char *[]){"merge", "class.csv", "one.csv", NULL});
    if (o.rc != 2 || !strstr(o.err, "class.csv: is a folder, not a file")) fail_msg("exit %d: %s", o.rc, o.err);
    outcome_free(&o);
    expect_in("class.csv/keep", "mine");
    assert_int_equal(count_entries("class.csv.", ".bak"), 0);
    put("notes.txt", "not a table\n");
    o = run_argv((const char *[]){"merge", "notes.txt", "one.csv", NULL});
    if (o.rc != 2 || !strstr(o.err, "notes.txt exists and is not a table")) fail_msg("exit %d: %s", o.rc, o.err);
    outcome_free(&o);
    expect_in("notes.txt", "not a table");
    /* a table merge wrote before: kept as a backup, then replaced */
    o = run_argv((const char *[]){"merge", "m.csv", "one.csv", NULL});
    assert_int_equal(o.rc, 0);
    outcome_free(&o);
    put("m.csv", "submission,student,passed\nold,,\n");
    o = run_argv((const char *[]){"merge", "m.csv", "one.csv", NULL});
    assert_int_equal(o.rc, 0);
    outcome_free(&o);
    assert_int_equal(count_entries("m.csv.", ".bak"), 1);
    expect_in("m.csv", "\nann/x.cu,ann,yes,");
}

/* ---- 3. pack gradescope: a zip, and a backup ---- */

static void test_pack_gradescope_wants_a_zip(void **state)
{
    (void)state;
    put("notes.txt", "mine\n");
    outcome o = run_argv((const char *[]){"pack", "gradescope", "14", "notes.txt", NULL});
    if (o.rc != 2 || !strstr(o.err, "is a .zip")) fail_msg("exit %d: %s", o.rc, o.err);
    outcome_free(&o);
    expect_in("notes.txt", "mine");
    make_dir("dir.zip");
    o = run_argv((const char *[]){"pack", "gradescope", "14", "dir.zip", NULL});
    if (o.rc != 2 || !strstr(o.err, "is a folder, not a file")) fail_msg("exit %d: %s", o.rc, o.err);
    outcome_free(&o);
    put("text.zip", "not a zip\n");
    o = run_argv((const char *[]){"pack", "gradescope", "14", "text.zip", NULL});
    if (o.rc != 2 || !strstr(o.err, "exists and is not a zip")) fail_msg("exit %d: %s", o.rc, o.err);
    outcome_free(&o);
    expect_in("text.zip", "not a zip");
    /* a zip replaced: the first is kept */
    for (int i = 0; i < 2; i++) {
        o = run_argv((const char *[]){"pack", "gradescope", "14", "ag.zip", NULL});
        if (o.rc != 0) fail_msg("exit %d: %s", o.rc, o.err);
        outcome_free(&o);
    }
    assert_int_equal(count_entries("ag.zip.", ".bak"), 1);
    assert_true(exists("ag.zip"));
}

/* ---- 4. a path that starts with '-' ---- */

static void test_dash_paths_are_paths(void **state)
{
    (void)state;
    put("-x/x.cu", "pass\n");
    put("ann/x.cu", "pass\n");
    put("--csv=evil/x.cu", "pass\n");
    put("-y.cu", "pass\n");
    /* what `cudalab batch 14 * /x.cu` (no space) hands over in this folder */
    outcome o = run_argv((const char *[]){"batch", "14", "--csv=evil/x.cu", "-x/x.cu", "ann/x.cu", "--csv", "t.csv", NULL});
    if (o.rc != 0) fail_msg("exit %d: %s", o.rc, o.err);
    assert_non_null(strstr(o.out, "3 submissions: 3 passed"));
    assert_non_null(strstr(o.err, "'--csv=evil/x.cu' is taken as a path"));
    outcome_free(&o);
    expect_in("--csv=evil/x.cu", "pass\n"); /* not written over as the CSV */
    expect_in("t.csv", "\n'-x/x.cu,,yes,");
    expect_in("t.csv", "\n'--csv=evil/x.cu,,yes,");
    /* after --, and a path to merge */
    o = run_argv((const char *[]){"batch", "14", "--csv", "u.csv", "--", "-y.cu", NULL});
    if (o.rc != 0) fail_msg("exit %d: %s", o.rc, o.err);
    outcome_free(&o);
    o = run_argv((const char *[]){"merge", "--", "-m.csv", "u.csv", "t.csv", NULL});
    if (o.rc != 0) fail_msg("exit %d: %s", o.rc, o.err);
    outcome_free(&o);
    expect_in("-m.csv", "\n'-y.cu,,yes,");
    /* a word that names nothing is still an unknown option, with the way out */
    o = run_argv((const char *[]){"batch", "14", "-gone.cu", NULL});
    if (o.rc != 2 || !strstr(o.err, "unknown option '-gone.cu'") || !strstr(o.err, "goes after --"))
        fail_msg("exit %d: %s", o.rc, o.err);
    outcome_free(&o);
}

/* ---- 5. --name-from: one id, several files ---- */

static void test_name_from_shared_id_is_said(void **state)
{
    (void)state;
    put("class/alice/x.cu", "pass\n");
    put("class/bob/x.cu", "fail\n");
    put("class/carol/y.cu", "pass\n");
    outcome o = run_argv((const char *[]){"batch", "14", "class/alice/x.cu", "class/bob/x.cu", "class/carol/y.cu",
                                          "class/alice/x.cu", "--name-from", "{id}.cu", "--csv", "t.csv", NULL});
    assert_int_equal(o.rc, 1);
    if (!strstr(o.err, "--name-from '{id}.cu' gives 2 files the one id 'x' (class/alice/x.cu, class/bob/x.cu)") ||
        !strstr(o.err, "--name-from '{id}/*' would tell them apart"))
        fail_msg("stderr: %s", o.err);
    assert_null(strstr(o.err, "'y'")); /* one file, one id: nothing to say; alice named twice is one file */
    outcome_free(&o);
    expect_in("t.csv", "\nclass/alice/x.cu,x,yes,");
    expect_in("t.csv", "\nclass/bob/x.cu,x,no,");
    /* a shard sees the whole class's ids */
    o = run_argv((const char *[]){"batch", "14", "class/alice/x.cu", "class/bob/x.cu", "--name-from", "{id}.cu",
                                  "--shard", "1/2", NULL});
    assert_non_null(strstr(o.err, "gives 2 files the one id 'x'"));
    outcome_free(&o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cell_is_never_a_formula),
        cmocka_unit_test_setup_teardown(test_batch_csv_holds_no_formula, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_similar_table_holds_no_formula, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_merge_output_holds_no_formula, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_merge_refuses_rows_batch_never_wrote, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_merge_out_is_a_table_or_new, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_pack_gradescope_wants_a_zip, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_dash_paths_are_paths, setup_one, teardown_one),
        cmocka_unit_test_setup_teardown(test_name_from_shared_id_is_said, setup_one, teardown_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
