/* json.c - the result model as JSON (cJSON), both ways. The keys of docs/architecture.md
 * are a contract; the rest are extras a reader may ignore. */
#include "result.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- writing ---- */

/* Every string goes in made safe (core.h): valid UTF-8, no control
 * characters, whatever a submission or the compiler put in it. */
static void add_text_flags(cJSON *o, const char *key, const char *s, unsigned flags)
{
    char *safe = cl_text_safe(s, flags);
    cJSON_AddStringToObject(o, key, safe);
    free(safe);
}

static void add_text(cJSON *o, const char *key, const char *s)
{
    add_text_flags(o, key, s, 0);
}

static void add_num_or_null(cJSON *o, const char *key, double v, bool known)
{
    if (known)
        cJSON_AddNumberToObject(o, key, v);
    else
        cJSON_AddNullToObject(o, key);
}

static void add_str_or_null(cJSON *o, const char *key, const char *v)
{
    if (v && v[0])
        cJSON_AddStringToObject(o, key, v);
    else
        cJSON_AddNullToObject(o, key);
}

static void add_long(cJSON *o, const char *key, long long v)
{
    add_num_or_null(o, key, (double)v, v >= 0);
}

static void add_mask(cJSON *o, const char *key, uint32_t mask)
{
    char buf[16];
    snprintf(buf, sizeof buf, "0x%08x", mask);
    add_text(o, key, buf);
}

static void add_known(cJSON *o, const char *key, double v)
{
    add_num_or_null(o, key, v, v >= 0);
}

/* The performance section's figures, from the counters above (perf.c):
 * figures.h's rows that have a key here, each followed by its ideal's. */
static void perf_json(cJSON *side, const report_result *r, const report_side *s)
{
    report_perf p;
    report_perf_of(r, s, &p);
    cJSON *o = cJSON_AddObjectToObject(side, "performance");
    for (int i = 0; i < CL_FIG_COUNT; i++) {
        cl_figure f = (cl_figure)i;
        if (*cl_figure_json(f)) add_known(o, cl_figure_json(f), report_figure(&p, f));
        if (*cl_figure_ideal_json(f)) add_known(o, cl_figure_ideal_json(f), report_figure_ideal(&p, 0, f));
    }
    cJSON *m = cJSON_AddObjectToObject(o, "model_ms");
    add_known(m, "t4", p.t4_ms);
    add_known(m, "device", p.device_ms);
}

/* figures.h's DERIVED rows, from the counters kept. */
static double derived_global_sectors(const report_side *s)
{
    return (double)(s->global_load_sectors + s->global_store_sectors);
}

static cJSON *side_json(const report_result *r, const report_side *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddBoolToObject(o, "ran", s->ran);
    add_long(o, "wrong", s->wrong);
    add_long(o, "total", s->total);
    add_long(o, "registers", s->registers);
    add_long(o, "shared_bytes", s->shared_bytes);
    add_long(o, "spill_bytes", s->spill_bytes);
    add_long(o, "stack_bytes", s->stack_bytes);
    add_long(o, "local_bytes", s->local_bytes);
    add_num_or_null(o, "occupancy", s->occupancy, s->occupancy >= 0);
#define VALUE_SUM(name) (double)s->name
#define VALUE_MEAN(name) (double)s->name
#define VALUE_DERIVED(name) derived_##name(s)
#define COUNTER(name, type, key, merge, what) cJSON_AddNumberToObject(o, key, VALUE_##merge(name));
    CL_COUNTERS(COUNTER)
#undef COUNTER
#undef VALUE_DERIVED
#undef VALUE_MEAN
#undef VALUE_SUM
    perf_json(o, r, s);
    add_num_or_null(o, "ms", s->ms, s->has_ms);
    add_num_or_null(o, "gbps", s->gbps, s->has_ms);
    add_num_or_null(o, "copy_fraction", s->copy_fraction, s->has_ms && s->copy_fraction >= 0);
    if (s->driver_registers >= 0) {
        cJSON *d = cJSON_AddObjectToObject(o, "driver");
        add_long(d, "registers", s->driver_registers);
        add_long(d, "shared_bytes", s->driver_shared_bytes);
        add_long(d, "local_bytes", s->driver_local_bytes);
    }
    return o;
}

