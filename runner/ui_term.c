/* ui_term.c - drawing with ncurses: report styles as attributes (colour, or
 * bold/reverse/underline on a monochrome terminal or under NO_COLOR), UTF-8
 * text measured and clipped by columns, the title, status and footer rows. */
#include "ui.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

enum { PAIR_PASS = 1, PAIR_FAIL, PAIR_WARN, PAIR_CODE };

int64_t ui_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void ui_term_init(ui_app *app)
{
    const char *nc = getenv("NO_COLOR");
    app->color = has_colors() && !(nc && *nc);
    if (!app->color) return;
    start_color();
    use_default_colors();
    init_pair(PAIR_PASS, COLOR_GREEN, -1);
    init_pair(PAIR_FAIL, COLOR_RED, -1);
    init_pair(PAIR_WARN, COLOR_YELLOW, -1);
    init_pair(PAIR_CODE, COLOR_CYAN, -1);
}

int ui_style_attr(const ui_app *app, report_style style)
{
    if (app->color) {
        switch (style) {
        case REPORT_STYLE_HEADING: return A_BOLD;
        case REPORT_STYLE_PASS: return COLOR_PAIR(PAIR_PASS);
        case REPORT_STYLE_FAIL: return COLOR_PAIR(PAIR_FAIL) | A_BOLD;
        case REPORT_STYLE_WARN: return COLOR_PAIR(PAIR_WARN);
        case REPORT_STYLE_DIM: return A_DIM;
        case REPORT_STYLE_CODE: return COLOR_PAIR(PAIR_CODE);
        case REPORT_STYLE_EMPH: return A_BOLD;
        default: return A_NORMAL;
        }
    }
    switch (style) {
    case REPORT_STYLE_HEADING: return A_BOLD | A_UNDERLINE;
    case REPORT_STYLE_PASS: return A_BOLD;
    case REPORT_STYLE_FAIL: return A_BOLD | A_REVERSE;
    case REPORT_STYLE_WARN: return A_UNDERLINE;
    case REPORT_STYLE_EMPH: return A_BOLD;
    default: return A_NORMAL;
    }
}

const char *ui_glyph(const ui_app *app, const char *utf8, const char *ascii)
{
    return app->unicode ? utf8 : ascii;
}

/* The next character of text: its length in bytes, its width, and in repl
 * what is drawn for it when it may not be drawn as is (core.h's convention:
 * ESC as \e, bytes that are not UTF-8 as U+FFFD, ...); the width is then
 * that of repl. */
static int next_char(const char *text, int len, int *width, char repl[CL_TEXT_REPL_MAX])
{
    size_t n = cl_text_char(text, (size_t)len, 0, repl);
    if ((unsigned char)repl[0] >= 0x80 && MB_CUR_MAX == 1) strcpy(repl, "?"); /* no UTF-8 here */
    const char *shown = repl[0] ? repl : text;
    size_t bytes = repl[0] ? strlen(repl) : n;
    if (repl[0] && (unsigned char)repl[0] < 0x80) {
        *width = (int)bytes; /* an ASCII escape */
        return (int)n;
    }
    mbstate_t mb = {0};
    wchar_t wc;
    size_t m = mbrtowc(&wc, shown, bytes, &mb);
    int w = m == (size_t)-1 || m == (size_t)-2 || m == 0 ? 1 : wcwidth(wc);
    *width = w < 0 ? 1 : w;
    return (int)n;
}

int ui_text_width(const char *text, int len)
{
    int cols = 0;
    char repl[CL_TEXT_REPL_MAX];
    for (int i = 0; i < len;) {
        int w;
        i += next_char(text + i, len - i, &w, repl);
        cols += w;
    }
    return cols;
}

int ui_text_fit(const char *text, int len, int cols)
{
    int used = 0, i = 0;
    char repl[CL_TEXT_REPL_MAX];
    while (i < len) {
        int w, n = next_char(text + i, len - i, &w, repl);
        if (used + w > cols) break;
        used += w;
        i += n;
    }
    return i;
}

/* Draw text at the cursor in at most cols columns, skipping its first *skip
 * columns (and counting them off). Whatever is drawn is safe to show: control
 * characters and bytes that are not UTF-8 are drawn in their visible forms.
 * Returns the columns drawn. */
static int draw_run(const char *text, int len, int cols, int *skip, int attr)
{
    int used = 0;
    char repl[CL_TEXT_REPL_MAX];
    attrset(attr);
    for (int i = 0; i < len && used < cols;) {
        int w, n = next_char(text + i, len - i, &w, repl);
        if (*skip > 0) {
            *skip -= w;
        } else if (used + w <= cols) {
            if (repl[0])
                addstr(repl);
            else
                addnstr(text + i, n);
            used += w;
        } else {
            break;
        }
        i += n;
    }
    return used;
}

int ui_put(int y, int x, int cols, const char *text, int len, int attr)
{
    if (cols <= 0) return 0;
    int skip = 0;
    move(y, x);
    int used = draw_run(text, len < 0 ? (int)strlen(text) : len, cols, &skip, attr);
    attrset(A_NORMAL);
    return used;
}

