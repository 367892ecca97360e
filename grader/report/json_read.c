/* json_read.c - a grade's JSON read back into the result model (the terminal
 * UI runs `cudalab grade --json` in a child and reads its answer). Keys that
 * are absent take their "unknown" value; a value of the wrong type is an
 * error. */
#include "result.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
    cl_error *err;
    bool bad;
} reader;

static cJSON *member(reader *rd, const cJSON *o, const char *key, int type)
{
    cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v || cJSON_IsNull(v)) return NULL;
    if (!(v->type & type)) {
        if (!rd->bad) cl_fail(rd->err, CL_INTERNAL, "", 0, 0, "result JSON: '%s' has the wrong type", key);
        rd->bad = true;
        return NULL;
    }
    return v;
}

static char *str(reader *rd, const cJSON *o, const char *key)
{
    cJSON *v = member(rd, o, key, cJSON_String);
    return v ? cl_strdup(v->valuestring) : NULL;
}

static double num(reader *rd, const cJSON *o, const char *key, double fallback)
{
    cJSON *v = member(rd, o, key, cJSON_Number);
    return v ? v->valuedouble : fallback;
}

/* A whole number of a field's type: a value past [lo, hi] (NaN too) is an
 * error like a wrong type, since casting it would be undefined. lo and hi
 * are well inside the type. */
static double whole(reader *rd, const cJSON *o, const char *key, double fallback, double lo,
                    double hi)
{
    cJSON *v = member(rd, o, key, cJSON_Number);
    if (!v) return fallback;
    if (v->valuedouble >= lo && v->valuedouble <= hi) return v->valuedouble;
    if (!rd->bad) cl_fail(rd->err, CL_INTERNAL, "", 0, 0, "result JSON: '%s' is out of range", key);
    rd->bad = true;
    return fallback;
}

static int int_field(reader *rd, const cJSON *o, const char *key, int fallback)
{
    return (int)whole(rd, o, key, fallback, -2147483647.0, 2147483647.0);
}

/* long long (and long, as wide here): bounds below 2^63 */
static long long ll_field(reader *rd, const cJSON *o, const char *key, long long fallback)
{
    return (long long)whole(rd, o, key, (double)fallback, -9.0e18, 9.0e18);
}

/* uint64_t: bounds below 2^64 */
static uint64_t u64_field(reader *rd, const cJSON *o, const char *key, uint64_t fallback)
{
    return (uint64_t)whole(rd, o, key, (double)fallback, 0, 1.8e19);
}

static bool flag(reader *rd, const cJSON *o, const char *key)
{
    cJSON *v = member(rd, o, key, cJSON_True | cJSON_False);
    return v && cJSON_IsTrue(v);
}

static bool mask(reader *rd, const cJSON *o, const char *key, uint32_t *out)
{
    char *s = str(rd, o, key);
    if (!s) return false;
    *out = (uint32_t)strtoul(s, NULL, 16);
    free(s);
    return true;
}

