/* test_harness.c - the generic harness's judgement (harness_judge) on
 * outputs made by hand, no backend: exact, a bound from the number of
 * operations, ULPs, a total, the elements the reference leaves untouched,
 * the guards around a buffer, and counting in the kernel's unit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <dirent.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/harness.h"

#define PATH "/c/days/day07-judge/day.yaml"

static const char manifest[] =
    "day: 7\n"
    "slug: day07-judge\n"
    "title: t\n"
    "topic: t\n"
    "student_file: j.cu\n"
    "launch: {block: 32, grid: 1}\n"
    "kernels:\n"
    "  - {name: exactK, summary: s, checks: [correctness], params: [{type: float*, name: out, length: n}]}\n"
    "  - {name: opsK, summary: s, checks: [correctness], compare: {ops: 4}, params: [{type: float*, name: out, length: n}]}\n"
    "  - {name: ulpsK, summary: s, checks: [correctness], compare: {ulps: 1}, params: [{type: float*, name: out, length: n}]}\n"
    "  - {name: totalK, summary: s, checks: [correctness], compare: {over: total, ops: 2}, unit: blocks, params: [{type: float*, name: partial, length: n}]}\n"
    "  - {name: rowsK, summary: s, checks: [correctness], unit: {name: rows, elements: 4}, untouched: the padding must be left alone, params: [{type: float*, name: out, length: n}]}\n"
    "  - {name: intK, summary: s, checks: [correctness], params: [{type: int*, name: counts, length: n}]}\n"
    "  - {name: twoK, summary: s, checks: [correctness], params: [{type: float*, name: a, length: n}, {type: const float*, name: in, length: n, fill: {value: 1}}, {type: float*, name: b, role: inout, length: n, fill: {value: 2}}]}\n"
    "  - {name: fillK, summary: s, checks: [correctness], params: [{type: const float*, name: m, length: big, fill: {multiples: [0.125, 8]}}, {type: const float*, name: u, length: big, fill: {uniform: [-1, 3]}}, {type: float*, name: out, length: n}]}\n"
    "  - {name: ruleK, summary: s, checks: [correctness], params: [{type: const float*, name: r, length: big, fill: [{where: \"i % 7 < 3\", integers: [0, 9]}, {uniform: [-1, 1]}]}, {type: float*, name: out, length: n}]}\n"
    "  - {name: halfK, summary: s, checks: [correctness], compare: {ops: 2}, params: [{type: __half*, name: h, length: n}]}\n"
    "  - {name: halfUlpK, summary: s, checks: [correctness], compare: {ulps: 1}, params: [{type: __half*, name: h, length: n}]}\n"
    "  - {name: vecK, summary: s, checks: [correctness], params: [{type: float4*, name: v, length: n}]}\n"
    "  - {name: byteK, summary: s, checks: [correctness], params: [{type: const signed char*, name: c, length: n, fill: {integers: [-128, 127]}}, {type: const __half*, name: x, length: n, fill: {multiples: [0.25, 4]}}, {type: float*, name: out, length: n}]}\n"
    "sizes: {course: {n: 10, big: 3000017}, hidden: []}\n";

static day_manifest *m;

static int setup(void **state)
{
    (void)state;
    cl_error e = {0};
    if (day_manifest_parse(PATH, manifest, strlen(manifest), &m, &e) != CL_OK)
        fail_msg("%d:%d %s", e.line, e.column, e.message);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    day_manifest_free(m);
    return 0;
}

static harness_request request(const char *kernel)
{
    harness_request r = {0};
    r.kernel = day_manifest_kernel(m, kernel);
    assert_non_null(r.kernel);
    r.day = m;
    r.size = &m->course;
    return r;
}

/* An output of 10 elements with `guard` sentinels each side, all sentinels. */
static harness_output blank(int param, size_t guard)
{
    harness_output o = {param, 4, 10, guard, guard, NULL, NULL};
    o.host = malloc((guard * 2 + 10) * 4);
    uint32_t s = HARNESS_SENTINEL;
    for (size_t i = 0; i < guard * 2 + 10; i++) memcpy(o.host + i * 4, &s, 4);
    return o;
}

static void set(harness_output *o, long i, float v) /* i may be in the guards */
{
    memcpy(o->host + (size_t)((long)o->head + i) * 4, &v, 4);
}

static void set_int(harness_output *o, long i, int32_t v)
{
    memcpy(o->host + (size_t)((long)o->head + i) * 4, &v, 4);
}