void ui_put_line(ui_app *app, int y, int x, int cols, const report_line *line, int skip)
{
    int used = 0, at = 0, len = (int)strlen(line->text);
    move(y, x);
    for (int s = 0; s <= line->nspans && used < cols; s++) {
        const report_span *sp = s < line->nspans ? &line->spans[s] : NULL;
        int plain_end = sp ? sp->start : len;
        if (plain_end > at) used += draw_run(line->text + at, plain_end - at, cols - used, &skip,
                                             A_NORMAL);
        if (!sp) break;
        used += draw_run(line->text + sp->start, sp->len, cols - used, &skip,
                         ui_style_attr(app, sp->style));
        at = sp->start + sp->len;
    }
    attrset(A_NORMAL);
    for (; used < cols; used++) addch(' ');
}

void ui_draw_title(ui_app *app, const char *left, const char *right)
{
    move(0, 0);
    attrset(A_REVERSE);
    for (int i = 0; i < COLS; i++) addch(' ');
    int rw = right ? ui_text_width(right, (int)strlen(right)) : 0;
    ui_put(0, 1, COLS - rw - 3, left, -1, A_REVERSE | A_BOLD);
    if (right) ui_put(0, COLS - rw - 1, rw, right, -1, A_REVERSE);
    attrset(A_NORMAL);
}

/* Where text breaks into rows of cols columns: at the last space that fits,
 * else where it stops fitting. Up to max rows; returns how many. */
static int wrap_rows(const char *text, int cols, int *start, int *len, int max)
{
    int n = 0, at = 0, total = (int)strlen(text);
    while (at < total && n < max) {
        int fit = ui_text_fit(text + at, total - at, cols);
        if (at + fit < total)
            for (int i = fit; i > 0; i--)
                if (text[at + i] == ' ') {
                    fit = i;
                    break;
                }
        if (fit <= 0) fit = 1;
        start[n] = at;
        len[n++] = fit;
        at += fit;
        while (text[at] == ' ') at++;
    }
    if (at < total && n) len[n - 1] = total - start[n - 1]; /* the rest is clipped */
    return n;
}

void ui_draw_status(ui_app *app, const char *text, report_style style)
{
    /* A long message takes rows above the status line rather than being cut. */
    enum { MAX_ROWS = 4 };
    const char *msg = app->message ? app->message : text;
    int attr = ui_style_attr(app, app->message ? app->message_style : style);
    int start[MAX_ROWS], len[MAX_ROWS];
    int n = msg ? wrap_rows(msg, COLS - 2, start, len, app->message ? MAX_ROWS : 1) : 0;
    int y = LINES - 1 - (n ? n : 1);
    for (int i = 0; i < (n ? n : 1); i++) {
        move(y + i, 0);
        clrtoeol();
        if (i < n) ui_put(y + i, 1, COLS - 2, msg + start[i], len[i], attr);
    }
}

void ui_draw_footer(ui_app *app, unsigned screen)
{
    report_doc *d = ui_keys_footer(screen);
    ui_put_line(app, LINES - 1, 1, COLS - 1, &d->lines[0], 0);
    report_doc_free(d);
}

int ui_body_top(void)
{
    return 1;
}

int ui_body_rows(void)
{
    return LINES - 3;
}

int ui_clamp_scroll(int top, int nlines, int rows)
{
    if (top > nlines - rows) top = nlines - rows;
    return top < 0 ? 0 : top;
}

int ui_scroll(ui_command cmd, int top, int nlines, int rows)
{
    int page = rows > 2 ? rows - 2 : 1;
    switch (cmd) {
    case UI_CMD_UP: top--; break;
    case UI_CMD_DOWN: top++; break;
    case UI_CMD_PAGE_UP: top -= page; break;
    case UI_CMD_PAGE_DOWN: top += page; break;
    case UI_CMD_TOP: top = 0; break;
    case UI_CMD_BOTTOM: top = nlines; break;
    default: break;
    }
    return ui_clamp_scroll(top, nlines, rows);
}

void ui_draw_doc(ui_app *app, const report_doc *doc, int top, int y, int x, int rows, int cols)
{
    int n = doc ? doc->nlines : 0;
    bool bar = n > rows && cols > 2;
    int width = bar ? cols - 1 : cols;
    for (int i = 0; i < rows; i++) {
        if (top + i < n) {
            ui_put_line(app, y + i, x, width, &doc->lines[top + i], 0);
        } else {
            move(y + i, x);
            for (int c = 0; c < width; c++) addch(' ');
        }
    }
    if (!bar) return;
    /* The thumb: where the rows shown sit in the whole. */
    int len = rows * rows / n;
    if (len < 1) len = 1;
    int at = (rows - len) * top / (n - rows);
    for (int i = 0; i < rows; i++) {
        bool thumb = i >= at && i < at + len;
        const char *g = thumb ? ui_glyph(app, "┃", "#") : ui_glyph(app, "│", "|");
        ui_put(y + i, x + cols - 1, 1, g, -1, thumb ? A_BOLD : A_DIM);
    }
}
