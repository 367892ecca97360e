/* gpu.h - the GPU backend: kernels run on a real GPU through the CUDA driver
 * API, which is loaded at run time with dlopen("libcuda.so.1"). cudalab has no
 * link-time dependency on libcuda or libcudart and builds and runs where there
 * is no driver.
 *
 * The driver is only ever touched in a child process, the worker, never in the
 * process that calls these functions:
 *  - a kernel that faults, hangs or crashes the driver takes the worker with
 *    it, not cudalab: the parent proxies each call over a socket and keeps a
 *    watchdog on every launch (see proxy.c);
 *  - a process that has initialised CUDA cannot hand CUDA to a forked child,
 *    so if the parent called cuInit, no later worker (and no gpu_probe) could
 *    use the GPU. Keeping the parent clean keeps every later fork usable.
 * The worker is forked, not exec'd. Create GPU backends from a thread that
 * outlives them (the worker gets SIGKILL when that thread ends) and, in a
 * multi-threaded program, before other threads hold locks that dlopen needs.
 *
 * Prefix: gpu_. */
#ifndef CUDALAB_GPU_H
#define CUDALAB_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/backend.h"
#include "core/core.h"

/* What `cudalab doctor` shows: the driver and device 0, or why there is none. */
typedef struct gpu_probe_info {
    bool found;                /* libcuda was loaded */
    bool usable;               /* cuInit succeeded and the device has a context */
    char library[512];         /* the file libcuda was loaded from */
    char reason[1024];         /* why not, when !usable */
    int driver_version;        /* 13000 for CUDA 13.0; 0 when unknown */
    int device_count;
    int device_index;          /* the device the worker uses */
    char device[128];          /* "NVIDIA H200" */
    int cc_major, cc_minor;
    uint64_t total_mem;        /* bytes */
    int sm_count;
    uint64_t l2_bytes;
    int max_threads_per_block;
    int max_shared_per_block;  /* with opt-in, bytes */
    int clock_khz, memory_clock_khz, memory_bus_bits; /* 0 when the driver does not say */
} gpu_probe_info;

/* Loads the driver's entry points into a gpu_driver (gpu_driver.h). The default
 * dlopens `library`; tests substitute a fake driver. Runs in the worker only.
 * On failure, says why in `why` and returns false. */
typedef struct gpu_driver gpu_driver;
typedef bool (*gpu_driver_loader)(gpu_driver *d, const char *library, char *why,
                                  size_t why_size);

typedef struct gpu_options {
    const char *library;       /* "libcuda.so.1" */
    int device;                /* 0: the first device CUDA_VISIBLE_DEVICES leaves */
    double launch_timeout_s;   /* 10: the longest one launch may run */
    double call_timeout_s;     /* 120: any other call (a JIT compile, a copy chunk) */
    double start_timeout_s;    /* 60: starting the worker, cuInit included */
    size_t window_bytes;       /* 64 MiB: shared memory that copies go through */
    int warmup;                /* 3: untimed launches before timing_reps timed ones */
    gpu_driver_loader loader;  /* NULL: the real driver */
} gpu_options;

void gpu_options_default(gpu_options *o);

/* Starts a worker with the real driver, asks it about the device and stops it.
 * Always fills *out (reason says why not); returns out->usable. Takes as long
 * as cuInit (up to a few seconds on a cold GPU). */
bool gpu_probe(gpu_probe_info *out);
bool gpu_probe_with(const gpu_options *opt, gpu_probe_info *out);
/* One line for people: "NVIDIA H200, sm_90, 139.8 GiB, 132 SMs, 60.0 MiB L2,
 * driver 13.0" or the reason. Caller frees. */
char *gpu_probe_describe(const gpu_probe_info *info);

/* The GPU backend (backend.h). Fails with CL_NO_GPU and the reason ("libcuda.so.1
 * not found: no NVIDIA driver ...", "cuInit failed: CUDA_ERROR_NO_DEVICE ...")
 * where no GPU can be used. Info: name "gpu", the device's name, cc, L2 size,
 * can_time, no hazards.
 *
 * Launch outcomes: COMPLETED; FAULTED or TRAPPED with the CUDA error's name and
 * a sentence; TIMED_OUT when a launch runs past launch_timeout_s; CRASHED when
 * the worker dies. After any but COMPLETED the worker is gone and the next call
 * starts a fresh one: modules are loaded again by themselves, but device memory
 * from before is gone (reads and writes of it fail with a clear message,
 * releasing it is allowed). gpu_backend_generation() counts workers.
 *
 * New allocations are zero-filled. With timing_reps > 0 a launch runs warmup +
 * timing_reps times, cycling through the argument sets; run->ms is the median
 * of the timed ones (device events around each launch) and run->detail gives
 * min and max. Device printf (and the driver's own messages) come back in
 * run->printf_text. One backend is not safe to use from two threads at once. */
cl_status gpu_backend_new(backend **out, cl_error *err);
cl_status gpu_backend_new_with(const gpu_options *opt, backend **out, cl_error *err);
/* 1 for the first worker, one more for each restart; 0 when b is not a GPU
 * backend. */
unsigned gpu_backend_generation(const backend *b);
/* The probe of the worker now running (device limits for a harness). */
const gpu_probe_info *gpu_backend_device(const backend *b);

/* Effective bandwidth: bytes moved by a kernel that ran for ms milliseconds, in
 * GB/s (1e9 bytes a second): bytes / (ms * 1e6). 0 when ms <= 0. */
double gpu_bandwidth_gbps(double bytes, double ms);
/* The device's peak DRAM bandwidth in GB/s from the driver's attributes:
 * two transfers a memory clock (DDR, HBM) times the bus width in bytes.
 * 0 when the driver does not give both. */
double gpu_peak_gbps(const gpu_probe_info *info);

#endif
