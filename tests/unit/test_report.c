/* test_report.c - the result model: JSON keys of the contract, a round trip
 * through JSON, and the text report's marks, table and lane picture. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "report/result.h"
#include "report/text.h"

static report_result *sample(void)
{
    report_result *r = report_new("day23-shuffles", "shuffles.cu", "emulator", 7);
    report_set_check(r, DAY_CHECK_COMPILE, true, "");
    report_set_check(r, DAY_CHECK_CORRECTNESS, true, "0 of 8205 rows wrong");
    report_set_check(r, DAY_CHECK_MASK_HONESTY, false, "1 hazard");
    report_set_check(r, DAY_CHECK_BARRIER_HONESTY, true, "");
    report_set_check(r, DAY_CHECK_RACES, true, "");
    report_set_check(r, DAY_CHECK_MEMORY, true, "");
    report_set_check(r, DAY_CHECK_RESOURCES, true, "");
    report_kernel *k = report_add_kernel(r, "reduceRowsPadded");
    k->passed = k->present = true;
    k->yours.ran = true;
    k->yours.wrong = 0;
    k->yours.total = 8205;
    k->yours.registers = 16;
    k->yours.shared_bytes = 0;
    k->yours.spill_bytes = 0;
    k->yours.lane_instructions = 1234567;
    report_size_result *s = report_add_size(k, "rows=1 live=1");
    s->ran = true;
    s->wrong = 1;
    s->total = 1;
    s->first[0] = (report_mismatch){0, 1.0, 0.5, false, "", 0, 0};
    s->nfirst = 1;
    report_hazard *h = report_add_hazard(r);
    h->check = DAY_CHECK_MASK_HONESTY;
    h->kind = CL_HZ_MASK_UNDEFINED_READ;
    h->kernel = cl_strdup("reduceRowsBallotDown");
    h->file = cl_strdup("ballot_down.cu");
    h->line = 21;
    h->lane = 4;
    h->source_lane = 20;
    h->has_mask = true;
    h->mask = 0x000fffff;
    h->count = 8205;
    h->message = cl_strdup("lane 4 reads lane 20, which mask 0x000fffff does not name");
    h->advice = cl_strdup("read only from lanes the mask names");
    h->has_lanes = true;
    h->lanes.mask = h->lanes.active = 0x000fffff;
    /* The first step of the ladder, delta 16: lanes 4..15 read 20..31, outside
     * the mask; lanes 16..19 have no lane 32..35 and keep their own value. */
    for (int i = 0; i < 32; i++) h->lanes.source[i] = i < 16 ? (int8_t)(i + 16) : i < 20 ? (int8_t)i : -1;
    h->lanes.undefined = 0x0000fff0;
    h->lanes.clamped = 0x000f0000;
    report_finish(r);
    return r;
}

/* A buffer compared by its total has no value per element: a NaN there is
 * "expected a number", not "expected nan, got nan". */
static void test_mismatch_expected(void **state)
{
    (void)state;
    char buf[40];
    report_mismatch m = {0};
    m.expected = NAN;
    m.got = NAN;
    report_mismatch_expected(buf, sizeof buf, &m);
    assert_string_equal(buf, "a number");
    m.expected = 2.5;
    report_mismatch_expected(buf, sizeof buf, &m);
    assert_string_equal(buf, "2.5");
}

/* The one list of resources every writer shows: its order, its words, a
 * figure unknown without a side, a limit the day does not set. */
static void test_resources_rows(void **state)
{
    (void)state;
    report_side s;
    report_side_init(&s);
    s.registers = 40;
    s.shared_bytes = 5120;
    s.spill_bytes = 0;
    const day_limits L = {32, 4096, 0, -1};
    report_resource r[REPORT_RESOURCES];
    report_resources(&s, &L, r);
    const char *what[] = {"registers a thread", "bytes of shared memory a block", "bytes of spills", "bytes of stack"};
    const long have[] = {40, 5120, 0, -1}, limit[] = {32, 4096, 0, -1};
    for (int i = 0; i < REPORT_RESOURCES; i++) {
        assert_string_equal(r[i].what, what[i]);
        assert_int_equal(r[i].have, have[i]);
        assert_int_equal(r[i].limit, limit[i]);
    }
    assert_string_equal(r[2].noun, "spills");
    assert_true(report_resource_over(&r[0]));   /* 40 past 32 */
    assert_true(report_resource_over(&r[1]));   /* 5120 past 4096 */
    assert_false(report_resource_over(&r[2]));  /* 0 at a limit of 0 */
    assert_false(report_resource_over(&r[3]));  /* unknown, and no limit */
    report_resources(NULL, &L, r);
    for (int i = 0; i < REPORT_RESOURCES; i++) assert_int_equal(r[i].have, -1);
    assert_int_equal(r[1].limit, 4096);
}

