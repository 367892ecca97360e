/* gpu_run.c - the GPU part of a grade: the same harness on the real device,
 * for correctness (which must agree with the emulator) and for time. */
#include "grade_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gpu.h"

#define GRADE_TIMING_REPS 20

/* Start the GPU worker (it probes the device as it starts) and ask the build
 * for a cubin of the device's own architecture. --backend gpu without a GPU
 * cannot grade; auto goes on with the emulator alone. */
cl_status grade_open_gpu(grading *g, build_options *bo, cl_error *err)
{
    if (g->opt->backend == GRADE_BACKEND_EMU) return CL_OK;
    cl_error why = {0};
    if (gpu_backend_new(&g->gpu.be, &why) != CL_OK) {
        g->gpu.be = NULL;
        if (g->opt->backend == GRADE_BACKEND_AUTO) return CL_OK;
        return cl_fail(err, CL_NO_GPU, "", 0, 0, "--backend gpu, but %s", why.message);
    }
    const gpu_probe_info *info = gpu_backend_device(g->gpu.be);
    snprintf(g->gpu_arch, sizeof g->gpu_arch, "sm_%d%d", info->cc_major, info->cc_minor);
    bo->cubin_arch = g->gpu_arch;
    free(g->r->device);
    g->r->device = cl_sprintf("%s (%s)", info->device, g->gpu_arch);
    g->r->device_peak_gbps = gpu_peak_gbps(info);
    g->r->device_wavefronts_per_ms = (double)info->sm_count * info->clock_khz; /* kHz: a ms's clocks */
    return CL_OK;
}

static void take_time(report_side *s, const harness_result *hr, double copy_gbps)
{
    if (!hr->run.has_ms) return;
    s->has_ms = true;
    s->ms = hr->run.ms;
    s->gbps = gpu_bandwidth_gbps(hr->bytes, hr->run.ms);
    if (copy_gbps > 0) s->copy_fraction = s->gbps / copy_gbps;
}

static void take_attributes(grading *g, int module, const char *entry, report_side *s)
{
    backend_attrs a;
    if (backend_attributes(g->gpu.be, module, entry, &a, NULL) != CL_OK) return;
    s->driver_registers = a.registers;
    s->driver_shared_bytes = a.static_shared;
    s->driver_local_bytes = a.local_bytes;
}

/* The emulator's run at this size did not complete: a GPU would hang or
 * fault on the same code, so it is not sent there. */
static bool emulator_completed(const report_kernel *rk, int index)
{
    return index < rk->nsizes && rk->sizes[index].ran && !rk->sizes[index].outcome;
}

/* With --backend auto the emulator has judged: a launch of the student's
 * kernel that the GPU cannot start (out of memory for a huge local array,
 * too many resources) is what the GPU said at that size, not a grade that
 * cannot be made. Every error of the GPU run is taken so, whatever its
 * status: on an H100, e2e local_256k's GPU run ended in an error that was
 * not CL_GPU and had no message, and keeping only CL_GPU made that grade an
 * error (exit 2) where the emulator had judged it. Returns whether it was
 * taken; --backend gpu keeps the error. */
static bool take_launch_error(grading *g, report_kernel *rk, int index, cl_error *err)
{
    if (g->opt->backend != GRADE_BACKEND_AUTO || index >= rk->nsizes) return false;
    report_size_result *s = &rk->sizes[index];
    s->gpu_ran = true;
    s->gpu_wrong = -1;
    s->gpu_outcome = cl_sprintf("could not run on the GPU: %s", err->message[0] ? err->message
                                : "the GPU backend gave no reason");
    *err = (cl_error){0};
    return true;
}

/* Whether the student's kernels printed in the emulator. The driver formats
 * device printf on the host with no limit on a field's width or on the
 * lines, so with --backend auto such kernels are judged and shown by the
 * emulator alone. */
static bool kernels_print(const grading *g)
{
    return g->r->printf_text && *g->r->printf_text;
}

static cl_status run_mine(grading *g, report_kernel *rk, const day_kernel *k, const char *entry,
                          const grade_oracle *oracles, cl_error *err)
{
    cl_status st = CL_OK;
    if (g->opt->backend == GRADE_BACKEND_AUTO && kernels_print(g)) return CL_OK;
    for (int i = 0; st == CL_OK && i < grade_nsizes(g); i++) {
        if (!emulator_completed(rk, i)) continue;
        bool course = i == 0;
        harness_result hr;
        st = grade_run_size(g, &g->gpu, g->gpu.mine, k, entry, grade_size(g, i),
                            course ? GRADE_TIMING_REPS : 0, &oracles[i], &hr, err);
        if (st != CL_OK && take_launch_error(g, rk, i, err)) {
            harness_result_free(&hr);
            break; /* the other sizes would fail the same way */
        }
        if (st == CL_OK) {
            report_size_result *s = &rk->sizes[i];
            s->gpu_ran = true;
            s->gpu_wrong = hr.compared ? hr.wrong : -1;
            if (hr.run.outcome != BACKEND_COMPLETED)
                s->gpu_outcome = cl_sprintf("%s: %s", backend_outcome_name(hr.run.outcome),
                                            hr.run.detail ? hr.run.detail : "");
            if (course) take_time(&rk->yours, &hr, g->r->copy_has_ms ? g->r->copy_gbps : 0);
        }
        harness_result_free(&hr);
    }
    return st;
}

