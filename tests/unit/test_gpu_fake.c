/* test_gpu_fake.c - the GPU backend end to end, without a GPU: a fake driver
 * table (host memory for device memory, kernels by name) is substituted in the
 * worker, and kernels that hang, fault, trap or crash the worker check the
 * watchdog, the outcomes and the restart; a module's `__constant__` variable
 * is found (cuModuleGetGlobal) and filled as the harness fills a day's
 * constants. Also the path where there is no libcuda at all. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gpu/gpu.h"
#include "gpu/gpu_driver.h"

#if GPU_HAVE_CUDA_H

/* ---- the fake driver (runs in the worker) ---- */

enum { INIT_OK, INIT_NO_DEVICE, INIT_HANG };
static int init_mode; /* set by a test before the worker is forked */

typedef struct fake_kernel {
    const char *name;
    int nparams; /* -1: do not answer cuFuncGetParamInfo */
} fake_kernel;

static const fake_kernel kernels[] = {
    {"vadd", 4}, {"sleep", 0}, {"hang", 0}, {"fault", 0}, {"trap", 0},
    {"crash", 0}, {"hello", 0}, {"toobig", 0}, {"assert", 0}, {"readmask", 1}, {"gridsync", 1},
};

/* The module's one variable, `__constant__ float mask[25]`. */
static float fake_mask[25];

static CUresult pending; /* the error the next synchronisation reports */
static bool hang_pending, crash_pending, lost;

typedef struct fake_event { double t; } fake_event;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static const struct { CUresult r; const char *name; } names[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE"},
    {CUDA_ERROR_NO_BINARY_FOR_GPU, "CUDA_ERROR_NO_BINARY_FOR_GPU"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS"},
    {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"},
    {CUDA_ERROR_ASSERT, "CUDA_ERROR_ASSERT"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED"},
};

static CUresult f_cuGetErrorName(CUresult e, const char **s)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].r == e) {
            *s = names[i].name;
            return CUDA_SUCCESS;
        }
    return CUDA_ERROR_INVALID_VALUE;
}

static CUresult f_cuGetErrorString(CUresult e, const char **s)
{
    *s = e == CUDA_SUCCESS ? "no error" : "a fake error";
    return CUDA_SUCCESS;
}

static CUresult f_cuInit(unsigned int flags)
{
    if (init_mode == INIT_HANG)
        for (;;) pause();
    return init_mode == INIT_NO_DEVICE ? CUDA_ERROR_NO_DEVICE : CUDA_SUCCESS;
}

static CUresult f_cuDriverGetVersion(int *v) { *v = 13000; return CUDA_SUCCESS; }
static CUresult f_cuDeviceGetCount(int *n) { *n = 1; return CUDA_SUCCESS; }
static CUresult f_cuDeviceGet(CUdevice *d, int ordinal) { *d = ordinal; return CUDA_SUCCESS; }

static CUresult f_cuDeviceGetName(char *name, int len, CUdevice dev)
{
    snprintf(name, (size_t)len, "Fake GPU");
    return CUDA_SUCCESS;
}

static CUresult f_cuDeviceGetAttribute(int *pi, CUdevice_attribute a, CUdevice dev)
{
    switch (a) {
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *pi = 9; break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *pi = 0; break;
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *pi = 132; break;
    case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE: *pi = 50 << 20; break;
    default: *pi = 1; break;
    }
    return CUDA_SUCCESS;
}

static CUresult f_cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev)
{
    *bytes = (size_t)80 << 30;
    return CUDA_SUCCESS;
}

/* The worker asks for a blocking sync before it takes the context: the fake
 * refuses the context otherwise, so every test here would fail. */
static unsigned ctx_flags;

static CUresult f_cuDevicePrimaryCtxSetFlags_v2(CUdevice dev, unsigned flags)
{
    ctx_flags = flags;
    return CUDA_SUCCESS;
}

