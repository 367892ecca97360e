/* day.h - a day of the course: its manifest (day.yaml) read into typed structs
 * and checked, and the course, the days found under days/.
 *
 * Prefix: day_. The manifest's schema is docs/authoring.md. */
#ifndef CUDALAB_DAY_H
#define CUDALAB_DAY_H

#include <stdbool.h>
#include <stdint.h>

#include "core/core.h"

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

/* Kernel parameter types a day may use: X(ID, "C spelling", "Itanium mangling",
 * bytes). */
#define DAY_PARAM_TYPES(X)                          \
    X(CONST_FLOAT_PTR, "const float*", "PKf", 8)    \
    X(FLOAT_PTR, "float*", "Pf", 8)                 \
    X(CONST_INT_PTR, "const int*", "PKi", 8)        \
    X(INT_PTR, "int*", "Pi", 8)                     \
    X(CONST_UNSIGNED_PTR, "const unsigned*", "PKj", 8) \
    X(UNSIGNED_PTR, "unsigned*", "Pj", 8)           \
    X(INT, "int", "i", 4)                           \
    X(UNSIGNED, "unsigned", "j", 4)                 \
    X(SIZE_T, "size_t", "m", 8)                     \
    X(FLOAT, "float", "f", 4)

typedef enum day_param_type {
#define DAY_PARAM_ENUM(id, c, m, bytes) DAY_PARAM_##id,
    DAY_PARAM_TYPES(DAY_PARAM_ENUM)
#undef DAY_PARAM_ENUM
    DAY_PARAM_COUNT
} day_param_type;

const char *day_param_type_name(day_param_type t);    /* "const float*" */
const char *day_param_type_mangled(day_param_type t); /* "PKf" */
int day_param_type_bytes(day_param_type t);

/* Where something is in day.yaml (1-based), for messages. */
typedef struct day_pos {
    int line, column;
} day_pos;

typedef struct day_param {
    day_param_type type;
    char *name;
} day_param;

/* Resource limits; -1 where the manifest sets none. */
typedef struct day_limits {
    long registers, shared_bytes, spill_bytes, stack_bytes;
} day_limits;

typedef struct day_kernel {
    char *name;
    char *summary;
    day_param *params;
    int nparams;
    unsigned checks; /* bit (1u << day_check) for each check that applies */
    day_limits limits;
    bool optional;   /* graded only when the student's file defines it */
    int points[DAY_CHECK_COUNT]; /* `points:` per check; -1 where not named */
    int line;        /* where the kernel is declared in day.yaml */
    day_pos name_at, params_at;
} day_kernel;

/* One problem size: named integers, e.g. {rows: 8205, live: 20, stride: 32}. */
typedef struct day_size {
    int n;
    char **keys;
    long long *values;
    day_pos at;      /* the mapping */
    day_pos *key_at; /* each value */
} day_size;

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
    int block;         /* threads a block */
    day_pos block_at;
    char *grid;        /* how the grid is sized, for people */
    day_kernel *kernels;
    int nkernels;
    day_size course;
    day_size *hidden;
    int nhidden;
    char **hints;
    int nhints;
} day_manifest;

/* Read and check path (a day.yaml). On failure *out is NULL and err says
 * where and what. */
cl_status day_manifest_load(const char *path, day_manifest **out, cl_error *err);
/* The same from text already in memory (path is used in messages and to check
 * the slug against its folder). */
cl_status day_manifest_parse(const char *path, const char *text, size_t len,
                             day_manifest **out, cl_error *err);
void day_manifest_free(day_manifest *m);
const day_kernel *day_manifest_kernel(const day_manifest *m, const char *name);
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