static void test_json_contract(void **state)
{
    (void)state;
    report_result *r = sample();
    char *json = report_to_json(r);
    cJSON *o = cJSON_Parse(json);
    assert_non_null(o);
    assert_string_equal(cJSON_GetObjectItem(o, "day")->valuestring, "day23-shuffles");
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(o, "passed")));
    cJSON *checks = cJSON_GetObjectItem(o, "checks");
    assert_int_equal(cJSON_GetArraySize(checks), 7); /* no performance without a GPU */
    const char *names[] = {"compile", "correctness", "mask-honesty", "barrier-honesty",
                           "races", "memory", "resources"};
    for (int i = 0; i < 7; i++)
        assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(checks, i), "name")->valuestring,
                            names[i]);
    cJSON *k = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "kernels"), 0);
    cJSON *yours = cJSON_GetObjectItem(k, "yours");
    assert_int_equal(cJSON_GetObjectItem(yours, "total")->valueint, 8205);
    assert_int_equal(cJSON_GetObjectItem(yours, "registers")->valueint, 16);
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(yours, "ms")));
    assert_true(cJSON_IsNull(cJSON_GetObjectItem(yours, "gbps")));
    cJSON *h = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "hazards"), 0);
    assert_string_equal(cJSON_GetObjectItem(h, "check")->valuestring, "mask-honesty");
    assert_string_equal(cJSON_GetObjectItem(h, "kernel")->valuestring, "reduceRowsBallotDown");
    assert_string_equal(cJSON_GetObjectItem(h, "mask")->valuestring, "0x000fffff");
    assert_int_equal(cJSON_GetObjectItem(h, "lane")->valueint, 4);
    assert_int_equal(cJSON_GetObjectItem(h, "source_lane")->valueint, 20);
    assert_int_equal(cJSON_GetObjectItem(h, "line")->valueint, 21);
    assert_int_equal(cJSON_GetObjectItem(h, "count")->valueint, 8205);
    assert_string_equal(cJSON_GetObjectItem(h, "advice")->valuestring, "read only from lanes the mask names");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(h, "block")), 3);
    cJSON_Delete(o);
    free(json);
    report_free(r);
}

static void test_json_round_trip(void **state)
{
    (void)state;
    report_result *r = sample(), *back = NULL;
    char *json = report_to_json(r);
    assert_int_equal(report_from_json(json, &back, NULL), CL_OK);
    char *again = report_to_json(back);
    assert_string_equal(json, again);
    assert_int_equal(back->hazards[0].lanes.source[3], 19);
    assert_int_equal(back->hazards[0].lanes.undefined, 0x0000fff0);
    assert_int_equal(back->hazards[0].lanes.clamped, 0x000f0000);
    assert_non_null(strstr(json, "\"clamped\":\t\"0x000f0000\""));
    free(json);
    free(again);
    report_free(back);
    report_free(r);
    cl_error e = {0};
    assert_int_not_equal(report_from_json("not json", &back, &e), CL_OK);
    assert_null(back);
    assert_int_not_equal(report_from_json("{\"day\": 3}", &back, &e), CL_OK);
    assert_non_null(strstr(e.message, "'day'"));
}

/* A hazard's kind is the emulator's enum everywhere; the JSON holds its
 * slug (or "more" for the record past the cap), and reads back to the same
 * enum. A string that is no kind is refused. */
