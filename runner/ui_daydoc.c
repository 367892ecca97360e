/* ui_daydoc.c - the exercise, report and diff documents of the day screen. */
#include "ui_daydoc.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ui.h"
#include "ui_markdown.h"

static void exercise_head(const ui_exercise *e, report_doc *d, int width, bool unicode)
{
    const day_manifest *m = e->m;
    cl_str md = {0};
    cl_str_addf(&md, "**Your file:** `%s`%s\n\n", e->path,
                e->created ? " (copied from the template just now)" : "");
    if (m->program) /* its stages launch them, each with its own grid and block */
        cl_str_addf(&md, "**Kernels** (names and signatures are fixed; the day's program, `%s`, "
                    "launches them as the README shows):\n\n", m->program->judged.name);
    else
        cl_str_addf(&md, "**Kernels** (names and signatures are fixed; %d threads a block):\n\n",
                    m->block);
    for (int i = 0; i < m->nkernels; i++) {
        char *sig = day_kernel_signature(&m->kernels[i]);
        cl_str_addf(&md, "- `%s`%s\n", sig, m->kernels[i].optional ? " (optional)" : "");
        free(sig);
    }
    ui_markdown_append(d, cl_str_cstr(&md), width, unicode);
    cl_str_free(&md);
    report_doc_line(d);
    report_line *l = report_doc_line(d);
    for (int i = 0; i < width && i < 72; i++) report_line_add(l, REPORT_STYLE_DIM, "%s",
                                                             unicode ? "─" : "-");
    report_doc_line(d);
}

static void exercise_hints(const ui_exercise *e, report_doc *d, int width, bool unicode,
                           int *hint_line)
{
    const day_manifest *m = e->m;
    *hint_line = -1;
    if (!m->nhints) return;
    report_doc_line(d);
    char *head = cl_sprintf("## Hints (%d of %d shown)", e->hints, m->nhints);
    ui_markdown_append(d, head, width, unicode);
    free(head);
    if (e->hints < m->nhints)
        report_line_add(report_doc_line(d), REPORT_STYLE_DIM, "Press h for the %s hint.",
                        e->hints ? "next" : "first");
    for (int i = 0; i < e->hints && i < m->nhints; i++) {
        report_doc_line(d);
        *hint_line = d->nlines;
        char *item = cl_sprintf("%d. %s", i + 1, m->hints[i]);
        ui_markdown_append(d, item, width, unicode);
        free(item);
    }
}

/* The resources check's limits, kernel by kernel, as day.yaml sets them:
 * a student is held to them, so the exercise says them. */
static void exercise_limits(const ui_exercise *e, report_doc *d, int width, bool unicode)
{
    const day_manifest *m = e->m;
    cl_str s = {0};
    for (int i = 0; i < m->nkernels; i++) {
        const day_kernel *k = &m->kernels[i];
        if (!(k->checks & 1u << DAY_CHECK_RESOURCES)) continue;
        report_resource rows[REPORT_RESOURCES];
        report_resources(NULL, &k->limits, rows);
        cl_str row = {0};
        for (int j = 0; j < REPORT_RESOURCES; j++) {
            const char *sep = !row.len ? "at most " : ", ";
            if (rows[j].limit == 0) cl_str_addf(&row, "%sno %s", row.len ? ", " : "", rows[j].noun);
            else if (rows[j].limit > 0) cl_str_addf(&row, "%s%ld %s", sep, rows[j].limit, rows[j].what);
        }
        if (row.len) cl_str_addf(&s, "- `%s`: %s\n", k->name, row.s);
        free(row.s);
    }
    if (!s.len) return;
    report_doc_line(d);
    char *text = cl_sprintf("## Limits\n\nThe resources check holds each kernel to these (ptxas's figures "
                            "for the day's architecture):\n\n%s", s.s);
    ui_markdown_append(d, text, width, unicode);
    free(text);
    free(s.s);
}

