/* gpu_backend.h - the parent's side of the GPU backend, shared by gpu_backend.c
 * (life cycle, modules), worker_memory.c (alloc, copies) and run.c (launches).
 * Internal to grader/gpu. */
#ifndef CUDALAB_GPU_BACKEND_H
#define CUDALAB_GPU_BACKEND_H

#include "gpu_child.h"
#include "gpu_proto.h"

/* A module as the harness loaded it. Its images are kept so that a new worker
 * (after a fault) can load it again by itself. */
typedef struct gpu_module {
    char *label;
    uint8_t *ptx, *cubin;
    size_t ptx_len, cubin_len;
    unsigned generation;  /* the worker it is loaded in; 0: none yet */
    uint32_t id;          /* its id in that worker */
    char *note;           /* "PTX compiled by the driver's JIT", or NULL */
} gpu_module;

typedef struct gpu_alloc {
    backend_ptr ptr;
    size_t bytes;
    unsigned generation;  /* the worker it lives (or lived) in */
} gpu_alloc;

typedef struct gpu_backend {
    backend base;
    gpu_options opt;
    gpu_child child;
    bool alive;           /* the child serves requests */
    unsigned generation;  /* counts workers started */
    gpu_probe_info device;
    uint8_t *window;      /* shared with every worker: MAP_SHARED | MAP_ANONYMOUS */
    size_t window_bytes;
    int capture_fd;       /* the workers' stdout and stderr (a memfd) */
    CL_VEC(gpu_module) modules;
    CL_VEC(gpu_alloc) allocs;
    char lost[512];       /* how the last worker ended, when it ended badly */
} gpu_backend;

/* A worker that serves requests, starting one if there is none. */
cl_status gpu_be_ready(gpu_backend *g, cl_error *err);
/* The worker is gone (or must go): kill it if needed and remember why. */
void gpu_be_lost(gpu_backend *g, bool kill_it, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* One request, one reply, for everything but launches: I/O trouble, a garbled
 * reply or a CUDA error becomes a cl_error that names `what`. On CL_OK the
 * caller frees frame->data (rp points into it). */
cl_status gpu_be_call(gpu_backend *g, const gpu_request *rq, const char *what,
                      gpu_frame *frame, gpu_reply *rp, cl_error *err);
/* The module, loaded into the current worker; *id is its id there. */
cl_status gpu_be_module(gpu_backend *g, int module, uint32_t *id, cl_error *err);
/* What the workers printed since the last call (NULL when nothing), capped. */
char *gpu_be_take_output(gpu_backend *g, size_t cap);

cl_status gpu_be_alloc(backend *b, size_t bytes, const char *label, backend_ptr *out,
                       cl_error *err);
cl_status gpu_be_release(backend *b, backend_ptr p, cl_error *err);
cl_status gpu_be_write(backend *b, backend_ptr dst, const void *src, size_t n, cl_error *err);
cl_status gpu_be_read(backend *b, void *dst, backend_ptr src, size_t n, cl_error *err);
cl_status gpu_be_launch(backend *b, int module, const backend_launch *l, backend_run *run,
                        cl_error *err);

#endif