static void test_hazard_kind_enum(void **state)
{
    (void)state;
    for (int k = 0; k < CL_HZ_COUNT; k++) {
        const char *name = cl_hazard_name((cl_hazard_kind)k), *slug = cl_hazard_slug((cl_hazard_kind)k);
        assert_int_equal(strlen(name), strlen(slug));
        for (size_t i = 0; name[i]; i++)
            assert_int_equal(slug[i], name[i] == '_' ? '-' : tolower((unsigned char)name[i]));
        assert_int_equal(cl_hazard_from_slug(slug), k);
    }
    assert_string_equal(cl_hazard_slug(CL_HZ_MASK_UNDEFINED_READ), "mask-undefined-read");
    assert_string_equal(cl_hazard_slug(CL_HZ_RACE_SHARED), "race-shared");
    assert_int_equal(cl_hazard_from_slug("more"), -1);
    assert_int_equal(cl_hazard_from_slug(NULL), -1);

    report_result *r = sample(), *back = NULL;
    report_hazard *m = report_add_hazard(r);
    m->check = DAY_CHECK_RACES;
    m->kind = CL_HZ_RACE_WARP;
    m->more = true;
    m->count = 3;
    m->message = cl_strdup("3 more hazards under races are not listed");
    char *json = report_to_json(r);
    cJSON *o = cJSON_Parse(json), *hz = cJSON_GetObjectItem(o, "hazards");
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(hz, 0), "kind")->valuestring,
                        "mask-undefined-read");
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(hz, 1), "kind")->valuestring, "more");
    cJSON_Delete(o);
    assert_int_equal(report_from_json(json, &back, NULL), CL_OK);
    assert_int_equal(back->nhazards, 2);
    assert_int_equal(back->hazards[0].kind, CL_HZ_MASK_UNDEFINED_READ);
    assert_false(back->hazards[0].more);
    assert_true(back->hazards[1].more);
    report_free(back);
    report_free(r);
    free(json);

    cl_error e = {0};
    const char *bad[] = {"{\"day\": \"d\", \"hazards\": [{\"kind\": \"undefined-shuffle-read\"}]}",
                         "{\"day\": \"d\", \"hazards\": [{\"check\": \"races\"}]}"};
    for (int i = 0; i < 2; i++) {
        back = NULL;
        assert_int_not_equal(report_from_json(bad[i], &back, &e), CL_OK);
        assert_null(back);
        assert_non_null(strstr(e.message, "'kind'"));
    }
}

static char *render_plain(const report_result *r, bool unicode)
{
    report_text_options opt = {unicode, 100};
    report_doc *d = report_render(r, &opt);
    cl_str all = {0};
    for (int i = 0; i < d->nlines; i++) cl_str_addf(&all, "%s\n", d->lines[i].text);
    report_doc_free(d);
    return cl_str_take(&all);
}

static void test_text(void **state)
{
    (void)state;
    report_result *r = sample();
    char *t = render_plain(r, true);
    assert_non_null(strstr(t, "✗ mask-honesty"));
    assert_non_null(strstr(t, "✓ compile"));
    assert_non_null(strstr(t, "reduceRowsBallotDown at ballot_down.cu:21"));
    assert_non_null(strstr(t, "does not name\n    to fix: read only from lanes the mask names\n"));
    assert_non_null(strstr(t, "lane 4, source lane 20, mask 0x000fffff\n    in 8205 warps"));
    /* The picture: 20 lanes in the mask, undefined reads at lanes 4..15,
     * lanes 16..19 clamped to their own value. */
    assert_non_null(strstr(t, "■■■■■■■■■■■■■■■■■■■■············  0x000fffff"));
    assert_non_null(strstr(t, "read       ✓✓✓✓✗✗✗✗✗✗✗✗✗✗✗✗====            \n"));
    assert_non_null(strstr(t, "4<-20, 5<-21"));
    /* The legend says which reads are defined only by CUDA's clamp. */
    assert_non_null(strstr(t, "= own value\n                 = is defined only because CUDA clamps"));
    assert_non_null(strstr(t, "      own values kept by the clamp (GLSL: undefined): 16-19\n"));
    assert_non_null(strstr(t, "0/8205"));
    assert_non_null(strstr(t, "1,234,567"));
    assert_non_null(strstr(t, "at rows=1 live=1: 1 of 1 values wrong"));
    assert_non_null(strstr(t, "      [0]: expected 1, got 0.5"));
    assert_non_null(strstr(t, "NOT PASSED: failed mask-honesty"));
    free(t);
    t = render_plain(r, false);
    assert_non_null(strstr(t, "x mask-honesty"));
    assert_non_null(strstr(t, "####################............"));
    assert_null(strstr(t, "■"));
    free(t);
    report_free(r);
}

/* A lane that reads its own number is a read like any other (a broadcast
 * from lane 0 reads lane 0): only a lane the emulator marks clamped, its
 * source past the warp's edge, is drawn `=` and named by the clamp's legend,
 * which a picture without one leaves out. A report written before
 * "clamped" existed reads back with it derived from the sources. */