static CUresult f_cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice dev)
{
    if ((ctx_flags & CU_CTX_SCHED_MASK) != CU_CTX_SCHED_BLOCKING_SYNC) return CUDA_ERROR_INVALID_CONTEXT;
    *c = (CUcontext)(uintptr_t)0x1000;
    return CUDA_SUCCESS;
}

static CUresult f_cuCtxSetCurrent(CUcontext c) { return CUDA_SUCCESS; }

static CUresult synchronize(void)
{
    if (crash_pending) abort();
    if (hang_pending)
        for (;;) pause();
    if (pending != CUDA_SUCCESS) lost = true;
    return pending;
}

static CUresult f_cuCtxSynchronize(void) { return synchronize(); }

/* "bad...": a PTX syntax error; "\x7f" "ELF-other": a cubin for another GPU. */
static CUresult f_cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned int nopt,
                                     CUjit_option *opts, void **vals)
{
    const char *s = image;
    if (strncmp(s, "\x7f" "ELF-other", 10) == 0) return CUDA_ERROR_NO_BINARY_FOR_GPU;
    if (strncmp(s, "bad", 3) == 0) {
        for (unsigned i = 0; i < nopt; i++)
            if (opts[i] == CU_JIT_ERROR_LOG_BUFFER)
                snprintf(vals[i], 64, "ptxas: line 3: syntax error");
        return CUDA_ERROR_INVALID_PTX;
    }
    *m = (CUmodule)(uintptr_t)0x2000;
    return CUDA_SUCCESS;
}

static CUresult f_cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name)
{
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
        if (strcmp(kernels[i].name, name) == 0) {
            *f = (CUfunction)(uintptr_t)&kernels[i];
            return CUDA_SUCCESS;
        }
    return CUDA_ERROR_NOT_FOUND;
}

static CUresult f_cuModuleGetGlobal_v2(CUdeviceptr *p, size_t *bytes, CUmodule m,
                                       const char *name)
{
    if (strcmp(name, "mask") != 0) return CUDA_ERROR_NOT_FOUND;
    *p = (CUdeviceptr)(uintptr_t)fake_mask;
    *bytes = sizeof fake_mask;
    return CUDA_SUCCESS;
}

static CUresult f_cuFuncGetAttribute(int *pi, CUfunction_attribute a, CUfunction f)
{
    *pi = a == CU_FUNC_ATTRIBUTE_NUM_REGS ? 32 : a == CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES ? 1024
        : a == CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES ? 16 : 1024;
    return CUDA_SUCCESS;
}

static CUresult f_cuFuncSetAttribute(CUfunction f, CUfunction_attribute a, int v)
{
    return CUDA_SUCCESS;
}

static CUresult f_cuFuncGetParamInfo(CUfunction f, size_t i, size_t *offset, size_t *size)
{
    const fake_kernel *k = (const fake_kernel *)(uintptr_t)f;
    if (k->nparams < 0) return CUDA_ERROR_NOT_SUPPORTED;
    if (i >= (size_t)k->nparams) return CUDA_ERROR_INVALID_VALUE;
    *size = i == 3 ? 4 : 8;
    *offset = i * 8;
    return CUDA_SUCCESS;
}

static CUresult f_cuMemAlloc_v2(CUdeviceptr *p, size_t n)
{
    *p = (CUdeviceptr)(uintptr_t)malloc(n);
    return *p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

static CUresult f_cuMemFree_v2(CUdeviceptr p)
{
    free((void *)(uintptr_t)p);
    return CUDA_SUCCESS;
}

static CUresult f_cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n)
{
    memcpy((void *)(uintptr_t)dst, src, n);
    return lost ? pending : CUDA_SUCCESS;
}

static CUresult f_cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n)
{
    memcpy(dst, (const void *)(uintptr_t)src, n);
    return lost ? pending : CUDA_SUCCESS;
}

