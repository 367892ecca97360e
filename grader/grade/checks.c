/* checks.c - the checks decided from the kernels' results and the hazards. */
#include "grade_internal.h"

#include <stdlib.h>
#include <string.h>

static bool size_ok(const report_size_result *s, bool values)
{
    return s->ran && !s->outcome && (!values || (s->wrong == 0 && !s->note));
}

/* Whether the manifest lists check c for the kernel of this report entry. */
static bool listed(const grading *g, const report_kernel *rk, day_check c)
{
    const day_kernel *k = day_manifest_kernel(g->day, rk->name);
    return k && day_kernel_checks(k, c);
}

/* The first thing wrong with a kernel's correctness, or NULL. Wrong values
 * count only where the kernel lists correctness. */
static char *kernel_failure(const grading *g, const report_kernel *k, const char *unit)
{
    bool values = listed(g, k, DAY_CHECK_CORRECTNESS);
    if (k->problem) return cl_sprintf("%s: %s", k->name, k->problem);
    for (int i = 0; i < k->nsizes; i++) {
        const report_size_result *s = &k->sizes[i];
        if (s->outcome) return cl_sprintf("%s at %s: %s", k->name, s->size, s->outcome);
        if (!values) continue;
        if (s->wrong)
            return cl_sprintf("%s: %lld of %lld %s wrong at %s%s%s%s", k->name, s->wrong, s->total,
                              unit, s->size, s->note ? " (" : "", s->note ? s->note : "",
                              s->note ? ")" : "");
        if (s->note) return cl_sprintf("%s at %s: %s", k->name, s->size, s->note);
    }
    return NULL;
}

/* Why kernel's rows may be wrong though it ran to its end: the emulator's
 * poison came out of an undefined shuffle read, or it dropped an access
 * out of bounds or misaligned (a load reads poison, a store is lost); NULL
 * when neither happened. */
static const char *poison_source(const report_result *r, const char *kernel)
{
    for (int i = 0; i < r->nhazards; i++) {
        const report_hazard *h = &r->hazards[i];
        if (h->more || !h->kernel || strcmp(h->kernel, kernel)) continue;
        if (h->kind == CL_HZ_MASK_UNDEFINED_READ)
            return "its undefined shuffle reads returned poison (a NaN), see mask-honesty";
        if (h->kind == CL_HZ_OOB || h->kind == CL_HZ_MISALIGNED || h->kind == CL_HZ_TENSOR_ALIGN)
            return "its out-of-bounds or misaligned accesses were dropped (a load read poison, a NaN; a "
                   "store was lost), see memory";
    }
    return NULL;
}

static void decide_correctness(grading *g)
{
    report_result *r = g->r;
    char *first = NULL;
    int failing = 0, sizes = 0;
    if (!day_manifest_checks(g->day, DAY_CHECK_CORRECTNESS)) return;
    for (int i = 0; i < r->nkernels; i++) {
        char *why = kernel_failure(g, &r->kernels[i], r->kernels[i].unit ? r->kernels[i].unit : "values");
        sizes += r->kernels[i].nsizes;
        const char *poison = why && !first ? poison_source(r, r->kernels[i].name) : NULL;
        if (poison) {
            char *more = cl_sprintf("%s; %s", why, poison);
            free(why);
            why = more;
        }
        if (why) {
            failing++;
            if (!first)
                first = why;
            else
                free(why);
        }
    }
    char *detail;
    if (first)
        detail = failing > 1 ? cl_sprintf("%s (and %d more kernel%s)", first, failing - 1,
                                          failing > 2 ? "s" : "")
                             : cl_strdup(first);
    else if (r->nkernels) {
        const report_kernel *k0 = &r->kernels[0]; /* the first that ran: a program's entry */
        for (int i = r->nkernels - 1; i >= 0; i--)
            if (r->kernels[i].nsizes) k0 = &r->kernels[i];
        detail = cl_sprintf("%lld of %lld %s wrong at the course size; every kernel right at "
                            "every size (%d runs)", k0->yours.wrong, k0->yours.total,
                            k0->unit ? k0->unit : "values", sizes);
    }
    else
        detail = cl_strdup("no kernels");
    report_set_check(r, DAY_CHECK_CORRECTNESS, !first && r->nkernels, detail);
    free(detail);
    free(first);
}

