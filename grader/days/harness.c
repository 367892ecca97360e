/* harness.c - what the days' harnesses share: seeded numbers, buffers with
 * sentinels, launching, comparing. */
#include "harness.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

extern const day_harness harness_day14, harness_day23, harness_day25;

static const day_harness *const harnesses[] = {&harness_day14, &harness_day23, &harness_day25};

const day_harness *harness_find(const char *slug)
{
    for (size_t i = 0; i < sizeof harnesses / sizeof *harnesses; i++)
        if (!strcmp(harnesses[i]->slug, slug)) return harnesses[i];
    return NULL;
}

void harness_result_free(harness_result *r)
{
    backend_run_free(&r->run);
    free(r->note);
    r->note = NULL;
}

char *harness_size_label(const day_size *s)
{
    cl_str b = {0};
    for (int i = 0; i < s->n; i++) cl_str_addf(&b, "%s%s=%lld", i ? " " : "", s->keys[i], s->values[i]);
    return cl_str_take(&b);
}

/* ---- numbers ---- */

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

harness_rng harness_rng_for(uint64_t seed, const char *problem, const day_size *size)
{
    uint64_t h = mix(seed + 0x9e3779b97f4a7c15ull);
    for (const char *p = problem; *p; p++) h = mix(h ^ (uint8_t)*p);
    for (int i = 0; i < size->n; i++) h = mix(h ^ (uint64_t)size->values[i]);
    return (harness_rng){h};
}

uint64_t harness_rng_next(harness_rng *r)
{
    r->state += 0x9e3779b97f4a7c15ull;
    return mix(r->state);
}

float harness_rng_float(harness_rng *r, float lo, float hi)
{
    double u = (double)(harness_rng_next(r) >> 40) / (double)(1ull << 24);
    return (float)(lo + (hi - lo) * u);
}

float harness_rng_quarter(harness_rng *r)
{
    int k = (int)(harness_rng_next(r) % 64) + 1; /* 1..64 quarters */
    return (harness_rng_next(r) & 1 ? 1.0f : -1.0f) * (float)k * 0.125f;
}

/* ---- buffers ---- */

static float sentinel(void)
{
    uint32_t bits = HARNESS_SENTINEL;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static cl_status buffer_make(const harness_request *req, const char *label, size_t count,
                             harness_buffer *b, cl_error *err)
{
    memset(b, 0, sizeof *b);
    b->count = count;
    /* The emulator checks every access against the allocation; a GPU does
     * not, so it gets a guard tail that must come back untouched. */
    b->guard = req->be->info.finds_hazards ? 0 : 1024;
    size_t total = count + b->guard;
    b->host = cl_malloc((total ? total : 1) * sizeof(float));
    float s = sentinel();
    for (size_t i = 0; i < total; i++) b->host[i] = s;
    cl_status st = backend_alloc(req->be, (total ? total : 1) * sizeof(float), label, &b->ptr, err);
    if (st != CL_OK) {
        free(b->host);
        b->host = NULL;
    }
    return st;
}

cl_status harness_buffer_in(const harness_request *req, const char *label, const float *data,
                            size_t count, harness_buffer *out, cl_error *err)
{
    cl_status st = buffer_make(req, label, count, out, err);
    if (st != CL_OK) return st;
    memcpy(out->host, data, count * sizeof(float));
    return backend_write(req->be, out->ptr, out->host, (count + out->guard) * sizeof(float), err);
}

cl_status harness_buffer_out(const harness_request *req, const char *label, size_t count,
                             harness_buffer *out, cl_error *err)
{
    cl_status st = buffer_make(req, label, count, out, err);
    if (st != CL_OK) return st;
    return backend_write(req->be, out->ptr, out->host, (count + out->guard) * sizeof(float), err);
}

cl_status harness_buffer_fetch(const harness_request *req, harness_buffer *b, cl_error *err)
{
    return backend_read(req->be, b->host, b->ptr, (b->count + b->guard) * sizeof(float), err);
}

void harness_buffer_release(const harness_request *req, harness_buffer *b)
{
    if (b->host) backend_release(req->be, b->ptr, NULL);
    free(b->host);
    b->host = NULL;
}

size_t harness_guard_damage(const harness_buffer *b)
{
    size_t bad = 0;
    for (size_t i = 0; i < b->guard; i++) {
        uint32_t bits;
        memcpy(&bits, &b->host[b->count + i], sizeof bits);
        bad += bits != HARNESS_SENTINEL;
    }
    return bad;
}

/* ---- launching and comparing ---- */

backend_arg harness_arg_ptr(backend_ptr p) { return (backend_arg){8, p}; }
backend_arg harness_arg_i32(int v) { return (backend_arg){4, (uint32_t)v}; }
backend_arg harness_arg_u64(uint64_t v) { return (backend_arg){8, v}; }

cl_status harness_launch(const harness_request *req, unsigned grid, const backend_arg *args,
                         int nargs, harness_result *out, cl_error *err)
{
    backend_launch l = {
        .kernel = req->entry,
        .grid = {grid ? grid : 1, 1, 1},
        .block = {(unsigned)req->day->block, 1, 1},
        .args = args,
        .nargs = nargs,
        .nsets = 1,
        .timing_reps = req->timing_reps,
    };
    cl_status st = backend_launch_kernel(req->be, req->module, &l, &out->run, err);
    out->compared = st == CL_OK && out->run.outcome == BACKEND_COMPLETED;
    return st;
}

void harness_note_wrong(harness_result *r, long long index, double expected, double got)
{
    r->wrong++;
    if (r->nfirst < 5) r->first[r->nfirst++] = (report_mismatch){index, expected, got};
}

bool harness_close(double got, double expected, double tol)
{
    return isfinite(got) && fabs(got - expected) <= tol;
}