cl_status grade_run_gpu_kernel(grading *g, report_kernel *rk, const day_kernel *k,
                               const char *mine, const char *ref, const grade_oracle *oracles,
                               cl_error *err)
{
    cl_status st = CL_OK;
    if (mine) {
        take_attributes(g, g->gpu.mine, mine, &rk->yours);
        st = run_mine(g, rk, k, mine, oracles, err);
    }
    if (st == CL_OK && ref) {
        harness_result hr;
        take_attributes(g, g->gpu.ref, ref, &rk->reference);
        st = grade_run_size(g, &g->gpu, g->gpu.ref, k, ref, &g->day->course, GRADE_TIMING_REPS,
                            &oracles[0], &hr, err);
        if (st == CL_OK) take_time(&rk->reference, &hr, g->r->copy_has_ms ? g->r->copy_gbps : 0);
        harness_result_free(&hr);
    }
    return st;
}

/* The day's baseline (a copy kernel) at the course size, timed: the
 * student's GB/s are given as a share of its. */
cl_status grade_run_gpu_copy(grading *g, cl_error *err)
{
    const day_kernel *base = g->day->baseline;
    if (!g->gpu.be || g->gpu.copy < 0 || !g->copy || !base) return CL_OK;
    const build_kernel *bk = build_find_kernel(g->copy, base->name);
    if (!bk)
        return cl_fail(err, CL_INTERNAL, g->day->path, base->line, 0, "the baseline %s does not "
                       "define %s", base->source, base->name);
    harness_request req = grade_request(g, &g->gpu, g->gpu.copy, base, bk->name, &g->day->course,
                                        GRADE_TIMING_REPS);
    harness_result hr = {0};
    cl_status st = harness_run(&req, &hr, err);
    if (st == CL_OK && hr.run.has_ms && hr.compared && hr.bytes > 0) {
        g->r->copy_has_ms = true;
        g->r->copy_ms = hr.run.ms;
        g->r->copy_gbps = gpu_bandwidth_gbps(hr.bytes, hr.run.ms);
    }
    harness_result_free(&hr);
    return st;
}

/* Whether the emulator found an error hazard in kernel: then its results are
 * undefined, and a GPU that disagrees is no surprise. */
static bool has_error_hazard(const report_result *r, const char *kernel)
{
    for (int i = 0; i < r->nhazards; i++)
        if (r->hazards[i].severity == REPORT_ERROR && r->hazards[i].kernel &&
            !strcmp(r->hazards[i].kernel, kernel))
            return true;
    return false;
}

/* One size where the GPU and the emulator disagree, said once. */
static void note_disagreement(cl_str *to, const report_kernel *k, const report_size_result *s,
                              bool explained)
{
    cl_str_addf(to, "%s%s at %s: ", to->len ? "; " : "", k->name, s->size);
    if (s->gpu_outcome)
        cl_str_add(to, s->gpu_outcome);
    else
        cl_str_addf(to, "the GPU got %lld wrong, the emulator %lld", s->gpu_wrong, s->wrong);
    if (explained) cl_str_add(to, " (undefined behaviour: see the hazards)");
}

/* Times never fail a grade (they vary from run to run). The day's gates on
 * the emulator's figures do (gates.c), GPU or none. The GPU disagreeing
 * with the emulator, or faulting where the emulator finished, fails it
 * unless the emulator's hazards already say the results are undefined. */
void grade_decide_performance(grading *g)
{
    bool gated = grade_day_has_gates(g->day);
    if (!g->gpu.be && !gated) return;
    cl_str times = {0}, trouble = {0}, explained = {0}, gate_fails = {0}, gate_notes = {0};
    int failed = gated ? grade_judge_gates(g, &gate_fails, &gate_notes) : 0;
    for (int i = 0; g->gpu.be && i < g->r->nkernels; i++) {
        report_kernel *k = &g->r->kernels[i];
        bool undefined = has_error_hazard(g->r, k->name);
        for (int j = 0; j < k->nsizes; j++) {
            report_size_result *s = &k->sizes[j];
            if (!s->gpu_ran || (!s->gpu_outcome && s->gpu_wrong == s->wrong)) continue;
            note_disagreement(undefined ? &explained : &trouble, k, s, undefined);
            if (!undefined) k->passed = false;
        }
        if (k->yours.has_ms)
            cl_str_addf(&times, "%s%s %.3f ms", times.len ? "; " : "", k->name, k->yours.ms);
        if (k->yours.has_ms && k->reference.has_ms)
            cl_str_addf(&times, " (reference %.3f ms)", k->reference.ms);
    }
    cl_str detail = {0};
    if (failed) cl_str_addf(&detail, "%d gate%s failed: %s", failed, failed > 1 ? "s" : "", gate_fails.s);
    if (trouble.len) cl_str_addf(&detail, "%s%s", detail.len ? "; " : "", trouble.s);
    if (!detail.len && times.len) cl_str_add(&detail, times.s);
    if (!detail.len && g->gpu.be && kernels_print(g))
        cl_str_add(&detail, "not run on the GPU: your kernel prints, and the driver formats device "
                            "printf without limits; the emulator judged it alone");
    else if (!detail.len && g->gpu.be) /* it ran there, and no launch was timed */
        cl_str_add(&detail, g->day->program ? "run on the GPU; a program's launches are not timed yet"
                                            : "run on the GPU; not timed");
    if (gate_notes.len)
        cl_str_addf(&detail, "%s%s", detail.len ? "; " : "", gate_notes.s);
    if (explained.len) cl_str_addf(&detail, "; %s", explained.s);
    report_set_check(g->r, DAY_CHECK_PERFORMANCE, trouble.len == 0 && failed == 0, detail.s);
    cl_str_free(&times);
    cl_str_free(&trouble);
    cl_str_free(&explained);
    cl_str_free(&gate_fails);
    cl_str_free(&gate_notes);
    cl_str_free(&detail);
}
