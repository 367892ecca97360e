/* test_report_wire.c - the result model as bytes (report/result_wire.c), as a
 * grade's sandboxed child hands it back: every field comes back exactly, the
 * ones the JSON leaves out too; bytes cut short, flipped or swollen are
 * refused in words, never read past (run under ASan in ./run-tests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "report/result_wire.h"

/* A report with every field set, none to its zero. */
static report_result *full_report(void)
{
    report_result *r = report_new("day23-shuffles", "shuffles.cu", "emulator", 42);
    r->passed = false;
    report_set_check(r, DAY_CHECK_COMPILE, true, "compiled, with warnings");
    report_set_check(r, DAY_CHECK_CORRECTNESS, false, "3 of 1024 rows wrong");
    r->checks[DAY_CHECK_PERFORMANCE].applies = false;
    report_kernel *k = report_add_kernel(r, "reduceRows");
    k->signature = cl_strdup("(const float *in, float *out, int rows)");
    k->present = true;
    k->yours.ran = true;
    k->yours.wrong = 3;
    k->yours.total = 1024;
    k->yours.registers = 18;
    k->yours.occupancy = 0.75;
    k->yours.lane_instructions = 123456789;
    k->yours.global_load_sectors = 77;
    k->yours.bank_conflicts = 5;
    k->yours.has_ms = true;
    k->yours.ms = 0.125;
    k->reference.ran = true;
    k->reference.active_lanes = 31.5;
    k->problem = cl_strdup("a problem");
    k->unit = cl_strdup("rows");
    k->bytes_needed = 4096.5;
    k->seconds = 1.25;
    report_size_result *s = report_add_size(k, "rows=8205 live=20");
    s->ran = true;
    s->outcome = cl_strdup("deadlock");
    s->wrong = 3;
    s->total = 8205;
    s->nfirst = 2;
    s->first[0] = (report_mismatch){.index = 17, .expected = 1.5, .got = -2, .integer = false,
                                    .buffer = "out", .component = 'y', .digits = 5};
    s->first[1].index = 4;
    s->note = cl_strdup("wrote 3 padding columns");
    s->gpu_ran = true;
    s->gpu_wrong = 7;
    s->gpu_outcome = cl_strdup("trap");
    s->seconds = 0.5;
    s->trace = cl_strdup("9 launches; sweep ran 212 times of at most 4000");
    s->idle_stages = cl_strdup("addTop");
    report_hazard *h = report_add_hazard(r);
    h->check = DAY_CHECK_CORRECTNESS;
    h->severity = REPORT_WARNING;
    h->kind = (cl_hazard_kind)(CL_HZ_COUNT - 1);
    h->more = true;
    h->kernel = cl_strdup("reduceRows");
    h->file = cl_strdup("shuffles.cu");
    h->line = 20;
    h->line2 = 31;
    h->block[0] = 1, h->block[1] = 2, h->block[2] = 3;
    h->warp = 4;
    h->lane = 5;
    h->source_lane = 6;
    h->has_mask = h->has_lanes = true;
    h->mask = 0xfffffffe;
    h->lanes.mask = 0xffff;
    h->lanes.source[3] = -1;
    h->lanes.source[4] = 9;
    h->count = 99;
    h->message = cl_strdup("a message");
    h->advice = cl_strdup("some advice");
    h->size = cl_strdup("n=5");
    h->sizes = 2;
    h->hidden = true;
    h->hidden_sizes = 3;
    report_diag *d = report_add_diag(r);
    d->file = cl_strdup("shuffles.cu");
    d->line = 3;
    d->column = 9;
    d->severity = REPORT_NOTE;
    d->message = cl_strdup("a note");
    r->printf_text = cl_strdup("hello\n\x1b[31m");
    r->seconds = 2.5;
    r->build_seconds = 1.5;
    r->copy_has_ms = true;
    r->copy_ms = 0.25;
    r->copy_gbps = 300.5;
    r->device = cl_strdup("NVIDIA H200 (sm_90)");
    r->device_peak_gbps = 4800;
    r->device_wavefronts_per_ms = 1e8;
    r->hidden_sizes = 4;
    r->edition = cl_strdup("instructor");
    report_add_score(r, "reduceRows", DAY_CHECK_CORRECTNESS, false, 2, "3 rows wrong");
    report_score_totals(r);
    return r;
}

static cl_str bytes_of(const report_result *r)
{
    cl_str b = {0};
    report_wire_put(r, &b);
    return b;
}

