/* test_manifest.c - day.yaml: a good manifest reads into the right values, and
 * every kind of bad manifest fails with file:line:column and what was wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "days/day.h"

#define PATH "/course/days/day25-cascade/day.yaml"

static const char good[] =
    "day: 25\n"
    "slug: day25-cascade\n"
    "title: Cascaded reduction\n"
    "topic: bandwidth-bound reduction\n"
    "student_file: cascade.cu\n"
    "launch:\n"
    "  block: 256\n"
    "  grid: 1,024 blocks\n"
    "kernels:\n"
    "  - name: reduceCascade\n"
    "    summary: grid-stride sums and a shared tree\n"
    "    params:\n"
    "      - {type: const float*, name: in}\n"
    "      - {type: float*, name: partial}\n"
    "      - {type: size_t, name: n}\n"
    "    checks: [correctness, barrier-honesty, races, memory, resources]\n"
    "    limits: {registers: 64, shared_bytes: 4096, spill_bytes: 0}\n"
    "  - name: reduceBallot\n"
    "    summary: a counter-example\n"
    "    optional: true\n"
    "    params: []\n"
    "    checks: [mask-honesty]\n"
    "sizes:\n"
    "  course: {n: 67108864}\n"
    "  hidden:\n"
    "    - {n: 1000003}\n"
    "    - {n: 1}\n"
    "hints:\n"
    "  - First hint.\n"
    "  - Second hint.\n";

static void test_good_manifest(void **state)
{
    (void)state;
    day_manifest *m = NULL;
    cl_error e = {0};
    assert_int_equal(day_manifest_parse(PATH, good, strlen(good), &m, &e), CL_OK);
    assert_int_equal(m->day, 25);
    assert_string_equal(m->slug, "day25-cascade");
    assert_string_equal(m->student_file, "cascade.cu");
    assert_string_equal(m->arch, "sm_75");
    assert_string_equal(m->dir, "/course/days/day25-cascade");
    assert_int_equal(m->block, 256);
    assert_int_equal(m->nkernels, 2);
    const day_kernel *k = day_manifest_kernel(m, "reduceCascade");
    assert_non_null(k);
    assert_int_equal(k->line, 10);
    assert_int_equal(k->nparams, 3);
    assert_int_equal(k->params[2].type, DAY_PARAM_SIZE_T);
    assert_true(k->checks & (1u << DAY_CHECK_RACES));
    assert_false(k->checks & (1u << DAY_CHECK_MASK_HONESTY));
    assert_int_equal(k->limits.registers, 64);
    assert_int_equal(k->limits.stack_bytes, -1);
    assert_false(k->optional);
    assert_true(m->kernels[1].optional);
    char *sig = day_kernel_signature(k);
    assert_string_equal(sig, "reduceCascade(const float* in, float* partial, size_t n)");
    free(sig);
    assert_int_equal(day_size_get(&m->course, "n", -1), 67108864);
    assert_int_equal(m->nhidden, 2);
    assert_int_equal(day_size_get(&m->hidden[1], "n", -1), 1);
    assert_int_equal(m->nhints, 2);
    assert_string_equal(m->hints[1], "Second hint.");
    day_manifest_free(m);
}

/* Replace the first occurrence of `from` in the good manifest with `to`, parse
 * it, and check it fails at line:column with a message containing `expect`. */
static void expect_error(const char *from, const char *to, int line, int column,
                         const char *expect)
{
    const char *at = strstr(good, from);
    assert_non_null(at);
    cl_str text = {0};
    cl_str_addn(&text, good, (size_t)(at - good));
    cl_str_add(&text, to);
    cl_str_add(&text, at + strlen(from));
    day_manifest *m = (day_manifest *)1;
    cl_error e = {0};
    cl_status st = day_manifest_parse(PATH, text.s, text.len, &m, &e);
    if (st == CL_OK || e.line != line || e.column != column || !strstr(e.message, expect))
        fail_msg("replacing '%s' with '%s': got status %d at %d:%d '%s'; expected %d:%d '%s'",
                 from, to, st, e.line, e.column, e.message, line, column, expect);
    assert_int_equal(st, CL_MANIFEST);
    assert_null(m);
    assert_string_equal(e.file, PATH);
    cl_str_free(&text);
}

