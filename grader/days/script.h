/* script.h - a day's optional check script (check.lua), run in an embedded
 * Lua 5.4 for what a manifest cannot say (docs/day-format.md, "check.lua").
 *
 * Each call makes a fresh Lua state: only the base, string, table, math and
 * utf8 libraries, no way to reach files, processes or other code, and a
 * budget of instructions and of memory. The script sees one size's inputs,
 * the student's outputs and the reference's outputs as read-only 0-based
 * buffers, and judges with fail("message").
 *
 * Prefix: script_. */
#ifndef CUDALAB_SCRIPT_H
#define CUDALAB_SCRIPT_H

#include <stddef.h>

#include "core/core.h"

/* One check's budget: VM instructions (the script's top level and check(t)
 * together), bytes the Lua state may hold at once, and wall seconds (the net
 * for work inside library calls, which count one instruction each). */
#define SCRIPT_MAX_INSTRUCTIONS 200000000LL
#define SCRIPT_MAX_BYTES ((size_t)256 << 20)
#define SCRIPT_MAX_SECONDS 10.0
/* fail()'s message is cut to this many bytes. */
#define SCRIPT_MAX_FAILURE 4096

typedef struct script_limits {
    long long instructions;
    size_t bytes;
    double seconds;
} script_limits;

extern const script_limits script_default_limits; /* the SCRIPT_MAX_ values */

typedef enum { SCRIPT_F32, SCRIPT_I32, SCRIPT_U32, SCRIPT_U8 } script_elem;

/* A buffer the script reads: F32 elements become Lua floats, the others
 * Lua integers. data holds count elements and is only read. */
typedef struct script_buffer {
    const char *name;
    script_elem elem;
    const void *data;
    size_t count;
} script_buffer;

/* What check(t) is shown for one size. Arrays may be NULL when their count
 * is 0. Everything must stay valid for the length of the call. */
typedef struct script_view {
    const char *kernel;
    const char *const *size_keys;
    const long long *size_values;
    int nsize;                       /* the size's variables: t.size */
    const script_buffer *inputs;
    int ninputs;                     /* t.inputs */
    const script_buffer *outputs;
    int noutputs;                    /* the student's outputs: t.outputs */
    const script_buffer *reference;
    int nreference;                  /* the reference's outputs, same names: t.reference */
} script_view;

/* Load path, run its top level, and check that it defines a global function
 * `check`. CL_OK, or an error whose file and line say where to look:
 *   CL_NOT_FOUND, CL_IO  the file cannot be read
 *   CL_MANIFEST          a syntax error, an error at the top level, a compiled
 *                        (binary) chunk, no function `check`
 *   CL_LIMIT             the top level ran past the instruction or memory budget
 *   CL_NOMEM             no Lua state could be made */
cl_status script_validate(const char *path, cl_error *err);

/* Run check(t) for one size. CL_OK with *failure NULL: passed. CL_OK with
 * *failure a malloc'd message (the caller frees it): the script called
 * fail(msg), the student's answer is wrong. Any other status (as for
 * script_validate; CL_MANIFEST for an error raised while check(t) ran): the
 * script itself is broken and err says where and what to do; *failure is
 * NULL. */
cl_status script_check(const char *path, const script_view *v, char **failure,
                       cl_error *err);
/* script_check under other budgets (lim NULL: the defaults); v NULL:
 * script_validate under them (the fuzz target's small budgets). */
cl_status script_check_limited(const char *path, const script_view *v, const script_limits *lim,
                               char **failure, cl_error *err);

#endif
