/* ui_day.c - a day: the exercise and the latest report, as two tabs (or two
 * panes side by side on a wide terminal); grading in a child that never
 * blocks the screen; watch mode; the editor, hints, a diff against the
 * template and a reset. */
#include <curses.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ui.h"
#include "ui_child.h"
#include "ui_daydoc.h"
#include "ui_grade.h"
#include "ui_watch.h"

enum { EXERCISE, REPORT, NPANES };
/* From this width on, the exercise and the report sit side by side. */
enum { WIDE_COLS = 160 };

typedef struct day {
    const day_manifest *m;
    char *path, *template_path, *readme, *readme_path;
    bool created;
    int hints;
    report_doc *doc[NPANES];
    int doc_width[NPANES]; /* the width doc was made for; -1: make it again */
    int top[NPANES];
    int focus;
    int hint_line;
    bool show_hint;        /* scroll to the newest hint at the next draw */
    /* Grading. */
    ui_child *grade;
    ui_grade_outcome outcome;
    bool graded;           /* outcome holds something */
    int ngrades;
    char done[256];        /* "done in 0.8 s - 6 of 7 checks passed" */
    char done_tail[64];    /* " · graded 3 times · next: day 24": kept when done is cut to fit */
    report_style done_style;
    ui_watch *watch;
    ui_child *diff;
    bool confirm_reset;
    char *last_json;       /* the finished grade's JSON, until it is kept */
    const char *dash, *dot; /* glyphs, with their ASCII fallbacks */
} day;

/* ---- layout ---- */

static bool wide(void)
{
    return COLS >= WIDE_COLS;
}

/* The columns of a pane: x and width. */
static void pane_cols(int pane, int *x, int *w)
{
    if (!wide()) {
        *x = 1;
        *w = COLS - 1;
    } else {
        int half = COLS / 2;
        *x = pane == EXERCISE ? 1 : half + 2;
        *w = pane == EXERCISE ? half - 2 : COLS - half - 2;
    }
}

static int pane_rows(void)
{
    return ui_body_rows() - 1; /* below the tab row */
}

static void stale(day *d, int pane)
{
    d->doc_width[pane] = -1;
}

static const ws_day_state *recorded(const ui_app *app, const day *d)
{
    for (int i = 0; i < app->state->ndays; i++)
        if (!strcmp(app->state->days[i].slug, d->m->slug)) return &app->state->days[i];
    return NULL;
}

static void make_doc(ui_app *app, day *d, int pane, int width)
{
    report_doc_free(d->doc[pane]);
    if (pane == EXERCISE) {
        ui_exercise e = {d->m, d->path, d->created, d->readme, d->readme_path, d->hints};
        d->doc[pane] = ui_daydoc_exercise(&e, width, app->unicode, &d->hint_line);
    } else {
        d->doc[pane] = ui_daydoc_report(d->graded ? &d->outcome : NULL, recorded(app, d),
                                        d->grade != NULL, width, app->unicode);
    }
    d->doc_width[pane] = width;
}

/* ---- drawing ---- */

static void draw_tabs(ui_app *app, day *d)
{
    char label[NPANES][64];
    snprintf(label[EXERCISE], sizeof label[0], " Exercise ");
    if (d->graded && d->outcome.result)
        snprintf(label[REPORT], sizeof label[0], " Report %s %d/%d ",
                 d->outcome.checks_passed == d->outcome.checks_run ? ui_glyph(app, "✓", "+")
                                                                  : ui_glyph(app, "✗", "x"),
                 d->outcome.checks_passed, d->outcome.checks_run);
    else
        snprintf(label[REPORT], sizeof label[0], " Report ");
    int y = ui_body_top();
    for (int p = 0, x = 1; p < NPANES; p++) {
        int px, pw;
        pane_cols(p, &px, &pw);
        if (wide()) x = px;
        int attr = p == d->focus ? A_REVERSE | A_BOLD : A_BOLD;
        x += ui_put(y, x, COLS - x, label[p], -1, attr) + 2;
    }
    if (!wide()) /* at the right end of the tab row */
        ui_put(y, COLS - 14, 12, "Tab switches", -1, ui_style_attr(app, REPORT_STYLE_DIM));
}