static void read_side(reader *rd, const cJSON *o, report_side *s)
{
    report_side_init(s);
    if (!o) return;
    s->ran = flag(rd, o, "ran");
    s->wrong = ll_field(rd, o, "wrong", -1);
    s->total = ll_field(rd, o, "total", -1);
    s->registers = (long)ll_field(rd, o, "registers", -1);
    s->shared_bytes = (long)ll_field(rd, o, "shared_bytes", -1);
    s->spill_bytes = (long)ll_field(rd, o, "spill_bytes", -1);
    s->stack_bytes = (long)ll_field(rd, o, "stack_bytes", -1);
    s->local_bytes = (long)ll_field(rd, o, "local_bytes", -1);
    s->occupancy = num(rd, o, "occupancy", -1);
    /* figures.h's kept rows: a count is a whole number, a mean any */
#define READ_uint64_t(key) u64_field(rd, o, key, 0)
#define READ_double(key) num(rd, o, key, 0)
#define READ_SUM(name, type, key) s->name = READ_##type(key);
#define READ_MEAN(name, type, key) s->name = READ_##type(key);
#define READ_DERIVED(name, type, key)
#define COUNTER(name, type, key, merge, what) READ_##merge(name, type, key)
    CL_COUNTERS(COUNTER)
#undef COUNTER
#undef READ_DERIVED
#undef READ_MEAN
#undef READ_SUM
#undef READ_double
#undef READ_uint64_t
    s->has_ms = member(rd, o, "ms", cJSON_Number) != NULL;
    s->ms = num(rd, o, "ms", 0);
    s->gbps = num(rd, o, "gbps", 0);
    s->copy_fraction = num(rd, o, "copy_fraction", -1);
    const cJSON *d = member(rd, o, "driver", cJSON_Object);
    if (d) {
        s->driver_registers = (long)ll_field(rd, d, "registers", -1);
        s->driver_shared_bytes = (long)ll_field(rd, d, "shared_bytes", -1);
        s->driver_local_bytes = (long)ll_field(rd, d, "local_bytes", -1);
    }
}

static void read_size(reader *rd, const cJSON *o, report_kernel *k)
{
    char *name = str(rd, o, "size");
    report_size_result *s = report_add_size(k, name ? name : "?");
    free(name);
    s->ran = flag(rd, o, "ran");
    s->outcome = str(rd, o, "outcome");
    s->wrong = ll_field(rd, o, "wrong", -1);
    s->total = ll_field(rd, o, "total", -1);
    s->note = str(rd, o, "note");
    const cJSON *g = member(rd, o, "gpu", cJSON_Object);
    if (g) {
        s->gpu_ran = true;
        s->gpu_wrong = ll_field(rd, g, "wrong", -1);
        s->gpu_outcome = str(rd, g, "outcome");
    }
    const cJSON *m;
    cJSON_ArrayForEach(m, member(rd, o, "first_wrong", cJSON_Array))
    {
        if (s->nfirst == 5) break;
        report_mismatch *x = &s->first[s->nfirst++];
        x->index = ll_field(rd, m, "index", -1);
        x->expected = num(rd, m, "expected", NAN);
        x->got = num(rd, m, "got", NAN);
        x->integer = flag(rd, m, "integer");
        char *buffer = str(rd, m, "buffer"), *component = str(rd, m, "component");
        if (buffer) snprintf(x->buffer, sizeof x->buffer, "%s", buffer);
        if (component && component[0] >= 'w' && component[0] <= 'z' && !component[1])
            x->component = component[0];
        x->digits = (int)whole(rd, m, "digits", 0, 0, 17);
        free(buffer);
        free(component);
    }
}

static void read_kernel(reader *rd, const cJSON *o, report_result *r)
{
    char *name = str(rd, o, "name");
    report_kernel *k = report_add_kernel(r, name ? name : "?");
    free(name);
    k->passed = flag(rd, o, "passed");
    k->present = flag(rd, o, "present");
    k->signature = str(rd, o, "signature");
    k->problem = str(rd, o, "problem");
    k->unit = str(rd, o, "unit");
    read_side(rd, member(rd, o, "yours", cJSON_Object), &k->yours);
    read_side(rd, member(rd, o, "reference", cJSON_Object), &k->reference);
    k->bytes_needed = num(rd, o, "bytes_needed", 0);
    const cJSON *s;
    cJSON_ArrayForEach(s, member(rd, o, "sizes", cJSON_Array)) read_size(rd, s, k);
}

