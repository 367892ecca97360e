/* harness.c - what the days' harnesses share: seeded numbers, buffers with
 * sentinels, launching, comparing. */
#include "harness.h"

#include <math.h>
#include <pthread.h>
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
    return (harness_rng){h, 0, 0};
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
    if (r->nbits < 7) {
        r->bits = harness_rng_next(r);
        r->nbits = 63;
    }
    int k = (int)(r->bits & 63) + 1; /* 1..64 eighths */
    bool negative = r->bits >> 6 & 1;
    r->bits >>= 7;
    r->nbits -= 7;
    return (negative ? -1.0f : 1.0f) * (float)k * 0.125f;
}

/* ---- inputs shared by the runs of a grade ---- */

typedef struct cached_input {
    char *problem;
    uint64_t seed;
    char *size;
    harness_input input;
} cached_input;

static CL_VEC(cached_input) inputs;
static pthread_mutex_t inputs_lock = PTHREAD_MUTEX_INITIALIZER;

const harness_input *harness_input_get(const harness_request *req, const char *problem, size_t n,
                                       harness_fill_fn fill)
{
    char *size = harness_size_label(req->size);
    const harness_input *found = NULL;
    pthread_mutex_lock(&inputs_lock);
    for (size_t i = 0; i < inputs.n && !found; i++) {
        cached_input *c = &inputs.v[i];
        if (c->seed == req->seed && !strcmp(c->problem, problem) && !strcmp(c->size, size))
            found = &c->input;
    }
    if (!found) {
        float *data = cl_malloc((n ? n : 1) * sizeof *data);
        harness_rng rng = harness_rng_for(req->seed, problem, req->size);
        fill(&rng, data, n, req->size);
        cached_input c = {cl_strdup(problem), req->seed, size, {data, n, 0, 0}};
        for (size_t i = 0; i < n; i++) {
            c.input.sum += data[i];
            c.input.mag += fabs(data[i]);
        }
        size = NULL;
        CL_VEC_PUSH(&inputs, c);
        found = &inputs.v[inputs.n - 1].input;
    }
    pthread_mutex_unlock(&inputs_lock);
    free(size);
    return found;
}

/* ---- buffers ---- */

static float sentinel(void)
{
    uint32_t bits = HARNESS_SENTINEL;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* The emulator checks every access against the allocation; a GPU does not,
 * so its buffers get a guard tail that must come back untouched. */
static size_t guard_for(const harness_request *req)
{
    return req->be->info.finds_hazards ? 0 : 1024;
}

static float *sentinels(size_t count)
{
    float s = sentinel(), *f = cl_malloc((count ? count : 1) * sizeof *f);
    for (size_t i = 0; i < count; i++) f[i] = s;
    return f;
}

cl_status harness_buffer_in(const harness_request *req, const char *label, const float *data,
                            size_t count, harness_buffer *out, cl_error *err)
{
    return harness_buffer_in_at(req, label, data, count, 0, out, err);
}

cl_status harness_buffer_in_at(const harness_request *req, const char *label, const float *data,
                               size_t count, size_t offset, harness_buffer *out, cl_error *err)
{
    memset(out, 0, sizeof *out);
    out->count = count;
    out->guard = guard_for(req);
    out->offset = offset;
    size_t bytes = (offset + count + out->guard) * sizeof(float);
    cl_status st = backend_alloc(req->be, bytes ? bytes : 4, label, &out->ptr, err);
    out->allocated = st == CL_OK;
    if (st == CL_OK && offset) {
        float *head = sentinels(offset);
        st = backend_write(req->be, out->ptr, head, offset * sizeof(float), err);
        free(head);
    }
    out->ptr += offset * sizeof(float);
    if (st == CL_OK && count) st = backend_write(req->be, out->ptr, data, count * sizeof(float), err);
    if (st == CL_OK && out->guard) {
        float *tail = sentinels(out->guard);
        st = backend_write(req->be, out->ptr + count * sizeof(float), tail,
                           out->guard * sizeof(float), err);
        free(tail);
    }
    return st;
}

cl_status harness_buffer_out(const harness_request *req, const char *label, size_t count,
                             harness_buffer *out, cl_error *err)
{
    memset(out, 0, sizeof *out);
    out->count = count;
    out->guard = guard_for(req);
    size_t total = count + out->guard;
    out->host = sentinels(total);
    cl_status st = backend_alloc(req->be, total ? total * sizeof(float) : 4, label, &out->ptr, err);
    out->allocated = st == CL_OK;
    if (st == CL_OK) st = backend_write(req->be, out->ptr, out->host, total * sizeof(float), err);
    return st;
}

cl_status harness_buffer_fetch(const harness_request *req, harness_buffer *b, cl_error *err)
{
    return backend_read(req->be, b->host, b->ptr, (b->count + b->guard) * sizeof(float), err);
}

void harness_buffer_release(const harness_request *req, harness_buffer *b)
{
    if (b->allocated) backend_release(req->be, b->ptr - b->offset * sizeof(float), NULL);
    b->allocated = false;
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