/* ref and mine: every element 1..10 (the reference has no guards). */
static void both(harness_output *ref, harness_result *mine, int param)
{
    *ref = blank(param, 0);
    memset(mine, 0, sizeof *mine);
    mine->compared = true;
    mine->out = calloc(2, sizeof *mine->out);
    mine->out[0] = blank(param, 3);
    mine->nout = 1;
    for (int i = 0; i < 10; i++) {
        set(ref, i, (float)(i + 1));
        set(&mine->out[0], i, (float)(i + 1));
    }
}

static void judge(const char *kernel, harness_output *ref, harness_result *mine)
{
    harness_request r = request(kernel);
    harness_judge(&r, ref, mine);
}

static void done(harness_output *ref, harness_result *mine)
{
    free(ref->host);
    harness_result_free(mine);
}

static void test_exact(void **state)
{
    (void)state;
    harness_output ref;
    harness_result mine;
    both(&ref, &mine, 0);
    judge("exactK", &ref, &mine);
    assert_int_equal(mine.wrong, 0);
    assert_int_equal(mine.total, 10);
    assert_string_equal(mine.unit, "elements");
    assert_int_equal(mine.nfirst, 0);
    assert_null(mine.note);
    set(&mine.out[0], 3, nextafterf(4.0f, 5.0f)); /* one ulp off */
    set(&mine.out[0], 7, 0.0f);
    judge("exactK", &ref, &mine);
    assert_int_equal(mine.wrong, 2);
    assert_int_equal(mine.nfirst, 2);
    assert_int_equal(mine.first[0].index, 3);
    assert_string_equal(mine.first[0].buffer, "out");
    assert_true(mine.first[0].expected == 4.0 && mine.first[0].got == (double)nextafterf(4, 5));
    assert_int_equal(mine.first[1].index, 7);
    assert_true(mine.first[1].expected == 8 && mine.first[1].got == 0);
    /* bit for bit: -0.0 is not 0.0 */
    done(&ref, &mine);
    both(&ref, &mine, 0);
    set(&ref, 0, 0.0f);
    set(&mine.out[0], 0, -0.0f);
    judge("exactK", &ref, &mine);
    assert_int_equal(mine.wrong, 1);
    done(&ref, &mine);
    /* at most five mismatches are kept */
    both(&ref, &mine, 0);
    for (int i = 0; i < 10; i++) set(&mine.out[0], i, -1.0f);
    judge("exactK", &ref, &mine);
    assert_int_equal(mine.wrong, 10);
    assert_int_equal(mine.nfirst, 5);
    assert_int_equal(mine.first[4].index, 4);
    done(&ref, &mine);
}

/* {ops: 4}: |got - want| <= 4 * 2^-24 * |want|. */
static void test_ops_bound(void **state)
{
    (void)state;
    harness_output ref;
    harness_result mine;
    both(&ref, &mine, 0);
    set(&ref, 0, 1.0f);
    set(&mine.out[0], 0, 1.0f + 0x1p-22f);            /* 4 units: on the bound */
    set(&ref, 1, -8.0f);
    set(&mine.out[0], 1, -8.0f - 0x1p-19f);           /* 4 units of 8 */
    judge("opsK", &ref, &mine);
    assert_int_equal(mine.wrong, 0);
    set(&mine.out[0], 0, 1.0f + 0x1p-22f + 0x1p-23f); /* 6 units */
    set(&mine.out[0], 2, NAN);                        /* not finite: must equal the reference */
    set(&mine.out[0], 3, INFINITY);
    judge("opsK", &ref, &mine);
    assert_int_equal(mine.wrong, 3);
    assert_int_equal(mine.first[0].index, 0);
    assert_int_equal(mine.first[1].index, 2);
    /* an infinity the reference also wrote is right */
    set(&ref, 3, INFINITY);
    set(&mine.out[0], 0, 1.0f);
    set(&mine.out[0], 2, 3.0f);
    judge("opsK", &ref, &mine);
    assert_int_equal(mine.wrong, 0);
    done(&ref, &mine);
}

