/* test_report_safe.c - reports are text, not terminal commands: strings from a
 * submission or the compiler reach the text report, the JSON, the CSV,
 * Gradescope and error messages only in their safe form (core.h): escapes
 * shown, bytes that are not UTF-8 as U+FFFD. Also `cudalab grade` for real on
 * a file whose warnings, #pragma message, printf output and name carry ESC
 * and bytes that are not UTF-8. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "report/result.h"
#include "report/table.h"
#include "report/text.h"

#define ESC "\x1b"
#define FFFD "\xef\xbf\xbd"

static void expect_safe(const char *in, unsigned flags, const char *want)
{
    char *got = cl_text_safe(in, flags);
    if (strcmp(got, want)) fail_msg("'%s' became '%s', expected '%s'", in, got, want);
    /* Safe text stays as it is: the form is a fixed point. */
    char *again = cl_text_safe(got, flags);
    assert_string_equal(again, got);
    assert_true(cl_text_is_safe(got, strlen(got), flags));
    free(again);
    free(got);
}

static void test_controls_shown(void **state)
{
    (void)state;
    expect_safe(ESC "[32mPASSED" ESC "[0m", 0, "\\e[32mPASSED\\e[0m");
    expect_safe("a\nb\tc\rd", 0, "a\\nb\\tc\\rd");
    expect_safe("a\nb\tc\rd", CL_TEXT_KEEP_LINES, "a\nb\tc\\rd");
    expect_safe("bell\a del\x7f nul-free\x01", 0, "bell\\x07 del\\x7f nul-free\\x01");
    /* C1 controls as characters: U+009B is a CSI to many terminals. */
    expect_safe("\xc2\x9b" "31m", 0, "\\u009b31m");
    /* Text that reads differently from how it is stored. */
    expect_safe("ok \xe2\x80\xae" "DESSAP", 0, "ok \\u202eDESSAP");
    expect_safe("\xef\xbb\xbfzero\xe2\x80\x8bwidth", 0, "\\ufeffzero\\u200bwidth");
    /* What is fine stays as it is: ASCII, UTF-8 letters and marks. */
    expect_safe("plain \\e text: ✓ ✗ — é 漢 🙂", 0, "plain \\e text: ✓ ✗ — é 漢 🙂");
    expect_safe("", 0, "");
    char *none = cl_text_safe(NULL, 0);
    assert_string_equal(none, "");
    free(none);
}

static void test_invalid_utf8_replaced(void **state)
{
    (void)state;
    expect_safe("a\xff" "b", 0, "a" FFFD "b");
    expect_safe("\xc3", 0, FFFD);                       /* cut short */
    expect_safe("\xc3(", 0, FFFD "(");                  /* not a continuation */
    expect_safe("\xc0\x80", 0, FFFD FFFD);              /* overlong NUL */
    expect_safe("\xe0\x80\xaf", 0, FFFD FFFD FFFD);     /* overlong '/' */
    expect_safe("\xed\xa0\x80", 0, FFFD FFFD FFFD);     /* a surrogate */
    expect_safe("\xf4\x90\x80\x80", 0, FFFD FFFD FFFD FFFD); /* past U+10FFFF */
    expect_safe("\x9b" "31m", 0, FFFD "31m");            /* a raw C1 byte */
    expect_safe("\xf0\x9f\x99\x82", 0, "\xf0\x9f\x99\x82"); /* U+1F642 is fine */
}

/* Every kind of string a report holds, each carrying ESC, a fake check line
 * and bytes that are not UTF-8. */
#define EVIL ESC "[2J" ESC "[32m  PASSED" ESC "[0m\r\xff\xfe"

static report_result *hostile(void)
{
    report_result *r = report_new("day14-syncthreads", "sub/" EVIL ".cu", "emulator", 1);
    report_set_check(r, DAY_CHECK_COMPILE, false, "nvcc: " EVIL);
    report_set_check(r, DAY_CHECK_CORRECTNESS, false, EVIL);
    report_kernel *k = report_add_kernel(r, "k" EVIL);
    k->present = true;
    k->yours.ran = true;
    k->yours.wrong = 1;
    k->yours.total = 2;
    k->problem = cl_strdup(EVIL);
    report_size_result *s = report_add_size(k, "n=" EVIL);
    s->ran = true;
    s->wrong = 1;
    s->total = 2;
    s->outcome = cl_strdup(EVIL);
    s->note = cl_strdup(EVIL);
    report_hazard *h = report_add_hazard(r);
    h->check = DAY_CHECK_MEMORY;
    h->kernel = cl_strdup(EVIL);
    h->file = cl_strdup(EVIL);
    h->message = cl_strdup(EVIL);
    h->size = cl_strdup(EVIL);
    h->line = 3;
    h->count = 1;
    report_diag *d = report_add_diag(r);
    d->file = cl_strdup(EVIL ".cu");
    d->line = 1;
    d->severity = REPORT_WARNING;
    d->message = cl_strdup("#warning " EVIL);
    r->printf_text = cl_strdup("line one " EVIL "\n\tline two %c=\xff\n");
    r->device = cl_strdup(EVIL);
    return r;
}

