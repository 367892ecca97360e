/* day.h - a day of the course: its manifest (day.yaml) read into typed structs
 * and checked, and the course, the days found under days/.
 *
 * Prefix: day_. The manifest's schema is docs/authoring.md. */
#ifndef CUDALAB_DAY_H
#define CUDALAB_DAY_H

#include <stdbool.h>
#include <stdint.h>

#include "core/core.h"
#include "core/figures.h"

/* The grader's checks, in report order: X(ID, "name"). The names are a
 * contract (docs/architecture.md). */
#define DAY_CHECKS(X)                      \
    X(COMPILE, "compile")                  \
    X(CORRECTNESS, "correctness")          \
    X(MASK_HONESTY, "mask-honesty")        \
    X(BARRIER_HONESTY, "barrier-honesty")  \
    X(RACES, "races")                      \
    X(MEMORY, "memory")                    \
    X(RESOURCES, "resources")              \
    X(PERFORMANCE, "performance")

typedef enum day_check {
#define DAY_CHECK_ENUM(id, name) DAY_CHECK_##id,
    DAY_CHECKS(DAY_CHECK_ENUM)
#undef DAY_CHECK_ENUM
    DAY_CHECK_COUNT
} day_check;

const char *day_check_name(day_check c);
/* -1 when name is not a check. */
int day_check_from_name(const char *name);

/* The numbers an element is made of: X(ID, bytes, kind), kind 'f' a
 * floating type, 'i' a signed integer, 'u' an unsigned one. */
#define DAY_NUMS(X) \
    X(F32, 4, 'f')  \
    X(F64, 8, 'f')  \
    X(F16, 2, 'f')  \
    X(BF16, 2, 'f') \
    X(I8, 1, 'i')   \
    X(U8, 1, 'u')   \
    X(I16, 2, 'i')  \
    X(I32, 4, 'i')  \
    X(U32, 4, 'u')  \
    X(I64, 8, 'i')  \
    X(U64, 8, 'u')

typedef enum day_num {
#define DAY_NUM_ENUM(id, bytes, kind) DAY_NUM_##id,
    DAY_NUMS(DAY_NUM_ENUM)
#undef DAY_NUM_ENUM
    DAY_NUM_COUNT
} day_num;

/* The element types a day's buffers and scalars may hold: X(ID, "C
 * spelling", "Itanium mangling", number, components). Each is a parameter
 * type three ways: `T` (a scalar; not the vectors), `const T*` (an input)
 * and `T*` (an output or in-out), mangled `m`, `PKm` and `Pm`. The
 * manglings are nvcc's (a kernel built with -ptx names its .entry so). */
#define DAY_ELEM_TYPES(X)                                       \
    X(FLOAT, "float", "f", DAY_NUM_F32, 1)                      \
    X(INT, "int", "i", DAY_NUM_I32, 1)                          \
    X(UNSIGNED, "unsigned", "j", DAY_NUM_U32, 1)                \
    X(UCHAR, "unsigned char", "h", DAY_NUM_U8, 1)               \
    X(SIZE_T, "size_t", "m", DAY_NUM_U64, 1)                    \
    X(DOUBLE, "double", "d", DAY_NUM_F64, 1)                    \
    X(HALF, "__half", "6__half", DAY_NUM_F16, 1)                \
    X(BF16, "__nv_bfloat16", "13__nv_bfloat16", DAY_NUM_BF16, 1) \
    X(SCHAR, "signed char", "a", DAY_NUM_I8, 1)                 \
    X(SHORT, "short", "s", DAY_NUM_I16, 1)                      \
    X(LONGLONG, "long long", "x", DAY_NUM_I64, 1)               \
    X(ULONGLONG, "unsigned long long", "y", DAY_NUM_U64, 1)     \
    X(FLOAT2, "float2", "6float2", DAY_NUM_F32, 2)              \
    X(FLOAT4, "float4", "6float4", DAY_NUM_F32, 4)              \
    X(INT2, "int2", "4int2", DAY_NUM_I32, 2)                    \
    X(INT4, "int4", "4int4", DAY_NUM_I32, 4)                    \
    X(HALF2, "__half2", "7__half2", DAY_NUM_F16, 2)

