/* worker_launch.c - the worker's launches: argument checks against the kernel's
 * parameters, warm-up, device events around each timed launch, a PROGRESS
 * message after every launch (the parent's watchdog restarts its clock on
 * each), and the CUDA errors that end a kernel, told in words. */
#include "gpu_worker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if GPU_HAVE_CUDA_H

/* Errors that end a kernel and leave the context unusable:
 * X(CUresult, outcome, what it means for the student). Measured on an H200
 * (driver 580): __trap() gives CUDA_ERROR_LAUNCH_FAILED, a failed assert()
 * CUDA_ERROR_ASSERT, a wild store CUDA_ERROR_ILLEGAL_ADDRESS. */
#define GPU_FAULTS(X)                                                                     \
    X(CUDA_ERROR_ILLEGAL_ADDRESS, FAULTED,                                                \
      "a thread read or wrote memory outside every allocation (out of bounds, or a "     \
      "bad pointer)")                                                                     \
    X(CUDA_ERROR_MISALIGNED_ADDRESS, FAULTED,                                             \
      "a thread accessed memory at an address that is not a multiple of the access size") \
    X(CUDA_ERROR_INVALID_ADDRESS_SPACE, FAULTED,                                          \
      "an instruction used an address outside the memory space it names")                 \
    X(CUDA_ERROR_INVALID_PC, FAULTED, "a thread jumped outside the kernel's code")        \
    X(CUDA_ERROR_HARDWARE_STACK_ERROR, FAULTED,                                           \
      "a thread overflowed its call stack (deep recursion?)")                             \
    X(CUDA_ERROR_ILLEGAL_INSTRUCTION, TRAPPED,                                            \
      "a thread executed an illegal instruction (a trap or breakpoint)")                  \
    X(CUDA_ERROR_ASSERT, TRAPPED, "a device-side assert failed (or the kernel trapped)")   \
    X(CUDA_ERROR_LAUNCH_FAILED, TRAPPED,                                                  \
      "the kernel stopped with an unspecified launch failure, which is what a trap "      \
      "(__trap(), asm(\"trap;\")) gives")                                                 \
    X(CUDA_ERROR_LAUNCH_TIMEOUT, TIMED_OUT, "the driver's watchdog stopped the kernel")   \
    X(CUDA_ERROR_TENSOR_MEMORY_LEAK, FAULTED, "the kernel exited holding tensor memory")  \
    X(CUDA_ERROR_ECC_UNCORRECTABLE, FAULTED,                                              \
      "the GPU reported an uncorrectable ECC error (the hardware, not the kernel)")       \
    X(CUDA_ERROR_UNKNOWN, FAULTED, "the driver reported an unknown error")

static const struct fault {
    CUresult code;
    backend_outcome outcome;
    const char *sentence;
} faults[] = {
#define GPU_FAULT_ROW(code, outcome, sentence) {code, BACKEND_##outcome, sentence},
    GPU_FAULTS(GPU_FAULT_ROW)
#undef GPU_FAULT_ROW
};

static const struct fault *find_fault(CUresult r)
{
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++)
        if (faults[i].code == r) return &faults[i];
    return NULL;
}

bool gpu_cu_sticky(CUresult r) { return find_fault(r) != NULL; }

/* The launch's arguments against the kernel's parameters, where the driver
 * can tell (cuFuncGetParamInfo, CUDA 12.4 and later; on an H200 with driver
 * 580 it gives the sizes for PTX and cubin modules alike, and
 * CUDA_ERROR_INVALID_VALUE past the last parameter). */
static bool check_params(gpu_worker *w, CUfunction f, const gpu_request *rq, gpu_reply *rp,
                         cl_str *msg)
{
    if (!w->drv.cuFuncGetParamInfo) return true;
    size_t offset, size;
    for (uint32_t i = 0; i < rq->nargs; i++) {
        CUresult r = w->drv.cuFuncGetParamInfo(f, i, &offset, &size);
        if (r == CUDA_ERROR_NOT_SUPPORTED) return true;
        if (r != CUDA_SUCCESS) {
            cl_str_addf(msg, "%s takes %u parameters; the launch passes %u", rq->name, i,
                        rq->nargs);
            rp->cu = GPU_CU_SIGNATURE;
            return false;
        }
        if (size != 0 && size != rq->args[i].size) { /* 0: the driver does not know */
            cl_str_addf(msg, "parameter %u of %s is %zu bytes; the launch passes %u", i + 1,
                        rq->name, size, rq->args[i].size);
            rp->cu = GPU_CU_SIGNATURE;
            return false;
        }
    }
    if (w->drv.cuFuncGetParamInfo(f, rq->nargs, &offset, &size) == CUDA_SUCCESS) {
        cl_str_addf(msg, "%s takes more than the %u parameters the launch passes", rq->name,
                    rq->nargs);
        rp->cu = GPU_CU_SIGNATURE;
        return false;
    }
    return true;
}

/* A launch that failed: a fault of the kernel (sticky), or a launch that the
 * driver refused (nothing ran; the parent turns it into a cl_error). */
static void launch_failed(gpu_worker *w, const gpu_request *rq, CUresult r, bool launched,
                          uint32_t i, uint32_t total, gpu_reply *rp, cl_str *msg)
{
    const struct fault *ft = find_fault(r);
    rp->cu = r;
    rp->sticky = ft || launched; /* an error after it ran: assume the worst */
    rp->outcome = ft ? (int32_t)ft->outcome : launched ? BACKEND_FAULTED : -1;
    if (rp->sticky)
        cl_str_addf(msg, "%s in %s (launch %u of %u): %s.", gpu_cu_name(&w->drv, r), rq->name,
                    i + 1, total, ft ? ft->sentence : gpu_cu_string(&w->drv, r));
    else
        cl_str_addf(msg, "%s could not be launched: %s (%s)", rq->name, gpu_cu_name(&w->drv, r),
                    gpu_cu_string(&w->drv, r));
}

