/* driver.c - the real driver table: dlopen("libcuda.so.1") and one dlsym per
 * entry point, by its versioned name (cuMemAlloc_v2, ...), falling back to an
 * older name where a driver may lack the newer one. Runs in the worker only:
 * the parent never loads libcuda (gpu.h says why). */
#include "gpu_driver.h"

#if GPU_HAVE_CUDA_H
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>

static void *find(void *h, const char *sym, const char *older)
{
    void *p = dlsym(h, sym);
    if (!p && older) p = dlsym(h, older);
    return p;
}

static void where(void *h, const char *library, char *out, size_t size)
{
    struct link_map *lm = NULL;
    if (dlinfo(h, RTLD_DI_LINKMAP, &lm) == 0 && lm && lm->l_name && lm->l_name[0])
        snprintf(out, size, "%s", lm->l_name);
    else
        snprintf(out, size, "%s", library);
}

bool gpu_driver_open(gpu_driver *d, const char *library, char *why, size_t why_size)
{
    memset(d, 0, sizeof *d);
    void *h = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        snprintf(why, why_size, "%s not found: no NVIDIA driver (%s)", library,
                 e ? e : "dlopen failed");
        return false;
    }
    where(h, library, d->library, sizeof d->library);
    const char *missing = NULL;
#define GPU_DRIVER_LOAD(sym, older, required)                         \
    do {                                                               \
        void *p_ = find(h, #sym, older);                               \
        if (!p_ && required && !missing) missing = #sym;               \
        *(void **)&d->sym = p_;                                        \
    } while (0);
    GPU_DRIVER_API(GPU_DRIVER_LOAD)
#undef GPU_DRIVER_LOAD
    if (missing) {
        snprintf(why, why_size, "%s lacks %s: the NVIDIA driver is older than cudalab needs",
                 d->library, missing);
        return false; /* h stays open: unloading a driver half-way helps nobody */
    }
    return true;
}

const char *gpu_cu_name(const gpu_driver *d, CUresult r)
{
    const char *s = NULL;
    if (d->cuGetErrorName && d->cuGetErrorName(r, &s) == CUDA_SUCCESS && s) return s;
    return "CUDA_ERROR_UNKNOWN_CODE";
}

const char *gpu_cu_string(const gpu_driver *d, CUresult r)
{
    const char *s = NULL;
    if (d->cuGetErrorString && d->cuGetErrorString(r, &s) == CUDA_SUCCESS && s) return s;
    return "no description";
}
#endif
