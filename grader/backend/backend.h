/* backend.h - where kernels run: one small interface, implemented by the
 * emulator (backend/emu.c) and by the GPU (gpu/). A day's harness is written
 * once against it.
 *
 * Prefix: backend_. */
#ifndef CUDALAB_BACKEND_H
#define CUDALAB_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "core/core.h"
#include "core/figures.h"
#include "report/result.h"

typedef uint64_t backend_ptr; /* a device address; never a host pointer */

/* One kernel argument as the kernel's parameter sees it. */
typedef struct backend_arg {
    unsigned size; /* 1, 2, 4 or 8 (a __half or short scalar is 2) */
    uint64_t bits; /* the value, little-endian in the low `size` bytes */
} backend_arg;

typedef struct backend_launch {
    const char *kernel;      /* the entry's (mangled) name in the module */
    unsigned grid[3], block[3];
    unsigned dynamic_shared;
    const backend_arg *args; /* nsets rows of nargs arguments */
    int nargs;
    int nsets;               /* >= 1; the GPU cycles through the sets while timing */
    int timing_reps;         /* GPU: time this many launches after warm-up; 0: run once */
    bool cooperative;        /* every block resident at once (cuLaunchCooperativeKernel): the
                                grid handle of cooperative groups is valid, this_grid().sync()
                                a grid-wide barrier; the caller bounds the grid */
} backend_launch;

/* How a launch ended. X(ID, "name", "what it means") */
#define BACKEND_OUTCOMES(X)                                               \
    X(COMPLETED, "completed", "the kernel ran to its end")               \
    X(TRAPPED, "trap", "the kernel executed a trap")                     \
    X(DEADLOCKED, "deadlock", "threads waited for each other forever")   \
    X(BUDGET, "runaway", "the kernel ran past its instruction budget")   \
    X(FAULTED, "fault", "the kernel made an illegal memory access")      \
    X(TIMED_OUT, "timeout", "the kernel ran past the time limit")        \
    X(CRASHED, "crash", "the process running the kernel died")            \
    X(TOO_LARGE, "too-large", "a cooperative launch's grid is larger than the GPU holds at once")

typedef enum backend_outcome {
#define BACKEND_OUTCOME_ENUM(id, name, text) BACKEND_##id,
    BACKEND_OUTCOMES(BACKEND_OUTCOME_ENUM)
#undef BACKEND_OUTCOME_ENUM
    BACKEND_OUTCOME_COUNT
} backend_outcome;

const char *backend_outcome_name(backend_outcome o);
const char *backend_outcome_text(backend_outcome o);

/* The emulator's counters of a run: core/figures.h's rows. */
typedef cl_counters backend_counters;

typedef struct backend_run {
    backend_outcome outcome;
    char *detail;             /* what happened and where, for people; may be NULL */
    bool has_counters;        /* the emulator counts; a GPU does not */
    backend_counters counters;
    bool has_ms;
    double ms;                /* median of timing_reps launches */
    report_hazard *hazards;   /* emulator only */
    int nhazards;
    char *printf_text;        /* device printf, capped; may be NULL */
} backend_run;

void backend_run_free(backend_run *r); /* frees the contents, not r */

/* A kernel's attributes as the driver reports them (GPU only). */
typedef struct backend_attrs {
    long registers, static_shared, local_bytes, max_threads;
} backend_attrs;

typedef struct backend_info {
    char name[64];           /* "emulator" or "gpu" */
    char device[128];        /* "lane-exact SIMT emulator" / "NVIDIA H200" */
    int cc_major, cc_minor;  /* 0 for the emulator */
    size_t l2_bytes;         /* 0 when unknown */
    bool can_time;
    bool finds_hazards;
} backend_info;

typedef struct backend backend;

typedef struct backend_ops {
    /* Load a module built from one .cu: the emulator reads the PTX, the GPU the
     * cubin for its own architecture (or the PTX through the driver's JIT). */
    cl_status (*load)(backend *b, const char *label, const char *ptx, size_t ptx_len,
                      const void *cubin, size_t cubin_len, int *module, cl_error *err);
    cl_status (*alloc)(backend *b, size_t bytes, const char *label, backend_ptr *out,
                       cl_error *err);
    cl_status (*release)(backend *b, backend_ptr p, cl_error *err);
    cl_status (*write)(backend *b, backend_ptr dst, const void *src, size_t n, cl_error *err);
    cl_status (*read)(backend *b, void *dst, backend_ptr src, size_t n, cl_error *err);
    /* cl_error is for cudalab's own failures; the kernel's faults are in run. */
    cl_status (*launch)(backend *b, int module, const backend_launch *l, backend_run *run,
                        cl_error *err);
    cl_status (*attributes)(backend *b, int module, const char *kernel, backend_attrs *out,
                            cl_error *err); /* may be NULL */
    void (*destroy)(backend *b);
    /* Where device memory is host memory (the emulator): the host bytes
     * behind [p, p + n), to make a buffer in place. May be NULL. */
    void *(*host_view)(backend *b, backend_ptr p, size_t n);
    /* The device address and bytes of a module's global or constant variable
     * (a `__constant__` symbol the harness fills), by its name in the
     * module. CL_NOT_FOUND when it has none. May be NULL. */
    cl_status (*symbol)(backend *b, int module, const char *name, backend_ptr *addr, size_t *bytes,
                        cl_error *err);
    /* The allocation at p is a program's scratch buffer, never judged
     * (the emulator's other block orders: sim_mark_scratch). May be NULL. */
    void (*mark_scratch)(backend *b, backend_ptr p);
} backend_ops;

/* Every backend's struct starts with this. */
struct backend {
    const backend_ops *ops;
    backend_info info;
};

/* Thin wrappers, so callers read b->ops->x(b, ...) as backend_x(b, ...). */
cl_status backend_load(backend *b, const char *label, const char *ptx, size_t ptx_len,
                       const void *cubin, size_t cubin_len, int *module, cl_error *err);
cl_status backend_alloc(backend *b, size_t bytes, const char *label, backend_ptr *out,
                        cl_error *err);
cl_status backend_release(backend *b, backend_ptr p, cl_error *err);
cl_status backend_write(backend *b, backend_ptr dst, const void *src, size_t n, cl_error *err);
cl_status backend_read(backend *b, void *dst, backend_ptr src, size_t n, cl_error *err);
/* The host bytes behind [p, p + n), or NULL where the backend has none (a
 * GPU): then a buffer is made on the host and written. */
void *backend_host_view(backend *b, backend_ptr p, size_t n);
void backend_mark_scratch(backend *b, backend_ptr p);
cl_status backend_launch_kernel(backend *b, int module, const backend_launch *l,
                                backend_run *run, cl_error *err);
cl_status backend_attributes(backend *b, int module, const char *kernel, backend_attrs *out,
                             cl_error *err);
cl_status backend_symbol(backend *b, int module, const char *name, backend_ptr *addr,
                         size_t *bytes, cl_error *err);
void backend_destroy(backend *b);

#endif
