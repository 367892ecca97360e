/* ui_stepper.c - the warp stepper screen: `cudalab trace ... --json` for the
 * warp of a mask hazard, run in a child, then one step at a time as a
 * picture: the 32 lanes as boxes, the lanes each one read as arrows from the
 * source lane's box down to the reader's, what every lane got, and the lanes
 * still holding a partial sum (trace_model.h), from the student's own values.
 * It opens at the hazard's step (the first at its line where its lane reads
 * undefined) with the hazard's lane under the cursor. 80x24 and up. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "trace_model.h"
#include "ui.h"
#include "ui_child.h"

typedef struct stepper {
    ui_stepper_ask ask;
    ui_child *child;
    bool done;
    char *why;      /* the trace could not be made: what it said */
    trace_run run;
    char *text;     /* the student's file, and its lines (to quote a step's) */
    char **lines;
    int nlines;
    size_t step;
    int lane;
} stepper;

enum { LANE_X = 12 }; /* the column of lane 0's box; lane l's is LANE_X + 2l */

static char **trace_argv(const ui_app *app, const ui_stepper_ask *a)
{
    char **argv = cl_calloc(16, sizeof *argv);
    int n = 0;
    argv[n++] = cl_strdup(app->self_exe);
    argv[n++] = cl_strdup("trace");
    argv[n++] = cl_strdup(a->day);
    argv[n++] = cl_path_arg(a->file);
    argv[n++] = cl_sprintf("--kernel=%s", a->kernel);
    argv[n++] = cl_sprintf("--block=%u,%u,%u", a->block[0], a->block[1], a->block[2]);
    argv[n++] = cl_sprintf("--warp=%u", a->warp);
    if (a->size) argv[n++] = cl_sprintf("--size=%s", a->size);
    if (a->launch > 1) argv[n++] = cl_sprintf("--launch=%d", a->launch);
    argv[n++] = cl_strdup("--json");
    return argv;
}

static void free_argv(char **argv)
{
    for (int i = 0; argv && argv[i]; i++) free(argv[i]);
    free(argv);
}

/* The hazard's step: the first at its line where its lane reads undefined,
 * else the first at its line, else the first. */
static size_t hazard_step(const stepper *s)
{
    size_t at_line = SIZE_MAX;
    for (size_t i = 0; i < s->run.nsteps; i++) {
        const sim_trace_step *t = &s->run.steps[i];
        if ((int)t->line != s->ask.line) continue;
        if (at_line == SIZE_MAX) at_line = i;
        if (s->ask.lane >= 0 && trace_undefined_why(t, s->ask.lane)) return i;
    }
    return at_line == SIZE_MAX ? 0 : at_line;
}

static void finish(stepper *s)
{
    int status = ui_child_wait_status(s->child);
    const char *out = ui_child_stdout(s->child), *err = ui_child_stderr(s->child);
    cl_error e = {0};
    if (out && *out && trace_from_json(out, &s->run, &e) == CL_OK && s->run.ran) {
        s->step = hazard_step(s);
    } else {
        const char *why = err && *err ? err : e.message[0] ? e.message : "the trace gave nothing";
        if (!strncmp(why, "cudalab: ", 9)) why += 9;
        s->why = cl_text_safe(why, 0);
        if (!s->why[0] || status == 0) {
            free(s->why);
            s->why = cl_strdup("that warp did not run");
        }
    }
    ui_child_free(s->child);
    s->child = NULL;
    s->done = true;
}

/* ---- drawing ---- */

static int lane_x(int l)
{
    return LANE_X + 2 * l;
}

static void put_at(int y, int x, const char *text, int attr)
{
    ui_put(y, x, COLS - x, text, (int)strlen(text), attr);
}

/* The glyph and style of lane l in the row of what it gave. */
static const char *sent_glyph(const ui_app *app, const sim_trace_step *t, int l, report_style *st)
{
    *st = REPORT_STYLE_PLAIN;
    if (!(t->existing >> l & 1u)) return " ";
    if (t->active >> l & 1u) return ui_glyph(app, "■", "#");
    *st = REPORT_STYLE_DIM;
    return (t->exited >> l & 1u) ? ui_glyph(app, "×", "x") : ui_glyph(app, "·", ".");
}