static void test_misspelt_key(void **state)
{
    (void)state;
    expect_error("title:", "titel:", 3, 1, "unknown key 'titel' in the manifest");
    expect_error("    summary: grid", "    sumary: grid", 11, 5, "unknown key 'sumary'");
    expect_error("  block: 256", "  blocks: 256", 7, 3, "unknown key 'blocks' in 'launch'");
    expect_error("{registers: 64", "{regs: 64", 17, 14, "expected one of: registers");
}

static void test_missing_field(void **state)
{
    (void)state;
    expect_error("topic: bandwidth-bound reduction\n", "", 1, 1,
                 "missing the required key 'topic'");
    expect_error("  grid: 1,024 blocks\n", "", 7, 3, "'launch' is missing the required key 'grid'");
    expect_error("    summary: grid-stride sums and a shared tree\n", "", 10, 5,
                 "a kernel is missing the required key 'summary'");
}

static void test_wrong_type(void **state)
{
    (void)state;
    expect_error("block: 256", "block: many", 7, 10, "'block' must be an integer, found 'many'");
    expect_error("day: 25", "day: [25]", 1, 6, "'day' must be an integer, found a list");
    expect_error("optional: true", "optional: yes", 20, 15, "'optional' must be true or false");
    expect_error("title: Cascaded reduction", "title: {a: b}", 3, 8, "'title' must be a string");
    expect_error("hints:\n  - First hint.", "hints:\n  - {a: 1}", 29, 5, "a hint must be a string");
    expect_error("    checks: [correctness,", "    checks: [correct,", 16, 14,
                 "a check must be one of");
    expect_error("{type: size_t,", "{type: long,", 15, 16, "a parameter's type must be one of");
}

static void test_out_of_range(void **state)
{
    (void)state;
    expect_error("day: 25", "day: 250", 1, 6, "'day' must be between 1 and 100, found 250");
    expect_error("block: 256", "block: 2048", 7, 10, "between 32 and 1024");
    expect_error("block: 256", "block: 100", 7, 10, "multiple of 32");
    expect_error("{registers: 64", "{registers: 300", 17, 25, "between 1 and 255");
    expect_error("{n: 1}", "{n: -1}", 27, 11, "between 0 and");
}

static void test_whole_manifest_checks(void **state)
{
    (void)state;
    expect_error("slug: day25-cascade", "slug: day24-cascade", 1, 1, "must start with 'day25-'");
    expect_error("slug: day25-cascade", "slug: day25-reduce", 1, 1, "must equal the folder");
    expect_error("cascade.cu", "cascade.c", 1, 1, "ending in .cu");
    expect_error("{n: 1}", "{m: 1}", 1, 1, "hidden size 2 must name the same keys");
    expect_error("name: reduceBallot", "name: reduceCascade", 18, 5,
                 "two kernels are named 'reduceCascade'");
    expect_error("name: partial}", "name: in}", 14, 9, "two parameters are named 'in'");
    expect_error("title: Cascaded reduction\n", "title: Cascaded reduction\ntitle: again\n", 4, 1,
                 "'title' appears twice");
}

static void test_not_yaml(void **state)
{
    (void)state;
    expect_error("  block: 256\n", "  block: [256\n", 8, 7, "not valid YAML");
    day_manifest *m;
    cl_error e = {0};
    assert_int_equal(day_manifest_parse(PATH, "", 0, &m, &e), CL_MANIFEST);
    assert_non_null(strstr(e.message, "empty"));
    assert_int_equal(day_manifest_parse(PATH, "- a\n- b\n", 8, &m, &e), CL_MANIFEST);
    assert_non_null(strstr(e.message, "must be a mapping"));
}

static void test_missing_file(void **state)
{
    (void)state;
    day_manifest *m;
    cl_error e = {0};
    assert_int_equal(day_manifest_load("/nonexistent/day.yaml", &m, &e), CL_NOT_FOUND);
    assert_string_equal(e.file, "/nonexistent/day.yaml");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_manifest),
        cmocka_unit_test(test_misspelt_key),
        cmocka_unit_test(test_missing_field),
        cmocka_unit_test(test_wrong_type),
        cmocka_unit_test(test_out_of_range),
        cmocka_unit_test(test_whole_manifest_checks),
        cmocka_unit_test(test_not_yaml),
        cmocka_unit_test(test_missing_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
