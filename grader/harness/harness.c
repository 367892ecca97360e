/* harness.c - one run of a kernel as its manifest describes it, and the
 * judgement of its outputs against the reference's. */
#include "harness.h"
#include "harness_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "days/expr.h"

void harness_result_free(harness_result *r)
{
    backend_run_free(&r->run);
    for (int i = 0; i < r->nout && !r->nkept; i++) {
        const harness_output *o = &r->out[i];
        harness_free(o->host, (o->head + o->count + o->tail) * o->elem);
    }
    for (int i = 0; i < r->nkept; i++) backend_release(r->be, r->kept[i], NULL);
    r->nkept = 0;
    free(r->out);
    r->out = NULL;
    r->nout = 0;
    free(r->note);
    r->note = NULL;
    free(r->trace);
    free(r->idle);
    r->trace = r->idle = NULL;
}

char *harness_size_label(const day_size *s)
{
    cl_str b = {0};
    for (int i = 0; i < s->n; i++) cl_str_addf(&b, "%s%s=%lld", i ? " " : "", s->keys[i], s->values[i]);
    return cl_str_take(&b);
}

/* ---- buffers ---- */

/* The width of one component of p's elements: a sentinel is one a
 * component, so a float4's is four float sentinels. */
static size_t width_of(const day_param *p)
{
    return (size_t)day_num_bytes(day_param_num(p->type));
}

/* count elements of elem bytes, each of components `width` bytes wide. */
static void put_sentinels(unsigned char *to, size_t count, size_t elem, size_t width)
{
    harness_put_sentinels(to, count * (elem / width), width);
}

static inline bool is_sentinel(const unsigned char *at, size_t elem)
{
    if (elem == 1) return *at == HARNESS_SENTINEL_BYTE;
    uint32_t bits;
    memcpy(&bits, at, 4);
    return bits == HARNESS_SENTINEL;
}

/* The same for elements whose components are not 4 bytes (or not one). */
static bool is_sentinel_wide(const unsigned char *at, size_t elem, size_t width)
{
    uint64_t s = harness_sentinel_of(width);
    for (size_t c = 0; c < elem; c += width)
        if (memcmp(at + c, &s, width)) return false;
    return true;
}

/* The emulator checks every access against its allocation; a GPU does not,
 * so there each buffer gets sentinels around it that must come back whole. */
static size_t guard_for(const harness_request *req)
{
    return req->be->info.finds_hazards ? 0 : 1024;
}

typedef harness_buffer buffer;

double harness_eval(const harness_request *req, const day_formula *f)
{
    return f ? day_formula_eval(req->day, f, req->size) : 0;
}

/* An input into its allocation: sentinels, the data, sentinels, with no
 * host copy of the whole buffer; where the backend's memory is host memory
 * (the emulator) the data is made or copied there in place. */
static cl_status write_input(const harness_request *req, const day_param *p, const buffer *b,
                             size_t head, size_t count, size_t guard, size_t elem, cl_error *err)
{
    size_t most = head > guard ? head : guard;
    unsigned char *marks = cl_malloc(most * elem + 1);
    put_sentinels(marks, most, elem, width_of(p));
    cl_status st = CL_OK;
    if (head) st = backend_write(req->be, b->base, marks, head * elem, err);
    void *view = count ? backend_host_view(req->be, b->ptr, count * elem) : NULL;
    if (st == CL_OK && view)
        harness_input_into(req, p, count, elem, view);
    else if (st == CL_OK && count)
        st = backend_write(req->be, b->ptr, harness_input(req, p, count, elem), count * elem, err);
    if (st == CL_OK && guard)
        st = backend_write(req->be, b->ptr + count * elem, marks, guard * elem, err);
    free(marks);
    return st;
}

/* One buffer: sentinels, then (inputs) the data from the fill, then
 * sentinels. An output gets its host copy set up in *o. */
