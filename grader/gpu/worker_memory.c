/* worker_memory.c - device memory through the worker. The parent keeps a list of the
 * allocations, so a copy is checked before it is sent (a clear message rather
 * than a CUDA error) and memory of a worker that has since ended is told apart
 * from memory that never was. Copies go through the shared window in chunks of
 * its size: one memcpy on our side, the DMA on the worker's. */
#include "gpu_backend.h"

#include <stdlib.h>
#include <string.h>

/* The allocation that holds [p, p + n): of the current worker if any, else of
 * an earlier one. NULL when none does. */
static gpu_alloc *find(gpu_backend *g, backend_ptr p, size_t n, bool exact)
{
    gpu_alloc *old = NULL;
    for (size_t i = 0; i < g->allocs.n; i++) {
        gpu_alloc *a = &g->allocs.v[i];
        bool hit = exact ? p == a->ptr
                         : p >= a->ptr && p - a->ptr <= a->bytes && n <= a->bytes - (p - a->ptr);
        if (!hit) continue;
        if (a->generation == g->generation && g->alive) return a;
        if (!old) old = a;
    }
    return old;
}

static cl_status gone(gpu_backend *g, backend_ptr p, cl_error *err)
{
    return cl_fail(err, CL_GPU, "", 0, 0,
                   "device memory at 0x%llx is gone: %s, and a new worker has none of the "
                   "old one's memory (allocate again)",
                   (unsigned long long)p, g->lost[0] ? g->lost : "its GPU worker ended");
}

static cl_status check_range(gpu_backend *g, backend_ptr p, size_t n, cl_error *err)
{
    gpu_alloc *a = find(g, p, n, false);
    if (!a)
        return cl_fail(err, CL_USAGE, "", 0, 0,
                       "[0x%llx, +%zu) is not inside any allocation of the GPU backend",
                       (unsigned long long)p, n);
    if (a->generation != g->generation || !g->alive) return gone(g, p, err);
    return CL_OK;
}

cl_status gpu_be_alloc(backend *b, size_t bytes, const char *label, backend_ptr *out,
                       cl_error *err)
{
    gpu_backend *g = (gpu_backend *)b;
    gpu_request rq = {.type = GPU_MSG_ALLOC, .bytes = bytes};
    gpu_frame f;
    gpu_reply rp;
    cl_status st = gpu_be_call(g, &rq, "allocating device memory", &f, &rp, err);
    if (st != CL_OK) return st;
    gpu_alloc a = {.ptr = rp.value, .bytes = bytes, .generation = g->generation};
    free(f.data);
    for (size_t i = g->allocs.n; i-- > 0;) { /* an old worker's memory at the same place */
        gpu_alloc *o = &g->allocs.v[i];
        if (o->generation != g->generation && o->ptr < a.ptr + (bytes ? bytes : 1) &&
            a.ptr < o->ptr + (o->bytes ? o->bytes : 1))
            *o = g->allocs.v[--g->allocs.n];
    }
    CL_VEC_PUSH(&g->allocs, a);
    *out = a.ptr;
    (void)label;
    return CL_OK;
}

cl_status gpu_be_release(backend *b, backend_ptr p, cl_error *err)
{
    gpu_backend *g = (gpu_backend *)b;
    gpu_alloc *a = find(g, p, 0, true);
    if (!a || !p)
        return cl_fail(err, CL_USAGE, "", 0, 0, "0x%llx is not an allocation of the GPU backend",
                       (unsigned long long)p);
    cl_status st = CL_OK;
    if (a->generation == g->generation && g->alive) {
        gpu_request rq = {.type = GPU_MSG_FREE, .ptr = p};
        gpu_frame f;
        gpu_reply rp;
        st = gpu_be_call(g, &rq, "freeing device memory", &f, &rp, err);
        if (st == CL_OK) free(f.data);
    } /* else: it went with its worker; forgetting it is all there is to do */
    if (st == CL_OK) {
        size_t i = (size_t)(a - g->allocs.v);
        g->allocs.v[i] = g->allocs.v[--g->allocs.n];
    }
    return st;
}

static cl_status copy(gpu_backend *g, gpu_msg_type type, backend_ptr dev, uint8_t *host,
                      size_t n, cl_error *err)
{
    cl_status st = check_range(g, dev, n, err);
    for (size_t off = 0; st == CL_OK && off < n;) {
        size_t chunk = n - off < g->window_bytes ? n - off : g->window_bytes;
        if (type == GPU_MSG_WRITE) memcpy(g->window, host + off, chunk);
        gpu_request rq = {.type = type, .ptr = dev + off, .bytes = chunk};
        gpu_frame f;
        gpu_reply rp;
        st = gpu_be_call(g, &rq, type == GPU_MSG_WRITE ? "copying to the GPU"
                                                       : "copying from the GPU", &f, &rp, err);
        if (st != CL_OK) break;
        free(f.data);
        if (type == GPU_MSG_READ) memcpy(host + off, g->window, chunk);
        off += chunk;
    }
    return st;
}

cl_status gpu_be_write(backend *b, backend_ptr dst, const void *src, size_t n, cl_error *err)
{
    return copy((gpu_backend *)b, GPU_MSG_WRITE, dst, (uint8_t *)(uintptr_t)src, n, err);
}

cl_status gpu_be_read(backend *b, void *dst, backend_ptr src, size_t n, cl_error *err)
{
    return copy((gpu_backend *)b, GPU_MSG_READ, src, dst, n, err);
}
