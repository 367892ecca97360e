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

/* X(kind, family, severity, what): what, in plain words, for a hazard whose
 * details a report hides (a hidden size) */
#define CL_HAZARDS(X)                                                                                         \
    X(MASK_NOT_MEMBER, MASK, ERROR, "a lane ran a collective whose mask leaves it out")                       \
    X(MASK_UNDEFINED_READ, MASK, ERROR, "a shuffle read a lane its mask leaves out")                          \
    X(MASK_MISMATCH, MASK, ERROR, "lanes met at one collective with different masks")                         \
    X(MASK_DEADLOCK, MASK, ERROR, "a collective that never completes")                                        \
    X(COLLECTIVE_DIVERGENT_PC, MASK, WARNING, "lanes met in one collective from different lines")             \
    X(ACTIVEMASK_REUSE, MASK, WARNING, "a mask from __activemask() used where its lanes may not be together") \
    X(TENSOR_DIVERGENT, MASK, ERROR, "a tensor-core instruction without its whole warp")                      \
    X(TENSOR_FRAGMENT, MASK, ERROR, "a tensor-core fragment used as it was not made")                         \
    X(BARRIER_DIVERGENT, BARRIER, ERROR, "threads of one block met at different barriers")                    \
    X(BARRIER_DEADLOCK, BARRIER, ERROR, "a barrier that never completes")                                     \
    X(BARRIER_CONDITIONAL, BARRIER, ERROR, "a barrier under a condition that differs across the block")       \
    X(BARRIER_AFTER_EXIT, BARRIER, WARNING, "a barrier that completed only because threads left the kernel")  \
    X(BARRIER_COUNT, BARRIER, ERROR, "a barrier with a bad thread count")                                     \
    X(GRID_SYNC, BARRIER, ERROR, "a grid sync that not every block reaches")                                  \
    X(RACE_SHARED, RACE, ERROR, "two threads touch one shared word with no barrier between, and one writes")  \
    X(RACE_WARP, RACE, ERROR, "two lanes of a warp touch one shared word, unordered, and one writes")         \
    X(RACE_GLOBAL, RACE, ERROR, "two threads touch one global word unordered, and one writes")                \
    X(RACE_SCOPE, RACE, ERROR, "threads of different blocks ordered only by a block-scope fence or atomic")   \
    X(RACE_ASYNC, RACE, ERROR, "an access to shared bytes that a pending cp.async copies into")               \
    X(ORDER_DEPENDENT, RACE, ERROR, "a result that depends on the order the blocks run in")                   \
    X(OOB, MEMORY, ERROR, "an access outside its buffer")                                                     \
    X(MISALIGNED, MEMORY, ERROR, "an access at an address that is not a multiple of its size")                \
    X(TENSOR_ALIGN, MEMORY, ERROR, "a tensor-core load or store from a misaligned address")                   \
    X(UNINIT_SHARED, MEMORY, ERROR, "a read of shared memory that no thread had written yet")                 \
    X(BUDGET, KERNEL, ERROR, "a block that ran past its instruction budget (a loop that may not end)")        \
    X(OVER_ALLOWANCE, RESOURCES, WARNING, "a block that did far more work than the reference")                \
    X(LIMIT, MEMORY, ERROR, "a launch that asks more than the emulator gives")                                \
    X(TRAP, KERNEL, ERROR, "a trap (an assert that failed, or __trap())")                                     \
    X(DIV_ZERO, KERNEL, WARNING, "an integer division by zero")

typedef enum cl_hazard_kind {
#define CL_HAZARD_ENUM(kind, family, sev, what) CL_HZ_##kind,
    CL_HAZARDS(CL_HAZARD_ENUM)
#undef CL_HAZARD_ENUM
    CL_HZ_COUNT
} cl_hazard_kind;

const char *cl_hazard_name(cl_hazard_kind k); /* "MASK_UNDEFINED_READ" */
const char *cl_hazard_slug(cl_hazard_kind k); /* "mask-undefined-read" */
const char *cl_hazard_what(cl_hazard_kind k); /* "a shuffle read a lane its mask leaves out" */
int cl_hazard_from_slug(const char *slug);    /* the kind, or -1 when none */
cl_hazard_family cl_hazard_family_of(cl_hazard_kind k);
cl_severity cl_hazard_severity(cl_hazard_kind k);
const char *cl_hazard_family_name(cl_hazard_family f); /* "mask" */

#endif
