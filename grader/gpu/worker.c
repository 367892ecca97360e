/* worker.c - the GPU worker, a child process that owns the CUDA context. It
 * loads the driver, says hello (the device, or why there is none), then serves
 * one request at a time until QUIT, the end of the stream, or an error that
 * leaves the context unusable. It never decides about time: the parent keeps
 * the watchdog and kills it when it does not answer. */
#include "gpu_worker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if GPU_HAVE_CUDA_H

static bool failed(gpu_worker *w, gpu_probe_info *info, const char *what, CUresult r)
{
    snprintf(info->reason, sizeof info->reason, "%s failed: %s (%s)", what,
             gpu_cu_name(&w->drv, r), gpu_cu_string(&w->drv, r));
    return false;
}

static void describe(gpu_worker *w, gpu_probe_info *info)
{
    const struct { CUdevice_attribute a; int *v; } attrs[] = {
        {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &info->cc_major},
        {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &info->cc_minor},
        {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, &info->sm_count},
        {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, &info->max_threads_per_block},
        {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, &info->max_shared_per_block},
        {CU_DEVICE_ATTRIBUTE_CLOCK_RATE, &info->clock_khz},
        {CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, &info->memory_clock_khz},
        {CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, &info->memory_bus_bits},
    };
    for (size_t i = 0; i < sizeof attrs / sizeof attrs[0]; i++)
        if (w->drv.cuDeviceGetAttribute(attrs[i].v, attrs[i].a, w->dev) != CUDA_SUCCESS)
            *attrs[i].v = 0;
    int l2 = 0;
    if (w->drv.cuDeviceGetAttribute(&l2, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, w->dev) == 0)
        info->l2_bytes = (uint64_t)l2;
    size_t mem = 0;
    if (w->drv.cuDeviceTotalMem_v2(&mem, w->dev) == CUDA_SUCCESS) info->total_mem = mem;
    if (w->drv.cuDeviceGetName(info->device, sizeof info->device, w->dev) != CUDA_SUCCESS)
        snprintf(info->device, sizeof info->device, "CUDA device %d", info->device_index);
}

/* Load the driver, initialise it, pick the device, make its primary context
 * current. On failure, info->reason says why. */
static bool start(gpu_worker *w, const gpu_options *o, gpu_probe_info *info)
{
    gpu_driver_loader load = o->loader ? o->loader : gpu_driver_open;
    if (!load(&w->drv, o->library, info->reason, sizeof info->reason)) return false;
    info->found = true;
    snprintf(info->library, sizeof info->library, "%s", w->drv.library);
    CUresult r = w->drv.cuInit(0);
    if (r != CUDA_SUCCESS) return failed(w, info, "cuInit", r);
    if (w->drv.cuDriverGetVersion(&info->driver_version) != CUDA_SUCCESS)
        info->driver_version = 0;
    if ((r = w->drv.cuDeviceGetCount(&info->device_count)) != CUDA_SUCCESS)
        return failed(w, info, "cuDeviceGetCount", r);
    if (o->device < 0 || o->device >= info->device_count) {
        snprintf(info->reason, sizeof info->reason, "there is no CUDA device %d (%d found)",
                 o->device, info->device_count);
        return false;
    }
    if ((r = w->drv.cuDeviceGet(&w->dev, o->device)) != CUDA_SUCCESS)
        return failed(w, info, "cuDeviceGet", r);
    describe(w, info);
    /* A waiting host thread sleeps instead of spinning (the default spins
       where a process has fewer contexts than the machine has cores): a
       grade's timed runs cost a core's time each otherwise, 52 s of CPU for
       one corpus grade on the H200 host. The timings are the GPU's events',
       which this does not change. An older driver without it spins. */
    if (w->drv.cuDevicePrimaryCtxSetFlags_v2)
        (void)w->drv.cuDevicePrimaryCtxSetFlags_v2(w->dev, CU_CTX_SCHED_BLOCKING_SYNC);
    if ((r = w->drv.cuDevicePrimaryCtxRetain(&w->ctx, w->dev)) != CUDA_SUCCESS)
        return failed(w, info, "cuDevicePrimaryCtxRetain", r);
    if ((r = w->drv.cuCtxSetCurrent(w->ctx)) != CUDA_SUCCESS)
        return failed(w, info, "cuCtxSetCurrent", r);
    info->usable = true;
    return true;
}

/* ---- modules ---- */

static CUresult jit(gpu_worker *w, const gpu_request *rq, CUmodule *m, cl_str *msg)
{
    static char elog[16384], ilog[4096];
    elog[0] = ilog[0] = '\0';
    char *ptx = cl_strndup((const char *)rq->ptx, (size_t)rq->ptx_len); /* needs its NUL */
    CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                           CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
    void *vals[] = {elog, (void *)(uintptr_t)sizeof elog, ilog, (void *)(uintptr_t)sizeof ilog};
    CUresult r = w->drv.cuModuleLoadDataEx(m, ptx, 4, opts, vals);
    free(ptx);
    if (r != CUDA_SUCCESS)
        cl_str_addf(msg, "the driver's JIT rejected the PTX of %s: %s (%s)%s%s", rq->name,
                    gpu_cu_name(&w->drv, r), gpu_cu_string(&w->drv, r), elog[0] ? "\n" : "",
                    elog);
    return r;
}

