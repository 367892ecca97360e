/* test_report_perf.c - the performance section: the figures perf.c derives
 * from the counters, the modelled times (bytes over a bandwidth plus the
 * shared wavefronts, bank conflicts counted) and the bandwidth they use,
 * each line of advice in turn, the figures and advice gates read, the
 * section in the text report (its rows, within the width) and in the JSON
 * (its keys, and a round trip). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/result.h"
#include "report/text.h"

/* 100 warp loads of 128 bytes each: the reference touches 4 sectors a
 * load, yours 32 (a stride of 8 floats). */
static void counters(report_side *s, bool strided)
{
    s->ran = true;
    s->wrong = 0;
    s->total = 1024;
    s->registers = 32;
    s->shared_bytes = 1024;
    s->occupancy = 1.0;
    s->lane_instructions = 32000;
    s->warp_instructions = 1000;
    s->active_lanes = 32;
    s->global_load_requests = 100;
    s->global_load_sectors = strided ? 3200 : 400;
    s->global_load_bytes = 12800;
    s->global_store_requests = 10;
    s->global_store_sectors = 10;
    s->global_store_bytes = 40;
    s->shared_accesses = 50;
}

static report_result *sample(void)
{
    report_result *r = report_new("day25-cascade", "cascade.cu", "emulator", 1);
    report_set_check(r, DAY_CHECK_COMPILE, true, "");
    report_kernel *k = report_add_kernel(r, "reduceCascade");
    k->passed = k->present = true;
    k->bytes_needed = 12800 + 40;
    counters(&k->yours, true);
    counters(&k->reference, false);
    report_finish(r);
    return r;
}

static void test_figures(void **state)
{
    (void)state;
    report_result *r = sample();
    report_perf y, f;
    report_perf_of(r, &r->kernels[0].yours, &y);
    report_perf_of(r, &r->kernels[0].reference, &f);
    assert_true(y.known);
    assert_float_equal(y.load_sectors, 32, 1e-9);
    assert_float_equal(f.load_sectors, 4, 1e-9);
    assert_float_equal(y.load_ideal, 4, 1e-9);
    assert_float_equal(y.store_sectors, 1, 1e-9);
    assert_float_equal(y.store_ideal, 1, 1e-9); /* 4 bytes a store: one sector at least */
    assert_float_equal(y.bytes_moved, 3210 * 32.0, 1e-6);
    assert_float_equal(y.bank_conflicts, 0, 1e-9);
    assert_float_equal(y.occupancy, 1.0, 1e-9);
    /* 50 shared accesses, no conflict: 50 wavefronts at the T4's 40 SMs x 1,590 MHz */
    assert_float_equal(y.wavefronts, 50, 0);
    assert_float_equal(y.t4_ms, 3210 * 32.0 / 320e6 + 50 / (40 * 1590e3), 1e-12);
    assert_true(y.device_ms < 0); /* no GPU */
    /* The device's peak where the copy kernel was not timed, else the copy. */
    r->device_peak_gbps = 4800;
    const char *source = NULL;
    assert_float_equal(report_device_gbps(r, &source), 4800, 1e-9);
    assert_string_equal(source, "peak");
    report_perf_of(r, &r->kernels[0].yours, &y);
    assert_float_equal(y.device_ms, 3210 * 32.0 / 4800e6 + 50 / (40 * 1590e3), 1e-12);
    r->device_wavefronts_per_ms = 132 * 1980e3; /* its own SMs and clock where the driver said */
    report_perf_of(r, &r->kernels[0].yours, &y);
    assert_float_equal(y.device_ms, 3210 * 32.0 / 4800e6 + 50 / (132 * 1980e3), 1e-12);
    r->device_wavefronts_per_ms = 0;
    r->copy_has_ms = true;
    r->copy_gbps = 3684;
    assert_float_equal(report_device_gbps(r, &source), 3684, 1e-9);
    assert_string_equal(source, "copy kernel");
    /* A side that did not run has no figures. */
    r->kernels[0].yours.ran = false;
    report_perf_of(r, &r->kernels[0].yours, &y);
    assert_false(y.known);
    assert_true(y.load_sectors < 0 && y.bytes_moved < 0 && y.t4_ms < 0 && y.device_ms < 0);
    report_free(r);
}

/* Day 28's transposes at 4096 x 4096: the same 134.2 MB moved, padded or
 * not, but the unpadded tile's 524,288 column reads wait 31 extra
 * wavefronts each. The model tells them apart (both were 0.419 ms when it
 * left bank conflicts out). */