static void draw_pane(ui_app *app, day *d, int pane)
{
    int x, w, rows = pane_rows();
    pane_cols(pane, &x, &w);
    int width = w - 2;
    if (d->doc_width[pane] != width) make_doc(app, d, pane, width);
    if (pane == EXERCISE && d->show_hint && d->hint_line >= 0) {
        d->top[EXERCISE] = d->hint_line - 2;
        d->show_hint = false;
    }
    d->top[pane] = ui_clamp_scroll(d->top[pane], d->doc[pane]->nlines, rows);
    ui_draw_doc(app, d->doc[pane], d->top[pane], ui_body_top() + 1, x, rows, w);
}

/* head then tail, in the one row of the status line: when they do not fit,
 * head is cut and ends in an ellipsis, so that tail (the grade counter)
 * still shows. */
static void fit_status(const ui_app *app, const char *head, const char *tail, char *buf,
                       size_t size)
{
    int hlen = (int)strlen(head), tlen = (int)strlen(tail), cols = COLS - 2;
    int tw = ui_text_width(tail, tlen);
    if (ui_text_width(head, hlen) + tw <= cols) {
        snprintf(buf, size, "%s%s", head, tail);
        return;
    }
    const char *ell = ui_glyph(app, "…", "...");
    int keep = ui_text_fit(head, hlen, cols - tw - ui_text_width(ell, (int)strlen(ell)));
    snprintf(buf, size, "%.*s%s%s", keep, head, ell, tail);
}

static void status_line(ui_app *app, day *d, char *buf, size_t size, report_style *st)
{
    static const char *const spin_utf8[] = {"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"};
    static const char *const spin_ascii[] = {"|", "/", "-", "\\"};
    *st = REPORT_STYLE_DIM;
    if (d->confirm_reset) {
        snprintf(buf, size, "Put the template back over %s? Your file is kept as a backup "
                 "first. (y/n)", d->m->student_file);
        *st = REPORT_STYLE_WARN;
    } else if (d->grade) {
        int64_t ms = ui_child_elapsed_ms(d->grade);
        char what[128];
        ui_grade_progress(ui_child_stderr(d->grade), what, sizeof what);
        const char *frame = app->unicode ? spin_utf8[ms / 100 % 10] : spin_ascii[ms / 100 % 4];
        snprintf(buf, size, "%s %s%s %.1f s   (c cancels)", frame, what,
                 ui_glyph(app, "…", "..."), (double)ms / 1000);
        *st = REPORT_STYLE_EMPH;
    } else if (*d->done) {
        fit_status(app, d->done, d->done_tail, buf, size);
        *st = d->done_style;
    } else if (d->watch) {
        snprintf(buf, size, "watching %s: every save grades it", d->m->student_file);
    } else {
        snprintf(buf, size, "g grades %s, w grades it on every save", d->m->student_file);
    }
}

static void day_draw(ui_app *app, void *self)
{
    day *d = self;
    char title[256], right[128], status[512];
    int hints = ws_hints_revealed(app->state, d->m); /* `cudalab hint` in another shell */
    if (hints > d->hints) {
        d->hints = hints;
        stale(d, EXERCISE);
    }
    snprintf(title, sizeof title, "Day %d %s %s", d->m->day, ui_glyph(app, "·", "-"), d->m->title);
    snprintf(right, sizeof right, "%s%s%s",
             ws_status_text(ws_day_status(app->course, d->m, app->state)),
             d->watch ? (app->unicode ? " · watch on" : " - watch on") : "",
             d->watch && ui_watch_polling(d->watch) ? " (polling)" : "");
    ui_draw_title(app, title, right);
    draw_tabs(app, d);
    if (wide()) {
        draw_pane(app, d, EXERCISE);
        draw_pane(app, d, REPORT);
        for (int y = ui_body_top(); y < ui_body_top() + ui_body_rows(); y++)
            ui_put(y, COLS / 2, 1, ui_glyph(app, "│", "|"), -1, A_DIM);
    } else {
        draw_pane(app, d, d->focus);
    }
    report_style st;
    status_line(app, d, status, sizeof status, &st);
    ui_draw_status(app, status, st);
    ui_draw_footer(app, UI_SCREEN_DAY);
}

