/* bench_compute.c - the course's compute-bound kernels on the emulator,
 * beside the same computation as plain C on this CPU. The days are
 * bench/compute/ (a course of its own, in the day format, at realistic
 * sizes: naive and tiled matmul at 1024^3, a 5 x 5 convolution at 1024^2, a
 * 7-point stencil at 256^3, CUB's block primitives on 4M ints, softmax and
 * LayerNorm over 4096 x 1024, the transposes at 4096^2). Each day is graded
 * as `cudalab grade` grades a student's file (every check of the day on,
 * the reference solution as the student's file), once to fill the cache
 * and then timed, on one host thread: the grade's CPU seconds (the process's,
 * all of it: build cache look-ups, inputs, the launches, the comparison)
 * and, for each kernel, lane instructions a CPU second of its launches
 * (sim_set_observer). The plain C column is the course-size launch's
 * computation as a C loop at -O2 on one core: what the work costs without
 * emulation (the ratio is the course-size launch's emulator CPU time over
 * it).
 *
 * Usage: bench_compute [--day N] [--runs N] [--threads N]
 * (--runs: time each grade N times and keep the fastest) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "grade/grade.h"
#include "sim/sim.h"

#ifndef CUDALAB_BENCH_COMPUTE
#define CUDALAB_BENCH_COMPUTE "bench/compute"
#endif

/* ---- the emulator's figures per kernel ---- */

typedef struct kfig {
    char name[64];
    uint64_t lanes, ns;            /* every launch of the grade */
    uint64_t big_lanes, big_ns;    /* its largest launch (the course size) */
} kfig;

typedef struct kfigs {
    kfig v[16];
    int n;
} kfigs;

static void observe(void *ctx, const char *kernel, const sim_counters *c, uint64_t cpu_ns)
{
    kfigs *t = ctx;
    int i = 0;
    while (i < t->n && strcmp(t->v[i].name, kernel)) i++;
    if (i == t->n) {
        if (t->n == (int)(sizeof t->v / sizeof t->v[0])) return;
        t->v[t->n++] = (kfig){ 0 };
        snprintf(t->v[i].name, sizeof t->v[i].name, "%s", kernel);
    }
    kfig *k = &t->v[i];
    k->lanes += c->lane_instructions;
    k->ns += cpu_ns;
    if (c->lane_instructions > k->big_lanes) {
        k->big_lanes = c->lane_instructions;
        k->big_ns = cpu_ns;
    }
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- the plain C computations, at the course sizes ---- */

static float *randoms(size_t n, unsigned seed)
{
    float *v = malloc(n * sizeof *v);
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        v[i] = (float)((seed >> 16) % 64) * 0.125f;
    }
    return v;
}

static volatile float sink; /* keeps each result alive */

/* The computation's CPU time, from its inputs made and its output touched
 * (begin) to its result (end): not the making of its inputs, which the
 * emulated launch's figure leaves out too (the harness fills its buffers
 * before the launch), nor the first touch of fresh pages. */
static double plain_begin, plain_end;
static double cpu_now(void);
static void begin(float *out, size_t n)
{
    if (out) memset(out, 0, n * sizeof *out);
    plain_begin = cpu_now();
}
static void end(void) { plain_end = cpu_now(); }

static void c_matmul(void)
{
    const int n = 1024;
    float *a = randoms((size_t)n * n, 1), *b = randoms((size_t)n * n, 2), *c = malloc((size_t)n * n * 4);
    begin(c, (size_t)n * n);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            const float x = a[(size_t)i * n + k];
            for (int j = 0; j < n; j++) c[(size_t)i * n + j] += x * b[(size_t)k * n + j];
        }
    end();
    sink = c[12345];
    free(a), free(b), free(c);
}

static void c_conv(void)
{
    const int n = 1024;
    float *in = randoms((size_t)n * n, 3), *w = randoms(25, 4), *out = malloc((size_t)n * n * 4);
    begin(out, (size_t)n * n);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            float s = 0;
            for (int i = 0; i < 5; i++)
                for (int j = 0; j < 5; j++) {
                    int yy = y + i - 2, xx = x + j - 2;
                    if (yy >= 0 && yy < n && xx >= 0 && xx < n) s += w[i * 5 + j] * in[(size_t)yy * n + xx];
                }
            out[(size_t)y * n + x] = s;
        }
    end();
    sink = out[4321];
    free(in), free(w), free(out);
}

