/* ptx.h - the PTX front end: parses the PTX that `nvcc -ptx -lineinfo
 * -arch=sm_75` emits (PTX ISA 9.0) into a checked, pre-decoded module that the
 * emulator (grader/sim) runs, and answers questions about it (its kernels and
 * their parameters, its source files).
 *
 * A construct the front end does not support is a cl_error (status CL_PTX or
 * CL_UNSUPPORTED) whose message names the instruction or directive, with the
 * PTX line in err->line; it never crashes and never skips silently.
 *
 * Prefix: ptx_. The module is an opaque, immutable handle: once parsed it may
 * be launched any number of times, from several threads. */
#ifndef CUDALAB_PTX_H
#define CUDALAB_PTX_H

#include <stddef.h>
#include <stdint.h>

#include "core/core.h"

typedef struct ptx_module ptx_module;

/* Parse `len` bytes of PTX text. `name` (e.g. "shuffles.ptx") goes into error
 * messages as their file. On success *out owns the module. */
cl_status ptx_parse(const char *text, size_t len, const char *name, ptx_module **out,
                    cl_error *err);
/* The user's source line that PTX line `ptx_line` of `text` came from: the
 * last .loc at or before it, walked out of CUDA's headers along inlined_at.
 * false when there is none (*file is then NULL). *file: the .file path,
 * caller frees. Works on PTX that does not parse. */
bool ptx_user_location(const char *text, size_t len, uint32_t ptx_line, char **file,
                       uint32_t *line);
/* Read and parse a .ptx file. */
cl_status ptx_parse_file(const char *path, ptx_module **out, cl_error *err);
void ptx_module_free(ptx_module *m);

/* The target (75 for sm_75) and PTX ISA version (90 for 9.0). */
unsigned ptx_module_target(const ptx_module *m);
unsigned ptx_module_version(const ptx_module *m);

/* Kernels (.entry), in the order they appear. */
typedef enum ptx_param_kind {
    PTX_PARAM_U32, /* .u32 .s32 .b32 (and narrower ints, widened) */
    PTX_PARAM_U64, /* .u64 .s64 .b64: pointers, size_t, long */
    PTX_PARAM_F32,
    PTX_PARAM_F64,
    PTX_PARAM_BYTES /* .b8 x[K] aggregates, .u8/.u16 and anything else */
} ptx_param_kind;

typedef struct ptx_param_info {
    const char *name;   /* "_Z3fooPfi_param_0" */
    ptx_param_kind kind;
    unsigned size;      /* bytes */
    unsigned align;     /* bytes */
    unsigned offset;    /* in the packed parameter blob */
} ptx_param_info;

size_t ptx_entry_count(const ptx_module *m);
/* Mangled name, e.g. "_Z20reduceRowsBallotDownPKfPfiii". */
const char *ptx_entry_name(const ptx_module *m, size_t i);
/* Demangled plain name, e.g. "reduceRowsBallotDown". */
const char *ptx_entry_plain_name(const ptx_module *m, size_t i);
/* Index of the entry whose mangled or plain name is `name`, or -1. A plain
 * name that several entries share (overloads) is -1: use the mangled one. */
long ptx_find_entry(const ptx_module *m, const char *name);
size_t ptx_entry_param_count(const ptx_module *m, size_t i);
const ptx_param_info *ptx_entry_param(const ptx_module *m, size_t i, size_t p);
/* Size of the packed parameter blob the entry takes. */
size_t ptx_entry_param_size(const ptx_module *m, size_t i);
/* Pack values into a parameter blob by the entry's layout: value[p] is the
 * integer value (or the bits of a float/double) of parameter p; aggregates
 * (PTX_PARAM_BYTES over 8 bytes) cannot be packed this way. blob must hold
 * ptx_entry_param_size bytes. */
cl_status ptx_pack_params(const ptx_module *m, size_t entry, const uint64_t *value,
                          size_t count, void *blob, cl_error *err);
/* Static shared memory the entry declares (bytes, without dynamic). */
size_t ptx_entry_static_shared(const ptx_module *m, size_t i);

/* The .file table: index as in the PTX (.file 1 "..."), path or NULL. */
size_t ptx_file_count(const ptx_module *m); /* largest index + 1 */
const char *ptx_file_path(const ptx_module *m, size_t index);

/* Disassemble instruction `pc` of entry or function `fn` (see ptx_entry_*;
 * internal callers use the IR directly). Returns the text written. */
size_t ptx_function_count(const ptx_module *m);
const char *ptx_function_name(const ptx_module *m, size_t fn);
size_t ptx_function_insn_count(const ptx_module *m, size_t fn);
void ptx_disasm(const ptx_module *m, size_t fn, size_t pc, char *buf, size_t size);

#endif
