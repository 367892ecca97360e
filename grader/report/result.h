/* result.h - the one result model of a grade. Every writer (text, terminal UI,
 * JSON, CSV, Gradescope) reads it; the JSON form is the contract of docs/architecture.md.
 *
 * Prefix: report_. */
#ifndef CUDALAB_RESULT_H
#define CUDALAB_RESULT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/core.h"
#include "core/figures.h"
#include "core/hazard_kinds.h"
#include "days/day.h"

typedef enum report_severity { REPORT_ERROR, REPORT_WARNING, REPORT_NOTE } report_severity;
const char *report_severity_name(report_severity s); /* "error", "warning", "note" */

/* A compiler diagnostic at the student's file. */
typedef struct report_diag {
    char *file;
    int line, column;
    report_severity severity;
    char *message;
} report_diag;

/* What the lanes of a warp did at the first instance of a mask hazard. */
typedef struct report_lanes {
    uint32_t mask;      /* the membermask the instruction named */
    uint32_t active;    /* lanes that executed the instruction */
    uint32_t undefined; /* lanes whose read was undefined */
    uint32_t clamped;   /* lanes whose source was past the warp's (or segment's)
                         * edge: CUDA hands them their own value back */
    int8_t source[32];  /* the lane each asked to read (its own for a clamped
                         * lane); -1 when none */
} report_lanes;

typedef struct report_hazard {
    day_check check;          /* which check it fails (or warns under): grade_hazard_check */
    report_severity severity; /* errors fail the check; warnings do not */
    cl_hazard_kind kind;      /* core/hazard_kinds.h; the JSON's "kind" is its slug */
    bool more;                /* a record that counts hazards past the report's cap
                               * ("kind": "more"); kind is then the first one's */
    char *kernel;             /* the plain name, e.g. "reduceRowsBallotDown" */
    char *file;               /* base name of the source file */
    int line;                 /* 0 when unknown */
    int line2;                /* the other line (a race's other side, an exit), or 0 */
    int block[3];
    int warp, lane;
    int source_lane;          /* -1 when it does not apply */
    int launch;               /* a day's program: the launch of kernel it came from first,
                               * from 1 (`cudalab trace --launch`); 0: not a program's */
    bool has_mask;
    uint32_t mask;
    bool has_lanes;
    report_lanes lanes;
    uint64_t count;           /* in how many warps it happened */
    char *message;
    char *advice;             /* one line saying what to change, decided where the hazard
                               * was made (sim_hazard's advice); "" or NULL when none */
    char *size;               /* the first size it was seen at, e.g. "rows=8205 live=20" */
    int sizes;                /* at how many sizes; 0: 1 */
    /* Seen first at a hidden size (report_hazard_redact): only its kind,
     * check, kernel, file and lines are known; no place, mask, lanes or
     * figure, and count is hidden_sizes. */
    bool hidden;
    int hidden_sizes;         /* the hidden sizes it was seen at (count never adds them) */
} report_hazard;

/* One kernel's figures from one side (yours or the reference), course size. */
typedef struct report_side {
    bool ran;                 /* false when the kernel is missing or did not build */
    long long wrong, total;   /* rows, elements or blocks; -1 when unknown */
    long registers, shared_bytes, spill_bytes, stack_bytes, local_bytes; /* -1: unknown */
    double occupancy;         /* theoretical, 0..1; -1 when unknown */
    /* The emulator's counters, core/figures.h's rows by their names
     * (lane_instructions, global_load_sectors, bank_conflicts, ...); 0 when
     * none were counted. */
    CL_COUNTERS(CL_COUNTER_FIELD)
    bool has_ms;
    double ms, gbps;          /* GPU medians */
    double copy_fraction;     /* of the copy kernel's bandwidth; -1 when unknown */
    /* The driver's own figures for the GPU's architecture; -1 when no GPU ran. */
    long driver_registers, driver_shared_bytes, driver_local_bytes;
} report_side;

/* A correctness failure, for the report: which element, what was expected. */
typedef struct report_mismatch {
    long long index;
    double expected, got;
    bool integer;             /* the output's elements are integers: shown as integers */
    char buffer[32];          /* the output buffer it is in ("out"); "" when unknown */
    char component;           /* a vector element's component ('x', 'y', 'z', 'w'); 0: none */
    int digits;               /* significant digits the element's type holds (5 for a half,
                                 17 for a double); 0: a float's 9 */
} report_mismatch;

