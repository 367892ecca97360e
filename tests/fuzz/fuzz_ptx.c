/* fuzz_ptx.c - the PTX front end (lexer, parser and checker: ptx_parse) on any
 * bytes, then every question the grader asks of a module it accepted: its
 * entries, their parameters and their packing, whether their blocks may
 * meet (sim_blocks_in_order), its files, and the disassembly of every
 * instruction. Seeds: nvcc's PTX of every kernel in the
 * repository (scripts/fuzz-seeds.sh). */
#include "fuzz.h"

#include <string.h>

#include "ptx/ptx.h"
#include "sim/sim.h"

static void ask_entries(const ptx_module *m)
{
    for (size_t i = 0; i < ptx_entry_count(m); i++) {
        const char *name = ptx_entry_name(m, i);
        FUZZ_ASSERT(name && ptx_entry_plain_name(m, i));
        FUZZ_ASSERT(ptx_find_entry(m, name) == (long)i);
        size_t n = ptx_entry_param_count(m, i), size = ptx_entry_param_size(m, i);
        for (size_t p = 0; p < n; p++) {
            const ptx_param_info *info = ptx_entry_param(m, i, p);
            FUZZ_ASSERT(info && info->offset + info->size <= size);
        }
        uint64_t *value = cl_calloc(n + 1, sizeof *value);
        uint8_t *blob = cl_calloc(1, size ? size : 1);
        cl_error err = {0};
        (void)ptx_pack_params(m, i, value, n, blob, &err);
        free(blob);
        free(value);
        (void)ptx_entry_static_shared(m, i);
        (void)sim_blocks_in_order(m, (long)i); /* the emulator's look at the code before a launch */
    }
}

static void ask_module(const ptx_module *m)
{
    (void)ptx_module_target(m);
    (void)ptx_module_version(m);
    ask_entries(m);
    for (size_t f = 0; f < ptx_file_count(m); f++) (void)ptx_file_path(m, f);
    char line[256];
    for (size_t fn = 0; fn < ptx_function_count(m); fn++) {
        FUZZ_ASSERT(ptx_function_name(m, fn));
        for (size_t pc = 0; pc < ptx_function_insn_count(m, fn); pc++) {
            ptx_disasm(m, fn, pc, line, sizeof line);
            FUZZ_ASSERT(memchr(line, '\0', sizeof line));
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ptx_module *m = NULL;
    cl_error err = {0};
    cl_status st = ptx_parse((const char *)data, size, "fuzz.ptx", &m, &err);
    if (st == CL_OK) {
        FUZZ_ASSERT(m);
        ask_module(m);
    } else {
        FUZZ_ASSERT(!m && err.message[0]);
    }
    ptx_module_free(m);
    return 0;
}
