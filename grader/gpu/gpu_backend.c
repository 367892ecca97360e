/* gpu_backend.c - the GPU backend's life cycle and modules. The parent is a proxy:
 * every backend call becomes one request to the worker (gpu_child_call), with
 * a deadline. A worker that ends badly is replaced at the next call; modules
 * follow by themselves, device memory does not (worker_memory.c refuses it). */
#include "gpu_backend.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void gpu_options_default(gpu_options *o)
{
    memset(o, 0, sizeof *o);
    o->library = "libcuda.so.1";
    o->launch_timeout_s = 10.0;
    o->call_timeout_s = 120.0;
    o->start_timeout_s = 60.0;
    o->window_bytes = (size_t)64 << 20;
    o->warmup = 3;
}

/* ---- the worker ---- */

static cl_status start_worker(gpu_backend *g, cl_error *err)
{
    gpu_probe_info hello;
    cl_status st = gpu_child_start(&g->child, &g->opt, g->window, g->window_bytes,
                                   g->capture_fd, &hello, err);
    if (st != CL_OK) return st;
    if (!hello.usable)
        return cl_fail(err, CL_NO_GPU, "", 0, 0, "no GPU: %s", hello.reason);
    g->device = hello;
    g->alive = true;
    g->generation++;
    return CL_OK;
}

cl_status gpu_be_ready(gpu_backend *g, cl_error *err)
{
    if (g->alive) return CL_OK;
    cl_status st = start_worker(g, err);
    if (st != CL_OK && err && g->lost[0]) {
        char first[sizeof err->message];
        snprintf(first, sizeof first, "%s", err->message);
        cl_fail(err, st, "", 0, 0, "the GPU worker could not be restarted (%s) after: %s",
                first, g->lost);
    }
    return st;
}

void gpu_be_lost(gpu_backend *g, bool kill_it, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->lost, sizeof g->lost, fmt, ap);
    va_end(ap);
    if (kill_it)
        gpu_child_kill(&g->child);
    else
        gpu_child_reap(&g->child, 10.0);
    g->alive = false;
}

static cl_status io_failed(gpu_backend *g, gpu_io io, const char *what, cl_error *err)
{
    char how[160] = "";
    if (io == GPU_IO_EOF) {
        gpu_be_lost(g, false, "the GPU worker died during %s", what);
        gpu_child_exit_text(&g->child, how, sizeof how);
        return cl_fail(err, CL_GPU, "", 0, 0, "the GPU worker %s during %s", how, what);
    }
    if (io == GPU_IO_TIMEOUT) {
        gpu_be_lost(g, true, "the GPU worker did not answer %s in time", what);
        return cl_fail(err, CL_GPU, "", 0, 0, "the GPU worker did not answer %s within %g s; "
                       "it was stopped", what, g->opt.call_timeout_s);
    }
    gpu_be_lost(g, true, "the GPU worker garbled its answer to %s", what);
    return cl_fail(err, CL_INTERNAL, "", 0, 0, "the GPU worker's answer to %s was garbled (%s)",
                   what, gpu_io_name(io));
}

cl_status gpu_be_call(gpu_backend *g, const gpu_request *rq, const char *what,
                      gpu_frame *frame, gpu_reply *rp, cl_error *err)
{
    memset(frame, 0, sizeof *frame);
    cl_status st = gpu_be_ready(g, err);
    if (st != CL_OK) return st;
    gpu_wbuf w = {0};
    gpu_encode_request(&w, rq);
    gpu_io io = gpu_child_call(&g->child, rq->type, &w, g->opt.call_timeout_s, frame, NULL);
    gpu_wbuf_free(&w);
    if (io == GPU_IO_OK && !gpu_decode_reply(frame->data, frame->len, rp)) io = GPU_IO_BAD;
    if (io != GPU_IO_OK) {
        free(frame->data);
        frame->data = NULL;
        return io_failed(g, io, what, err);
    }
    if (rp->sticky) gpu_be_lost(g, false, "%s failed: %s", what, rp->message);
    if (rp->cu == 0) return CL_OK;
    st = cl_fail(err, rp->cu == GPU_CU_BAD_REQUEST ? CL_INTERNAL : CL_GPU, "", 0, 0, "%s",
                 rp->message[0] ? rp->message : "the GPU worker failed");
    free(frame->data);
    frame->data = NULL;
    return st;
}

