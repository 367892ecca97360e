/* test_gates.c - a day's performance gates and `__constant__` constants:
 * day.yaml's `gates:` and `constants:` read into the manifest, every bad one
 * refused at file:line:column with what is wrong; each gate judged against a
 * kernel's figures (a number, the reference's times a factor, the bytes
 * needed, the ideal sectors; occupancy a floor), failing `performance` with
 * the figure, the bound and the advice, and not judged for a kernel that
 * did not do its work. A constant's values are made as an input's, and the
 * reference's cached outputs are keyed by them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "days/day.h"
#include "manifest_edits.h"
#include "grade/grade_internal.h"
#include "harness/harness.h"

static char tmp[64];
static char PATH[128]; /* <tmp>/days/day28-transpose/day.yaml */

static const char good[] =
    "day: 28\n"
    "slug: day28-transpose\n"
    "title: Transpose\n"
    "topic: bank conflicts\n"
    "student_file: transpose.cu\n"
    "launch: {block: [32, 8], grid: [\"ceil(n / 32)\", \"ceil(n / 32)\"]}\n"
    "kernels:\n"
    "  - name: transposePadded\n"
    "    summary: a padded tile\n"
    "    params:\n"
    "      - {type: const float*, name: in, length: \"n * n\", fill: {uniform: [-1, 1]}}\n"
    "      - {type: float*, name: out, length: \"n * n\"}\n"
    "      - {type: int, name: n, value: n}\n"
    "    checks: [correctness, races]\n"
    "    bytes: \"8 * n * n\"\n"
    "    gates: {bank_conflicts: 1, bytes_moved: {needed: 1.25}, load_sectors: {ideal: 1.5}, "
    "occupancy: {reference: 1}, global_atomics: 0}\n"
    "sizes:\n"
    "  course: {n: 64}\n"
    "  hidden: [{n: 33}]\n"
    "constants:\n"
    "  - {name: mask, type: float, length: 25, fill: {multiples: [0.0625, 1]}}\n"
    "  - {name: taps, type: int, length: \"n + 1\", fill: {integers: [-3, 3]}}\n";

static int make_course(void **state)
{
    (void)state;
    strcpy(tmp, "/tmp/cudalab-gates-XXXXXX");
    if (!mkdtemp(tmp)) return -1;
    char *dir = cl_sprintf("%s/days/day28-transpose", tmp);
    assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
    snprintf(PATH, sizeof PATH, "%s/day.yaml", dir);
    free(dir);
    return 0;
}

static int remove_course(void **state)
{
    (void)state;
    return remove_tree(tmp);
}



/* Replacing from with to fails at the place of `marker` with words. */
static void expect_error(const char *from, const char *to, const char *marker, const char *words)
{
    expect_at_in(PATH, good, from, to, marker, words);
}

static day_manifest *load(const char *text)
{
    day_manifest *m = NULL;
    cl_error e = {0};
    if (day_manifest_parse(PATH, text, strlen(text), &m, &e) != CL_OK)
        fail_msg("%d:%d %s", e.line, e.column, e.message);
    return m;
}