static void test_conflicts_modelled(void **state)
{
    (void)state;
    report_result *r = sample();
    report_side *y = &r->kernels[0].yours, *f = &r->kernels[0].reference;
    y->global_load_requests = f->global_load_requests = y->global_store_requests = f->global_store_requests = 524288;
    y->global_load_sectors = f->global_load_sectors = y->global_store_sectors = f->global_store_sectors = 2097152;
    y->shared_accesses = f->shared_accesses = 1048576;
    y->bank_conflicts = 16252928;
    f->bank_conflicts = 0;
    report_perf py, pf;
    report_perf_of(r, y, &py);
    report_perf_of(r, f, &pf);
    assert_float_equal(py.bytes_moved, pf.bytes_moved, 0);
    assert_float_equal(pf.t4_ms, 134217728 / 320e6 + 1048576 / 63.6e6, 1e-9);
    assert_float_equal(py.t4_ms, 134217728 / 320e6 + 17301504 / 63.6e6, 1e-9);
    assert_true(py.t4_ms > 1.5 * pf.t4_ms); /* 0.691 ms against 0.436 ms */
    report_free(r);
}

/* What a gate reads: each figure of a side, as the section shows it, and
 * the advice of that figure whatever the reference's. */
static void test_gate_figures(void **state)
{
    (void)state;
    report_result *r = sample();
    report_kernel *k = &r->kernels[0];
    k->yours.bank_conflicts = 775; /* 15.5 an access */
    k->yours.global_atomics = 4096;
    k->yours.occupancy = 0.5;
    report_perf p;
    report_perf_of(r, &k->yours, &p);
    struct { cl_figure f; double v; const char *shown; const char *advice; } rows[] = {
        {CL_FIG_BANK_CONFLICTS, 15.5, "15.50", "each shared access waits 15.5 extra wavefronts (the reference's 0)"},
        {CL_FIG_LOAD_SECTORS, 32, "32.0", "each warp load touches 32 sectors where 4 would do"},
        {CL_FIG_STORE_SECTORS, 1, "1.0", "each warp store touches 1 sectors where 1 would do"},
        {CL_FIG_BYTES_MOVED, 102720, "102.7 kB", "yours moves 102.7 kB where the reference moves 13.1 kB"},
        {CL_FIG_OCCUPANCY, 0.5, "50%", "Theoretical Occupancy is 50% where the reference reaches 100%"},
        {CL_FIG_GLOBAL_ATOMICS, 4096, "4096", "yours makes 4096 global atomics where the reference makes 0"},
        {CL_FIG_SHARED_ATOMICS, 0, "0", "yours makes 0 shared atomics where the reference makes 0"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char buf[32];
        double v = report_gate_figure(&p, rows[i].f);
        assert_float_equal(v, rows[i].v, 1e-9);
        assert_string_equal(cl_figure_format(buf, sizeof buf, rows[i].f, v), rows[i].shown);
        char *a = report_gate_advice(k, r, rows[i].f);
        if (!a || !strstr(a, rows[i].advice)) fail_msg("%s: advice '%s'", cl_figure_name(rows[i].f), a ? a : "(none)");
        free(a);
    }
    /* no shared access at all: no conflict; a side that did not run: unknown */
    k->yours.shared_accesses = k->yours.bank_conflicts = 0;
    report_perf_of(r, &k->yours, &p);
    assert_float_equal(report_gate_figure(&p, CL_FIG_BANK_CONFLICTS), 0, 0);
    k->yours.ran = false;
    report_perf_of(r, &k->yours, &p);
    assert_true(report_gate_figure(&p, CL_FIG_LOAD_SECTORS) < 0);
    report_free(r);
}

static void expect_advice(const report_result *r, const char *words)
{
    char *a = report_perf_advice(&r->kernels[0], r);
    if (!words) {
        if (a) fail_msg("unexpected advice: %s", a);
        return;
    }
    if (!a) fail_msg("no advice, expected '%s'", words);
    if (!strstr(a, words)) fail_msg("advice '%s' does not say '%s'", a, words);
    free(a);
}

/* Each figure in turn: made worse than the reference's, it is the advice;
 * put right, the next one is. */
static void test_advice(void **state)
{
    (void)state;
    report_result *r = sample();
    report_side *y = &r->kernels[0].yours, *f = &r->kernels[0].reference;
    y->global_store_sectors = 80; /* 8 sectors a store where 1 would do */
    y->bank_conflicts = 100;
    y->global_atomics = 100000;
    expect_advice(r, "each warp load touches 32 sectors where 4 would do: the loads are strided");
    y->wrong = 3; /* wrong at the course size: right first, no advice */
    expect_advice(r, NULL);
    y->wrong = 0;
    y->global_load_sectors = 400;
    expect_advice(r, "each warp store touches 8 sectors where 1 would do");
    y->global_store_sectors = 10;
    y->global_load_sectors = 800; /* 8 a load where the 256 bytes they ask for fit 8 */
    y->global_load_bytes = 25600;
    expect_advice(r, "yours moves 25.9 kB where the reference moves 13.1 kB");
    y->global_load_sectors = 400;
    y->global_load_bytes = 12800;
    expect_advice(r, "each shared access waits 2 extra wavefronts (the reference's 0)");
    y->bank_conflicts = 0;
    expect_advice(r, "yours makes 100000 global atomics where the reference makes 0");
    y->global_atomics = 0;
    y->shared_atomics = 5000;
    f->shared_atomics = 1000;
    expect_advice(r, "yours makes 5000 shared atomics where the reference makes 1000");
    y->shared_atomics = 1000;
    y->registers = 128;
    y->occupancy = 0.25;
    expect_advice(r, "Theoretical Occupancy is 25% where the reference reaches 100%: 128 "
                     "registers a thread (the reference's 32)");
    y->registers = 32;
    y->occupancy = 1.0;
    y->active_lanes = 12;
    expect_advice(r, "on average 12 of 32 lanes run each warp instruction (the reference's 32)");
    y->active_lanes = 32;
    expect_advice(r, NULL);
    /* Better than the reference is no advice either. */
    f->global_load_sectors = 3200;
    expect_advice(r, NULL);
    report_free(r);
}

static char *render(const report_result *r, int width, int *widest)
{
    report_text_options opt = {true, width};
    report_doc *d = report_render(r, &opt);
    cl_str all = {0};
    *widest = 0;
    bool in = false;
    for (int i = 0; i < d->nlines; i++) {
        const char *t = d->lines[i].text;
        if (strstr(t, "Performance without a GPU")) in = true;
        if (in && !*t) in = false;
        int cols = 0;
        for (const unsigned char *p = (const unsigned char *)t; *p; p++) cols += (*p & 0xc0) != 0x80;
        if (in && cols > *widest) *widest = cols;
        if (in && cols > width) print_message("too wide: '%s'\n", t);
        cl_str_addf(&all, "%s\n", t);
    }
    report_doc_free(d);
    return cl_str_take(&all);
}

/* The text with each line break and the indent after it as one space: a
 * wrapped sentence read whole. */
static bool says(const char *text, const char *words)
{
    cl_str flat = {0};
    for (const char *p = text; *p; p++) {
        if (*p != '\n') {
            cl_str_addc(&flat, *p);
            continue;
        }
        while (p[1] == ' ') p++;
        cl_str_addc(&flat, ' ');
    }
    bool found = strstr(cl_str_cstr(&flat), words) != NULL;
    cl_str_free(&flat);
    return found;
}

/* A row with these two cells (and an ideal's or none after them). */
static void expect_row(const char *text, const char *label, const char *yours, const char *ref)
{
    char want[160];
    snprintf(want, sizeof want, "    %-32s%12s%12s", label, yours, ref);
    const char *at = strstr(text, want);
    if (!at || (at[strlen(want)] != '\n' && at[strlen(want)] != ' '))
        fail_msg("no row '%s' in:\n%s", want, text);
}

/* A row with these cells and the ideal figure for the access. */
static void expect_ideal(const char *text, const char *label, const char *yours, const char *ref,
                         const char *ideal)
{
    char want[200];
    snprintf(want, sizeof want, "    %-32s%12s%12s%12s\n", label, yours, ref, ideal);
    if (!strstr(text, want)) fail_msg("no row '%s' in:\n%s", want, text);
}

static void test_text(void **state)
{
    (void)state;
    report_result *r = sample();
    report_kernel *k = &r->kernels[0];
    k->yours.global_atomics = 4096;
    /* a million loads of 128 bytes: 1 GB moved where 128 MB would do */
    k->yours.global_load_requests = k->reference.global_load_requests = 1000000;
    k->yours.global_load_bytes = k->reference.global_load_bytes = 128000000;
    k->yours.global_load_sectors = 32000000;
    k->reference.global_load_sectors = 4000000;
    k->bytes_needed = 128000040;
    r->device_peak_gbps = 4800;
    int widest;
    char *t = render(r, 80, &widest);
    assert_non_null(strstr(t, "Performance without a GPU (course size, emulator counters)\n"
                              "  reduceCascade                            yours   reference       ideal\n"));
    /* the ideal for the access: 128 bytes a request is 4 sectors, contiguous */
    expect_ideal(t, "global load sectors/request", "32.0", "4.0", "4.0");
    expect_ideal(t, "bytes moved (128.0 MB needed)", "1.0 GB", "128.0 MB", "128.0 MB");
    expect_ideal(t, "active lanes/warp instruction", "32.0", "32.0", "32.0");
    assert_null(strstr(t, "not a fair comparison")); /* yours is right */
    expect_row(t, "global load sectors/request", "32.0", "4.0");
    expect_row(t, "global store sectors/request", "1.0", "1.0");
    expect_row(t, "bytes moved (128.0 MB needed)", "1.0 GB", "128.0 MB");
    expect_row(t, "shared bank conflicts/access", "0.00", "0.00");
    expect_row(t, "Theoretical Occupancy", "100%", "100%");
    expect_row(t, "active lanes/warp instruction", "32.0", "32.0");
    expect_row(t, "global atomics (one a lane)", "4096", "0");
    expect_row(t, "shared atomics (one a lane)", "0", "0");
    expect_row(t, "model: T4 at 320 GB/s peak", "3.200 ms", "0.400 ms");
    expect_row(t, "model: this GPU at 4800 GB/s", "0.213 ms", "0.027 ms");
    assert_non_null(strstr(t, "    ! each warp load touches 32 sectors where 4 would do"));
    assert_non_null(strstr(t, "  a model, not a measurement"));
    assert_true(says(t, "this GPU's 4800 GB/s are its peak (memory clock x bus width)"));
    assert_true(says(t, "plus the shared wavefronts (an access and each bank conflict's extra "
                        "one) at one an SM a clock (the T4's 40 SMs at 1,590 MHz)"));
    assert_true(says(t, "launch time and atomics left out"));
    assert_null(strstr(t, "measured on this GPU")); /* nothing was timed */
    assert_true(widest <= 80);
    free(t);
    /* a program's kernel: its wrong count unknown (-1), not said to be wrong;
       a kernel with a wrong element is */
    k->yours.wrong = -1;
    t = render(r, 80, &widest);
    assert_null(strstr(t, "not a fair comparison"));
    free(t);
    k->yours.wrong = 3;
    t = render(r, 80, &widest);
    assert_non_null(strstr(t, "yours is not right at the course size yet"));
    free(t);
    k->yours.wrong = 0;
    /* Timed on a GPU: the measured time beside the model, the copy's bandwidth. */
    r->copy_has_ms = true;
    r->copy_gbps = 3684;
    k->yours.has_ms = k->reference.has_ms = true;
    k->yours.ms = 0.5;
    k->reference.ms = 0.067;
    t = render(r, 60, &widest);
    assert_null(strstr(t, "ideal")); /* no room for the column at 60 */
    expect_row(t, "model: this GPU at 3684 GB/s", "0.278 ms", "0.035 ms");
    expect_row(t, "measured on this GPU", "0.500 ms", "0.067 ms");
    assert_true(says(t, "this GPU's 3684 GB/s are its copy kernel's, measured"));
    assert_true(widest <= 60);
    free(t);
    /* A name longer than the label column: the column heads on their own line. */
    free(k->name);
    k->name = cl_strdup("reduceCascadeWithAVeryLongNameIndeed");
    t = render(r, 80, &widest);
    assert_non_null(strstr(t, "  reduceCascadeWithAVeryLongNameIndeed\n"
                              "                                           yours   reference       ideal\n"));
    free(t);
    /* Wrong at the course size: said, before its figures. */
    k->yours.wrong = 3;
    t = render(r, 80, &widest);
    assert_true(says(t, "yours is not right at the course size yet: its figures are not a fair "
                        "comparison until it is"));
    free(t);
    k->yours.wrong = 0;
    /* A tiny kernel's model is below the table's resolution. */
    k->yours.global_load_sectors = k->reference.global_load_sectors = 10;
    t = render(r, 80, &widest);
    expect_row(t, "model: T4 at 320 GB/s peak", "< 0.001 ms", "< 0.001 ms");
    free(t);
    /* No counters on either side (nothing built): no section. */
    k->yours.ran = k->reference.ran = false;
    t = render(r, 80, &widest);
    assert_null(strstr(t, "Performance without a GPU"));
    free(t);
    report_free(r);
}

static cJSON *item(cJSON *o, const char *path)
{
    char buf[200];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *k = strtok(buf, "."); k && o; k = strtok(NULL, ".")) o = cJSON_GetObjectItem(o, k);
    if (!o) fail_msg("no %s in the JSON", path);
    return o;
}