static CUresult f_cuMemsetD8_v2(CUdeviceptr p, unsigned char v, size_t n)
{
    memset((void *)(uintptr_t)p, v, n);
    return CUDA_SUCCESS;
}

static void vadd(void **params, unsigned threads)
{
    const float *a = *(const float **)params[0], *b = *(const float **)params[1];
    float *c = *(float **)params[2];
    int n = *(const int *)params[3];
    for (unsigned i = 0; i < threads && (int)i < n; i++) c[i] = a[i] + b[i];
}

static CUresult f_cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                                 unsigned bx, unsigned by, unsigned bz, unsigned shared,
                                 CUstream s, void **params, void **extra)
{
    const char *name = ((const fake_kernel *)(uintptr_t)f)->name;
    if (lost) return pending;
    if (strcmp(name, "vadd") == 0) vadd(params, gx * bx);
    else if (strcmp(name, "sleep") == 0) usleep(2000);
    else if (strcmp(name, "hang") == 0) hang_pending = true;
    else if (strcmp(name, "fault") == 0) pending = CUDA_ERROR_ILLEGAL_ADDRESS;
    else if (strcmp(name, "trap") == 0) pending = CUDA_ERROR_LAUNCH_FAILED; /* as on an H200 */
    else if (strcmp(name, "assert") == 0) pending = CUDA_ERROR_ASSERT;
    else if (strcmp(name, "crash") == 0) crash_pending = true;
    else if (strcmp(name, "hello") == 0) printf("hello from the fake GPU, %u blocks\n", gx);
    else if (strcmp(name, "toobig") == 0) return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
    else if (strcmp(name, "readmask") == 0) memcpy(*(float **)params[0], fake_mask, sizeof fake_mask);
    else if (strcmp(name, "gridsync") == 0) pending = CUDA_ERROR_LAUNCH_FAILED; /* its sync traps */
    return CUDA_SUCCESS;
}

/* A cooperative launch: "gridsync" writes its grid's block count to its one
 * parameter (an unsigned*); any other kernel runs as cuLaunchKernel runs it. */
static CUresult f_cuLaunchCooperativeKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                                            unsigned bx, unsigned by, unsigned bz, unsigned shared,
                                            CUstream s, void **params)
{
    if (lost) return pending;
    if (strcmp(((const fake_kernel *)(uintptr_t)f)->name, "gridsync") != 0)
        return f_cuLaunchKernel(f, gx, gy, gz, bx, by, bz, shared, s, params, NULL);
    **(unsigned **)params[0] = gx * gy * gz;
    return CUDA_SUCCESS;
}

static CUresult f_cuEventCreate(CUevent *e, unsigned int flags)
{
    *e = (CUevent)calloc(1, sizeof(fake_event));
    return CUDA_SUCCESS;
}

static CUresult f_cuEventRecord(CUevent e, CUstream s)
{
    ((fake_event *)e)->t = now_ms();
    return CUDA_SUCCESS;
}

static CUresult f_cuEventSynchronize(CUevent e) { return synchronize(); }

static CUresult f_cuEventElapsedTime_v2(float *ms, CUevent a, CUevent b)
{
    *ms = (float)(((fake_event *)b)->t - ((fake_event *)a)->t);
    return CUDA_SUCCESS;
}

static CUresult f_cuEventDestroy_v2(CUevent e)
{
    free(e);
    return CUDA_SUCCESS;
}

static bool fake_loader(gpu_driver *d, const char *library, char *why, size_t size)
{
    memset(d, 0, sizeof *d);
    snprintf(d->library, sizeof d->library, "fake:%s", library);
#define FAKE_FILL(sym, older, required) d->sym = f_##sym;
    GPU_DRIVER_API(FAKE_FILL)
#undef FAKE_FILL
    return true;
}

/* ---- helpers ---- */

static gpu_options fake_options(void)
{
    gpu_options o;
    gpu_options_default(&o);
    o.loader = fake_loader;
    o.window_bytes = 16384; /* small, so copies go in several chunks */
    o.launch_timeout_s = 0.3;
    o.start_timeout_s = 5;
    o.warmup = 2;
    return o;
}

