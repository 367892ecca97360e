/* emu.h - the emulator behind the backend interface.
 *
 * Prefix: backend_emu_. */
#ifndef CUDALAB_BACKEND_EMU_H
#define CUDALAB_BACKEND_EMU_H

#include "backend.h"

typedef struct backend_emu_options {
    int threads;                /* host threads running blocks; 0: one per core */
    uint64_t instruction_budget; /* per launch, in warp instructions; 0: default */
} backend_emu_options;

cl_status backend_emu_new(const backend_emu_options *opt, backend **out, cl_error *err);

#endif