/* ---- grading ---- */

static ui_reaction start_grade(ui_app *app, day *d)
{
    if (d->grade) ui_abandon_child(app, d->grade);
    d->grade = NULL;
    char **argv = ui_grade_argv(app->self_exe, d->m->slug, d->path);
    cl_error err = {0};
    if (ui_child_start(argv, &d->grade, &err) != CL_OK) {
        snprintf(d->done, sizeof d->done, "could not start the grader: %.200s", err.message);
        *d->done_tail = '\0';
        d->done_style = REPORT_STYLE_FAIL;
    }
    ui_grade_argv_free(argv);
    if (!d->graded) stale(d, REPORT);
    return UI_REDRAW;
}

/* A mask hazard with a place (block, warp, lane): one s can step to. */
static bool steppable(const report_hazard *h)
{
    return cl_hazard_family_of(h->kind) == CL_FAMILY_MASK && !h->hidden && !h->more && h->kernel && h->warp >= 0;
}

/* The steppable hazard the report pane shows, when it is on screen: the
 * topmost whose first line is in view, else the one whose lines fill the
 * view (scrolled into its middle); -1 when none is in view. */
static int hazard_in_view(const day *d)
{
    const report_result *r = d->outcome.result;
    const report_doc *doc = d->doc[REPORT];
    if (!r || !doc || (!wide() && d->focus != REPORT)) return -1;
    int top = d->top[REPORT], end = top + pane_rows(), inside = -1;
    for (int i = top < 0 ? 0 : top; i < end && i < doc->nlines; i++) {
        int h = doc->lines[i].hazard - 1;
        if (h < 0 || h >= r->nhazards || !steppable(&r->hazards[h])) continue;
        if (i == 0 || doc->lines[i - 1].hazard != h + 1) return h; /* its first line */
        if (inside < 0) inside = h;
    }
    return inside;
}

/* The hazard s opens the warp stepper at: the one in view of the report
 * pane, else the report's first that is steppable; NULL when none. */
static const report_hazard *stepper_hazard(const day *d)
{
    const report_result *r = d->outcome.result;
    int seen = hazard_in_view(d);
    if (seen >= 0) return &r->hazards[seen];
    for (int i = 0; r && i < r->nhazards; i++)
        if (steppable(&r->hazards[i])) return &r->hazards[i];
    return NULL;
}

/* The status line's tail says that s steps through the hazard's warp. */
static void note_stepper(day *d)
{
    size_t used = strlen(d->done_tail);
    if (stepper_hazard(d) && used < sizeof d->done_tail)
        snprintf(d->done_tail + used, sizeof d->done_tail - used, " %s s steps its warp", d->dot);
}

static void describe_outcome(day *d, double seconds)
{
    const ui_grade_outcome *o = &d->outcome;
    if (o->result) {
        snprintf(d->done, sizeof d->done, "done in %.1f s %s %d of %d checks passed", seconds,
                 d->dash, o->checks_passed, o->checks_run);
        d->done_style = o->kind == UI_GRADE_PASSED ? REPORT_STYLE_PASS : REPORT_STYLE_FAIL;
    } else {
        /* The reason is the last line; what came before was progress. */
        const char *why = o->reason ? strrchr(o->reason, '\n') : NULL;
        why = why ? why + 1 : o->reason ? o->reason : "";
        snprintf(d->done, sizeof d->done, "could not grade (%.1f s): %.200s", seconds, why);
        d->done_style = REPORT_STYLE_FAIL;
    }
    if (d->ngrades == 1) snprintf(d->done_tail, sizeof d->done_tail, " %s graded once", d->dot);
    else snprintf(d->done_tail, sizeof d->done_tail, " %s graded %d times", d->dot, d->ngrades);
}