static backend *fake_backend(int *module)
{
    init_mode = INIT_OK;
    gpu_options o = fake_options();
    backend *b = NULL;
    cl_error e;
    assert_int_equal(gpu_backend_new_with(&o, &b, &e), CL_OK);
    assert_int_equal(backend_load(b, "fake.cu", "// fake PTX", 11, NULL, 0, module, &e), CL_OK);
    return b;
}

/* No worker is left behind, running or unreaped. */
static void assert_no_children(void)
{
    int st;
    errno = 0;
    assert_int_equal(waitpid(-1, &st, WNOHANG), -1);
    assert_int_equal(errno, ECHILD);
}

static backend_launch one_launch(const char *kernel, const backend_arg *args, int nargs)
{
    backend_launch l = {.kernel = kernel, .grid = {1, 1, 1}, .block = {256, 1, 1},
                        .args = args, .nargs = nargs, .nsets = 1};
    return l;
}

static void run_kernel(backend *b, int module, const char *kernel, backend_outcome expect,
                       const char *detail_has)
{
    backend_launch l = one_launch(kernel, NULL, 0);
    backend_run r;
    cl_error e;
    assert_int_equal(backend_launch_kernel(b, module, &l, &r, &e), CL_OK);
    if (r.outcome != expect) fail_msg("%s: %s (%s)", kernel, backend_outcome_name(r.outcome),
                                      r.detail ? r.detail : "");
    if (detail_has && (!r.detail || !strstr(r.detail, detail_has)))
        fail_msg("%s: '%s' not in '%s'", kernel, detail_has, r.detail ? r.detail : "(null)");
    backend_run_free(&r);
}

/* c = a + b over n floats, through write, launch and read. */
static void check_vadd(backend *b, int module, int n)
{
    cl_error e;
    size_t bytes = (size_t)n * sizeof(float);
    float *a = malloc(bytes), *bb = malloc(bytes), *c = calloc((size_t)n, sizeof(float));
    for (int i = 0; i < n; i++) a[i] = (float)i, bb[i] = 0.5f * (float)i;
    backend_ptr da, db, dc;
    assert_int_equal(backend_alloc(b, bytes, "a", &da, &e), CL_OK);
    assert_int_equal(backend_alloc(b, bytes, "b", &db, &e), CL_OK);
    assert_int_equal(backend_alloc(b, bytes, "c", &dc, &e), CL_OK);
    assert_int_equal(backend_write(b, da, a, bytes, &e), CL_OK);
    assert_int_equal(backend_write(b, db, bb, bytes, &e), CL_OK);
    backend_arg args[4] = {{8, da}, {8, db}, {8, dc}, {4, (uint64_t)n}};
    backend_launch l = one_launch("vadd", args, 4);
    l.grid[0] = (unsigned)(n + 255) / 256;
    backend_run r;
    assert_int_equal(backend_launch_kernel(b, module, &l, &r, &e), CL_OK);
    assert_int_equal(r.outcome, BACKEND_COMPLETED);
    backend_run_free(&r);
    assert_int_equal(backend_read(b, c, dc, bytes, &e), CL_OK);
    for (int i = 0; i < n; i++) assert_true(c[i] == 1.5f * (float)i);
    assert_int_equal(backend_release(b, da, &e), CL_OK);
    assert_int_equal(backend_release(b, db, &e), CL_OK);
    assert_int_equal(backend_release(b, dc, &e), CL_OK);
    free(a);
    free(bb);
    free(c);
}

/* ---- tests ---- */

