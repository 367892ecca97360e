/* harness.h - the one harness every day shares. It reads what a kernel
 * needs from the day's manifest (docs/day-format.md): makes the inputs from
 * the seed, lays out buffers with sentinels around them, launches, reads
 * the outputs back; then judges a run's outputs against the reference
 * solution's on the same inputs (the reference is the oracle). Written
 * against the backend interface, so the emulator and the GPU run exactly
 * the same problem.
 *
 * Prefix: harness_. */
#ifndef CUDALAB_HARNESS_H
#define CUDALAB_HARNESS_H

#include "backend/backend.h"
#include "days/day.h"

typedef struct harness_request {
    backend *be;
    int module;
    const day_kernel *kernel; /* the manifest's: its parameters, launch, comparison */
    const char *entry;        /* its entry in the module (mangled) */
    const day_manifest *day;
    const day_size *size;
    uint64_t seed;
    int timing_reps;          /* GPU timing; 0 runs once */
    int threads;              /* host threads for making inputs; 0: one a core */
    const char *store;        /* a folder where large inputs made by rules are kept from
                                 process to process (the cache's); NULL: none */
    bool in_place;            /* a completed run's outputs may be judged where they are, in
                                 the backend's memory (the emulator's), until
                                 harness_result_free, rather than copied out */
    /* A program's run (kernel->is_program): the entry in the module of each of
     * the day's kernels, in the manifest's order; and a call after each of
     * its launches (the grade takes the emulator's figures there; may be NULL). */
    const char *const *entries;
    void (*after_launch)(void *ctx);
    void *after_launch_ctx;
    /* A cooperative kernel's bound (day_kernel.cooperative): the blocks the
     * course GPU holds resident at once of the module's kernel (by its name
     * in day.yaml) with `threads` a block and `dyn_shared` bytes of dynamic
     * shared memory, and why, in words; -1 when unknown (the grade's: NULL,
     * no bound). A larger grid is not launched: the run's outcome is
     * BACKEND_TOO_LARGE, with both figures. */
    long (*resident)(const void *ctx, const char *kernel, unsigned threads, unsigned dyn_shared, char *why,
                     size_t n);
    const void *resident_ctx;
    /* A program's run: asked after each launch (after after_launch); true
     * stops the program there, its outputs unread, as a launch that did not
     * complete stops it (the warp stepper's, once its launch ran; may be
     * NULL). */
    bool (*stop_after)(void *ctx);
    void *stop_after_ctx;
} harness_request;

/* One output buffer as it came back: its allocation, all of it. */
typedef struct harness_output {
    int param;           /* index into the kernel's params */
    size_t elem;         /* bytes an element */
    size_t count;        /* elements the kernel may write */
    size_t head, tail;   /* sentinel elements before and after them */
    unsigned char *host; /* (head + count + tail) * elem bytes */
    const unsigned char *initial; /* an in-out's values before the launch; NULL: sentinels */
} harness_output;

typedef struct harness_result {
    backend_run run;        /* outcome, counters, hazards, time */
    bool compared;          /* false when the launch did not complete */
    harness_output *out;    /* the outputs, in parameter order */
    int nout;
    /* set by harness_judge */
    long long wrong, total; /* in the kernel's unit */
    const char *unit;       /* that unit, plural: "rows" */
    report_mismatch first[5];
    int nfirst;
    char *note;             /* a finding beyond wrong values (padding written, ...) */
    double bytes;           /* bytes the kernel must move, for GB/s (0: unknown) */
    char *trace;            /* a program's run: what ran, "5 launches", "9 launches; sweep
                               ran 212 of at most 4000 times" */
    char *idle;             /* a program's run that completed: the stages that never ran,
                               "addTop, addSums"; NULL when every one did */
    backend *be;            /* with in_place: the outputs' buffers, released on free */
    backend_ptr kept[16];
    int nkept;
} harness_result;

void harness_result_free(harness_result *r);

/* Make the inputs, launch, fetch the outputs. CL_OK even when the kernel
 * failed (out->run says how); another status when the backend could not. */
cl_status harness_run(const harness_request *req, harness_result *out, cl_error *err);

