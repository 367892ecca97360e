/* harness_internal.h - what harness.c (one launch) and harness_program.c (a
 * day's program of launches) share. */
#ifndef CUDALAB_HARNESS_INTERNAL_H
#define CUDALAB_HARNESS_INTERNAL_H

#include "harness.h"

/* One buffer in the backend. */
typedef struct harness_buffer {
    backend_ptr base, ptr;  /* the allocation, and what the kernel gets */
    size_t bytes;
    bool allocated;
} harness_buffer;

/* f's value at the request's size (0 for NULL). */
double harness_eval(const harness_request *req, const day_formula *f);
/* p's buffer (a parameter of req->kernel): sentinels, then (inputs, in-outs
 * and a filled scratch) the data from the fill, then sentinels. An output
 * or in-out gets its host copy set up in *o (o may be NULL). */
cl_status harness_make_buffer(const harness_request *req, const day_param *p, harness_buffer *b,
                              harness_output *o, cl_error *err);
/* A program's run, as harness_run for one launch. */
cl_status harness_run_program(const harness_request *req, harness_result *out, cl_error *err);

/* A cooperative launch whose grid the course GPU could not hold at once
 * (req->resident): true, with run's outcome BACKEND_TOO_LARGE and why in
 * words; it is not launched (cuLaunchCooperativeKernel refuses it). */
bool harness_too_large(const harness_request *req, const day_kernel *k, const backend_launch *bl,
                       backend_run *run);

#endif