static cJSON *size_json(const report_size_result *s)
{
    cJSON *o = cJSON_CreateObject();
    add_text(o, "size", s->size);
    cJSON_AddBoolToObject(o, "ran", s->ran);
    if (s->outcome)
        add_text(o, "outcome", s->outcome);
    else
        cJSON_AddNullToObject(o, "outcome");
    add_long(o, "wrong", s->wrong);
    add_long(o, "total", s->total);
    cJSON *first = cJSON_AddArrayToObject(o, "first_wrong");
    for (int i = 0; i < s->nfirst; i++) {
        cJSON *m = cJSON_CreateObject();
        cJSON_AddNumberToObject(m, "index", (double)s->first[i].index);
        add_num_or_null(m, "expected", s->first[i].expected, isfinite(s->first[i].expected));
        add_num_or_null(m, "got", s->first[i].got, isfinite(s->first[i].got));
        cJSON_AddBoolToObject(m, "integer", s->first[i].integer);
        add_text(m, "buffer", s->first[i].buffer);
        if (s->first[i].component) {
            char c[2] = {s->first[i].component, 0};
            add_text(m, "component", c);
        }
        if (s->first[i].digits) cJSON_AddNumberToObject(m, "digits", s->first[i].digits);
        cJSON_AddItemToArray(first, m);
    }
    if (s->note) add_text(o, "note", s->note);
    if (s->gpu_ran) {
        cJSON *g = cJSON_AddObjectToObject(o, "gpu");
        add_long(g, "wrong", s->gpu_wrong);
        if (s->gpu_outcome)
            add_text(g, "outcome", s->gpu_outcome);
        else
            cJSON_AddNullToObject(g, "outcome");
    }
    return o;
}

static cJSON *kernel_json(const report_result *r, const report_kernel *k)
{
    cJSON *o = cJSON_CreateObject();
    add_text(o, "name", k->name);
    cJSON_AddBoolToObject(o, "passed", k->passed);
    cJSON_AddBoolToObject(o, "present", k->present);
    if (k->signature) add_text(o, "signature", k->signature);
    if (k->problem) add_text(o, "problem", k->problem);
    if (k->unit) add_text(o, "unit", k->unit);
    cJSON_AddItemToObject(o, "yours", side_json(r, &k->yours));
    cJSON_AddItemToObject(o, "reference", side_json(r, &k->reference));
    add_num_or_null(o, "bytes_needed", k->bytes_needed, k->bytes_needed > 0);
    char *advice = report_perf_advice(k, r);
    add_str_or_null(o, "advice", advice);
    free(advice);
    cJSON *sizes = cJSON_AddArrayToObject(o, "sizes");
    for (int i = 0; i < k->nsizes; i++) cJSON_AddItemToArray(sizes, size_json(&k->sizes[i]));
    return o;
}

static cJSON *hazard_json(const report_hazard *h)
{
    cJSON *o = cJSON_CreateObject();
    add_text(o, "check", day_check_name(h->check));
    add_text(o, "severity", report_severity_name(h->severity));
    add_text(o, "kind", h->more ? "more" : cl_hazard_slug(h->kind));
    add_text(o, "kernel", h->kernel ? h->kernel : "");
    add_text(o, "file", h->file ? h->file : "");
    cJSON_AddNumberToObject(o, "line", h->line);
    if (h->line2) cJSON_AddNumberToObject(o, "line2", h->line2);
    /* a hidden size's record has no place (report_hazard_redact) */
    if (h->hidden)
        cJSON_AddNullToObject(o, "block");
    else
        cJSON_AddItemToObject(o, "block", cJSON_CreateIntArray(h->block, 3));
    add_num_or_null(o, "warp", h->warp, !h->hidden);
    add_num_or_null(o, "lane", h->lane, !h->hidden);
    add_num_or_null(o, "source_lane", h->source_lane, h->source_lane >= 0);
    if (h->launch > 0 && !h->hidden) cJSON_AddNumberToObject(o, "launch", h->launch);
    if (h->has_mask)
        add_mask(o, "mask", h->mask);
    else
        cJSON_AddNullToObject(o, "mask");
    cJSON_AddNumberToObject(o, "count", (double)h->count);
    add_text(o, "message", h->message ? h->message : "");
    add_text(o, "advice", h->advice ? h->advice : "");
    if (h->size) add_text(o, "size", h->size);
    cJSON_AddNumberToObject(o, "sizes", h->sizes > 1 ? h->sizes : 1);
    cJSON_AddBoolToObject(o, "hidden", h->hidden);
    cJSON_AddNumberToObject(o, "hidden_sizes", h->hidden_sizes);
    if (h->has_lanes) {
        cJSON *l = cJSON_AddObjectToObject(o, "lanes");
        add_mask(l, "mask", h->lanes.mask);
        add_mask(l, "active", h->lanes.active);
        add_mask(l, "undefined", h->lanes.undefined);
        add_mask(l, "clamped", h->lanes.clamped);
        int src[32];
        for (int i = 0; i < 32; i++) src[i] = h->lanes.source[i];
        cJSON_AddItemToObject(l, "source", cJSON_CreateIntArray(src, 32));
    }
    return o;
}

