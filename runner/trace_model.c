/* trace_model.c - the warp stepper's run (trace_model.h): its JSON both ways,
 * how its values are shown, and the lanes that hold a partial sum. The text
 * writer is trace_text.c. */
#include "trace_model.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void trace_run_free(trace_run *t)
{
    free(t->slug);
    free(t->file);
    free(t->kernel);
    free(t->program);
    free(t->size);
    free(t->outcome);
    free(t->detail);
    free(t->steps);
    memset(t, 0, sizeof *t);
}

/* ---- values ---- */

static bool int_like(uint64_t v)
{
    int32_t i = (int32_t)(uint32_t)v;
    return v <= UINT32_MAX && i > -(1 << 20) && i < (1 << 20);
}

static bool float_like(uint64_t v)
{
    if (v > UINT32_MAX) return false;
    uint32_t b = (uint32_t)v;
    float f;
    memcpy(&f, &b, sizeof f);
    return f == 0 || isnan(f) || (isfinite(f) && fabsf(f) >= 1e-30f && fabsf(f) <= 1e30f);
}

trace_fmt trace_value_format(const sim_trace_step *s, bool got)
{
    if (s->kind == SIM_TRACE_VOTE) return got && !strcmp(s->mode, "ballot") ? TRACE_FMT_HEX : TRACE_FMT_INT;
    if (s->kind == SIM_TRACE_MATCH && got) return TRACE_FMT_HEX;
    bool ints = true, floats = true;
    for (int l = 0; l < 32; l++) {
        if (!(s->active >> l & 1u)) continue;
        uint64_t v[2] = {s->lane[l].sent, s->lane[l].got};
        for (int k = 0; k < 2; k++) {
            if (v[k] == SIM_POISON32) continue;
            ints = ints && int_like(v[k]);
            floats = floats && float_like(v[k]);
        }
    }
    return ints ? TRACE_FMT_INT : floats ? TRACE_FMT_FLOAT : TRACE_FMT_HEX;
}

void trace_value_text(uint64_t v, trace_fmt f, char *buf, size_t n)
{
    uint32_t b = (uint32_t)v;
    float x;
    memcpy(&x, &b, sizeof x);
    if (v == SIM_POISON32 && f != TRACE_FMT_HEX) snprintf(buf, n, "poison");
    else if (v > UINT32_MAX) snprintf(buf, n, "0x%016llx", (unsigned long long)v);
    else if (f == TRACE_FMT_INT) snprintf(buf, n, "%d", (int32_t)b);
    else if (f == TRACE_FMT_FLOAT && isnan(x)) snprintf(buf, n, "NaN");
    else if (f == TRACE_FMT_FLOAT) snprintf(buf, n, "%.5g", (double)x);
    else snprintf(buf, n, "0x%08x", b);
}

const char *trace_undefined_why(const sim_trace_step *s, int l)
{
    const sim_trace_lane *x = &s->lane[l];
    if (s->kind != SIM_TRACE_SHUFFLE || x->read != SIM_READ_UNDEFINED || x->source < 0 || x->source > 31)
        return NULL;
    return !(x->mask >> x->source & 1u) ? "outside the mask"
           : (s->exited >> x->source & 1u) ? "exited" : "not taking part";
}

void trace_lanes_text(uint32_t lanes, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int l = 0; l < 32 && k < n; l++) {
        if (!(lanes >> l & 1u) || (l && (lanes >> (l - 1) & 1u))) continue;
        int e = l;
        while (e < 31 && (lanes >> (e + 1) & 1u)) e++;
        int w = e == l ? snprintf(buf + k, n - k, "%s%d", k ? ", " : "", l)
                       : snprintf(buf + k, n - k, "%s%d-%d", k ? ", " : "", l, e);
        k += w > 0 ? (size_t)w : 0;
    }
    if (!lanes) snprintf(buf, n, "none");
}

/* ---- partial sums ---- */

static bool in_chain(const sim_trace_step *s)
{
    return s->kind == SIM_TRACE_SHUFFLE && strcmp(s->mode, "idx") != 0;
}