static void decide_hazard_check(grading *g, day_check c)
{
    int errors = 0, warnings = 0;
    const report_hazard *first = NULL;
    if (!day_manifest_checks(g->day, c)) return; /* no kernel of the day lists it */
    for (int i = 0; i < g->r->nhazards; i++) {
        const report_hazard *h = &g->r->hazards[i];
        if (h->check != c) continue;
        if (h->severity == REPORT_ERROR) {
            if (!errors++) first = h;
        } else {
            warnings++;
        }
    }
    char *detail;
    if (first)
        detail = cl_sprintf("%d hazard%s; first: %s (%s, %s:%d)", errors, errors > 1 ? "s" : "",
                            first->message, first->kernel, first->file, first->line);
    else if (warnings)
        detail = cl_sprintf("%d warning%s, no hazards", warnings, warnings > 1 ? "s" : "");
    else
        detail = cl_strdup("no hazards");
    report_set_check(g->r, c, errors == 0, detail);
    free(detail);
}

/* One kernel's figures against its limits; appends what is over to why. */
static bool within_limits(const report_kernel *rk, const day_kernel *k, cl_str *why)
{
    report_resource rows[REPORT_RESOURCES];
    report_resources(&rk->yours, &k->limits, rows);
    bool ok = true;
    for (int i = 0; i < REPORT_RESOURCES; i++) {
        if (!report_resource_over(&rows[i])) continue;
        cl_str_addf(why, "%s%s uses %ld %s; the day allows %ld", why->len ? "; " : "", rk->name,
                    rows[i].have, rows[i].what, rows[i].limit);
        ok = false;
    }
    return ok;
}

static void decide_resources(grading *g)
{
    cl_str why = {0};
    bool ok = true;
    if (!day_manifest_checks(g->day, DAY_CHECK_RESOURCES)) return;
    for (int i = 0; i < g->r->nkernels; i++) {
        report_kernel *rk = &g->r->kernels[i];
        const day_kernel *k = day_manifest_kernel(g->day, rk->name);
        if (k && rk->present && day_kernel_checks(k, DAY_CHECK_RESOURCES) &&
            !within_limits(rk, k, &why)) {
            ok = false;
            rk->passed = false;
        }
    }
    int slow = 0; /* blocks past the allowance: a warning, not a failure (run_kernel.c) */
    for (int i = 0; i < g->r->nhazards; i++)
        slow += g->r->hazards[i].check == DAY_CHECK_RESOURCES && g->r->hazards[i].severity == REPORT_WARNING;
    if (ok) cl_str_add(&why, "within the day's limits");
    if (slow) cl_str_addf(&why, "; %d warning%s: far more work than the reference", slow, slow > 1 ? "s" : "");
    report_set_check(g->r, DAY_CHECK_RESOURCES, ok, why.s);
    cl_str_free(&why);
}

/* The entry whose runs judge rk: a kernel of the day's program is run by
 * the program, whose entry (named after it) holds the sizes. */
static const report_kernel *runs_of(const grading *g, const report_kernel *rk)
{
    const day_kernel *k = day_manifest_kernel(g->day, rk->name);
    if (!k || !k->in_program) return rk;
    for (int i = 0; i < g->r->nkernels; i++)
        if (!strcmp(g->r->kernels[i].name, g->day->program->judged.name)) return &g->r->kernels[i];
    return rk;
}

/* A kernel passes when it is right everywhere and no error hazard names it
 * (a program's kernel: when the program is right everywhere). */
static void decide_kernels(grading *g)
{
    for (int i = 0; i < g->r->nkernels; i++) {
        report_kernel *k = &g->r->kernels[i];
        char *why = kernel_failure(g, k, k->unit ? k->unit : "values");
        bool values = listed(g, k, DAY_CHECK_CORRECTNESS);
        k->passed = !why;
        free(why);
        const report_kernel *runs = runs_of(g, k);
        if (runs != k) values = true;
        for (int j = 0; j < runs->nsizes; j++) k->passed &= size_ok(&runs->sizes[j], values);
        for (int j = 0; j < g->r->nhazards; j++) {
            const report_hazard *h = &g->r->hazards[j];
            if (h->severity == REPORT_ERROR && h->kernel && !strcmp(h->kernel, k->name))
                k->passed = false;
        }
    }
}

/* ---- points: the one rule (docs/instructor-guide.md, "Points") ----
 *
 * Each check a kernel lists is worth its manifest points, earned all or
 * nothing. Correctness: right at every size. The other checks presume the
 * kernel ran and did its work: they are judged only for a kernel that built
 * and was right at the course size (ran to completion there, where it lists
 * no correctness); a kernel wrong there, missing or not built earns none of
 * them. Not "right at some size": an untouched template is right by accident
 * at a size of one element (day 24's at rows=1, day 26's at n=1). A hazard
 * check is then earned when no error of it names the kernel (or names none:
 * a failed check the report's cap left unexplained fails every kernel);
 * resources when its figures are within the limits. */

static const report_kernel *kernel_of(const report_result *r, const char *name)
{
    for (int i = 0; i < r->nkernels; i++)
        if (!strcmp(r->kernels[i].name, name)) return &r->kernels[i];
    return NULL;
}