/* The whole text is valid UTF-8 and holds no control character but the
 * layout a JSON printer or a document uses (newlines, tabs). */
static void expect_clean(const char *text)
{
    assert_null(strchr(text, 0x1b));
    assert_null(strchr(text, '\r'));
    assert_true(cl_text_is_safe(text, strlen(text), CL_TEXT_KEEP_LINES));
}

static void test_json_is_valid_and_clean(void **state)
{
    (void)state;
    report_result *r = hostile();
    char *json = report_to_json(r);
    expect_clean(json);
    cJSON *o = cJSON_Parse(json);
    assert_non_null(o);
    char *file = cl_strdup(cJSON_GetObjectItem(o, "file")->valuestring);
    assert_string_equal(file, "sub/\\e[2J\\e[32m  PASSED\\e[0m\\r" FFFD FFFD ".cu");
    const char *out = cJSON_GetObjectItem(o, "printf")->valuestring;
    assert_non_null(strstr(out, "\n\tline two %c=" FFFD "\n")); /* lines kept */
    cJSON *diag = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "diagnostics"), 0);
    assert_non_null(strstr(cJSON_GetObjectItem(diag, "message")->valuestring,
                           "#warning \\e[2J\\e[32m  PASSED"));
    cJSON_Delete(o);
    /* And back: what the runner reads from a grade is as safe. */
    report_result *back = NULL;
    assert_int_equal(report_from_json(json, &back, NULL), CL_OK);
    assert_string_equal(back->file, file);
    free(file);
    report_free(back);
    free(json);
    report_free(r);
}

static char *print_doc(const report_doc *doc, bool color)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    report_doc_print(doc, f, color);
    fclose(f);
    return buf;
}

static void test_text_is_clean(void **state)
{
    (void)state;
    report_result *r = hostile();
    report_text_options opt = {true, 100};
    report_doc *doc = report_render(r, &opt);
    int spans = 0;
    for (int i = 0; i < doc->nlines; i++) {
        const char *t = doc->lines[i].text;
        assert_true(cl_text_is_safe(t, strlen(t), 0));
        for (int s = 0; s < doc->lines[i].nspans; s++) {
            const report_span *sp = &doc->lines[i].spans[s];
            assert_true(sp->start + sp->len <= (int)strlen(t));
            spans++;
        }
    }
    char *plain = print_doc(doc, false);
    expect_clean(plain);
    assert_non_null(strstr(plain, "#warning \\e[2J\\e[32m  PASSED\\e[0m\\r" FFFD FFFD));
    assert_non_null(strstr(plain, "  line one \\e[2J"));
    assert_non_null(strstr(plain, "\n          line two %c=" FFFD "\n")); /* the tab as spaces */
    /* In colour, the only escapes are the report's own: one to start a
     * span's style and one to reset it. */
    char *color = print_doc(doc, true);
    int escapes = 0;
    for (const char *p = color; (p = strchr(p, 0x1b)); p++) escapes++;
    assert_int_equal(escapes, 2 * spans);
    free(color);
    free(plain);
    report_doc_free(doc);
    report_free(r);
}

static void test_gradescope_and_errors(void **state)
{
    (void)state;
    report_result *r = hostile();
    day_manifest m = {0};
    char *gs = report_to_gradescope(r, &m, NULL);
    expect_clean(gs);
    cJSON *o = cJSON_Parse(gs);
    assert_non_null(o);
    cJSON_Delete(o);
    free(gs);
    report_free(r);

    cl_error err = {0};
    cl_fail(&err, CL_IO, "x" EVIL ".cu", 2, 3, "cannot read: %s", EVIL);
    char line[64];
    cl_error_format(&err, line, sizeof line);
    expect_clean(line);
    assert_non_null(strstr(line, "x\\e[2J\\e[32m"));
    assert_true(strlen(line) < sizeof line);
}

/* ---- cudalab grade, for real ---- */

static char work[64];