report_doc *ui_daydoc_exercise(const ui_exercise *e, int width, bool unicode, int *hint_line)
{
    report_doc *d = cl_calloc(1, sizeof *d);
    exercise_head(e, d, width, unicode);
    if (e->readme)
        ui_markdown_append(d, e->readme, width, unicode);
    else
        report_line_add(report_doc_line(d), REPORT_STYLE_WARN, "This day has no README.md yet "
                        "(%s).", e->readme_path ? e->readme_path : "?");
    exercise_limits(e, d, width, unicode);
    exercise_hints(e, d, width, unicode, hint_line);
    return d;
}

static void format_when(time_t t, char *buf, size_t size)
{
    struct tm tm;
    localtime_r(&t, &tm);
    strftime(buf, size, "%Y-%m-%d %H:%M", &tm);
}

static void not_graded(report_doc *d, const ws_day_state *ds, bool grading)
{
    if (grading) {
        report_line_add(report_doc_line(d), REPORT_STYLE_EMPH, "Grading; the report appears "
                        "here when it is done.");
        return;
    }
    report_line_add(report_doc_line(d), REPORT_STYLE_EMPH, "Not graded in this visit yet.");
    report_doc_line(d);
    if (ds && ds->last_graded) {
        char when[32];
        format_when(ds->last_graded, when, sizeof when);
        report_line *l = report_doc_line(d);
        report_line_add(l, REPORT_STYLE_PLAIN, "Last graded %s: ", when);
        report_line_add(l, ds->status >= WS_PASSING ? REPORT_STYLE_PASS : REPORT_STYLE_FAIL, "%s",
                        ws_status_text(ds->status));
        if (ds->backend) report_line_add(l, REPORT_STYLE_DIM, " (%s)", ds->backend);
    }
    report_line_add(report_doc_line(d), REPORT_STYLE_PLAIN,
                    "Press g to grade your file, or w to grade it on every save.");
}

static void could_not(report_doc *d, const ui_grade_outcome *o)
{
    report_line_add(report_doc_line(d), REPORT_STYLE_FAIL, "%s",
                    o->kind == UI_GRADE_CANNOT ? "Could not grade" : "The grader failed");
    report_doc_line(d);
    const char *s = o->reason ? o->reason : "";
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        report_line_add(report_doc_line(d), REPORT_STYLE_PLAIN, "%.*s", (int)n, s);
        s += n + (nl ? 1 : 0);
    }
}

/* ---- long lines ---- */

/* The piece of line (a span, or the plain text between spans) that holds
 * byte at: bytes [*start, *end), in *style. */
static report_style piece_at(const report_line *line, int at, int *start, int *end)
{
    int from = 0;
    for (int s = 0; s < line->nspans; s++) {
        const report_span *sp = &line->spans[s];
        if (at < sp->start) {
            *start = from;
            *end = sp->start;
            return REPORT_STYLE_PLAIN;
        }
        if (at < sp->start + sp->len) {
            *start = sp->start;
            *end = sp->start + sp->len;
            return sp->style;
        }
        from = sp->start + sp->len;
    }
    *start = from;
    *end = (int)strlen(line->text);
    return REPORT_STYLE_PLAIN;
}

/* Where the rows after the first start. A line whose first piece is a
 * label that ends in a space (a check's mark and name, a table row's "yours")
 * hangs under what follows the label; any other under its own first letter,
 * two further in. At most half the width. */
static int hang(const report_line *line, int width)
{
    const char *t = line->text;
    int lead = (int)strspn(t, " "), start, end, col = lead + 2;
    piece_at(line, 0, &start, &end);
    if (end > lead && t[end - 1] == ' ' && t[end]) {
        end += (int)strspn(t + end, " ");
        col = ui_text_width(t, end);
    }
    return col < width / 2 ? col : width / 2;
}

/* Bytes [from, to) of src appended to l, each with its style. */
static void copy_styled(report_line *l, const report_line *src, int from, int to)
{
    for (int at = from; at < to;) {
        int start, end;
        report_style st = piece_at(src, at, &start, &end);
        if (end > to) end = to;
        report_line_add(l, st, "%.*s", end - at, src->text + at);
        at = end;
    }
}