static void test_ulps(void **state)
{
    (void)state;
    harness_output ref;
    harness_result mine;
    both(&ref, &mine, 0);
    set(&mine.out[0], 0, nextafterf(1.0f, 2.0f));                      /* 1 ulp */
    set(&mine.out[0], 1, nextafterf(2.0f, 0.0f));                      /* 1 ulp below */
    set(&ref, 2, -3.0f);
    set(&mine.out[0], 2, nextafterf(-3.0f, -4.0f));                    /* negatives too */
    set(&ref, 3, 0.0f);
    set(&mine.out[0], 3, -0.0f);                                       /* 0 ulps apart */
    set(&ref, 4, 0x1p-149f);
    set(&mine.out[0], 4, 0.0f);                                        /* the least subnormal */
    set(&ref, 5, NAN);
    set(&mine.out[0], 5, NAN);                                         /* NaN is NaN's */
    judge("ulpsK", &ref, &mine);
    assert_int_equal(mine.wrong, 0);
    set(&mine.out[0], 0, nextafterf(nextafterf(1.0f, 2.0f), 2.0f));    /* 2 ulps */
    set(&mine.out[0], 4, -0x1p-149f);                                  /* across zero: 2 ulps */
    set(&mine.out[0], 5, 6.0f);
    set(&mine.out[0], 6, NAN);
    judge("ulpsK", &ref, &mine);
    assert_int_equal(mine.wrong, 4);
    assert_int_equal(mine.first[1].index, 4);
    done(&ref, &mine);
}

/* {over: total}: the sum is judged; each element must be written and finite. */
static void test_total(void **state)
{
    (void)state;
    harness_output ref;
    harness_result mine;
    both(&ref, &mine, 0);
    /* 55 either way, split differently between the blocks */
    set(&mine.out[0], 0, 0.0f);
    set(&mine.out[0], 1, 3.0f);
    judge("totalK", &ref, &mine);
    assert_int_equal(mine.wrong, 0);
    assert_int_equal(mine.total, 10);
    assert_string_equal(mine.unit, "blocks");
    assert_null(mine.note);
    /* an element left as the sentinel, or not finite, is wrong by itself */
    uint32_t s = HARNESS_SENTINEL;
    memcpy(mine.out[0].host + (mine.out[0].head + 4) * 4, &s, 4);
    set(&mine.out[0], 6, INFINITY);
    judge("totalK", &ref, &mine);
    assert_int_equal(mine.wrong, 2);
    assert_int_equal(mine.nfirst, 2);
    assert_int_equal(mine.first[0].index, 4);
    assert_true(isnan(mine.first[0].expected));
    assert_int_equal(mine.first[1].index, 6);
    assert_non_null(mine.note);
    assert_non_null(strstr(mine.note, "2 elements of"));
    assert_non_null(strstr(mine.note, "not written"));
    done(&ref, &mine);
    /* every element written, the sum off by more than 2 units: all wrong */
    both(&ref, &mine, 0);
    set(&mine.out[0], 9, 10.5f);
    judge("totalK", &ref, &mine);
    assert_int_equal(mine.wrong, 10);
    assert_non_null(mine.note);
    assert_string_equal(mine.note, "the elements of partial add up to 55.5; the reference's add up to 55");
    done(&ref, &mine);
}

/* What the reference leaves alone must stay alone; guards must stay whole. */
static void test_untouched_and_guards(void **state)
{
    (void)state;
    harness_output ref;
    harness_result mine;
    both(&ref, &mine, 0);
    uint32_t s = HARNESS_SENTINEL;
    memcpy(ref.host + 9 * 4, &s, 4); /* the reference does not write element 9 */
    memcpy(mine.out[0].host + (mine.out[0].head + 9) * 4, &s, 4);
    judge("exactK", &ref, &mine);
    assert_int_equal(mine.wrong, 0);
    assert_null(mine.note);
    set(&mine.out[0], 9, 10.0f);
    judge("exactK", &ref, &mine);
    assert_int_equal(mine.wrong, 1);
    assert_string_equal(mine.note, "wrote 1 elements the reference leaves untouched");
    /* a write into the guard before and after: the note fails the check */
    memcpy(mine.out[0].host + (mine.out[0].head + 9) * 4, &s, 4);
    set(&mine.out[0], -1, 0.0f);
    set(&mine.out[0], 11, 0.0f);
    judge("exactK", &ref, &mine);
    assert_int_equal(mine.wrong, 0);
    assert_string_equal(mine.note, "wrote 2 elements outside out");
    set(&mine.out[0], 9, 10.0f);
    judge("exactK", &ref, &mine);
    assert_string_equal(mine.note, "wrote 1 elements the reference leaves untouched and 2 elements "
                                   "outside out");
    done(&ref, &mine);
    /* the kernel's own words about what must be left alone */
    both(&ref, &mine, 0);
    memcpy(ref.host + 9 * 4, &s, 4);
    judge("rowsK", &ref, &mine);
    assert_string_equal(mine.note, "wrote 1 elements the reference leaves untouched; the padding "
                                   "must be left alone");
    done(&ref, &mine);
}