static void do_load(gpu_worker *w, const gpu_request *rq, gpu_reply *rp, cl_str *msg)
{
    CUmodule m = NULL;
    CUresult r = CUDA_ERROR_INVALID_IMAGE, cubin_r = CUDA_SUCCESS;
    if (rq->cubin_len) {
        void *image = cl_malloc((size_t)rq->cubin_len); /* aligned, as an ELF image wants */
        memcpy(image, rq->cubin, (size_t)rq->cubin_len);
        r = cubin_r = w->drv.cuModuleLoadDataEx(&m, image, 0, NULL, NULL);
        free(image);
    }
    if (r != CUDA_SUCCESS && rq->ptx_len) {
        if (rq->cubin_len)
            cl_str_addf(msg, "the cubin did not load (%s), so ", gpu_cu_name(&w->drv, cubin_r));
        r = jit(w, rq, &m, msg);
        rp->jit = r == CUDA_SUCCESS;
        if (rp->jit) cl_str_add(msg, "PTX compiled by the driver's JIT");
    } else if (r != CUDA_SUCCESS && rq->cubin_len) {
        cl_str_addf(msg, "the cubin of %s did not load: %s (%s)", rq->name,
                    gpu_cu_name(&w->drv, r), gpu_cu_string(&w->drv, r));
    } else if (r != CUDA_SUCCESS) {
        cl_str_addf(msg, "%s has neither PTX nor a cubin", rq->name);
    }
    rp->cu = r;
    rp->sticky = gpu_cu_sticky(r);
    if (r != CUDA_SUCCESS) return;
    rp->value = w->modules.n;
    CL_VEC_PUSH(&w->modules, m);
}

bool gpu_worker_function(gpu_worker *w, const gpu_request *rq, CUfunction *f, gpu_reply *rp,
                         cl_str *msg)
{
    if (rq->module >= w->modules.n) {
        rp->cu = GPU_CU_BAD_REQUEST;
        cl_str_addf(msg, "the worker has no module %u", rq->module);
        return false;
    }
    CUresult r = w->drv.cuModuleGetFunction(f, w->modules.v[rq->module], rq->name);
    if (r == CUDA_SUCCESS) return true;
    rp->cu = r;
    cl_str_addf(msg, "no kernel named %s in the module: %s", rq->name, gpu_cu_name(&w->drv, r));
    return false;
}

static void do_attrs(gpu_worker *w, const gpu_request *rq, gpu_reply *rp, cl_str *msg)
{
    CUfunction f;
    if (!gpu_worker_function(w, rq, &f, rp, msg)) return;
    const CUfunction_attribute which[4] = {
        CU_FUNC_ATTRIBUTE_NUM_REGS, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
        CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK};
    for (int i = 0; i < 4; i++) {
        int v = 0;
        CUresult r = w->drv.cuFuncGetAttribute(&v, which[i], f);
        if (r != CUDA_SUCCESS) {
            rp->cu = r;
            cl_str_addf(msg, "cuFuncGetAttribute(%s) failed: %s", rq->name,
                        gpu_cu_name(&w->drv, r));
            return;
        }
        rp->attrs[i] = v;
    }
}

/* A module's global or constant variable (a `__constant__` symbol the
 * harness fills): its address and bytes. */
static void do_symbol(gpu_worker *w, const gpu_request *rq, gpu_reply *rp, cl_str *msg)
{
    if (rq->module >= w->modules.n) {
        rp->cu = GPU_CU_BAD_REQUEST;
        cl_str_addf(msg, "the worker has no module %u", rq->module);
        return;
    }
    CUdeviceptr p = 0;
    size_t bytes = 0;
    CUresult r = w->drv.cuModuleGetGlobal_v2(&p, &bytes, w->modules.v[rq->module], rq->name);
    if (r != CUDA_SUCCESS) {
        rp->cu = r;
        cl_str_addf(msg, "no variable named %s in the module: %s", rq->name, gpu_cu_name(&w->drv, r));
        return;
    }
    rp->value = p;
    rp->attrs[0] = (int64_t)bytes;
}

/* ---- memory ---- */

static void memory_error(gpu_worker *w, gpu_reply *rp, cl_str *msg, CUresult r,
                         const char *what, const gpu_request *rq)
{
    rp->cu = r;
    rp->sticky = gpu_cu_sticky(r);
    cl_str_addf(msg, "%s of %llu bytes at 0x%llx failed: %s (%s)", what,
                (unsigned long long)rq->bytes, (unsigned long long)rq->ptr,
                gpu_cu_name(&w->drv, r), gpu_cu_string(&w->drv, r));
}

