/* fidelity_table.h - the kernels and outputs of fidelity_ops.h as tables,
 * and the results file both sides write:
 *
 *   "CLFIDEL1", u32 kernels, then per kernel: char name[32], u32 outputs,
 *   u32 n, then each output's n values, 4 bytes each for 32-bit result types
 *   and 8 bytes for 64-bit ones (little-endian).
 *
 * Plain C, for gpu_dump.cu (host code) and fidelity_compare.c. */
#ifndef FIDELITY_TABLE_H
#define FIDELITY_TABLE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fidelity_ops.h"

typedef struct fid_out {
    const char *name;
    int rtype;
    int check;
} fid_out;

#define FID_ROW(name, expr, rtype, check) { #name, rtype, check },
#define FID_TABLE(kname, OPS, itype) static const fid_out fid_outs_##kname[] = { OPS(FID_ROW) };
FID_KERNELS(FID_TABLE)
#undef FID_TABLE

typedef struct fid_kernel {
    const char *name;
    int itype;
    const fid_out *outs;
    unsigned nouts;
} fid_kernel;

static const fid_kernel fid_kernels[] = {
#define FID_KROW(kname, OPS, itype) { #kname, itype, fid_outs_##kname, (unsigned)FID_COUNT(fid_outs_##kname) },
    FID_KERNELS(FID_KROW)
#undef FID_KROW
};
#define FID_NKERNELS ((unsigned)FID_COUNT(fid_kernels))

static inline unsigned fid_width(int rtype)
{
    return rtype == FID_U64 || rtype == FID_F64 ? 8 : 4;
}

/* The 3 * n inputs of a kernel, as 64-bit words. */
static inline uint64_t *fid_inputs(int itype, unsigned n)
{
    uint64_t *in = (uint64_t *)malloc(3 * (size_t)n * sizeof *in);
    for (unsigned w = 0; w < 3; w++)
        for (unsigned i = 0; i < n; i++) in[(size_t)w * n + i] = fid_input(itype, (int)w, i);
    return in;
}

static inline void fid_write_header(FILE *f, unsigned nkernels)
{
    uint32_t k = nkernels;
    fwrite("CLFIDEL1", 1, 8, f);
    fwrite(&k, 4, 1, f);
}

/* out holds nouts * n words. */
static inline void fid_write_kernel(FILE *f, const fid_kernel *k, unsigned n, const uint64_t *out)
{
    char name[32] = {0};
    strncpy(name, k->name, sizeof name - 1);
    uint32_t h[2] = { k->nouts, n };
    fwrite(name, 1, 32, f);
    fwrite(h, 4, 2, f);
    for (unsigned o = 0; o < k->nouts; o++)
        for (unsigned i = 0; i < n; i++) fwrite(&out[(size_t)o * n + i], fid_width(k->outs[o].rtype), 1, f);
}

#endif