/* Two outputs, one an in-out: its untouched elements are those still as
 * they started; the note names "its buffers". */
static void test_inout(void **state)
{
    (void)state;
    harness_output ref[2];
    harness_result mine;
    both(&ref[0], &mine, 0);
    float start[10];
    for (int i = 0; i < 10; i++) start[i] = 2.0f;
    ref[1] = blank(2, 0);
    mine.out[1] = blank(2, 2);
    mine.nout = 2;
    ref[1].initial = mine.out[1].initial = (const unsigned char *)start;
    for (int i = 0; i < 10; i++) {
        set(&ref[1], i, i < 5 ? 7.0f : 2.0f); /* the reference changes the first half */
        set(&mine.out[1], i, i < 5 ? 7.0f : 2.0f);
    }
    judge("twoK", ref, &mine);
    assert_int_equal(mine.wrong, 0);
    assert_int_equal(mine.total, 20);
    assert_null(mine.note);
    set(&mine.out[1], 8, 7.0f);
    set(&mine.out[1], -2, 0.0f);
    judge("twoK", ref, &mine);
    assert_int_equal(mine.wrong, 1);
    assert_string_equal(mine.note, "wrote 1 elements the reference leaves untouched and 1 elements "
                                   "outside its buffers");
    /* each wrong element names its buffer */
    set(&mine.out[0], 4, 0.0f);
    set(&mine.out[1], 1, 3.0f);
    judge("twoK", ref, &mine);
    assert_int_equal(mine.nfirst, 2);
    assert_string_equal(mine.first[0].buffer, "a");
    assert_int_equal(mine.first[0].index, 4);
    assert_string_equal(mine.first[1].buffer, "b");
    assert_int_equal(mine.first[1].index, 1);
    assert_true(mine.first[1].expected == 7 && mine.first[1].got == 3);
    free(ref[1].host);
    done(&ref[0], &mine);
}

/* unit: {name: rows, elements: 4}: 10 elements are 3 rows, the last short;
 * a row is wrong once however many of its elements are. */
static void test_units(void **state)
{
    (void)state;
    harness_output ref;
    harness_result mine;
    both(&ref, &mine, 0);
    judge("rowsK", &ref, &mine);
    assert_int_equal(mine.total, 3);
    assert_string_equal(mine.unit, "rows");
    assert_int_equal(mine.wrong, 0);
    set(&mine.out[0], 0, 0.0f);
    set(&mine.out[0], 2, 0.0f);
    judge("rowsK", &ref, &mine);
    assert_int_equal(mine.wrong, 1);
    assert_int_equal(mine.nfirst, 1);
    assert_int_equal(mine.first[0].index, 0);
    set(&mine.out[0], 9, 0.0f);
    judge("rowsK", &ref, &mine);
    assert_int_equal(mine.wrong, 2);
    assert_int_equal(mine.first[1].index, 9);
    /* a run that did not complete: every row is wrong */
    mine.compared = false;
    judge("rowsK", &ref, &mine);
    assert_int_equal(mine.wrong, 3);
    assert_int_equal(mine.total, 3);
    done(&ref, &mine);
}

/* Integer outputs: exact, shown as the integers they are. */
static void test_integers(void **state)
{
    (void)state;
    harness_output ref;
    harness_result mine;
    both(&ref, &mine, 0);
    for (int i = 0; i < 10; i++) {
        set_int(&ref, i, -i);
        set_int(&mine.out[0], i, -i);
    }
    judge("intK", &ref, &mine);
    assert_int_equal(mine.wrong, 0);
    set_int(&mine.out[0], 5, -6);
    judge("intK", &ref, &mine);
    assert_int_equal(mine.wrong, 1);
    assert_true(mine.first[0].expected == -5 && mine.first[0].got == -6);
    done(&ref, &mine);
}

/* One component in its own type: halves and bf16s rounded to nearest even,
 * integers clamped, ULPs in the type's own order, a NaN sentinel of each
 * floating width. */
