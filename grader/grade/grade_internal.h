/* grade_internal.h - what the files of the grade module share. */
#ifndef CUDALAB_GRADE_INTERNAL_H
#define CUDALAB_GRADE_INTERNAL_H

#include "backend/backend.h"
#include "harness/harness.h"
#include "grade.h"

/* Wall-clock seconds (gettimeofday), for the report's timings. */
double grade_now(void);

/* A day's kernel as found in one build. */
typedef struct grade_entry {
    bool present, signature_ok;
    const char *entry;                /* mangled; owned by the build */
    const build_kernel *resources;    /* ptxas's figures for sm_75 */
    char *problem;                    /* why it cannot run; NULL when it can */
    char *note;                       /* a remark that does not fail it */
} grade_entry;

void grade_find_kernel(const build_result *br, const day_kernel *k, grade_entry *out);
/* A kernel of br whose name is one edit (a letter added, dropped or
 * changed) or only case away from `want`, and no kernel of the day:
 * "did you mean"; NULL when none (caller frees). */
char *grade_kernel_near(const build_result *br, const day_manifest *day, const char *want);
void grade_entry_free(grade_entry *e);

/* One backend with the two modules loaded. */
typedef struct grade_target {
    backend *be;
    int mine, ref, copy; /* module indices; copy is -1 without a copy kernel */
} grade_target;

/* One grade's CPU, its compile and its emulation together (cl_proc_cpu_ns:
 * cudalab's threads and the tools' processes), so that no input can make a
 * grade take more: a tool gets what is left (build.h's budget), the
 * emulation at most what is left. Under 15 s with what follows the last
 * check (the report); a sanitizer build's is eight times longer, as its
 * emulation's cap is. */
#if defined(__SANITIZE_ADDRESS__)
#define GRADE_CPU_SECONDS 112.0
#else
#define GRADE_CPU_SECONDS 14.0
#endif

typedef struct grading {
    const day_course *course;
    const day_manifest *day;
    const grade_options *opt;
    build_options build; /* the options' (or defaults), with the GPU's arch */
    report_result *r;
    build_result *mine, *ref, *copy; /* copy: the day's baseline, or NULL */
    grade_target emu;
    grade_target gpu;  /* be is NULL without a GPU */
    char gpu_arch[16]; /* "sm_90" */
    uint64_t emu_deadline_ns; /* the cap on the student's emulation (process CPU time),
                                 set at its first run */
    cl_cpu_budget budget;     /* the whole grade's CPU, the compiler's processes included
                                 (GRADE_CPU_SECONDS from grade_day's start) */
    bool emu_by_budget;       /* the budget, not GRADE_EMU_SECONDS, set the deadline */
    uint64_t emu_work_left;   /* warp instructions the student's emulation may still run
                                 (GRADE_EMU_WORK at its first run: run_kernel.c) */
    char *input_store;   /* the cache's folder of inputs made by rules, or NULL */
    /* A day's program: each kernel's entry in the student's build and the
     * reference's (NULL where missing), and the busiest block of the
     * launches of the run under way (grade_program.c). */
    const char **program_mine, **program_ref;
    uint64_t program_block_work;
} grading;

/* harness_request.resident for a kernel of a build (ctx, a build_result):
 * the course GPU's bound with ptxas's registers and static shared memory. */
long grade_build_resident(const void *ctx, const char *kernel, unsigned threads, unsigned dyn_shared, char *why,
                          size_t n);
/* A harness request of this grade: kernel k's entry in t's module at a
 * size (reps: timed launches on a GPU). */
harness_request grade_request(const grading *g, const grade_target *t, int module,
                              const day_kernel *k, const char *entry, const day_size *size, int reps);

/* The reference's outputs at one size (oracle.c): the expected outputs,
 * from the cache or a run of the reference on the emulator. */
