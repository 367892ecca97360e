/* text_perf.c - the text report's performance section: for each kernel, the
 * figures of perf.c as rows, yours beside the reference and, where the
 * access has one, the ideal figure (the sectors your bytes would touch were
 * they contiguous, the bytes needed, no bank conflict, 32 active lanes); the
 * modelled times (labelled as a model), the measured ones where a GPU ran,
 * and one line of advice where yours is worse. A kernel wrong at the course
 * size is said to be so: its figures are not a fair comparison yet. */
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LABEL 32 /* the label column; then two cells of CELL, and the ideal's where it fits */
#define CELL 12
#define WITH_IDEAL (4 + LABEL + 3 * CELL) /* the width that has room for the ideal column */

typedef struct section {
    report_doc *doc;
    const report_result *r;
    int width;
} section;

/* A row; ideal (dim) after the two cells where it is not NULL. */
static void row_ideal(section *s, const char *label, const char *yours, const char *ref, const char *ideal)
{
    report_line *l = report_doc_line(s->doc);
    report_line_add(l, REPORT_STYLE_DIM, "    %-*s", LABEL, label);
    report_line_add(l, REPORT_STYLE_PLAIN, "%*s%*s", CELL, yours, CELL, ref);
    if (ideal && s->width >= WITH_IDEAL) report_line_add(l, REPORT_STYLE_DIM, "%*s", CELL, ideal);
}

static void row(section *s, const char *label, const char *yours, const char *ref)
{
    row_ideal(s, label, yours, ref, NULL);
}

/* A figure as the report shows it, "-" when unknown (< 0). */
static const char *cell(char *buf, size_t size, cl_figure f, double v)
{
    if (v < 0)
        snprintf(buf, size, "-");
    else
        cl_figure_format(buf, size, f, v);
    return buf;
}

static void cell_ms(char *buf, size_t size, double ms)
{
    if (ms < 0)
        snprintf(buf, size, "-");
    else if (ms < 0.0005)
        snprintf(buf, size, "< 0.001 ms");
    else
        snprintf(buf, size, "%.3f ms", ms); /* as the GPU's section gives its times */
}

/* Whether the kernel's section shows figure f's row (figures.h's shown). */
static bool shown(const report_kernel *k, cl_figure f)
{
    const report_side *y = &k->yours, *r = &k->reference;
    switch (cl_figure_shown_of(f)) {
    case CL_SHOWN_ALWAYS: return true;
    case CL_SHOWN_SHARED: return y->shared_accesses || r->shared_accesses;
    case CL_SHOWN_ATOMICS:
        return y->global_atomics || y->shared_atomics || r->global_atomics || r->shared_atomics;
    }
    return true;
}

/* One figure's row: yours, the reference's and, where it has one, its
 * ideal (the bytes needed name themselves in the label). */
static void row_figure(section *s, const report_kernel *k, const report_perf *y,
                       const report_perf *f, cl_figure fig)
{
    char label[64], a[32], b[32], c[32];
    double ideal = report_figure_ideal(y, k->bytes_needed, fig);
    if (cl_figure_ideal_of(fig) == CL_IDEAL_NEEDED && ideal >= 0)
        snprintf(label, sizeof label, "%s (%s needed)", cl_figure_label(fig),
                 cl_format_bytes(c, sizeof c, ideal));
    else
        snprintf(label, sizeof label, "%s%s", cl_figure_label(fig), cl_figure_label_suffix(fig));
    cell(a, sizeof a, fig, report_figure(y, fig));
    cell(b, sizeof b, fig, report_figure(f, fig));
    row_ideal(s, label, a, b, ideal < 0 ? NULL : cell(c, sizeof c, fig, ideal));
}

static void row_ms(section *s, const char *label, double y, double f)
{
    char a[32], b[32];
    cell_ms(a, sizeof a, y);
    cell_ms(b, sizeof b, f);
    row(s, label, a, b);
}

/* Words of text on lines of at most width columns, the first after
 * `first`, the rest indented under it. */