static void test_lane_picture_clamp(void **state)
{
    (void)state;
    report_result *r = sample();
    report_lanes *ln = &r->hazards[0].lanes;
    for (int i = 0; i < 32; i++) ln->source[i] = i < 20 ? 0 : -1;
    ln->source[5] = 25;
    ln->undefined = 1u << 5;
    ln->clamped = 0;
    char *t = render_plain(r, true);
    assert_non_null(strstr(t, "read       ✓✓✓✓✓✗✓✓✓✓✓✓✓✓✓✓✓✓✓✓            \n"));
    assert_null(strstr(t, "CUDA clamps"));
    assert_null(strstr(t, "own values kept by the clamp"));
    free(t);

    /* Lanes 1, 3 and 6 to 8 past the edges of segments: ranges. */
    ln->clamped = 0x000001cau;
    for (int i = 0; i < 32; i++) ln->source[i] = ln->clamped >> i & 1u ? (int8_t)i : (int8_t)(i < 20 ? 0 : -1);
    t = render_plain(r, false);
    assert_non_null(strstr(t, "read       o=o=oX===ooooooooooo            \n"));
    free(t);
    t = render_plain(r, true);
    assert_non_null(strstr(t, "own values kept by the clamp (GLSL: undefined): 1, 3, 6-8\n"));
    assert_null(strstr(t, "did not take part")); /* every lane of the mask took part */
    free(t);

    /* Lanes the mask names that did not take part (20 to 31 exited): said,
     * by range, under the legend. */
    ln->mask = 0xffffffffu; /* active stays 0x000fffff */
    t = render_plain(r, true);
    if (!strstr(t, "own value\n      in the mask, did not take part (exited or elsewhere): 20-31\n"))
        fail_msg("no line for the lanes that did not take part:\n%s", t);
    free(t);
    ln->mask = 0x000fffffu;

    /* Without "clamped" in the JSON: lanes 1, 3, 6..8 read their own number,
     * and so does lane 0 (its broadcast), which the old form cannot tell
     * from a clamp. */
    ln->undefined = 0;
    char *json = report_to_json(r);
    cJSON *o = cJSON_Parse(json);
    cJSON *lanes = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(o, "hazards"), 0), "lanes");
    assert_string_equal(cJSON_GetObjectItem(lanes, "clamped")->valuestring, "0x000001ca");
    cJSON_DeleteItemFromObject(lanes, "clamped");
    char *old = cJSON_Print(o);
    report_result *back = NULL;
    assert_int_equal(report_from_json(old, &back, NULL), CL_OK);
    assert_int_equal(back->hazards[0].lanes.clamped, 0x000001ca | 1u);
    report_free(back);
    free(old);
    cJSON_Delete(o);
    free(json);
    report_free(r);
}

/* The column of needle's first character on the line of t that holds it. */
static long column_of(const char *t, const char *line_has, const char *needle)
{
    const char *line = strstr(t, line_has);
    assert_non_null(line);
    while (line > t && line[-1] != '\n') line--;
    const char *end = strchr(line, '\n'), *at = strstr(line, needle);
    assert_true(at && (!end || at < end));
    return (long)(at - line);
}

/* A wrong cell wider than the column (1048576/1048576) widens the column:
 * the figures after it stay under their headings. */
static void test_wide_wrong_cell(void **state)
{
    (void)state;
    report_result *r = sample();
    r->kernels[0].yours.wrong = 1048576;
    r->kernels[0].yours.total = 1048576;
    r->kernels[0].yours.registers = 12345; /* a cell of its own width: 5 */
    char *t = render_plain(r, true);
    assert_non_null(strstr(t, "1048576/1048576 "));
    assert_int_equal(column_of(t, "lane instr", "regs") + 4,
                     column_of(t, "1048576/1048576", "12345") + 5);
    free(t);
    report_free(r);
}

/* A mismatch row prints values as the output's elements are: integers as
 * integers (a histogram bin of 2147483647, not 2.14748365e+09), floats with
 * 9 digits; the same after a round trip through the JSON. */