cl_status harness_make_buffer(const harness_request *req, const day_param *p, buffer *b,
                             harness_output *o, cl_error *err)
{
    size_t elem = day_param_elem_bytes(p->type), count = (size_t)harness_eval(req, p->length);
    size_t guard = guard_for(req), head = guard + (size_t)harness_eval(req, p->offset);
    size_t total = head + count + guard;
    b->bytes = total * elem;
    cl_status st = backend_alloc(req->be, b->bytes ? b->bytes : 4, p->name, &b->base, err);
    b->allocated = st == CL_OK;
    b->ptr = b->base + head * elem;
    if (st != CL_OK) return st;
    if (p->role == DAY_ROLE_SCRATCH) backend_mark_scratch(req->be, b->base);
    if (p->role == DAY_ROLE_IN) return write_input(req, p, b, head, count, guard, elem, err);
    unsigned char *host = harness_alloc(total * elem);
    /* an output in host memory (the emulator) gets its sentinels there, in
       place; its host copy is filled by the read after the launch (or by
       outputs_unread when there is none) */
    unsigned char *view = p->role == DAY_ROLE_OUT && b->bytes ? backend_host_view(req->be, b->base, b->bytes)
                                                               : NULL;
    const unsigned char *data = NULL;
    size_t width = width_of(p);
    if (view) {
        put_sentinels(view, total, elem, width);
    } else {
        put_sentinels(host, head, elem, width);
        put_sentinels(host + (head + count) * elem, guard, elem, width);
        if (p->role == DAY_ROLE_OUT || (p->role == DAY_ROLE_SCRATCH && !p->fill.nrules))
            put_sentinels(host + head * elem, count, elem, width);
        else
            memcpy(host + head * elem, data = harness_input(req, p, count, elem), count * elem);
        if (b->bytes) st = backend_write(req->be, b->base, host, b->bytes, err);
    }
    if (o && st == CL_OK) {
        *o = (harness_output){(int)(p - req->kernel->params), elem, count, head, guard, host,
                              p->role == DAY_ROLE_INOUT ? data : NULL};
        host = NULL;
    }
    harness_free(host, total * elem);
    return st;
}

/* A scalar's value stored in its type, in the low bytes of the argument
 * (a half's 2, a double's 8). */
static backend_arg scalar_arg(const harness_request *req, const day_param *p)
{
    unsigned char bytes[8] = {0};
    day_num n = day_param_num(p->type);
    harness_elem_put(n, bytes, harness_eval(req, p->value));
    backend_arg a = {(unsigned)day_num_bytes(n), 0};
    memcpy(&a.bits, bytes, 8); /* little-endian */
    return a;
}

bool harness_too_large(const harness_request *req, const day_kernel *k, const backend_launch *bl,
                       backend_run *run)
{
    char why[256] = "", grid[32], fit[32];
    if (!req->resident || !k->cooperative) return false;
    unsigned threads = bl->block[0] * bl->block[1] * bl->block[2];
    uint64_t blocks = (uint64_t)bl->grid[0] * bl->grid[1] * bl->grid[2];
    long most = req->resident(req->resident_ctx, k->name, threads, bl->dynamic_shared, why, sizeof why);
    if (most < 0 || blocks <= (uint64_t)most) return false;
    cl_group_digits(grid, sizeof grid, blocks);
    cl_group_digits(fit, sizeof fit, (uint64_t)most);
    memset(run, 0, sizeof *run);
    run->outcome = BACKEND_TOO_LARGE;
    run->detail = cl_sprintf("the cooperative launch's grid has %s blocks, and the course GPU holds at most %s "
                             "of this kernel at once (%s): a grid-wide sync needs every block resident",
                             grid, fit, why);
    return true;
}

static cl_status launch(const harness_request *req, const backend_arg *args, int nargs,
                        harness_result *out, cl_error *err)
{
    const day_launch *l = &req->kernel->launch;
    backend_launch bl = {
        .kernel = req->entry,
        .block = {(unsigned)l->block[0], (unsigned)l->block[1], (unsigned)l->block[2]},
        .dynamic_shared = (unsigned)harness_eval(req, l->shared),
        .args = args,
        .nargs = nargs,
        .nsets = 1,
        .timing_reps = req->timing_reps,
    };
    for (int d = 0; d < 3; d++) bl.grid[d] = l->grid[d] ? (unsigned)harness_eval(req, l->grid[d]) : 1;
    bl.cooperative = req->kernel->cooperative;
    if (harness_too_large(req, req->kernel, &bl, &out->run)) {
        out->compared = false;
        return CL_OK;
    }
    cl_status st = backend_launch_kernel(req->be, req->module, &bl, &out->run, err);
    out->compared = st == CL_OK && out->run.outcome == BACKEND_COMPLETED;
    return st;
}

/* Outputs whose host copies the launch did not read back (it did not
 * complete) hold the sentinels they were given, as if read. */
static void outputs_unread(const harness_request *req, harness_result *out)
{
    if (out->compared) return;
    for (int o = 0; o < out->nout; o++) {
        harness_output *h = &out->out[o];
        if (!h->initial)
            put_sentinels(h->host, h->head + h->count + h->tail, h->elem,
                          width_of(&req->kernel->params[h->param]));
    }
}