static void wrapped(section *s, report_style style, const char *first, const char *text)
{
    int indent = (int)strlen(first), room = s->width - indent - 1;
    if (room < 20) room = 20;
    const char *p = text;
    bool start = true;
    while (*p) {
        int n = (int)strlen(p);
        if (n > room) {
            n = room;
            while (n > 0 && p[n] != ' ') n--;
            if (n == 0) n = room;
        }
        report_line *l = report_doc_line(s->doc);
        report_line_add(l, style, "%*s%.*s", start ? 0 : indent, start ? first : "", n, p);
        start = false;
        p += n;
        while (*p == ' ') p++;
    }
}

static void heading(section *s, const report_kernel *k)
{
    report_line *l = report_doc_line(s->doc);
    report_line_add(l, REPORT_STYLE_EMPH, "  %s", k->name);
    int used = 2 + (int)strlen(k->name);
    if (used > 4 + LABEL) { /* a long name: the column heads on a line of their own */
        l = report_doc_line(s->doc);
        used = 0;
    }
    report_line_add(l, REPORT_STYLE_DIM, "%*s%*s", 4 + LABEL + CELL - used, "yours", CELL, "reference");
    if (s->width >= WITH_IDEAL) report_line_add(l, REPORT_STYLE_DIM, "%*s", CELL, "ideal");
}

static void render_kernel(section *s, const report_kernel *k)
{
    const report_result *r = s->r;
    report_perf y, f;
    report_perf_of(r, &k->yours, &y);
    report_perf_of(r, &k->reference, &f);
    heading(s, k);
    /* right first, then fast (a wrong count of -1 is unknown: a program's
       kernel, whose outputs are the program's) */
    if (k->yours.ran && k->yours.wrong > 0)
        wrapped(s, REPORT_STYLE_DIM, "    ", "yours is not right at the course size yet: its figures "
                "are not a fair comparison until it is");
    for (int i = 0; i < CL_FIG_COUNT; i++)
        if (shown(k, (cl_figure)i)) row_figure(s, k, &y, &f, (cl_figure)i);
    char label[64];
    snprintf(label, sizeof label, "model: T4 at %.0f GB/s peak", REPORT_T4_GBPS);
    row_ms(s, label, y.t4_ms, f.t4_ms);
    const char *source;
    double gbps = report_device_gbps(r, &source);
    if (gbps > 0) {
        snprintf(label, sizeof label, "model: this GPU at %.0f GB/s", gbps);
        row_ms(s, label, y.device_ms, f.device_ms);
    }
    if (k->yours.has_ms || k->reference.has_ms)
        row_ms(s, "measured on this GPU", k->yours.has_ms ? k->yours.ms : -1,
               k->reference.has_ms ? k->reference.ms : -1);
    char *advice = report_perf_advice(k, r);
    if (advice) wrapped(s, REPORT_STYLE_WARN, "    ! ", advice);
    free(advice);
}

static bool any_counters(const report_result *r)
{
    for (int i = 0; i < r->nkernels; i++) {
        report_perf p;
        report_perf_of(r, &r->kernels[i].yours, &p);
        if (p.known) return true;
        report_perf_of(r, &r->kernels[i].reference, &p);
        if (p.known) return true;
    }
    return false;
}

void report_render_perf(report_doc *d, const report_result *r, int width)
{
    if (!any_counters(r)) return;
    section s = {d, r, width < 60 ? 60 : width};
    report_line_add(report_doc_line(d), REPORT_STYLE_HEADING,
                    "Performance without a GPU (course size, emulator counters)");
    for (int i = 0; i < r->nkernels; i++) render_kernel(&s, &r->kernels[i]);
    const char *source;
    double gbps = report_device_gbps(r, &source);
    char why[160] = "";
    if (gbps > 0)
        snprintf(why, sizeof why, "; this GPU's %.0f GB/s are its %s", gbps,
                 !strcmp(source, "peak") ? "peak (memory clock x bus width)"
                                         : "copy kernel's, measured");
    char *note = cl_sprintf("a model, not a measurement: bytes moved (every sector a request "
                            "touches, 32 bytes, none from a cache) over the bandwidth, plus the "
                            "shared wavefronts (an access and each bank conflict's extra one) at "
                            "one an SM a clock (the T4's 40 SMs at 1,590 MHz), as if nothing "
                            "overlapped; launch time and atomics left out%s", why);
    wrapped(&s, REPORT_STYLE_DIM, "  ", note);
    free(note);
    report_doc_line(d);
}
