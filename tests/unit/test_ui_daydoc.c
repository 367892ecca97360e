/* test_ui_daydoc.c - the day screen's documents: report lines too long for
 * the pane wrap at spaces, keep their styles, and hang under their column. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "ui_daydoc.h"

/* The style of the byte at offset off of line l (PLAIN when no span has it). */
static report_style style_of(const report_line *l, int off)
{
    for (int i = 0; i < l->nspans; i++)
        if (off >= l->spans[i].start && off < l->spans[i].start + l->spans[i].len)
            return l->spans[i].style;
    return REPORT_STYLE_PLAIN;
}

static report_style style_at(const report_line *l, const char *text)
{
    const char *at = strstr(l->text, text);
    assert_non_null(at);
    return style_of(l, (int)(at - l->text));
}

static void assert_fits(const report_doc *d, int width)
{
    for (int i = 0; i < d->nlines; i++)
        assert_true(ui_text_width(d->lines[i].text, (int)strlen(d->lines[i].text)) <= width);
}

static void test_short_lines_unchanged(void **state)
{
    (void)state;
    report_doc *in = cl_calloc(1, sizeof *in);
    report_line *l = report_doc_line(in);
    report_line_add(l, REPORT_STYLE_PASS, "  ✓ compile         ");
    report_doc_line(in);
    report_doc *out = ui_daydoc_wrap(in, 40);
    assert_int_equal(out->nlines, 2);
    assert_string_equal(out->lines[0].text, "  ✓ compile         ");
    assert_int_equal(out->lines[0].nspans, 1);
    assert_int_equal(out->lines[0].spans[0].style, REPORT_STYLE_PASS);
    assert_string_equal(out->lines[1].text, "");
    report_doc_free(in);
    report_doc_free(out);
}

/* A check: its detail goes on under the detail column. */
static void test_check_detail_hangs(void **state)
{
    (void)state;
    report_doc *in = cl_calloc(1, sizeof *in);
    report_line *l = report_doc_line(in);
    report_line_add(l, REPORT_STYLE_FAIL, "  ✗ mask-honesty    ");
    report_line_add(l, REPORT_STYLE_PLAIN, "4 hazards; first: lane 4 reads lane 20, which mask "
                    "0x000fffff does not name (reduceRowsBallotDown, ballot_down.cu:21)");
    report_doc *out = ui_daydoc_wrap(in, 62);
    assert_fits(out, 62);
    assert_int_equal(out->nlines, 3);
    assert_string_equal(out->lines[0].text,
                        "  ✗ mask-honesty    4 hazards; first: lane 4 reads lane 20,");
    assert_string_equal(out->lines[1].text,
                        "                    which mask 0x000fffff does not name");
    assert_string_equal(out->lines[2].text,
                        "                    (reduceRowsBallotDown, ballot_down.cu:21)");
    assert_int_equal(style_at(&out->lines[0], "✗"), REPORT_STYLE_FAIL);
    assert_int_equal(style_at(&out->lines[0], "4 hazards"), REPORT_STYLE_PLAIN);
    assert_int_equal(style_at(&out->lines[1], "which"), REPORT_STYLE_PLAIN);
    report_doc_free(in);
    report_doc_free(out);
}

/* A line of several spans that starts with its own text: two further in;
 * every piece keeps its style across the break. */
static void test_plain_line_hangs_two_in(void **state)
{
    (void)state;
    report_doc *in = cl_calloc(1, sizeof *in);
    report_line *l = report_doc_line(in);
    report_line_add(l, REPORT_STYLE_DIM, "    first in block (0,0,0), warp 0, lane 4");
    report_line_add(l, REPORT_STYLE_DIM, ", source lane 20");
    report_line_add(l, REPORT_STYLE_EMPH, ", mask 0x000fffff");
    report_line_add(l, REPORT_STYLE_DIM, "; in 8205 warps at rows=8205 live=20 stride=32");
    report_doc *out = ui_daydoc_wrap(in, 77);
    assert_fits(out, 77);
    assert_int_equal(out->nlines, 2);
    assert_string_equal(out->lines[0].text, "    first in block (0,0,0), warp 0, lane 4, source "
                                            "lane 20, mask 0x000fffff;");
    assert_string_equal(out->lines[1].text, "      in 8205 warps at rows=8205 live=20 stride=32");
    assert_int_equal(style_at(&out->lines[0], "0x000fffff"), REPORT_STYLE_EMPH);
    assert_int_equal(style_at(&out->lines[0], ";"), REPORT_STYLE_DIM);
    assert_int_equal(style_at(&out->lines[1], "in 8205"), REPORT_STYLE_DIM);
    assert_int_equal(style_of(&out->lines[1], 0), REPORT_STYLE_PLAIN); /* the indent */
    report_doc_free(in);
    report_doc_free(out);
}

/* A word longer than a row is cut where it stops fitting, never inside a
 * character; nothing is lost. */
static void test_long_word(void **state)
{
    (void)state;
    report_doc *in = cl_calloc(1, sizeof *in);
    report_line_add(report_doc_line(in), REPORT_STYLE_PLAIN,
                    "/a/very/long/path/that/does/not/fit/in/one/row/shuffles.cu ✗✗✗✗✗✗");
    report_doc *out = ui_daydoc_wrap(in, 24);
    assert_fits(out, 24);
    cl_str all = {0}; /* the rows without their indents, joined */
    for (int i = 0; i < out->nlines; i++)
        cl_str_addf(&all, "%s", out->lines[i].text + strspn(out->lines[i].text, " "));
    assert_non_null(strstr(cl_str_cstr(&all), "shuffles.cu"));
    assert_non_null(strstr(cl_str_cstr(&all), "✗✗✗✗✗✗"));
    assert_string_equal(out->lines[0].text, "/a/very/long/path/that/d");
    cl_str_free(&all);
    report_doc_free(in);
    report_doc_free(out);
}

/* The report of a grade goes through the wrap at the pane's width; the
 * lines of its one hazard, wrapped ones included, say it is theirs (what s
 * reads to open the hazard in view), and no other line does. */
static void test_report_fits(void **state)
{
    (void)state;
    char *path = cl_sprintf("%s/tui/fixtures/day23-ballot.json", CUDALAB_TEST_DIR), *json = NULL;
    assert_int_equal(cl_read_file(path, &json, NULL, NULL), CL_OK);
    ui_grade_outcome o = {0};
    assert_int_equal(report_from_json(json, &o.result, NULL), CL_OK);
    assert_int_equal(o.result->nhazards, 1);
    report_doc *d = ui_daydoc_report(&o, NULL, false, 60, true);
    assert_fits(d, 60);
    int first = -1, last = -1;
    for (int i = 0; i < d->nlines; i++) {
        if (!d->lines[i].hazard) continue;
        assert_int_equal(d->lines[i].hazard, 1);
        if (first < 0) first = i;
        last = i;
    }
    assert_true(first > 0);
    assert_non_null(strstr(d->lines[first].text, "mask-honesty in reduceRowsBallotDown"));
    assert_true(last - first >= 5); /* where, what, to fix (wrapped), first in block, the lane picture */
    for (int i = first; i <= last; i++) assert_int_equal(d->lines[i].hazard, 1);
    report_doc_free(d);
    ui_grade_outcome_free(&o);
    free(json);
    free(path);
}

int main(void)
{
    setlocale(LC_ALL, "C.UTF-8");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_short_lines_unchanged),
        cmocka_unit_test(test_check_detail_hangs),
        cmocka_unit_test(test_plain_line_hangs_two_in),
        cmocka_unit_test(test_long_word),
        cmocka_unit_test(test_report_fits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