static void c_stencil(void)
{
    const size_t n = 256;
    float *in = randoms(n * n * n, 5), *out = malloc(n * n * n * 4);
    begin(out, n * n * n);
#define AT(z, y, x) ((z) < n && (y) < n && (x) < n ? in[((z) * n + (y)) * n + (x)] : 0.0f)
    for (size_t z = 0; z < n; z++)
        for (size_t y = 0; y < n; y++)
            for (size_t x = 0; x < n; x++) /* (a size_t below 0 wraps past n) */
                out[(z * n + y) * n + x] = 0.5f * in[(z * n + y) * n + x] +
                    0.125f * (AT(z - 1, y, x) + AT(z + 1, y, x) + AT(z, y - 1, x) + AT(z, y + 1, x) +
                              AT(z, y, x - 1) + AT(z, y, x + 1));
#undef AT
    end();
    sink = out[99999];
    free(in), free(out);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Block sums, block scans and block sorts of 1,024 ints, over 4M. */
static void c_cub(int which)
{
    const size_t n = 4194304;
    int *v = malloc(n * sizeof *v);
    unsigned seed = 7;
    for (size_t i = 0; i < n; i++) seed = seed * 1103515245u + 12345u, v[i] = (int)(seed >> 8) % 2000000 - 1000000;
    long long total = 0;
    begin(NULL, 0);
    for (size_t b = 0; b < n; b += 1024) {
        if (which == 0) {
            int s = 0;
            for (int i = 0; i < 1024; i++) s += v[b + i];
            total += s;
        } else if (which == 1) {
            for (int i = 1; i < 1024; i++) v[b + i] += v[b + i - 1];
        } else {
            qsort(v + b, 1024, sizeof *v, cmp_int);
        }
    }
    end();
    sink = (float)(total + v[777]);
    free(v);
}

static void c_sums(void) { c_cub(0); }
static void c_scans(void) { c_cub(1); }
static void c_sorts(void) { c_cub(2); }

static void c_softmax(void)
{
    const int rows = 4096, cols = 1024;
    float *in = randoms((size_t)rows * cols, 6), *out = malloc((size_t)rows * cols * 4);
    begin(out, (size_t)rows * cols);
    for (int r = 0; r < rows; r++) {
        const float *x = in + (size_t)r * cols;
        float *y = out + (size_t)r * cols, m = -INFINITY, s = 0;
        for (int c = 0; c < cols; c++) m = fmaxf(m, x[c]);
        for (int c = 0; c < cols; c++) s += expf(x[c] - m);
        for (int c = 0; c < cols; c++) y[c] = expf(x[c] - m) / s;
    }
    end();
    sink = out[5555];
    free(in), free(out);
}

static void c_norm(int rms)
{
    const int rows = 4096, cols = 1024;
    float *in = randoms((size_t)rows * cols, 8), *out = malloc((size_t)rows * cols * 4);
    begin(out, (size_t)rows * cols);
    for (int r = 0; r < rows; r++) {
        const float *x = in + (size_t)r * cols;
        float *y = out + (size_t)r * cols, mean = 0, var = 0;
        if (!rms) {
            for (int c = 0; c < cols; c++) mean += x[c];
            mean /= (float)cols;
        }
        for (int c = 0; c < cols; c++) var += (x[c] - mean) * (x[c] - mean);
        const float inv = 1.0f / sqrtf(var / (float)cols + 1e-5f);
        for (int c = 0; c < cols; c++) y[c] = (x[c] - mean) * inv;
    }
    end();
    sink = out[6666];
    free(in), free(out);
}

static void c_layernorm(void) { c_norm(0); }
static void c_rmsnorm(void) { c_norm(1); }

static void c_transpose(void)
{
    const size_t n = 4096;
    float *in = randoms(n * n, 9), *out = malloc(n * n * 4);
    begin(out, n * n);
    for (size_t i = 0; i < n; i += 32) /* in 32 x 32 tiles, as the tiled kernels */
        for (size_t j = 0; j < n; j += 32)
            for (size_t a = i; a < i + 32; a++)
                for (size_t b = j; b < j + 32; b++) out[b * n + a] = in[a * n + b];
    end();
    sink = out[7777];
    free(in), free(out);
}

/* Each kernel of the benchmark's days and its computation in C. */
static const struct {
    const char *kernel;
    void (*fn)(void);
} plain[] = {
    {"matmulNaive", c_matmul},       {"matmulTiled", c_matmul},     {"conv2d5", c_conv},
    {"stencil7", c_stencil},         {"blockSums", c_sums},         {"blockScans", c_scans},
    {"blockSorts", c_sorts},         {"softmaxRows", c_softmax},    {"layerNormRows", c_layernorm},
    {"rmsNormRows", c_rmsnorm},      {"transposeNaive", c_transpose}, {"transposeTiled", c_transpose},
    {"transposePadded", c_transpose}, {"copyKernel", c_transpose},
};

/* The plain C time of kernel's computation (begin to end): the best of
 * three runs, as the emulator's figures are the best of the grades (one
 * run alone moved by a fifth on a loaded machine). */
static double plain_seconds(const char *kernel)
{
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
        if (strcmp(plain[i].kernel, kernel)) continue;
        double best = -1;
        for (int k = 0; k < 3; k++) {
            plain[i].fn();
            double t = plain_end - plain_begin;
            if (best < 0 || t < best) best = t;
        }
        return best;
    }
    return -1;
}