static void test_vadd_in_chunks(void **state)
{
    (void)state;
    int m;
    backend *b = fake_backend(&m);
    assert_string_equal(b->info.name, "gpu");
    assert_string_equal(b->info.device, "Fake GPU");
    assert_int_equal(b->info.cc_major, 9);
    assert_int_equal(b->info.l2_bytes, 50 << 20);
    assert_true(b->info.can_time);
    assert_false(b->info.finds_hazards);
    assert_int_equal(gpu_backend_generation(b), 1);
    assert_string_equal(gpu_backend_device(b)->library, "fake:libcuda.so.1");
    check_vadd(b, m, 10000); /* 40,000 bytes: three trips through a 16 KiB window */
    backend_attrs at;
    cl_error e;
    assert_int_equal(backend_attributes(b, m, "vadd", &at, &e), CL_OK);
    assert_int_equal(at.registers, 32);
    assert_int_equal(at.static_shared, 1024);
    assert_int_equal(at.local_bytes, 16);
    assert_int_equal(at.max_threads, 1024);
    backend_destroy(b);
    assert_no_children();
}

/* A day's constants on a GPU: the variable's address and size from the
 * driver, a write to it as to any allocation, and a kernel that reads it
 * sees the values. A name the module lacks is CL_NOT_FOUND, said by name. */
static void test_constant_symbol(void **state)
{
    (void)state;
    int m;
    backend *b = fake_backend(&m);
    cl_error e;
    backend_ptr mask = 0, out = 0;
    size_t bytes = 0;
    assert_int_equal(backend_symbol(b, m, "mask", &mask, &bytes, &e), CL_OK);
    assert_int_equal(bytes, 25 * sizeof(float));
    assert_true(mask != 0);
    float values[25], got[25] = {0};
    for (int i = 0; i < 25; i++) values[i] = 0.0625f * (float)(i - 12);
    assert_int_equal(backend_write(b, mask, values, sizeof values, &e), CL_OK);
    assert_int_equal(backend_alloc(b, sizeof got, "out", &out, &e), CL_OK);
    backend_arg args[1] = {{8, out}};
    backend_launch l = one_launch("readmask", args, 1);
    backend_run r;
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_OK);
    assert_int_equal(r.outcome, BACKEND_COMPLETED);
    backend_run_free(&r);
    assert_int_equal(backend_read(b, got, out, sizeof got, &e), CL_OK);
    assert_memory_equal(got, values, sizeof values);
    /* past the variable's end is no allocation of the backend */
    assert_int_not_equal(backend_write(b, mask + 4, values, sizeof values, &e), CL_OK);
    assert_int_equal(backend_symbol(b, m, "mask2", &mask, &bytes, &e), CL_NOT_FOUND);
    assert_non_null(strstr(e.message, "no variable named mask2"));
    assert_int_equal(backend_release(b, out, &e), CL_OK);
    backend_destroy(b);
    assert_no_children();
}

static void test_timing(void **state)
{
    (void)state;
    int m;
    backend *b = fake_backend(&m);
    backend_arg sets[2] = {{8, 1}, {8, 2}};
    backend_launch l = one_launch("sleep", sets, 0);
    l.nsets = 2;
    l.timing_reps = 5;
    backend_run r;
    cl_error e;
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_OK);
    assert_int_equal(r.outcome, BACKEND_COMPLETED);
    assert_true(r.has_ms);
    assert_true(r.ms >= 1.5 && r.ms < 500);
    assert_non_null(strstr(r.detail, "of 5 timed launches"));
    assert_non_null(strstr(r.detail, "after 2 warm-ups"));
    assert_non_null(strstr(r.detail, "cycling 2 argument sets"));
    assert_non_null(strstr(r.detail, "PTX compiled by the driver's JIT"));
    backend_run_free(&r);
    l.timing_reps = 0; /* untimed: no ms */
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_OK);
    assert_false(r.has_ms);
    backend_run_free(&r);
    backend_destroy(b);
    assert_no_children();
}

