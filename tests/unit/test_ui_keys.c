/* test_ui_keys.c - the one key table: no key means two things on a screen,
 * every command has a key, the footers fit in 80 columns, and the help screen
 * and `cudalab --help` come from the same rows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <curses.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ui.h"

static const unsigned screens[] = {UI_SCREEN_LIST, UI_SCREEN_DAY, UI_SCREEN_PAGER};

static void test_no_key_twice_on_a_screen(void **state)
{
    (void)state;
    for (const ui_key *a = ui_keys; a->name; a++) {
        assert_non_null(a->label);
        assert_non_null(a->help);
        assert_true(a->screens != 0);
        for (const ui_key *b = a + 1; b->name; b++)
            if (a->key == b->key && (a->screens & b->screens))
                fail_msg("key %s is bound twice on one screen (%s and %s)", a->name,
                         ui_command_name(a->command), ui_command_name(b->command));
    }
}

static void test_every_command_has_a_key(void **state)
{
    (void)state;
    for (int c = 1; c < UI_CMD_COUNT; c++) {
        bool bound = false;
        for (const ui_key *k = ui_keys; k->name; k++) bound |= k->command == (ui_command)c;
        if (!bound) fail_msg("command %s has no key", ui_command_name((ui_command)c));
    }
}

static void test_dispatch(void **state)
{
    (void)state;
    assert_int_equal(ui_key_command('q', UI_SCREEN_LIST), UI_CMD_QUIT);
    assert_int_equal(ui_key_command('q', UI_SCREEN_DAY), UI_CMD_BACK);
    assert_int_equal(ui_key_command('g', UI_SCREEN_DAY), UI_CMD_GRADE);
    assert_int_equal(ui_key_command('g', UI_SCREEN_LIST), UI_CMD_NONE);
    assert_int_equal(ui_key_command(KEY_DOWN, UI_SCREEN_PAGER), UI_CMD_DOWN);
    assert_int_equal(ui_key_command('j', UI_SCREEN_LIST), UI_CMD_DOWN);
    assert_int_equal(ui_key_command('\n', UI_SCREEN_LIST), UI_CMD_OPEN);
    assert_int_equal(ui_key_command('\t', UI_SCREEN_DAY), UI_CMD_PANE);
    assert_int_equal(ui_key_command('Q', UI_SCREEN_DAY), UI_CMD_QUIT);
}

static void test_footers_fit(void **state)
{
    (void)state;
    for (size_t s = 0; s < sizeof screens / sizeof *screens; s++) {
        report_doc *d = ui_keys_footer(screens[s]);
        assert_int_equal(d->nlines, 1);
        const char *t = d->lines[0].text;
        assert_true(ui_text_width(t, (int)strlen(t)) <= UI_MIN_COLS - 2);
        assert_non_null(strstr(t, "? help"));
        report_doc_free(d);
    }
    report_doc *d = ui_keys_footer(UI_SCREEN_DAY);
    assert_string_equal(d->lines[0].text, "g grade  w watch  e edit  h hint  d diff  r reset  "
                                          "Tab pane  ? help  q back");
    assert_int_equal(d->lines[0].spans[0].style, REPORT_STYLE_EMPH); /* the key */
    report_doc_free(d);
}

static void test_help_lists_every_row(void **state)
{
    (void)state;
    report_doc *d = ui_keys_help();
    cl_str all = {0};
    for (int i = 0; i < d->nlines; i++) cl_str_addf(&all, "%s\n", d->lines[i].text);
    for (const ui_key *k = ui_keys; k->name; k++) {
        assert_non_null(strstr(all.s, k->help));
        assert_non_null(strstr(all.s, k->name));
    }
    assert_non_null(strstr(all.s, "The list of days\n"));
    assert_non_null(strstr(all.s, "  PgDn, Space        a page down\n"));
    cl_str_free(&all);
    report_doc_free(d);
}

static void test_usage_has_the_keys(void **state)
{
    (void)state;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cli_print_usage(f);
    fclose(f);
    assert_non_null(strstr(text, "Keys in the runner"));
    assert_non_null(strstr(text, "  list  Enter open, / search, f filter, ? help, q quit\n"));
    assert_non_null(strstr(text, "  day   g grade, w watch, e edit, h hint, d diff, r reset"));
    char *line = strstr(text, "Keys in the runner");
    while (line && *line) { /* the keys stay within 80 columns */
        size_t n = strcspn(line, "\n");
        assert_true(n <= 80);
        line += n + (line[n] ? 1 : 0);
    }
    free(text);
}

int main(void)
{
    setlocale(LC_ALL, "C.UTF-8");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_key_twice_on_a_screen),
        cmocka_unit_test(test_every_command_has_a_key),
        cmocka_unit_test(test_dispatch),
        cmocka_unit_test(test_footers_fit),
        cmocka_unit_test(test_help_lists_every_row),
        cmocka_unit_test(test_usage_has_the_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
