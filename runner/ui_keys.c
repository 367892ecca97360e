/* ui_keys.c - the one key table, and the footer, help screen and usage text
 * made from it. */
#include "ui_keys.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

#define L UI_SCREEN_LIST
#define D UI_SCREEN_DAY
#define P UI_SCREEN_PAGER
#define A UI_SCREEN_ALL
#define S UI_SCREEN_STEPPER
#define F UI_KEY_FOOTER
#define U UI_KEY_USAGE
#define FU (UI_KEY_FOOTER | UI_KEY_USAGE)
#define CTRL(c) ((c) & 0x1f)

/* {key, name, screens, command, footer label, help, shown}. The first row of a
 * command on a screen is the one the footer shows. */
const ui_key ui_keys[] = {
    {KEY_UP, "Up", S, UI_CMD_UP, "step", "the previous step", 0},
    {'k', "k", S, UI_CMD_UP, "step", "the previous step", 0},
    {KEY_DOWN, "Down", S, UI_CMD_DOWN, "step", "the next step", FU},
    {'j', "j", S, UI_CMD_DOWN, "step", "the next step", 0},
    {KEY_HOME, "Home", S, UI_CMD_TOP, "first", "the first step", 0},
    {KEY_END, "End", S, UI_CMD_BOTTOM, "last", "the last step", 0},
    {KEY_RIGHT, "Right", S, UI_CMD_LANE_RIGHT, "lane", "the next lane", FU},
    {'l', "l", S, UI_CMD_LANE_RIGHT, "lane", "the next lane", 0},
    {KEY_LEFT, "Left", S, UI_CMD_LANE_LEFT, "lane", "the previous lane", 0},
    {'h', "h", S, UI_CMD_LANE_LEFT, "lane", "the previous lane", 0},
    {'\t', "Tab", S, UI_CMD_PANE, "kernel", "the day's next kernel, at block 0, warp 0", FU},
    {KEY_UP, "Up", A, UI_CMD_UP, "up", "move up / scroll up", 0},
    {'k', "k", A, UI_CMD_UP, "up", "move up / scroll up", 0},
    {KEY_DOWN, "Down", A, UI_CMD_DOWN, "down", "move down / scroll down", 0},
    {'j', "j", A, UI_CMD_DOWN, "down", "move down / scroll down", 0},
    {KEY_PPAGE, "PgUp", A, UI_CMD_PAGE_UP, "page", "a page up", 0},
    {'b', "b", D | P, UI_CMD_PAGE_UP, "page", "a page up", 0},
    {KEY_NPAGE, "PgDn", A, UI_CMD_PAGE_DOWN, "page", "a page down", 0},
    {' ', "Space", D | P, UI_CMD_PAGE_DOWN, "page", "a page down", 0},
    {KEY_HOME, "Home", A, UI_CMD_TOP, "top", "to the top", 0},
    {KEY_END, "End", A, UI_CMD_BOTTOM, "end", "to the end", 0},
    {'G', "G", A, UI_CMD_BOTTOM, "end", "to the end", 0},
    {'\n', "Enter", L, UI_CMD_OPEN, "open", "open the day", FU},
    {KEY_ENTER, "Enter", L, UI_CMD_OPEN, "open", "open the day", 0},
    {KEY_RIGHT, "Right", L, UI_CMD_OPEN, "open", "open the day", 0},
    {'/', "/", L, UI_CMD_SEARCH, "search", "search as you type (Enter keeps it, Esc drops it)", FU},
    {'f', "f", L, UI_CMD_FILTER, "filter", "show only one status (again: the next one)", FU},
    {'g', "g", D, UI_CMD_GRADE, "grade", "grade your file now", FU},
    {'w', "w", D, UI_CMD_WATCH, "watch", "watch mode: regrade on every save", FU},
    {'e', "e", D, UI_CMD_EDIT, "edit", "open your file in $EDITOR", FU},
    {'h', "h", D, UI_CMD_HINT, "hint", "reveal the next hint", FU},
    {'d', "d", D, UI_CMD_DIFF, "diff", "your file against the template (diff -u)", FU},
    {'r', "r", D, UI_CMD_RESET, "reset", "put the template back (asks first; keeps a backup)", FU},
    {'s', "s", D, UI_CMD_STEPPER, "step", "the warp stepper: at the mask hazard in view or the first, else the first kernel", U},
    {'\t', "Tab", D, UI_CMD_PANE, "pane", "switch between the exercise and the report", FU},
    {'c', "c", D, UI_CMD_CANCEL, "cancel", "stop the grade that is running", 0},
    {'?', "?", A | S, UI_CMD_HELP, "help", "this help", FU},
    {'i', "i", A | S, UI_CMD_GLOSSARY, "glossary", "the glossary: the terms of the course and its reports", 0},
    {'q', "q", L, UI_CMD_QUIT, "quit", "quit", FU},
    {'q', "q", D | P | S, UI_CMD_BACK, "back", "back to the previous screen", FU},
    {27, "Esc", A | S, UI_CMD_BACK, "back", "back (in the list: drop the search and filter)", 0},
    {KEY_LEFT, "Left", D | P, UI_CMD_BACK, "back", "back to the previous screen", 0},
    {KEY_BACKSPACE, "Backspace", D | P, UI_CMD_BACK, "back", "back to the previous screen", 0},
    {'Q', "Q", A | S, UI_CMD_QUIT, "quit", "quit from anywhere", U},
    {CTRL('c'), "Ctrl-C", A | S, UI_CMD_QUIT, "quit", "quit from anywhere", 0},
    {0, NULL, 0, UI_CMD_NONE, NULL, NULL, 0},
};

