/* trace_model.h - the warp stepper's run as the command line and the runner
 * see it: one warp's steps (sim/trace.h's records) with what was run, written
 * as JSON by `cudalab trace --json` (docs/contract.md, "cudalab trace") and
 * read back by the runner's stepper screen; its text for a plain terminal;
 * and the two things both draw from it: how a step's values are shown, and
 * which lanes still hold a partial sum.
 *
 * Prefix: trace_. */
#ifndef CUDALAB_TRACE_MODEL_H
#define CUDALAB_TRACE_MODEL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/core.h"
#include "sim/trace.h"

#define TRACE_FORMAT "cudalab-trace/1"

typedef struct trace_run {
    int day;
    char *slug, *file, *kernel; /* file: the base name of the student's file */
    char *program;              /* a day of a program: its name (the launch is one of it); else NULL */
    unsigned launch;            /* which launch of kernel, from 1 */
    char *size;                 /* "rows=8205 live=20 stride=32" */
    uint64_t seed;
    unsigned block[3], warp;
    unsigned grid[3], block_dim[3];
    char *outcome, *detail;     /* how the launch ended; detail may be NULL */
    bool ran;                   /* the block and the warp ran */
    uint64_t instructions;      /* the warp instructions the warp ran */
    size_t dropped;             /* steps past the cap, not kept */
    sim_trace_step *steps;
    size_t nsteps;
} trace_run;

void trace_run_free(trace_run *t);

/* The JSON object (caller frees), and back: CL_OK, or err says what is
 * wrong with text. */
char *trace_to_json(const trace_run *t);
cl_status trace_from_json(const char *text, trace_run *out, cl_error *err);

/* The run as text for an 80-column terminal. lines: the student's file's
 * lines (NULL, or nlines of them), to quote each step's line. */
void trace_print_text(const trace_run *t, char **lines, int nlines, FILE *out);

/* How a step's values read: floats, whole numbers or hex bits, from the
 * values themselves (every value a small integer: int; every one a float of
 * ordinary size, or the poison: float; else hex); a vote's and a match's
 * results are masks. */
typedef enum trace_fmt { TRACE_FMT_FLOAT, TRACE_FMT_INT, TRACE_FMT_HEX } trace_fmt;
trace_fmt trace_value_format(const sim_trace_step *s, bool got);
/* One value in at most n - 1 bytes ("1.2346", "poison", "17", "0x000fffff"). */
void trace_value_text(uint64_t v, trace_fmt f, char *buf, size_t n);
/* Why lane l's read at a shuffle step is undefined: "outside the mask",
 * "exited", "not taking part"; NULL when it is not. */
const char *trace_undefined_why(const sim_trace_step *s, int l);

/* The lanes still holding a partial sum after shuffle step k, when the
 * shuffles up to it add what they get (v += shfl(v)): each lane starts with
 * its own value; a lane that reads another's valid value and adds it holds
 * the union of both lanes' parts; a lane that got its own value back (off
 * the edge) and adds it, or got an undefined one, or whose next value is
 * neither its sum nor its old value, holds no partial sum from then on.
 * Whether a lane adds is read from its next shuffle's value (the last
 * shuffle: as its earlier ones did). parts[l]: the lanes whose values lane
 * l's holds (0: none that count). Returns the lanes holding two or more. */
uint32_t trace_partials(const trace_run *t, size_t k, uint32_t parts[32]);

/* "0-3, 16-19" (buf of n bytes). */
void trace_lanes_text(uint32_t lanes, char *buf, size_t n);

#endif
