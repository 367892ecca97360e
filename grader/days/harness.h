/* harness.h - the hidden harness of each day: deterministic inputs from a
 * seed, a CPU reference, and a comparison whose tolerance fits the
 * arithmetic. Written once against the backend interface, so the emulator and
 * the GPU run exactly the same problem.
 *
 * Prefix: harness_. */
#ifndef CUDALAB_HARNESS_H
#define CUDALAB_HARNESS_H

#include "backend/backend.h"
#include "days/day.h"

typedef struct harness_request {
    backend *be;
    int module;
    const char *kernel;     /* the day's name for it, e.g. "reduceCascade" */
    const char *entry;      /* its entry in the module (mangled) */
    const day_manifest *day;
    const day_size *size;
    uint64_t seed;
    int timing_reps;        /* GPU timing; 0 runs once */
} harness_request;

typedef struct harness_result {
    backend_run run;        /* outcome, counters, hazards, time */
    bool compared;          /* false when the launch did not complete */
    long long wrong, total; /* in the day's unit: elements, rows or blocks */
    const char *unit;       /* that unit, plural: "rows" */
    report_mismatch first[5];
    int nfirst;
    char *note;             /* a finding beyond wrong values (padding written, ...) */
    double bytes;           /* bytes the kernel must move, for GB/s */
} harness_result;

void harness_result_free(harness_result *r);

typedef cl_status (*harness_fn)(const harness_request *req, harness_result *out,
                                cl_error *err);

/* A key of the day's sizes that the harness reads: the values it can run
 * (the kernels take most as int), and another key it may not exceed. */
typedef struct harness_key {
    const char *name;
    long long min, max;
    const char *at_most; /* NULL when none */
    const char *why;     /* the reason for at_most, for the author */
} harness_key;

typedef struct day_harness {
    const char *slug;
    harness_fn run;
    /* The day's copy kernel (bandwidth baseline) where it has one: its name
     * and how to run it at a size. */
    const char *copy_kernel;
    harness_fn run_copy;
    /* What the day's manifest must agree with (checked when it is loaded):
     * the keys of every size (each exactly once), the block size the
     * reference and the harness are written for, and the bytes one kernel's
     * run at a size takes (DAY_SIZE_MAX_BYTES at most). */
    const harness_key *keys; /* ends with name NULL */
    int block;
    double (*bytes)(const day_size *size, int block);
    /* The arguments it launches every kernel of the day with, and the
     * kernels it knows by name (NULL: it runs a kernel of any name). */
    const day_param_type *params;
    int nparams;
    const char *const *kernels; /* ends with NULL */
} day_harness;

/* The harness for a day, or NULL. */
const day_harness *harness_find(const char *slug);

/* "rows=8205 live=20 stride=32" (caller frees). */
char *harness_size_label(const day_size *s);

/* ---- helpers the days share (harness.c) ---- */

/* A deterministic stream of numbers: one per (seed, problem, size). */
typedef struct harness_rng {
    uint64_t state;
    uint64_t bits; /* unused random bits of the last draw */
    int nbits;
} harness_rng;

harness_rng harness_rng_for(uint64_t seed, const char *problem, const day_size *size);
uint64_t harness_rng_next(harness_rng *r);
/* Uniform in [lo, hi). */
float harness_rng_float(harness_rng *r, float lo, float hi);
/* A nonzero multiple of 1/4 in [-8, 8]: sums of many stay exact in float. */
float harness_rng_quarter(harness_rng *r);

/* The bits a buffer is filled with where a kernel must not write; a float
 * that no correct result equals. */
#define HARNESS_SENTINEL 0x7fc0deadu

/* Allocate and fill; the GPU gets a guard tail it can be checked against. */
typedef struct harness_buffer {
    backend_ptr ptr;
    size_t count;   /* floats the kernel may touch */
    size_t guard;   /* floats after them that must stay HARNESS_SENTINEL */
    size_t offset;  /* floats of sentinels before ptr, in the same allocation */
    float *host;    /* count + guard floats (outputs only; NULL for inputs) */
    bool allocated;
} harness_buffer;

/* An input that every run of a grade shares: made once per (problem, seed,
 * size) by fill, kept for the process's life (the same inputs for yours and
 * the reference, on every backend). fill writes n floats and may set sum and
 * mag. */
typedef struct harness_input {
    const float *data;
    size_t n;
    double sum, mag;
} harness_input;
typedef void (*harness_fill_fn)(harness_rng *rng, float *data, size_t n, const day_size *size);
const harness_input *harness_input_get(const harness_request *req, const char *problem, size_t n,
                                       harness_fill_fn fill);

cl_status harness_buffer_in(const harness_request *req, const char *label, const float *data,
                            size_t count, harness_buffer *out, cl_error *err);
/* The same input handed over `offset` floats into its allocation, so that
 * ptr is only 4-byte aligned for an offset of 1 to 3 (`in + 1` in a host
 * program); the floats before it are sentinels. */
cl_status harness_buffer_in_at(const harness_request *req, const char *label, const float *data,
                               size_t count, size_t offset, harness_buffer *out, cl_error *err);
cl_status harness_buffer_out(const harness_request *req, const char *label, size_t count,
                             harness_buffer *out, cl_error *err);
/* Read back count + guard floats into host. */
cl_status harness_buffer_fetch(const harness_request *req, harness_buffer *b, cl_error *err);
void harness_buffer_release(const harness_request *req, harness_buffer *b);
/* How many guard floats changed (0 when fine). */
size_t harness_guard_damage(const harness_buffer *b);

/* Launch the request's entry with these arguments (pointers and scalars as
 * the params' types say) on a grid of blocks of the day's block size. */
cl_status harness_launch(const harness_request *req, unsigned grid, const backend_arg *args,
                         int nargs, harness_result *out, cl_error *err);
backend_arg harness_arg_ptr(backend_ptr p);
backend_arg harness_arg_i32(int v);
backend_arg harness_arg_u64(uint64_t v);

/* Record a wrong value (keeps the first five). */
void harness_note_wrong(harness_result *r, long long index, double expected, double got);
/* |got - expected| <= tol, and got is a number. */
bool harness_close(double got, double expected, double tol);
/* The float round-off unit, 2^-24. */
#define HARNESS_U 5.9604644775390625e-08

#endif
