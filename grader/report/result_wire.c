/* result_wire.c - the result model as bytes (result_wire.h). One function a
 * structure lists its fields once, for both ways: a codec either appends
 * each field's bytes or reads them into it. Both ends are the same program
 * (a child forked from cudalab), so numbers go as their own bytes; what the
 * reader cannot take on trust (bools, enums, counts, lengths) it checks. */
#include "result_wire.h"

#include <stdlib.h>
#include <string.h>

#define WIRE_MAGIC "cudalab-report 1"
#define WIRE_MAX_ITEMS (1u << 24) /* kernels, sizes, hazards, diags, scores */

typedef struct codec {
    cl_str *out;              /* writing: appended here */
    const unsigned char *in;  /* reading: from here */
    size_t len, at;
    const char *bad;          /* reading: the first thing that was wrong */
} codec;

static void raw(codec *c, void *p, size_t n)
{
    if (c->out) {
        cl_str_addn(c->out, p, n);
        return;
    }
    if (c->bad || n > c->len - c->at) {
        if (!c->bad) c->bad = "it ends too soon";
        memset(p, 0, n);
        return;
    }
    memcpy(p, c->in + c->at, n);
    c->at += n;
}

#define NUM(c, field) raw((c), &(field), sizeof(field))

static void flag(codec *c, bool *b)
{
    unsigned char v = *b;
    raw(c, &v, 1);
    if (v > 1 && !c->bad) c->bad = "a flag is neither 0 nor 1";
    *b = v == 1;
}

/* An enum's value, below n. */
static int choice(codec *c, int v, int n, const char *what)
{
    raw(c, &v, sizeof v);
    if ((v < 0 || v >= n) && !c->bad) c->bad = what;
    return v < 0 || v >= n ? 0 : v;
}

#define ENUM(c, field, type, n) (field) = (type)choice((c), (int)(field), (n), "an enum is out of range")

/* A string or NULL: its length (UINT32_MAX for NULL), then its bytes. */
static void text(codec *c, char **s)
{
    uint32_t n = *s ? (uint32_t)strlen(*s) : UINT32_MAX;
    raw(c, &n, sizeof n);
    if (c->out) {
        if (*s) cl_str_addn(c->out, *s, n);
        return;
    }
    *s = NULL;
    if (n == UINT32_MAX || c->bad) return;
    if (n > c->len - c->at) {
        c->bad = "a string runs past the end";
        return;
    }
    if (memchr(c->in + c->at, '\0', n)) { /* the writer's strlen would cut it there */
        c->bad = "a string holds a NUL byte";
        return;
    }
    *s = cl_strndup((const char *)c->in + c->at, n);
    c->at += n;
}

/* A string that a report always has. */
static void need(codec *c, char **s)
{
    text(c, s);
    if (!c->out && !*s && !c->bad) c->bad = "a name or a size is missing";
}

/* An array's count; reading, *items becomes a zeroed array of that many. */
static int count(codec *c, void **items, int n, size_t elem)
{
    uint32_t v = (uint32_t)n;
    raw(c, &v, sizeof v);
    if (c->out) return n;
    *items = NULL;
    if (c->bad) return 0;
    if (v > WIRE_MAX_ITEMS || v > c->len - c->at) { /* every item takes a byte at least */
        c->bad = "an array is longer than the bytes";
        return 0;
    }
    *items = v ? cl_calloc(v, elem) : NULL;
    return (int)v;
}

static void side(codec *c, report_side *s)
{
    flag(c, &s->ran);
    NUM(c, s->wrong), NUM(c, s->total);
    NUM(c, s->registers), NUM(c, s->shared_bytes), NUM(c, s->spill_bytes);
    NUM(c, s->stack_bytes), NUM(c, s->local_bytes);
    NUM(c, s->occupancy);
#define WIRE_SUM(name) NUM(c, s->name);
#define WIRE_MEAN(name) NUM(c, s->name);
#define WIRE_DERIVED(name)
#define WIRE_COUNTER(name, type, key, merge, what) WIRE_##merge(name) /* core/figures.h */
    CL_COUNTERS(WIRE_COUNTER)
#undef WIRE_COUNTER
#undef WIRE_DERIVED
#undef WIRE_MEAN
#undef WIRE_SUM
    flag(c, &s->has_ms);
    NUM(c, s->ms), NUM(c, s->gbps), NUM(c, s->copy_fraction);
    NUM(c, s->driver_registers), NUM(c, s->driver_shared_bytes), NUM(c, s->driver_local_bytes);
}

static void mismatch(codec *c, report_mismatch *m)
{
    NUM(c, m->index), NUM(c, m->expected), NUM(c, m->got);
    flag(c, &m->integer);
    raw(c, m->buffer, sizeof m->buffer);
    if (!c->out && !c->bad && m->buffer[sizeof m->buffer - 1] != '\0')
        c->bad = "a buffer's name is not ended";
    if (!c->out) m->buffer[sizeof m->buffer - 1] = '\0';
    NUM(c, m->component), NUM(c, m->digits);
}

static void size_result(codec *c, report_size_result *s)
{
    need(c, &s->size);
    flag(c, &s->ran);
    text(c, &s->outcome);
    NUM(c, s->wrong), NUM(c, s->total);
    for (int i = 0; i < 5; i++) mismatch(c, &s->first[i]);
    s->nfirst = choice(c, s->nfirst, 6, "a count of mismatches is out of range");
    text(c, &s->note);
    flag(c, &s->gpu_ran);
    NUM(c, s->gpu_wrong);
    text(c, &s->gpu_outcome);
    NUM(c, s->seconds);
    text(c, &s->trace), text(c, &s->idle_stages);
}