static void do_memory(gpu_worker *w, const gpu_request *rq, gpu_reply *rp, cl_str *msg)
{
    CUresult r = CUDA_SUCCESS;
    if ((rq->type == GPU_MSG_WRITE || rq->type == GPU_MSG_READ) &&
        (!w->window || rq->bytes > w->window_bytes)) {
        rp->cu = GPU_CU_BAD_REQUEST;
        cl_str_addf(msg, "a copy of %llu bytes does not fit the %zu-byte window",
                    (unsigned long long)rq->bytes, w->window_bytes);
        return;
    }
    switch (rq->type) {
    case GPU_MSG_ALLOC: {
        CUdeviceptr p = 0;
        r = w->drv.cuMemAlloc_v2(&p, rq->bytes ? (size_t)rq->bytes : 1);
        if (r == CUDA_SUCCESS) r = w->drv.cuMemsetD8_v2(p, 0, rq->bytes ? rq->bytes : 1);
        rp->value = p;
        if (r != CUDA_SUCCESS) memory_error(w, rp, msg, r, "cuMemAlloc", rq);
        return;
    }
    case GPU_MSG_FREE: r = w->drv.cuMemFree_v2((CUdeviceptr)rq->ptr); break;
    case GPU_MSG_WRITE:
        r = w->drv.cuMemcpyHtoD_v2((CUdeviceptr)rq->ptr, w->window, (size_t)rq->bytes);
        break;
    default:
        r = w->drv.cuMemcpyDtoH_v2(w->window, (CUdeviceptr)rq->ptr, (size_t)rq->bytes);
        break;
    }
    if (r != CUDA_SUCCESS) memory_error(w, rp, msg, r, gpu_msg_name(rq->type), rq);
}

/* ---- the loop ---- */

static void handle(gpu_worker *w, const gpu_request *rq, gpu_reply *rp, cl_str *msg)
{
    switch (rq->type) {
    case GPU_MSG_LOAD: do_load(w, rq, rp, msg); break;
    case GPU_MSG_ALLOC:
    case GPU_MSG_FREE:
    case GPU_MSG_WRITE:
    case GPU_MSG_READ: do_memory(w, rq, rp, msg); break;
    case GPU_MSG_ATTRS: do_attrs(w, rq, rp, msg); break;
    case GPU_MSG_SYMBOL: do_symbol(w, rq, rp, msg); break;
    case GPU_MSG_LAUNCH: gpu_worker_launch(w, rq, rp, msg); break;
    default:
        rp->cu = GPU_CU_BAD_REQUEST;
        cl_str_addf(msg, "a worker does not take %s requests", gpu_msg_name(rq->type));
        break;
    }
}

/* One request, one reply. False: stop (quit, the parent is gone, or the
 * context is lost). */
static bool serve_one(gpu_worker *w)
{
    gpu_frame f;
    if (gpu_recv(w->fd, &f, -1) != GPU_IO_OK) return false;
    gpu_request rq;
    gpu_reply rp = {.outcome = -1};
    cl_str msg = {0};
    bool go_on = true;
    if (!gpu_decode_request(f.type, f.data, f.len, &rq)) {
        rp.cu = GPU_CU_BAD_REQUEST;
        cl_str_addf(&msg, "the worker could not decode a %s request", gpu_msg_name(f.type));
    } else if (rq.type == GPU_MSG_QUIT) {
        go_on = false;
    } else {
        handle(w, &rq, &rp, &msg);
    }
    gpu_request_clear(&rq);
    free(f.data);
    if (go_on) {
        fflush(stdout); /* device printf, for the parent to collect */
        rp.message = cl_str_cstr(&msg);
        gpu_wbuf b = {0};
        gpu_encode_reply(&b, &rp);
        go_on = gpu_send(w->fd, GPU_MSG_REPLY, b.p, b.len, -1) == GPU_IO_OK && !rp.sticky;
        gpu_wbuf_free(&b);
    }
    cl_str_free(&msg);
    return go_on;
}

_Noreturn void gpu_worker_run(int fd, const gpu_options *opt, uint8_t *window,
                              size_t window_bytes)
{
    static gpu_worker w; /* static: the driver table is large, and there is one */
    w.fd = fd;
    w.window = window;
    w.window_bytes = window_bytes;
    gpu_probe_info info = {.device_index = opt->device};
    bool ok = start(&w, opt, &info);
    gpu_wbuf b = {0};
    gpu_encode_hello(&b, &info);
    ok = gpu_send(fd, GPU_MSG_HELLO, b.p, b.len, -1) == GPU_IO_OK && ok;
    gpu_wbuf_free(&b);
    while (ok && serve_one(&w)) {
    }
    fflush(stdout);
    _exit(0); /* the driver tears the context down with the process */
}

#else /* no cuda.h: say so and go */

_Noreturn void gpu_worker_run(int fd, const gpu_options *opt, uint8_t *window,
                              size_t window_bytes)
{
    gpu_probe_info info = {.device_index = opt->device};
    snprintf(info.reason, sizeof info.reason,
             "cudalab was built without cuda.h, so it has no GPU backend");
    gpu_wbuf b = {0};
    gpu_encode_hello(&b, &info);
    gpu_send(fd, GPU_MSG_HELLO, b.p, b.len, -1);
    _exit(0);
}
#endif