static void test_elements(void **state)
{
    (void)state;
    unsigned char b[8];
    uint16_t h;
    static const struct {
        double v;
        uint16_t bits;
    } halves[] = {{1.5, 0x3e00}, {65504, 0x7bff}, {65519, 0x7bff}, {65520, 0x7c00},
                  {1.0 / 3.0, 0x3555}, {0.1, 0x2e66}, {0x1p-24, 0x0001}, {0x1p-25, 0x0000},
                  {-2.0, 0xc000}, {0x1p-14, 0x0400}};
    for (size_t i = 0; i < sizeof halves / sizeof *halves; i++) {
        harness_elem_put(DAY_NUM_F16, b, halves[i].v);
        memcpy(&h, b, 2);
        if (h != halves[i].bits) fail_msg("%g as a half: %04x, not %04x", halves[i].v, h, halves[i].bits);
    }
    harness_elem_put(DAY_NUM_F16, b, 0.1);
    assert_true(harness_elem_get(DAY_NUM_F16, b) == 0.0999755859375);
    harness_elem_put(DAY_NUM_BF16, b, 1.0 / 3.0);
    memcpy(&h, b, 2);
    assert_int_equal(h, 0x3eab);
    assert_true(harness_elem_get(DAY_NUM_BF16, b) == 0.333984375);
    harness_elem_put(DAY_NUM_I8, b, -200);
    assert_true(harness_elem_get(DAY_NUM_I8, b) == -128);
    harness_elem_put(DAY_NUM_I16, b, -1234);
    assert_true(harness_elem_get(DAY_NUM_I16, b) == -1234);
    harness_elem_put(DAY_NUM_I64, b, -7899981279.0);
    assert_true(harness_elem_get(DAY_NUM_I64, b) == -7899981279.0);
    harness_elem_put(DAY_NUM_F64, b, 1.0 / 3.0);
    assert_true(harness_elem_get(DAY_NUM_F64, b) == 1.0 / 3.0);
    /* ULPs: 1 and the next half are one apart; -2^-24 and 2^-24 two (-0 and +0 are one place) */
    unsigned char one[2] = {0x00, 0x3c}, next[2] = {0x01, 0x3c}, neg[2] = {0x01, 0x80}, pos[2] = {0x01, 0x00};
    assert_true(harness_elem_ordered(DAY_NUM_F16, next) - harness_elem_ordered(DAY_NUM_F16, one) == 1);
    assert_true(harness_elem_ordered(DAY_NUM_F16, pos) - harness_elem_ordered(DAY_NUM_F16, neg) == 2);
    assert_true(harness_elem_unit(DAY_NUM_F16) == 0x1p-11 && harness_elem_unit(DAY_NUM_F32) == HARNESS_U);
    assert_int_equal(harness_elem_digits(DAY_NUM_F16), 5);
    assert_int_equal(harness_elem_digits(DAY_NUM_F64), 17);
    /* the sentinels are NaNs of their width */
    unsigned char s[16];
    harness_put_sentinels(s, 2, 8);
    assert_true(isnan(harness_elem_get(DAY_NUM_F64, s + 8)));
    harness_put_sentinels(s, 3, 2);
    assert_true(isnan(harness_elem_get(DAY_NUM_F16, s + 4)) && isnan(harness_elem_get(DAY_NUM_BF16, s)));
}

/* An output of 10 elements of `elem` bytes, components `width` wide, all
 * sentinels, with `guard` more each side. */
static harness_output blank_typed(int param, size_t elem, size_t width, size_t guard)
{
    harness_output o = {param, elem, 10, guard, guard, NULL, NULL};
    o.host = malloc((guard * 2 + 10) * elem);
    harness_put_sentinels(o.host, (guard * 2 + 10) * elem / width, width);
    return o;
}

static void both_typed(harness_output *ref, harness_result *mine, size_t elem, size_t width)
{
    *ref = blank_typed(0, elem, width, 0);
    memset(mine, 0, sizeof *mine);
    mine->compared = true;
    mine->out = calloc(2, sizeof *mine->out);
    mine->out[0] = blank_typed(0, elem, width, 3);
    mine->nout = 1;
}

static void set_half(harness_output *o, size_t i, double v)
{
    harness_elem_put(DAY_NUM_F16, o->host + (o->head + i) * 2, v);
}

