/* test_gpu_device.c - the GPU backend on a real GPU: results, timing, device
 * printf, the driver's attributes, a cubin for the device's own architecture,
 * and kernels that trap, assert, spin forever or write out of bounds (each
 * ends its worker; the next test gets a new one). The kernels are
 * tests/fixtures/gpu/device_kernels.cu, loaded as the PTX next to it.
 * Where there is no GPU every test is skipped, saying why. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "gpu/gpu.h"

extern char **environ;

typedef struct fixture {
    backend *b;
    int module;
    char why[1100]; /* why there is no GPU */
    char *ptx;
    size_t ptx_len;
} fixture;

static fixture fx;

static int setup(void **state)
{
    (void)state;
    gpu_options o;
    gpu_options_default(&o);
    o.launch_timeout_s = 3; /* spin's watchdog */
    cl_error e;
    if (gpu_backend_new_with(&o, &fx.b, &e) != CL_OK) {
        snprintf(fx.why, sizeof fx.why, "%s", e.message);
        fprintf(stderr, "test_gpu_device: skipped: %s\n", fx.why);
        return 0;
    }
    char *path = cl_sprintf("%s/fixtures/gpu/device_kernels.ptx", CUDALAB_TEST_DIR);
    if (cl_read_file(path, &fx.ptx, &fx.ptx_len, &e) != CL_OK ||
        backend_load(fx.b, "device_kernels.cu", fx.ptx, fx.ptx_len, NULL, 0, &fx.module, &e) !=
            CL_OK) {
        fprintf(stderr, "test_gpu_device: %s\n", e.message);
        free(path);
        return -1;
    }
    free(path);
    char *line = gpu_probe_describe(gpu_backend_device(fx.b));
    fprintf(stderr, "test_gpu_device: %s\n", line);
    free(line);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    backend_destroy(fx.b);
    free(fx.ptx);
    return 0;
}

#define NEED_GPU()                                                       \
    do {                                                                 \
        if (!fx.b) {                                                     \
            print_message("skipped: %s\n", fx.why);                      \
            skip();                                                      \
        }                                                                \
    } while (0)

static backend_launch launch_of(const char *kernel, const backend_arg *args, int nargs)
{
    backend_launch l = {.kernel = kernel, .grid = {1, 1, 1}, .block = {32, 1, 1},
                        .args = args, .nargs = nargs, .nsets = 1};
    return l;
}

/* c = a + b over n floats; the result is checked element by element. */
static void vadd(int module, int n)
{
    cl_error e;
    size_t bytes = (size_t)n * 4;
    float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    for (int i = 0; i < n; i++) a[i] = (float)(i % 977), b[i] = 0.25f * (float)(i % 131);
    backend_ptr da, db, dc;
    assert_int_equal(backend_alloc(fx.b, bytes, "a", &da, &e), CL_OK);
    assert_int_equal(backend_alloc(fx.b, bytes, "b", &db, &e), CL_OK);
    assert_int_equal(backend_alloc(fx.b, bytes, "c", &dc, &e), CL_OK);
    assert_int_equal(backend_write(fx.b, da, a, bytes, &e), CL_OK);
    assert_int_equal(backend_write(fx.b, db, b, bytes, &e), CL_OK);
    backend_arg args[4] = {{8, da}, {8, db}, {8, dc}, {4, (uint64_t)n}};
    backend_launch l = launch_of("vadd", args, 4);
    l.grid[0] = (unsigned)(n + 255) / 256;
    l.block[0] = 256;
    backend_run r;
    assert_int_equal(backend_launch_kernel(fx.b, module, &l, &r, &e), CL_OK);
    if (r.outcome != BACKEND_COMPLETED) fail_msg("vadd: %s", r.detail ? r.detail : "?");
    backend_run_free(&r);
    assert_int_equal(backend_read(fx.b, c, dc, bytes, &e), CL_OK);
    for (int i = 0; i < n; i++)
        if (c[i] != a[i] + b[i]) fail_msg("c[%d] = %g, not %g", i, c[i], a[i] + b[i]);
    backend_release(fx.b, da, &e);
    backend_release(fx.b, db, &e);
    backend_release(fx.b, dc, &e);
    free(a);
    free(b);
    free(c);
}