/* Where the row that starts at byte at ends (*end) and the next one starts
 * (*next): at the last space that fits in cols columns, else where the text
 * stops fitting; never inside the row's own indent. */
static void break_row(const char *text, int len, int at, int cols, int *end, int *next)
{
    int fit = ui_text_fit(text + at, len - at, cols);
    if (fit < 1) fit = ui_text_fit(text + at, len - at, 2); /* one character, however wide */
    if (fit < 1) fit = 1;
    *end = at + fit;
    if (*end < len) {
        int lead = at + (int)strspn(text + at, " ");
        for (int i = *end; i > lead; i--)
            if (text[i] == ' ') {
                *end = i;
                break;
            }
    }
    *next = *end;
    while (*next < len && text[*next] == ' ') (*next)++;
    while (*end > at && text[*end - 1] == ' ') (*end)--;
}

/* src as rows of at most width columns, with a hanging indent. */
static void wrap_line(report_doc *d, const report_line *src, int width)
{
    int len = (int)strlen(src->text), indent = 0, at = 0;
    if (ui_text_width(src->text, len) <= width) {
        report_line *l = report_doc_line(d);
        l->hazard = src->hazard;
        copy_styled(l, src, 0, len);
        return;
    }
    while (at < len) {
        int end, next;
        break_row(src->text, len, at, width - indent, &end, &next);
        report_line *l = report_doc_line(d);
        l->hazard = src->hazard;
        if (indent) report_line_add(l, REPORT_STYLE_PLAIN, "%*s", indent, "");
        copy_styled(l, src, at, end);
        if (!indent) indent = hang(src, width);
        at = next;
    }
}

report_doc *ui_daydoc_wrap(const report_doc *doc, int width)
{
    report_doc *d = cl_calloc(1, sizeof *d);
    for (int i = 0; i < doc->nlines; i++) wrap_line(d, &doc->lines[i], width < 20 ? 20 : width);
    return d;
}

/* ---- the report ---- */

report_doc *ui_daydoc_report(const ui_grade_outcome *o, const ws_day_state *ds, bool grading,
                             int width, bool unicode)
{
    report_doc *d;
    if (o && o->result) {
        report_text_options opt = {unicode, width < 60 ? 60 : width};
        d = report_render(o->result, &opt);
    } else {
        d = cl_calloc(1, sizeof *d);
        if (o && !grading)
            could_not(d, o);
        else
            not_graded(d, ds, grading);
    }
    /* The report is made for a terminal at least 60 wide and some of its
     * lines are longer (a check's detail, where a hazard happened): wrap
     * them rather than cut them. */
    report_doc *wrapped = ui_daydoc_wrap(d, width);
    report_doc_free(d);
    return wrapped;
}

report_doc *ui_daydoc_diff(const char *diff)
{
    report_doc *d = cl_calloc(1, sizeof *d);
    while (*diff) {
        const char *nl = strchr(diff, '\n');
        int n = (int)(nl ? nl - diff : (long)strlen(diff));
        report_style st = REPORT_STYLE_PLAIN;
        if (!strncmp(diff, "+++", 3) || !strncmp(diff, "---", 3)) st = REPORT_STYLE_HEADING;
        else if (*diff == '+') st = REPORT_STYLE_PASS;
        else if (*diff == '-') st = REPORT_STYLE_FAIL;
        else if (!strncmp(diff, "@@", 2)) st = REPORT_STYLE_CODE;
        cl_str line = {0};
        for (int i = 0; i < n; i++) /* tabs to spaces, by columns of 8 */
            if (diff[i] == '\t')
                do cl_str_addc(&line, ' '); while (line.len % 8);
            else
                cl_str_addc(&line, diff[i]);
        report_line_add(report_doc_line(d), st, "%s", cl_str_cstr(&line));
        cl_str_free(&line);
        diff += n + (nl ? 1 : 0);
    }
    return d;
}