static void test_json(void **state)
{
    (void)state;
    report_result *r = sample(), *back = NULL;
    r->kernels[0].yours.global_atomics = 4096;
    r->kernels[0].reference.shared_atomics = 256;
    r->kernels[0].yours.bank_conflicts = 25;
    r->device_peak_gbps = 4800;
    char *json = report_to_json(r);
    cJSON *o = cJSON_Parse(json);
    cJSON *k = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "kernels"), 0);
    assert_float_equal(item(k, "yours.global_load_requests")->valuedouble, 100, 0);
    assert_float_equal(item(k, "yours.global_load_sectors")->valuedouble, 3200, 0);
    assert_float_equal(item(k, "yours.global_load_bytes")->valuedouble, 12800, 0);
    assert_float_equal(item(k, "yours.global_store_sectors")->valuedouble, 10, 0);
    assert_float_equal(item(k, "yours.global_sectors")->valuedouble, 3210, 0);
    assert_float_equal(item(k, "yours.shared_accesses")->valuedouble, 50, 0);
    assert_float_equal(item(k, "yours.global_atomics")->valuedouble, 4096, 0);
    assert_float_equal(item(k, "reference.shared_atomics")->valuedouble, 256, 0);
    assert_float_equal(item(k, "yours.performance.load_sectors_per_request")->valuedouble, 32, 1e-9);
    assert_float_equal(item(k, "yours.performance.load_sectors_ideal")->valuedouble, 4, 1e-9);
    assert_float_equal(item(k, "reference.performance.load_sectors_per_request")->valuedouble, 4, 1e-9);
    assert_float_equal(item(k, "yours.performance.store_sectors_per_request")->valuedouble, 1, 1e-9);
    assert_float_equal(item(k, "yours.performance.bytes_moved")->valuedouble, 102720, 1e-9);
    assert_float_equal(item(k, "yours.performance.bank_conflicts_per_access")->valuedouble, 0.5, 1e-9);
    assert_float_equal(item(k, "yours.performance.theoretical_occupancy")->valuedouble, 1, 1e-9);
    assert_float_equal(item(k, "yours.performance.active_lanes")->valuedouble, 32, 1e-9);
    /* 50 accesses and 25 conflicts: 75 wavefronts, at the T4's rate for both */
    assert_float_equal(item(k, "yours.performance.model_ms.t4")->valuedouble,
                       102720 / 320e6 + 75 / 63.6e6, 1e-12);
    assert_float_equal(item(k, "yours.performance.model_ms.device")->valuedouble,
                       102720 / 4800e6 + 75 / 63.6e6, 1e-12);
    assert_float_equal(item(k, "bytes_needed")->valuedouble, 12840, 0);
    assert_non_null(strstr(item(k, "advice")->valuestring, "each warp load touches 32 sectors"));
    assert_float_equal(item(o, "model.t4_gbps")->valuedouble, 320, 0);
    assert_float_equal(item(o, "model.t4_wavefronts_per_ms")->valuedouble, 63.6e6, 0);
    assert_float_equal(item(o, "model.device_gbps")->valuedouble, 4800, 0);
    assert_string_equal(item(o, "model.device_bandwidth")->valuestring, "peak");
    assert_float_equal(item(o, "device_peak_gbps")->valuedouble, 4800, 0);
    cJSON_Delete(o);
    /* Read back (the terminal UI reads the grade's JSON): the same JSON again. */
    assert_int_equal(report_from_json(json, &back, NULL), CL_OK);
    char *again = report_to_json(back);
    assert_string_equal(json, again);
    free(again);
    free(json);
    report_free(back);
    /* Where nothing is known: nulls, no advice, no device model. */
    r->kernels[0].yours.ran = false;
    r->device_peak_gbps = 0;
    json = report_to_json(r);
    o = cJSON_Parse(json);
    k = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "kernels"), 0);
    assert_true(cJSON_IsNull(item(k, "yours.performance.load_sectors_per_request")));
    assert_true(cJSON_IsNull(item(k, "yours.performance.model_ms.t4")));
    assert_true(cJSON_IsNull(item(k, "reference.performance.model_ms.device")));
    assert_true(cJSON_IsNull(item(k, "advice")));
    assert_true(cJSON_IsNull(item(o, "model.device_gbps")));
    assert_true(cJSON_IsNull(item(o, "model.device_bandwidth")));
    cJSON_Delete(o);
    free(json);
    report_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figures),
        cmocka_unit_test(test_conflicts_modelled),
        cmocka_unit_test(test_gate_figures),
        cmocka_unit_test(test_advice),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
