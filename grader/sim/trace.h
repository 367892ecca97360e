/* trace.h - the warp stepper's record: every collective one warp of one
 * block runs (shuffle, vote, match, redux, __syncwarp, a tensor-core
 * operation), every block barrier it passes and a deadlock it ends in, with
 * each lane's mask, the value it gave, the lane it read and what it got.
 *
 * A trace is armed for the process (sim_trace_arm) and taken by the next
 * launch of its kernel (or its nth: sim_trace_set_launch), which then runs
 * every op the general way (the reference mode of sim_options) so that
 * every collective of the warp goes through the one place that records it;
 * the other launches, and every launch while none is armed, run as before:
 * the hooks are a test of one pointer on paths that are not the fast ones.
 * The record is capped (steps past the cap are counted, not kept); the
 * warp's instructions are counted whole.
 *
 * Prefix: sim_trace_. */
#ifndef CUDALAB_SIM_TRACE_H
#define CUDALAB_SIM_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/sim.h"

/* What a step is. X(ID, "name") */
#define SIM_TRACE_KINDS(X) \
    X(SHUFFLE, "shuffle")  \
    X(VOTE, "vote")        \
    X(MATCH, "match")      \
    X(REDUX, "redux")      \
    X(SYNCWARP, "syncwarp") \
    X(TENSOR, "tensor")    \
    X(BARRIER, "barrier")  \
    X(DEADLOCK, "deadlock")

typedef enum sim_trace_kind {
#define SIM_TRACE_KIND_ENUM(id, name) SIM_TRACE_##id,
    SIM_TRACE_KINDS(SIM_TRACE_KIND_ENUM)
#undef SIM_TRACE_KIND_ENUM
    SIM_TRACE_KIND_COUNT
} sim_trace_kind;

const char *sim_trace_kind_name(sim_trace_kind k); /* "shuffle" */

typedef struct sim_trace_lane {
    uint32_t mask;   /* the membermask it passed (a barrier: 0) */
    uint64_t sent;   /* shuffle: the value it offered; vote: its predicate (0 or 1);
                        match, redux: its value */
    uint64_t got;    /* what it received: the shuffle's value, the ballot, 0 or 1
                        (all, any, uni), the lanes that match, the reduction */
    int8_t source;   /* shuffle: the lane it asked for, else -1 */
    uint8_t read;    /* shuffle: sim_lane_read (valid, undefined: poison, own: off
                        the edge, it keeps its value); else SIM_READ_NONE */
    unsigned line;   /* a deadlock: the line the lane waits at (0 unknown) */
} sim_trace_lane;

typedef struct sim_trace_step {
    sim_trace_kind kind;
    char mode[8];       /* "down", "up", "bfly", "idx"; "ballot", "all", "any", "uni";
                           "any", "all" (match); "add", ... (redux); "" */
    char file[64];      /* the user's file, base name, "" unknown */
    unsigned line;      /* its line, 0 unknown */
    char ptx[128];      /* the instruction, disassembled */
    uint32_t active;    /* the lanes that ran it together (a barrier: those waiting
                           there; a deadlock: those parked) */
    uint32_t mask;      /* the mask the first of them passed */
    bool masks_differ;  /* some lane of active passed another */
    uint32_t exited;    /* the warp's lanes that had exited */
    uint32_t existing;  /* the warp's lanes that exist (a partial last warp has fewer) */
    unsigned barrier;   /* a barrier's number (bar.sync 0 is __syncthreads) */
    sim_trace_lane lane[32]; /* lanes outside active: zeros, source -1 */
} sim_trace_step;

typedef struct sim_trace sim_trace;

/* A trace of warp `warp` of block (bx, by, bz) in the next launch of
 * `kernel` (mangled or plain name), keeping at most max_steps steps (0:
 * 4096). */
sim_trace *sim_trace_new(const char *kernel, sim_dim3 block, unsigned warp, size_t max_steps);
void sim_trace_free(sim_trace *t);
/* Arm t for the process's next launch of its kernel (NULL: none). Set it
 * while no launch runs; the launch that takes it disarms it. */
void sim_trace_arm(sim_trace *t);
/* Take the nth launch of the kernel from the arming on (from 1; 0 and 1:
 * the next), letting the ones before it run untraced (a program's). */
void sim_trace_set_launch(sim_trace *t, unsigned nth);
/* The launches of the kernel it met while armed, the one it took included. */
unsigned sim_trace_launches_seen(const sim_trace *t);

size_t sim_trace_count(const sim_trace *t);
const sim_trace_step *sim_trace_step_at(const sim_trace *t, size_t i);
/* Steps the cap dropped (after the kept ones). */
size_t sim_trace_dropped(const sim_trace *t);
/* Whether a launch took it, and whether the block and the warp ran in it. */
bool sim_trace_launched(const sim_trace *t);
bool sim_trace_warp_ran(const sim_trace *t);
/* The warp instructions the warp ran (the last run of its block). */
uint64_t sim_trace_instructions(const sim_trace *t);
/* The launch's grid and block (its dimensions), once launched. */
sim_dim3 sim_trace_grid(const sim_trace *t);
sim_dim3 sim_trace_block_dim(const sim_trace *t);

#endif