/* Kernel parameter types: DAY_PARAM_CONST_FLOAT_PTR, DAY_PARAM_FLOAT_PTR,
 * DAY_PARAM_FLOAT, ... for each element type above. */
typedef enum day_param_type {
#define DAY_PARAM_ENUM(id, c, m, num, n) DAY_PARAM_CONST_##id##_PTR, DAY_PARAM_##id##_PTR, DAY_PARAM_##id,
    DAY_ELEM_TYPES(DAY_PARAM_ENUM)
#undef DAY_PARAM_ENUM
    DAY_PARAM_COUNT
} day_param_type;

const char *day_param_type_name(day_param_type t);    /* "const float*" */
const char *day_param_type_mangled(day_param_type t); /* "PKf" */
int day_param_type_bytes(day_param_type t);           /* the argument's: 8 for a pointer */
bool day_param_type_is_pointer(day_param_type t);
/* Whether t's elements are floating (float, double, __half, __nv_bfloat16,
 * and vectors of them). */
bool day_param_type_is_float(day_param_type t);
/* The number one component of t's elements is, and how many components an
 * element has (4 for float4, 1 for a scalar type). */
day_num day_param_num(day_param_type t);
int day_param_components(day_param_type t);
/* The bytes of one element of a buffer of type t (16 for float4). */
size_t day_param_elem_bytes(day_param_type t);
/* A number's bytes, and whether it is floating or a signed integer. */
int day_num_bytes(day_num n);
bool day_num_is_float(day_num n);
bool day_num_is_signed(day_num n);
/* The C spelling of a number ("__half"), for messages. */
const char *day_num_name(day_num n);

/* Where something is in day.yaml (1-based), for messages. */
typedef struct day_pos {
    int line, column;
} day_pos;

/* An expression of the manifest (docs/day-format.md), where it was written,
 * compiled once every size variable is known. */
typedef struct day_expr day_expr;
typedef struct day_formula {
    char *text;
    day_pos at;
    bool per_element; /* may read `i` (a fill, a where) */
    day_expr *e;      /* NULL until the manifest is whole */
} day_formula;

/* SCRATCH: a buffer of a program the student's kernels may use as they
 * like; never compared (a program's buffers only). */
typedef enum day_role { DAY_ROLE_IN, DAY_ROLE_OUT, DAY_ROLE_INOUT, DAY_ROLE_SCALAR,
                        DAY_ROLE_SCRATCH } day_role;

/* How a buffer's elements are made: X(ID, "key"). */
#define DAY_FILLS(X)          \
    X(UNIFORM, "uniform")     \
    X(MULTIPLES, "multiples") \
    X(INTEGERS, "integers")   \
    X(VALUE, "value")         \
    X(PICK, "pick")           \
    X(INDEX, "index")

typedef enum day_fill_kind {
#define DAY_FILL_ENUM(id, key) DAY_FILL_##id,
    DAY_FILLS(DAY_FILL_ENUM)
#undef DAY_FILL_ENUM
} day_fill_kind;

typedef struct day_fill_rule {
    day_formula *where;  /* NULL: every element */
    day_fill_kind kind;
    double a, b;         /* uniform/integers [a, b], multiples of a up to b, value a */
    double *pick;
    int npick;
    day_formula *index;  /* DAY_FILL_INDEX */
} day_fill_rule;

typedef struct day_fill {
    day_fill_rule *rules;
    int nrules;
    char *key; /* the rules as text: inputs with the same key and length are one */
} day_fill;

typedef struct day_param {
    day_param_type type;
    char *name;
    day_role role;
    day_formula *length; /* elements (buffers) */
    day_formula *offset; /* elements before the pointer (buffers; NULL: 0) */
    day_formula *value;  /* scalars */
    day_fill fill;       /* inputs and in-outs */
    day_pos at;
} day_param;

/* Resource limits; -1 where the manifest sets none. */
typedef struct day_limits {
    long registers, shared_bytes, spill_bytes, stack_bytes;
} day_limits;