static void test_timeout_and_restart(void **state)
{
    (void)state;
    int m;
    backend *b = fake_backend(&m);
    cl_error e;
    backend_ptr old;
    assert_int_equal(backend_alloc(b, 64, "old", &old, &e), CL_OK);
    double t0 = (double)time(NULL);
    run_kernel(b, m, "hang", BACKEND_TIMED_OUT, "did not finish within 0.3 s (launch 1 of 1)");
    assert_true((double)time(NULL) - t0 < 10);
    float x[16] = {0};
    assert_int_equal(backend_write(b, old, x, sizeof x, &e), CL_GPU);
    assert_non_null(strstr(e.message, "is gone"));
    assert_int_equal(backend_release(b, old, &e), CL_OK); /* allowed, and forgotten */
    assert_int_equal(backend_release(b, old, &e), CL_USAGE);
    check_vadd(b, m, 1000); /* a new worker, the module loaded again by itself */
    assert_int_equal(gpu_backend_generation(b), 2);
    run_kernel(b, m, "hang", BACKEND_TIMED_OUT, NULL);
    backend_destroy(b);
    assert_no_children();
}

static void test_fault_trap_crash(void **state)
{
    (void)state;
    int m;
    backend *b = fake_backend(&m);
    run_kernel(b, m, "fault", BACKEND_FAULTED, "CUDA_ERROR_ILLEGAL_ADDRESS in fault (launch 1 "
               "of 1): a thread read or wrote memory outside every allocation");
    run_kernel(b, m, "trap", BACKEND_TRAPPED, "CUDA_ERROR_LAUNCH_FAILED in trap (launch 1 of "
               "1): the kernel stopped with an unspecified launch failure, which is what a "
               "trap (__trap(), asm(\"trap;\")) gives.");
    run_kernel(b, m, "assert", BACKEND_TRAPPED, "CUDA_ERROR_ASSERT");
    run_kernel(b, m, "crash", BACKEND_CRASHED, "was killed by signal 6");
    check_vadd(b, m, 300);
    assert_int_equal(gpu_backend_generation(b), 5);
    backend_destroy(b);
    assert_no_children();
}

/* A day's cooperative kernel goes through cuLaunchCooperativeKernel; the
 * same kernel launched normally traps at its grid sync, as on a GPU; a
 * driver without the entry point refuses the launch in words. */
static bool no_coop_loader(gpu_driver *d, const char *library, char *why, size_t size)
{
    fake_loader(d, library, why, size);
    d->cuLaunchCooperativeKernel = NULL;
    return true;
}

static void test_cooperative(void **state)
{
    (void)state;
    int m;
    backend *b = fake_backend(&m);
    cl_error e;
    backend_ptr dp;
    unsigned blocks = 0;
    assert_int_equal(backend_alloc(b, 4, "blocks", &dp, &e), CL_OK);
    backend_arg args[1] = {{8, dp}};
    backend_launch l = one_launch("gridsync", args, 1);
    l.grid[0] = 40;
    l.grid[1] = 2;
    l.cooperative = true;
    backend_run r;
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_OK);
    assert_int_equal(r.outcome, BACKEND_COMPLETED);
    backend_run_free(&r);
    assert_int_equal(backend_read(b, &blocks, dp, 4, &e), CL_OK);
    assert_int_equal(blocks, 80);
    l.cooperative = false;
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_OK);
    assert_int_equal(r.outcome, BACKEND_TRAPPED);
    backend_run_free(&r);
    backend_destroy(b);

    gpu_options o = fake_options();
    o.loader = no_coop_loader;
    assert_int_equal(gpu_backend_new_with(&o, &b, &e), CL_OK);
    assert_int_equal(backend_load(b, "fake.cu", "// fake PTX", 11, NULL, 0, &m, &e), CL_OK);
    assert_int_equal(backend_alloc(b, 4, "blocks", &dp, &e), CL_OK);
    args[0].bits = dp;
    l.cooperative = true;
    cl_status st = backend_launch_kernel(b, m, &l, &r, &e);
    const char *said = st == CL_OK ? (r.detail ? r.detail : "") : e.message;
    assert_non_null(strstr(said, "this driver has no cuLaunchCooperativeKernel"));
    if (st == CL_OK) backend_run_free(&r);
    backend_destroy(b);
    assert_no_children();
}