/* Correctness at one size. */
typedef struct report_size_result {
    char *size;               /* "n=1000" */
    bool ran;
    char *outcome;            /* NULL when the launch completed; else "deadlock", ... */
    long long wrong, total;
    report_mismatch first[5];
    int nfirst;
    char *note;               /* e.g. "wrote 3 padding columns" */
    bool gpu_ran;             /* the GPU ran it too */
    long long gpu_wrong;      /* what the GPU got wrong, -1 when it did not finish */
    char *gpu_outcome;        /* NULL when the GPU's launch completed */
    double seconds;           /* wall time of the student's run at this size; not in
                               * the JSON (a report is the same from run to run) */
    char *trace;              /* a day's program: what ran, "9 launches; sweep ran 212
                                 times of at most 4000"; NULL otherwise; not in the JSON */
    char *idle_stages;        /* a program's stages that did not run at this size, "addTop";
                                 NULL when every one did; not in the JSON */
} report_size_result;

typedef struct report_kernel {
    char *name;
    char *signature;          /* the day's */
    bool present;             /* the student's file defines it */
    bool passed;
    report_side yours, reference;
    report_size_result *sizes;
    int nsizes;
    char *problem;            /* missing, wrong signature, ...; NULL when fine */
    char *unit;               /* what wrong/total count: "rows", "elements", "blocks" */
    double bytes_needed;      /* the day's `bytes:` at the course size; 0: unknown */
    double seconds;           /* wall time of its runs, the reference's outputs and the
                               * GPU's included; not in the JSON, as sizes' seconds */
} report_kernel;

typedef struct report_check {
    bool applies; /* some kernel of the day lists it; false: not shown or counted */
    bool ran;
    bool passed;
    char *detail;
    double points, max_points; /* its scores' sums (report_score_totals) */
} report_check;

/* What one check of one kernel earned: the grade decides it once
 * (grade_decide_points, grade/checks.c, from the rule docs/instructor-guide.md
 * states) and every writer (text, JSON, CSV, Gradescope, Classroom) prints
 * it. A kernel the day lists has a score for each check its `checks` name
 * (compile and performance, which always run, are worth no points); an
 * optional kernel only when the file defines it. */
typedef struct report_score {
    char *kernel;
    day_check check;
    bool passed;               /* earned: points == max_points */
    double points, max_points; /* all or nothing: 0 or max_points */
    char *detail;              /* why not earned, one line; "" when earned */
} report_score;

typedef struct report_result {
    char *day, *file, *backend;
    uint64_t seed;
    bool passed;
    report_check checks[DAY_CHECK_COUNT];
    report_kernel *kernels;
    int nkernels;
    report_hazard *hazards;
    int nhazards;
    report_diag *diags;
    int ndiags;
    char *printf_text;        /* device printf output, capped; NULL when none */
    double seconds;           /* how long the grade took */
    double build_seconds;     /* of which the builds; not in the JSON */
    bool copy_has_ms;
    double copy_ms, copy_gbps; /* the day's copy kernel, GPU only */
    char *device;             /* "NVIDIA H200 (sm_90)" where a GPU ran */
    double device_peak_gbps;  /* its memory clock x bus width; 0: unknown */
    double device_wavefronts_per_ms; /* its SMs x clock: shared-memory wavefronts a ms, one
                                        an SM a clock; 0: unknown */
    /* The sizes the grade used: the course size and hidden_sizes more, from
     * a course of this edition: "instructor" (the reference's source is
     * there), "student" (the reference as PTX, no hidden sizes: `cudalab
     * pack student`), "autograder" (PTX and hidden sizes: `pack gradescope`). */
    int hidden_sizes;
    char *edition;            /* NULL when unknown (an older report) */
    report_score *scores;     /* the points, kernel by kernel, check by check */
    int nscores;
    double points, max_points; /* their sums */
} report_result;

/* "sizes: course + 0 hidden (student edition)"; the instructor's edition,
 * the usual one, is not named: "sizes: course + 4 hidden" (caller frees). */
char *report_sizes_line(const report_result *r);

report_result *report_new(const char *day, const char *file, const char *backend,
                          uint64_t seed);
void report_free(report_result *r);
report_kernel *report_add_kernel(report_result *r, const char *name);
report_hazard *report_add_hazard(report_result *r);
report_diag *report_add_diag(report_result *r);
report_size_result *report_add_size(report_kernel *k, const char *size);
void report_side_init(report_side *s);

/* A kernel's resource figures beside the day's limits: the one list every
 * writer of them shows (the resources check, Gradescope, `cudalab author`,
 * the day screen), in this order: registers, shared memory, spills, stack. */
enum { REPORT_RESOURCES = 4 };
typedef struct report_resource {
    const char *what;         /* what the figure counts: "registers a thread" */
    const char *noun;         /* the thing itself, for "no spills": "spills" */
    long have, limit;         /* -1: unknown (s NULL), no limit */
} report_resource;
void report_resources(const report_side *s, const day_limits *L, report_resource out[REPORT_RESOURCES]);
/* Whether the figure is known and past a limit the day sets. */
bool report_resource_over(const report_resource *r);
void report_hazard_free(report_hazard *h);
/* A hazard met at a hidden size, cut down to what no hidden figure is in:
 * its check, severity, kind, kernel, file and lines; the message says so,
 * the size is "a hidden size", count and hidden_sizes are 1. A kernel can
 * write a hidden size into an offset, a length, a mask or a block it
 * touches: none of those is kept, so no writer can show one. */