/* Fill the day's `constants:` (its `__constant__` symbols) in the request's
 * module, each from its fill at the request's size and seed
 * (harness_const.c). CL_NOT_FOUND when the module lacks one or has it at
 * another size (harness_constants_problem says which). */
cl_status harness_constants(const harness_request *req, cl_error *err);
/* Why module cannot take the day's constants, for people ("your file
 * declares no __constant__ mask of 100 bytes"); NULL when it can (caller
 * frees). */
char *harness_constants_problem(backend *be, int module, const day_manifest *day,
                                const day_size *size);

/* Judge a run's outputs (mine) against the reference's at the same size and
 * seed: wrong and total in the kernel's unit, the first mismatches, and a
 * note for elements written outside what the reference writes. ref holds
 * nout outputs in the same order; its sentinels around each may be fewer. */
void harness_judge(const harness_request *req, const harness_output *ref, harness_result *mine);

/* The element count of every output, the unit and bytes, for a run that
 * could not be compared (it did not complete). */
void harness_count(const harness_request *req, harness_result *r);

/* "rows=8205 live=20 stride=32" (caller frees). */
char *harness_size_label(const day_size *s);

/* The bits a float buffer is filled with where a kernel must not write; a
 * float that no correct result equals. Byte buffers get HARNESS_SENTINEL_BYTE,
 * others harness_sentinel_of their components' width. */
#define HARNESS_SENTINEL 0x7fc0deadu
#define HARNESS_SENTINEL_BYTE 0xadu

/* The float round-off unit, 2^-24. */
#define HARNESS_U 5.9604644775390625e-08

/* ---- one component of an element, in its own type (harness_elem.c) ---- */

/* v stored as n (rounded to nearest even; an integer clamped to its range,
 * NaN as 0), and read back. */
void harness_elem_put(day_num n, unsigned char *to, double v);
double harness_elem_get(day_num n, const unsigned char *at);
/* A floating n's bits as an unsigned whose order is the numbers' (ULPs
 * are differences of these). */
uint64_t harness_elem_ordered(day_num n, const unsigned char *at);
/* The round-off unit of a floating n: 2^-24 a float, 2^-11 a half, 2^-8 a
 * bf16, 2^-53 a double. */
double harness_elem_unit(day_num n);
/* The significant digits that show n's values exactly enough to tell two
 * apart (5 a half, 17 a double); 0 for a float's 9 and for integers. */
int harness_elem_digits(day_num n);
/* The sentinel of a component `width` bytes wide (a NaN of each floating
 * width: 0x7fad, 0x7fc0dead, a double's), and count components of them. */
uint64_t harness_sentinel_of(size_t width);
void harness_put_sentinels(unsigned char *to, size_t count, size_t width);

/* ---- what the harness is made of (harness_data.c) ---- */

/* A deterministic stream of numbers: one per (seed, problem, size). */
typedef struct harness_rng {
    uint64_t state;
} harness_rng;

harness_rng harness_rng_for(uint64_t seed, const char *problem, const day_size *size);
uint64_t harness_rng_next(harness_rng *r);

/* An input every run of a grade shares, made once per (seed, day, buffer,
 * fill, length, size) and kept for the process's life; a large one made by
 * rules is kept in req->store too, and read back from there by the next
 * process that asks (checked against its digest; made again if it fails). */
const unsigned char *harness_input(const harness_request *req, const day_param *p, size_t count,
                                   size_t elem);
/* Forget every input the process made or read (a test's way to start as a
 * new process would). No pointer harness_input gave stays valid. */
void harness_inputs_forget(void);
/* A digest of every input the request's kernel gets at its size: the
 * reference's cached outputs are keyed by it, so they are the outputs of
 * exactly these inputs. */
uint64_t harness_inputs_digest(const harness_request *req);
/* The same input written into `to` (count * elem bytes): a large input of
 * one float rule is made there on several threads, others are copied. */
void harness_input_into(const harness_request *req, const day_param *p, size_t count, size_t elem,
                        void *to);

/* bytes (+1) of host memory for a buffer; a large one in huge pages.
 * Freed by free(), or by harness_free (the same bytes), which keeps the
 * last few large ones for the next harness_alloc of their size. */
void *harness_alloc(size_t bytes);
void harness_free(void *p, size_t bytes);

#endif
