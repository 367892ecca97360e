/* bench_emu.c - how fast the emulator runs the day-25 reference reduction
 * (bench/cascade_ref.cu) at the course size, every check on: 67,108,864
 * floats, 1,024 blocks of 256 threads. Prints, for one host thread and for
 * all cores: seconds, lane instructions a second, and beside them a plain C
 * loop summing the same array; then the emulator's peak memory (VmHWM while
 * it runs, with the input already in device memory).
 *
 * Usage: bench_emu [--n N] [--blocks B] [--threads T] [--ptx FILE] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/core.h"
#include "ptx/ptx.h"
#include "sim/sim.h"

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now(void)
{
    return clock_s(CLOCK_MONOTONIC);
}

/* CPU seconds of the whole process: on a shared machine, wall time counts
 * the other programs too. */
static double cpu_now(void)
{
    return clock_s(CLOCK_PROCESS_CPUTIME_ID);
}

static double loadavg(void)
{
    double l = -1;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &l) != 1) l = -1;
        fclose(f);
    }
    return l;
}

/* VmHWM (peak resident set) in KiB; reset_peak() starts it again from now. */
static long peak_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long v = -1;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "VmHWM:", 6)) v = strtol(line + 6, NULL, 10);
    if (f) fclose(f);
    return v;
}

static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long v = -1;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "VmRSS:", 6)) v = strtol(line + 6, NULL, 10);
    if (f) fclose(f);
    return v;
}

static void reset_peak(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (f) {
        fputs("5", f);
        fclose(f);
    }
}

static float plain_sum(const float *a, size_t n, double *secs)
{
    double t0 = cpu_now();
    float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += a[i];
        s1 += a[i + 1];
        s2 += a[i + 2];
        s3 += a[i + 3];
    }
    for (; i < n; i++) s0 += a[i];
    *secs = cpu_now() - t0;
    return (s0 + s1) + (s2 + s3);
}

static ptx_module *load_ptx(const char *path)
{
    ptx_module *m = NULL;
    cl_error err;
    if (ptx_parse_file(path, &m, &err) == CL_OK) return m;
    /* not built: compile it here */
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "nvcc -ptx -lineinfo -arch=sm_75 %s -o /tmp/cascade_ref.ptx", CUDALAB_BENCH_CU);
    if (system(cmd) != 0 || ptx_parse_file("/tmp/cascade_ref.ptx", &m, &err) != CL_OK) {
        fprintf(stderr, "bench_emu: cannot load %s: %s\n", path, err.message);
        exit(2);
    }
    return m;
}

typedef struct run {
    double secs, cpu;
    sim_launch_result *r;
    float sum;
} run;

static run launch(const ptx_module *m, sim_machine *sm, uint64_t in, uint64_t out, size_t n, unsigned blocks)
{
    uint64_t vals[3] = { in, out, n };
    unsigned char blob[64];
    cl_error err;
    run r = { 0, 0, NULL, 0 };
    if (ptx_pack_params(m, 0, vals, 3, blob, &err) != CL_OK) {
        fprintf(stderr, "bench_emu: %s\n", err.message);
        exit(2);
    }
    double t0 = now(), c0 = cpu_now();
    if (sim_launch(sm, m, "reduceCascade", (sim_dim3){ blocks, 1, 1 }, (sim_dim3){ 256, 1, 1 }, 0, blob,
                   ptx_entry_param_size(m, 0), &r.r, &err) != CL_OK) {
        fprintf(stderr, "bench_emu: %s\n", err.message);
        exit(2);
    }
    r.secs = now() - t0;
    r.cpu = cpu_now() - c0;
    float *part = malloc(blocks * sizeof *part);
    sim_read(sm, part, out, blocks * sizeof *part, &err);
    for (unsigned i = 0; i < blocks; i++) r.sum += part[i];
    free(part);
    return r;
}

