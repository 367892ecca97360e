/* text.c - the result model rendered as styled lines: the checks with marks,
 * yours beside the reference, correctness by size, each hazard in full with a
 * lane picture. */
#include "text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct glyphs {
    const char *pass, *fail, *warn, *rule;
    const char *in_mask, *out_mask, *read_ok, *read_bad, *read_own, *idle;
} glyphs;

static const glyphs utf8_glyphs = {"✓", "✗", "!", "─", "■", "·", "✓", "✗", "=", " "};
static const glyphs ascii_glyphs = {"+", "x", "!", "-", "#", ".", "o", "X", "=", " "};

typedef struct ctx {
    report_doc *doc;
    const report_result *r;
    const glyphs *g;
    int width;
    int wrong_width; /* the table's `wrong` column: its widest cell and a space */
} ctx;

static report_line *line(ctx *c)
{
    return report_doc_line(c->doc);
}

static void blank(ctx *c)
{
    line(c);
}

static void rule(ctx *c, const char *title)
{
    report_line *l = line(c);
    report_line_add(l, REPORT_STYLE_HEADING, "%s", title);
}

static void render_header(ctx *c)
{
    const report_result *r = c->r;
    report_line *l = line(c);
    report_line_add(l, REPORT_STYLE_HEADING, "%s", r->day);
    report_line_add(l, REPORT_STYLE_PLAIN, "  %s", r->file);
    l = line(c);
    char *sizes = report_sizes_line(r);
    report_line_add(l, REPORT_STYLE_DIM, "backend %s%s%s, seed %llu, %.1f s; %s", r->backend,
                    r->device ? " on " : "", r->device ? r->device : "",
                    (unsigned long long)r->seed, r->seconds, sizes);
    free(sizes);
    blank(c);
}

static void render_checks(ctx *c)
{
    for (int i = 0; i < DAY_CHECK_COUNT; i++) {
        const report_check *k = &c->r->checks[i];
        if ((i == DAY_CHECK_PERFORMANCE && !k->ran) || !k->applies) continue;
        report_line *l = line(c);
        if (!k->ran)
            report_line_add(l, REPORT_STYLE_DIM, "  - %-16s", day_check_name((day_check)i));
        else if (k->passed)
            report_line_add(l, REPORT_STYLE_PASS, "  %s %-16s", c->g->pass,
                            day_check_name((day_check)i));
        else
            report_line_add(l, REPORT_STYLE_FAIL, "  %s %-16s", c->g->fail,
                            day_check_name((day_check)i));
        const char *detail = k->detail && *k->detail ? k->detail : !k->ran ? "not run" : "";
        report_line_add(l, k->ran ? REPORT_STYLE_PLAIN : REPORT_STYLE_DIM, "%s", detail);
    }
    blank(c);
}

static void render_diags(ctx *c)
{
    if (!c->r->ndiags) return;
    rule(c, "Compiler");
    for (int i = 0; i < c->r->ndiags; i++) {
        const report_diag *d = &c->r->diags[i];
        report_line *l = line(c);
        report_line_add(l, REPORT_STYLE_EMPH, "%s:%d", d->file ? d->file : "?", d->line);
        if (d->column) report_line_add(l, REPORT_STYLE_EMPH, ":%d", d->column);
        report_line_add(l, d->severity == REPORT_ERROR ? REPORT_STYLE_FAIL : REPORT_STYLE_WARN,
                        ": %s", report_severity_name(d->severity));
        report_line_add(l, REPORT_STYLE_PLAIN, ": %s", d->message ? d->message : "");
    }
    blank(c);
}

static void cell_long(char *buf, size_t size, long v)
{
    if (v < 0)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%ld", v);
}

static void wrong_cell(char *wrong, size_t size, const report_side *s, bool exists)
{
    if (!exists)
        snprintf(wrong, size, "none");
    else if (!s->ran)
        snprintf(wrong, size, "did not run");
    else if (s->total >= 0 && s->wrong >= 0)
        snprintf(wrong, size, "%lld/%lld", s->wrong, s->total);
    else if (s->total >= 0)
        snprintf(wrong, size, "not judged"); /* the launch did not complete */
    else
        snprintf(wrong, size, "-");
}