cl_status harness_run(const harness_request *req, harness_result *out, cl_error *err)
{
    const day_kernel *k = req->kernel;
    if (k->is_program) return harness_run_program(req, out, err);
    buffer bufs[16] = {{0}};
    backend_arg args[16];
    int nouts = 0;
    for (int i = 0; i < k->nparams; i++) nouts += k->params[i].role == DAY_ROLE_OUT ||
                                                  k->params[i].role == DAY_ROLE_INOUT;
    out->out = cl_calloc((size_t)nouts + 1, sizeof *out->out);
    cl_status st = CL_OK;
    for (int i = 0; i < k->nparams && st == CL_OK; i++) {
        const day_param *p = &k->params[i];
        if (p->role == DAY_ROLE_SCALAR) {
            args[i] = scalar_arg(req, p);
            continue;
        }
        bool output = p->role != DAY_ROLE_IN;
        st = harness_make_buffer(req, p, &bufs[i], output ? &out->out[out->nout] : NULL, err);
        if (output && out->out[out->nout].host) out->nout++;
        args[i] = (backend_arg){8, bufs[i].ptr};
    }
    /* A kernel that adds into an in-out buffer (a histogram) would add once a
     * timed launch: its outputs come from one launch, its time from others. */
    bool accumulates = false;
    for (int i = 0; i < k->nparams; i++) accumulates |= k->params[i].role == DAY_ROLE_INOUT;
    harness_request once = *req;
    if (accumulates) once.timing_reps = 0;
    if (st == CL_OK) st = harness_constants(req, err);
    if (st == CL_OK) st = launch(&once, args, k->nparams, out, err);
    /* outputs judged in place: each in the backend's memory, where it is */
    bool in_place = st == CL_OK && out->compared && req->in_place && out->nout && !req->timing_reps;
    unsigned char *view[16];
    for (int o = 0; in_place && o < out->nout; o++) {
        const buffer *b = &bufs[out->out[o].param];
        view[o] = b->bytes ? backend_host_view(req->be, b->base, b->bytes) : NULL;
        in_place = view[o] != NULL;
    }
    for (int o = 0; in_place && o < out->nout; o++) {
        harness_output *h = &out->out[o];
        buffer *b = &bufs[h->param];
        harness_free(h->host, b->bytes);
        h->host = view[o];
        out->kept[out->nkept++] = b->base;
        b->allocated = false; /* released by harness_result_free */
    }
    out->be = req->be;
    for (int o = 0; !in_place && st == CL_OK && out->compared && o < out->nout; o++) {
        harness_output *h = &out->out[o];
        st = backend_read(req->be, h->host, bufs[h->param].base, bufs[h->param].bytes, err);
    }
    outputs_unread(req, out);
    if (st == CL_OK && out->compared && accumulates && req->timing_reps) {
        harness_result timed = {0};
        st = launch(req, args, k->nparams, &timed, err);
        out->run.has_ms = timed.run.has_ms;
        out->run.ms = timed.run.ms;
        backend_run_free(&timed.run);
    }
    for (int i = 0; i < k->nparams; i++)
        if (bufs[i].allocated) backend_release(req->be, bufs[i].base, NULL);
    harness_count(req, out);
    return st;
}

/* ---- judging ---- */

void harness_count(const harness_request *req, harness_result *r)
{
    const day_kernel *k = req->kernel;
    size_t per = k->unit_elements ? (size_t)harness_eval(req, k->unit_elements) : 1;
    r->total = 0;
    for (int o = 0; o < r->nout; o++) r->total += (long long)((r->out[o].count + per - 1) / per);
    r->unit = k->unit ? k->unit : "elements";
    r->bytes = k->bytes ? harness_eval(req, k->bytes) : 0;
}

/* How an output's elements read: each element `comps` components of
 * `width` bytes (one but for the vector types), each a number of its type;
 * 4-byte and byte components read inline. Taken once per output, not once
 * per element. */
typedef struct reading {
    size_t elem, width;
    int comps;
    day_num num;
    bool floats, bytes, four, signed_int;
    bool plain_sentinel; /* one 4-byte or byte component: is_sentinel */
    double unit;         /* the type's round-off unit, for {ops: N} */
} reading;

static reading reading_of(const harness_request *req, const harness_output *o)
{
    day_param_type t = req->kernel->params[o->param].type;
    day_num n = day_param_num(t);
    size_t width = (size_t)day_num_bytes(n);
    return (reading){o->elem, width, day_param_components(t), n, day_num_is_float(n),
                     n == DAY_NUM_U8, width == 4, n == DAY_NUM_I32,
                     o->elem == width && (width == 4 || width == 1), harness_elem_unit(n)};
}

