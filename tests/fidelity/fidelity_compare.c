/* fidelity_compare.c - the emulator's side of the fidelity check: runs the
 * kernels of fidelity.cu (its sm_75 PTX) in the emulator on the same inputs
 * gpu_dump gave the GPU, and compares with the GPU's results file: the same
 * bits for integers, .rn and directed-rounding float results, conversions
 * and shuffles; within the PTX ISA's error bounds for .approx functions.
 *
 * Usage: fidelity_compare FIDELITY.ptx GPU.bin [--report FILE]
 *        fidelity_compare FIDELITY.ptx --dump EMU.bin [--n N]
 * Exit status: 0 all within bounds, 1 mismatches, 2 could not run. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fidelity_table.h"
#include "ptx/ptx.h"
#include "sim/sim.h"

static FILE *report;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    if (report) {
        va_start(ap, fmt);
        vfprintf(report, fmt, ap);
        va_end(ap);
    }
}

static uint64_t *emulate(const ptx_module *m, const fid_kernel *k, unsigned n)
{
    /* FID_REFERENCE=1: every instruction through the general evaluator */
    sim_options opt = {.reference_alu = getenv("FID_REFERENCE") != NULL};
    sim_machine *sm = sim_new(&opt);
    cl_error e;
    uint64_t din, dout, *in = fid_inputs(k->itype, n);
    size_t words = (size_t)k->nouts * n;
    uint64_t *out = calloc(words, sizeof *out);
    unsigned char blob[64];
    uint64_t vals[3];
    sim_launch_result *r = NULL;
    if (sim_alloc(sm, 3 * (size_t)n * 8, "in", &din, &e) != CL_OK ||
        sim_alloc(sm, words * 8, "out", &dout, &e) != CL_OK ||
        sim_write(sm, din, in, 3 * (size_t)n * 8, &e) != CL_OK || sim_fill(sm, dout, 0, words * 8, &e) != CL_OK)
        goto fail;
    vals[0] = din;
    vals[1] = dout;
    vals[2] = n;
    long ei = ptx_find_entry(m, k->name);
    if (ei < 0 || ptx_pack_params(m, (size_t)ei, vals, 3, blob, &e) != CL_OK) goto fail;
    if (sim_launch(sm, m, k->name, (sim_dim3){ n / 128, 1, 1 }, (sim_dim3){ 128, 1, 1 }, 0, blob,
                   ptx_entry_param_size(m, (size_t)ei), &r, &e) != CL_OK)
        goto fail;
    if (r->nhazards) say("  note: %s reported %zu hazard records (first: %s)\n", k->name, r->nhazards, r->hazards[0].message);
    sim_launch_result_free(r);
    sim_read(sm, out, dout, words * 8, &e);
    sim_free(sm);
    free(in);
    return out;
fail:
    fprintf(stderr, "fidelity_compare: %s: %s\n", k->name, e.message);
    exit(2);
}

/* Floats as integers ordered like the values (for ulp distances). */
static int64_t ordered(uint64_t bits, int rtype)
{
    if (rtype == FID_F32) {
        int32_t i = (int32_t)(uint32_t)bits;
        return i < 0 ? (int64_t)(int32_t)(0x80000000u - (uint32_t)i) : i;
    }
    int64_t i = (int64_t)bits;
    return i < 0 ? (int64_t)(0x8000000000000000ull - (uint64_t)i) : i;
}

static double value(uint64_t bits, int rtype)
{
    if (rtype == FID_F32) {
        float f;
        uint32_t u = (uint32_t)bits;
        memcpy(&f, &u, 4);
        return f;
    }
    double d;
    memcpy(&d, &bits, 8);
    return d;
}

/* 0: equal within the check; 1: differs; 2: not checked (outside the
 * range the bound is stated for). */
static int compare(const fid_out *o, uint64_t gpu, uint64_t emu, double x)
{
    int kind = o->check >> 8, arg = o->check & 0xff;
    if (gpu == emu) return 0;
    if (kind == FID_EXACT) return 1;
    double g = value(gpu, o->rtype), v = value(emu, o->rtype);
    if (isnan(g) || isnan(v)) return isnan(g) && isnan(v) ? 0 : 1;
    if (isinf(g) || isinf(v)) return g == v ? 0 : 1;
    if (!strcmp(o->name, "sin_approx") || !strcmp(o->name, "cos_approx"))
        if (!(fabs(x) <= 3.14159265)) return 2;
    if (!strcmp(o->name, "div_approx") || !strcmp(o->name, "div_full")) {
        if (fabs(g) < 0x1p-126 || fabs(v) < 0x1p-126) return fabs(g - v) <= 0x1p-126 ? 0 : 1;
    }
    switch (kind) {
    case FID_ULP: {
        if (fabs(g) < 0x1p-126 && fabs(v) < 0x1p-126) return 0; /* subnormal results may be flushed */
        int64_t d = ordered(gpu, o->rtype) - ordered(emu, o->rtype);
        return (d < 0 ? -d : d) <= arg ? 0 : 1;
    }
    case FID_ABS:
        return fabs(g - v) <= ldexp(1.0, -arg) ? 0 : 1;
    default: /* FID_REL, or an absolute 2^-22 near zero (lg2 near 1) */
        return fabs(g - v) <= ldexp(1.0, -arg) * fabs(g) || fabs(g - v) <= 0x1p-22 ? 0 : 1;
    }
}