static void render_side(ctx *c, const char *who, const report_side *s, bool exists)
{
    report_line *l = line(c);
    char wrong[48], regs[24], shared[24], spills[24], instr[32];
    wrong_cell(wrong, sizeof wrong, s, exists);
    cell_long(regs, sizeof regs, s->registers);
    cell_long(shared, sizeof shared, s->shared_bytes);
    cell_long(spills, sizeof spills, s->spill_bytes);
    if (s->lane_instructions)
        cl_group_digits(instr, sizeof instr, s->lane_instructions);
    else
        snprintf(instr, sizeof instr, "-");
    report_line_add(l, REPORT_STYLE_DIM, "    %-10s", who);
    report_line_add(l, s->ran && s->wrong > 0 ? REPORT_STYLE_FAIL : REPORT_STYLE_PLAIN, "%-*s",
                    c->wrong_width, wrong);
    report_line_add(l, REPORT_STYLE_PLAIN, "%5s %7s %6s %14s", regs, shared, spills, instr);
}

static void render_kernel_name(ctx *c, const report_kernel *k)
{
    report_line *l = line(c);
    report_line_add(l, k->passed ? REPORT_STYLE_PASS : REPORT_STYLE_FAIL, "  %s ",
                    k->passed ? c->g->pass : c->g->fail);
    report_line_add(l, REPORT_STYLE_EMPH, "%s", k->name);
    if (k->problem) report_line_add(l, REPORT_STYLE_FAIL, "  %s", k->problem);
    if (!k->present && !k->problem) report_line_add(l, REPORT_STYLE_DIM, "  (not in your file)");
}

/* A kernel whose reference solution has no such kernel (an optional one). */
static bool has_reference(const report_kernel *k)
{
    return k->reference.ran || k->reference.registers >= 0;
}

static void render_kernels(ctx *c)
{
    const report_result *r = c->r;
    if (!r->nkernels) return;
    rule(c, "Yours beside the reference (course size)");
    c->wrong_width = 12;
    for (int i = 0; i < r->nkernels; i++) {
        char cell[48];
        const report_kernel *k = &r->kernels[i];
        wrong_cell(cell, sizeof cell, &k->yours, true);
        if ((int)strlen(cell) + 1 > c->wrong_width) c->wrong_width = (int)strlen(cell) + 1;
        wrong_cell(cell, sizeof cell, &k->reference, has_reference(k));
        if ((int)strlen(cell) + 1 > c->wrong_width) c->wrong_width = (int)strlen(cell) + 1;
    }
    report_line *l = line(c);
    report_line_add(l, REPORT_STYLE_DIM, "    %-10s%-*s%5s %7s %6s %14s", "", c->wrong_width, "wrong",
                    "regs", "shared", "spills", "lane instr");
    for (int i = 0; i < r->nkernels; i++) {
        const report_kernel *k = &r->kernels[i];
        render_kernel_name(c, k);
        render_side(c, "yours", &k->yours, true);
        render_side(c, "reference", &k->reference, has_reference(k));
    }
    blank(c);
}

static void render_time(ctx *c, const char *who, const report_side *s)
{
    report_line *l = line(c);
    report_line_add(l, REPORT_STYLE_DIM, "    %-10s", who);
    if (!s->has_ms) {
        report_line_add(l, REPORT_STYLE_DIM, "not timed");
        return;
    }
    report_line_add(l, REPORT_STYLE_PLAIN, "%8.3f ms %9.1f GB/s", s->ms, s->gbps);
    if (s->copy_fraction >= 0)
        report_line_add(l, REPORT_STYLE_PLAIN, "  %4.0f%% of the copy kernel", 100 * s->copy_fraction);
}

/* Where a GPU ran: the medians, yours beside the reference's, and the copy
 * kernel's bandwidth for scale. */
static void render_times(ctx *c)
{
    const report_result *r = c->r;
    bool any = false;
    for (int i = 0; i < r->nkernels; i++) any |= r->kernels[i].yours.has_ms || r->kernels[i].reference.has_ms;
    if (!any) return;
    rule(c, "On the GPU (course size, median of the timed launches)");
    for (int i = 0; i < r->nkernels; i++) {
        const report_kernel *k = &r->kernels[i];
        render_kernel_name(c, k);
        render_time(c, "yours", &k->yours);
        if (has_reference(k)) render_time(c, "reference", &k->reference);
    }
    if (r->copy_has_ms)
        report_line_add(line(c), REPORT_STYLE_DIM, "    copy kernel %.3f ms, %.1f GB/s (read + write)",
                        r->copy_ms, r->copy_gbps);
    blank(c);
}

static bool size_bad(const report_size_result *s)
{
    return !s->ran || s->outcome || s->wrong != 0 || s->note;
}

#define SHOWN_MISMATCHES 3
#define SHOWN_SIZES 2