/* The glyph and style of lane l in the row of what it got. */
static const char *got_glyph(const ui_app *app, const sim_trace_step *t, int l, report_style *st)
{
    *st = REPORT_STYLE_PLAIN;
    if (!(t->active >> l & 1u)) return " ";
    if (t->kind != SIM_TRACE_SHUFFLE) return ui_glyph(app, "■", "#");
    switch (t->lane[l].read) {
    case SIM_READ_UNDEFINED: *st = REPORT_STYLE_FAIL; return "!";
    case SIM_READ_OWN: *st = REPORT_STYLE_WARN; return "=";
    default: *st = REPORT_STYLE_PASS; return ui_glyph(app, "▼", "v");
    }
}

/* Rows y (tens) and y + 1 (units) of lane numbers, the cursor's reversed. */
static void draw_lane_numbers(const stepper *s, int y)
{
    put_at(y + 1, 2, "lane", A_BOLD);
    for (int l = 0; l < 32; l++) {
        int attr = l == s->lane ? A_REVERSE : 0;
        char tens[2] = {l >= 10 ? (char)('0' + l / 10) : ' ', 0}, units[2] = {(char)('0' + l % 10), 0};
        put_at(y, lane_x(l), tens, attr);
        put_at(y + 1, lane_x(l), units, attr);
    }
}

/* The arrow of the cursor's lane: from its source's box (row y) down to its
 * own (row y + 2); a source off the warp's edge comes in from that edge. The
 * other readers' sources get a mark in row y. */
static void draw_arrows(const ui_app *app, const stepper *s, const sim_trace_step *t, int y)
{
    const char *stub = ui_glyph(app, "╵", "'"), *h = ui_glyph(app, "─", "-");
    for (int l = 0; l < 32; l++) {
        const sim_trace_lane *x = &t->lane[l];
        if ((t->active >> l & 1u) && x->read == SIM_READ_VALID && x->source != l && x->source >= 0 && x->source < 32)
            put_at(y, lane_x(x->source), stub, ui_style_attr(app, REPORT_STYLE_DIM));
    }
    const sim_trace_lane *c = &t->lane[s->lane];
    if (t->kind != SIM_TRACE_SHUFFLE || !(t->active >> s->lane & 1u) || c->source == s->lane) return;
    int attr = ui_style_attr(app, c->read == SIM_READ_UNDEFINED ? REPORT_STYLE_FAIL
                                  : c->read == SIM_READ_OWN ? REPORT_STYLE_WARN : REPORT_STYLE_EMPH) | A_BOLD;
    int to = lane_x(s->lane), from = c->source < 0 ? LANE_X - 2 : c->source > 31 ? lane_x(31) + 2 : lane_x(c->source);
    int lo = from < to ? from : to, hi = from < to ? to : from;
    for (int x = lo; x <= hi; x++) put_at(y + 1, x, h, attr);
    put_at(y, from, ui_glyph(app, "│", "|"), attr);
    put_at(y + 1, from, from < to ? ui_glyph(app, "└", "+") : ui_glyph(app, "┘", "+"), attr);
    put_at(y + 1, to, from < to ? ui_glyph(app, "┐", "+") : ui_glyph(app, "┌", "+"), attr);
    if (c->source < 0 || c->source > 31) put_at(y + 1, from, c->source < 0 ? "<" : ">", attr);
}

static void draw_row(const ui_app *app, const stepper *s, const sim_trace_step *t, int y, const char *label,
                     bool got)
{
    put_at(y, 2, label, A_BOLD);
    for (int l = 0; l < 32; l++) {
        report_style st;
        const char *g = got ? got_glyph(app, t, l, &st) : sent_glyph(app, t, l, &st);
        put_at(y, lane_x(l), g, ui_style_attr(app, st) | (l == s->lane ? A_REVERSE : 0));
    }
}