static int setup(void **state)
{
    (void)state;
    strcpy(work, "/tmp/cudalab-safe-XXXXXX");
    return mkdtemp(work) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = cl_sprintf("rm -rf '%s'", work);
    int rc = system(cmd);
    free(cmd);
    return rc;
}

/* Day 14's solution, with a #warning and a #pragma message holding raw ESC
 * bytes, and a printf of ESC sequences and of the byte 0xff; saved under a
 * name with ESC in it. Returns the path (caller frees). */
static char *write_hostile(void)
{
    char *src = NULL;
    assert_int_equal(cl_read_file(CUDALAB_TEST_DIR "/../solutions/day14-syncthreads/syncthreads.cu",
                                  &src, NULL, NULL), CL_OK);
    const char *anchor = "if (t < valid) tile[t] = in[start + t];";
    char *at = strstr(src, anchor);
    assert_non_null(at);
    cl_str b = {0};
    cl_str_add(&b, "#warning " ESC "[32mPASSED" ESC "[0m\n"
                   "#pragma message(\"" ESC "[1;32mPASSED too\")\n"
                   "#include <cstdio>\n");
    cl_str_addn(&b, src, (size_t)(at - src));
    cl_str_add(&b, "if (blockIdx.x == 0 && t == 0) {\n"
                   "        printf(\"\\x1b[2J\\x1b[32mPASSED\\n\");\n"
                   "        printf(\"bad %c%c utf8\\n\", 0xff, 0xc3);\n"
                   "    }\n    ");
    cl_str_add(&b, at);
    char *path = cl_sprintf("%s/evil" ESC "[32m.cu", work);
    assert_int_equal(cl_write_file_atomic(path, b.s, b.len, NULL), CL_OK);
    cl_str_free(&b);
    free(src);
    return path;
}

/* Run cudalab grade on path (no shell sees the path: it is passed through
 * the environment and quoted by the shell's own expansion). */
static int grade(const char *path, const char *extra, cl_str *out)
{
    setenv("CUDALAB_SAFE_FILE", path, 1);
    char *cmd = cl_sprintf("CUDALAB_WORKSPACE='%s/ws' CUDALAB_CACHE='%s/cache' '%s' grade 14 "
                           "\"$CUDALAB_SAFE_FILE\" --backend emu %s 2>&1",
                           work, work, CUDALAB_BINARY, extra);
    FILE *p = popen(cmd, "r");
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) cl_str_addn(out, buf, n);
    int status = pclose(p);
    free(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_grade_hostile_file(void **state)
{
    (void)state;
    char *path = write_hostile();
    cl_str text = {0}, json = {0};
    assert_int_equal(grade(path, "", &text), 0);
    expect_clean(cl_str_cstr(&text));
    const char *t = cl_str_cstr(&text);
    if (!strstr(t, "#warning \\e[32mPASSED\\e[0m") || !strstr(t, "\"\\e[1;32mPASSED too\"") ||
        !strstr(t, "] \\e[2J\\e[32mPASSED\n") || !strstr(t, "bad " FFFD FFFD " utf8") ||
        !strstr(t, "evil\\e[32m.cu"))
        fail_msg("the report does not show the escapes:\n%s", t);

    assert_int_equal(grade(path, "--json", &json), 0);
    expect_clean(cl_str_cstr(&json));
    cJSON *o = cJSON_Parse(cl_str_cstr(&json));
    assert_non_null(o);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(o, "passed")));
    const char *out = cJSON_GetObjectItem(o, "printf")->valuestring;
    assert_non_null(strstr(out, "\\e[2J\\e[32mPASSED\n"));
    assert_non_null(strstr(out, "bad " FFFD FFFD " utf8\n"));
    cJSON *diags = cJSON_GetObjectItem(o, "diagnostics"), *d;
    int shown = 0;
    cJSON_ArrayForEach(d, diags)
    {
        const char *msg = cJSON_GetObjectItem(d, "message")->valuestring;
        shown += strstr(msg, "\\e[32mPASSED") || strstr(msg, "\\e[1;32mPASSED too");
    }
    assert_true(shown >= 2);
    cJSON_Delete(o);
    cl_str_free(&text);
    cl_str_free(&json);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_controls_shown),
        cmocka_unit_test(test_invalid_utf8_replaced),
        cmocka_unit_test(test_json_is_valid_and_clean),
        cmocka_unit_test(test_text_is_clean),
        cmocka_unit_test(test_gradescope_and_errors),
        cmocka_unit_test_setup_teardown(test_grade_hostile_file, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