static void render_size(ctx *c, const report_kernel *k, const report_size_result *s)
{
    report_line *l = line(c);
    report_line_add(l, REPORT_STYLE_FAIL, "  %s %s", c->g->fail, k->name);
    report_line_add(l, REPORT_STYLE_PLAIN, " at %s: ", s->size);
    if (!s->ran)
        report_line_add(l, REPORT_STYLE_PLAIN, "did not run");
    else if (s->outcome)
        report_line_add(l, REPORT_STYLE_FAIL, "%s", s->outcome);
    else
        report_line_add(l, REPORT_STYLE_PLAIN, "%lld of %lld %s wrong", s->wrong, s->total,
                        k->unit ? k->unit : "values");
    for (int i = 0; i < s->nfirst && i < SHOWN_MISMATCHES; i++) {
        l = line(c);
        const report_mismatch *m = &s->first[i];
        char where[64], want[40], got[40];
        report_mismatch_where(where, sizeof where, m);
        report_mismatch_expected(want, sizeof want, m);
        report_mismatch_value(got, sizeof got, m, m->got);
        report_line_add(l, REPORT_STYLE_PLAIN, "      %s: expected %s, got ", where, want);
        report_line_add(l, REPORT_STYLE_FAIL, "%s", got);
    }
    if (s->note) report_line_add(line(c), REPORT_STYLE_WARN, "      %s", s->note);
}

/* Each failing kernel's first sizes in full, the rest named on one line. */
static void render_correctness(ctx *c)
{
    bool any = false;
    for (int i = 0; i < c->r->nkernels; i++) {
        const report_kernel *k = &c->r->kernels[i];
        int shown = 0;
        cl_str more = {0};
        for (int j = 0; j < k->nsizes; j++) {
            const report_size_result *s = &k->sizes[j];
            if (!size_bad(s)) continue;
            if (!any) rule(c, "Correctness");
            any = true;
            if (shown++ < SHOWN_SIZES)
                render_size(c, k, s);
            else
                cl_str_addf(&more, "%s%s", more.len ? ", " : "", s->size);
        }
        if (more.len)
            report_line_add(line(c), REPORT_STYLE_DIM, "    %s is also wrong at %s", k->name, more.s);
        cl_str_free(&more);
    }
    if (any) blank(c);
}

/* The lanes set in `bits` as ranges, the first six: "16-19", "1, 3, 5, ...". */
static void lane_ranges(cl_str *out, uint32_t bits)
{
    int shown = 0;
    for (int i = 0; i < 32; i++) {
        if (!(bits >> i & 1u)) continue;
        if (shown++ == 6) {
            cl_str_addf(out, ", ...");
            return;
        }
        int j = i;
        while (j < 31 && (bits >> (j + 1) & 1u)) j++;
        cl_str_addf(out, "%s%d", out->len ? ", " : "", i);
        if (j > i) cl_str_addf(out, "%s%d", j > i + 1 ? "-" : ", ", j);
        i = j;
    }
}

/* The lanes of the first instance: who is in the mask, who took part, and
 * what each read. */
