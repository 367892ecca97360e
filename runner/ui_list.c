/* ui_list.c - the first screen: every day of the course with its status and
 * when it was last graded, a progress bar, a filter by status and an
 * incremental search. A day whose manifest does not load is listed with its
 * error. */
#include <ctype.h>
#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ui.h"

enum { ALL = -1 };

typedef struct list {
    int *rows;      /* indices into course->days, as filtered */
    int nrows;
    int sel_day;    /* the selected day's index in course->days; -1 when none */
    int top;
    int filter;     /* ALL or a ws_status */
    char query[64];
    bool typing;    /* the search line has the keyboard */
} list;

/* ---- what is shown ---- */

static const ws_day_state *day_state(const ui_app *app, const char *slug)
{
    for (int i = 0; i < app->state->ndays; i++)
        if (!strcmp(app->state->days[i].slug, slug)) return &app->state->days[i];
    return NULL;
}

static bool contains(const char *hay, const char *needle)
{
    if (!hay) return false;
    for (; *hay; hay++) {
        size_t i = 0;
        while (needle[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            i++;
        if (!needle[i]) return true;
    }
    return !*needle;
}

static bool matches(const ui_app *app, const list *l, const day_entry *e)
{
    const day_manifest *m = e->manifest;
    if (l->filter != ALL && (!m || (int)ws_day_status(app->course, m, app->state) != l->filter))
        return false;
    if (!*l->query) return true;
    char num[16] = "";
    if (m) snprintf(num, sizeof num, "%d", m->day);
    return contains(e->slug, l->query) || (m && (contains(m->title, l->query) ||
                                                 contains(m->topic, l->query) ||
                                                 !strcmp(num, l->query)));
}

static int selected_row(const list *l)
{
    for (int i = 0; i < l->nrows; i++)
        if (l->rows[i] == l->sel_day) return i;
    return -1;
}

/* Recompute the rows; keep the selection on the same day when it is still
 * shown, else on the nearest row. */
static void refilter(const ui_app *app, list *l)
{
    int before = selected_row(l);
    l->nrows = 0;
    for (int i = 0; i < app->course->ndays; i++)
        if (matches(app, l, &app->course->days[i])) l->rows[l->nrows++] = i;
    if (selected_row(l) < 0) {
        int row = before < 0 ? 0 : before >= l->nrows ? l->nrows - 1 : before;
        l->sel_day = l->nrows ? l->rows[row < 0 ? 0 : row] : -1;
    }
}

static const char *status_glyph(const ui_app *app, ws_status s)
{
    switch (s) {
    case WS_HONEST: return ui_glyph(app, "★", "*");
    case WS_PASSING: return ui_glyph(app, "✓", "+");
    case WS_FAILING: case WS_NO_COMPILE: return ui_glyph(app, "✗", "x");
    case WS_STARTED: return ui_glyph(app, "…", "~");
    default: return ui_glyph(app, "·", ".");
    }
}

static report_style status_style(ws_status s)
{
    switch (s) {
    case WS_HONEST: case WS_PASSING: return REPORT_STYLE_PASS;
    case WS_FAILING: case WS_NO_COMPILE: return REPORT_STYLE_FAIL;
    case WS_STARTED: return REPORT_STYLE_WARN;
    default: return REPORT_STYLE_DIM;
    }
}

/* "just now", "5 min ago", "3 h ago", "2 days ago", or the date. */
static void format_ago(time_t t, char *buf, size_t size)
{
    time_t d = time(NULL) - t;
    if (!t) snprintf(buf, size, "never");
    else if (d < 60) snprintf(buf, size, "just now");
    else if (d < 3600) snprintf(buf, size, "%ld min ago", (long)(d / 60));
    else if (d < 86400) snprintf(buf, size, "%ld h ago", (long)(d / 3600));
    else if (d < 7 * 86400) snprintf(buf, size, "%ld day%s ago", (long)(d / 86400),
                                     d < 2 * 86400 ? "" : "s");
    else {
        struct tm tm;
        localtime_r(&t, &tm);
        strftime(buf, size, "%Y-%m-%d", &tm);
    }
}

/* ---- drawing ---- */

/* "7 days: 2 honest, 1 passing, 1 failing, 1 started, 2 not started": the
 * days split by status (honest is passing and honest; failing includes does
 * not compile), the categories that have days, so the figures add up. */
static void progress_text(const int *counts, int usable, char *buf, size_t size)
{
    const struct { int n; const char *what; } parts[] = {
        {counts[WS_HONEST], "honest"},
        {counts[WS_PASSING], "passing"},
        {counts[WS_FAILING] + counts[WS_NO_COMPILE], "failing"},
        {counts[WS_STARTED], "started"},
        {counts[WS_NOT_STARTED], "not started"},
    };
    size_t at = (size_t)snprintf(buf, size, "%d day%s", usable, usable == 1 ? "" : "s");
    const char *sep = ": ";
    for (size_t i = 0; i < sizeof parts / sizeof *parts && at < size; i++) {
        if (!parts[i].n) continue;
        at += (size_t)snprintf(buf + at, size - at, "%s%d %s", sep, parts[i].n, parts[i].what);
        sep = ", ";
    }
}

static void draw_progress(ui_app *app)
{
    int counts[WS_STATUS_COUNT] = {0}, usable = 0;
    for (int i = 0; i < app->course->ndays; i++) {
        const day_manifest *m = app->course->days[i].manifest;
        if (!m) continue;
        counts[ws_day_status(app->course, m, app->state)]++;
        usable++;
    }
    char text[160];
    progress_text(counts, usable, text, sizeof text);
    int passing = counts[WS_PASSING] + counts[WS_HONEST];
    report_doc *d = cl_calloc(1, sizeof *d);
    report_line *l = report_doc_line(d);
    int room = COLS - 2 - 12 - (int)strlen(text); /* "Progress [", "] ", the text */
    int bar = room < 10 ? 10 : room > 50 ? 50 : room;
    int full = usable ? bar * counts[WS_HONEST] / usable : 0;
    int half = usable ? bar * passing / usable - full : 0;
    report_line_add(l, REPORT_STYLE_PLAIN, "Progress %s", app->unicode ? "" : "[");
    for (int i = 0; i < bar; i++)
        report_line_add(l, i < full ? REPORT_STYLE_PASS : i < full + half ? REPORT_STYLE_WARN
                                                                          : REPORT_STYLE_DIM,
                        "%s", i < full ? ui_glyph(app, "█", "#")
                                       : i < full + half ? ui_glyph(app, "▓", "+")
                                                         : ui_glyph(app, "░", "-"));
    report_line_add(l, REPORT_STYLE_PLAIN, "%s ", app->unicode ? "" : "]");
    report_line_add(l, REPORT_STYLE_EMPH, "%s", text);
    ui_put_line(app, 1, 1, COLS - 2, l, 0);
    report_doc_free(d);
    char title[96];
    snprintf(title, sizeof title, "%d of %d days passing and honest", counts[WS_HONEST], usable);
    ui_draw_title(app, "cudalab - the 100-day CUDA course", title);
}

/* The columns of the marker of the next day to work on ("◂ next"), after
 * the last-graded column. */
#define NEXT_W 7

static void draw_entry(ui_app *app, int y, const day_entry *e, bool sel)
{
    report_doc *d = cl_calloc(1, sizeof *d);
    report_line *l = report_doc_line(d);
    int title_w = COLS - 2 - 2 - 5 - 22 - 12 - NEXT_W;
    report_line_add(l, REPORT_STYLE_PLAIN, "%s", sel ? ui_glyph(app, "▸ ", "> ") : "  ");
    if (!e->manifest) {
        char why[1600];
        cl_error_format(&e->error, why, sizeof why);
        size_t root = strlen(app->course->root); /* paths inside the course, from its root */
        bool inside = !strncmp(why, app->course->root, root) && why[root] == '/';
        report_line_add(l, REPORT_STYLE_FAIL, " ?   %s cannot be opened: ", e->slug);
        report_line_add(l, REPORT_STYLE_PLAIN, "%s", inside ? why + root + 1 : why);
    } else {
        const day_manifest *m = e->manifest;
        ws_status st = ws_day_status(app->course, m, app->state);
        const ws_day_state *ds = day_state(app, m->slug);
        char head[256], when[32];
        snprintf(head, sizeof head, "%s", m->title);
        int hw = ui_text_width(head, (int)strlen(head));
        report_line_add(l, REPORT_STYLE_EMPH, "%3d  ", m->day);
        report_line_add(l, REPORT_STYLE_PLAIN, "%.*s", ui_text_fit(head, (int)strlen(head),
                                                                    title_w), head);
        int used = hw < title_w ? hw : title_w;
        if (m->topic && used + 5 < title_w) {
            char topic[256];
            snprintf(topic, sizeof topic, " - %s", m->topic);
            int tw = ui_text_width(topic, (int)strlen(topic)), room = title_w - used;
            int n = ui_text_fit(topic, (int)strlen(topic), tw > room ? room - 1 : room);
            report_line_add(l, REPORT_STYLE_DIM, "%.*s%s", n, topic,
                            tw > room ? ui_glyph(app, "…", "~") : "");
            used += ui_text_width(topic, n) + (tw > room);
        }
        report_line_add(l, REPORT_STYLE_PLAIN, "%*s ", title_w - used, "");
        report_line_add(l, status_style(st), "%s %-19s", status_glyph(app, st), ws_status_text(st));
        format_ago(ds ? ds->last_graded : 0, when, sizeof when);
        report_line_add(l, REPORT_STYLE_DIM, " %-11s", when);
        if (m == ws_next_day(app->course, app->state)) /* where to go on: after a pass, the next */
            report_line_add(l, REPORT_STYLE_WARN, "%s", ui_glyph(app, "◂ next", "< next"));
    }
    ui_put_line(app, y, 0, COLS, l, 0);
    if (sel) mvchgat(y, 0, COLS, A_REVERSE, 0, NULL);
    report_doc_free(d);
}

static int list_rows(void)
{
    return ui_body_rows() - 3; /* progress, filter line, column heads */
}

static void list_draw(ui_app *app, void *self)
{
    list *l = self;
    refilter(app, l);
    draw_progress(app);
    cl_str info = {0};
    if (l->filter != ALL) cl_str_addf(&info, "filter: %s   ", ws_status_text((ws_status)l->filter));
    if (*l->query && !l->typing) cl_str_addf(&info, "search: \"%s\"   ", l->query);
    if (info.len) cl_str_add(&info, "(Esc shows every day)");
    ui_put(2, 1, COLS - 2, cl_str_cstr(&info), -1, ui_style_attr(app, REPORT_STYLE_WARN));
    cl_str_free(&info);
    char heads[256];
    snprintf(heads, sizeof heads, "  day  %-*s %-21s %s", COLS - 2 - 2 - 5 - 22 - 12 - NEXT_W, "title",
             "status", "last graded");
    ui_put(3, 0, COLS, heads, -1, ui_style_attr(app, REPORT_STYLE_DIM) | A_UNDERLINE);
    int rows = list_rows(), sel = selected_row(l);
    if (sel >= 0 && sel < l->top) l->top = sel;
    if (sel >= l->top + rows) l->top = sel - rows + 1;
    l->top = ui_clamp_scroll(l->top, l->nrows, rows);
    for (int i = 0; i < rows && l->top + i < l->nrows; i++) {
        int row = l->top + i;
        draw_entry(app, 4 + i, &app->course->days[l->rows[row]], row == sel);
    }
    if (!l->nrows)
        ui_put(5, 4, COLS - 8, app->course->ndays ? "No day matches." : "This course has no days "
               "yet (no days/*/day.yaml).", -1, A_NORMAL);
    char status[160];
    if (l->typing)
        snprintf(status, sizeof status, "/%s%s", l->query, ui_glyph(app, "▏", "_"));
    else {
        const day_manifest *next = ws_next_day(app->course, app->state);
        snprintf(status, sizeof status, "%d of %d days shown", l->nrows, app->course->ndays);
        if (next)
            snprintf(status + strlen(status), sizeof status - strlen(status), "   next: day %d", next->day);
        else if (app->course->ndays)
            snprintf(status + strlen(status), sizeof status - strlen(status), "   every day passes");
    }
    ui_draw_status(app, status, l->typing ? REPORT_STYLE_EMPH : REPORT_STYLE_DIM);
    ui_draw_footer(app, UI_SCREEN_LIST);
}

/* ---- keys ---- */

static ui_reaction type(ui_app *app, list *l, int ch)
{
    size_t n = strlen(l->query);
    if (ch == '\n' || ch == KEY_ENTER) {
        l->typing = false;
    } else if (ch == 27) {
        l->typing = false;
        l->query[0] = '\0';
    } else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
        if (n) l->query[n - 1] = '\0';
    } else if (ch >= 32 && ch < 127 && n + 1 < sizeof l->query) {
        l->query[n] = (char)ch;
        l->query[n + 1] = '\0';
    } else {
        return UI_NONE;
    }
    refilter(app, l);
    return UI_REDRAW;
}

static ui_reaction open_selected(ui_app *app, list *l)
{
    if (l->sel_day < 0) return UI_NONE;
    const day_entry *e = &app->course->days[l->sel_day];
    if (!e->manifest) {
        char why[1600];
        cl_error_format(&e->error, why, sizeof why);
        ui_message(app, REPORT_STYLE_FAIL, "%s cannot be opened: %s", e->slug, why);
        return UI_REDRAW;
    }
    return ui_push(app, &ui_day_screen, e->manifest);
}

static void move_to(list *l, int row)
{
    if (!l->nrows) return;
    row = row < 0 ? 0 : row >= l->nrows ? l->nrows - 1 : row;
    l->sel_day = l->rows[row];
}

static ui_reaction list_key(ui_app *app, void *self, ui_command cmd, int ch)
{
    list *l = self;
    if (l->typing) return type(app, l, ch);
    int sel = selected_row(l), page = list_rows() - 1;
    switch (cmd) {
    case UI_CMD_UP: move_to(l, sel - 1); break;
    case UI_CMD_DOWN: move_to(l, sel + 1); break;
    case UI_CMD_PAGE_UP: move_to(l, sel - page); break;
    case UI_CMD_PAGE_DOWN: move_to(l, sel + page); break;
    case UI_CMD_TOP: move_to(l, 0); break;
    case UI_CMD_BOTTOM: move_to(l, l->nrows - 1); break;
    case UI_CMD_OPEN: return open_selected(app, l);
    case UI_CMD_SEARCH:
        l->typing = true;
        l->query[0] = '\0';
        break;
    case UI_CMD_FILTER:
        l->filter = l->filter + 1 == WS_STATUS_COUNT ? ALL : l->filter + 1;
        break;
    case UI_CMD_BACK:
        l->filter = ALL;
        l->query[0] = '\0';
        break;
    default: return UI_UNHANDLED;
    }
    refilter(app, l);
    return UI_REDRAW;
}

static void *list_enter(ui_app *app, void *arg)
{
    list *l = cl_calloc(1, sizeof *l);
    l->rows = cl_calloc((size_t)app->course->ndays + 1, sizeof *l->rows);
    l->filter = ALL;
    l->sel_day = -1;
    refilter(app, l);
    return l;
}

static void list_leave(ui_app *app, void *self)
{
    list *l = self;
    free(l->rows);
    free(l);
}

const ui_screen ui_list_screen = {
    .name = "list",
    .id = UI_SCREEN_LIST,
    .enter = list_enter,
    .draw = list_draw,
    .key = list_key,
    .leave = list_leave,
};