static void test_printf(void **state)
{
    (void)state;
    int m;
    backend *b = fake_backend(&m);
    backend_launch l = one_launch("hello", NULL, 0);
    l.grid[0] = 7;
    backend_run r;
    cl_error e;
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_OK);
    assert_non_null(r.printf_text);
    assert_string_equal(r.printf_text, "hello from the fake GPU, 7 blocks\n");
    backend_run_free(&r);
    run_kernel(b, m, "sleep", BACKEND_COMPLETED, NULL); /* prints nothing */
    backend_destroy(b);
}

static void test_refused(void **state)
{
    (void)state;
    int m;
    backend *b = fake_backend(&m);
    backend_run r;
    cl_error e;
    backend_launch l = one_launch("toobig", NULL, 0);
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_GPU);
    assert_non_null(strstr(e.message, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"));
    assert_int_equal(gpu_backend_generation(b), 1); /* the worker is fine */
    backend_arg three[3] = {{8, 0}, {8, 0}, {8, 0}};
    l = one_launch("vadd", three, 3);
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_SIGNATURE);
    assert_non_null(strstr(e.message, "more than the 3 parameters"));
    backend_arg wrong[4] = {{8, 0}, {8, 0}, {8, 0}, {8, 0}};
    l = one_launch("vadd", wrong, 4);
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_SIGNATURE);
    assert_non_null(strstr(e.message, "parameter 4 of vadd is 4 bytes"));
    l = one_launch("nosuch", NULL, 0);
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_GPU);
    assert_non_null(strstr(e.message, "no kernel named nosuch"));
    backend_arg odd = {3, 0};
    l = one_launch("sleep", &odd, 1);
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_USAGE);
    l = one_launch("sleep", NULL, 0);
    assert_int_equal(backend_launch_kernel(b, m + 5, &l, &r, &e), CL_USAGE);
    backend_ptr p;
    assert_int_equal(backend_alloc(b, 100, "p", &p, &e), CL_OK);
    char buf[200] = {0};
    assert_int_equal(backend_write(b, p + 50, buf, 60, &e), CL_USAGE);
    assert_non_null(strstr(e.message, "not inside any allocation"));
    assert_int_equal(backend_read(b, buf, p + 50, 50, &e), CL_OK);
    assert_int_equal(backend_release(b, p + 1, &e), CL_USAGE);
    assert_int_equal(gpu_backend_generation(b), 1);
    backend_destroy(b);
    assert_no_children();
}

static void test_load_errors(void **state)
{
    (void)state;
    int m;
    backend *b = fake_backend(&m);
    cl_error e;
    const char bad[] = "bad ptx";
    assert_int_equal(backend_load(b, "bad.cu", bad, sizeof bad - 1, NULL, 0, &m, &e), CL_GPU);
    assert_non_null(strstr(e.message, "CUDA_ERROR_INVALID_PTX"));
    assert_non_null(strstr(e.message, "line 3: syntax error"));
    const char other[] = "\x7f" "ELF-other";
    assert_int_equal(backend_load(b, "k.cu", "// ptx", 6, other, sizeof other, &m, &e), CL_OK);
    backend_launch l = one_launch("sleep", NULL, 0);
    backend_run r;
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_OK);
    assert_non_null(strstr(r.detail, "the cubin did not load (CUDA_ERROR_NO_BINARY_FOR_GPU), "
                                     "so PTX compiled by the driver's JIT"));
    backend_run_free(&r);
    const char good[] = "\x7f" "ELF-good";
    assert_int_equal(backend_load(b, "k.cu", NULL, 0, good, sizeof good, &m, &e), CL_OK);
    assert_int_equal(backend_launch_kernel(b, m, &l, &r, &e), CL_OK);
    assert_null(r.detail); /* a cubin, untimed: nothing to say */
    backend_run_free(&r);
    backend_destroy(b);
}