static void render_lanes(ctx *c, const report_hazard *h)
{
    const report_lanes *ln = &h->lanes;
    const glyphs *g = c->g;
    report_line *l = line(c);
    report_line_add(l, REPORT_STYLE_DIM, "      lane       0         1         2         3 ");
    l = line(c);
    report_line_add(l, REPORT_STYLE_DIM, "                 01234567890123456789012345678901");
    l = line(c);
    report_line_add(l, REPORT_STYLE_DIM, "      mask       ");
    for (int i = 0; i < 32; i++)
        report_line_add(l, ln->mask >> i & 1 ? REPORT_STYLE_PASS : REPORT_STYLE_DIM, "%s",
                        ln->mask >> i & 1 ? g->in_mask : g->out_mask);
    report_line_add(l, REPORT_STYLE_DIM, "  0x%08x", ln->mask);
    l = line(c);
    report_line_add(l, REPORT_STYLE_DIM, "      took part  ");
    for (int i = 0; i < 32; i++)
        report_line_add(l, REPORT_STYLE_PLAIN, "%s", ln->active >> i & 1 ? g->in_mask : g->out_mask);
    l = line(c);
    report_line_add(l, REPORT_STYLE_DIM, "      read       ");
    for (int i = 0; i < 32; i++) {
        bool active = ln->active >> i & 1;
        int s = ln->source[i];
        if (!active || s < 0)
            report_line_add(l, REPORT_STYLE_PLAIN, "%s", g->idle);
        else if (ln->undefined >> i & 1)
            report_line_add(l, REPORT_STYLE_FAIL, "%s", g->read_bad);
        else if (ln->clamped >> i & 1)
            report_line_add(l, REPORT_STYLE_DIM, "%s", g->read_own);
        else
            report_line_add(l, REPORT_STYLE_PASS, "%s", g->read_ok);
    }
    l = line(c);
    report_line_add(l, REPORT_STYLE_DIM, "                 %s reads a lane in the mask  %s undefined  "
                    "%s own value", g->read_ok, g->read_bad, g->read_own);
    /* A lane the mask names that did not take part: it has exited, or is
     * elsewhere in the kernel; a read from it is undefined. Said, with those
     * lanes, only where the picture has one. */
    uint32_t absent = ln->mask & ~ln->active;
    if (absent) {
        cl_str lanes = {0};
        lane_ranges(&lanes, absent);
        l = line(c);
        report_line_add(l, REPORT_STYLE_DIM, "      in the mask, did not take part (exited or elsewhere): %s",
                        cl_str_cstr(&lanes));
        cl_str_free(&lanes);
    }
    /* A lane whose source is past the warp's edge keeps its own value: CUDA
     * clamps (GLSL's subgroupShuffleDown leaves the same read undefined).
     * Said, with those lanes, only where the picture has one. */
    if (ln->clamped) {
        l = line(c);
        report_line_add(l, REPORT_STYLE_DIM,
                        "                 %s is defined only because CUDA clamps: no lane to read",
                        g->read_own);
        cl_str lanes = {0};
        lane_ranges(&lanes, ln->clamped);
        l = line(c);
        report_line_add(l, REPORT_STYLE_PLAIN, "      own values kept by the clamp (GLSL: undefined): %s",
                        cl_str_cstr(&lanes));
        cl_str_free(&lanes);
    }
    cl_str who = {0};
    int shown = 0, total = 0;
    for (int i = 0; i < 32; i++) {
        if (!(ln->undefined >> i & 1)) continue;
        if (shown < 6) {
            cl_str_addf(&who, "%s%d<-%d", shown ? ", " : "", i, ln->source[i]);
            shown++;
        }
        total++;
    }
    if (total) {
        l = line(c);
        report_line_add(l, REPORT_STYLE_PLAIN, "      undefined reads (lane<-source): %s%s",
                        cl_str_cstr(&who), total > shown ? ", ..." : "");
    }
    cl_str_free(&who);
}

static void render_hazard(ctx *c, const report_hazard *h)
{
    bool warn = h->severity == REPORT_WARNING;
    report_line *l = line(c);
    report_line_add(l, warn ? REPORT_STYLE_WARN : REPORT_STYLE_FAIL, "  %s %s",
                    warn ? c->g->warn : c->g->fail, day_check_name(h->check));
    report_line_add(l, REPORT_STYLE_PLAIN, " in ");
    report_line_add(l, REPORT_STYLE_EMPH, "%s", h->kernel ? h->kernel : "?");
    report_line_add(l, REPORT_STYLE_PLAIN, " at ");
    report_line_add(l, REPORT_STYLE_EMPH, "%s:%d", h->file ? h->file : "?", h->line);
    if (h->line2) report_line_add(l, REPORT_STYLE_PLAIN, " (and line %d)", h->line2);
    l = line(c);
    report_line_add(l, REPORT_STYLE_PLAIN, "    %s", h->message ? h->message : "");
    if (h->advice && *h->advice) report_line_add(line(c), REPORT_STYLE_PLAIN, "    to fix: %s", h->advice);
    if (!h->hidden) { /* a hidden size's record has no place */
        l = line(c);
        report_line_add(l, REPORT_STYLE_DIM, "    first in block (%d,%d,%d), warp %d, lane %d", h->block[0],
                        h->block[1], h->block[2], h->warp, h->lane);
        if (h->source_lane >= 0) report_line_add(l, REPORT_STYLE_DIM, ", source lane %d", h->source_lane);
        if (h->has_mask) report_line_add(l, REPORT_STYLE_DIM, ", mask 0x%08x", h->mask);
    }
    l = line(c);
    if (h->hidden)
        report_line_add(l, REPORT_STYLE_DIM, "    at %d hidden size%s", h->hidden_sizes,
                        h->hidden_sizes == 1 ? "" : "s");
    else
        report_line_add(l, REPORT_STYLE_DIM, "    in %llu warp%s", (unsigned long long)h->count,
                        h->count == 1 ? "" : "s");
    int shown = h->sizes - h->hidden_sizes; /* sizes it was seen at, less the hidden */
    if (!h->hidden && h->size && shown > 1)
        report_line_add(l, REPORT_STYLE_DIM, " over %d sizes, first at %s", shown, h->size);
    else if (!h->hidden && h->size)
        report_line_add(l, REPORT_STYLE_DIM, " at %s", h->size);
    if (!h->hidden && h->hidden_sizes)
        report_line_add(l, REPORT_STYLE_DIM, ", and at %d hidden size%s", h->hidden_sizes,
                        h->hidden_sizes == 1 ? "" : "s");
    if (h->has_lanes) render_lanes(c, h);
    blank(c);
}