static ui_reaction finish_grade(ui_app *app, day *d)
{
    ui_grade_outcome_free(&d->outcome);
    ui_grade_interpret(ui_child_wait_status(d->grade), ui_child_stdout(d->grade),
                       ui_child_stderr(d->grade), &d->outcome);
    free(d->last_json);
    d->last_json = cl_strdup(ui_child_stdout(d->grade) ? ui_child_stdout(d->grade) : "");
    double seconds = (double)ui_child_elapsed_ms(d->grade) / 1000;
    ui_child_free(d->grade);
    d->grade = NULL;
    d->graded = true;
    d->ngrades++;
    describe_outcome(d, seconds);
    note_stepper(d);
    if (d->outcome.result) { /* kept for the next time the runner opens the day */
        char *last = ws_last_report_path(app->course, d->m);
        cl_error ignored = {0};
        const char *json = d->last_json ? d->last_json : "";
        (void)cl_write_file_atomic(last, json, strlen(json), &ignored);
        free(last);
    }
    free(d->last_json);
    d->last_json = NULL;
    if (d->outcome.kind == UI_GRADE_PASSED) { /* a pass moves the learner on */
        ui_reload_state(app);
        const day_manifest *next = ws_next_day(app->course, app->state);
        size_t used = strlen(d->done_tail);
        if (next && next != d->m)
            snprintf(d->done_tail + used, sizeof d->done_tail - used, " %s next: day %d", d->dot, next->day);
        else if (!next)
            snprintf(d->done_tail + used, sizeof d->done_tail - used, " %s every day passes", d->dot);
    }
    stale(d, REPORT);
    d->focus = REPORT;
    return UI_RELOAD | UI_REDRAW;
}

/* Stop the running grade: by hand (c), or because the file changed. */
static ui_reaction cancel_grade(ui_app *app, day *d, bool saved)
{
    if (!d->grade) {
        ui_message(app, REPORT_STYLE_DIM, "nothing is being graded");
        return UI_REDRAW;
    }
    double ran = (double)ui_child_elapsed_ms(d->grade) / 1000;
    if (saved)
        snprintf(d->done, sizeof d->done, "your file changed; grading it again (the grade it "
                 "stopped had run %.1f s)", ran);
    else
        snprintf(d->done, sizeof d->done, "cancelled after %.1f s", ran);
    *d->done_tail = '\0';
    d->done_style = REPORT_STYLE_WARN;
    ui_abandon_child(app, d->grade);
    d->grade = NULL;
    stale(d, REPORT);
    return UI_REDRAW;
}

/* ---- the other commands ---- */

static ui_reaction toggle_watch(ui_app *app, day *d)
{
    if (d->watch) {
        ui_watch_free(d->watch);
        d->watch = NULL;
        ui_message(app, REPORT_STYLE_DIM, "watch off");
        return UI_REDRAW;
    }
    cl_error err = {0};
    if (ui_watch_start(d->path, &d->watch, &err) != CL_OK) {
        char why[1600];
        cl_error_format(&err, why, sizeof why);
        ui_message(app, REPORT_STYLE_FAIL, "%s", why);
        return UI_REDRAW;
    }
    const char *poll_env = getenv("CUDALAB_POLL");
    if (poll_env && *poll_env && strcmp(poll_env, "0")) ui_watch_force_poll(d->watch);
    return start_grade(app, d); /* what the file says now, then every save */
}

static char *find_program(const char *name)
{
    const char *path = getenv("PATH");
    if (!path) path = "/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        char *p = cl_sprintf("%.*s/%s", (int)n, path, name);
        if (n && access(p, X_OK) == 0) return p;
        free(p);
        path += n + (path[n] == ':');
    }
    return NULL;
}

