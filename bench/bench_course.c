/* bench_course.c - grades the days' reference solutions as a student's
 * files, the way `cudalab grade` does, and prints one table: for each kernel
 * the lane instructions the emulator ran and, where a GPU ran, the median ms,
 * the GB/s and the share of the day's copy kernel's bandwidth; then how long
 * each whole grade took (every size, yours and the reference). A second
 * table gives the emulator's speed per kernel and per day: every launch of
 * the grade (every size, both sides) in lane instructions a CPU second of
 * its host threads (sim_set_observer), so a loaded machine does not lower it.
 *
 * Usage: bench_course [--backend auto|emu|gpu] [--threads N] [--day N] [--runs N]
 * (--runs: grade each day N times and keep each kernel's fastest run;
 * BENCH_LAUNCHES=1 in the environment lists every launch on stderr) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade.h"
#include "sim/sim.h"

/* The emulator's figures for one kernel name in one grade. */
typedef struct emu_kernel {
    int day;
    char name[64];
    uint64_t launches, lanes, cpu_ns;
} emu_kernel;

typedef struct emu_table {
    emu_kernel v[64];
    int n;
    int day;                 /* the day being graded */
} emu_table;

static void observe(void *ctx, const char *kernel, const sim_counters *c, uint64_t cpu_ns)
{
    emu_table *t = ctx;
    if (getenv("BENCH_LAUNCHES"))
        fprintf(stderr, "launch %s: %llu lane instructions, %llu blocks, %.4f CPU s\n", kernel,
                (unsigned long long)c->lane_instructions, (unsigned long long)c->blocks, cpu_ns * 1e-9);
    int i = 0;
    while (i < t->n && !(t->v[i].day == t->day && !strcmp(t->v[i].name, kernel))) i++;
    if (i == t->n) {
        if (t->n == (int)(sizeof t->v / sizeof t->v[0])) return;
        t->v[t->n++] = (emu_kernel){ .day = t->day };
        snprintf(t->v[i].name, sizeof t->v[i].name, "%s", kernel);
    }
    t->v[i].launches++;
    t->v[i].lanes += c->lane_instructions;
    t->v[i].cpu_ns += cpu_ns;
}