static void test_read(void **state)
{
    (void)state;
    day_manifest *m = load(good);
    const day_kernel *k = &m->kernels[0];
    assert_int_equal(k->ngates, 5);
    struct { cl_figure f; day_gate_base b; double v; } want[] = {
        {CL_FIG_BANK_CONFLICTS, DAY_GATE_BASE_NUMBER, 1},
        {CL_FIG_BYTES_MOVED, DAY_GATE_BASE_NEEDED, 1.25},
        {CL_FIG_LOAD_SECTORS, DAY_GATE_BASE_IDEAL, 1.5},
        {CL_FIG_OCCUPANCY, DAY_GATE_BASE_REFERENCE, 1},
        {CL_FIG_GLOBAL_ATOMICS, DAY_GATE_BASE_NUMBER, 0},
    };
    for (int i = 0; i < 5; i++) {
        assert_int_equal(k->gates[i].figure, want[i].f);
        assert_int_equal(k->gates[i].base, want[i].b);
        assert_float_equal(k->gates[i].value, want[i].v, 0);
    }
    assert_int_equal(k->gates[0].at.line, 16);
    assert_string_equal(cl_figure_name(CL_FIG_BANK_CONFLICTS), "bank_conflicts");
    assert_string_equal(cl_figure_label(CL_FIG_LOAD_SECTORS), "global load sectors/request");
    assert_true(cl_figure_at_least(CL_FIG_OCCUPANCY));
    assert_false(cl_figure_at_least(CL_FIG_BYTES_MOVED));
    assert_string_equal(day_gate_base_key(DAY_GATE_BASE_NEEDED), "needed");
    /* the constants: const T* inputs named after their symbols */
    assert_int_equal(m->nconstants, 2);
    assert_string_equal(m->constants[0].name, "mask");
    assert_int_equal(m->constants[0].type, DAY_PARAM_CONST_FLOAT_PTR);
    assert_int_equal(m->constants[0].role, DAY_ROLE_IN);
    assert_float_equal(day_formula_eval(m, m->constants[0].length, &m->course), 25, 0);
    assert_int_equal(m->constants[1].type, DAY_PARAM_CONST_INT_PTR);
    assert_float_equal(day_formula_eval(m, m->constants[1].length, &m->hidden[0]), 34, 0);
    day_manifest_free(m);
    /* no gates, no constants: none */
    cl_str text = edited(good, "    gates: {bank_conflicts: 1, bytes_moved: {needed: 1.25}, load_sectors: "
                         "{ideal: 1.5}, occupancy: {reference: 1}, global_atomics: 0}\n", "");
    cl_str plain = {0};
    cl_str_addn(&plain, text.s, (size_t)(strstr(text.s, "constants:") - text.s));
    m = load(plain.s);
    assert_int_equal(m->kernels[0].ngates, 0);
    assert_null(m->kernels[0].gates);
    assert_int_equal(m->nconstants, 0);
    day_manifest_free(m);
    cl_str_free(&text);
    cl_str_free(&plain);
}

static void test_gate_errors(void **state)
{
    (void)state;
    expect_error("bank_conflicts: 1,", "bank_conflict: 1,", "bank_conflict:",
                 "'bank_conflict' is not a figure a gate can bound; use one of load_sectors, "
                 "store_sectors, bytes_moved, bank_conflicts, occupancy, global_atomics, shared_atomics");
    /* a figure of the report that figures.h does not mark GATE */
    expect_error("bank_conflicts: 1,", "active_lanes: 30,", "active_lanes:",
                 "'active_lanes' is not a figure a gate can bound; use one of load_sectors, "
                 "store_sectors, bytes_moved, bank_conflicts, occupancy, global_atomics, shared_atomics");
    expect_error("bank_conflicts: 1,", "bank_conflicts: {needed: 2},", "{needed: 2}",
                 "gate 'bank_conflicts' takes a number or one of {reference: F} (F a factor), "
                 "found 'needed'");
    expect_error("load_sectors: {ideal: 1.5}", "load_sectors: {ideals: 1.5}", "{ideals",
                 "gate 'load_sectors' takes a number or one of {reference: F}, {ideal: F}");
    expect_error("bytes_moved: {needed: 1.25}", "bytes_moved: {needed: 1.25, reference: 1}",
                 "{needed: 1.25, reference", "found a mapping of other keys");
    expect_error("bank_conflicts: 1,", "bank_conflicts: -1,", "-1, bytes", "gate 'bank_conflicts' must "
                 "be 0 or more, found -1");
    expect_error("bank_conflicts: 1,", "bank_conflicts: lots,", "lots", "a gate's bound must be a "
                 "number, found 'lots'");
    expect_error("occupancy: {reference: 1}", "occupancy: 50", "50, global", "gate 'occupancy' is a "
                 "share of the SM's threads, above 0 and at most 1 (0.5 is 50%), found 50");
    expect_error("{needed: 1.25}", "{needed: 0}", "0}, load", "the factor of 'needed' must be above 0");
    expect_error("    gates: {", "    gates: [1]\n    gatez: {", "[1]", "'gates' is a mapping of figures "
                 "to bounds");
    expect_error("global_atomics: 0}", "global_atomics: 0, bank_conflicts: 2}", "bank_conflicts: 2",
                 "gate 'bank_conflicts' is given twice");
    /* a bound on the bytes needed needs the bytes */
    expect_error("    bytes: \"8 * n * n\"\n", "", "{needed: 1.25}",
                 "transposePadded's gate 'bytes_moved: {needed: 1.25}' needs the bytes the kernel "
                 "must move: give it 'bytes'");
}