static void read_lanes(reader *rd, const cJSON *o, report_hazard *h)
{
    if (!o) return;
    h->has_lanes = true;
    mask(rd, o, "mask", &h->lanes.mask);
    mask(rd, o, "active", &h->lanes.active);
    mask(rd, o, "undefined", &h->lanes.undefined);
    bool clamped = mask(rd, o, "clamped", &h->lanes.clamped);
    memset(h->lanes.source, -1, sizeof h->lanes.source);
    const cJSON *src = member(rd, o, "source", cJSON_Array);
    for (int i = 0; src && i < 32 && i < cJSON_GetArraySize(src); i++) {
        const cJSON *v = cJSON_GetArrayItem(src, i);
        h->lanes.source[i] = cJSON_IsNumber(v) ? (int8_t)v->valueint : -1;
    }
    /* A report written before "clamped" was: a lane that took part and read
     * its own number, defined, was one the clamp gave its own value. */
    for (int i = 0; !clamped && i < 32; i++)
        if (((h->lanes.active & ~h->lanes.undefined) >> i & 1u) && h->lanes.source[i] == i)
            h->lanes.clamped |= 1u << i;
}

/* "kind": one of the emulator's (its slug) or "more"; anything else, or
 * none, is an error: the enum has no unknown kind. */
static void read_kind(reader *rd, const cJSON *o, report_hazard *h)
{
    char *kind = str(rd, o, "kind");
    int k = kind ? cl_hazard_from_slug(kind) : -1;
    h->more = kind && !strcmp(kind, "more");
    if (k >= 0) h->kind = (cl_hazard_kind)k;
    else if (!h->more && !rd->bad) {
        cl_fail(rd->err, CL_INTERNAL, "", 0, 0, "result JSON: 'kind' is not a hazard kind");
        rd->bad = true;
    }
    free(kind);
}

static void read_hazard(reader *rd, const cJSON *o, report_result *r)
{
    report_hazard *h = report_add_hazard(r);
    char *check = str(rd, o, "check"), *sev = str(rd, o, "severity");
    int c = check ? day_check_from_name(check) : -1;
    h->check = c >= 0 ? (day_check)c : DAY_CHECK_MEMORY;
    h->severity = sev && !strcmp(sev, "warning") ? REPORT_WARNING : REPORT_ERROR;
    free(check);
    free(sev);
    read_kind(rd, o, h);
    h->kernel = str(rd, o, "kernel");
    h->file = str(rd, o, "file");
    h->line = int_field(rd, o, "line", 0);
    h->line2 = int_field(rd, o, "line2", 0);
    const cJSON *b = member(rd, o, "block", cJSON_Array);
    for (int i = 0; b && i < 3 && i < cJSON_GetArraySize(b); i++)
        h->block[i] = cJSON_GetArrayItem(b, i)->valueint;
    h->warp = int_field(rd, o, "warp", 0);
    h->lane = int_field(rd, o, "lane", 0);
    h->source_lane = int_field(rd, o, "source_lane", -1);
    h->launch = int_field(rd, o, "launch", 0);
    h->has_mask = mask(rd, o, "mask", &h->mask);
    h->count = u64_field(rd, o, "count", 1);
    h->message = str(rd, o, "message");
    h->advice = str(rd, o, "advice");
    h->size = str(rd, o, "size");
    h->sizes = (int)u64_field(rd, o, "sizes", 1);
    h->hidden = flag(rd, o, "hidden");
    h->hidden_sizes = int_field(rd, o, "hidden_sizes", 0);
    read_lanes(rd, member(rd, o, "lanes", cJSON_Object), h);
}

static void read_diag(reader *rd, const cJSON *o, report_result *r)
{
    report_diag *d = report_add_diag(r);
    char *sev = str(rd, o, "severity");
    d->severity = !sev || !strcmp(sev, "error") ? REPORT_ERROR
                  : !strcmp(sev, "warning")     ? REPORT_WARNING
                                                : REPORT_NOTE;
    free(sev);
    d->file = str(rd, o, "file");
    d->line = int_field(rd, o, "line", 0);
    d->column = int_field(rd, o, "column", 0);
    d->message = str(rd, o, "message");
}

