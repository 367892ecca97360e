/* gpu_driver.h - the CUDA driver entry points the worker uses, as one table of
 * function pointers. cuda.h gives the types only: the real table is filled
 * with dlopen/dlsym (driver.c); a test fills it with a fake driver that hangs,
 * faults or crashes on demand. Internal to grader/gpu (and its tests).
 *
 * GPU_HAVE_CUDA_H is 0 where the build found no cuda.h; the worker then only
 * says so, and everything else still builds. */
#ifndef CUDALAB_GPU_DRIVER_H
#define CUDALAB_GPU_DRIVER_H

#if defined(__has_include)
#if __has_include(<cuda.h>)
#define GPU_HAVE_CUDA_H 1
#endif
#endif
#ifndef GPU_HAVE_CUDA_H
#define GPU_HAVE_CUDA_H 0
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/gpu.h"

/* The worker's side of the protocol: serves requests on fd until QUIT or the
 * end of the stream, then _exits. window: the shared mapping for copies. */
_Noreturn void gpu_worker_run(int fd, const gpu_options *opt, uint8_t *window,
                              size_t window_bytes);

#if GPU_HAVE_CUDA_H
#include <cuda.h>

/* X(symbol, older symbol or NULL, required). The field is named after the
 * symbol and has the exact type cuda.h declares for it. */
#define GPU_DRIVER_API(X)                              \
    X(cuGetErrorName, NULL, true)                      \
    X(cuGetErrorString, NULL, true)                    \
    X(cuInit, NULL, true)                              \
    X(cuDriverGetVersion, NULL, true)                  \
    X(cuDeviceGetCount, NULL, true)                    \
    X(cuDeviceGet, NULL, true)                         \
    X(cuDeviceGetName, NULL, true)                     \
    X(cuDeviceGetAttribute, NULL, true)                \
    X(cuDeviceTotalMem_v2, NULL, true)                 \
    X(cuDevicePrimaryCtxSetFlags_v2, "cuDevicePrimaryCtxSetFlags", false) \
    X(cuDevicePrimaryCtxRetain, NULL, true)            \
    X(cuCtxSetCurrent, NULL, true)                     \
    X(cuCtxSynchronize, NULL, true)                    \
    X(cuModuleLoadDataEx, NULL, true)                  \
    X(cuModuleGetFunction, NULL, true)                 \
    X(cuModuleGetGlobal_v2, NULL, true)                \
    X(cuFuncGetAttribute, NULL, true)                  \
    X(cuFuncSetAttribute, NULL, true)                  \
    X(cuFuncGetParamInfo, NULL, false)                 \
    X(cuMemAlloc_v2, NULL, true)                       \
    X(cuMemFree_v2, NULL, true)                        \
    X(cuMemcpyHtoD_v2, NULL, true)                     \
    X(cuMemcpyDtoH_v2, NULL, true)                     \
    X(cuMemsetD8_v2, NULL, true)                       \
    X(cuLaunchKernel, NULL, true)                      \
    X(cuLaunchCooperativeKernel, NULL, false)          \
    X(cuEventCreate, NULL, true)                       \
    X(cuEventRecord, NULL, true)                       \
    X(cuEventSynchronize, NULL, true)                  \
    X(cuEventElapsedTime_v2, "cuEventElapsedTime", true) \
    X(cuEventDestroy_v2, NULL, true)

struct gpu_driver {
    char library[512]; /* where it was loaded from */
#define GPU_DRIVER_FIELD(sym, older, required) __typeof__(&sym) sym;
    GPU_DRIVER_API(GPU_DRIVER_FIELD)
#undef GPU_DRIVER_FIELD
};

/* The default loader: dlopen(library) and dlsym each entry. */
bool gpu_driver_open(gpu_driver *d, const char *library, char *why, size_t why_size);

/* "CUDA_ERROR_ILLEGAL_ADDRESS" and "an illegal memory access was encountered";
 * never NULL. */
const char *gpu_cu_name(const gpu_driver *d, CUresult r);
const char *gpu_cu_string(const gpu_driver *d, CUresult r);
#endif

#endif