/* Whether lane l's next value is its value plus what it got (1), its old
 * value (0), or something else (-1). */
static int adds(const sim_trace_step *s, const sim_trace_step *next, int l)
{
    uint64_t a = s->lane[l].sent, g = s->lane[l].got, n = next->lane[l].sent;
    float fa, fg, fs;
    uint32_t ba = (uint32_t)a, bg = (uint32_t)g, bs;
    memcpy(&fa, &ba, 4);
    memcpy(&fg, &bg, 4);
    fs = fa + fg;
    memcpy(&bs, &fs, 4);
    if (n == bs || n == (uint32_t)(ba + bg)) return 1;
    return n == a ? 0 : -1;
}

uint32_t trace_partials(const trace_run *t, size_t k, uint32_t parts[32])
{
    int last[32]; /* how each lane's last step went: 1 added, 0 kept */
    bool started = false;
    for (int l = 0; l < 32; l++) {
        parts[l] = 0;
        last[l] = 1;
    }
    for (size_t i = 0; i <= k && i < t->nsteps; i++) {
        const sim_trace_step *s = &t->steps[i];
        if (!in_chain(s)) continue;
        if (!started) {
            for (int l = 0; l < 32; l++) parts[l] = (s->active >> l & 1u) ? 1u << l : 0;
            started = true;
        }
        const sim_trace_step *next = NULL;
        for (size_t j = i + 1; j < t->nsteps && !next; j++)
            if (in_chain(&t->steps[j])) next = &t->steps[j];
        uint32_t after[32];
        for (int l = 0; l < 32; l++) {
            after[l] = parts[l];
            if (!(s->active >> l & 1u)) continue;
            int how = next && (next->active >> l & 1u) ? adds(s, next, l) : last[l];
            last[l] = how < 0 ? 1 : how;
            const sim_trace_lane *x = &s->lane[l];
            if (how == 0) continue;
            if (how < 0 || x->read == SIM_READ_UNDEFINED || x->read == SIM_READ_OWN) after[l] = 0;
            else if (x->read == SIM_READ_VALID)
                after[l] = parts[l] && parts[x->source] && !(parts[l] & parts[x->source])
                               ? parts[l] | parts[x->source] : 0;
        }
        memcpy(parts, after, sizeof after);
    }
    uint32_t holding = 0;
    for (int l = 0; l < 32; l++)
        if (__builtin_popcount(parts[l]) >= 2) holding |= 1u << l;
    return holding;
}

/* ---- JSON ---- */

static cJSON *dims(const unsigned d[3])
{
    const int v[3] = {(int)d[0], (int)d[1], (int)d[2]};
    return cJSON_CreateIntArray(v, 3);
}

static void add_value(cJSON *o, const char *key, uint64_t v)
{
    if (v < (1ull << 53)) {
        cJSON_AddNumberToObject(o, key, (double)v);
    } else {
        char hex[24];
        snprintf(hex, sizeof hex, "0x%016llx", (unsigned long long)v);
        cJSON_AddStringToObject(o, key, hex);
    }
}

static const char *const read_names[] = {"none", "valid", "undefined", "own"};
static const char *const fmt_names[] = {"float", "int", "hex"};

static cJSON *lane_json(const sim_trace_step *s, int l)
{
    const sim_trace_lane *x = &s->lane[l];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "lane", l);
    cJSON_AddNumberToObject(o, "mask", x->mask);
    if (s->kind == SIM_TRACE_DEADLOCK) cJSON_AddNumberToObject(o, "line", x->line);
    if (s->kind == SIM_TRACE_BARRIER || s->kind == SIM_TRACE_SYNCWARP || s->kind == SIM_TRACE_TENSOR ||
        s->kind == SIM_TRACE_DEADLOCK)
        return o;
    add_value(o, "sent", x->sent);
    add_value(o, "got", x->got);
    if (s->kind != SIM_TRACE_SHUFFLE) return o;
    cJSON_AddNumberToObject(o, "source", x->source);
    cJSON_AddStringToObject(o, "read", read_names[x->read & 3]);
    const char *why = trace_undefined_why(s, l);
    if (why) cJSON_AddStringToObject(o, "why", why);
    return o;
}

