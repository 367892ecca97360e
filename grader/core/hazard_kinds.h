/* hazard_kinds.h - the hazards' vocabulary: one table that the emulator,
 * the grade and the report all read and none of them owns. A row is a kind,
 * its family and its severity:
 *
 *   - the emulator (sim/) raises kinds, and reports them by family: it never
 *     spells a course's check name;
 *   - the grade maps a family to the check it counts under, in one place
 *     (grade_hazard_check, grade/run_kernel.c);
 *   - the report carries the kind and that check, and prints them; a kind is
 *     a string only in the JSON, as its slug, made from its name by one rule
 *     (lower case, '-' for '_'): "mask-undefined-read".
 *
 * A new kind is one row here, where the emulator raises it, its message
 * (sim/launch_result.c) and its advice (sim/advice.c). */
#ifndef CUDALAB_CORE_HAZARD_KINDS_H
#define CUDALAB_CORE_HAZARD_KINDS_H

/* The families: what sort of fault a kind is. */
#define CL_HAZARD_FAMILIES(X)                                                         \
    X(MASK, "mask")           /* a collective's mask is not what its lanes do */    \
    X(BARRIER, "barrier")     /* a barrier that not every thread can reach */       \
    X(RACE, "race")           /* accesses that timing orders */                     \
    X(MEMORY, "memory")       /* an access outside memory, or of memory unwritten */ \
    X(KERNEL, "kernel")       /* what the kernel computes: a trap, a runaway loop */ \
    X(RESOURCES, "resources") /* a block far past the reference's work */

typedef enum cl_hazard_family {
#define CL_FAMILY_ENUM(id, name) CL_FAMILY_##id,
    CL_HAZARD_FAMILIES(CL_FAMILY_ENUM)
#undef CL_FAMILY_ENUM
    CL_FAMILY_COUNT
} cl_hazard_family;

typedef enum cl_severity { CL_SEV_ERROR, CL_SEV_WARNING } cl_severity;

/* X(kind, family, severity) */
#define CL_HAZARDS(X)                                    \
    X(MASK_NOT_MEMBER, MASK, ERROR)                      \
    X(MASK_UNDEFINED_READ, MASK, ERROR)                  \
    X(MASK_MISMATCH, MASK, ERROR)                        \
    X(MASK_DEADLOCK, MASK, ERROR)                        \
    X(COLLECTIVE_DIVERGENT_PC, MASK, WARNING)            \
    X(ACTIVEMASK_REUSE, MASK, WARNING)                   \
    X(TENSOR_DIVERGENT, MASK, ERROR)                     \
    X(TENSOR_FRAGMENT, MASK, ERROR)                      \
    X(BARRIER_DIVERGENT, BARRIER, ERROR)                 \
    X(BARRIER_DEADLOCK, BARRIER, ERROR)                  \
    X(BARRIER_CONDITIONAL, BARRIER, ERROR)               \
    X(BARRIER_AFTER_EXIT, BARRIER, WARNING)              \
    X(BARRIER_COUNT, BARRIER, ERROR)                     \
    X(GRID_SYNC, BARRIER, ERROR)                         \
    X(RACE_SHARED, RACE, ERROR)                          \
    X(RACE_WARP, RACE, ERROR)                            \
    X(RACE_GLOBAL, RACE, ERROR)                          \
    X(RACE_SCOPE, RACE, ERROR)                           \
    X(RACE_ASYNC, RACE, ERROR)                           \
    X(ORDER_DEPENDENT, RACE, ERROR)                      \
    X(OOB, MEMORY, ERROR)                                \
    X(MISALIGNED, MEMORY, ERROR)                         \
    X(TENSOR_ALIGN, MEMORY, ERROR)                       \
    X(UNINIT_SHARED, MEMORY, ERROR)                      \
    X(BUDGET, KERNEL, ERROR)                             \
    X(OVER_ALLOWANCE, RESOURCES, WARNING)                \
    X(LIMIT, MEMORY, ERROR)                              \
    X(TRAP, KERNEL, ERROR)                               \
    X(DIV_ZERO, KERNEL, WARNING)

typedef enum cl_hazard_kind {
#define CL_HAZARD_ENUM(kind, family, sev) CL_HZ_##kind,
    CL_HAZARDS(CL_HAZARD_ENUM)
#undef CL_HAZARD_ENUM
    CL_HZ_COUNT
} cl_hazard_kind;

const char *cl_hazard_name(cl_hazard_kind k); /* "MASK_UNDEFINED_READ" */
const char *cl_hazard_slug(cl_hazard_kind k); /* "mask-undefined-read" */
int cl_hazard_from_slug(const char *slug);    /* the kind, or -1 when none */
cl_hazard_family cl_hazard_family_of(cl_hazard_kind k);
cl_severity cl_hazard_severity(cl_hazard_kind k);
const char *cl_hazard_family_name(cl_hazard_family f); /* "mask" */

#endif
