/* perf.c - the performance section's figures: sectors a request, bytes
 * moved, bank conflicts, occupancy, active lanes, a modelled time, and one
 * line of advice where yours is worse than the reference. */
#include "result.h"

#include <math.h>
#include <stdio.h>

#define SECTOR_BYTES 32.0
#define WORSE 1.25 /* a figure this many times the reference's is worse */

static double ratio(uint64_t a, uint64_t b)
{
    return b ? (double)a / (double)b : -1;
}

/* Sectors a request would touch were its bytes contiguous and aligned. */
static double ideal(uint64_t bytes, uint64_t requests)
{
    if (!requests) return -1;
    double v = (double)bytes / (double)requests / SECTOR_BYTES;
    return v < 1 ? 1 : v;
}

double report_device_gbps(const report_result *r, const char **source)
{
    const char *from = NULL;
    double gbps = 0;
    if (r->copy_has_ms && r->copy_gbps > 0) {
        gbps = r->copy_gbps;
        from = "copy kernel";
    } else if (r->device_peak_gbps > 0) {
        gbps = r->device_peak_gbps;
        from = "peak";
    }
    if (source) *source = from;
    return gbps;
}

void report_perf_of(const report_result *r, const report_side *s, report_perf *out)
{
    out->known = s->ran && s->warp_instructions > 0;
    out->load_sectors = ratio(s->global_load_sectors, s->global_load_requests);
    out->store_sectors = ratio(s->global_store_sectors, s->global_store_requests);
    out->load_ideal = ideal(s->global_load_bytes, s->global_load_requests);
    out->store_ideal = ideal(s->global_store_bytes, s->global_store_requests);
    out->bytes_moved = (double)(s->global_load_sectors + s->global_store_sectors) * SECTOR_BYTES;
    out->bank_conflicts = ratio(s->bank_conflicts, s->shared_accesses);
    out->wavefronts = (double)(s->shared_accesses + s->bank_conflicts);
    out->occupancy = s->occupancy;
    out->active_lanes = out->known ? s->active_lanes : -1;
    out->global_atomics = out->known ? (double)s->global_atomics : -1;
    out->shared_atomics = out->known ? (double)s->shared_atomics : -1;
    double gbps = report_device_gbps(r, NULL);
    /* GB/s are 1e9 bytes a second: 1e6 bytes a millisecond. A GPU whose
     * clock the driver did not give adds its shared time at the T4's rate
     * of wavefronts, an SM's one a clock on 40 SMs. */
    double wps = r->device_wavefronts_per_ms > 0 ? r->device_wavefronts_per_ms
                                                 : REPORT_T4_WAVEFRONTS_PER_MS;
    out->t4_ms = out->known ? out->bytes_moved / (REPORT_T4_GBPS * 1e6) +
                                  out->wavefronts / REPORT_T4_WAVEFRONTS_PER_MS
                            : -1;
    out->device_ms = out->known && gbps > 0 ? out->bytes_moved / (gbps * 1e6) + out->wavefronts / wps
                                            : -1;
    if (!out->known) {
        out->load_sectors = out->store_sectors = out->load_ideal = out->store_ideal = -1;
        out->bytes_moved = out->bank_conflicts = out->wavefronts = -1;
    }
}

/* "16" or "4.5" */
static const char *num(char *buf, size_t size, double v)
{
    if (fabs(v - round(v)) < 0.05)
        snprintf(buf, size, "%.0f", v);
    else
        snprintf(buf, size, "%.1f", v);
    return buf;
}

/* The words of each line of advice, said whatever the reference's figure
 * (report_perf_advice decides when a figure is worse; a failed gate says
 * its figure's words at once). */
static char *say_coalescing(const char *what, double sectors, double want)
{
    char a[32], b[32];
    return cl_sprintf("each warp %s touches %s sectors where %s would do: the %ss are strided "
                      "or scattered; let neighbouring lanes use neighbouring addresses",
                      what, num(a, sizeof a, sectors), num(b, sizeof b, want), what);
}

static char *say_bytes(double mine, double ref)
{
    char m[32], n[32];
    return cl_sprintf("yours moves %s where the reference moves %s: it reads or writes some "
                      "bytes more than once; keep what a thread reuses in registers or shared "
                      "memory", cl_format_bytes(m, sizeof m, mine),
                      cl_format_bytes(n, sizeof n, ref));
}

static char *say_conflicts(double mine, double ref)
{
    char m[32], n[32];
    return cl_sprintf("each shared access waits %s extra wavefronts (the reference's %s): "
                      "lanes of a warp hit one bank; pad the array or change the index",
                      num(m, sizeof m, mine), num(n, sizeof n, ref > 0 ? ref : 0));
}

static char *say_atomics(const char *space, uint64_t mine, uint64_t ref, const char *fix)
{
    return cl_sprintf("yours makes %llu %s atomics where the reference makes %llu: %s",
                      (unsigned long long)mine, space, (unsigned long long)ref, fix);
}

static const char *const global_fix =
    "add up in registers or shared memory first, one global atomic a block";
static const char *const shared_fix = "combine within the warp or the thread first";

static char *say_occupancy(const report_side *y, const report_side *f)
{
    bool regs = y->registers > f->registers;
    return cl_sprintf("Theoretical Occupancy is %.0f%% where the reference reaches %.0f%%: "
                      "%ld %s (the reference's %ld) limit the blocks an SM holds",
                      100 * y->occupancy, 100 * f->occupancy, regs ? y->registers : y->shared_bytes,
                      regs ? "registers a thread" : "bytes of shared memory a block",
                      regs ? f->registers : f->shared_bytes);
}

