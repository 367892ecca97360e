/* result_model.c - building and freeing the result model. */
#include "result.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *report_severity_name(report_severity s)
{
    return s == REPORT_ERROR ? "error" : s == REPORT_WARNING ? "warning" : "note";
}

report_result *report_new(const char *day, const char *file, const char *backend,
                          uint64_t seed)
{
    report_result *r = cl_calloc(1, sizeof *r);
    r->day = cl_strdup(day ? day : "");
    r->file = cl_strdup(file ? file : "");
    r->backend = cl_strdup(backend ? backend : "");
    r->seed = seed;
    for (int c = 0; c < DAY_CHECK_COUNT; c++) r->checks[c].applies = true;
    return r;
}

void report_side_init(report_side *s)
{
    memset(s, 0, sizeof *s);
    s->wrong = s->total = -1;
    s->registers = s->shared_bytes = s->spill_bytes = s->stack_bytes = s->local_bytes = -1;
    s->occupancy = -1;
    s->copy_fraction = -1;
    s->driver_registers = s->driver_shared_bytes = s->driver_local_bytes = -1;
}

void report_resources(const report_side *s, const day_limits *L, report_resource out[REPORT_RESOURCES])
{
    out[0] = (report_resource){"registers a thread", "registers", s ? s->registers : -1, L->registers};
    out[1] = (report_resource){"bytes of shared memory a block", "shared memory", s ? s->shared_bytes : -1,
                               L->shared_bytes};
    out[2] = (report_resource){"bytes of spills", "spills", s ? s->spill_bytes : -1, L->spill_bytes};
    out[3] = (report_resource){"bytes of stack", "stack", s ? s->stack_bytes : -1, L->stack_bytes};
}

bool report_resource_over(const report_resource *r)
{
    return r->limit >= 0 && r->have > r->limit; /* (have is -1 when unknown) */
}

report_kernel *report_add_kernel(report_result *r, const char *name)
{
    r->kernels = cl_realloc(r->kernels, (size_t)(r->nkernels + 1) * sizeof *r->kernels);
    report_kernel *k = &r->kernels[r->nkernels++];
    memset(k, 0, sizeof *k);
    k->name = cl_strdup(name);
    report_side_init(&k->yours);
    report_side_init(&k->reference);
    return k;
}

report_hazard *report_add_hazard(report_result *r)
{
    r->hazards = cl_realloc(r->hazards, (size_t)(r->nhazards + 1) * sizeof *r->hazards);
    report_hazard *h = &r->hazards[r->nhazards++];
    memset(h, 0, sizeof *h);
    h->source_lane = -1;
    return h;
}

report_diag *report_add_diag(report_result *r)
{
    r->diags = cl_realloc(r->diags, (size_t)(r->ndiags + 1) * sizeof *r->diags);
    report_diag *d = &r->diags[r->ndiags++];
    memset(d, 0, sizeof *d);
    return d;
}

report_size_result *report_add_size(report_kernel *k, const char *size)
{
    k->sizes = cl_realloc(k->sizes, (size_t)(k->nsizes + 1) * sizeof *k->sizes);
    report_size_result *s = &k->sizes[k->nsizes++];
    memset(s, 0, sizeof *s);
    s->size = cl_strdup(size);
    s->wrong = s->total = -1;
    s->gpu_wrong = -1;
    return s;
}

report_score *report_add_score(report_result *r, const char *kernel, day_check c, bool passed,
                               double max_points, const char *detail)
{
    r->scores = cl_realloc(r->scores, (size_t)(r->nscores + 1) * sizeof *r->scores);
    report_score *s = &r->scores[r->nscores++];
    s->kernel = cl_strdup(kernel ? kernel : "");
    s->check = c;
    s->passed = passed;
    s->max_points = max_points;
    s->points = passed ? max_points : 0;
    s->detail = cl_strdup(detail && !passed ? detail : "");
    return s;
}

void report_score_totals(report_result *r)
{
    r->points = r->max_points = 0;
    for (int c = 0; c < DAY_CHECK_COUNT; c++) r->checks[c].points = r->checks[c].max_points = 0;
    for (int i = 0; i < r->nscores; i++) {
        const report_score *s = &r->scores[i];
        r->checks[s->check].points += s->points;
        r->checks[s->check].max_points += s->max_points;
        r->points += s->points;
        r->max_points += s->max_points;
    }
}