char *gpu_be_take_output(gpu_backend *g, size_t cap)
{
    if (g->capture_fd < 0) return NULL;
    off_t size = lseek(g->capture_fd, 0, SEEK_END);
    if (size <= 0) return NULL;
    size_t keep = (size_t)size < cap ? (size_t)size : cap;
    char *text = cl_malloc(keep + 64);
    ssize_t got = pread(g->capture_fd, text, keep, 0);
    text[got > 0 ? got : 0] = '\0';
    if ((size_t)size > keep)
        snprintf(text + strlen(text), 64, "\n[%lld more bytes cut]\n",
                 (long long)((size_t)size - keep));
    if (ftruncate(g->capture_fd, 0) != 0 || lseek(g->capture_fd, 0, SEEK_SET) != 0) {
        /* nothing to do: the next call sees old output again, no worse */
    }
    if (text[0]) return text;
    free(text);
    return NULL;
}

/* ---- modules ---- */

cl_status gpu_be_module(gpu_backend *g, int module, uint32_t *id, cl_error *err)
{
    if (module < 0 || (size_t)module >= g->modules.n || !g->modules.v[module].label)
        return cl_fail(err, CL_USAGE, "", 0, 0, "no module %d in the GPU backend", module);
    cl_status st = gpu_be_ready(g, err);
    gpu_module *m = &g->modules.v[module];
    if (st != CL_OK || m->generation == g->generation) goto done;
    gpu_request rq = {.type = GPU_MSG_LOAD, .name = m->label, .ptx = m->ptx,
                      .ptx_len = m->ptx_len, .cubin = m->cubin, .cubin_len = m->cubin_len};
    gpu_frame f;
    gpu_reply rp;
    st = gpu_be_call(g, &rq, "loading a module", &f, &rp, err);
    if (st != CL_OK) goto done;
    m->generation = g->generation;
    m->id = (uint32_t)rp.value;
    free(m->note);
    m->note = rp.message[0] ? cl_strdup(rp.message) : NULL;
    free(f.data);
done:
    *id = g->modules.v[module].id;
    return st;
}

static uint8_t *copy_image(const void *p, size_t n)
{
    if (!p || !n) return NULL;
    uint8_t *c = cl_malloc(n);
    memcpy(c, p, n);
    return c;
}

static void module_free(gpu_module *m)
{
    free(m->label);
    free(m->ptx);
    free(m->cubin);
    free(m->note);
    memset(m, 0, sizeof *m);
}

static cl_status gpu_load(backend *b, const char *label, const char *ptx, size_t ptx_len,
                          const void *cubin, size_t cubin_len, int *module, cl_error *err)
{
    gpu_backend *g = (gpu_backend *)b;
    gpu_module m = {.label = cl_strdup(label ? label : "module"),
                    .ptx = copy_image(ptx, ptx_len), .ptx_len = ptx ? ptx_len : 0,
                    .cubin = copy_image(cubin, cubin_len), .cubin_len = cubin ? cubin_len : 0};
    CL_VEC_PUSH(&g->modules, m);
    int index = (int)g->modules.n - 1;
    uint32_t id;
    cl_status st = gpu_be_module(g, index, &id, err);
    if (st == CL_OK) {
        *module = index;
    } else {
        module_free(&g->modules.v[index]);
        g->modules.n--;
    }
    return st;
}

static cl_status gpu_attributes(backend *b, int module, const char *kernel, backend_attrs *out,
                                cl_error *err)
{
    gpu_backend *g = (gpu_backend *)b;
    uint32_t id = 0;
    cl_status st = gpu_be_module(g, module, &id, err);
    if (st != CL_OK) return st;
    gpu_request rq = {.type = GPU_MSG_ATTRS, .module = id, .name = kernel};
    gpu_frame f;
    gpu_reply rp;
    st = gpu_be_call(g, &rq, "reading a kernel's attributes", &f, &rp, err);
    if (st != CL_OK) return st;
    out->registers = (long)rp.attrs[0];
    out->static_shared = (long)rp.attrs[1];
    out->local_bytes = (long)rp.attrs[2];
    out->max_threads = (long)rp.attrs[3];
    free(f.data);
    return CL_OK;
}

/* A module's variable: its address and bytes, kept among the allocations of
 * the current worker so that a copy to it is checked as any other. */