/* How a launch is shaped; a kernel's own overrides the day's. */
typedef struct day_launch {
    int block[3];
    day_formula *grid[3];   /* NULL: 1 */
    day_formula *shared;    /* dynamic shared bytes; NULL: 0 */
    day_pos block_at, grid_at;
    bool given[3];          /* block, grid, shared_bytes: written here */
} day_launch;

typedef enum day_compare_kind { DAY_COMPARE_EXACT, DAY_COMPARE_ULPS, DAY_COMPARE_BOUND,
                                DAY_COMPARE_NONE } day_compare_kind;

typedef struct day_compare {
    day_compare_kind kind;
    bool total;          /* the sum of the elements, not each one */
    double ulps;
    day_formula *ops, *abs; /* DAY_COMPARE_BOUND: either may be NULL */
} day_compare;

/* A kernel's `gates:` bound the emulator's figures at the course size
 * (docs/day-format.md, "gates"): core/figures.h's CL_FIGURES rows marked
 * GATE, by their names; a figure whose better is HIGHER (occupancy) is
 * bounded from below, the others from above.
 *
 * What a gate's number is: the bound itself, or a factor of the
 * reference's figure, of the bytes the kernel needs (`bytes:`; a figure
 * whose ideal is NEEDED, bytes_moved), or of the sectors a request would
 * touch were its bytes contiguous (ideal ACCESS: load_sectors and
 * store_sectors). X(ID, "key"; "" for a plain number). */
#define DAY_GATE_BASES(X)        \
    X(NUMBER, "")                \
    X(REFERENCE, "reference")    \
    X(NEEDED, "needed")          \
    X(IDEAL, "ideal")

typedef enum day_gate_base {
#define DAY_GATE_BASE_ENUM(id, key) DAY_GATE_BASE_##id,
    DAY_GATE_BASES(DAY_GATE_BASE_ENUM)
#undef DAY_GATE_BASE_ENUM
    DAY_GATE_BASE_COUNT
} day_gate_base;

typedef struct day_gate {
    cl_figure figure;
    day_gate_base base;
    double value;   /* the bound (NUMBER) or the base's factor */
    day_pos at;
} day_gate;

const char *day_gate_base_key(day_gate_base b); /* "reference"; "" for NUMBER */
bool day_gate_base_fits(cl_figure f, day_gate_base b); /* whether f may take a factor of b */

typedef struct day_kernel {
    char *name;
    char *summary;
    day_param *params;
    int nparams;
    unsigned checks; /* bit (1u << day_check) for each check that applies */
    day_limits limits;
    bool optional;   /* graded only when the student's file defines it */
    bool cooperative; /* launched as cuLaunchCooperativeKernel does: every block resident at
                         once, the grid no larger than the course GPU holds (this_grid().sync()) */
    int line;        /* where the kernel is declared in day.yaml */
    day_pos name_at, params_at;
    day_launch launch;   /* the day's, with the kernel's overrides */
    day_compare compare;
    char *unit;          /* "elements", "rows" */
    day_formula *unit_elements; /* elements an item; NULL: 1 */
    char *untouched;     /* said when the kernel writes where the reference does not */
    day_formula *bytes;  /* bytes it must move, for GB/s; NULL: unknown */
    double points[DAY_CHECK_COUNT]; /* for gradebooks; 1 for each listed check unless set */
    char *check;         /* a check script beside day.yaml; NULL: none */
    char *oracle;        /* the kernel of the reference whose outputs are expected, where the
                            reference does not define this one; NULL: this one */
    char *source;        /* the baseline's .cu file beside day.yaml (baseline only) */
    day_gate *gates;     /* bounds on its emulator figures (`gates:`); failing one fails
                            performance */
    int ngates;
    bool in_program;     /* launched by the day's program, which is judged in its place */
    bool is_program;     /* the program itself, judged as one kernel (day_program.judged) */
} day_kernel;

/* A rule every size must keep: `live <= 32`. */
typedef struct day_require {
    day_formula *that;
    char *why;
} day_require;

