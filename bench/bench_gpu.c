/* bench_gpu.c - the GPU backend's benchmark: a copy kernel (the bandwidth
 * baseline) and a one-pass reduction over 67,108,864 floats (256 MiB, far more
 * than any L2), timed through the backend: warm-up launches, then device
 * events around each of --reps launches; the median, min and max in ms and the
 * median's effective bandwidth in GB/s. Each kernel runs as PTX through the
 * driver's JIT and, where ptxas is found, as a cubin for the device's own
 * architecture. Results are checked against the host.
 *
 *   bench_gpu [--n FLOATS] [--reps N]
 *
 * Without a GPU it prints "no GPU: <why>" and exits 0. */
#include <errno.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gpu/gpu.h"

extern char **environ;

/* bench/bench_gpu_kernels.cu, compiled by nvcc -ptx -arch=sm_75. */
static const char kernels_ptx[] =
    ".version 9.0\n"
    ".target sm_75\n"
    ".address_size 64\n"
    ".visible .entry copyFloats(\n"
    "    .param .u64 copyFloats_param_0,\n"
    "    .param .u64 copyFloats_param_1,\n"
    "    .param .u64 copyFloats_param_2\n"
    ")\n"
    "{\n"
    "    .reg .pred     %p<3>;\n"
    "    .reg .f32     %f<2>;\n"
    "    .reg .b32     %r<6>;\n"
    "    .reg .b64     %rd<14>;\n"
    "    ld.param.u64     %rd7, [copyFloats_param_0];\n"
    "    ld.param.u64     %rd8, [copyFloats_param_1];\n"
    "    ld.param.u64     %rd9, [copyFloats_param_2];\n"
    "    mov.u32     %r1, %ntid.x;\n"
    "    mov.u32     %r2, %ctaid.x;\n"
    "    mov.u32     %r3, %tid.x;\n"
    "    mad.lo.s32     %r4, %r2, %r1, %r3;\n"
    "    cvt.u64.u32     %rd13, %r4;\n"
    "    setp.ge.u64     %p1, %rd13, %rd9;\n"
    "    @%p1 bra     $L__BB0_3;\n"
    "    mov.u32     %r5, %nctaid.x;\n"
    "    mul.wide.u32     %rd2, %r5, %r1;\n"
    "    cvta.to.global.u64     %rd3, %rd7;\n"
    "    cvta.to.global.u64     %rd4, %rd8;\n"
    "$L__BB0_2:\n"
    "    shl.b64     %rd10, %rd13, 2;\n"
    "    add.s64     %rd11, %rd3, %rd10;\n"
    "    ld.global.f32     %f1, [%rd11];\n"
    "    add.s64     %rd12, %rd4, %rd10;\n"
    "    st.global.f32     [%rd12], %f1;\n"
    "    add.s64     %rd13, %rd13, %rd2;\n"
    "    setp.lt.u64     %p2, %rd13, %rd9;\n"
    "    @%p2 bra     $L__BB0_2;\n"
    "$L__BB0_3:\n"
    "    ret;\n"
    "}\n"
    ".visible .entry reducePartials(\n"
    "    .param .u64 reducePartials_param_0,\n"
    "    .param .u64 reducePartials_param_1,\n"
    "    .param .u64 reducePartials_param_2\n"
    ")\n"
    "{\n"
    "    .reg .pred     %p<7>;\n"
    "    .reg .f32     %f<13>;\n"
    "    .reg .b32     %r<15>;\n"
    "    .reg .b64     %rd<15>;\n"
    "    .shared .align 4 .b8 _ZZ14reducePartialsE1s[1024];\n"
    "    ld.param.u64     %rd6, [reducePartials_param_0];\n"
    "    ld.param.u64     %rd7, [reducePartials_param_1];\n"
    "    ld.param.u64     %rd8, [reducePartials_param_2];\n"
    "    mov.u32     %r1, %ntid.x;\n"
    "    mov.u32     %r2, %ctaid.x;\n"
    "    mov.u32     %r3, %tid.x;\n"
    "    mad.lo.s32     %r8, %r2, %r1, %r3;\n"
    "    cvt.u64.u32     %rd14, %r8;\n"
    "    setp.ge.u64     %p1, %rd14, %rd8;\n"
    "    mov.f32     %f12, 0f00000000;\n"
    "    @%p1 bra     $L__BB1_3;\n"
    "    mov.u32     %r9, %nctaid.x;\n"
    "    mul.wide.u32     %rd2, %r9, %r1;\n"
    "    cvta.to.global.u64     %rd3, %rd6;\n"
    "    mov.f32     %f12, 0f00000000;\n"
    "$L__BB1_2:\n"
    "    shl.b64     %rd9, %rd14, 2;\n"
    "    add.s64     %rd10, %rd3, %rd9;\n"
    "    ld.global.f32     %f6, [%rd10];\n"
    "    add.f32     %f12, %f12, %f6;\n"
    "    add.s64     %rd14, %rd14, %rd2;\n"
    "    setp.lt.u64     %p2, %rd14, %rd8;\n"
    "    @%p2 bra     $L__BB1_2;\n"
    "$L__BB1_3:\n"
    "    shl.b32     %r10, %r3, 2;\n"
    "    mov.u32     %r11, _ZZ14reducePartialsE1s;\n"
    "    add.s32     %r4, %r11, %r10;\n"
    "    st.shared.f32     [%r4], %f12;\n"
    "    bar.sync     0;\n"
    "    shr.u32     %r14, %r1, 1;\n"
    "    setp.eq.s32     %p3, %r14, 0;\n"
    "    @%p3 bra     $L__BB1_7;\n"
    "$L__BB1_4:\n"
    "    setp.ge.u32     %p4, %r3, %r14;\n"
    "    @%p4 bra     $L__BB1_6;\n"
    "    shl.b32     %r12, %r14, 2;\n"
    "    add.s32     %r13, %r4, %r12;\n"
    "    ld.shared.f32     %f7, [%r4];\n"
    "    ld.shared.f32     %f8, [%r13];\n"
    "    add.f32     %f9, %f8, %f7;\n"
    "    st.shared.f32     [%r4], %f9;\n"
    "$L__BB1_6:\n"
    "    bar.sync     0;\n"
    "    shr.u32     %r14, %r14, 1;\n"
    "    setp.ne.s32     %p5, %r14, 0;\n"
    "    @%p5 bra     $L__BB1_4;\n"
    "$L__BB1_7:\n"
    "    setp.ne.s32     %p6, %r3, 0;\n"
    "    @%p6 bra     $L__BB1_9;\n"
    "    ld.shared.f32     %f10, [_ZZ14reducePartialsE1s];\n"
    "    cvta.to.global.u64     %rd11, %rd7;\n"
    "    mul.wide.u32     %rd12, %r2, 4;\n"
    "    add.s64     %rd13, %rd11, %rd12;\n"
    "    st.global.f32     [%rd13], %f10;\n"
    "$L__BB1_9:\n"
    "    ret;\n"
    "}\n";