static cl_status gpu_symbol(backend *b, int module, const char *name, backend_ptr *addr,
                            size_t *bytes, cl_error *err)
{
    gpu_backend *g = (gpu_backend *)b;
    uint32_t id = 0;
    cl_status st = gpu_be_module(g, module, &id, err);
    if (st != CL_OK) return st;
    gpu_request rq = {.type = GPU_MSG_SYMBOL, .module = id, .name = name};
    gpu_frame f;
    gpu_reply rp;
    st = gpu_be_call(g, &rq, "finding a module's variable", &f, &rp, err);
    if (st != CL_OK) {
        if (st == CL_GPU && strstr(err->message, "no variable named")) err->status = st = CL_NOT_FOUND;
        return st;
    }
    *addr = rp.value;
    *bytes = (size_t)rp.attrs[0];
    free(f.data);
    bool known = false;
    for (size_t i = 0; i < g->allocs.n && !known; i++)
        known = g->allocs.v[i].ptr == *addr && g->allocs.v[i].generation == g->generation;
    if (!known) CL_VEC_PUSH(&g->allocs, ((gpu_alloc){*addr, *bytes, g->generation}));
    return CL_OK;
}

/* ---- life cycle ---- */

static void gpu_destroy(backend *b)
{
    gpu_backend *g = (gpu_backend *)b;
    if (g->alive) gpu_child_stop(&g->child);
    else gpu_child_reap(&g->child, 1.0);
    if (g->window) munmap(g->window, g->window_bytes);
    if (g->capture_fd >= 0) close(g->capture_fd);
    for (size_t i = 0; i < g->modules.n; i++) module_free(&g->modules.v[i]);
    free(g->modules.v);
    free(g->allocs.v);
    free(g);
}

static const backend_ops gpu_ops = {
    .load = gpu_load,
    .alloc = gpu_be_alloc,
    .release = gpu_be_release,
    .write = gpu_be_write,
    .read = gpu_be_read,
    .launch = gpu_be_launch,
    .attributes = gpu_attributes,
    .symbol = gpu_symbol,
    .destroy = gpu_destroy,
};

static cl_status shared_memory(gpu_backend *g, cl_error *err)
{
    g->window_bytes = g->opt.window_bytes < 4096 ? 4096 : g->opt.window_bytes;
    void *p = mmap(NULL, g->window_bytes, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return cl_fail(err, CL_NOMEM, "", 0, 0, "cannot map a %zu-byte window for GPU copies",
                       g->window_bytes);
    g->window = p;
    g->capture_fd = memfd_create("cudalab-gpu-output", MFD_CLOEXEC);
    return CL_OK; /* without a capture the worker's output goes to /dev/null */
}

cl_status gpu_backend_new_with(const gpu_options *opt, backend **out, cl_error *err)
{
    *out = NULL;
    gpu_backend *g = cl_calloc(1, sizeof *g);
    g->base.ops = &gpu_ops;
    g->opt = *opt;
    if (!g->opt.library) g->opt.library = "libcuda.so.1";
    g->child = (gpu_child)GPU_CHILD_NONE;
    g->capture_fd = -1;
    cl_status st = shared_memory(g, err);
    if (st == CL_OK) st = start_worker(g, err);
    if (st != CL_OK) {
        gpu_destroy(&g->base);
        return st;
    }
    backend_info *in = &g->base.info;
    snprintf(in->name, sizeof in->name, "gpu");
    snprintf(in->device, sizeof in->device, "%s", g->device.device);
    in->cc_major = g->device.cc_major;
    in->cc_minor = g->device.cc_minor;
    in->l2_bytes = (size_t)g->device.l2_bytes;
    in->can_time = true;
    in->finds_hazards = false;
    *out = &g->base;
    return CL_OK;
}

cl_status gpu_backend_new(backend **out, cl_error *err)
{
    gpu_options o;
    gpu_options_default(&o);
    return gpu_backend_new_with(&o, out, err);
}

unsigned gpu_backend_generation(const backend *b)
{
    return b && b->ops == &gpu_ops ? ((const gpu_backend *)b)->generation : 0;
}

const gpu_probe_info *gpu_backend_device(const backend *b)
{
    return b && b->ops == &gpu_ops ? &((const gpu_backend *)b)->device : NULL;
}