static void test_constant_errors(void **state)
{
    (void)state;
    expect_error("name: mask, type: float,", "name: mask, type: floats,", "floats",
                 "a constant's type is its elements' and must be one of: float, int,");
    expect_error("name: mask, type: float,", "name: mask, type: float*,", "float*, length: 25",
                 "a constant's type is its elements'");
    expect_error("length: 25,", "length: 0,", "0, fill", "constant 'mask' has a length of 0 at the "
                 "course size; it must be a whole number of elements, 1 or more");
    expect_error("length: \"n + 1\"", "length: \"n / 2\"", "\"n / 2\"", "constant 'taps' has a "
                 "length of 16.5 at a hidden size");
    expect_error("length: 25,", "length: 20000,", "{name: mask", "the constants take 80260 bytes; "
                 "a kernel's constant bank holds 65536");
    expect_error("name: taps,", "name: mask,", "{name: mask, type: int", "two constants are named 'mask'");
    expect_error(", fill: {integers: [-3, 3]}}", "}", "{name: taps", "a constant is missing the required key 'fill'");
    expect_error("type: int, length: \"n + 1\", fill: {integers: [-3, 3]}",
                 "type: signed char, length: \"n + 1\", fill: {integers: [-300, 3]}", "{name: taps",
                 "'taps' holds signed char values: its fill must make whole numbers from -128 to 127");
    expect_error("  - {name: mask", "  - {nam: mask", "nam:", "unknown key 'nam' in a constant");
    expect_error("  - {name: mask", "  - 3\n  - {name: mask", "3\n", "a constant must be a mapping");
}

/* The constants' values come from their fills, as an input's do, and the
 * digest that keys the reference's cached outputs takes them in: the same
 * day without its constants digests differently. */
static void test_constant_values(void **state)
{
    (void)state;
    day_manifest *m = load(good);
    harness_request req = {.kernel = &m->kernels[0], .day = m, .size = &m->course, .seed = 1};
    const unsigned char *mask = harness_input(&req, &m->constants[0], 25, 4);
    for (int i = 0; i < 25; i++) {
        float v;
        memcpy(&v, mask + 4 * i, 4);
        assert_true(v != 0 && v >= -1 && v <= 1 && v * 16 == (float)(int)(v * 16));
    }
    const unsigned char *taps = harness_input(&req, &m->constants[1], 65, 4);
    for (int i = 0; i < 65; i++) {
        int v;
        memcpy(&v, taps + 4 * i, 4);
        assert_true(v >= -3 && v <= 3);
    }
    uint64_t with = harness_inputs_digest(&req);
    assert_true(with == harness_inputs_digest(&req));
    int n = m->nconstants;
    m->nconstants = 1;
    uint64_t one = harness_inputs_digest(&req);
    m->nconstants = 0;
    uint64_t none = harness_inputs_digest(&req);
    m->nconstants = n;
    assert_true(with != one && one != none && with != none);
    req.seed = 2;
    assert_true(harness_inputs_digest(&req) != with);
    day_manifest_free(m);
}

