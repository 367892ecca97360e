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

/* Bounds of later launches on the emulator b: each block's budget in warp
 * instructions (0: the default) with words on where it comes from for the
 * runaway message ("32 times the reference's busiest block", or NULL), and a
 * deadline in the process's CPU time (sim_now_ns, nanoseconds; 0: none). */
void backend_emu_set_bounds(backend *b, uint64_t block_budget, const char *why, uint64_t deadline_ns);
/* The most warp instructions one block ran in b's last launch. */
uint64_t backend_emu_last_block_work(const backend *b);

#endif