static void kernel(codec *c, report_kernel *k)
{
    need(c, &k->name), text(c, &k->signature);
    flag(c, &k->present), flag(c, &k->passed);
    side(c, &k->yours), side(c, &k->reference);
    k->nsizes = count(c, (void **)&k->sizes, k->nsizes, sizeof *k->sizes);
    for (int i = 0; i < k->nsizes; i++) size_result(c, &k->sizes[i]);
    text(c, &k->problem), text(c, &k->unit);
    NUM(c, k->bytes_needed), NUM(c, k->seconds);
}

static void hazard(codec *c, report_hazard *h)
{
    ENUM(c, h->check, day_check, DAY_CHECK_COUNT);
    ENUM(c, h->severity, report_severity, REPORT_NOTE + 1);
    ENUM(c, h->kind, cl_hazard_kind, CL_HZ_COUNT);
    flag(c, &h->more);
    text(c, &h->kernel), text(c, &h->file);
    NUM(c, h->line), NUM(c, h->line2), NUM(c, h->block), NUM(c, h->warp), NUM(c, h->lane);
    NUM(c, h->source_lane), NUM(c, h->launch);
    flag(c, &h->has_mask);
    NUM(c, h->mask);
    flag(c, &h->has_lanes);
    NUM(c, h->lanes.mask), NUM(c, h->lanes.active), NUM(c, h->lanes.undefined);
    NUM(c, h->lanes.clamped), NUM(c, h->lanes.source);
    NUM(c, h->count);
    text(c, &h->message), text(c, &h->advice), text(c, &h->size);
    NUM(c, h->sizes);
    flag(c, &h->hidden);
    NUM(c, h->hidden_sizes);
}

static void diag(codec *c, report_diag *d)
{
    text(c, &d->file);
    NUM(c, d->line), NUM(c, d->column);
    ENUM(c, d->severity, report_severity, REPORT_NOTE + 1);
    text(c, &d->message);
}

static void check(codec *c, report_check *k)
{
    flag(c, &k->applies), flag(c, &k->ran), flag(c, &k->passed);
    text(c, &k->detail);
    NUM(c, k->points), NUM(c, k->max_points);
}

static void score(codec *c, report_score *s)
{
    need(c, &s->kernel);
    ENUM(c, s->check, day_check, DAY_CHECK_COUNT);
    flag(c, &s->passed);
    NUM(c, s->points), NUM(c, s->max_points);
    need(c, &s->detail);
}

static void result(codec *c, report_result *r)
{
    need(c, &r->day), need(c, &r->file), need(c, &r->backend);
    NUM(c, r->seed);
    flag(c, &r->passed);
    for (int i = 0; i < DAY_CHECK_COUNT; i++) check(c, &r->checks[i]);
    r->nkernels = count(c, (void **)&r->kernels, r->nkernels, sizeof *r->kernels);
    for (int i = 0; i < r->nkernels; i++) kernel(c, &r->kernels[i]);
    r->nhazards = count(c, (void **)&r->hazards, r->nhazards, sizeof *r->hazards);
    for (int i = 0; i < r->nhazards; i++) hazard(c, &r->hazards[i]);
    r->ndiags = count(c, (void **)&r->diags, r->ndiags, sizeof *r->diags);
    for (int i = 0; i < r->ndiags; i++) diag(c, &r->diags[i]);
    text(c, &r->printf_text);
    NUM(c, r->seconds), NUM(c, r->build_seconds);
    flag(c, &r->copy_has_ms);
    NUM(c, r->copy_ms), NUM(c, r->copy_gbps);
    text(c, &r->device);
    NUM(c, r->device_peak_gbps), NUM(c, r->device_wavefronts_per_ms);
    NUM(c, r->hidden_sizes);
    text(c, &r->edition);
    r->nscores = count(c, (void **)&r->scores, r->nscores, sizeof *r->scores);
    for (int i = 0; i < r->nscores; i++) score(c, &r->scores[i]);
    NUM(c, r->points), NUM(c, r->max_points);
}

void report_wire_put(const report_result *r, cl_str *out)
{
    codec c = {.out = out};
    cl_str_addn(out, WIRE_MAGIC, sizeof WIRE_MAGIC);
    result(&c, (report_result *)r); /* writing only reads it */
}

cl_status report_wire_get(const void *bytes, size_t len, report_result **out, cl_error *err)
{
    codec c = {.in = bytes, .len = len};
    *out = NULL;
    if (len < sizeof WIRE_MAGIC || memcmp(bytes, WIRE_MAGIC, sizeof WIRE_MAGIC) != 0)
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "a grade's report from its sandbox is not one");
    c.at = sizeof WIRE_MAGIC;
    report_result *r = cl_calloc(1, sizeof *r);
    result(&c, r);
    if (!c.bad && c.at != len) c.bad = "bytes are left after it";
    if (c.bad) {
        report_free(r);
        return cl_fail(err, CL_INTERNAL, "", 0, 0, "a grade's report from its sandbox is damaged: %s",
                       c.bad);
    }
    *out = r;
    return CL_OK;
}