#undef L
#undef D
#undef P
#undef A
#undef S
#undef F
#undef U
#undef FU

static const char *const command_names[] = {
#define UI_COMMAND_NAME(id, name) name,
    UI_COMMANDS(UI_COMMAND_NAME)
#undef UI_COMMAND_NAME
};

const char *ui_command_name(ui_command c)
{
    return c < UI_CMD_COUNT ? command_names[c] : "?";
}

ui_command ui_key_command(int key, unsigned screen)
{
    for (const ui_key *k = ui_keys; k->name; k++)
        if (k->key == key && (k->screens & screen)) return k->command;
    return UI_CMD_NONE;
}

/* Whether an earlier row already stands for k's command on screen (in what
 * is shown). */
static bool seen_before(const ui_key *k, unsigned screen, unsigned show)
{
    for (const ui_key *o = ui_keys; o < k; o++)
        if (o->command == k->command && (o->screens & screen) && (o->show & show)) return true;
    return false;
}

report_doc *ui_keys_footer(unsigned screen)
{
    report_doc *d = cl_calloc(1, sizeof *d);
    report_line *l = report_doc_line(d);
    for (const ui_key *k = ui_keys; k->name; k++) {
        if (!(k->screens & screen) || !(k->show & UI_KEY_FOOTER)) continue;
        if (seen_before(k, screen, UI_KEY_FOOTER)) continue;
        report_line_add(l, REPORT_STYLE_PLAIN, "%s", *l->text ? "  " : "");
        report_line_add(l, REPORT_STYLE_EMPH, "%s", k->name);
        report_line_add(l, REPORT_STYLE_PLAIN, " %s", k->label);
    }
    return d;
}

static const struct {
    unsigned screen;
    const char *title, *short_name;
} sections[] = {
    {UI_SCREEN_LIST, "The list of days", "list"},
    {UI_SCREEN_DAY, "A day", "day"},
    {UI_SCREEN_PAGER, "Help and diff views", "views"},
    {UI_SCREEN_STEPPER, "The warp stepper", "warp"},
};

/* "j, Down" - every key of rows like k (same command and help) on screen. */
static void key_names(cl_str *out, const ui_key *k, unsigned screen)
{
    for (const ui_key *o = k; o->name; o++) {
        if (o->command != k->command || !(o->screens & screen) || strcmp(o->help, k->help))
            continue;
        if (out->len && strstr(out->s, o->name)) continue; /* Enter twice */
        cl_str_addf(out, "%s%s", out->len ? ", " : "", o->name);
    }
}

static bool shown_in_help_before(const ui_key *k, unsigned screen)
{
    for (const ui_key *o = ui_keys; o < k; o++)
        if (o->command == k->command && (o->screens & screen) && !strcmp(o->help, k->help))
            return true;
    return false;
}

report_doc *ui_keys_help(void)
{
    report_doc *d = cl_calloc(1, sizeof *d);
    for (size_t s = 0; s < sizeof sections / sizeof *sections; s++) {
        unsigned screen = sections[s].screen;
        if (s) report_doc_line(d);
        report_line_add(report_doc_line(d), REPORT_STYLE_HEADING, "%s", sections[s].title);
        for (const ui_key *k = ui_keys; k->name; k++) {
            if (!(k->screens & screen) || shown_in_help_before(k, screen)) continue;
            cl_str names = {0};
            key_names(&names, k, screen);
            report_line *l = report_doc_line(d);
            report_line_add(l, REPORT_STYLE_EMPH, "  %-18s", cl_str_cstr(&names));
            report_line_add(l, REPORT_STYLE_PLAIN, " %s", k->help);
            cl_str_free(&names);
        }
    }
    return d;
}

void ui_keys_print_usage(FILE *out)
{
    fputs("\nKeys in the runner (press ? there for all of them):\n", out);
    for (size_t s = 0; s < sizeof sections / sizeof *sections; s++) {
        unsigned screen = sections[s].screen;
        cl_str line = {0};
        cl_str_addf(&line, "  %-6s", sections[s].short_name);
        int col = (int)line.len, items = 0;
        for (const ui_key *k = ui_keys; k->name; k++) {
            if (!(k->screens & screen) || !(k->show & UI_KEY_USAGE)) continue;
            if (seen_before(k, screen, UI_KEY_USAGE)) continue;
            char item[96];
            int n = snprintf(item, sizeof item, "%s%s %s", items ? ", " : "", k->name, k->label);
            if (col + n > 78) {
                cl_str_addf(&line, ",\n%8s", "");
                col = 8;
                n = snprintf(item, sizeof item, "%s %s", k->name, k->label);
            }
            cl_str_add(&line, item);
            col += n;
            items++;
        }
        if (items) fprintf(out, "%s\n", cl_str_cstr(&line));
        cl_str_free(&line);
    }
}