typedef struct grade_oracle {
    bool ran, completed;
    char *why;             /* how it ended, when it did not complete */
    harness_output *out;
    int nout;
    bool has_counters;
    backend_counters counters;
    uint64_t block_work;   /* its busiest block's warp instructions */
    const void *map;       /* the cache file the outputs lie in, mapped; NULL: they own memory */
    size_t map_bytes;
} grade_oracle;

cl_status grade_oracle_get(grading *g, const day_kernel *k, const char *entry,
                           const day_size *size, grade_oracle *o, cl_error *err);
void grade_oracle_free(grade_oracle *o);

/* The day's sizes in grading order: the course size, then the hidden ones. */
const day_size *grade_size(const grading *g, int index);
int grade_nsizes(const grading *g);

/* Run one kernel at every size on the emulator and judge it against the
 * reference's outputs; fill its report entry. */
cl_status grade_run_kernel(grading *g, const day_kernel *k, cl_error *err);
/* One run, judged against oracle (NULL: counted, not judged). */
cl_status grade_run_size(grading *g, const grade_target *t, int module, const day_kernel *k,
                         const char *entry, const day_size *size, int reps,
                         const grade_oracle *oracle, harness_result *hr, cl_error *err);

/* ---- a day's program (grade_program.c) ---- */

/* Run the day's program at every size as one judged entry, with an entry
 * for each kernel it launches. */
cl_status grade_run_program(grading *g, cl_error *err);
/* A request for the program's run in module of t: its kernels' entries, and
 * on the emulator the note of each launch's busiest block. */
void grade_program_request(const grading *g, const grade_target *t, int module,
                           harness_request *req);
/* What run_kernel.c does for one kernel, for the program's entries. */
void grade_side_from_build(report_side *s, const build_kernel *bk, int block);
void grade_reference_side(grading *g, report_kernel *rk, const day_kernel *k,
                          const grade_oracle *o);
cl_status grade_run_mine(grading *g, report_kernel *rk, const day_kernel *k, const char *entry,
                         int index, const grade_oracle *oracle, uint64_t ref_block, cl_error *err);

/* fn (the runs and the checks they decide) in a sandboxed child, whose
 * report takes g->r's place (isolate.c); in this process where a GPU is
 * open, CUDALAB_SANDBOX=off or no child can be made. */
cl_status grade_isolated(grading *g, cl_status (*fn)(grading *, cl_error *), cl_error *err);

/* The kernel's check script, where it has one, on a judged run. */
cl_status grade_check_script(grading *g, const harness_request *req, const grade_oracle *oracle,
                             harness_result *hr, cl_error *err);

/* The GPU (gpu_run.c): open it when the options ask and there is one; run a
 * kernel (mine and ref entries may be NULL) at every size, timed at the
 * course size; time the copy kernel; decide the performance check. */
cl_status grade_open_gpu(grading *g, build_options *bo, cl_error *err);
cl_status grade_run_gpu_kernel(grading *g, report_kernel *rk, const day_kernel *k,
                               const char *mine, const char *ref, const grade_oracle *oracles,
                               cl_error *err);
cl_status grade_run_gpu_copy(grading *g, cl_error *err);
void grade_decide_performance(grading *g);

/* The day's performance gates (gates.c): whether any kernel has one, and
 * each kernel's judged at the course size; what failed (figure, bound,
 * advice) into failed, what could not be judged and then what was met
 * ("gates met: ...") into notes; the number that failed. A kernel that
 * fails one no longer passes. */
bool grade_day_has_gates(const day_manifest *m);
int grade_judge_gates(grading *g, cl_str *failed, cl_str *notes);

/* Turn the kernels' results and hazards into the checks. */
void grade_decide_checks(grading *g);
/* Each kernel's points, check by check, into the report's scores: after the
 * checks, and for a file that did not compile too. */
void grade_decide_points(grading *g);
/* Add a run's hazards to the report, folding repeats. A hidden size's are
 * redacted first (report_hazard_redact) and fold into the record of their
 * place: they add a size, never a warp, to a course-size record. */
void grade_take_hazards(report_result *r, backend_run *run, const char *size, bool hidden);

#endif
