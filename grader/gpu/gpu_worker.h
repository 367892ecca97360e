/* gpu_worker.h - the worker's state, shared by worker.c (start-up, the request
 * loop, modules, memory) and worker_launch.c (launches, timing, faults). Internal. */
#ifndef CUDALAB_GPU_WORKER_H
#define CUDALAB_GPU_WORKER_H

#include "gpu_driver.h"
#include "gpu_proto.h"

#if GPU_HAVE_CUDA_H
typedef struct gpu_worker {
    gpu_driver drv;
    int fd;
    uint8_t *window;
    size_t window_bytes;
    CUdevice dev;
    CUcontext ctx;
    CL_VEC(CUmodule) modules;
} gpu_worker;

/* The kernel named rq->name in module rq->module, or a reply saying why not. */
bool gpu_worker_function(gpu_worker *w, const gpu_request *rq, CUfunction *f,
                         gpu_reply *rp, cl_str *msg);
void gpu_worker_launch(gpu_worker *w, const gpu_request *rq, gpu_reply *rp, cl_str *msg);
/* Errors after which the context is unusable: the worker must go. */
bool gpu_cu_sticky(CUresult r);
#endif

#endif