void report_hazard_redact(report_hazard *h);
/* A score for the kernel's check (detail copied; may be NULL); then
 * report_score_totals sums them into the checks and the result. */
report_score *report_add_score(report_result *r, const char *kernel, day_check c, bool passed,
                               double max_points, const char *detail);
void report_score_totals(report_result *r);
/* Set a check's outcome; detail is copied (may be NULL). */
void report_set_check(report_result *r, day_check c, bool passed, const char *detail);
/* A compared value as its output's elements are: "1234567890" for an
 * integer output, "0.100000001" (9 significant digits) for a float one. */
void report_value(char *buf, size_t size, double v, bool integer);
/* One of a mismatch's values (its expected or its got) in the element's own
 * type: an integer as one, a half to 5 significant digits. */
void report_mismatch_value(char *buf, size_t size, const report_mismatch *m, double v);
/* What the element should hold: its value, or "a number" where the day
 * gives it none (a buffer whose total alone is compared; a NaN is wrong). */
void report_mismatch_expected(char *buf, size_t size, const report_mismatch *m);
/* Where a mismatch is: "out[17]", "v[3].y", "[17]" when the buffer is unknown. */
void report_mismatch_where(char *buf, size_t size, const report_mismatch *m);
/* passed := every check that ran passed. */
void report_finish(report_result *r);

/* The performance section's figures of one side, from the emulator's
 * counters at the course size (perf.c). A figure that cannot be known is
 * -1. The modelled times are a model, not a measurement: the bytes the
 * sectors hold (each sector counted once a request, as if none came from a
 * cache) over a memory bandwidth, plus the shared-memory wavefronts (one an
 * access and one more for each bank conflict) at one an SM a clock, the two
 * added as if nothing overlapped. */
#define REPORT_T4_GBPS 320.0 /* the course GPU's peak DRAM bandwidth (Tesla T4) */
#define REPORT_T4_WAVEFRONTS_PER_MS (40 * 1590e3) /* its 40 SMs at 1,590 MHz */
typedef struct report_perf {
    bool known;                          /* the side ran on the emulator */
    /* core/figures.h's CL_FIGURES by their names: load_sectors and
     * store_sectors (sectors a warp request), bytes_moved ((load + store
     * sectors) x 32), bank_conflicts (extra wavefronts a shared access),
     * occupancy (theoretical, 0..1), active_lanes (a warp instruction, of
     * 32), global_atomics and shared_atomics (one a lane) */
#define REPORT_PERF_FIELD(id, name, ...) double name;
    CL_FIGURES(REPORT_PERF_FIELD)
#undef REPORT_PERF_FIELD
    double load_ideal, store_ideal;      /* sectors a request, were its bytes contiguous */
    double wavefronts;                   /* shared accesses + bank conflicts */
    double t4_ms, device_ms;             /* modelled times */
} report_perf;
void report_perf_of(const report_result *r, const report_side *s, report_perf *out);
/* The bandwidth the model uses for the grade's own GPU: the copy kernel's
 * where it was timed ("copy kernel"), else the device's peak ("peak");
 * 0 and NULL where no GPU ran. */
double report_device_gbps(const report_result *r, const char **source);
/* One line that says what to change where yours is worse than the
 * reference, from the figures; NULL when nothing is (caller frees). */
char *report_perf_advice(const report_kernel *k, const report_result *r);

/* A figure of one side, as the report shows it; -1 when unknown. */
double report_figure(const report_perf *p, cl_figure f);
/* Its ideal (figures.h's CL_FIGURE_IDEALS; bytes_needed: the kernel's, 0 when
 * unknown); -1 when it has none or it is unknown. */
double report_figure_ideal(const report_perf *p, double bytes_needed, cl_figure f);
/* A gate's figure of one side: as report_figure, but a figure whose ideal
 * is 0 is 0 where nothing was accessed (no shared access: no conflict). */
double report_gate_figure(const report_perf *p, cl_figure f);
/* The advice line of one figure, said whatever the reference's (a gate
 * on it failed): the words report_perf_advice gives for it (caller frees). */
char *report_gate_advice(const report_kernel *k, const report_result *r, cl_figure f);

/* JSON (the contract of docs/architecture.md, plus extra keys). */
char *report_to_json(const report_result *r); /* caller frees */
/* The one object `grade --json` prints when it could not grade: "day" and
 * "file" (null when unknown), "passed": false, and "error" with "message",
 * and "file" and "line" where the reason has a place. Caller frees. */
char *report_error_json(const char *day, const char *file, const char *message,
                        const char *where, int line);
cl_status report_from_json(const char *text, report_result **out, cl_error *err);

#endif