static ui_reaction edit(ui_app *app, day *d)
{
    const char *env = getenv("EDITOR");
    if (!env || !*env) env = getenv("VISUAL");
    char *argv[6] = {0}, *found = NULL; /* NULL-terminated */
    char *path = cl_path_arg(d->path);  /* "-x.cu" is not an option */
    if (env && *env) {
        argv[0] = "/bin/sh";
        argv[1] = "-c";
        argv[2] = cl_sprintf("%s \"$1\"", env);
        argv[3] = "editor";
        argv[4] = path; /* $1, never part of the shell's text */
    } else {
        const char *editors[] = {"nano", "vim", "vi"};
        for (int i = 0; i < 3 && !found; i++) found = find_program(editors[i]);
        if (!found) {
            ui_message(app, REPORT_STYLE_FAIL, "no editor: set EDITOR (nano, vim and vi are not "
                       "installed); your file is %s", d->path);
            free(path);
            return UI_REDRAW;
        }
        argv[0] = found;
        argv[1] = path;
    }
    int status = ui_run_foreground(app, argv);
    if (status < 0)
        ui_message(app, REPORT_STYLE_FAIL, "cannot start the editor: %s", strerror(errno));
    else if (!WIFEXITED(status) || WEXITSTATUS(status))
        ui_message(app, REPORT_STYLE_WARN, "the editor exited with status %d", WEXITSTATUS(status));
    else if (!d->watch)
        ui_message(app, REPORT_STYLE_DIM, "back from the editor; g grades your file");
    if (env && *env) free(argv[2]);
    free(found);
    free(path);
    return UI_REDRAW;
}

static ui_reaction hint(ui_app *app, day *d)
{
    if (!d->m->nhints) {
        ui_message(app, REPORT_STYLE_DIM, "this day has no hints");
        return UI_REDRAW;
    }
    /* remembered in state.yaml: the revealed hints are there when the runner
     * opens the day again, and for `cudalab hint` and `cudalab show` */
    char *warning = NULL;
    cl_error err = {0};
    int shown = d->hints;
    if (ws_reveal_hint(app->course, d->m, &shown, &warning, &err) != CL_OK || shown < d->hints)
        shown = d->hints < d->m->nhints ? d->hints + 1 : d->hints; /* shown, not kept */
    d->hints = shown;
    ui_message(app, REPORT_STYLE_PLAIN, "hint %d of %d%s", d->hints, d->m->nhints,
               d->hints == d->m->nhints ? " (the last one)" : "");
    free(warning);
    stale(d, EXERCISE);
    d->show_hint = true;
    d->focus = EXERCISE;
    return UI_REDRAW | UI_RELOAD;
}

static ui_reaction start_diff(ui_app *app, day *d)
{
    if (d->diff) return UI_NONE;
    char *argv[] = {"diff", "-u", "--", d->template_path, d->path, NULL};
    cl_error err = {0};
    if (ui_child_start(argv, &d->diff, &err) != CL_OK)
        ui_message(app, REPORT_STYLE_FAIL, "%s", err.message);
    return UI_REDRAW;
}

static ui_reaction finish_diff(ui_app *app, day *d)
{
    int status = ui_child_wait_status(d->diff);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    ui_reaction r = UI_REDRAW;
    if (code == 0 || code == 1) {
        ui_pager_page *page = cl_calloc(1, sizeof *page);
        page->title = cl_sprintf("diff -u template yours: %s", d->m->student_file);
        page->doc = ui_daydoc_diff(ui_child_stdout(d->diff));
        page->empty = cl_strdup("Your file is the same as the template: nothing written yet.");
        r = ui_push(app, &ui_pager_screen, page);
    } else {
        const char *err = ui_child_stderr(d->diff);
        ui_message(app, REPORT_STYLE_FAIL, "diff failed: %.*s", (int)strcspn(err, "\n"), err);
    }
    ui_child_free(d->diff);
    d->diff = NULL;
    return r;
}

static ui_reaction confirm_reset(ui_app *app, day *d, int ch)
{
    d->confirm_reset = false;
    if (ch != 'y' && ch != 'Y') {
        ui_message(app, REPORT_STYLE_DIM, "reset cancelled; your file is as it was");
        return UI_REDRAW;
    }
    char *backup = NULL;
    cl_error err = {0};
    if (ws_reset(app->course, d->m, &backup, &err) == CL_OK) {
        if (backup)
            ui_message(app, REPORT_STYLE_PASS, "%s is the template again; your file was kept "
                       "as %s", d->m->student_file, backup);
        else
            ui_message(app, REPORT_STYLE_PASS, "%s is the template again", d->m->student_file);
    } else {
        char why[1600];
        cl_error_format(&err, why, sizeof why);
        ui_message(app, REPORT_STYLE_FAIL, "reset failed, nothing was lost: %s", why);
    }
    free(backup);
    return UI_RELOAD | UI_REDRAW;
}