static int check_kernel(const fid_kernel *k, unsigned n, const uint64_t *gpu, const uint64_t *emu,
                        const uint64_t *in)
{
    int bad_outputs = 0;
    const char *env = getenv("FID_SHOW"); /* how many mismatches to show an output (default 3) */
    unsigned show = env ? (unsigned)strtoul(env, NULL, 0) : 3;
    for (unsigned o = 0; o < k->nouts; o++) {
        const fid_out *out = &k->outs[o];
        unsigned bad = 0, skipped = 0, shown = 0;
        for (unsigned i = 0; i < n; i++) {
            uint64_t g = gpu[(size_t)o * n + i], e = emu[(size_t)o * n + i];
            if (fid_width(out->rtype) == 4) g &= 0xffffffffu, e &= 0xffffffffu;
            double x = k->itype == FID_F32 ? value(in[i], FID_F32) : k->itype == FID_F64 ? value(in[i], FID_F64) : 0;
            int c = compare(out, g, e, x);
            if (c == 2) skipped++;
            if (c != 1) continue;
            if (shown++ < show)
                say("    %s[%u]: x=0x%llx y=0x%llx z=0x%llx: GPU 0x%llx, emulator 0x%llx\n", out->name, i,
                    (unsigned long long)in[i], (unsigned long long)in[n + i], (unsigned long long)in[2 * n + i],
                    (unsigned long long)g, (unsigned long long)e);
            bad++;
        }
        const char *how = (out->check >> 8) == FID_EXACT ? "exact" : "bounded";
        if (bad) {
            say("  MISMATCH %-14s %-8s %u of %u differ\n", out->name, how, bad, n - skipped);
            bad_outputs++;
        } else {
            say("  ok       %-14s %-8s %u values%s\n", out->name, how, n - skipped, skipped ? " (rest outside the bound's range)" : "");
        }
    }
    return bad_outputs;
}

static void *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    void *d = malloc(*len ? *len : 1);
    if (fread(d, 1, *len, f) != *len) *len = 0;
    fclose(f);
    return d;
}

static int against(const ptx_module *m, const char *gpu_path)
{
    size_t len = 0, at = 12;
    unsigned char *d = read_all(gpu_path, &len);
    if (!d || len < 12 || memcmp(d, "CLFIDEL1", 8)) {
        fprintf(stderr, "fidelity_compare: %s is not a gpu_dump results file\n", gpu_path);
        return 2;
    }
    uint32_t nk;
    memcpy(&nk, d + 8, 4);
    int bad = 0;
    for (uint32_t k = 0; k < nk; k++) {
        char name[33] = {0};
        uint32_t h[2];
        if (at + 40 > len) break;
        memcpy(name, d + at, 32);
        memcpy(h, d + at + 32, 8);
        at += 40;
        const fid_kernel *kd = NULL;
        for (unsigned i = 0; i < FID_NKERNELS; i++)
            if (!strcmp(fid_kernels[i].name, name)) kd = &fid_kernels[i];
        if (!kd || kd->nouts != h[0]) {
            fprintf(stderr, "fidelity_compare: %s in the file does not match fidelity_ops.h\n", name);
            return 2;
        }
        unsigned n = h[1];
        uint64_t *gpu = calloc((size_t)kd->nouts * n, sizeof *gpu);
        for (unsigned o = 0; o < kd->nouts; o++) {
            unsigned w = fid_width(kd->outs[o].rtype);
            for (unsigned i = 0; i < n && at + w <= len; i++, at += w) memcpy(&gpu[(size_t)o * n + i], d + at, w);
        }
        say("%s (%u elements)\n", name, n);
        uint64_t *emu = emulate(m, kd, n);
        uint64_t *in = fid_inputs(kd->itype, n);
        bad += check_kernel(kd, n, gpu, emu, in);
        free(gpu);
        free(emu);
        free(in);
    }
    free(d);
    if (bad) say("%d outputs differ from the GPU\n", bad);
    else say("every output matches the GPU (exact where exact, within the PTX bounds for .approx)\n");
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    const char *ptx = NULL, *gpu = NULL, *dump = NULL;
    unsigned n = FID_N;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--dump") && i + 1 < argc) dump = argv[++i];
        else if (!strcmp(argv[i], "--report") && i + 1 < argc) report = fopen(argv[++i], "w");
        else if (!strcmp(argv[i], "--n") && i + 1 < argc) n = (unsigned)strtoul(argv[++i], NULL, 0);
        else if (!ptx) ptx = argv[i];
        else gpu = argv[i];
    }
    if (!ptx || (!gpu && !dump)) {
        fprintf(stderr, "usage: fidelity_compare FIDELITY.ptx GPU.bin [--report FILE]\n"
                        "       fidelity_compare FIDELITY.ptx --dump EMU.bin [--n N]\n");
        return 2;
    }
    ptx_module *m = NULL;
    cl_error e;
    if (ptx_parse_file(ptx, &m, &e) != CL_OK) {
        fprintf(stderr, "fidelity_compare: %s: %s (line %d)\n", ptx, e.message, e.line);
        return 2;
    }
    int rc = 0;
    if (dump) {
        n = (n + 127) / 128 * 128;
        FILE *f = fopen(dump, "wb");
        if (!f) return 2;
        fid_write_header(f, FID_NKERNELS);
        for (unsigned k = 0; k < FID_NKERNELS; k++) {
            uint64_t *out = emulate(m, &fid_kernels[k], n);
            fid_write_kernel(f, &fid_kernels[k], n, out);
            free(out);
        }
        fclose(f);
        printf("wrote %s\n", dump);
    } else {
        rc = against(m, gpu);
    }
    ptx_module_free(m);
    if (report) fclose(report);
    return rc;
}