static void read_checks(reader *rd, const cJSON *o, report_result *r)
{
    const cJSON *c;
    for (int i = DAY_CHECK_CORRECTNESS; i < DAY_CHECK_PERFORMANCE; i++) r->checks[i].applies = false;
    cJSON_ArrayForEach(c, member(rd, o, "checks", cJSON_Array))
    {
        char *name = str(rd, c, "name"), *detail = str(rd, c, "detail");
        int id = name ? day_check_from_name(name) : -1;
        cJSON *ran = cJSON_GetObjectItemCaseSensitive(c, "ran");
        if (id >= 0) r->checks[id].applies = true;
        if (id >= 0 && !(ran && cJSON_IsFalse(ran)))
            report_set_check(r, (day_check)id, flag(rd, c, "passed"), detail);
        free(name);
        free(detail);
    }
    cJSON_ArrayForEach(c, member(rd, o, "checks_not_run", cJSON_Array))
    {
        int id = cJSON_IsString(c) ? day_check_from_name(c->valuestring) : -1;
        if (id >= 0) r->checks[id].applies = true; /* applies, did not run */
    }
}

/* The grade's points, as it decided them (an older report has none). */
static void read_scores(reader *rd, const cJSON *o, report_result *r)
{
    const cJSON *s;
    cJSON_ArrayForEach(s, member(rd, o, "scores", cJSON_Array))
    {
        char *kernel = str(rd, s, "kernel"), *check = str(rd, s, "check"), *detail = str(rd, s, "detail");
        int id = check ? day_check_from_name(check) : -1;
        double max = whole(rd, s, "max_points", 0, 0, 1e6);
        if (id >= 0 && kernel)
            report_add_score(r, kernel, (day_check)id, flag(rd, s, "passed"), max, detail);
        free(kernel);
        free(check);
        free(detail);
    }
    report_score_totals(r);
}

cl_status report_from_json(const char *text, report_result **out, cl_error *err)
{
    reader rd = {.err = err};
    *out = NULL;
    cJSON *o = cJSON_Parse(text);
    if (!o || !cJSON_IsObject(o)) {
        cJSON_Delete(o);
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "the grader's answer is not JSON");
    }
    char *day = str(&rd, o, "day"), *file = str(&rd, o, "file"), *be = str(&rd, o, "backend");
    report_result *r = report_new(day, file, be, u64_field(&rd, o, "seed", 0));
    free(day);
    free(file);
    free(be);
    r->passed = flag(&rd, o, "passed");
    read_checks(&rd, o, r);
    read_scores(&rd, o, r);
    const cJSON *x;
    cJSON_ArrayForEach(x, member(&rd, o, "kernels", cJSON_Array)) read_kernel(&rd, x, r);
    cJSON_ArrayForEach(x, member(&rd, o, "hazards", cJSON_Array)) read_hazard(&rd, x, r);
    cJSON_ArrayForEach(x, member(&rd, o, "diagnostics", cJSON_Array)) read_diag(&rd, x, r);
    r->printf_text = str(&rd, o, "printf");
    r->seconds = num(&rd, o, "seconds", 0);
    r->device = str(&rd, o, "device");
    r->device_peak_gbps = num(&rd, o, "device_peak_gbps", 0);
    r->device_wavefronts_per_ms = num(&rd, o, "device_wavefronts_per_ms", 0);
    const cJSON *used = member(&rd, o, "sizes_used", cJSON_Object);
    if (used) {
        double hidden = num(&rd, used, "hidden", 0);
        r->hidden_sizes = hidden >= 0 && hidden <= 1e6 ? (int)hidden : 0;
        r->edition = str(&rd, used, "edition");
    }
    const cJSON *copy = member(&rd, o, "copy", cJSON_Object);
    if (copy) {
        r->copy_has_ms = true;
        r->copy_ms = num(&rd, copy, "ms", 0);
        r->copy_gbps = num(&rd, copy, "gbps", 0);
    }
    cJSON_Delete(o);
    if (rd.bad) {
        report_free(r);
        return err ? err->status : CL_INTERNAL;
    }
    *out = r;
    return CL_OK;
}