static void test_mismatch_by_type(void **state)
{
    (void)state;
    report_result *r = sample();
    report_size_result *s = &r->kernels[0].sizes[0];
    s->first[0] = (report_mismatch){3, 2147483647.0, 4294967295.0, true, "", 0, 0};
    s->first[1] = (report_mismatch){4, 0.1f, 1.5, false, "", 0, 0};
    s->nfirst = 2;
    s->wrong = 2;
    char *j = report_to_json(r);
    report_result *back = NULL;
    cl_error e = {0};
    assert_int_equal(report_from_json(j, &back, &e), CL_OK);
    for (int k = 0; k < 2; k++) {
        char *t = render_plain(k ? back : r, true);
        assert_non_null(strstr(t, "      [3]: expected 2147483647, got 4294967295\n"));
        assert_non_null(strstr(t, "      [4]: expected 0.100000001, got 1.5\n"));

        free(t);
    }
    report_free(back);
    free(j);
    report_free(r);
}

/* A check no kernel of the day lists is neither shown nor in the JSON. */
/* Every wrong element names its buffer, and shows its value in its own
 * type (a half to 5 digits, a vector's component), in the text and through
 * the JSON and back. */
static void test_mismatch_names_buffer(void **state)
{
    (void)state;
    report_result *r = sample();
    report_size_result *s = &r->kernels[0].sizes[0];
    s->first[0] = (report_mismatch){17, 3.5, 3, false, "out", 0, 0};
    s->first[1] = (report_mismatch){5, 0.0999755859375, 1.5, false, "y", 0, 5};
    s->first[2] = (report_mismatch){2, 1.25, -2, false, "v", 'w', 0};
    s->nfirst = 3;
    s->wrong = 3;
    char *j = report_to_json(r);
    cJSON *o = cJSON_Parse(j);
    cJSON *k = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "kernels"), 0);
    cJSON *sz = cJSON_GetArrayItem(cJSON_GetObjectItem(k, "sizes"), 0);
    cJSON *fw = cJSON_GetObjectItem(sz, "first_wrong");
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(fw, 0), "buffer")->valuestring, "out");
    assert_null(cJSON_GetObjectItem(cJSON_GetArrayItem(fw, 0), "component"));
    assert_int_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(fw, 1), "digits")->valueint, 5);
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(fw, 2), "component")->valuestring, "w");
    cJSON_Delete(o);
    report_result *back = NULL;
    cl_error e = {0};
    assert_int_equal(report_from_json(j, &back, &e), CL_OK);
    for (int i = 0; i < 2; i++) {
        char *t = render_plain(i ? back : r, true);
        assert_non_null(strstr(t, "      out[17]: expected 3.5, got 3\n"));
        assert_non_null(strstr(t, "      y[5]: expected 0.099976, got 1.5\n"));
        assert_non_null(strstr(t, "      v[2].w: expected 1.25, got -2\n"));
        free(t);
    }
    report_free(back);
    free(j);
    report_free(r);
}

static void test_check_that_does_not_apply(void **state)
{
    (void)state;
    report_result *r = sample();
    r->checks[DAY_CHECK_MASK_HONESTY].applies = false;
    r->checks[DAY_CHECK_MASK_HONESTY].ran = false;
    char *t = render_plain(r, true);
    assert_null(strstr(t, " mask-honesty    ")); /* the check line, padded to its column */
    assert_non_null(strstr(t, " barrier-honesty "));
    free(t);
    char *j = report_to_json(r);
    cJSON *o = cJSON_Parse(j), *c;
    int names = 0;
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(o, "checks"))
    {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(c, "name"));
        assert_string_not_equal(name, "mask-honesty");
        names++;
    }
    assert_int_equal(names, 6); /* compile, correctness, barrier-honesty, races, memory, resources */
    cJSON_Delete(o);
    report_result *back = NULL;
    cl_error e = {0};
    assert_int_equal(report_from_json(j, &back, &e), CL_OK);
    assert_false(back->checks[DAY_CHECK_MASK_HONESTY].applies);
    assert_true(back->checks[DAY_CHECK_RACES].applies);
    report_free(back);
    free(j);
    report_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_resources_rows),
        cmocka_unit_test(test_mismatch_expected),
        cmocka_unit_test(test_json_contract),
        cmocka_unit_test(test_json_round_trip),
        cmocka_unit_test(test_hazard_kind_enum),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_lane_picture_clamp),
        cmocka_unit_test(test_wide_wrong_cell),
        cmocka_unit_test(test_check_that_does_not_apply),
        cmocka_unit_test(test_mismatch_by_type),
        cmocka_unit_test(test_mismatch_names_buffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