static void test_start_failures(void **state)
{
    (void)state;
    gpu_options o = fake_options();
    backend *b = NULL;
    cl_error e;
    init_mode = INIT_NO_DEVICE;
    assert_int_equal(gpu_backend_new_with(&o, &b, &e), CL_NO_GPU);
    assert_null(b);
    assert_non_null(strstr(e.message, "cuInit failed: CUDA_ERROR_NO_DEVICE"));
    gpu_probe_info info;
    assert_false(gpu_probe_with(&o, &info));
    assert_true(info.found);
    assert_non_null(strstr(info.reason, "cuInit failed: CUDA_ERROR_NO_DEVICE"));
    char *line = gpu_probe_describe(&info);
    assert_non_null(strstr(line, "no GPU: cuInit failed"));
    free(line);

    init_mode = INIT_HANG;
    o.start_timeout_s = 0.3;
    time_t t0 = time(NULL);
    assert_int_equal(gpu_backend_new_with(&o, &b, &e), CL_GPU);
    assert_non_null(strstr(e.message, "did not start within 0.3 s"));
    assert_true(time(NULL) - t0 < 10);

    init_mode = INIT_OK;
    assert_true(gpu_probe_with(&o, &info));
    line = gpu_probe_describe(&info);
    assert_string_equal(line, "Fake GPU, sm_90, 80.0 GiB, 132 SMs, 50.0 MiB L2, driver 13.0");
    free(line);
    assert_no_children();
}
#endif /* GPU_HAVE_CUDA_H */

/* Where there is no libcuda: a clear reason, CL_NO_GPU, no crash, no child
 * left. A library name that exists nowhere stands in for a machine without a
 * driver, so this runs the same on a GPU machine. */
static void test_no_library(void **state)
{
    (void)state;
    gpu_options o;
    gpu_options_default(&o);
    o.library = "libcudalab-no-such-driver.so.1";
    gpu_probe_info info;
    assert_false(gpu_probe_with(&o, &info));
    assert_false(info.found);
    assert_non_null(strstr(info.reason, "libcudalab-no-such-driver.so.1 not found: no NVIDIA "
                                        "driver"));
    backend *b = NULL;
    cl_error e;
    assert_int_equal(gpu_backend_new_with(&o, &b, &e), CL_NO_GPU);
    assert_null(b);
    assert_non_null(strstr(e.message, "no GPU: libcudalab-no-such-driver.so.1 not found"));
}

/* The real driver, whatever this machine has: the probe and the backend agree. */
static void test_this_machine(void **state)
{
    (void)state;
    gpu_probe_info info;
    bool usable = gpu_probe(&info);
    char *line = gpu_probe_describe(&info);
    print_message("this machine: %s\n", line);
    free(line);
    backend *b = NULL;
    cl_error e;
    cl_status st = gpu_backend_new(&b, &e);
    if (usable) {
        assert_int_equal(st, CL_OK);
        assert_string_equal(b->info.device, info.device);
        backend_destroy(b);
    } else {
        assert_int_equal(st, CL_NO_GPU);
        assert_true(info.reason[0] != '\0');
        assert_non_null(strstr(e.message, info.reason));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#if GPU_HAVE_CUDA_H
        cmocka_unit_test(test_vadd_in_chunks),
        cmocka_unit_test(test_constant_symbol),
        cmocka_unit_test(test_timing),
        cmocka_unit_test(test_timeout_and_restart),
        cmocka_unit_test(test_fault_trap_crash),
        cmocka_unit_test(test_printf),
        cmocka_unit_test(test_cooperative),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_load_errors),
        cmocka_unit_test(test_start_failures),
#endif
        cmocka_unit_test(test_no_library),
        cmocka_unit_test(test_this_machine),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