typedef struct bench {
    backend *b;
    size_t n;
    int reps;
    unsigned grid;
    backend_ptr in, out, partial;
} bench;

/* ptxas from $CUDA_HOME, /usr/local/cuda or PATH; NULL when none. */
static char *find_ptxas(void)
{
    const char *home = getenv("CUDA_HOME");
    char *c = home ? cl_sprintf("%s/bin/ptxas", home) : NULL;
    if (c && access(c, X_OK) == 0) return c;
    free(c);
    if (access("/usr/local/cuda/bin/ptxas", X_OK) == 0) return cl_strdup("/usr/local/cuda/bin/ptxas");
    const char *path = getenv("PATH");
    for (const char *p = path; p && *p;) {
        const char *end = strchr(p, ':');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        c = cl_sprintf("%.*s/ptxas", (int)len, p);
        if (access(c, X_OK) == 0) return c;
        free(c);
        p = end ? end + 1 : p + len;
    }
    return NULL;
}

/* The PTX assembled for sm_XY into a cubin; NULL (and why on stderr) when not. */
static char *assemble(const gpu_probe_info *dev, size_t *len)
{
    char *ptxas = find_ptxas(), *cubin = NULL;
    char dir[] = "/tmp/cudalab-bench-XXXXXX";
    if (!ptxas || !mkdtemp(dir)) goto done;
    char *ptx_path = cl_sprintf("%s/k.ptx", dir), *cubin_path = cl_sprintf("%s/k.cubin", dir);
    char *arch = cl_sprintf("-arch=sm_%d%d", dev->cc_major, dev->cc_minor);
    cl_error e;
    int status = -1;
    pid_t pid;
    char *argv[] = {ptxas, arch, "-o", cubin_path, ptx_path, NULL};
    if (cl_write_file_atomic(ptx_path, kernels_ptx, strlen(kernels_ptx), &e) == CL_OK &&
        posix_spawn(&pid, ptxas, NULL, NULL, argv, environ) == 0 &&
        waitpid(pid, &status, 0) == pid && status == 0 &&
        cl_read_file(cubin_path, &cubin, len, &e) != CL_OK)
        cubin = NULL;
    if (status != 0) fprintf(stderr, "bench_gpu: %s %s failed; PTX only\n", ptxas, arch);
    unlink(ptx_path);
    unlink(cubin_path);
    rmdir(dir);
    free(ptx_path);
    free(cubin_path);
    free(arch);
done:
    free(ptxas);
    return cubin;
}