int main(int argc, char **argv)
{
    size_t n = 67108864;
    unsigned blocks = 1024, threads = 0;
    const char *ptx = CUDALAB_BENCH_PTX;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--n")) n = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--blocks")) blocks = (unsigned)strtoul(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--threads")) threads = (unsigned)strtoul(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--ptx")) ptx = argv[i + 1];
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (!threads) threads = cores > 0 ? (unsigned)cores : 1;
    ptx_module *m = load_ptx(ptx);

    /* the input: not all equal, exactly summable in float per block */
    float *host = malloc(n * sizeof *host);
    for (size_t i = 0; i < n; i++) host[i] = (float)((i * 2654435761u >> 7) % 17) * 0.25f;
    double csecs;
    float csum = plain_sum(host, n, &csecs);

    sim_machine *sm1 = sim_new(&(sim_options){ .threads = 1 });
    uint64_t in, out;
    cl_error err;
    if (sim_alloc(sm1, n * sizeof(float), "in", &in, &err) != CL_OK ||
        sim_alloc(sm1, blocks * sizeof(float), "partial", &out, &err) != CL_OK ||
        sim_write(sm1, in, host, n * sizeof(float), &err) != CL_OK) {
        fprintf(stderr, "bench_emu: %s\n", err.message);
        return 2;
    }
    free(host);
    long before = rss_kib();
    reset_peak();
    run one = launch(m, sm1, in, out, n, blocks);
    long peak = peak_kib();

    /* the same machine state on all cores: a second machine sharing nothing */
    sim_machine *smn = sim_new(&(sim_options){ .threads = threads });
    uint64_t in2, out2;
    float *chunk = malloc((1u << 20) * sizeof *chunk);
    sim_alloc(smn, n * sizeof(float), "in", &in2, &err);
    sim_alloc(smn, blocks * sizeof(float), "partial", &out2, &err);
    sim_free(sm1);
    for (size_t i = 0; i < n; i += 1u << 20) {
        size_t k = n - i < (1u << 20) ? n - i : (1u << 20);
        for (size_t j = 0; j < k; j++) chunk[j] = (float)(((i + j) * 2654435761u >> 7) % 17) * 0.25f;
        sim_write(smn, in2 + i * sizeof(float), chunk, k * sizeof(float), &err);
    }
    free(chunk);
    run all = launch(m, smn, in2, out2, n, blocks);

    const sim_counters *c = &one.r->counters;
    printf("reduceCascade, %zu floats (%.0f MiB), %u blocks of 256 threads, every check on\n", n,
           n * 4.0 / 1048576, blocks);
    printf("  lane instructions %llu, warp instructions %llu (%.1f active lanes), barriers %llu\n",
           (unsigned long long)c->lane_instructions, (unsigned long long)c->warp_instructions,
           c->active_lanes, (unsigned long long)c->barriers);
    printf("  global loads %llu requests, %llu sectors; shared %llu loads, %llu stores, %llu bank conflicts\n",
           (unsigned long long)c->global_load_requests, (unsigned long long)c->global_load_sectors,
           (unsigned long long)c->shared_load_requests, (unsigned long long)c->shared_store_requests,
           (unsigned long long)c->bank_conflicts);
    printf("  hazards: %zu (status %s)\n", one.r->nhazards, sim_status_name(one.r->status));
    printf("  plain C loop:         %7.3f s CPU  %.3g floats/s (sum %.1f)\n", csecs, n / csecs, csum);
    printf("  emulator, 1 thread:   %7.3f s wall %7.3f s CPU  %.3g lane instructions/s (wall), %.3g (CPU)  (sum %.1f)\n",
           one.secs, one.cpu, c->lane_instructions / one.secs, c->lane_instructions / one.cpu, one.sum);
    printf("  emulator, %u threads:  %7.3f s wall %7.3f s CPU  %.3g lane instructions/s (wall), %.3g a CPU-second  (sum %.1f)\n",
           threads, all.secs, all.cpu, all.r->counters.lane_instructions / all.secs,
           all.r->counters.lane_instructions / all.cpu, all.sum);
    printf("  load average at the end: %.2f (other programs on this machine share its %ld cores)\n", loadavg(), cores);
    printf("  memory: resident %.0f MiB before the launch (input in device memory); peak during it %.0f MiB;\n"
           "          the emulator's own state at most %.1f MiB above the input\n",
           before / 1024.0, peak / 1024.0, (peak - (long)(n * 4 / 1024)) / 1024.0);
    sim_launch_result_free(one.r);
    sim_launch_result_free(all.r);
    sim_free(smn);
    ptx_module_free(m);
    return 0;
}