static void test_round_trip_exact(void **state)
{
    (void)state;
    report_result *r = full_report(), *back = NULL;
    cl_str a = bytes_of(r);
    cl_error err = {0};
    assert_int_equal(report_wire_get(a.s, a.len, &back, &err), CL_OK);
    cl_str b = bytes_of(back);
    assert_int_equal(a.len, b.len);
    assert_memory_equal(a.s, b.s, a.len);
    /* what the JSON leaves out came back too */
    assert_string_equal(back->kernels[0].sizes[0].trace, "9 launches; sweep ran 212 times of at most 4000");
    assert_string_equal(back->kernels[0].sizes[0].idle_stages, "addTop");
    assert_true(back->kernels[0].sizes[0].seconds == 0.5);
    assert_true(back->build_seconds == 1.5);
    assert_int_equal(back->hazards[0].lanes.source[4], 9);
    assert_true(back->kernels[0].reference.ran);
    char *j1 = report_to_json(r), *j2 = report_to_json(back);
    assert_string_equal(j1, j2);
    free(j1);
    free(j2);
    cl_str_free(&a);
    cl_str_free(&b);
    report_free(r);
    report_free(back);
}

/* Every prefix of the bytes is refused, and so is one byte more. */
static void test_cut_short_or_long(void **state)
{
    (void)state;
    report_result *r = full_report(), *back = NULL;
    cl_str a = bytes_of(r);
    cl_error err = {0};
    for (size_t n = 0; n < a.len; n++) {
        char *copy = cl_malloc(n + 1); /* exactly n bytes readable, for ASan */
        memcpy(copy, a.s, n);
        assert_int_equal(report_wire_get(copy, n, &back, &err), CL_INTERNAL);
        assert_null(back);
        assert_non_null(strstr(err.message, "sandbox"));
        free(copy);
    }
    cl_str_addc(&a, 'x');
    assert_int_equal(report_wire_get(a.s, a.len, &back, &err), CL_INTERNAL);
    assert_non_null(strstr(err.message, "left after it"));
    cl_str_free(&a);
    report_free(r);
}

/* Any byte changed to any of a few values: refused or read, never past the
 * end, never an enum out of its range, a flag other than 0 or 1, or a name
 * missing. */
static void test_flipped_bytes(void **state)
{
    (void)state;
    report_result *r = full_report();
    cl_str a = bytes_of(r);
    static const unsigned char values[] = {0x00, 0x01, 0x02, 0x7f, 0x80, 0xff};
    int refused = 0;
    for (size_t i = 0; i < a.len; i++)
        for (size_t v = 0; v < sizeof values; v++) {
            char *copy = cl_malloc(a.len);
            memcpy(copy, a.s, a.len);
            copy[i] = (char)values[v];
            report_result *back = NULL;
            cl_error err = {0};
            if (report_wire_get(copy, a.len, &back, &err) != CL_OK) {
                refused++;
                assert_null(back);
            } else {
                assert_true(back->hazards == NULL || (int)back->hazards[0].kind < CL_HZ_COUNT);
                assert_true(back->nhazards == 0 || (int)back->hazards[0].check < DAY_CHECK_COUNT);
                assert_non_null(back->day);
                for (int k = 0; k < back->nkernels; k++) assert_non_null(back->kernels[k].name);
                for (int k = 0; k < back->nkernels; k++)
                    for (int s = 0; s < back->kernels[k].nsizes; s++)
                        assert_in_range(back->kernels[k].sizes[s].nfirst, 0, 5);
                report_free(back);
            }
            free(copy);
        }
    assert_true(refused > 0);
    cl_str_free(&a);
    report_free(r);
}

static void test_not_a_report(void **state)
{
    (void)state;
    report_result *back = NULL;
    cl_error err = {0};
    assert_int_equal(report_wire_get("{\"day\": 1}", 10, &back, &err), CL_INTERNAL);
    assert_null(back);
    assert_non_null(strstr(err.message, "is not one"));
}

/* Bytes no writer writes are refused, not read into something else: a
 * string with a NUL byte in it (put back, it would end there) and a
 * mismatch's buffer name whose last byte is not its end (the fuzz target
 * result_wire's finding; found by their text, whatever the format). */
static void test_unwritable_bytes(void **state)
{
    (void)state;
    report_result *r = full_report(), *back = NULL;
    cl_str a = bytes_of(r);
    cl_error err = {0};
    char *at = memmem(a.s, a.len, "a message", 9);
    assert_non_null(at);
    at[1] = '\0';
    assert_int_equal(report_wire_get(a.s, a.len, &back, &err), CL_INTERNAL);
    assert_null(back);
    assert_non_null(strstr(err.message, "NUL byte"));
    at[1] = ' ';
    static const char out[32] = "out";
    at = memmem(a.s, a.len, out, sizeof out);
    assert_non_null(at);
    at[31] = 'x';
    assert_int_equal(report_wire_get(a.s, a.len, &back, &err), CL_INTERNAL);
    assert_null(back);
    assert_non_null(strstr(err.message, "buffer's name"));
    at[31] = '\0';
    assert_int_equal(report_wire_get(a.s, a.len, &back, &err), CL_OK);
    report_free(back);
    cl_str_free(&a);
    report_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_exact),
        cmocka_unit_test(test_cut_short_or_long),
        cmocka_unit_test(test_flipped_bytes),
        cmocka_unit_test(test_not_a_report),
        cmocka_unit_test(test_unwritable_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
