/* day14.c - the hidden harness of day 14 (__syncthreads): reverseBlocks and
 * blockSums. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* reverseBlocks: out[b*B + i] = in[b*B + len-1-i], len the chunk's valid
 * length. Compared bit for bit: it moves floats, it does no arithmetic. */
static void fill_floats(harness_rng *rng, float *data, size_t n, const day_size *size)
{
    for (size_t i = 0; i < n; i++) data[i] = harness_rng_float(rng, -100.0f, 100.0f);
}

static void fill_quarters(harness_rng *rng, float *data, size_t n, const day_size *size)
{
    for (size_t i = 0; i < n; i++) data[i] = harness_rng_quarter(rng);
}

static cl_status run_reverse(const harness_request *req, harness_result *out, cl_error *err)
{
    size_t n = (size_t)day_size_get(req->size, "n", 0), B = (size_t)req->day->block;
    unsigned grid = (unsigned)((n + B - 1) / B);
    const float *data = harness_input_get(req, "day14-reverse", n, fill_floats)->data;
    harness_buffer in = {0}, res = {0};
    cl_status st = harness_buffer_in(req, "in", data, n, &in, err);
    if (st == CL_OK) st = harness_buffer_out(req, "out", n, &res, err);
    backend_arg args[] = {harness_arg_ptr(in.ptr), harness_arg_ptr(res.ptr),
                          harness_arg_i32((int)n)};
    if (st == CL_OK) st = harness_launch(req, grid, args, 3, out, err);
    out->total = (long long)n;
    out->unit = "elements";
    out->bytes = 8.0 * (double)n;
    if (st == CL_OK && out->compared) st = harness_buffer_fetch(req, &res, err);
    for (size_t i = 0; st == CL_OK && out->compared && i < n; i++) {
        size_t base = i / B * B, len = n - base < B ? n - base : B;
        float want = data[base + (len - 1 - (i - base))];
        if (memcmp(&want, &res.host[i], sizeof want))
            harness_note_wrong(out, (long long)i, want, res.host[i]);
    }
    if (st == CL_OK && out->compared && harness_guard_damage(&res))
        out->note = cl_sprintf("wrote %zu floats past the end of out", harness_guard_damage(&res));
    harness_buffer_release(req, &in);
    harness_buffer_release(req, &res);
    return st;
}

/* blockSums: partial[b] = the sum of block b's chunk. Inputs are multiples of
 * 1/8, so any order of adding gives the exact sum; the tolerance is still the
 * bound for recursive summation, len * u * sum|x|. */
static cl_status run_sums(const harness_request *req, harness_result *out, cl_error *err)
{
    size_t n = (size_t)day_size_get(req->size, "n", 0), B = (size_t)req->day->block;
    size_t blocks = (n + B - 1) / B;
    const float *data = harness_input_get(req, "day14-sums", n, fill_quarters)->data;
    harness_buffer in = {0}, res = {0};
    cl_status st = harness_buffer_in(req, "in", data, n, &in, err);
    if (st == CL_OK) st = harness_buffer_out(req, "partial", blocks, &res, err);
    backend_arg args[] = {harness_arg_ptr(in.ptr), harness_arg_ptr(res.ptr),
                          harness_arg_i32((int)n)};
    if (st == CL_OK) st = harness_launch(req, (unsigned)blocks, args, 3, out, err);
    out->total = (long long)blocks;
    out->unit = "blocks";
    out->bytes = 4.0 * (double)n + 4.0 * (double)blocks;
    if (st == CL_OK && out->compared) st = harness_buffer_fetch(req, &res, err);
    for (size_t b = 0; st == CL_OK && out->compared && b < blocks; b++) {
        double sum = 0, mag = 0;
        size_t end = (b + 1) * B < n ? (b + 1) * B : n;
        for (size_t i = b * B; i < end; i++) {
            sum += data[i];
            mag += fabs(data[i]);
        }
        if (!harness_close(res.host[b], sum, (double)(end - b * B) * HARNESS_U * mag))
            harness_note_wrong(out, (long long)b, sum, res.host[b]);
    }
    if (st == CL_OK && out->compared && harness_guard_damage(&res))
        out->note = cl_sprintf("wrote %zu floats past the end of partial", harness_guard_damage(&res));
    harness_buffer_release(req, &in);
    harness_buffer_release(req, &res);
    return st;
}

static cl_status run_day14(const harness_request *req, harness_result *out, cl_error *err)
{
    if (!strcmp(req->kernel, "reverseBlocks")) return run_reverse(req, out, err);
    if (!strcmp(req->kernel, "blockSums")) return run_sums(req, out, err);
    return cl_fail(err, CL_INTERNAL, "", 0, 0, "day 14 has no harness for kernel '%s'", req->kernel);
}

/* n is an int parameter of both kernels; an empty input would leave
 * blockSums one block with nowhere to write. */
static const harness_key day14_keys[] = {
    {"n", 1, INT_MAX, NULL, NULL},
    {NULL, 0, 0, NULL, NULL},
};

/* reverseBlocks at most: its input (kept for the grade), the buffers in and
 * out, the host copy of out, each with a GPU guard. */
static double day14_bytes(const day_size *size, int block)
{
    double n = (double)day_size_get(size, "n", 0), blocks = ceil(n / block);
    return 4.0 * (4 * n + 2 * blocks + 4 * 1024);
}

static const day_param_type day14_params[] = {DAY_PARAM_CONST_FLOAT_PTR, DAY_PARAM_FLOAT_PTR,
                                              DAY_PARAM_INT};
static const char *const day14_kernels[] = {"reverseBlocks", "blockSums", NULL};

const day_harness harness_day14 = {"day14-syncthreads", run_day14, NULL, NULL,
                                   day14_keys, 256, day14_bytes,
                                   day14_params, 3, day14_kernels};