static inline double read_at(const reading *rd, const unsigned char *at)
{
    if (rd->four) {
        uint32_t bits;
        memcpy(&bits, at, 4);
        if (rd->floats) {
            float f;
            memcpy(&f, &bits, 4);
            return f;
        }
        return rd->signed_int ? (double)(int32_t)bits : (double)bits;
    }
    return rd->bytes ? *at : harness_elem_get(rd->num, at);
}

static inline const unsigned char *at_of(const harness_output *o, size_t i)
{
    return o->host + (o->head + i) * o->elem;
}

/* Whether two elements hold the same bits (1 or 4 bytes, or any size). */
static inline bool same_bits(const unsigned char *a, const unsigned char *b, size_t elem)
{
    if (elem == 4) {
        uint32_t x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        return x == y;
    }
    return elem == 1 ? *a == *b : !memcmp(a, b, elem);
}

static inline bool sentinel_at(const reading *rd, const unsigned char *at)
{
    return rd->plain_sentinel ? is_sentinel(at, rd->elem) : is_sentinel_wide(at, rd->elem, rd->width);
}

/* Whether element i of o still holds what it held before the launch. */
static inline bool untouched(const reading *rd, const harness_output *o, size_t i)
{
    const unsigned char *at = at_of(o, i);
    return o->initial ? same_bits(at, o->initial + i * o->elem, o->elem) : sentinel_at(rd, at);
}

/* got against want at one component, by the kernel's comparison; ULPs and
 * {ops: N} in the component's own type (a half's ULP, a half's round-off). */
static inline bool close_enough(const day_compare *c, const reading *rd, double tol_ops,
                                double tol_abs, const unsigned char *g, const unsigned char *w)
{
    if (!rd->floats || c->kind == DAY_COMPARE_EXACT) return same_bits(g, w, rd->width);
    double got = read_at(rd, g), want = read_at(rd, w);
    if (c->kind == DAY_COMPARE_ULPS) {
        if (isnan(got) || isnan(want)) return isnan(got) && isnan(want);
        uint64_t a = harness_elem_ordered(rd->num, g), b = harness_elem_ordered(rd->num, w);
        return (double)(a > b ? a - b : b - a) <= c->ulps;
    }
    if (!isfinite(got)) return same_bits(g, w, rd->width);
    return fabs(got - want) <= tol_ops * rd->unit * fabs(want) + tol_abs;
}

typedef struct judging {
    const harness_request *req;
    harness_result *r;
    long long wrong_items;
    size_t outside, beyond; /* written where the reference does not; in the sentinels */
    size_t unwritten;       /* (over: total) elements the reference writes and this run did not */
} judging;

static void note_first(judging *j, const harness_output *o, const reading *rd, size_t i, int comp,
                       double want, double got)
{
    if (j->r->nfirst >= 5) return; /* every wrong element comes here: the rest only for the five kept */
    const day_param *p = &j->req->kernel->params[o->param];
    report_mismatch *m = &j->r->first[j->r->nfirst++];
    *m = (report_mismatch){(long long)i, want, got, !rd->floats, "", 0, 0};
    snprintf(m->buffer, sizeof m->buffer, "%s", p->name);
    if (rd->comps > 1) m->component = "xyzw"[comp & 3];
    m->digits = harness_elem_digits(rd->num);
}

/* Sentinels around the buffer that are no longer whole. */
static size_t damaged_guard(const reading *rd, const harness_output *o)
{
    size_t bad = 0;
    for (size_t i = 0; i < o->head; i++) bad += !sentinel_at(rd, o->host + i * o->elem);
    for (size_t i = 0; i < o->tail; i++)
        bad += !sentinel_at(rd, o->host + (o->head + o->count + i) * o->elem);
    return bad;
}

