/* ui_keys.h - the runner's commands and the one key table that binds keys to
 * them. The same table makes the dispatch, the footer, the help screen and
 * the keys in `cudalab --help`, so they cannot disagree.
 *
 * Prefix: ui_. */
#ifndef CUDALAB_UI_KEYS_H
#define CUDALAB_UI_KEYS_H

#include <stdio.h>

#include "report/text.h"

/* The screens a key row applies to (bits). */
enum {
    UI_SCREEN_LIST = 1 << 0,
    UI_SCREEN_DAY = 1 << 1,
    UI_SCREEN_PAGER = 1 << 2,
    UI_SCREEN_STEPPER = 1 << 3,
    UI_SCREEN_ALL = UI_SCREEN_LIST | UI_SCREEN_DAY | UI_SCREEN_PAGER,
};

/* The commands a key can mean: X(ID, "name"). */
#define UI_COMMANDS(X)          \
    X(NONE, "none")             \
    X(UP, "up")                 \
    X(DOWN, "down")             \
    X(PAGE_UP, "page-up")       \
    X(PAGE_DOWN, "page-down")   \
    X(TOP, "top")               \
    X(BOTTOM, "bottom")         \
    X(OPEN, "open")             \
    X(FILTER, "filter")         \
    X(SEARCH, "search")         \
    X(GRADE, "grade")           \
    X(CANCEL, "cancel")         \
    X(WATCH, "watch")           \
    X(EDIT, "edit")             \
    X(HINT, "hint")             \
    X(DIFF, "diff")             \
    X(RESET, "reset")           \
    X(PANE, "pane")             \
    X(STEPPER, "stepper")       \
    X(LANE_LEFT, "lane-left")   \
    X(LANE_RIGHT, "lane-right") \
    X(HELP, "help")             \
    X(GLOSSARY, "glossary")     \
    X(BACK, "back")             \
    X(QUIT, "quit")

typedef enum ui_command {
#define UI_COMMAND_ENUM(id, name) UI_CMD_##id,
    UI_COMMANDS(UI_COMMAND_ENUM)
#undef UI_COMMAND_ENUM
    UI_CMD_COUNT
} ui_command;

const char *ui_command_name(ui_command c);

/* Where a row is shown besides the help screen (bits). */
enum {
    UI_KEY_FOOTER = 1 << 0, /* in the footer of its screens */
    UI_KEY_USAGE = 1 << 1,  /* in `cudalab --help` */
};

typedef struct ui_key {
    int key;           /* the ncurses key code */
    const char *name;  /* how people spell it: "g", "Enter", "PgDn" */
    unsigned screens;  /* UI_SCREEN_* bits */
    ui_command command;
    const char *label; /* one word, for the footer */
    const char *help;  /* one line, for the help screen */
    unsigned show;     /* UI_KEY_* bits */
} ui_key;

/* The table, terminated by a row whose name is NULL. */
extern const ui_key ui_keys[];

/* The command key means on a screen; UI_CMD_NONE when none. */
ui_command ui_key_command(int key, unsigned screen);
/* The footer of a screen, one styled line: "g grade  w watch ...". */
report_doc *ui_keys_footer(unsigned screen);
/* The help screen's text: every key, screen by screen. */
report_doc *ui_keys_help(void);
/* The runner's main keys, for `cudalab --help`. */
void ui_keys_print_usage(FILE *out);

#endif
