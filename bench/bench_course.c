/* bench_course.c - grades the three days' reference solutions as a student's
 * files, the way `cudalab grade` does, and prints one table: for each kernel
 * the lane instructions the emulator ran and, where a GPU ran, the median ms,
 * the GB/s and the share of the day's copy kernel's bandwidth; then how long
 * each whole grade took (every size, yours and the reference).
 *
 * Usage: bench_course [--backend auto|emu|gpu] [--threads N] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade.h"

static void print_kernel(int day, const report_kernel *k)
{
    const report_side *y = &k->yours;
    printf("%-4d %-22s %-5s %14llu", day, k->name, k->passed ? "pass" : "FAIL",
           (unsigned long long)y->instructions);
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

int main(int argc, char **argv)
{
    grade_options opt = {.backend = GRADE_BACKEND_AUTO, .seed = 1};
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--backend")) opt.backend = (grade_backend)grade_backend_from_name(argv[i + 1]);
        if (!strcmp(argv[i], "--threads")) opt.threads = atoi(argv[i + 1]);
    }
    if ((int)opt.backend < 0) return fprintf(stderr, "--backend takes auto, emu or gpu\n"), 2;
    day_course *c = NULL;
    cl_error err = {0};
    if (day_course_load(day_course_root(), &c, &err) != CL_OK)
        return fprintf(stderr, "%s\n", err.message), 2;
    printf("%-4s %-22s %-5s %14s  %8s %9s %7s\n", "day", "kernel", "", "lane instr", "ms", "GB/s",
           "copy");
    int rc = 0;
    for (int i = 0; i < c->ndays; i++)
        if (c->days[i].manifest) rc |= grade_one(c, &c->days[i], &opt);
    day_course_free(c);
    return rc;
}