static char *say_lanes(double mine, double ref)
{
    char m[32], n[32];
    return cl_sprintf("on average %s of 32 lanes run each warp instruction (the reference's "
                      "%s): idle lanes and divergent branches waste the warp",
                      num(m, sizeof m, mine), num(n, sizeof n, ref));
}

/* Each warp request touches more sectors than its bytes need, and the
 * reference's waste less. */
static char *coalescing(const char *what, double sectors, double want, double ref_sectors,
                        double ref_want)
{
    if (sectors < 0 || sectors < 1.5 * want) return NULL;
    if (ref_sectors >= 0 && sectors / want < WORSE * (ref_sectors / ref_want)) return NULL;
    return say_coalescing(what, sectors, want);
}

static char *atomics(const char *space, uint64_t mine, uint64_t ref, const char *fix)
{
    if (mine <= ref * 2 || mine < 64) return NULL;
    return say_atomics(space, mine, ref, fix);
}

static char *occupancy(const report_side *y, const report_side *f)
{
    if (y->occupancy < 0 || f->occupancy < 0 || y->occupancy >= f->occupancy - 0.005) return NULL;
    return say_occupancy(y, f);
}

char *report_perf_advice(const report_kernel *k, const report_result *r)
{
    report_perf y, f;
    report_perf_of(r, &k->yours, &y);
    report_perf_of(r, &k->reference, &f);
    /* Right first, then fast (day 25's first hint): a kernel that is wrong
     * at the course size (a template that adds nothing) gets no advice. */
    if (!y.known || !f.known || k->yours.wrong != 0) return NULL;
    const report_side *ys = &k->yours, *fs = &k->reference;
    char *a = coalescing("load", y.load_sectors, y.load_ideal, f.load_sectors, f.load_ideal);
    if (!a) a = coalescing("store", y.store_sectors, y.store_ideal, f.store_sectors, f.store_ideal);
    if (!a && y.bytes_moved > WORSE * f.bytes_moved && f.bytes_moved > 0)
        a = say_bytes(y.bytes_moved, f.bytes_moved);
    if (!a && y.bank_conflicts > 0.25 && y.bank_conflicts > WORSE * (f.bank_conflicts > 0 ? f.bank_conflicts : 0))
        a = say_conflicts(y.bank_conflicts, f.bank_conflicts);
    if (!a) a = atomics("global", ys->global_atomics, fs->global_atomics, global_fix);
    if (!a) a = atomics("shared", ys->shared_atomics, fs->shared_atomics, shared_fix);
    if (!a) a = occupancy(ys, fs);
    if (!a && y.active_lanes >= 0 && y.active_lanes < f.active_lanes - 2)
        a = say_lanes(y.active_lanes, f.active_lanes);
    return a;
}

/* ---- gates (docs/day-format.md, "gates") ---- */

double report_figure(const report_perf *p, cl_figure f)
{
    switch (f) {
#define FIGURE_VALUE(id, name, ...) case CL_FIG_##id: return p->name;
        CL_FIGURES(FIGURE_VALUE)
#undef FIGURE_VALUE
    case CL_FIG_COUNT: break;
    }
    return -1;
}

double report_figure_ideal(const report_perf *p, double bytes_needed, cl_figure f)
{
    switch (cl_figure_ideal_of(f)) {
    case CL_IDEAL_NONE: break;
    case CL_IDEAL_ACCESS: return f == CL_FIG_LOAD_SECTORS ? p->load_ideal : p->store_ideal;
    case CL_IDEAL_NEEDED: return bytes_needed > 0 ? bytes_needed : -1;
    case CL_IDEAL_ZERO: return 0;
    case CL_IDEAL_WARP: return 32;
    }
    return -1;
}

double report_gate_figure(const report_perf *p, cl_figure f)
{
    if (!p->known) return -1;
    double v = report_figure(p, f);
    return v < 0 && cl_figure_ideal_of(f) == CL_IDEAL_ZERO ? 0 : v; /* no access: none */
}

char *report_gate_advice(const report_kernel *k, const report_result *r, cl_figure f)
{
    report_perf y, ref;
    report_perf_of(r, &k->yours, &y);
    report_perf_of(r, &k->reference, &ref);
    switch (f) {
    case CL_FIG_BANK_CONFLICTS: return say_conflicts(y.bank_conflicts, ref.bank_conflicts);
    case CL_FIG_LOAD_SECTORS: return say_coalescing("load", y.load_sectors, y.load_ideal);
    case CL_FIG_STORE_SECTORS: return say_coalescing("store", y.store_sectors, y.store_ideal);
    case CL_FIG_BYTES_MOVED: return say_bytes(y.bytes_moved, ref.bytes_moved);
    case CL_FIG_OCCUPANCY: return say_occupancy(&k->yours, &k->reference);
    case CL_FIG_ACTIVE_LANES: return say_lanes(y.active_lanes, ref.active_lanes);
    case CL_FIG_GLOBAL_ATOMICS:
        return say_atomics("global", k->yours.global_atomics, k->reference.global_atomics, global_fix);
    case CL_FIG_SHARED_ATOMICS:
        return say_atomics("shared", k->yours.shared_atomics, k->reference.shared_atomics, shared_fix);
    case CL_FIG_COUNT: break;
    }
    return NULL;
}
