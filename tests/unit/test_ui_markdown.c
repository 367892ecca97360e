/* test_ui_markdown.c - the README renderer: wrapping, headings, lists, code,
 * tables, quotes and inline styles, in UTF-8 and in ASCII. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"
#include "ui_markdown.h"

/* The style of the first span that covers text in line l (PLAIN when none). */
static report_style style_at(const report_line *l, const char *text)
{
    const char *at = strstr(l->text, text);
    assert_non_null(at);
    int off = (int)(at - l->text);
    for (int i = 0; i < l->nspans; i++)
        if (off >= l->spans[i].start && off < l->spans[i].start + l->spans[i].len)
            return l->spans[i].style;
    return REPORT_STYLE_PLAIN;
}

static int find(const report_doc *d, const char *text)
{
    for (int i = 0; i < d->nlines; i++)
        if (strstr(d->lines[i].text, text)) return i;
    fail_msg("no line holds '%s'", text);
    return -1;
}

static void test_wrap(void **state)
{
    (void)state;
    const char *text = "Each row of a `rows × stride` matrix has `live` live columns. Write a "
                       "kernel that divides every live element by the sum of its row, with one "
                       "warp a row.\nThis line joins the paragraph.";
    report_doc *d = ui_markdown_render(text, 40, true);
    assert_true(d->nlines >= 4);
    for (int i = 0; i < d->nlines; i++)
        assert_true(ui_text_width(d->lines[i].text, (int)strlen(d->lines[i].text)) <= 40);
    assert_string_equal(d->lines[0].text, "Each row of a rows × stride matrix has");
    assert_int_equal(style_at(&d->lines[0], "rows"), REPORT_STYLE_CODE);
    assert_int_equal(style_at(&d->lines[0], "matrix"), REPORT_STYLE_PLAIN);
    cl_str all = {0};
    for (int i = 0; i < d->nlines; i++) cl_str_addf(&all, "%s ", d->lines[i].text);
    assert_non_null(strstr(all.s, "of its row, with one warp a row. This line joins the paragraph."));
    cl_str_free(&all);
    report_doc_free(d);
}

static void test_headings_and_rules(void **state)
{
    (void)state;
    report_doc *d = ui_markdown_render("# Day 23\n\ntext\n\n## What to write\n\n### Small\n\n---\n",
                                       60, true);
    int h1 = find(d, "Day 23");
    assert_string_equal(d->lines[h1].text, "Day 23");
    assert_int_equal(style_at(&d->lines[h1], "Day"), REPORT_STYLE_HEADING);
    assert_string_equal(d->lines[h1 + 1].text, "══════");
    int h2 = find(d, "What to write");
    assert_string_equal(d->lines[h2 + 1].text, "─────────────");
    assert_string_equal(d->lines[h2 - 1].text, ""); /* a blank line before a heading */
    int h3 = find(d, "Small");
    assert_int_equal(style_at(&d->lines[h3], "Small"), REPORT_STYLE_HEADING);
    assert_string_equal(d->lines[h3 + 1].text, "");
    assert_non_null(strstr(d->lines[d->nlines - 1].text, "──────"));
    report_doc_free(d);
    d = ui_markdown_render("Title\n=====\n", 60, false);
    assert_string_equal(d->lines[0].text, "Title");
    assert_string_equal(d->lines[1].text, "=====");
    report_doc_free(d);
}

static void test_lists(void **state)
{
    (void)state;
    report_doc *d = ui_markdown_render("- lanes with `c >= live` load nothing and wait for the "
                                       "others at the shuffle\n  continued here\n"
                                       "1. first\n2. second\n", 40, true);
    assert_string_equal(d->lines[0].text, "  • lanes with c >= live load nothing");
    assert_int_equal(strncmp(d->lines[1].text, "    and wait", 12), 0); /* hanging indent */
    int c = find(d, "continued here");
    assert_int_equal(strncmp(d->lines[c].text, "    ", 4), 0);
    assert_string_equal(d->lines[find(d, "first")].text, "  1. first");
    assert_string_equal(d->lines[find(d, "second")].text, "  2. second");
    report_doc_free(d);
    d = ui_markdown_render("* item\n", 40, false);
    assert_string_equal(d->lines[0].text, "  - item");
    report_doc_free(d);
}

