/* report_seeds.c - writes the result_wire target's seeds: reports as a
 * grade's sandboxed child hands them back (report_wire_put), one a kind of
 * grade: a pass with performance figures from the emulator and a GPU, a
 * failed one with hazards of each family (a hidden size's among them), a
 * day's program (traces, idle stages), and a build that failed.
 *
 *   fuzz_report_seeds OUT_DIR */
#include <stdio.h>
#include <stdlib.h>

#include "report/result_wire.h"

static int save(const char *dir, const char *name, report_result *r)
{
    cl_str b = {0};
    report_wire_put(r, &b);
    report_free(r);
    char *path = cl_sprintf("%s/%s", dir, name);
    cl_error err = {0};
    int ok = cl_write_file_atomic(path, b.s, b.len, &err) == CL_OK;
    if (!ok) fprintf(stderr, "fuzz_report_seeds: %s\n", err.message);
    free(path);
    cl_str_free(&b);
    return ok;
}

/* One side's figures as the emulator and a GPU give them. */
static void figures(report_side *s, double scale)
{
    s->ran = true;
    s->wrong = 0;
    s->total = 1 << 20;
    s->registers = 24;
    s->shared_bytes = 4096;
    s->occupancy = 0.75;
    s->lane_instructions = (uint64_t)(41943040 * scale);
    s->warp_instructions = (uint64_t)(1310720 * scale);
    s->active_lanes = 31.25;
    s->global_load_requests = 65536;
    s->global_load_sectors = (uint64_t)(262144 * scale);
    s->global_load_bytes = 8u << 20;
    s->global_store_requests = 32768;
    s->global_store_sectors = 131072;
    s->global_store_bytes = 4u << 20;
    s->shared_accesses = 98304;
    s->bank_conflicts = (uint64_t)(3072 * scale);
    s->global_atomics = 1024;
    s->barriers = 8192;
    s->has_ms = true;
    s->ms = 0.0625 * scale;
    s->gbps = 201.5 / scale;
    s->copy_fraction = 0.625 / scale;
    s->driver_registers = 26;
    s->driver_shared_bytes = 4096;
    s->driver_local_bytes = 0;
}

static void scores(report_result *r, const char *kernel, bool correct)
{
    report_add_score(r, kernel, DAY_CHECK_CORRECTNESS, correct, 2,
                     correct ? "" : "3 of 1,048,576 elements wrong");
    report_add_score(r, kernel, DAY_CHECK_RACES, true, 1, "");
    report_add_score(r, kernel, DAY_CHECK_MEMORY, true, 1, "");
    report_score_totals(r);
}

static report_result *passed_with_figures(void)
{
    report_result *r = report_new("day25-reduce", "reduce.cu", "gpu", 7);
    report_set_check(r, DAY_CHECK_COMPILE, true, NULL);
    report_set_check(r, DAY_CHECK_CORRECTNESS, true, NULL);
    report_set_check(r, DAY_CHECK_PERFORMANCE, true, "within 1.2x of the reference");
    report_kernel *k = report_add_kernel(r, "reduceSum");
    k->signature = cl_strdup("(const float *in, float *out, int n)");
    k->present = k->passed = true;
    figures(&k->yours, 1.25);
    figures(&k->reference, 1.0);
    k->unit = cl_strdup("elements");
    k->bytes_needed = 4194308;
    k->seconds = 0.75;
    report_size_result *s = report_add_size(k, "n=1048576");
    s->ran = s->gpu_ran = true;
    s->total = 1048576;
    s->seconds = 0.5;
    s = report_add_size(k, "n=1000003");
    s->ran = true;
    s->total = 1000003;
    s->gpu_wrong = -1;
    s->gpu_outcome = cl_strdup("timeout");
    r->copy_has_ms = true;
    r->copy_ms = 0.0419;
    r->copy_gbps = 200.1;
    r->device = cl_strdup("NVIDIA H200 (sm_90)");
    r->device_peak_gbps = 4800;
    r->device_wavefronts_per_ms = 132 * 1980e3;
    r->printf_text = cl_strdup("block 0: sum 1048576\n");
    r->seconds = 3.5;
    r->build_seconds = 2.25;
    r->hidden_sizes = 2;
    r->edition = cl_strdup("instructor");
    scores(r, "reduceSum", true);
    report_finish(r);
    return r;
}

static report_hazard *hazard(report_result *r, day_check c, cl_hazard_kind kind, int line)
{
    report_hazard *h = report_add_hazard(r);
    h->check = c;
    h->severity = REPORT_ERROR;
    h->kind = kind;
    h->kernel = cl_strdup("reduceRowsBallotDown");
    h->file = cl_strdup("ballot.cu");
    h->line = line;
    h->source_lane = -1;
    h->count = 1;
    h->size = cl_strdup("rows=8 live=5");
    return h;
}