/* One problem size: named integers, e.g. {rows: 8205, live: 20, stride: 32}. */
typedef struct day_size {
    int n;
    char **keys;
    long long *values;
    day_pos at;      /* the mapping */
    day_pos *key_at; /* each value */
} day_size;

/* ---- programs (docs/day-format.md, "program") ---- */

/* What a stage of a program does: X(ID, "key"). */
#define DAY_STAGE_KINDS(X) \
    X(LAUNCH, "kernel")    \
    X(CLEAR, "clear")      \
    X(REPEAT, "repeat")

typedef enum day_stage_kind {
#define DAY_STAGE_ENUM(id, key) DAY_STAGE_##id,
    DAY_STAGE_KINDS(DAY_STAGE_ENUM)
#undef DAY_STAGE_ENUM
} day_stage_kind;

/* One argument of a launch: a buffer of the program, or a scalar's value. */
typedef struct day_arg {
    int buffer;          /* index into the program's buffers; -1: a scalar */
    day_formula *value;  /* the scalar's */
} day_arg;

typedef struct day_stage {
    day_stage_kind kind;
    char *name;          /* for messages and `judge.after`: the kernel's unless given */
    day_pos at;
    /* LAUNCH */
    int kernel;          /* index into the day's kernels */
    day_arg *args;       /* one a parameter of the kernel */
    int nargs;
    day_formula *grid[3], *block[3]; /* NULL: 1 */
    day_formula *shared; /* dynamic shared bytes; NULL: 0 */
    /* CLEAR: the buffer set to zero bytes */
    int buffer;
    /* REPEAT: `times` runs of the stages below; with `until`, they stop once
     * element 0 of until_buffer equals until_value after a run, and reaching
     * `times` runs is the loop's limit (a verdict). swap[0] and swap[1], where
     * not -1, trade their allocations after each run (ping-pong). */
    day_formula *times;
    int until_buffer;    /* -1: no until */
    double until_value;
    int swap[2];
    int index;           /* `index: NAME`: the loop's variable (its run, from 0) is program
                            variable `index` (day_program.loops); -1: none */
    struct day_stage *stages;
    int nstages;
    int ordinal;         /* its place among all the program's stages, depth first */
} day_stage;

typedef struct day_program {
    day_kernel judged;   /* the program as the report's one judged entry: its buffers as
                            parameters (roles in, out, inout, scratch), compare, unit,
                            points; checks: correctness */
    day_stage *stages;
    int nstages;
    int after;           /* judge.after: the outputs as they stand after the last run of the
                            top-level stage of this index; -1: at the end */
    char *key;           /* the stages as text: part of the reference outputs' cache key */
    int nall;            /* stages in all, loops' included (day_stage.ordinal) */
    char **loops;        /* the loops' variables' names: a stage's expressions may read those
                            of the loops around it, after the size's variables */
    int nloops;
    const void *node;    /* while the manifest is read: the `program` mapping */
} day_program;

/* The most memory one kernel's run at one size may take (the harness's
 * inputs, its buffers in the emulator and their host copies): a course size
 * must grade on a student's machine. Day 25's course size, 2^26 floats,
 * takes 1 GiB. */
#define DAY_SIZE_MAX_BYTES (2ull << 30)

/* The GPU architectures a manifest's `arch` may name: X(name). Those nvcc
 * 12.8 and 13 both build for, from Turing on (the emulator's warp semantics
 * are those of independent thread scheduling). */
#define DAY_ARCHS(X) \
    X("sm_75")       \
    X("sm_80")       \
    X("sm_86")       \
    X("sm_87")       \
    X("sm_89")       \
    X("sm_90")       \
    X("sm_100")      \
    X("sm_120")

/* The value of key in size, or fallback when it is absent. */
long long day_size_get(const day_size *s, const char *key, long long fallback);