static int run_timed(bench *k, int module, const char *kernel, backend_ptr dst, double bytes,
                     const char *how)
{
    backend_arg args[3] = {{8, k->in}, {8, dst}, {8, k->n}};
    backend_launch l = {.kernel = kernel, .grid = {k->grid, 1, 1}, .block = {256, 1, 1},
                        .args = args, .nargs = 3, .nsets = 1, .timing_reps = k->reps};
    backend_run r;
    cl_error e;
    if (backend_launch_kernel(k->b, module, &l, &r, &e) != CL_OK) {
        printf("%-15s %-6s failed: %s\n", kernel, how, e.message);
        return 1;
    }
    int bad = r.outcome != BACKEND_COMPLETED || !r.has_ms;
    if (bad)
        printf("%-15s %-6s %s: %s\n", kernel, how, backend_outcome_name(r.outcome),
               r.detail ? r.detail : "");
    else
        printf("%-15s %-6s %9.4f ms %8.1f GB/s   %s\n", kernel, how, r.ms,
               gpu_bandwidth_gbps(bytes, r.ms), r.detail ? r.detail : "");
    backend_run_free(&r);
    return bad;
}

/* The copy must equal the input; the partials must add up to the host's sum. */
static int check(bench *k, const float *host, double expect)
{
    cl_error e;
    float *out = malloc(k->n * sizeof *out), *part = malloc(k->grid * sizeof *part);
    int bad = backend_read(k->b, out, k->out, k->n * sizeof *out, &e) != CL_OK ||
              memcmp(out, host, k->n * sizeof *out) != 0;
    if (bad) printf("copyFloats: the copy differs from the input\n");
    double sum = 0;
    if (backend_read(k->b, part, k->partial, k->grid * sizeof *part, &e) != CL_OK) bad = 1;
    for (unsigned i = 0; i < k->grid; i++) sum += part[i];
    if (fabs(sum - expect) > 1e-3 * fabs(expect) + 1.0) {
        printf("reducePartials: sum %.6g, host %.6g\n", sum, expect);
        bad = 1;
    }
    free(out);
    free(part);
    return bad;
}

static int run_module(bench *k, int module, const char *how)
{
    int bad = run_timed(k, module, "copyFloats", k->out, 2.0 * (double)k->n * 4, how);
    bad |= run_timed(k, module, "reducePartials", k->partial, (double)k->n * 4, how);
    backend_attrs a;
    cl_error e;
    if (backend_attributes(k->b, module, "reducePartials", &a, &e) == CL_OK)
        printf("%-15s %-6s registers %ld, static shared %ld B, local %ld B, max threads %ld\n",
               "reducePartials", how, a.registers, a.static_shared, a.local_bytes,
               a.max_threads);
    return bad;
}

static int setup(bench *k, float **host, double *expect)
{
    cl_error e;
    *host = malloc(k->n * sizeof **host);
    *expect = 0;
    for (size_t i = 0; i < k->n; i++) {
        (*host)[i] = (float)(i % 1000) * 0.001f - 0.25f; /* never all zeros */
        *expect += (*host)[i];
    }
    if (backend_alloc(k->b, k->n * 4, "in", &k->in, &e) != CL_OK ||
        backend_alloc(k->b, k->n * 4, "out", &k->out, &e) != CL_OK ||
        backend_alloc(k->b, k->grid * 4, "partial", &k->partial, &e) != CL_OK ||
        backend_write(k->b, k->in, *host, k->n * 4, &e) != CL_OK) {
        printf("setup failed: %s\n", e.message);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    bench k = {.n = (size_t)1 << 26, .reps = 20};
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--n") == 0) k.n = strtoull(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--reps") == 0) k.reps = atoi(argv[i + 1]);
    }
    cl_error e;
    cl_status st = gpu_backend_new(&k.b, &e);
    if (st != CL_OK) {
        printf("%s\n", e.message);
        return st == CL_NO_GPU ? 0 : 1;
    }
    const gpu_probe_info *dev = gpu_backend_device(k.b);
    char *line = gpu_probe_describe(dev);
    printf("device: %s\n%zu floats (%.0f MiB), %d timed launches each\n", line, k.n,
           (double)k.n * 4 / (1 << 20), k.reps);
    free(line);
    k.grid = (unsigned)(dev->sm_count > 0 ? dev->sm_count : 64) * 16;
    float *host = NULL;
    double expect;
    int module, bad = setup(&k, &host, &expect);
    if (!bad && backend_load(k.b, "bench (PTX)", kernels_ptx, strlen(kernels_ptx), NULL, 0,
                             &module, &e) == CL_OK)
        bad = run_module(&k, module, "ptx") || check(&k, host, expect);
    else if (!bad)
        printf("loading the PTX failed: %s\n", e.message), bad = 1;
    size_t cubin_len = 0;
    char *cubin = bad ? NULL : assemble(dev, &cubin_len);
    if (cubin && backend_load(k.b, "bench (cubin)", NULL, 0, cubin, cubin_len, &module, &e) ==
                     CL_OK)
        bad |= run_module(&k, module, "cubin") || check(&k, host, expect);
    else if (cubin)
        printf("loading the cubin failed: %s\n", e.message), bad = 1;
    free(cubin);
    free(host);
    backend_destroy(k.b);
    printf("%s\n", bad ? "bench_gpu: FAILED" : "bench_gpu: ok");
    return bad;
}