static void render_hazards(ctx *c)
{
    if (!c->r->nhazards) return;
    rule(c, "Hazards");
    for (int i = 0; i < c->r->nhazards; i++) {
        int first = c->doc->nlines;
        render_hazard(c, &c->r->hazards[i]);
        for (int l = first; l < c->doc->nlines; l++) c->doc->lines[l].hazard = i + 1;
    }
}

/* A printf line with its tabs as spaces to the next multiple of 8 (the line
 * is made safe to show where it is added). */
static char *expand_tabs(const char *s, size_t n)
{
    cl_str b = {0};
    cl_str_add(&b, "");
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '\t') {
            cl_str_addc(&b, s[i]);
            continue;
        }
        do cl_str_addc(&b, ' ');
        while (b.len % 8);
    }
    return cl_str_take(&b);
}

static void render_printf(ctx *c)
{
    if (!c->r->printf_text || !*c->r->printf_text) return;
    rule(c, "Device printf");
    const char *s = c->r->printf_text;
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        char *row = expand_tabs(s, n);
        report_line_add(line(c), REPORT_STYLE_CODE, "  %s", row);
        free(row);
        s += n + (nl ? 1 : 0);
    }
    blank(c);
}

/* The grade's points (report_score) after the verdict, where the day gives
 * any. */
static void render_points(ctx *c, report_line *l)
{
    if (c->r->max_points > 0)
        report_line_add(l, REPORT_STYLE_PLAIN, "; %g of %g points", c->r->points, c->r->max_points);
}

static void render_verdict(ctx *c)
{
    report_line *l = line(c);
    if (c->r->passed) {
        report_line_add(l, REPORT_STYLE_PASS, "PASSED");
        report_line_add(l, REPORT_STYLE_PLAIN, ": every check passed");
        render_points(c, l);
        return;
    }
    report_line_add(l, REPORT_STYLE_FAIL, "NOT PASSED");
    int n = 0;
    bool pointless = true; /* every failed check is worth no points (performance) */
    for (int i = 0; i < DAY_CHECK_COUNT; i++) {
        const report_check *k = &c->r->checks[i];
        if (k->ran && !k->passed) {
            report_line_add(l, REPORT_STYLE_PLAIN, "%s%s", n++ ? ", " : ": failed ",
                            day_check_name((day_check)i));
            pointless &= k->max_points == 0;
        }
    }
    if (n && pointless && c->r->max_points > 0)
        report_line_add(l, REPORT_STYLE_PLAIN, n > 1 ? ", which are worth no points" : ", which is worth no points");
    render_points(c, l);
}


report_doc *report_render_hazard(const report_hazard *h, const report_text_options *opt)
{
    ctx c = {cl_calloc(1, sizeof(report_doc)), NULL,
             opt && opt->unicode ? &utf8_glyphs : &ascii_glyphs, opt ? opt->width : 80, 12};
    render_hazard(&c, h);
    report_line *last = c.doc->nlines ? &c.doc->lines[c.doc->nlines - 1] : NULL;
    if (last && !last->text[0]) { /* the blank line after it */
        free(last->text);
        free(last->spans);
        c.doc->nlines--;
    }
    return c.doc;
}

report_doc *report_render(const report_result *r, const report_text_options *opt)
{
    ctx c = {cl_calloc(1, sizeof(report_doc)), r,
             opt && opt->unicode ? &utf8_glyphs : &ascii_glyphs, opt ? opt->width : 80, 12};
    render_header(&c);
    render_checks(&c);
    render_diags(&c);
    render_kernels(&c);
    report_render_perf(c.doc, r, c.width);
    render_times(&c);
    render_hazards(&c);
    render_correctness(&c);
    render_printf(&c);
    render_verdict(&c);
    return c.doc;
}