static void test_vadd(void **state)
{
    (void)state;
    NEED_GPU();
    vadd(fx.module, (1 << 20) + 7);
    backend_attrs at;
    cl_error e;
    assert_int_equal(backend_attributes(fx.b, fx.module, "vadd", &at, &e), CL_OK);
    print_message("vadd: %ld registers, %ld B shared, %ld B local, %ld threads at most\n",
                  at.registers, at.static_shared, at.local_bytes, at.max_threads);
    assert_true(at.registers > 0 && at.registers <= 255);
    assert_true(at.max_threads >= 256);
    assert_int_equal(at.local_bytes, 0);
}

/* 64 MiB copied 10 times, cycling 2 sets: a median, a plausible bandwidth. */
static void test_timing(void **state)
{
    (void)state;
    NEED_GPU();
    cl_error e;
    size_t n = (size_t)16 << 20, bytes = n * 4;
    float *h = malloc(bytes);
    for (size_t i = 0; i < n; i++) h[i] = (float)(i % 1000) + 0.5f;
    backend_ptr in[2], out;
    for (int s = 0; s < 2; s++) {
        assert_int_equal(backend_alloc(fx.b, bytes, "in", &in[s], &e), CL_OK);
        assert_int_equal(backend_write(fx.b, in[s], h, bytes, &e), CL_OK);
    }
    assert_int_equal(backend_alloc(fx.b, bytes, "out", &out, &e), CL_OK);
    backend_arg sets[6] = {{8, in[0]}, {8, out}, {8, n}, {8, in[1]}, {8, out}, {8, n}};
    backend_launch l = launch_of("copy", sets, 3);
    l.nsets = 2;
    l.timing_reps = 10;
    l.grid[0] = (unsigned)gpu_backend_device(fx.b)->sm_count * 16;
    l.block[0] = 256;
    backend_run r;
    assert_int_equal(backend_launch_kernel(fx.b, fx.module, &l, &r, &e), CL_OK);
    assert_int_equal(r.outcome, BACKEND_COMPLETED);
    assert_true(r.has_ms);
    double gbps = gpu_bandwidth_gbps(2.0 * (double)bytes, r.ms);
    print_message("copy of 64 MiB: %.4f ms, %.0f GB/s (%s)\n", r.ms, gbps, r.detail);
    assert_true(r.ms > 0 && r.ms < 1000);
    assert_true(gbps > 50);
    assert_non_null(strstr(r.detail, "of 10 timed launches"));
    backend_run_free(&r);
    float *back = malloc(bytes);
    assert_int_equal(backend_read(fx.b, back, out, bytes, &e), CL_OK);
    assert_memory_equal(back, h, bytes);
    for (int s = 0; s < 2; s++) backend_release(fx.b, in[s], &e);
    backend_release(fx.b, out, &e);
    free(back);
    free(h);
}

static void test_printf(void **state)
{
    (void)state;
    NEED_GPU();
    backend_arg arg = {4, 42};
    backend_launch l = launch_of("hello", &arg, 1);
    backend_run r;
    cl_error e;
    assert_int_equal(backend_launch_kernel(fx.b, fx.module, &l, &r, &e), CL_OK);
    assert_int_equal(r.outcome, BACKEND_COMPLETED);
    assert_non_null(r.printf_text);
    assert_non_null(strstr(r.printf_text, "hello from the GPU, n = 42"));
    backend_run_free(&r);
}

/* A kernel that ends its worker: the outcome, the CUDA error named in the
 * detail, and a working GPU afterwards. */