char *report_to_json(const report_result *r)
{
    cJSON *o = cJSON_CreateObject();
    add_text(o, "day", r->day);
    add_text(o, "file", r->file);
    add_text(o, "backend", r->backend);
    cJSON_AddNumberToObject(o, "seed", (double)r->seed);
    cJSON_AddBoolToObject(o, "passed", r->passed);
    /* The checks that ran; those that apply but did not run (after a
     * compile failure) are only named, in checks_not_run (docs/contract.md). */
    cJSON *checks = cJSON_AddArrayToObject(o, "checks");
    cJSON *not_run = cJSON_CreateArray();
    for (int c = 0; c < DAY_CHECK_COUNT; c++) {
        const report_check *k = &r->checks[c];
        if ((c == DAY_CHECK_PERFORMANCE && !k->ran) || !k->applies) continue;
        if (!k->ran) {
            cJSON_AddItemToArray(not_run, cJSON_CreateString(day_check_name((day_check)c)));
            continue;
        }
        cJSON *j = cJSON_CreateObject();
        add_text(j, "name", day_check_name((day_check)c));
        cJSON_AddBoolToObject(j, "passed", k->passed);
        cJSON_AddBoolToObject(j, "ran", true);
        add_text(j, "detail", k->detail ? k->detail : "");
        cJSON_AddNumberToObject(j, "points", k->points);
        cJSON_AddNumberToObject(j, "max_points", k->max_points);
        cJSON_AddItemToArray(checks, j);
    }
    cJSON_AddItemToObject(o, "checks_not_run", not_run);
    cJSON_AddNumberToObject(o, "points", r->points);
    cJSON_AddNumberToObject(o, "max_points", r->max_points);
    cJSON *scores = cJSON_AddArrayToObject(o, "scores");
    for (int i = 0; i < r->nscores; i++) {
        const report_score *s = &r->scores[i];
        cJSON *j = cJSON_CreateObject();
        add_text(j, "kernel", s->kernel);
        add_text(j, "check", day_check_name(s->check));
        cJSON_AddBoolToObject(j, "passed", s->passed);
        cJSON_AddNumberToObject(j, "points", s->points);
        cJSON_AddNumberToObject(j, "max_points", s->max_points);
        add_text(j, "detail", s->detail ? s->detail : "");
        cJSON_AddItemToArray(scores, j);
    }
    cJSON *kernels = cJSON_AddArrayToObject(o, "kernels");
    for (int i = 0; i < r->nkernels; i++) cJSON_AddItemToArray(kernels, kernel_json(r, &r->kernels[i]));
    cJSON *hazards = cJSON_AddArrayToObject(o, "hazards");
    for (int i = 0; i < r->nhazards; i++) cJSON_AddItemToArray(hazards, hazard_json(&r->hazards[i]));
    cJSON *diags = cJSON_AddArrayToObject(o, "diagnostics");
    for (int i = 0; i < r->ndiags; i++) {
        const report_diag *d = &r->diags[i];
        cJSON *j = cJSON_CreateObject();
        add_text(j, "file", d->file ? d->file : "");
        cJSON_AddNumberToObject(j, "line", d->line);
        cJSON_AddNumberToObject(j, "column", d->column);
        add_text(j, "severity", report_severity_name(d->severity));
        add_text(j, "message", d->message ? d->message : "");
        cJSON_AddItemToArray(diags, j);
    }
    if (r->printf_text) add_text_flags(o, "printf", r->printf_text, CL_TEXT_KEEP_LINES);
    cJSON_AddNumberToObject(o, "seconds", r->seconds);
    if (r->device) add_text(o, "device", r->device);
    if (r->device_peak_gbps > 0) cJSON_AddNumberToObject(o, "device_peak_gbps", r->device_peak_gbps);
    if (r->device_wavefronts_per_ms > 0)
        cJSON_AddNumberToObject(o, "device_wavefronts_per_ms", r->device_wavefronts_per_ms);
    const char *source;
    double gbps = report_device_gbps(r, &source);
    cJSON *model = cJSON_AddObjectToObject(o, "model");
    cJSON_AddNumberToObject(model, "t4_gbps", REPORT_T4_GBPS);
    cJSON_AddNumberToObject(model, "t4_wavefronts_per_ms", REPORT_T4_WAVEFRONTS_PER_MS);
    add_num_or_null(model, "device_gbps", gbps, gbps > 0);
    add_str_or_null(model, "device_bandwidth", source);
    if (r->edition) {
        cJSON *s = cJSON_AddObjectToObject(o, "sizes_used");
        cJSON_AddNumberToObject(s, "course", 1);
        cJSON_AddNumberToObject(s, "hidden", r->hidden_sizes);
        add_text(s, "edition", r->edition);
    }
    if (r->copy_has_ms) {
        cJSON *c = cJSON_AddObjectToObject(o, "copy");
        cJSON_AddNumberToObject(c, "ms", r->copy_ms);
        cJSON_AddNumberToObject(c, "gbps", r->copy_gbps);
    }
    char *text = cJSON_Print(o);
    cJSON_Delete(o);
    char *out = cl_strdup(text);
    cJSON_free(text);
    return out;
}

char *report_error_json(const char *day, const char *file, const char *message,
                        const char *where, int line)
{
    cJSON *o = cJSON_CreateObject(), *e = cJSON_CreateObject();
    add_str_or_null(o, "day", day);
    add_str_or_null(o, "file", file);
    cJSON_AddBoolToObject(o, "passed", false);
    add_str_or_null(e, "message", message);
    add_str_or_null(e, "file", where);
    add_num_or_null(e, "line", line, line > 0);
    cJSON_AddItemToObject(o, "error", e);
    char *text = cJSON_Print(o);
    cJSON_Delete(o);
    return text;
}