/* ---- the grades ---- */

/* One grade of day e, its CPU seconds in *sec; 1 when it did not pass. */
static int grade_once(const day_course *c, const day_entry *e, const grade_options *opt, double *sec)
{
    char *file = day_solution_path(c, e->manifest);
    report_result *r = NULL;
    cl_error err = { 0 };
    double t0 = cpu_now();
    int rc = grade_day(c, e->manifest, file, opt, &r, &err) != CL_OK;
    *sec = cpu_now() - t0;
    if (rc) fprintf(stderr, "%s: %s\n", e->manifest->slug, err.message);
    else if (!r->passed) fprintf(stderr, "%s: the reference solution did not pass\n", e->manifest->slug), rc = 1;
    report_free(r);
    free(file);
    return rc;
}

static void print_day(const day_manifest *m, const kfigs *best, double grade_s)
{
    for (int i = 0; i < best->n; i++) {
        const kfig *k = &best->v[i];
        double ps = plain_seconds(k->name), es = k->big_ns * 1e-9;
        printf("%-4d %-16s %13llu %8.3f %10.3g", m->day, k->name, (unsigned long long)k->lanes, k->ns * 1e-9,
               k->ns ? k->lanes / (k->ns * 1e-9) : 0);
        if (ps > 0) printf(" %8.4f %7.1fx", ps, es / ps);
        else printf(" %8s %8s", "-", "-");
        printf(i == 0 ? " %7.2f\n" : "\n", grade_s);
    }
}

int main(int argc, char **argv)
{
    grade_options opt = { .backend = GRADE_BACKEND_EMU, .seed = 1, .threads = 1 };
    int only = 0, runs = 1, rc = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--day")) only = atoi(argv[i + 1]);
        if (!strcmp(argv[i], "--runs")) runs = atoi(argv[i + 1]) > 0 ? atoi(argv[i + 1]) : 1;
        if (!strcmp(argv[i], "--threads")) opt.threads = atoi(argv[i + 1]);
    }
    /* the grade's sandbox runs the launches in a child (grade/isolate.c),
       where the observer's figures and the CPU time would stay: the grades
       here run in this process */
    setenv("CUDALAB_SANDBOX", "off", 1);
    const char *root = getenv("CUDALAB_COURSE") ? getenv("CUDALAB_COURSE") : CUDALAB_BENCH_COMPUTE;
    day_course *c = NULL;
    cl_error err = { 0 };
    if (day_course_load(root, &c, &err) != CL_OK) return fprintf(stderr, "%s\n", err.message), 2;
    printf("emulator, %d host thread%s, every check of each day on; a grade warm (its reference cached)\n",
           opt.threads, opt.threads == 1 ? "" : "s");
    printf("%-4s %-16s %13s %8s %10s %8s %8s %7s\n", "day", "kernel", "lane instr", "CPU s", "lane/s",
           "plain C", "emu/C", "grade s");
    for (int i = 0; i < c->ndays; i++) {
        const day_entry *e = &c->days[i];
        if (!e->manifest || (only && e->manifest->day != only)) continue;
        double sec, best_s = 1e30;
        kfigs run, best = { .n = 0 };
        rc |= grade_once(c, e, &opt, &sec); /* the reference's outputs into the cache */
        for (int k = 0; k < runs; k++) {
            run.n = 0;
            sim_set_observer(observe, &run);
            rc |= grade_once(c, e, &opt, &sec);
            sim_set_observer(NULL, NULL);
            if (sec < best_s) best_s = sec, best = run;
        }
        print_day(e->manifest, &best, best_s);
        fflush(stdout);
    }
    day_course_free(c);
    return rc;
}