/* s: the warp stepper at the mask hazard in view, else the report's first
 * (one met at a hidden size has no place to step to). */
static ui_reaction open_stepper(ui_app *app, day *d)
{
    const report_hazard *h = stepper_hazard(d);
    if (!h && !d->m->nkernels) return UI_NONE;
    if (!h) { /* no hazard: the day's first kernel, its first warp (Tab: the next kernel) */
        ui_stepper_ask first = {d->m, d->m->slug, d->path, d->m->kernels[0].name, {0, 0, 0}, 0, 0, 0, NULL, 0};
        return ui_push(app, &ui_stepper_screen, &first);
    }
    char *size = h->size ? cl_strdup(h->size) : NULL;
    for (char *p = size; p && *p; p++)
        if (*p == ' ') *p = ',';
    ui_stepper_ask ask = {d->m, d->m->slug, d->path, h->kernel, {(unsigned)h->block[0], (unsigned)h->block[1],
                          (unsigned)h->block[2]}, (unsigned)h->warp, h->lane, h->line, size, h->launch};
    ui_reaction re = ui_push(app, &ui_stepper_screen, &ask);
    free(size);
    return re;
}

static ui_reaction day_key(ui_app *app, void *self, ui_command cmd, int ch)
{
    day *d = self;
    if (d->confirm_reset) return confirm_reset(app, d, ch);
    switch (cmd) {
    case UI_CMD_UP: case UI_CMD_DOWN: case UI_CMD_PAGE_UP: case UI_CMD_PAGE_DOWN:
    case UI_CMD_TOP: case UI_CMD_BOTTOM:
        d->top[d->focus] = ui_scroll(cmd, d->top[d->focus],
                                     d->doc[d->focus] ? d->doc[d->focus]->nlines : 0, pane_rows());
        return UI_REDRAW;
    case UI_CMD_PANE: d->focus = !d->focus; return UI_REDRAW;
    case UI_CMD_GRADE: return start_grade(app, d);
    case UI_CMD_CANCEL: return cancel_grade(app, d, false);
    case UI_CMD_WATCH: return toggle_watch(app, d);
    case UI_CMD_EDIT: return edit(app, d);
    case UI_CMD_HINT: return hint(app, d);
    case UI_CMD_DIFF: return start_diff(app, d);
    case UI_CMD_RESET: d->confirm_reset = true; return UI_REDRAW;
    case UI_CMD_STEPPER: return open_stepper(app, d);
    case UI_CMD_BACK: return ui_pop(app);
    default: return UI_UNHANDLED;
    }
}

/* ---- waiting ---- */

static void lower(int *timeout_ms, int ms)
{
    if (ms >= 0 && (*timeout_ms < 0 || ms < *timeout_ms)) *timeout_ms = ms;
}

static int day_poll(void *self, struct pollfd *fds, int max, int *timeout_ms)
{
    day *d = self;
    int n = 0;
    if (d->grade) {
        n += ui_child_pollfds(d->grade, fds + n, max - n);
        lower(timeout_ms, 100); /* the spinner and the seconds */
    }
    if (d->diff) {
        n += ui_child_pollfds(d->diff, fds + n, max - n);
        lower(timeout_ms, 100);
    }
    if (d->watch && n < max) {
        fds[n++] = (struct pollfd){.fd = ui_watch_fd(d->watch), .events = POLLIN};
        lower(timeout_ms, ui_watch_timeout(d->watch, ui_now_ms()));
        lower(timeout_ms, UI_WATCH_TICK_MS); /* the file's stamp, where inotify is silent */
    }
    return n;
}

/* Every source is read without blocking, so this need not look at which
 * descriptor woke the loop. */