static cJSON *step_json(const trace_run *t, size_t i)
{
    const sim_trace_step *s = &t->steps[i];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "step", (double)i + 1);
    cJSON_AddStringToObject(o, "kind", sim_trace_kind_name(s->kind));
    cJSON_AddStringToObject(o, "mode", s->mode);
    cJSON_AddStringToObject(o, "file", s->file);
    cJSON_AddNumberToObject(o, "line", s->line);
    cJSON_AddStringToObject(o, "ptx", s->ptx);
    cJSON_AddNumberToObject(o, "active", s->active);
    cJSON_AddNumberToObject(o, "mask", s->mask);
    cJSON_AddBoolToObject(o, "masks_differ", s->masks_differ);
    cJSON_AddNumberToObject(o, "exited", s->exited);
    cJSON_AddNumberToObject(o, "existing", s->existing);
    if (s->kind == SIM_TRACE_BARRIER) cJSON_AddNumberToObject(o, "barrier", s->barrier);
    cJSON_AddStringToObject(o, "sent_as", fmt_names[trace_value_format(s, false)]);
    cJSON_AddStringToObject(o, "got_as", fmt_names[trace_value_format(s, true)]);
    uint32_t parts[32];
    if (in_chain(s)) cJSON_AddNumberToObject(o, "partial_sums", trace_partials(t, i, parts));
    cJSON *lanes = cJSON_AddArrayToObject(o, "lanes");
    for (int l = 0; l < 32; l++)
        if (s->active >> l & 1u) cJSON_AddItemToArray(lanes, lane_json(s, l));
    return o;
}

char *trace_to_json(const trace_run *t)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "format", TRACE_FORMAT);
    cJSON_AddNumberToObject(o, "day", t->day);
    cJSON_AddStringToObject(o, "slug", t->slug);
    cJSON_AddStringToObject(o, "file", t->file);
    cJSON_AddStringToObject(o, "kernel", t->kernel);
    if (t->program) cJSON_AddStringToObject(o, "program", t->program);
    else cJSON_AddNullToObject(o, "program");
    cJSON_AddNumberToObject(o, "launch", t->launch);
    cJSON_AddStringToObject(o, "size", t->size);
    cJSON_AddNumberToObject(o, "seed", (double)t->seed);
    cJSON_AddItemToObject(o, "block", dims(t->block));
    cJSON_AddNumberToObject(o, "warp", t->warp);
    cJSON_AddItemToObject(o, "grid", dims(t->grid));
    cJSON_AddItemToObject(o, "block_dim", dims(t->block_dim));
    cJSON_AddStringToObject(o, "outcome", t->outcome);
    if (t->detail) cJSON_AddStringToObject(o, "detail", t->detail);
    else cJSON_AddNullToObject(o, "detail");
    cJSON_AddBoolToObject(o, "ran", t->ran);
    cJSON_AddNumberToObject(o, "instructions", (double)t->instructions);
    cJSON_AddNumberToObject(o, "dropped", (double)t->dropped);
    cJSON *steps = cJSON_AddArrayToObject(o, "steps");
    for (size_t i = 0; i < t->nsteps; i++) cJSON_AddItemToArray(steps, step_json(t, i));
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    char *out = cl_strdup(text);
    cJSON_free(text);
    return out;
}

/* ---- reading it back ---- */

static double num(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (cJSON_IsString(v)) return (double)strtoull(v->valuestring, NULL, 0);
    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

static uint64_t value(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (cJSON_IsString(v)) return strtoull(v->valuestring, NULL, 0);
    return cJSON_IsNumber(v) && v->valuedouble >= 0 ? (uint64_t)v->valuedouble : 0;
}

static char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? cl_strdup(v->valuestring) : NULL;
}

static void copy_str(const cJSON *o, const char *key, char *to, size_t n)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    snprintf(to, n, "%s", cJSON_IsString(v) ? v->valuestring : "");
}

