/* run.c - launches, with the watchdog. The parent sends one LAUNCH and waits
 * for the worker's answer; the worker sends PROGRESS after each launch it has
 * waited for, and each one restarts the clock, so every launch (warm-up or
 * timed) gets launch_timeout_s of its own. No answer in time: the worker is
 * killed and the run is TIMED_OUT. The stream ends early: the worker died, the
 * run is CRASHED. A fault or trap: the worker says which and leaves, since
 * CUDA cannot go on in that context. Each of these is an outcome of the run,
 * not an error of cudalab's. */
#include "gpu_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GPU_OUTPUT_CAP (64u << 10)

static cl_status check_launch(const backend_launch *l, cl_error *err)
{
    const char *why = NULL;
    if (!l->kernel || !l->kernel[0]) why = "no kernel name";
    else if (l->nargs < 0 || l->nargs > GPU_MAX_ARGS) why = "too many arguments";
    else if (l->nsets < 1 || l->nsets > GPU_MAX_SETS) why = "nsets must be 1 to 4096";
    else if (l->timing_reps < 0 || l->timing_reps > 1000000) why = "timing_reps out of range";
    else if (l->nargs > 0 && !l->args) why = "no arguments given";
    for (int i = 0; !why && i < 3; i++)
        if (!l->grid[i] || !l->block[i]) why = "a grid or block dimension is 0";
    for (int i = 0; !why && i < l->nargs * l->nsets; i++)
        if (l->args[i].size != 1 && l->args[i].size != 2 && l->args[i].size != 4 && l->args[i].size != 8)
            why = "an argument is not 1, 2, 4 or 8 bytes";
    if (!why) return CL_OK;
    return cl_fail(err, CL_USAGE, "", 0, 0, "bad launch of %s: %s",
                   l->kernel ? l->kernel : "?", why);
}

static void encode_launch(gpu_backend *g, uint32_t id, const backend_launch *l, gpu_wbuf *w)
{
    gpu_request rq = {.type = GPU_MSG_LAUNCH, .module = id, .name = l->kernel,
                      .dynamic_shared = l->dynamic_shared, .nargs = (uint32_t)l->nargs,
                      .nsets = (uint32_t)l->nsets, .reps = (uint32_t)l->timing_reps, .cooperative = l->cooperative,
                      .warmup = l->timing_reps > 0 ? (uint32_t)g->opt.warmup : 0,
                      .args = l->args};
    memcpy(rq.grid, l->grid, sizeof rq.grid);
    memcpy(rq.block, l->block, sizeof rq.block);
    gpu_encode_request(w, &rq);
}

static const char *const memory_gone =
    "the next call starts a new GPU worker: device memory from before is gone";

static void completed(gpu_backend *g, int module, const backend_launch *l, const gpu_reply *rp,
                      backend_run *run)
{
    const char *note = g->modules.v[module].note;
    cl_str d = {0};
    run->outcome = BACKEND_COMPLETED;
    if (rp->timed) {
        run->has_ms = true;
        run->ms = rp->ms_median;
        cl_str_addf(&d, "median %.4f ms of %u timed launches (min %.4f, max %.4f) after %u "
                    "warm-up%s", rp->ms_median, rp->timed, rp->ms_min, rp->ms_max,
                    rp->launches - rp->timed, rp->launches - rp->timed == 1 ? "" : "s");
        if (l->nsets > 1) cl_str_addf(&d, ", cycling %d argument sets", l->nsets);
    }
    if (note) cl_str_addf(&d, "%s%s", d.len ? "; " : "", note);
    run->detail = d.len ? cl_str_take(&d) : NULL;
    cl_str_free(&d);
}

static cl_status answered(gpu_backend *g, int module, const backend_launch *l,
                          const gpu_reply *rp, backend_run *run, cl_error *err)
{
    if (rp->outcome < 0) { /* nothing ran: the launch itself was refused */
        cl_status st = cl_fail(err, rp->cu == GPU_CU_SIGNATURE ? CL_SIGNATURE
                                  : rp->cu == GPU_CU_BAD_REQUEST ? CL_INTERNAL : CL_GPU,
                               "", 0, 0, "%s", rp->message);
        if (rp->sticky) gpu_be_lost(g, false, "launching %s failed: %s", l->kernel, rp->message);
        return st;
    }
    if (rp->outcome == BACKEND_COMPLETED) {
        completed(g, module, l, rp, run);
        return CL_OK;
    }
    run->outcome = (backend_outcome)rp->outcome;
    run->detail = cl_sprintf("%s The GPU worker was stopped, since CUDA cannot go on after "
                             "this error; %s.", rp->message, memory_gone);
    gpu_be_lost(g, false, "%s", rp->message);
    return CL_OK;
}

static void timed_out(gpu_backend *g, const backend_launch *l, uint32_t done, uint32_t total,
                      backend_run *run)
{
    run->outcome = BACKEND_TIMED_OUT;
    run->detail = cl_sprintf("%s did not finish within %g s (launch %u of %u); the GPU worker "
                             "was killed, and %s.", l->kernel, g->opt.launch_timeout_s,
                             done + 1, total, memory_gone);
    gpu_be_lost(g, true, "%s ran past the time limit", l->kernel);
}

static void crashed(gpu_backend *g, const backend_launch *l, uint32_t done, uint32_t total,
                    backend_run *run)
{
    char how[160];
    gpu_be_lost(g, false, "the GPU worker died while running %s", l->kernel);
    gpu_child_exit_text(&g->child, how, sizeof how);
    run->outcome = BACKEND_CRASHED;
    run->detail = cl_sprintf("the GPU worker %s while running %s (launch %u of %u); %s.", how,
                             l->kernel, done + 1, total, memory_gone);
}

cl_status gpu_be_launch(backend *b, int module, const backend_launch *l, backend_run *run,
                        cl_error *err)
{
    gpu_backend *g = (gpu_backend *)b;
    memset(run, 0, sizeof *run);
    uint32_t id, done = 0;
    cl_status st = check_launch(l, err);
    if (st == CL_OK) st = gpu_be_module(g, module, &id, err);
    if (st != CL_OK) return st;
    uint32_t total = l->timing_reps > 0 ? (uint32_t)(g->opt.warmup + l->timing_reps) : 1;
    gpu_wbuf w = {0};
    encode_launch(g, id, l, &w);
    free(gpu_be_take_output(g, 0)); /* output from before is not this launch's */
    gpu_frame f;
    gpu_io io = gpu_child_call(&g->child, GPU_MSG_LAUNCH, &w, g->opt.launch_timeout_s, &f,
                               &done);
    gpu_wbuf_free(&w);
    gpu_reply rp;
    if (io == GPU_IO_OK && !gpu_decode_reply(f.data, f.len, &rp)) io = GPU_IO_BAD;
    if (io == GPU_IO_OK) st = answered(g, module, l, &rp, run, err);
    else if (io == GPU_IO_TIMEOUT) timed_out(g, l, done, total, run);
    else if (io == GPU_IO_EOF) crashed(g, l, done, total, run);
    else {
        gpu_be_lost(g, true, "the GPU worker garbled its answer to a launch of %s", l->kernel);
        st = cl_fail(err, CL_INTERNAL, "", 0, 0, "the GPU worker's answer to a launch of %s "
                     "was garbled (%s)", l->kernel, gpu_io_name(io));
    }
    free(f.data);
    run->printf_text = gpu_be_take_output(g, GPU_OUTPUT_CAP);
    return st;
}
