/* grade_internal.h - what the files of the grade module share. */
#ifndef CUDALAB_GRADE_INTERNAL_H
#define CUDALAB_GRADE_INTERNAL_H

#include "backend/backend.h"
#include "days/harness.h"
#include "grade.h"

/* A day's kernel as found in one build. */
typedef struct grade_entry {
    bool present, signature_ok;
    const char *entry;                /* mangled; owned by the build */
    const build_kernel *resources;    /* ptxas's figures for sm_75 */
    char *problem;                    /* why it cannot run; NULL when it can */
    char *note;                       /* a remark that does not fail it */
} grade_entry;

void grade_find_kernel(const build_result *br, const day_kernel *k, grade_entry *out);
void grade_entry_free(grade_entry *e);

/* One backend with the two modules loaded. */
typedef struct grade_target {
    backend *be;
    int mine, ref, copy; /* module indices; copy is -1 without a copy kernel */
} grade_target;

typedef struct grading {
    const day_course *course;
    const day_manifest *day;
    const grade_options *opt;
    const day_harness *harness;
    report_result *r;
    build_result *mine, *ref, *copy;
    grade_target emu;
    grade_target gpu;  /* be is NULL without a GPU */
} grading;

/* Run one kernel at every size on the emulator, and the reference at the
 * course size; fill its report entry. */
cl_status grade_run_kernel(grading *g, const day_kernel *k, cl_error *err);
/* Turn the kernels' results and hazards into the checks. */
void grade_decide_checks(grading *g);
/* Add a run's hazards to the report, folding repeats. */
void grade_take_hazards(report_result *r, backend_run *run, const char *size);

#endif