/* A __half buffer judged in halves: {ops: 2} is two roundings of a half
 * (2 * 2^-11 relative), {ulps: 1} one half ULP; a wrong element names its
 * buffer and shows its half to 5 digits. A float4's wrong component is
 * named. */
static void test_typed_judging(void **state)
{
    (void)state;
    harness_output ref;
    harness_result mine;
    both_typed(&ref, &mine, 2, 2);
    for (int i = 0; i < 10; i++) {
        set_half(&ref, (size_t)i, 1.5);
        set_half(&mine.out[0], (size_t)i, 1.5);
    }
    set_half(&mine.out[0], 2, 1.5 + 0x1p-10); /* one half ULP: within two roundings */
    judge("halfK", &ref, &mine);
    assert_int_equal(mine.wrong, 0);
    judge("halfUlpK", &ref, &mine);
    assert_int_equal(mine.wrong, 0);
    set_half(&mine.out[0], 7, 1.5 + 0x1p-9); /* two half ULPs */
    judge("halfK", &ref, &mine);
    assert_int_equal(mine.wrong, 1);
    assert_int_equal(mine.first[0].index, 7);
    assert_string_equal(mine.first[0].buffer, "h");
    assert_false(mine.first[0].integer);
    assert_int_equal(mine.first[0].digits, 5);
    assert_true(mine.first[0].expected == 1.5 && mine.first[0].got == 1.501953125);
    judge("halfUlpK", &ref, &mine);
    assert_int_equal(mine.wrong, 1);
    /* an element left as the sentinel where the reference wrote one */
    harness_put_sentinels(mine.out[0].host + (3 + 4) * 2, 1, 2);
    judge("halfK", &ref, &mine);
    assert_int_equal(mine.wrong, 2);
    assert_true(isnan(mine.first[0].got));
    done(&ref, &mine);

    both_typed(&ref, &mine, 16, 4);
    for (int i = 0; i < 10; i++)
        for (int c = 0; c < 4; c++) {
            float v = (float)(i * 4 + c);
            memcpy(ref.host + (size_t)i * 16 + (size_t)c * 4, &v, 4);
            memcpy(mine.out[0].host + (3 + (size_t)i) * 16 + (size_t)c * 4, &v, 4);
        }
    judge("vecK", &ref, &mine);
    assert_int_equal(mine.wrong, 0);
    assert_int_equal(mine.total, 10);
    float bad = -1;
    memcpy(mine.out[0].host + (3 + 3) * 16 + 2 * 4, &bad, 4);
    judge("vecK", &ref, &mine);
    assert_int_equal(mine.wrong, 1);
    assert_int_equal(mine.first[0].index, 3);
    assert_int_equal(mine.first[0].component, 'z');
    assert_true(mine.first[0].expected == 14 && mine.first[0].got == -1);
    /* a write past the float4 buffer's end is outside it */
    memcpy(mine.out[0].host + (3 + 10) * 16 + 3 * 4, &bad, 4);
    judge("vecK", &ref, &mine);
    assert_string_equal(mine.note, "wrote 1 elements outside v");
    done(&ref, &mine);
}

/* Inputs in their own type: signed chars in [-128, 127], halves that are
 * multiples of 0.25, each read back as made. */
static void test_typed_fills(void **state)
{
    (void)state;
    harness_inputs_forget();
    harness_request r = request("byteK");
    r.seed = 5;
    const unsigned char *c = harness_input(&r, &r.kernel->params[0], 10, 1);
    const unsigned char *x = harness_input(&r, &r.kernel->params[1], 10, 2);
    bool negative = false;
    for (int i = 0; i < 10; i++) {
        double v = harness_elem_get(DAY_NUM_I8, c + i);
        negative |= v < 0;
        double h = harness_elem_get(DAY_NUM_F16, x + i * 2);
        assert_true(h != 0 && fabs(h) <= 4 && h * 4 == floor(h * 4));
    }
    assert_true(negative);
    harness_inputs_forget();
}

/* Element i of a one-rule fill as the manifest defines it: one draw of the
 * stream of (seed, the input's key, size) an element, in order. */
static float by_definition(const day_param *p, harness_rng *r)
{
    const day_fill_rule *f = &p->fill.rules[0];
    uint64_t u = harness_rng_next(r);
    if (f->kind == DAY_FILL_UNIFORM)
        return (float)(f->a + (f->b - f->a) * ((double)(u >> 11) * (1.0 / 9007199254740992.0)));
    double k = (double)(1 + (u >> 1) % (uint64_t)floor(f->b / f->a));
    return (float)((u & 1 ? -k : k) * f->a);
}

