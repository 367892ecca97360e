/* emu.h - the emulator behind the backend interface.
 *
 * Prefix: backend_emu_. */
#ifndef CUDALAB_BACKEND_EMU_H
#define CUDALAB_BACKEND_EMU_H

#include "backend.h"

typedef struct backend_emu_options {
    int threads;                /* host threads running blocks; 0: one per core */
    uint64_t instruction_budget; /* per block, in warp instructions; 0: default */
} backend_emu_options;

cl_status backend_emu_new(const backend_emu_options *opt, backend **out, cl_error *err);

/* Bounds of later launches on the emulator (all zero: the defaults, none). */
typedef struct backend_emu_bounds {
    uint64_t block_budget;   /* warp instructions a block runs before it stops as a
                                runaway (0: the emulator's default) */
    uint64_t allowance;      /* past it a block that completes draws a warning (0: none) */
    const char *budget_why;  /* where each comes from, for the messages ("4096 times */
    const char *allowance_why; /* the reference's busiest block"), or NULL */
    uint64_t deadline_ns;    /* the process's CPU time (sim_now_ns) at which launches
                                stop (0: none) */
    bool work_capped;        /* the later launches together may run at most `work` warp
                                instructions (sim_set_work, each launch what is left):
                                the same whatever the threads, unlike the deadline */
    uint64_t work;
} backend_emu_bounds;
void backend_emu_set_bounds(backend *b, const backend_emu_bounds *bounds);
/* What is left of bounds.work after the launches since the bounds were set,
 * and whether the last launch ran out of it (its outcome BACKEND_TIMED_OUT,
 * as a launch stopped at the deadline). */
uint64_t backend_emu_work_left(const backend *b);
bool backend_emu_out_of_work(const backend *b);
/* The most warp instructions one block ran in b's last launch. */
uint64_t backend_emu_last_block_work(const backend *b);

#endif