static report_result *failed_with_hazards(void)
{
    report_result *r = report_new("day23-ballot", "ballot.cu", "emulator", 1234567);
    report_set_check(r, DAY_CHECK_COMPILE, true, NULL);
    report_set_check(r, DAY_CHECK_CORRECTNESS, false, "3 of 8 rows wrong");
    report_set_check(r, DAY_CHECK_MASK_HONESTY, false, "2 hazards");
    report_set_check(r, DAY_CHECK_RACES, false, "1 hazard");
    report_set_check(r, DAY_CHECK_MEMORY, false, "1 hazard");
    report_kernel *k = report_add_kernel(r, "reduceRowsBallotDown");
    k->signature = cl_strdup("(const float *in, float *out, int rows, int live)");
    k->present = true;
    figures(&k->yours, 2.0);
    k->yours.wrong = 3;
    k->yours.has_ms = false;
    k->unit = cl_strdup("rows");
    report_size_result *s = report_add_size(k, "rows=8 live=5");
    s->ran = true;
    s->wrong = 3;
    s->total = 8;
    s->nfirst = 3;
    for (int i = 0; i < 3; i++)
        s->first[i] = (report_mismatch){.index = 2 * i + 1, .expected = 15.5, .got = i - 1.0,
                                        .buffer = "out"};
    s->note = cl_strdup("wrote 3 padding columns");
    s = report_add_size(k, "a hidden size");
    s->ran = true;
    s->outcome = cl_strdup("deadlock");
    report_hazard *h = hazard(r, DAY_CHECK_MASK_HONESTY, CL_HZ_MASK_UNDEFINED_READ, 20);
    h->warp = 1;
    h->lane = 4;
    h->source_lane = 20;
    h->has_mask = h->has_lanes = true;
    h->mask = 0x0000ffff;
    h->lanes = (report_lanes){.mask = 0x0000ffff, .active = 0xffffffff, .undefined = 0x00f00000,
                              .clamped = 0x80000000};
    for (int i = 0; i < 32; i++) h->lanes.source[i] = (int8_t)(i < 16 ? i ^ 16 : -1);
    h->count = 12;
    h->message = cl_strdup("lane 4 reads lane 20, which is not in the mask 0x0000ffff");
    h->advice = cl_strdup("name every lane that takes part in the mask");
    h->sizes = 2;
    h = hazard(r, DAY_CHECK_RACES, CL_HZ_RACE_SHARED, 31);
    h->line2 = 29;
    h->block[0] = 3;
    h->message = cl_strdup("a write at line 31 and a read at line 29 with no barrier between");
    h = hazard(r, DAY_CHECK_MEMORY, CL_HZ_OOB, 44);
    h->severity = REPORT_WARNING;
    h->message = cl_strdup("out[8] is 4 bytes past the end of a 32-byte buffer");
    h = hazard(r, DAY_CHECK_MASK_HONESTY, CL_HZ_MASK_DEADLOCK, 52);
    report_hazard_redact(h);
    h->hidden_sizes = 3;
    h = hazard(r, DAY_CHECK_RACES, CL_HZ_RACE_GLOBAL, 60);
    h->more = true;
    h->count = 40;
    r->seconds = 1.5;
    r->build_seconds = 1.25;
    r->hidden_sizes = 3;
    r->edition = cl_strdup("autograder");
    scores(r, "reduceRowsBallotDown", false);
    report_finish(r);
    return r;
}

static report_result *program(void)
{
    report_result *r = report_new("day42-bfs", "bfs.cu", "emulator", 42);
    report_set_check(r, DAY_CHECK_COMPILE, true, NULL);
    report_set_check(r, DAY_CHECK_CORRECTNESS, true, NULL);
    static const char *const names[] = {"expandFrontier", "addTop"};
    for (int i = 0; i < 2; i++) {
        report_kernel *k = report_add_kernel(r, names[i]);
        k->present = k->passed = true;
        figures(&k->yours, 1.0 + i);
        k->unit = cl_strdup("blocks");
        report_size_result *s = report_add_size(k, "nodes=4096 edges=32768");
        s->ran = true;
        s->total = 4096;
        s->trace = cl_strdup("9 launches; sweep ran 212 times of at most 4000");
        if (i) s->idle_stages = cl_strdup("addTop");
        s->seconds = 0.125;
    }
    report_diag *d = report_add_diag(r);
    d->file = cl_strdup("bfs.cu");
    d->line = 12;
    d->column = 7;
    d->severity = REPORT_WARNING;
    d->message = cl_strdup("variable \"frontier\" was declared but never referenced");
    r->edition = NULL; /* an older report */
    scores(r, "expandFrontier", true);
    report_finish(r);
    return r;
}

static report_result *build_failed(void)
{
    report_result *r = report_new("day14-copy", "copy.cu", "emulator", 0);
    report_set_check(r, DAY_CHECK_COMPILE, false, "1 error");
    report_kernel *k = report_add_kernel(r, "copyRows");
    k->problem = cl_strdup("did not build");
    report_diag *d = report_add_diag(r);
    d->file = cl_strdup("copy.cu");
    d->line = 9;
    d->column = 3;
    d->severity = REPORT_ERROR;
    d->message = cl_strdup("identifier \"threadIdx_x\" is undefined");
    d = report_add_diag(r);
    d->file = cl_strdup("copy.cu");
    d->line = 9;
    d->severity = REPORT_NOTE;
    d->message = cl_strdup("\x1b[31mcolour\x1b[0m and a tab\t");
    r->edition = cl_strdup("student");
    report_finish(r);
    return r;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fuzz_report_seeds OUT_DIR\n");
        return 2;
    }
    const char *dir = argv[1];
    int ok = 1;
    ok &= save(dir, "passed_figures", passed_with_figures());
    ok &= save(dir, "hazards", failed_with_hazards());
    ok &= save(dir, "program", program());
    ok &= save(dir, "build_failed", build_failed());
    return ok ? 0 : 1;
}