/* The partial sums after step k: a row of boxes and the count. */
static void draw_partials(const ui_app *app, const stepper *s, int y)
{
    const sim_trace_step *t = &s->run.steps[s->step];
    if (t->kind != SIM_TRACE_SHUFFLE || !strcmp(t->mode, "idx")) return;
    uint32_t parts[32], hold = trace_partials(&s->run, s->step, parts);
    put_at(y, 2, "sums", A_BOLD);
    for (int l = 0; l < 32; l++)
        if (hold >> l & 1u) put_at(y, lane_x(l), ui_glyph(app, "■", "#"), ui_style_attr(app, REPORT_STYLE_PASS));
    char line[200], lanes[64];
    trace_lanes_text(parts[s->lane], lanes, sizeof lanes);
    bool one = hold && !(hold & (hold - 1));
    if (__builtin_popcount(parts[s->lane]) >= 2)
        snprintf(line, sizeof line, "%d lane%s still hold%s a partial sum; lane %d holds lanes %s",
                 __builtin_popcount(hold), one ? "" : "s", one ? "s" : "", s->lane, lanes);
    else
        snprintf(line, sizeof line, "%d lane%s still hold%s a partial sum; lane %d holds none",
                 __builtin_popcount(hold), one ? "" : "s", one ? "s" : "", s->lane);
    put_at(y + 1, 2, line, 0);
}

/* What the cursor's lane did, in words (two rows). */
static void draw_lane_words(const stepper *s, const sim_trace_step *t, int y)
{
    const sim_trace_lane *x = &t->lane[s->lane];
    char line[160], sent[24], got[24];
    trace_value_text(x->sent, trace_value_format(t, false), sent, sizeof sent);
    trace_value_text(x->got, trace_value_format(t, true), got, sizeof got);
    if (!(t->existing >> s->lane & 1u))
        snprintf(line, sizeof line, "lane %d: no thread (the block is smaller)", s->lane);
    else if (!(t->active >> s->lane & 1u))
        snprintf(line, sizeof line, "lane %d: %s", s->lane,
                 (t->exited >> s->lane & 1u) ? "exited before this step" : "not at this step");
    else if (t->kind == SIM_TRACE_SHUFFLE && x->read == SIM_READ_UNDEFINED)
        snprintf(line, sizeof line, "lane %d sent %s, read lane %d (%s): undefined, got %s", s->lane, sent,
                 x->source, trace_undefined_why(t, s->lane), got);
    else if (t->kind == SIM_TRACE_SHUFFLE && x->read == SIM_READ_OWN)
        snprintf(line, sizeof line, "lane %d sent %s, asked for lane %d, off the warp: kept its own, %s", s->lane,
                 sent, x->source, got);
    else if (t->kind == SIM_TRACE_SHUFFLE)
        snprintf(line, sizeof line, "lane %d sent %s, read lane %d, got %s", s->lane, sent, x->source, got);
    else if (t->kind == SIM_TRACE_VOTE || t->kind == SIM_TRACE_MATCH || t->kind == SIM_TRACE_REDUX)
        snprintf(line, sizeof line, "lane %d gave %s, got %s", s->lane, sent, got);
    else
        snprintf(line, sizeof line, "lane %d was there, mask 0x%08x", s->lane, x->mask);
    put_at(y, 2, line, A_BOLD);
    int j = x->source;
    if (t->kind != SIM_TRACE_SHUFFLE || !(t->active >> s->lane & 1u) || j < 0 || j > 31 || j == s->lane) return;
    trace_value_text(t->lane[j].sent, trace_value_format(t, false), sent, sizeof sent);
    if (!(t->existing >> j & 1u))
        snprintf(line, sizeof line, "lane %d, its source: no thread", j);
    else if (t->active >> j & 1u)
        snprintf(line, sizeof line, "lane %d, its source, sent %s%s", j, sent,
                 (x->mask >> j & 1u) ? "" : ", but the mask does not name it");
    else
        snprintf(line, sizeof line, "lane %d, its source, %s", j,
                 (t->exited >> j & 1u) ? "had exited" : "was not at this shuffle");
    put_at(y + 1, 2, line, 0);
}