/* A large input is made on several threads, a range each, kept or made in
 * place: the numbers are the one-at-a-time stream's, for any number of
 * threads. */
static void test_fill_on_threads(void **state)
{
    (void)state;
    harness_request r = request("fillK");
    size_t n = 3000017;
    for (int seed = 1; seed <= 3; seed++) {
        r.seed = (uint64_t)seed;
        r.threads = seed; /* 1, 2 and 3 threads */
        for (int k = 0; k < 2; k++) {
            const day_param *p = &r.kernel->params[k];
            const float *got = (const float *)(const void *)harness_input(&r, p, n, 4);
            char *label = harness_size_label(r.size);
            char *key = cl_sprintf("%s:%s:%s:%zu:%s", m->slug, p->name, p->fill.key, (size_t)4, label);
            harness_rng rng = harness_rng_for(r.seed, key, r.size);
            size_t bad = n;
            for (size_t i = 0; i < n && bad == n; i++)
                if (memcmp(&got[i], &(float){by_definition(p, &rng)}, 4)) bad = i;
            if (bad != n) fail_msg("seed %d, %s: element %zu differs", seed, p->name, bad);
            /* made in place (as in the emulator's memory): the same bytes */
            float *into = malloc(n * 4);
            harness_input_into(&r, p, n, 4, into);
            assert_memory_equal(into, got, n * 4);
            free(into);
            free(key);
            free(label);
        }
    }
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

/* The one file in dir: its path (caller frees) and inode. */
static char *only_file(const char *dir, ino_t *ino)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    char *path = NULL;
    int files = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (e->d_name[0] != '.') {
            files++;
            free(path);
            path = cl_path_join(dir, e->d_name);
        }
    closedir(d);
    assert_int_equal(files, 1);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(sb.st_size, 64 + 3000017 * 4);
    *ino = sb.st_ino;
    return path;
}

/* A large input made by rules is stored, read back by the next process
 * (here: after forgetting) as it was, and made again, the same, when the
 * stored copy is damaged; without a store it is the same numbers. */
static void test_input_store(void **state)
{
    (void)state;
    char dir[] = "/tmp/cudalab-test-store-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *store = cl_path_join(dir, "input");
    harness_request r = request("ruleK");
    const day_param *p = &r.kernel->params[0];
    size_t n = 3000017;
    r.seed = 77;
    harness_inputs_forget();
    float *plain = malloc(n * 4);
    memcpy(plain, harness_input(&r, p, n, 4), n * 4); /* no store */
    size_t small = 0;
    for (size_t i = 0; i < n; i++) small += i % 7 < 3 && plain[i] == floorf(plain[i]) && plain[i] >= 0;
    assert_true(small >= n * 3 / 7 - 1); /* the where rule's whole numbers */
    harness_inputs_forget();
    r.store = store;
    assert_memory_equal(harness_input(&r, p, n, 4), plain, n * 4); /* made, and stored */
    ino_t made, again;
    char *file = only_file(store, &made);
    harness_inputs_forget();
    assert_memory_equal(harness_input(&r, p, n, 4), plain, n * 4); /* read back */
    free(only_file(store, &again));
    assert_true(again == made); /* not written again */
    FILE *f = fopen(file, "r+b");
    assert_non_null(f);
    fseek(f, 64 + 4 * 1000, SEEK_SET);
    fputc(0x5a, f);
    fclose(f);
    harness_inputs_forget();
    assert_memory_equal(harness_input(&r, p, n, 4), plain, n * 4); /* damaged: made again */
    free(only_file(store, &again));
    assert_true(again != made);
    harness_inputs_forget();
    free(file);
    free(store);
    free(plain);
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact),
        cmocka_unit_test(test_ops_bound),
        cmocka_unit_test(test_ulps),
        cmocka_unit_test(test_total),
        cmocka_unit_test(test_untouched_and_guards),
        cmocka_unit_test(test_inout),
        cmocka_unit_test(test_units),
        cmocka_unit_test(test_integers),
        cmocka_unit_test(test_elements),
        cmocka_unit_test(test_typed_judging),
        cmocka_unit_test(test_typed_fills),
        cmocka_unit_test(test_fill_on_threads),
        cmocka_unit_test(test_input_store),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