/* Keep, per kernel, the faster of the best so far and this run's. */
static void keep_best(emu_table *best, const emu_table *run)
{
    for (int i = 0; i < run->n; i++) {
        int j = 0;
        while (j < best->n && !(best->v[j].day == run->v[i].day && !strcmp(best->v[j].name, run->v[i].name)))
            j++;
        if (j == best->n) best->v[best->n++] = run->v[i];
        else if (run->v[i].cpu_ns < best->v[j].cpu_ns) best->v[j] = run->v[i];
    }
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

static void print_emu(const emu_table *t, int threads, int runs)
{
    printf("emulator speed, every launch of each grade (all sizes, yours and the reference), %s,\n"
           "best of %d run%s, load average %.2f:\n",
           threads == 1 ? "1 host thread" : threads ? "several host threads" : "one host thread a core", runs,
           runs == 1 ? "" : "s", loadavg());
    printf("%-4s %-22s %8s %14s %9s %16s\n", "day", "kernel", "launches", "lane instr", "CPU s",
           "lane instr/CPU s");
    for (int i = 0; i < t->n; i++) {
        const emu_kernel *k = &t->v[i];
        printf("%-4d %-22s %8llu %14llu %9.3f %16.3g\n", k->day, k->name, (unsigned long long)k->launches,
               (unsigned long long)k->lanes, k->cpu_ns * 1e-9, k->cpu_ns ? k->lanes / (k->cpu_ns * 1e-9) : 0);
        if (i + 1 < t->n && t->v[i + 1].day == k->day) continue;
        uint64_t lanes = 0, ns = 0;
        for (int j = 0; j <= i; j++)
            if (t->v[j].day == k->day) lanes += t->v[j].lanes, ns += t->v[j].cpu_ns;
        printf("%-4d %-22s %8s %14llu %9.3f %16.3g\n\n", k->day, "all kernels", "", (unsigned long long)lanes,
               ns * 1e-9, ns ? lanes / (ns * 1e-9) : 0);
    }
}

static void print_kernel(int day, const report_kernel *k)
{
    const report_side *y = &k->yours;
    printf("%-4d %-22s %-5s %14llu", day, k->name, k->passed ? "pass" : "FAIL",
           (unsigned long long)y->lane_instructions);
    if (y->has_ms) {
        printf("  %8.3f %9.1f", y->ms, y->gbps);
        if (y->copy_fraction >= 0)
            printf(" %6.0f%%", 100 * y->copy_fraction);
        else
            printf(" %7s", "-");
    }
    putchar('\n');
}

static int grade_one(const day_course *c, const day_entry *e, const grade_options *opt)
{
    const day_manifest *m = e->manifest;
    char *file = day_solution_path(c, m);
    report_result *r = NULL;
    cl_error err = {0};
    int rc = 0;
    if (grade_day(c, m, file, opt, &r, &err) != CL_OK) {
        fprintf(stderr, "%s: %s\n", m->slug, err.message);
        rc = 1;
    } else {
        for (int i = 0; i < r->nkernels; i++) print_kernel(m->day, &r->kernels[i]);
        if (r->copy_has_ms)
            printf("%-4d %-22s %-5s %14s  %8.3f %9.1f  (read + write)\n", m->day, "copy kernel",
                   "", "", r->copy_ms, r->copy_gbps);
        printf("%-4d whole grade: %.2f s on %s%s%s\n\n", m->day, r->seconds, r->backend,
               r->device ? ", " : "", r->device ? r->device : "");
        rc = r->passed ? 0 : 1;
    }
    report_free(r);
    free(file);
    return rc;
}

/* A grade again, for its emulator figures only. */
static int grade_quiet(const day_course *c, const day_entry *e, const grade_options *opt)
{
    char *file = day_solution_path(c, e->manifest);
    report_result *r = NULL;
    cl_error err = {0};
    int rc = grade_day(c, e->manifest, file, opt, &r, &err) != CL_OK || !r->passed;
    report_free(r);
    free(file);
    return rc;
}

int main(int argc, char **argv)
{
    grade_options opt = {.backend = GRADE_BACKEND_AUTO, .seed = 1};
    int only = 0, runs = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--backend")) opt.backend = (grade_backend)grade_backend_from_name(argv[i + 1]);
        if (!strcmp(argv[i], "--threads")) opt.threads = atoi(argv[i + 1]);
        if (!strcmp(argv[i], "--day")) only = atoi(argv[i + 1]);
        if (!strcmp(argv[i], "--runs")) runs = atoi(argv[i + 1]) > 0 ? atoi(argv[i + 1]) : 1;
    }
    if ((int)opt.backend < 0) return fprintf(stderr, "--backend takes auto, emu or gpu\n"), 2;
    /* the grade's sandbox runs the launches in a child (grade/isolate.c),
       where the observer's figures and the CPU time would stay: the grades
       here run in this process, as bench_compute's do */
    setenv("CUDALAB_SANDBOX", "off", 1);
    day_course *c = NULL;
    cl_error err = {0};
    if (day_course_load(day_course_root(), &c, &err) != CL_OK)
        return fprintf(stderr, "%s\n", err.message), 2;
    printf("%-4s %-22s %-5s %14s  %8s %9s %7s\n", "day", "kernel", "", "lane instr", "ms", "GB/s",
           "copy");
    int rc = 0;
    static emu_table best, run;
    sim_set_observer(observe, &run);
    for (int i = 0; i < c->ndays; i++) {
        if (!c->days[i].manifest || (only && c->days[i].manifest->day != only)) continue;
        for (int k = 0; k < runs; k++) {
            run.n = 0;
            run.day = c->days[i].manifest->day;
            if (k == 0) rc |= grade_one(c, &c->days[i], &opt);
            else rc |= grade_quiet(c, &c->days[i], &opt);
            keep_best(&best, &run);
        }
    }
    sim_set_observer(NULL, NULL);
    print_emu(&best, opt.threads, runs);
    day_course_free(c);
    return rc;
}