static void draw_header(const ui_app *app, const stepper *s, const sim_trace_step *t, int y)
{
    char line[200];
    snprintf(line, sizeof line, "step %zu of %zu  %s:%u  %s %s", s->step + 1, s->run.nsteps, t->file, t->line,
             sim_trace_kind_name(t->kind), t->mode);
    put_at(y, 2, line, ui_style_attr(app, REPORT_STYLE_HEADING));
    if (t->kind == SIM_TRACE_BARRIER)
        snprintf(line, sizeof line, "barrier %u: the warp's lanes waiting there are shown", t->barrier);
    else
        snprintf(line, sizeof line, "mask passed 0x%08x%s  lanes here 0x%08x (%d)", t->mask,
                 t->masks_differ ? " (not all alike)" : "", t->active, __builtin_popcount(t->active));
    put_at(y + 1, 2, line, 0);
    if (t->line && (int)t->line <= s->nlines) {
        const char *src = s->lines[t->line - 1];
        while (*src == ' ' || *src == '\t') src++;
        char *safe = cl_text_safe(src, 0);
        snprintf(line, sizeof line, "| %s", safe);
        free(safe);
        ui_put(y + 2, 2, COLS - 4, line, (int)strlen(line), ui_style_attr(app, REPORT_STYLE_DIM));
    }
}

static void draw_legend(const ui_app *app, int y)
{
    char line[200];
    snprintf(line, sizeof line, "%s here  %s not here  %s exited  %s read  ! undefined  = off the edge (own)",
             ui_glyph(app, "■", "#"), ui_glyph(app, "·", "."), ui_glyph(app, "×", "x"), ui_glyph(app, "▼", "v"));
    put_at(y, 2, line, ui_style_attr(app, REPORT_STYLE_DIM));
}

static void stepper_draw(ui_app *app, void *self)
{
    stepper *s = self;
    char title[160];
    snprintf(title, sizeof title, "Warp stepper · %s, block (%u,%u,%u) warp %u", s->ask.kernel, s->ask.block[0],
             s->ask.block[1], s->ask.block[2], s->ask.warp);
    if (s->ask.launch > 1) /* a program's later launch of the kernel */
        snprintf(title + strlen(title), sizeof title - strlen(title), ", launch %d", s->ask.launch);
    ui_draw_title(app, title, s->ask.day);
    int y = ui_body_top();
    if (!s->done || s->why || !s->run.nsteps) {
        const char *what = !s->done ? "running the warp on the emulator…"
                         : s->why ? s->why : "this warp ran no collective and no barrier";
        put_at(y + 1, 2, what, s->why ? ui_style_attr(app, REPORT_STYLE_FAIL) : 0);
        ui_draw_status(app, "", REPORT_STYLE_PLAIN);
        ui_draw_footer(app, UI_SCREEN_STEPPER);
        return;
    }
    const sim_trace_step *t = &s->run.steps[s->step];
    draw_header(app, s, t, y);
    draw_lane_numbers(s, y + 4);
    bool values = t->kind == SIM_TRACE_SHUFFLE || t->kind == SIM_TRACE_VOTE || t->kind == SIM_TRACE_MATCH ||
                  t->kind == SIM_TRACE_REDUX;
    draw_row(app, s, t, y + 6, values ? "sent" : "here", false);
    if (t->kind == SIM_TRACE_SHUFFLE) draw_arrows(app, s, t, y + 7);
    if (values) draw_row(app, s, t, y + 9, "got", true);
    draw_partials(app, s, y + 10);
    draw_lane_words(s, t, y + 13);
    draw_legend(app, y + 16);
    char status[120];
    snprintf(status, sizeof status, "%s, %s", s->run.size, s->run.outcome ? s->run.outcome : "");
    ui_draw_status(app, status, REPORT_STYLE_DIM);
    ui_draw_footer(app, UI_SCREEN_STEPPER);
}

/* ---- keys and the child ---- */

/* Run the trace s->ask names, from scratch. */
static void start(ui_app *app, stepper *s)
{
    if (s->child) ui_abandon_child(app, s->child);
    s->child = NULL;
    trace_run_free(&s->run);
    free(s->why);
    s->why = NULL;
    s->done = false;
    s->step = 0;
    char **argv = trace_argv(app, &s->ask);
    cl_error err = {0};
    if (ui_child_start(argv, &s->child, &err) != CL_OK) {
        s->done = true;
        s->why = cl_sprintf("could not start `cudalab trace`: %.200s", err.message);
    }
    free_argv(argv);
}