typedef struct timing {
    CUevent start, stop;
    float *ms;
    uint32_t n;
} timing;

/* Launch i: argument set i % nsets; events around it when it is timed; wait for
 * its end either way. */
static CUresult launch_once(gpu_worker *w, CUfunction f, const gpu_request *rq, uint32_t i,
                            timing *t, bool timed, bool *launched)
{
    const backend_arg *set = rq->args + (size_t)(i % rq->nsets) * rq->nargs;
    uint64_t values[GPU_MAX_ARGS];
    void *params[GPU_MAX_ARGS];
    for (uint32_t k = 0; k < rq->nargs; k++) {
        values[k] = set[k].bits; /* little-endian: a 4-byte parameter is the low half */
        params[k] = &values[k];
    }
    CUresult r = CUDA_SUCCESS;
    if (timed) r = w->drv.cuEventRecord(t->start, NULL);
    *launched = false;
    if (r == CUDA_SUCCESS && rq->cooperative) /* prepare() made sure the driver has it */
        r = w->drv.cuLaunchCooperativeKernel(f, rq->grid[0], rq->grid[1], rq->grid[2], rq->block[0],
                                             rq->block[1], rq->block[2], rq->dynamic_shared, NULL,
                                             rq->nargs ? params : NULL);
    else if (r == CUDA_SUCCESS)
        r = w->drv.cuLaunchKernel(f, rq->grid[0], rq->grid[1], rq->grid[2], rq->block[0],
                                  rq->block[1], rq->block[2], rq->dynamic_shared, NULL,
                                  rq->nargs ? params : NULL, NULL);
    if (r != CUDA_SUCCESS) return r;
    *launched = true;
    if (!timed) return w->drv.cuCtxSynchronize();
    if ((r = w->drv.cuEventRecord(t->stop, NULL)) != CUDA_SUCCESS) return r;
    if ((r = w->drv.cuEventSynchronize(t->stop)) != CUDA_SUCCESS) return r;
    float ms = 0;
    r = w->drv.cuEventElapsedTime_v2(&ms, t->start, t->stop);
    if (r == CUDA_SUCCESS) t->ms[t->n++] = ms;
    return r;
}

static bool prepare(gpu_worker *w, CUfunction f, const gpu_request *rq, timing *t,
                    gpu_reply *rp, cl_str *msg)
{
    if (!check_params(w, f, rq, rp, msg)) return false;
    CUresult r = CUDA_SUCCESS;
    if (rq->cooperative && !w->drv.cuLaunchCooperativeKernel) {
        rp->cu = CUDA_ERROR_NOT_SUPPORTED;
        cl_str_addf(msg, "could not prepare %s: the day launches it cooperatively, and this driver has no "
                    "cuLaunchCooperativeKernel", rq->name);
        return false;
    }
    if (rq->dynamic_shared > 48 * 1024)
        r = w->drv.cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                      (int)rq->dynamic_shared);
    if (r == CUDA_SUCCESS && rq->reps) r = w->drv.cuEventCreate(&t->start, CU_EVENT_DEFAULT);
    if (r == CUDA_SUCCESS && rq->reps) r = w->drv.cuEventCreate(&t->stop, CU_EVENT_DEFAULT);
    if (r == CUDA_SUCCESS) return true;
    rp->cu = r;
    rp->sticky = gpu_cu_sticky(r);
    cl_str_addf(msg, "could not prepare %s: %s (%s)", rq->name, gpu_cu_name(&w->drv, r),
                gpu_cu_string(&w->drv, r));
    return false;
}

void gpu_worker_launch(gpu_worker *w, const gpu_request *rq, gpu_reply *rp, cl_str *msg)
{
    CUfunction f;
    timing t = {0};
    if (!gpu_worker_function(w, rq, &f, rp, msg) || !prepare(w, f, rq, &t, rp, msg)) goto done;
    uint32_t total = rq->reps ? rq->warmup + rq->reps : 1;
    t.ms = cl_calloc(rq->reps ? rq->reps : 1, sizeof *t.ms);
    for (uint32_t i = 0; i < total; i++) {
        bool launched;
        CUresult r = launch_once(w, f, rq, i, &t, rq->reps && i >= rq->warmup, &launched);
        if (r != CUDA_SUCCESS) {
            launch_failed(w, rq, r, launched, i, total, rp, msg);
            goto done;
        }
        rp->launches = i + 1;
        fflush(stdout); /* device printf reaches the parent as it happens */
        gpu_wbuf b = {0};
        gpu_encode_progress(&b, i + 1);
        gpu_io io = gpu_send(w->fd, GPU_MSG_PROGRESS, b.p, b.len, -1);
        gpu_wbuf_free(&b);
        if (io != GPU_IO_OK) _exit(0); /* the parent is gone */
    }
    rp->outcome = BACKEND_COMPLETED;
    rp->timed = t.n;
    gpu_stats(t.ms, t.n, &rp->ms_median, &rp->ms_min, &rp->ms_max);
done:
    if (t.start) w->drv.cuEventDestroy_v2(t.start);
    if (t.stop) w->drv.cuEventDestroy_v2(t.stop);
    free(t.ms);
}
#endif