static void judge_output(judging *j, const harness_output *mine, const harness_output *ref,
                         size_t per)
{
    const harness_request *req = j->req;
    const day_compare *c = &req->kernel->compare;
    double tol_ops = c->ops ? harness_eval(req, c->ops) : 0, tol_abs = c->abs ? harness_eval(req, c->abs) : 0;
    double sum_mine = 0, sum_ref = 0;
    bool all_written = true;
    reading rd = reading_of(req, mine), rr = reading_of(req, ref);
    /* an element with the reference's very bits passes every comparison
       whose tolerance is not negative: it skips the arithmetic */
    bool same_passes = !rd.floats || c->kind == DAY_COMPARE_EXACT ||
                       (c->kind == DAY_COMPARE_ULPS ? c->ulps >= 0 : tol_ops >= 0 && tol_abs >= 0);
    /* the reference's very bits everywhere (its sentinels too, and an in-out
       buffer started from the same input): nothing is wrong, nothing written
       where the reference leaves the buffer alone; one memcmp */
    if (same_passes && !c->total && mine->elem == ref->elem && mine->count == ref->count &&
        mine->head == ref->head && mine->tail == ref->tail &&
        !memcmp(mine->host + mine->head * mine->elem, ref->host + ref->head * ref->elem,
                mine->count * mine->elem)) {
        j->beyond += damaged_guard(&rd, mine);
        return;
    }
    for (size_t item = 0; item * per < mine->count; item++) {
        bool bad = false;
        for (size_t i = item * per; i < mine->count && i < (item + 1) * per; i++) {
            if (untouched(&rr, ref, i)) {
                if (!untouched(&rd, mine, i)) {
                    j->outside++;
                    bad = true;
                }
                continue;
            }
            const unsigned char *g = at_of(mine, i), *w = at_of(ref, i);
            if (c->kind == DAY_COMPARE_NONE) continue;
            if (!c->total && same_passes && same_bits(g, w, rd.elem)) continue;
            if (!c->total && rd.comps == 1) { /* one number an element: the common case */
                if (!close_enough(c, &rd, tol_ops, tol_abs, g, w)) {
                    if (!bad) note_first(j, mine, &rd, i, 0, read_at(&rr, w), read_at(&rd, g));
                    bad = true;
                }
                continue;
            }
            bool touched = !c->total || !untouched(&rd, mine, i);
            for (int q = 0; q < rd.comps; q++, g += rd.width, w += rd.width) {
                double want = read_at(&rr, w), got = read_at(&rd, g);
                if (c->total) {
                    bool written = touched && isfinite(got);
                    if (!written && !bad) note_first(j, mine, &rd, i, q, NAN, got);
                    j->unwritten += !written;
                    bad |= !written;
                    all_written &= written;
                    sum_mine += got;
                    sum_ref += want;
                    continue;
                }
                if (!close_enough(c, &rd, tol_ops, tol_abs, g, w)) {
                    if (!bad) note_first(j, mine, &rd, i, q, want, got);
                    bad = true;
                }
            }
        }
        j->wrong_items += bad;
    }
    j->beyond += damaged_guard(&rd, mine);
    if (c->total && all_written && j->wrong_items == 0 &&
        !(fabs(sum_mine - sum_ref) <= tol_ops * rd.unit * fabs(sum_ref) + tol_abs)) {
        j->wrong_items = (long long)((mine->count + per - 1) / per);
        free(j->r->note);
        j->r->note = cl_sprintf("the elements of %s add up to %.9g; the reference's add up to %.9g",
                                req->kernel->params[mine->param].name, sum_mine, sum_ref);
    }
}

void harness_judge(const harness_request *req, const harness_output *ref, harness_result *mine)
{
    judging j = {req, mine, 0, 0, 0, 0};
    const day_kernel *k = req->kernel;
    size_t per = k->unit_elements ? (size_t)harness_eval(req, k->unit_elements) : 1;
    harness_count(req, mine);
    mine->wrong = 0;
    mine->nfirst = 0;
    free(mine->note);
    mine->note = NULL;
    if (!mine->compared) {
        mine->wrong = mine->total;
        return;
    }
    for (int o = 0; o < mine->nout; o++) judge_output(&j, &mine->out[o], &ref[o], per ? per : 1);
    mine->wrong = j.wrong_items;
    if (j.unwritten) {
        char *said = cl_sprintf("%s%s%zu element%s of %s %s not written (or not a number): "
                                "each must be", mine->note ? mine->note : "",
                                mine->note ? "; " : "", j.unwritten, j.unwritten == 1 ? "" : "s",
                                k->params[mine->out[0].param].name,
                                j.unwritten == 1 ? "was" : "were");
        free(mine->note);
        mine->note = said;
    }
    if (j.outside || j.beyond) {
        const char *name = k->params[mine->out[0].param].name;
        cl_str n = {0};
        if (mine->note) cl_str_addf(&n, "%s; ", mine->note);
        if (j.outside) cl_str_addf(&n, "wrote %zu elements the reference leaves untouched", j.outside);
        if (j.outside && j.beyond) cl_str_add(&n, " and ");
        if (j.beyond) cl_str_addf(&n, "%s%zu elements outside %s", j.outside ? "" : "wrote ",
                                  j.beyond, mine->nout == 1 ? name : "its buffers");
        if (k->untouched) cl_str_addf(&n, "; %s", k->untouched);
        free(mine->note);
        mine->note = cl_str_take(&n);
    }
}
