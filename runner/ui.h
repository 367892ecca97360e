/* ui.h - the terminal runner: the application, its screens and the drawing
 * helpers they share.
 *
 * A screen is a table of functions {enter, draw, key, poll, events, leave}
 * (one screen a file: ui_list.c, ui_day.c, ui_pager.c). Keys reach a screen as
 * commands through the one key table (ui_keys.h). Handlers never draw: they
 * return what changed (ui_reaction) and only the main loop (ui_main.c) redraws.
 *
 * The screen is laid out in rows: 0 the title bar, 1 .. LINES-3 the body,
 * LINES-2 the status line, LINES-1 the footer of keys.
 *
 * Prefix: ui_. */
#ifndef CUDALAB_UI_H
#define CUDALAB_UI_H

#include <poll.h>
#include <stdbool.h>
#include <stdint.h>

#include "report/text.h"
#include "ui_keys.h"
#include "workspace.h"

/* The smallest terminal the runner draws in. */
enum { UI_MIN_COLS = 80, UI_MIN_LINES = 24 };

/* What a handler changed; the main loop acts on it. Bits. */
typedef enum ui_reaction {
    UI_NONE = 0,
    UI_REDRAW = 1 << 0,    /* draw the screen again */
    UI_RELOAD = 1 << 1,    /* progress changed on disk: read state.yaml again */
    UI_QUIT = 1 << 2,      /* leave the runner */
    UI_UNHANDLED = 1 << 3, /* the key meant nothing to this screen */
} ui_reaction;

typedef struct ui_app ui_app;

typedef struct ui_screen {
    const char *name;
    unsigned id; /* a UI_SCREEN_* bit: which rows of the key table apply */
    /* Make the screen's state from arg; NULL when it cannot open (it says
     * why with ui_message). */
    void *(*enter)(ui_app *app, void *arg);
    void (*draw)(ui_app *app, void *self);
    ui_reaction (*key)(ui_app *app, void *self, ui_command cmd, int ch);
    /* Optional: the descriptors to wait on (at most max) and how long to
     * wait at most (*timeout_ms, -1 forever; lower it, never raise it). */
    int (*poll)(void *self, struct pollfd *fds, int max, int *timeout_ms);
    /* Optional: called after every wait, with this screen's descriptors as
     * poll() left them (a timeout or a signal calls it too). */
    ui_reaction (*events)(ui_app *app, void *self, const struct pollfd *fds, int n);
    void (*leave)(ui_app *app, void *self);
} ui_screen;

extern const ui_screen ui_list_screen;
extern const ui_screen ui_day_screen;  /* arg: the day_manifest */
extern const ui_screen ui_pager_screen; /* arg: a ui_pager_page, taken over */
extern const ui_screen ui_stepper_screen; /* arg: a ui_stepper_ask, copied */

/* The warp the stepper shows (ui_stepper.c): `cudalab trace DAY FILE
 * --kernel K --block B --warp W [--size S] [--launch N]`, opened at the
 * step of line where lane reads undefined (or the first at line); Tab goes
 * on to the day's next kernel (m's), at block 0, warp 0. */
typedef struct ui_stepper_ask {
    const day_manifest *m;
    const char *day, *file, *kernel;
    unsigned block[3], warp;
    int lane, line;
    const char *size; /* "rows=8205,live=20,stride=32", or NULL: the course size */
    int launch;       /* a day's program: the launch of kernel (--launch), from 1; 0: the first */
} ui_stepper_ask;

/* What the pager shows: a title and styled lines (both taken over). */
typedef struct ui_pager_page {
    char *title;
    report_doc *doc;
    char *empty; /* shown when doc has no lines; may be NULL */
} ui_pager_page;

struct ui_child;

struct ui_app {
    day_course *course;
    ws_state *state;
    const char *self_exe; /* this binary, for `cudalab grade` children */
    bool unicode;         /* the locale speaks UTF-8 */
    bool color;           /* colours are available and NO_COLOR is unset */
    /* The status-line message, cleared by the next key; NULL when none. */
    char *message;
    report_style message_style;
    /* The stack of open screens; the last one is shown. */
    struct {
        const ui_screen *ops;
        void *self;
    } stack[8];
    int depth;
    bool pop_pending;
    /* Children that were cancelled and are being reaped. */
    struct ui_child **dying;
    int ndying;
    /* state.yaml as last read (modification time in ns, size, inode; all 0
     * when there was none): a change made elsewhere (a grade or a reset in
     * another shell) is read again within a second. */
    long long state_mtime_ns, state_size, state_ino;
};

/* Screens. */
ui_reaction ui_push(ui_app *app, const ui_screen *ops, void *arg);
/* Close the shown screen once its handler returns (the last one quits). */
ui_reaction ui_pop(ui_app *app);
void ui_message(ui_app *app, report_style style, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Read state.yaml again; a warning becomes the message. */
void ui_reload_state(ui_app *app);
/* Run argv in the foreground with the real terminal (an editor): the screen
 * is put away first and comes back after. Returns its wait status, or -1 when
 * it could not start (errno says why). */
int ui_run_foreground(ui_app *app, char *const argv[]);
/* Hand a child that is no longer wanted to the app, which stops and reaps
 * it without waiting. */
void ui_abandon_child(ui_app *app, struct ui_child *child);

/* ---- drawing (ui_term.c) ---- */

/* Why the terminal TERM names cannot show the runner (it is unknown, hard
 * copy, or cannot place the cursor, as TERM=dumb), or NULL when it can; read
 * from terminfo before ncurses starts (ui_terminfo.c). */
const char *ui_terminal_lacks(void);

/* Start colours (when the terminal has them and NO_COLOR is unset). */
void ui_term_init(ui_app *app);
/* The ncurses attributes of a report style. */
int ui_style_attr(const ui_app *app, report_style style);
/* Columns the first len bytes of UTF-8 text take. */
int ui_text_width(const char *text, int len);
/* Bytes of text that fit in cols columns (never splitting a character). */
int ui_text_fit(const char *text, int len, int cols);
/* Draw text at (y, x) in at most cols columns; returns the columns used. */
int ui_put(int y, int x, int cols, const char *text, int len, int attr);
/* Draw a styled line at (y, x), skipping its first skip columns, in at most
 * cols columns; the rest of the width is cleared. */
void ui_put_line(ui_app *app, int y, int x, int cols, const report_line *line, int skip);
/* The title bar: left and right text, reversed. */
void ui_draw_title(ui_app *app, const char *left, const char *right);
/* The status line: the app's message when there is one, else text. */
void ui_draw_status(ui_app *app, const char *text, report_style style);
/* The footer of keys for the shown screen, made from the key table. */
void ui_draw_footer(ui_app *app, unsigned screen);
/* The rows of the body. */
int ui_body_top(void);
int ui_body_rows(void);
/* Draw lines [top, top + rows) of doc into a rectangle, with a scroll
 * indicator in the rectangle's last column when it does not all fit. */
void ui_draw_doc(ui_app *app, const report_doc *doc, int top, int y, int x, int rows, int cols);
/* Clamp a scroll offset so the last page is full. */
int ui_clamp_scroll(int top, int nlines, int rows);
/* A scroll command applied to top; other commands leave it alone. */
int ui_scroll(ui_command cmd, int top, int nlines, int rows);
/* Glyphs that have an ASCII fallback. */
const char *ui_glyph(const ui_app *app, const char *utf8, const char *ascii);

/* Milliseconds of a monotonic clock. */
int64_t ui_now_ms(void);

#endif