static void test_code(void **state)
{
    (void)state;
    const char *text = "Before:\n\n```cuda\nfor (int o = 16; o > 0; o /= 2)\n\tsum += "
                       "__shfl_down_sync(mask, sum, o); // a long line that is never wrapped "
                       "at all\n```\n\n    indented code\n";
    report_doc *d = ui_markdown_render(text, 40, true);
    int f = find(d, "for (int o");
    assert_string_equal(d->lines[f].text, "    for (int o = 16; o > 0; o /= 2)");
    assert_int_equal(style_at(&d->lines[f], "for"), REPORT_STYLE_CODE);
    assert_int_equal(strncmp(d->lines[f + 1].text, "        sum += __shfl_down_sync", 31), 0);
    assert_non_null(strstr(d->lines[f + 1].text, "never wrapped at all"));
    assert_string_equal(d->lines[find(d, "indented code")].text, "    indented code");
    for (int i = 0; i < d->nlines; i++) assert_null(strstr(d->lines[i].text, "```"));
    report_doc_free(d);
}

static void test_inline(void **state)
{
    (void)state;
    report_doc *d = ui_markdown_render("Use **one warp a row** and *leave* the padding; "
                                       "__syncthreads() and snake_case_names stay; 2 * 3 and "
                                       "a*b too; \\*not emphasis\\*; see [the guide](docs/a.md).",
                                       200, true);
    const report_line *l = &d->lines[0];
    assert_non_null(strstr(l->text, "Use one warp a row and leave the padding;"));
    assert_int_equal(style_at(l, "warp"), REPORT_STYLE_EMPH);
    assert_int_equal(style_at(l, "leave"), REPORT_STYLE_EMPH);
    assert_int_equal(style_at(l, "padding"), REPORT_STYLE_PLAIN);
    assert_non_null(strstr(l->text, "__syncthreads() and snake_case_names stay"));
    assert_non_null(strstr(l->text, "2 * 3 and a*b too"));
    assert_non_null(strstr(l->text, "*not emphasis*"));
    assert_non_null(strstr(l->text, "see the guide (docs/a.md)."));
    assert_int_equal(style_at(l, "guide"), REPORT_STYLE_EMPH);
    assert_int_equal(style_at(l, "docs/a.md"), REPORT_STYLE_DIM);
    report_doc_free(d);
}

static void test_table_and_quote(void **state)
{
    (void)state;
    report_doc *d = ui_markdown_render("| size | rows |\n|---|---|\n| course | 8205 |\n\n"
                                       "> a quote that is long enough to wrap onto a second "
                                       "line here\n", 30, true);
    assert_string_equal(d->lines[0].text, "  size   │ rows");
    assert_string_equal(d->lines[1].text, "  ────── ┼ ────");
    assert_string_equal(d->lines[2].text, "  course │ 8205");
    int q = find(d, "a quote");
    assert_int_equal(strncmp(d->lines[q].text, "  │ a quote", strlen("  │ a quote")), 0);
    assert_int_equal(strncmp(d->lines[q + 1].text, "  │ ", strlen("  │ ")), 0);
    report_doc_free(d);
    d = ui_markdown_render("| a | b |\n|---|---|\n| 1 | 2 |\n", 30, false);
    assert_string_equal(d->lines[0].text, "  a | b");
    assert_string_equal(d->lines[1].text, "  - + -");
    report_doc_free(d);
}

static void test_append_keeps_lines(void **state)
{
    (void)state;
    report_doc *d = cl_calloc(1, sizeof *d);
    report_line_add(report_doc_line(d), REPORT_STYLE_PLAIN, "before");
    ui_markdown_append(d, "after\n\n\n", 40, true);
    assert_int_equal(d->nlines, 2); /* no blank lines at the end */
    assert_string_equal(d->lines[1].text, "after");
    report_doc_free(d);
}

int main(void)
{
    setlocale(LC_ALL, "C.UTF-8");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrap),        cmocka_unit_test(test_headings_and_rules),
        cmocka_unit_test(test_lists),       cmocka_unit_test(test_code),
        cmocka_unit_test(test_inline),      cmocka_unit_test(test_table_and_quote),
        cmocka_unit_test(test_append_keeps_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