void report_set_check(report_result *r, day_check c, bool passed, const char *detail)
{
    report_check *k = &r->checks[c];
    free(k->detail);
    k->ran = true;
    k->passed = passed;
    k->detail = cl_strdup(detail ? detail : "");
}

void report_finish(report_result *r)
{
    r->passed = true;
    for (int c = 0; c < DAY_CHECK_COUNT; c++)
        if (r->checks[c].ran && !r->checks[c].passed) r->passed = false;
    if (!r->checks[DAY_CHECK_COMPILE].ran) r->passed = false;
}

void report_hazard_free(report_hazard *h)
{
    free(h->kernel);
    free(h->file);
    free(h->message);
    free(h->advice);
    free(h->size);
}

void report_hazard_redact(report_hazard *h)
{
    char *kind = h->more ? cl_strdup("more") : cl_sprintf("%s (%s)", cl_hazard_what(h->kind), cl_hazard_slug(h->kind));
    h->hidden = true;
    h->hidden_sizes = 1;
    h->count = 1;
    h->sizes = 1;
    memset(h->block, 0, sizeof h->block);
    h->warp = h->lane = 0;
    h->source_lane = -1;
    h->launch = 0;
    h->has_mask = h->has_lanes = false;
    h->mask = 0;
    memset(&h->lanes, 0, sizeof h->lanes);
    free(h->message);
    h->message = cl_sprintf("%s at a hidden size: its offsets, lengths, masks, blocks and lanes "
                            "are not shown, since a kernel could write the hidden inputs into them", kind);
    free(kind);
    free(h->size);
    h->size = cl_strdup("a hidden size");
}

static void kernel_free(report_kernel *k)
{
    for (int i = 0; i < k->nsizes; i++) {
        free(k->sizes[i].size);
        free(k->sizes[i].outcome);
        free(k->sizes[i].note);
        free(k->sizes[i].gpu_outcome);
        free(k->sizes[i].trace);
        free(k->sizes[i].idle_stages);
    }
    free(k->sizes);
    free(k->name);
    free(k->signature);
    free(k->problem);
    free(k->unit);
}

void report_free(report_result *r)
{
    if (!r) return;
    for (int i = 0; i < r->nkernels; i++) kernel_free(&r->kernels[i]);
    free(r->kernels);
    for (int i = 0; i < r->nhazards; i++) report_hazard_free(&r->hazards[i]);
    free(r->hazards);
    for (int i = 0; i < r->ndiags; i++) {
        free(r->diags[i].file);
        free(r->diags[i].message);
    }
    free(r->diags);
    for (int c = 0; c < DAY_CHECK_COUNT; c++) free(r->checks[c].detail);
    for (int i = 0; i < r->nscores; i++) {
        free(r->scores[i].kernel);
        free(r->scores[i].detail);
    }
    free(r->scores);
    free(r->day);
    free(r->file);
    free(r->backend);
    free(r->printf_text);
    free(r->device);
    free(r->edition);
    free(r);
}

char *report_sizes_line(const report_result *r)
{
    if (!r->edition || !strcmp(r->edition, "instructor"))
        return cl_sprintf("sizes: course + %d hidden", r->hidden_sizes);
    return cl_sprintf("sizes: course + %d hidden (%s edition)", r->hidden_sizes, r->edition);
}

void report_value(char *buf, size_t size, double v, bool integer)
{
    if (integer && isfinite(v) && fabs(v) < 9007199254740992.0) snprintf(buf, size, "%.0f", v);
    else snprintf(buf, size, "%.9g", v);
}

void report_mismatch_value(char *buf, size_t size, const report_mismatch *m, double v)
{
    if (m->integer || m->digits <= 0 || m->digits > 17) report_value(buf, size, v, m->integer);
    else snprintf(buf, size, "%.*g", m->digits, v);
}

void report_mismatch_expected(char *buf, size_t size, const report_mismatch *m)
{
    if (isnan(m->expected)) snprintf(buf, size, "a number"); /* no value of its own: only a total is compared */
    else report_mismatch_value(buf, size, m, m->expected);
}

void report_mismatch_where(char *buf, size_t size, const report_mismatch *m)
{
    if (m->component) snprintf(buf, size, "%s[%lld].%c", m->buffer, m->index, m->component);
    else snprintf(buf, size, "%s[%lld]", m->buffer, m->index);
}