typedef struct day_manifest {
    char *path;        /* .../days/day23-shuffles/day.yaml */
    char *dir;         /* .../days/day23-shuffles */
    int day;
    char *slug, *title, *topic, *student_file, *arch;
    int block;         /* threads a block (x * y * z of the day's launch) */
    day_pos block_at;
    day_launch launch; /* the day's launch */
    char *grid;        /* how the grid is sized, for people (`launch.about`) */
    day_kernel *kernels;
    int nkernels;
    day_kernel *baseline; /* the bandwidth baseline (`baseline:`), or NULL */
    day_program *program; /* the day's launches in sequence (`program:`), or NULL */
    day_size course;
    day_size *hidden;
    int nhidden;
    char *hidden_visibility; /* Gradescope's for the hidden sizes' tests; NULL: after_published */
    day_require *requires;
    int nrequires;
    char **hints;
    int nhints;
    /* `__constant__` symbols the harness fills before every launch of the
     * student's and the reference's kernels (`constants:`): each a `const T*`
     * input whose name is the symbol's, with a length and a fill. */
    day_param *constants;
    int nconstants;
    CL_VEC(day_formula *) formulas; /* every expression above, owned here */
} day_manifest;

/* The variables of a size in the order expressions number them (the course
 * size's keys), then `i` at index n. vars holds n + 1 doubles. */
void day_size_vars(const day_manifest *m, const day_size *s, double *vars);
/* A formula's value at a size (i = 0). */
double day_formula_eval(const day_manifest *m, const day_formula *f, const day_size *s);
/* A stage's expression at a size, the loops around it at their runs
 * loops[0..nloops) (NULL: all at 0). */
double day_program_eval(const day_manifest *m, const day_formula *f, const day_size *s,
                        const long *loops);
/* Whether the day's checks list c for kernel k. */
bool day_kernel_checks(const day_kernel *k, day_check c);
/* Whether some kernel of the day lists c. */
bool day_manifest_checks(const day_manifest *m, day_check c);

/* Read and check path (a day.yaml). On failure *out is NULL and err says
 * where and what. */
cl_status day_manifest_load(const char *path, day_manifest **out, cl_error *err);
/* The same from text already in memory (path is used in messages and to check
 * the slug against its folder). */
cl_status day_manifest_parse(const char *path, const char *text, size_t len,
                             day_manifest **out, cl_error *err);
void day_manifest_free(day_manifest *m);
const day_kernel *day_manifest_kernel(const day_manifest *m, const char *name);
/* The kernels a gradebook lists, each with its checks and points: the day's
 * kernels, then its program (day_program.judged) where it has one; i from 0
 * to day_manifest_nscored(m) - 1. */
int day_manifest_nscored(const day_manifest *m);
const day_kernel *day_manifest_scored(const day_manifest *m, int i);
/* A check's points for gradebooks: as `points:` names them, 1 for a check
 * the kernel lists and `points:` does not name, 0 for one it does not list. */
int day_kernel_points(const day_kernel *k, day_check c);
/* "reduceCascade(const float* in, float* partial, size_t n)" (caller frees). */
char *day_kernel_signature(const day_kernel *k);

/* The course: every folder under root/days that holds a day.yaml. A day whose
 * manifest is bad is kept with its error, so the others still load. */
typedef struct day_entry {
    char *slug;            /* the folder's name */
    day_manifest *manifest; /* NULL when it did not load */
    cl_error error;        /* why, when manifest is NULL */
    char *ungradable;      /* why a day that loaded cannot be graded (a missing solution or
                              template), for `list` and `doctor`; NULL when it can */
} day_entry;

typedef struct day_course {
    char *root;
    day_entry *days; /* sorted by day number, then slug */
    int ndays;
} day_course;

cl_status day_course_load(const char *root, day_course **out, cl_error *err);
void day_course_free(day_course *c);
/* Find "23", "day23", "day23-shuffles" (or a unique slug prefix). */
cl_status day_course_find(const day_course *c, const char *which, const day_entry **out,
                          cl_error *err);
/* The course folder: $CUDALAB_COURSE, else the checkout cudalab was built from. */
const char *day_course_root(void);

/* Where a day's pieces live (caller frees). */
char *day_template_path(const day_course *c, const day_manifest *m);
char *day_solution_path(const day_course *c, const day_manifest *m);
char *day_readme_path(const day_manifest *m);

#endif
