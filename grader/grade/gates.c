/* gates.c - a day's performance gates (docs/day-format.md, "gates"): each
 * kernel's emulator figures at the course size against the bounds its
 * manifest sets. Deterministic, and no GPU is needed: a gate that fails
 * fails `performance` with the figure, the bound and the performance
 * section's advice line for that figure. GPU times are never a gate. */
#include "grade_internal.h"

#include <stdlib.h>
#include <string.h>

/* The bound of gate gt for the kernel, or -1 when it cannot be known (the
 * reference did not run on the emulator; the kernel has no `bytes`). The
 * base's own figure goes into *base (-1 for a plain number). */
static double bound_of(const day_gate *gt, const report_kernel *rk, const report_result *r,
                       double *base)
{
    report_perf y, f;
    report_perf_of(r, &rk->yours, &y);
    report_perf_of(r, &rk->reference, &f);
    *base = -1;
    switch (gt->base) {
    case DAY_GATE_BASE_NUMBER: return gt->value;
    case DAY_GATE_BASE_REFERENCE: *base = report_gate_figure(&f, gt->figure); break;
    case DAY_GATE_BASE_NEEDED:
    case DAY_GATE_BASE_IDEAL: *base = report_figure_ideal(&y, rk->bytes_needed, gt->figure); break;
    case DAY_GATE_BASE_COUNT: break;
    }
    return *base < 0 ? -1 : *base * gt->value;
}

/* "at most 1.00", "at least 1.25 x the reference's 50% = 63%" */
static void say_bound(cl_str *to, const day_gate *gt, double bound, double base)
{
    char b[32], v[32];
    cl_str_addf(to, "%s ", cl_figure_at_least(gt->figure) ? "at least" : "at most");
    if (gt->base == DAY_GATE_BASE_NUMBER) {
        cl_str_add(to, cl_figure_format(b, sizeof b, gt->figure, bound));
        return;
    }
    static const char *const of[DAY_GATE_BASE_COUNT] = {
        [DAY_GATE_BASE_REFERENCE] = "the reference's", [DAY_GATE_BASE_NEEDED] = "the bytes needed,",
        [DAY_GATE_BASE_IDEAL] = "the ideal (its bytes contiguous),",
    };
    cl_str_addf(to, "%g x %s %s = %s", gt->value, of[gt->base],
                cl_figure_format(v, sizeof v, gt->figure, base),
                cl_figure_format(b, sizeof b, gt->figure, bound));
}

/* Why the kernel's gates cannot be judged, or NULL: the figures are those
 * of a kernel that did its work at the course size. */
static const char *unjudged(const report_kernel *rk, const report_result *r)
{
    report_perf y;
    report_perf_of(r, &rk->yours, &y);
    if (!rk->present || rk->problem) return "it did not build or is missing";
    if (!rk->nsizes || rk->sizes[0].outcome || !rk->yours.ran) return "it did not complete at the course size";
    if (rk->yours.wrong != 0) return "it is not right at the course size";
    if (!y.known) return "the emulator has no figures for it";
    return NULL;
}

/* One kernel's gates: failures into failed, the met ones into met, those
 * not judged into notes; the number that failed. */
static int judge_kernel(const day_kernel *k, report_kernel *rk, const report_result *r,
                        cl_str *failed, cl_str *met, cl_str *notes)
{
    const char *why = unjudged(rk, r);
    if (why) {
        cl_str_addf(notes, "%s%s's gates not judged: %s", notes->len ? "; " : "", k->name, why);
        return 0;
    }
    report_perf y;
    report_perf_of(r, &rk->yours, &y);
    int fails = 0;
    for (int i = 0; i < k->ngates; i++) {
        const day_gate *gt = &k->gates[i];
        double base, bound = bound_of(gt, rk, r, &base);
        double v = report_gate_figure(&y, gt->figure);
        char shown[32];
        cl_figure_format(shown, sizeof shown, gt->figure, v);
        if (bound < 0 || v < 0) {
            cl_str_addf(notes, "%s%s's %s not judged: the reference's figure is unknown",
                        notes->len ? "; " : "", k->name, cl_figure_name(gt->figure));
            continue;
        }
        /* the figures are shown rounded: a bound is met as shown, so that
           "0.00, at most 0.00" never fails */
        char bshown[32];
        cl_figure_format(bshown, sizeof bshown, gt->figure, bound);
        bool at_least = cl_figure_at_least(gt->figure);
        bool ok = at_least ? v >= bound || !strcmp(shown, bshown) : v <= bound || !strcmp(shown, bshown);
        cl_str *to = ok ? met : failed;
        cl_str_addf(to, "%s%s: %s %s, ", to->len ? "; " : "", k->name, cl_figure_label(gt->figure), shown);
        if (!ok) cl_str_add(to, "where the day's gate allows ");
        say_bound(to, gt, bound, base);
        if (!ok) {
            char *advice = report_gate_advice(rk, r, gt->figure);
            if (advice) cl_str_addf(to, ": %s", advice);
            free(advice);
            fails++;
        }
    }
    if (fails) rk->passed = false;
    return fails;
}

int grade_judge_gates(grading *g, cl_str *failed, cl_str *notes)
{
    int fails = 0;
    cl_str met = {0};
    for (int i = 0; i < g->r->nkernels; i++) {
        report_kernel *rk = &g->r->kernels[i];
        const day_kernel *k = day_manifest_kernel(g->day, rk->name);
        if (k && k->ngates) fails += judge_kernel(k, rk, g->r, failed, &met, notes);
    }
    if (met.len) cl_str_addf(notes, "%sgates met: %s", notes->len ? "; " : "", met.s);
    cl_str_free(&met);
    return fails;
}

bool grade_day_has_gates(const day_manifest *m)
{
    for (int i = 0; i < m->nkernels; i++)
        if (m->kernels[i].ngates) return true;
    return false;
}
