/* day23.c - the hidden harness of day 23 (warp shuffles): every kernel writes
 * out[r*stride+c] = in[r*stride+c] / rowSum(r) for c < live and must leave the
 * padding columns alone. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

typedef struct rows_problem {
    size_t rows, live, stride;
    const float *in;
} rows_problem;

/* Live columns hold values in [0.5, 1.5); padding columns hold values from
 * 1000 to 2000, so a kernel that adds them in is far off, never lucky. */
static void fill_rows(harness_rng *rng, float *data, size_t n, const day_size *size)
{
    size_t live = (size_t)day_size_get(size, "live", 0);
    size_t stride = (size_t)day_size_get(size, "stride", 32);
    for (size_t i = 0; i < n; i++)
        data[i] = i % stride < live ? harness_rng_float(rng, 0.5f, 1.5f)
                                    : harness_rng_float(rng, 1000.0f, 2000.0f);
}

static void make_rows(const harness_request *req, rows_problem *p)
{
    p->rows = (size_t)day_size_get(req->size, "rows", 0);
    p->live = (size_t)day_size_get(req->size, "live", 0);
    p->stride = (size_t)day_size_get(req->size, "stride", 32);
    p->in = harness_input_get(req, "day23-rows", p->rows * p->stride, fill_rows)->data;
}

/* One row: its live cells against in/rowSum, its padding against the
 * sentinel. Returns the number of padding cells written. */
static size_t check_row(const rows_problem *p, size_t r, const float *got, harness_result *out)
{
    const float *in = p->in + r * p->stride;
    double sum = 0;
    for (size_t c = 0; c < p->live; c++) sum += in[c];
    /* A sum of `live` positive floats, then one rounded division. */
    double rel = (double)(p->live + 4) * HARNESS_U;
    bool bad = false;
    size_t padding = 0;
    for (size_t c = 0; c < p->stride; c++) {
        size_t i = r * p->stride + c;
        if (c < p->live) {
            double want = in[c] / sum;
            if (!harness_close(got[i], want, rel * fabs(want))) {
                if (!bad && out->nfirst < 5)
                    out->first[out->nfirst++] = (report_mismatch){(long long)i, want, got[i]};
                bad = true;
            }
        } else {
            uint32_t bits;
            memcpy(&bits, &got[i], sizeof bits);
            if (bits != HARNESS_SENTINEL) {
                padding++;
                bad = true;
            }
        }
    }
    out->wrong += bad;
    return padding;
}

static cl_status run_rows(const harness_request *req, harness_result *out, cl_error *err)
{
    rows_problem p;
    make_rows(req, &p);
    size_t cells = p.rows * p.stride, B = (size_t)req->day->block;
    unsigned grid = (unsigned)((p.rows * 32 + B - 1) / B);
    harness_buffer in = {0}, res = {0};
    cl_status st = harness_buffer_in(req, "in", p.in, cells, &in, err);
    if (st == CL_OK) st = harness_buffer_out(req, "out", cells, &res, err);
    backend_arg args[] = {harness_arg_ptr(in.ptr), harness_arg_ptr(res.ptr),
                          harness_arg_i32((int)p.rows), harness_arg_i32((int)p.live),
                          harness_arg_i32((int)p.stride)};
    if (st == CL_OK) st = harness_launch(req, grid, args, 5, out, err);
    out->total = (long long)p.rows;
    out->unit = "rows";
    out->bytes = 8.0 * (double)(p.rows * p.live);
    if (st == CL_OK && out->compared) st = harness_buffer_fetch(req, &res, err);
    size_t padding = 0;
    for (size_t r = 0; st == CL_OK && out->compared && r < p.rows; r++)
        padding += check_row(&p, r, res.host, out);
    size_t past = st == CL_OK && out->compared ? harness_guard_damage(&res) : 0;
    if (padding || past)
        out->note = cl_sprintf("wrote %zu padding cells and %zu floats past the end of out; "
                               "columns at and past `live` must be left alone", padding, past);
    harness_buffer_release(req, &in);
    harness_buffer_release(req, &res);
    return st;
}

/* One warp a row, lane c owning column c: at most 32 live columns, and
 * they lie inside the row (check_row reads in[r*stride + c] for c < live).
 * rows, live and stride are int parameters. */
static const harness_key day23_keys[] = {
    {"rows", 1, INT_MAX, NULL, NULL},
    {"live", 1, 32, "stride", "the live columns lie inside a row of `stride` floats"},
    {"stride", 1, INT_MAX, NULL, NULL},
    {NULL, 0, 0, NULL, NULL},
};

/* The input (kept for the grade), in, out and out's host copy, each of
 * rows * stride floats, with a GPU guard. */
static double day23_bytes(const day_size *size, int block)
{
    (void)block;
    double cells = (double)day_size_get(size, "rows", 0) * (double)day_size_get(size, "stride", 0);
    return 4.0 * (4 * cells + 3 * 1024);
}

static const day_param_type day23_params[] = {DAY_PARAM_CONST_FLOAT_PTR, DAY_PARAM_FLOAT_PTR,
                                              DAY_PARAM_INT, DAY_PARAM_INT, DAY_PARAM_INT};

const day_harness harness_day23 = {"day23-shuffles", run_rows, NULL, NULL,
                                   day23_keys, 256, day23_bytes,
                                   day23_params, 5, NULL};