static void ends_worker(const char *kernel, int nargs, backend_outcome expect,
                        const char *detail_has)
{
    cl_error e;
    backend_ptr p;
    assert_int_equal(backend_alloc(fx.b, 4096, "p", &p, &e), CL_OK);
    backend_arg arg = {8, p};
    backend_launch l = launch_of(kernel, &arg, nargs);
    backend_run r;
    unsigned gen = gpu_backend_generation(fx.b);
    time_t t0 = time(NULL);
    assert_int_equal(backend_launch_kernel(fx.b, fx.module, &l, &r, &e), CL_OK);
    print_message("%s: %s after %lds: %s\n", kernel, backend_outcome_name(r.outcome),
                  (long)(time(NULL) - t0), r.detail ? r.detail : "");
    if (r.printf_text) print_message("%s printed: %s\n", kernel, r.printf_text);
    if (r.outcome != expect)
        fail_msg("%s: %s, not %s", kernel, backend_outcome_name(r.outcome),
                 backend_outcome_name(expect));
    if (detail_has && (!r.detail || !strstr(r.detail, detail_has)))
        fail_msg("%s: '%s' is not in the detail", kernel, detail_has);
    backend_run_free(&r);
    assert_int_equal(backend_release(fx.b, p, &e), CL_OK);
    vadd(fx.module, 1000);
    assert_int_equal(gpu_backend_generation(fx.b), gen + 1);
}

static void test_trap(void **state)
{
    (void)state;
    NEED_GPU();
    ends_worker("trapper", 1, BACKEND_TRAPPED, "CUDA_ERROR_LAUNCH_FAILED");
}

static void test_assert(void **state)
{
    (void)state;
    NEED_GPU();
    ends_worker("asserter", 1, BACKEND_TRAPPED, "CUDA_ERROR_ASSERT");
}

static void test_out_of_bounds(void **state)
{
    (void)state;
    NEED_GPU();
    ends_worker("outOfBounds", 1, BACKEND_FAULTED, "CUDA_ERROR_ILLEGAL_ADDRESS");
}

static void test_spin(void **state)
{
    (void)state;
    NEED_GPU();
    ends_worker("spin", 1, BACKEND_TIMED_OUT, "did not finish within 3 s");
}

/* ptxas for the device's own sm_XY: the cubin loads without the JIT. */
static void test_cubin(void **state)
{
    (void)state;
    NEED_GPU();
    const char *ptxas = "/usr/local/cuda/bin/ptxas";
    if (access(ptxas, X_OK) != 0) {
        print_message("skipped: no %s\n", ptxas);
        skip();
    }
    const gpu_probe_info *dev = gpu_backend_device(fx.b);
    char dir[] = "/tmp/cudalab-test-gpu-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *ptx = cl_sprintf("%s/k.ptx", dir), *cubin = cl_sprintf("%s/k.cubin", dir);
    char *arch = cl_sprintf("-arch=sm_%d%d", dev->cc_major, dev->cc_minor);
    cl_error e;
    assert_int_equal(cl_write_file_atomic(ptx, fx.ptx, fx.ptx_len, &e), CL_OK);
    char *argv[] = {(char *)ptxas, arch, "-o", cubin, ptx, NULL};
    pid_t pid;
    int status = -1;
    assert_int_equal(posix_spawn(&pid, ptxas, NULL, NULL, argv, environ), 0);
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_int_equal(status, 0);
    char *image;
    size_t len;
    assert_int_equal(cl_read_file(cubin, &image, &len, &e), CL_OK);
    int m;
    assert_int_equal(backend_load(fx.b, "k.cubin", fx.ptx, fx.ptx_len, image, len, &m, &e),
                     CL_OK);
    vadd(m, 4099);
    backend_launch l = launch_of("hello", &(backend_arg){4, 7}, 1);
    backend_run r;
    assert_int_equal(backend_launch_kernel(fx.b, m, &l, &r, &e), CL_OK);
    assert_null(r.detail); /* no "PTX compiled by the driver's JIT" */
    backend_run_free(&r);
    unlink(ptx);
    unlink(cubin);
    rmdir(dir);
    free(image);
    free(ptx);
    free(cubin);
    free(arch);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vadd),
        cmocka_unit_test(test_timing),
        cmocka_unit_test(test_printf),
        cmocka_unit_test(test_trap),
        cmocka_unit_test(test_assert),
        cmocka_unit_test(test_out_of_bounds),
        cmocka_unit_test(test_spin),
        cmocka_unit_test(test_cubin),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