static void read_dims(const cJSON *o, const char *key, unsigned d[3])
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    for (int i = 0; i < 3; i++) {
        const cJSON *v = cJSON_GetArrayItem(a, i);
        d[i] = cJSON_IsNumber(v) && v->valuedouble >= 0 ? (unsigned)v->valuedouble : 0;
    }
}

static void read_lane(const cJSON *o, sim_trace_step *s)
{
    int l = (int)num(o, "lane");
    if (l < 0 || l > 31) return;
    sim_trace_lane *x = &s->lane[l];
    x->mask = (uint32_t)value(o, "mask");
    x->sent = value(o, "sent");
    x->got = value(o, "got");
    x->line = (unsigned)num(o, "line");
    const cJSON *src = cJSON_GetObjectItemCaseSensitive(o, "source");
    x->source = cJSON_IsNumber(src) ? (int8_t)src->valueint : -1;
    const cJSON *rd = cJSON_GetObjectItemCaseSensitive(o, "read");
    for (int k = 0; k < 4 && cJSON_IsString(rd); k++)
        if (!strcmp(rd->valuestring, read_names[k])) x->read = (uint8_t)k;
}

static void read_step(const cJSON *o, sim_trace_step *s)
{
    memset(s, 0, sizeof *s);
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(o, "kind");
    for (int k = 0; k < SIM_TRACE_KIND_COUNT && cJSON_IsString(kind); k++)
        if (!strcmp(kind->valuestring, sim_trace_kind_name((sim_trace_kind)k))) s->kind = (sim_trace_kind)k;
    copy_str(o, "mode", s->mode, sizeof s->mode);
    copy_str(o, "file", s->file, sizeof s->file);
    copy_str(o, "ptx", s->ptx, sizeof s->ptx);
    s->line = (unsigned)num(o, "line");
    s->active = (uint32_t)value(o, "active");
    s->mask = (uint32_t)value(o, "mask");
    s->masks_differ = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "masks_differ"));
    s->exited = (uint32_t)value(o, "exited");
    s->existing = (uint32_t)value(o, "existing");
    s->barrier = (unsigned)num(o, "barrier");
    for (int l = 0; l < 32; l++) s->lane[l].source = -1;
    const cJSON *lane;
    cJSON_ArrayForEach(lane, cJSON_GetObjectItemCaseSensitive(o, "lanes")) read_lane(lane, s);
}

cl_status trace_from_json(const char *text, trace_run *out, cl_error *err)
{
    memset(out, 0, sizeof *out);
    cJSON *o = cJSON_Parse(text);
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(o, "format");
    cl_status st = CL_OK;
    if (!o || !cJSON_IsString(fmt) || strcmp(fmt->valuestring, TRACE_FORMAT) != 0) {
        st = cl_fail(err, CL_INTERNAL, "", 0, 0, "not the JSON of `cudalab trace` (%s)", TRACE_FORMAT);
    } else {
        out->day = (int)num(o, "day");
        out->slug = str(o, "slug");
        out->file = str(o, "file");
        out->kernel = str(o, "kernel");
        out->program = str(o, "program");
        out->launch = (unsigned)num(o, "launch");
        out->size = str(o, "size");
        out->seed = value(o, "seed");
        read_dims(o, "block", out->block);
        out->warp = (unsigned)num(o, "warp");
        read_dims(o, "grid", out->grid);
        read_dims(o, "block_dim", out->block_dim);
        out->outcome = str(o, "outcome");
        out->detail = str(o, "detail");
        out->ran = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "ran"));
        out->instructions = value(o, "instructions");
        out->dropped = (size_t)num(o, "dropped");
        const cJSON *steps = cJSON_GetObjectItemCaseSensitive(o, "steps"), *s;
        out->steps = cl_calloc((size_t)cJSON_GetArraySize(steps) + 1, sizeof *out->steps);
        cJSON_ArrayForEach(s, steps) read_step(s, &out->steps[out->nsteps++]);
    }
    cJSON_Delete(o);
    return st;
}