/* ---- judging ---- */

typedef struct fixture {
    day_manifest *m;
    report_result *r;
    grading g;
} fixture;

/* One kernel's report at the course size (n = 64): right, the reference's
 * figures those of a padded transpose, yours the same unless changed. */
static void side(report_side *s)
{
    report_side_init(s);
    s->ran = true;
    s->wrong = 0;
    s->total = 4096;
    s->occupancy = 1.0;
    s->registers = 24;
    s->shared_bytes = 4224;
    s->warp_instructions = 1000;
    s->active_lanes = 32;
    s->global_load_requests = s->global_store_requests = 128;
    s->global_load_sectors = s->global_store_sectors = 512; /* 4 a request: 32 KiB moved, 32 KiB needed */
    s->global_load_bytes = s->global_store_bytes = 16384;
    s->shared_accesses = 256;
}

static fixture *setup(void)
{
    fixture *f = cl_calloc(1, sizeof *f);
    f->m = load(good);
    f->r = report_new("day28-transpose", "t.cu", "emulator", 1);
    report_kernel *k = report_add_kernel(f->r, "transposePadded");
    k->present = k->passed = true;
    k->bytes_needed = 32768;
    side(&k->yours);
    side(&k->reference);
    report_size_result *s = report_add_size(k, "n=64");
    s->ran = true;
    f->g = (grading){.day = f->m, .r = f->r};
    return f;
}

static void teardown(fixture *f)
{
    report_free(f->r);
    day_manifest_free(f->m);
    free(f);
}

/* Judge; the number failed, and the two texts. */
static int judge(fixture *f, char **failed, char **notes)
{
    cl_str a = {0}, b = {0};
    int n = grade_judge_gates(&f->g, &a, &b);
    *failed = cl_str_take(&a);
    *notes = cl_str_take(&b);
    return n;
}

static void expect_says(const char *text, const char *words)
{
    if (!text || !strstr(text, words)) fail_msg("'%s' does not say '%s'", text ? text : "(null)", words);
}

