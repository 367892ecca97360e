/* day25.c - the hidden harness of day 25 (cascaded reduction): each of the
 * 1,024 blocks writes one partial sum; the partials must add up to the sum of
 * the input. And the copy kernel, the bandwidth baseline. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

enum { DAY25_BLOCKS = 1024 };

/* Nonzero multiples of 1/8 up to 8: sums of millions of them stay exact, so
 * a dropped or doubled element always shows. */
static void fill_quarters(harness_rng *rng, float *data, size_t n, const day_size *size)
{
    for (size_t i = 0; i < n; i++) data[i] = harness_rng_quarter(rng);
}

static const float *make_input(const harness_request *req, size_t n, double *sum, double *mag)
{
    const harness_input *in = harness_input_get(req, "day25-cascade", n, fill_quarters);
    *sum = in->sum;
    *mag = in->mag;
    return in->data;
}

/* Every block must write its partial; then the partials, added in double,
 * must match the sum within the bound for a grid-stride cascade: each thread
 * adds ceil(n / threads) values, then a tree of log2(threads) levels. */
static void check_partials(const harness_request *req, size_t n, double sum, double mag,
                           const float *partial, harness_result *out)
{
    double total = 0;
    for (size_t b = 0; b < DAY25_BLOCKS; b++) {
        uint32_t bits;
        memcpy(&bits, &partial[b], sizeof bits);
        if (bits == HARNESS_SENTINEL || !isfinite(partial[b]))
            harness_note_wrong(out, (long long)b, NAN, partial[b]);
        else
            total += partial[b];
    }
    /* The bound for recursive summation in a grid-stride cascade: each thread
     * adds ceil(n / threads) values, then a tree of log2(threads) levels.
     * The inputs are multiples of 1/8 no larger than 8, so every partial sum
     * stays exact while it is below 2^21 in magnitude, which holds for any
     * sensible order at these sizes: a correct kernel is exact, and a dropped
     * or doubled element moves the sum by 1/8 at least. Hence the cap. */
    double threads = (double)DAY25_BLOCKS * req->day->block;
    double tol = fmin((ceil((double)n / threads) + log2(threads) + 8) * HARNESS_U * mag, 1.0 / 16);
    if (out->wrong == 0 && !harness_close(total, sum, tol)) {
        out->wrong = DAY25_BLOCKS;
        out->note = cl_sprintf("the partial sums add up to %.9g; the input sums to %.9g", total, sum);
    }
}

static cl_status run_cascade(const harness_request *req, harness_result *out, cl_error *err)
{
    size_t n = (size_t)day_size_get(req->size, "n", 0);
    size_t offset = (size_t)day_size_get(req->size, "offset", 0); /* `in + offset`: misaligned */
    double sum, mag;
    const float *data = make_input(req, n, &sum, &mag);
    harness_buffer in = {0}, res = {0};
    cl_status st = harness_buffer_in_at(req, "in", data, n, offset, &in, err);
    if (st == CL_OK) st = harness_buffer_out(req, "partial", DAY25_BLOCKS, &res, err);
    backend_arg args[] = {harness_arg_ptr(in.ptr), harness_arg_ptr(res.ptr), harness_arg_u64(n)};
    if (st == CL_OK) st = harness_launch(req, DAY25_BLOCKS, args, 3, out, err);
    out->total = DAY25_BLOCKS;
    out->unit = "blocks";
    out->bytes = 4.0 * (double)n;
    if (st == CL_OK && out->compared) st = harness_buffer_fetch(req, &res, err);
    if (st == CL_OK && out->compared) {
        check_partials(req, n, sum, mag, res.host, out);
        if (harness_guard_damage(&res) && !out->note)
            out->note = cl_sprintf("wrote %zu floats past the end of partial",
                                   harness_guard_damage(&res));
    }
    harness_buffer_release(req, &in);
    harness_buffer_release(req, &res);
    return st;
}

/* copyKernel(in, out, n): out must equal in, bit for bit. Moves 8n bytes. */
static cl_status run_copy(const harness_request *req, harness_result *out, cl_error *err)
{
    size_t n = (size_t)day_size_get(req->size, "n", 0);
    double sum, mag;
    const float *data = make_input(req, n, &sum, &mag);
    harness_buffer in = {0}, res = {0};
    cl_status st = harness_buffer_in(req, "in", data, n, &in, err);
    if (st == CL_OK) st = harness_buffer_out(req, "out", n, &res, err);
    backend_arg args[] = {harness_arg_ptr(in.ptr), harness_arg_ptr(res.ptr), harness_arg_u64(n)};
    if (st == CL_OK) st = harness_launch(req, DAY25_BLOCKS, args, 3, out, err);
    out->total = (long long)n;
    out->unit = "elements";
    out->bytes = 8.0 * (double)n;
    if (st == CL_OK && out->compared) st = harness_buffer_fetch(req, &res, err);
    for (size_t i = 0; st == CL_OK && out->compared && i < n; i++)
        if (memcmp(&data[i], &res.host[i], sizeof(float)))
            harness_note_wrong(out, (long long)i, data[i], res.host[i]);
    harness_buffer_release(req, &in);
    harness_buffer_release(req, &res);
    return st;
}

/* n is a size_t parameter; an empty input is a fair case (every partial 0). */
static const harness_key day25_keys[] = {
    {"n", 0, 1LL << 40, NULL, NULL},
    /* the kernels get in + offset: 1 to 3 floats past a 16-byte boundary */
    {"offset", 0, 3, NULL, NULL},
    {NULL, 0, 0, NULL, NULL},
};

/* The copy kernel at most: the input (kept for the grade), in, out and out's
 * host copy, each of n floats, with a GPU guard. */
static double day25_bytes(const day_size *size, int block)
{
    (void)block;
    double n = (double)day_size_get(size, "n", 0) + (double)day_size_get(size, "offset", 0);
    return 4.0 * (4 * n + 3 * 1024 + 2 * DAY25_BLOCKS);
}

static const day_param_type day25_params[] = {DAY_PARAM_CONST_FLOAT_PTR, DAY_PARAM_FLOAT_PTR,
                                              DAY_PARAM_SIZE_T};

const day_harness harness_day25 = {"day25-cascade", run_cascade, "copyKernel", run_copy,
                                   day25_keys, 256, day25_bytes,
                                   day25_params, 3, NULL};