/* Tab: the day's next kernel, at block 0, warp 0, the course size. */
static ui_reaction next_kernel(ui_app *app, stepper *s)
{
    const day_manifest *m = s->ask.m;
    int k = 0;
    while (k < m->nkernels && strcmp(m->kernels[k].name, s->ask.kernel) != 0) k++;
    k = k < m->nkernels ? (k + 1) % m->nkernels : 0;
    free((char *)s->ask.kernel);
    free((char *)s->ask.size);
    s->ask.kernel = cl_strdup(m->kernels[k].name);
    s->ask.size = NULL;
    memset(s->ask.block, 0, sizeof s->ask.block);
    s->ask.warp = 0;
    s->ask.lane = -1;
    s->ask.line = 0;
    s->ask.launch = 0;
    s->lane = 0;
    start(app, s);
    return UI_REDRAW;
}

static ui_reaction stepper_key(ui_app *app, void *self, ui_command cmd, int ch)
{
    stepper *s = self;
    (void)ch;
    size_t n = s->run.nsteps;
    switch (cmd) {
    case UI_CMD_UP: if (s->step) s->step--; return UI_REDRAW;
    case UI_CMD_DOWN: if (s->step + 1 < n) s->step++; return UI_REDRAW;
    case UI_CMD_TOP: s->step = 0; return UI_REDRAW;
    case UI_CMD_BOTTOM: s->step = n ? n - 1 : 0; return UI_REDRAW;
    case UI_CMD_LANE_LEFT: s->lane = (s->lane + 31) % 32; return UI_REDRAW;
    case UI_CMD_LANE_RIGHT: s->lane = (s->lane + 1) % 32; return UI_REDRAW;
    case UI_CMD_PANE: return s->ask.m->nkernels ? next_kernel(app, s) : UI_NONE;
    case UI_CMD_BACK: return ui_pop(app);
    default: return UI_UNHANDLED;
    }
}

static int stepper_poll(void *self, struct pollfd *fds, int max, int *timeout_ms)
{
    stepper *s = self;
    if (!s->child) return 0;
    if (*timeout_ms < 0 || *timeout_ms > 200) *timeout_ms = 200;
    return ui_child_pollfds(s->child, fds, max);
}

static ui_reaction stepper_events(ui_app *app, void *self, const struct pollfd *fds, int n)
{
    stepper *s = self;
    (void)app, (void)fds, (void)n;
    if (!s->child || !ui_child_pump(s->child)) return UI_NONE;
    finish(s);
    return UI_REDRAW;
}

static void *stepper_enter(ui_app *app, void *arg)
{
    const ui_stepper_ask *a = arg;
    stepper *s = cl_calloc(1, sizeof *s);
    s->ask = *a;
    s->ask.day = cl_strdup(a->day);
    s->ask.file = cl_strdup(a->file);
    s->ask.kernel = cl_strdup(a->kernel);
    s->ask.size = a->size ? cl_strdup(a->size) : NULL;
    s->lane = a->lane >= 0 && a->lane < 32 ? a->lane : 0;
    if (cl_read_file(a->file, &s->text, NULL, NULL) == CL_OK) /* its lines, split in place */
        for (char *p = s->text, *nl; p; p = nl ? nl + 1 : NULL) {
            nl = strchr(p, '\n');
            if (nl) *nl = '\0';
            s->lines = cl_realloc(s->lines, (size_t)(s->nlines + 1) * sizeof *s->lines);
            s->lines[s->nlines++] = p;
        }
    start(app, s);
    return s;
}

static void stepper_leave(ui_app *app, void *self)
{
    stepper *s = self;
    if (s->child) ui_abandon_child(app, s->child);
    trace_run_free(&s->run);
    free(s->why);
    free(s->lines);
    free(s->text);
    free((char *)s->ask.day);
    free((char *)s->ask.file);
    free((char *)s->ask.kernel);
    free((char *)s->ask.size);
    free(s);
}

const ui_screen ui_stepper_screen = {
    .name = "stepper",
    .id = UI_SCREEN_STEPPER,
    .enter = stepper_enter,
    .draw = stepper_draw,
    .key = stepper_key,
    .poll = stepper_poll,
    .events = stepper_events,
    .leave = stepper_leave,
};