static void test_judged(void **state)
{
    (void)state;
    fixture *f = setup();
    report_kernel *k = &f->r->kernels[0];
    char *failed, *notes;
    assert_true(grade_day_has_gates(f->m));
    /* as the reference: every gate met, and said */
    assert_int_equal(judge(f, &failed, &notes), 0);
    assert_string_equal(failed, "");
    expect_says(notes, "gates met: transposePadded: shared bank conflicts/access 0.00, at most 1.00; "
                       "transposePadded: bytes moved 32.8 kB, at most 1.25 x the bytes needed, 32.8 kB "
                       "= 41.0 kB; transposePadded: global load sectors/request 4.0, at most 1.5 x the "
                       "ideal (its bytes contiguous), 4.0 = 6.0; transposePadded: Theoretical Occupancy "
                       "100%, at least 1 x the reference's 100% = 100%; transposePadded: global atomics "
                       "0, at most 0");
    assert_true(k->passed);
    free(failed);
    free(notes);
    /* an unpadded tile: 15.5 conflicts an access, one gate fails with the advice */
    k->yours.bank_conflicts = 256 * 31 / 2;
    assert_int_equal(judge(f, &failed, &notes), 1);
    assert_string_equal(failed, "transposePadded: shared bank conflicts/access 15.50, where the day's "
                                "gate allows at most 1.00: each shared access waits 15.5 extra "
                                "wavefronts (the reference's 0): lanes of a warp hit one bank; pad the "
                                "array or change the index");
    assert_false(k->passed);
    free(failed);
    free(notes);
    k->yours.bank_conflicts = 0;
    k->passed = true;
    /* strided loads: 32 sectors a request where 4 would do, and 4.5 times the bytes */
    k->yours.global_load_sectors = 128 * 32;
    assert_int_equal(judge(f, &failed, &notes), 2);
    expect_says(failed, "transposePadded: bytes moved 147.5 kB, where the day's gate allows at most "
                        "1.25 x the bytes needed, 32.8 kB = 41.0 kB: yours moves 147.5 kB where the "
                        "reference moves 32.8 kB");
    expect_says(failed, "global load sectors/request 32.0, where the day's gate allows at most 1.5 x "
                        "the ideal (its bytes contiguous), 4.0 = 6.0: each warp load touches 32 "
                        "sectors where 4 would do");
    free(failed);
    free(notes);
    k->yours.global_load_sectors = 512;
    /* occupancy is a floor: below the reference's fails, above it passes */
    k->yours.occupancy = 0.5;
    k->yours.registers = 128;
    assert_int_equal(judge(f, &failed, &notes), 1);
    expect_says(failed, "Theoretical Occupancy 50%, where the day's gate allows at least 1 x the "
                        "reference's 100% = 100%: Theoretical Occupancy is 50% where the reference "
                        "reaches 100%: 128 registers a thread");
    free(failed);
    free(notes);
    k->yours.occupancy = 1.0;
    /* a number of atomics */
    k->yours.global_atomics = 1;
    assert_int_equal(judge(f, &failed, &notes), 1);
    expect_says(failed, "global atomics 1, where the day's gate allows at most 0: yours makes 1 "
                        "global atomics where the reference makes 0");
    free(failed);
    free(notes);
    k->yours.global_atomics = 0;
    /* a figure is compared as shown: 0.004 conflicts an access is 0.00, at most 0 */
    f->m->kernels[0].gates[0].value = 0;
    k->yours.shared_accesses = 1000;
    k->yours.bank_conflicts = 4;
    assert_int_equal(judge(f, &failed, &notes), 0);
    free(failed);
    free(notes);
    k->yours.bank_conflicts = 6; /* 0.006 shows as 0.01 */
    assert_int_equal(judge(f, &failed, &notes), 1);
    free(failed);
    free(notes);
    teardown(f);
}

static void test_not_judged(void **state)
{
    (void)state;
    fixture *f = setup();
    report_kernel *k = &f->r->kernels[0];
    char *failed, *notes;
    k->yours.bank_conflicts = 256 * 16; /* would fail */
    /* wrong at the course size: its figures are not those of the task done */
    k->yours.wrong = 10;
    assert_int_equal(judge(f, &failed, &notes), 0);
    assert_string_equal(notes, "transposePadded's gates not judged: it is not right at the course size");
    assert_true(k->passed);
    free(failed);
    free(notes);
    k->yours.wrong = 0;
    k->sizes[0].outcome = cl_strdup("deadlock: ...");
    assert_int_equal(judge(f, &failed, &notes), 0);
    expect_says(notes, "it did not complete at the course size");
    free(failed);
    free(notes);
    free(k->sizes[0].outcome);
    k->sizes[0].outcome = NULL;
    k->problem = cl_strdup("missing");
    assert_int_equal(judge(f, &failed, &notes), 0);
    expect_says(notes, "it did not build or is missing");
    free(failed);
    free(notes);
    free(k->problem);
    k->problem = NULL;
    /* the reference's figure unknown: a gate against it is not judged, the rest are */
    k->reference.ran = false;
    k->yours.occupancy = 0.25;
    assert_int_equal(judge(f, &failed, &notes), 1); /* the conflicts */
    expect_says(notes, "transposePadded's occupancy not judged: the reference's figure is unknown");
    free(failed);
    free(notes);
    teardown(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read),
        cmocka_unit_test(test_gate_errors),
        cmocka_unit_test(test_constant_errors),
        cmocka_unit_test(test_constant_values),
        cmocka_unit_test(test_judged),
        cmocka_unit_test(test_not_judged),
    };
    return cmocka_run_group_tests(tests, make_course, remove_course);
}