/* Why nothing of the kernel can be judged (it did not build, is missing, or
 * has the wrong signature), or NULL. */
static char *not_built(const report_result *r, const day_kernel *k, const report_kernel *rk)
{
    if (!r->checks[DAY_CHECK_COMPILE].passed) return cl_strdup("your file did not compile");
    if (!rk || !rk->present) return cl_sprintf("your file does not define %s", k->name);
    if (rk->problem) return cl_sprintf("%s: %s", k->name, rk->problem);
    return NULL;
}

/* Why the checks that presume a run are not judged for the kernel, or NULL:
 * it was not right (did not complete, where values are not compared) at the
 * course size, the first of its sizes. */
static char *did_no_work(const day_kernel *k, const report_kernel *rk)
{
    bool values = day_kernel_checks(k, DAY_CHECK_CORRECTNESS) || k->in_program;
    if (!rk->nsizes) return cl_sprintf("%s did not run", k->name);
    if (size_ok(&rk->sizes[0], values)) return NULL;
    return cl_sprintf("%s is not right at the course size (%s), so this check, which judges "
                      "what it did, earns nothing", k->name, rk->sizes[0].size);
}

/* The first error of check c that fails the kernel, as one line, or NULL. */
static char *hazard_failure(const report_result *r, const char *kernel, day_check c)
{
    bool any = false;
    for (int i = 0; i < r->nhazards; i++) {
        const report_hazard *h = &r->hazards[i];
        if (h->check != c || h->severity != REPORT_ERROR) continue;
        any = true;
        if (!h->kernel || !strcmp(h->kernel, kernel))
            return cl_sprintf("%s (%s:%d)", h->message ? h->message : "a hazard",
                              h->file ? h->file : "?", h->line);
    }
    if (!any && r->checks[c].ran && !r->checks[c].passed)
        return cl_strdup(r->checks[c].detail ? r->checks[c].detail : "the check failed");
    if (!r->checks[c].ran) return cl_strdup("the check did not run");
    return NULL;
}

/* Why the kernel does not earn check c (NULL: it does). */
static char *score_failure(const grading *g, const day_kernel *k, const report_kernel *rk,
                           day_check c)
{
    const report_result *r = g->r;
    char *why = not_built(r, k, rk);
    if (why) return why;
    if (c == DAY_CHECK_CORRECTNESS) {
        why = kernel_failure(g, rk, rk->unit ? rk->unit : "values");
        if (!why && !rk->nsizes) why = cl_sprintf("%s did not run", k->name);
        return why;
    }
    if ((why = did_no_work(k, runs_of(g, rk)))) {
        /* what the check found is still worth saying */
        char *found = c != DAY_CHECK_RESOURCES ? hazard_failure(r, k->name, c) : NULL;
        if (found && r->checks[c].ran) {
            char *both = cl_sprintf("%s; it also has a hazard: %s", why, found);
            free(why);
            why = both;
        }
        free(found);
        return why;
    }
    if (c == DAY_CHECK_RESOURCES) {
        cl_str over = {0};
        if (within_limits(rk, k, &over)) return NULL;
        return cl_str_take(&over);
    }
    return hazard_failure(r, k->name, c);
}

void grade_decide_points(grading *g)
{
    for (int i = 0; i < g->day->nkernels + (g->day->program != NULL); i++) {
        const day_kernel *k = i < g->day->nkernels ? &g->day->kernels[i] : &g->day->program->judged;
        const report_kernel *rk = kernel_of(g->r, k->name);
        if (k->optional && (!rk || !rk->present)) continue; /* graded only when written */
        for (int c = 0; c < DAY_CHECK_COUNT; c++) {
            int max = day_kernel_points(k, (day_check)c);
            if (!(k->checks & (1u << c))) continue; /* compile, performance: no points */
            char *why = score_failure(g, k, rk, (day_check)c);
            report_add_score(g->r, k->name, (day_check)c, !why, max, why);
            free(why);
        }
    }
    report_score_totals(g->r);
}

/* Whether hazards alone decide check c: some family counts under it, and it
 * is neither correctness nor resources, which have rules of their own. */
static bool hazards_decide(day_check c)
{
    bool some = false;
    for (int f = 0; f < CL_FAMILY_COUNT; f++) some |= grade_family_check((cl_hazard_family)f) == c;
    return some && c != DAY_CHECK_CORRECTNESS && c != DAY_CHECK_RESOURCES;
}

void grade_decide_checks(grading *g)
{
    decide_kernels(g);
    decide_correctness(g);
    for (int c = 0; c < DAY_CHECK_COUNT; c++) /* mask, barrier, races, memory */
        if (hazards_decide((day_check)c)) decide_hazard_check(g, (day_check)c);
    decide_resources(g);
}
