/* grade.h - one grade of one student file against one day: build both the
 * student's file and the reference, run every kernel at every size through
 * the day's harness on the chosen backend(s), and make the result model.
 *
 * Prefix: grade_. */
#ifndef CUDALAB_GRADE_H
#define CUDALAB_GRADE_H

#include <stdatomic.h>

#include "build/build.h"
#include "days/day.h"
#include "report/result.h"

#define GRADE_BACKENDS(X)                                   \
    X(AUTO, "auto", "the emulator, and the GPU where there is one") \
    X(EMU, "emu", "the emulator only")                     \
    X(GPU, "gpu", "the emulator's checks, then the GPU")

typedef enum grade_backend {
#define GRADE_BACKEND_ENUM(id, name, text) GRADE_BACKEND_##id,
    GRADE_BACKENDS(GRADE_BACKEND_ENUM)
#undef GRADE_BACKEND_ENUM
    GRADE_BACKEND_COUNT
} grade_backend;

/* -1 when name is none of auto, emu, gpu. */
int grade_backend_from_name(const char *name);

typedef struct grade_options {
    grade_backend backend;
    uint64_t seed;
    const build_options *build; /* NULL: defaults */
    int threads;                /* emulator host threads; 0: one per core */
    atomic_int *cancel;         /* set from another thread to stop */
    /* Called as the grade moves on ("building", "running", ...); may be NULL. */
    void (*progress)(void *ctx, const char *stage);
    void *progress_ctx;
} grade_options;

/* The check a hazard of kind k counts under: its family's, decided here
 * only (grade/run_kernel.c). A runaway loop, a trap and a division by zero (CL_FAMILY_KERNEL) are
 * about what the kernel computes: correctness. */
day_check grade_hazard_check(cl_hazard_kind k);
day_check grade_family_check(cl_hazard_family f);

/* Grade file against day m of course c. CL_OK: *out holds the result, passed
 * or not. Anything else: the grade could not be made (no nvcc, the reference
 * does not build, the emulator cannot run the code, cancelled) and err says
 * why in one line. */
cl_status grade_day(const day_course *c, const day_manifest *m, const char *file,
                    const grade_options *opt, report_result **out, cl_error *err);

/* The warp stepper (grade_trace.c): file built as a grade builds it, kernel
 * launched once on the emulator at a size (NULL: the course size) with the
 * grade's inputs for the seed, every collective and barrier of one warp of
 * one block recorded (sim/trace.h); nothing is judged. On a day of a
 * program the program runs as a grade runs it up to the kernel's launch
 * asked for, which sees the buffers as the launches before it left them,
 * and stops there. CL_OK: *out holds the record (which may show the block
 * or warp never ran) and how the launch ended; else err says why
 * (CL_COMPILE at the first error's line; CL_NOT_FOUND where the program
 * never makes that launch). */
struct sim_trace_step;
typedef struct grade_trace_request {
    const char *kernel;     /* the day's kernel */
    unsigned block[3];      /* blockIdx */
    unsigned warp;          /* the warp of the block: threadIdx (linear) / 32 */
    const day_size *size;   /* NULL: the course size */
    uint64_t seed;
    size_t max_steps;       /* 0: sim/trace.h's default */
    unsigned launch;        /* which launch of kernel, from 1 (0: the first); a program's */
} grade_trace_request;
typedef struct grade_trace_result {
    struct sim_trace_step *steps; /* sim/trace.h's records, in order */
    size_t nsteps, dropped;       /* dropped: past the cap */
    bool ran;                     /* the block and the warp ran */
    bool sandboxed;               /* the emulation ran in a sandboxed child */
    unsigned grid[3], block_dim[3];
    char *outcome;          /* backend_outcome_name: "completed", "deadlock", ... */
    char *detail;           /* what happened, when it did not complete; may be NULL */
    char *size;             /* "rows=8205 live=20 stride=32" */
    unsigned launch;        /* the launch of the kernel traced, from 1 */
    uint64_t instructions;  /* the warp instructions the warp ran */
} grade_trace_result;
cl_status grade_trace(const day_course *c, const day_manifest *m, const char *file,
                      const grade_trace_request *q, grade_trace_result *out, cl_error *err);
void grade_trace_result_free(grade_trace_result *r);

/* Theoretical occupancy on sm_75 (0..1) of blocks of `block` threads using
 * `registers` registers a thread and `shared` bytes of shared memory. */
double grade_occupancy_sm75(int block, int registers, int shared);
/* The blocks of `block` threads the course GPU (a Tesla T4: GRADE_COURSE_SMS
 * SMs of sm_75) holds at once, a cooperative launch's largest grid; why:
 * the figures, in words ("an SM holds 4 blocks of 256 threads with ..."). */
#define GRADE_COURSE_SMS 40
long grade_resident_blocks(int block, int registers, int shared, char *why, size_t n);

#endif