static ui_reaction day_events(ui_app *app, void *self, const struct pollfd *fds, int n)
{
    day *d = self;
    ui_reaction r = UI_NONE;
    int64_t now = ui_now_ms();
    if (d->watch && ui_watch_read(d->watch, now) && d->grade)
        r |= cancel_grade(app, d, true);
    ui_watch_tick_result t = d->watch ? ui_watch_tick(d->watch, now) : UI_WATCH_SAME;
    if (t == UI_WATCH_NOW_POLLING)
        ui_message(app, REPORT_STYLE_WARN, "no file event came for a save here (a network or "
                   "Windows drive?): watching by polling every %d ms", UI_WATCH_TICK_MS);
    if (t != UI_WATCH_SAME && d->grade) r |= cancel_grade(app, d, true);
    if (t != UI_WATCH_SAME) r |= UI_REDRAW;
    if (d->watch && ui_watch_due(d->watch, now)) r |= start_grade(app, d);
    if (d->grade) r |= ui_child_pump(d->grade) ? finish_grade(app, d) : UI_REDRAW;
    if (d->diff && ui_child_pump(d->diff)) r |= finish_diff(app, d);
    return r;
}

/* ---- opening and closing ---- */

/* The report the runner kept from the day's last grade (ws_last_report_path),
 * shown as it was until the next grade; none when it cannot be read. */
static void last_report(day *d, ui_app *app)
{
    char *path = ws_last_report_path(app->course, d->m), *json = NULL;
    struct stat sb;
    if (stat(path, &sb) == 0 && cl_read_file(path, &json, NULL, NULL) == CL_OK) {
        ui_grade_interpret(0, json, NULL, &d->outcome);
        if (d->outcome.result) {
            d->outcome.kind = d->outcome.result->passed ? UI_GRADE_PASSED : UI_GRADE_NOT_PASSED;
            d->graded = true;
            char when[32];
            struct tm tm;
            strftime(when, sizeof when, "%Y-%m-%d %H:%M", localtime_r(&sb.st_mtime, &tm));
            snprintf(d->done, sizeof d->done, "the last report, of %s %s %d of %d checks passed", when,
                     d->dash, d->outcome.checks_passed, d->outcome.checks_run);
            d->done_style = d->outcome.kind == UI_GRADE_PASSED ? REPORT_STYLE_PASS : REPORT_STYLE_FAIL;
            snprintf(d->done_tail, sizeof d->done_tail, " %s g grades again", d->dot);
            note_stepper(d);
        } else {
            ui_grade_outcome_free(&d->outcome);
        }
    }
    free(json);
    free(path);
}

static void *day_enter(ui_app *app, void *arg)
{
    const day_manifest *m = arg;
    day *d = cl_calloc(1, sizeof *d);
    d->m = m;
    cl_error err = {0};
    if (ws_ensure_student_file(app->course, m, &d->path, &d->created, &err) != CL_OK) {
        char why[1600];
        cl_error_format(&err, why, sizeof why);
        ui_message(app, REPORT_STYLE_FAIL, "cannot open day %d: %s", m->day, why);
        free(d);
        return NULL;
    }
    d->template_path = day_template_path(app->course, m);
    d->readme_path = day_readme_path(m);
    if (cl_read_file(d->readme_path, &d->readme, NULL, NULL) != CL_OK) d->readme = NULL;
    d->hint_line = -1;
    d->hints = ws_hints_revealed(app->state, m); /* those revealed before, here or by `cudalab hint` */
    d->dash = ui_glyph(app, "—", "-");
    d->dot = ui_glyph(app, "·", "-");
    last_report(d, app);
    stale(d, EXERCISE);
    stale(d, REPORT);
    return d;
}

static void day_leave(ui_app *app, void *self)
{
    day *d = self;
    if (d->grade) {
        ui_message(app, REPORT_STYLE_WARN, "the grade of day %d was cancelled when you left it",
                   d->m->day);
        ui_abandon_child(app, d->grade);
    }
    ui_child_free(d->diff);
    ui_watch_free(d->watch);
    ui_grade_outcome_free(&d->outcome);
    free(d->last_json);
    for (int p = 0; p < NPANES; p++) report_doc_free(d->doc[p]);
    free(d->path);
    free(d->template_path);
    free(d->readme);
    free(d->readme_path);
    free(d);
}

const ui_screen ui_day_screen = {
    .name = "day",
    .id = UI_SCREEN_DAY,
    .enter = day_enter,
    .draw = day_draw,
    .key = day_key,
    .poll = day_poll,
    .events = day_events,
    .leave = day_leave,
};
