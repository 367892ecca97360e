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
    "    params: [{type: const float*, name: in}, {type: float*, name: p}, {type: size_t, name: n}]\n"
    "    checks: [mask-honesty]\n"
    "sizes:\n"
    "  course: {n: 67108864, offset: 0}\n"
    "  hidden:\n"
    "    - {n: 1000003, offset: 0}\n"
    "    - {n: 1, offset: 0}\n"
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
static cl_str edited(const char *base, const char *from, const char *to)
{
    const char *at = strstr(base, from);
    if (!at) fail_msg("'%s' is not in the manifest", from);
    cl_str text = {0};
    cl_str_addn(&text, base, (size_t)(at - base));
    cl_str_add(&text, to);
    cl_str_add(&text, at + strlen(from));
    return text;
}

static void expect_error_in(const char *path, const char *base, const char *from, const char *to,
                            int line, int column, const char *expect)
{
    cl_str text = edited(base, from, to);
    day_manifest *m = (day_manifest *)1;
    cl_error e = {0};
    cl_status st = day_manifest_parse(path, text.s, text.len, &m, &e);
    cl_str_free(&text);
    if (st == CL_OK || e.line != line || e.column != column || !strstr(e.message, expect)) {
        if (st == CL_OK) day_manifest_free(m);
        fail_msg("replacing '%s' with '%s': got status %d at %d:%d '%s'; expected %d:%d '%s'",
                 from, to, st, e.line, e.column, e.message, line, column, expect);
    }
    assert_int_equal(st, CL_MANIFEST);
    assert_null(m);
    assert_string_equal(e.file, path);
}

static void expect_error(const char *from, const char *to, int line, int column,
                         const char *expect)
{
    expect_error_in(PATH, good, from, to, line, column, expect);
}

/* The edit is accepted; returns the manifest (caller frees). */
static day_manifest *expect_ok_in(const char *path, const char *base, const char *from,
                                  const char *to)
{
    cl_str text = edited(base, from, to);
    day_manifest *m = NULL;
    cl_error e = {0};
    cl_status st = day_manifest_parse(path, text.s, text.len, &m, &e);
    cl_str_free(&text);
    if (st != CL_OK)
        fail_msg("replacing '%s' with '%s': %d:%d %s", from, to, e.line, e.column, e.message);
    return m;
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
    expect_error("{n: 1, offset: 0}", "{n: -1, offset: 0}", 27, 11, "between 0 and");
}

static void test_whole_manifest_checks(void **state)
{
    (void)state;
    expect_error("slug: day25-cascade", "slug: day24-cascade", 1, 1, "must start with 'day25-'");
    expect_error("slug: day25-cascade", "slug: day25-reduce", 1, 1, "must equal the folder");
    expect_error("cascade.cu", "cascade.c", 1, 1, "ending in .cu");
    expect_error("{n: 1, offset: 0}", "{m: 1, offset: 0}", 27, 11,
                 "hidden size 2 names 'm', which the harness of day25-cascade does not read");
    expect_error("name: reduceBallot", "name: reduceCascade", 18, 5,
                 "two kernels are named 'reduceCascade'");
    expect_error("name: partial}", "name: in}", 14, 9, "two parameters are named 'in'");
    expect_error("title: Cascaded reduction\n", "title: Cascaded reduction\ntitle: again\n", 4, 1,
                 "'title' appears twice");
}


/* Day 23's manifest, cut to one kernel: its harness's rules apply. */
#define PATH23 "/course/days/day23-shuffles/day.yaml"
static const char good23[] =
    "day: 23\n"
    "slug: day23-shuffles\n"
    "title: Warp shuffles\n"
    "topic: warp-level reduction\n"
    "student_file: shuffles.cu\n"
    "arch: sm_75\n"
    "launch: {block: 256, grid: one warp a row}\n"
    "kernels:\n"
    "  - name: reduceRowsPadded\n"
    "    summary: normalises each row\n"
    "    params: [{type: const float*, name: in}, {type: float*, name: out}, {type: int, name: rows},"
    " {type: int, name: live}, {type: int, name: stride}]\n"
    "    checks: [correctness]\n"
    "sizes:\n"
    "  course: {rows: 8205, live: 20, stride: 32}\n"
    "  hidden:\n"
    "    - {rows: 1, live: 1, stride: 32}\n";

static void expect23(const char *from, const char *to, int line, int column, const char *expect)
{
    expect_error_in(PATH23, good23, from, to, line, column, expect);
}

/* What a day's harness can run is checked when the manifest loads: each
 * key's range, live <= stride (today's heap overflow in day23.c), no key it
 * does not read and none missing, the block size its reference is written
 * for, and the memory a size takes. */
static void test_harness_rules(void **state)
{
    (void)state;
    day_manifest *m = expect_ok_in(PATH23, good23, "live: 20", "live: 32");
    assert_int_equal(day_size_get(&m->course, "live", -1), 32);
    day_manifest_free(m);
    expect23("live: 20, stride: 32", "live: 20, stride: 16", 14, 30,
             "'live' (20) in the course size must not exceed 'stride' (16): the live columns "
             "lie inside a row of `stride` floats; make live <= stride");
    expect23("{rows: 1, live: 1, stride: 32}", "{rows: 1, live: 9, stride: 8}", 16, 23,
             "'live' (9) in hidden size 1 must not exceed 'stride' (8)");
    expect23("live: 20", "live: 40", 14, 30,
             "'live' in the course size must be between 1 and 32 for day23-shuffles, found 40");
    expect23("live: 20", "live: 0", 14, 30, "between 1 and 32");
    expect23("stride: 32}\n  hidden", "stride: 0}\n  hidden", 14, 42, "'stride' in the course size "
             "must be between 1 and 2147483647");
    expect23("rows: 8205", "rows: 3000000000", 14, 18, "between 1 and 2147483647");
    expect23("{rows: 1, live: 1, stride: 32}", "{rows: 1, live: 1}", 16, 7,
             "hidden size 1 has no 'stride'; the harness of day23-shuffles needs rows, live, stride");
    expect23("{rows: 1, live: 1, stride: 32}", "{rows: 1, live: 1, stride: 32, cols: 3}", 16, 44,
             "hidden size 1 names 'cols', which the harness of day23-shuffles does not read; "
             "give only rows, live, stride");
    expect23("block: 256", "block: 128", 7, 17, "'block' must be 256 for day23-shuffles");
    /* 2^26 rows of 32 floats: 32 GiB to grade. */
    expect23("rows: 8205", "rows: 67108864", 14, 11,
             "the course size takes 34359750656 bytes (32.0 GiB) to grade: the inputs, the "
             "buffers and their copies; a size may take 2 GiB at most; make it smaller");
    /* Day 25: 2^26 floats (its course size) fit, 2^27 do not, 2^40 (the
     * most a size may say) does not abort. */
    m = expect_ok_in(PATH, good, "{n: 67108864, offset: 0}", "{n: 67108864, offset: 0}");
    day_manifest_free(m);
    expect_error("{n: 67108864, offset: 0}", "{n: 134217728, offset: 0}", 24, 11,
                 "the course size takes 2147504128 bytes (2.0 GiB) to grade");
    expect_error("{n: 1, offset: 0}", "{n: 1099511627776, offset: 0}", 27, 7, "hidden size 2 takes 17592186064896 bytes");
}

/* A kernel as its harness launches it: the argument types in order, and
 * for day 14 (whose harness runs each kernel its own way) a name it knows. */
static void test_kernels_match_harness(void **state)
{
    (void)state;
    expect23("{type: int, name: stride}]", "{type: unsigned, name: stride}]", 11, 13,
             "the harness of day23-shuffles launches reduceRowsPadded with (const float*, "
             "float*, int, int, int); give 'params' those types in that order");
    expect23(", {type: int, name: stride}]", "]", 11, 13, "launches reduceRowsPadded with");
    expect_error("      - {type: size_t, name: n}\n", "      - {type: int, name: n}\n", 13, 7,
                 "the harness of day25-cascade launches reduceCascade with (const float*, float*, "
                 "size_t)");
    static const char day14[] =
        "day: 14\nslug: day14-syncthreads\ntitle: t\ntopic: t\nstudent_file: s.cu\n"
        "launch: {block: 256, grid: g}\n"
        "kernels:\n"
        "  - name: reverseBlocks\n"
        "    summary: s\n"
        "    params: [{type: const float*, name: in}, {type: float*, name: out}, {type: int, name: n}]\n"
        "    checks: [correctness]\n"
        "sizes: {course: {n: 1000}, hidden: []}\n";
    const char *path14 = "/c/days/day14-syncthreads/day.yaml";
    day_manifest *m = expect_ok_in(path14, day14, "reverseBlocks", "blockSums");
    day_manifest_free(m);
    expect_error_in(path14, day14, "reverseBlocks", "reverseRows", 8, 11,
                    "the harness of day14-syncthreads has no kernel 'reverseRows'; name one of "
                    "reverseBlocks, blockSums (or add it to grader/days/)");
}

/* `arch` reaches nvcc and ptxas: one of day.h's list, nothing else. */
static void test_arch(void **state)
{
    (void)state;
    day_manifest *m = expect_ok_in(PATH23, good23, "arch: sm_75", "arch: sm_90");
    assert_string_equal(m->arch, "sm_90");
    day_manifest_free(m);
    expect23("arch: sm_75", "arch: sm_75 -Xcompiler -fplugin=/tmp/evil.so", 6, 7,
             "'arch' must be one of sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_100, sm_120, "
             "found 'sm_75 -Xcompiler -fplugin=/tmp/evil.so'; name one of them");
    expect23("arch: sm_75", "arch: sm_91", 6, 7, "'arch' must be one of");
    expect23("arch: sm_75", "arch: compute_75", 6, 7, "'arch' must be one of");
    expect23("arch: sm_75", "arch: [sm_75]", 6, 7, "found 'not a string'");
}

/* Names that become paths and arguments, and text for people. */
static void test_names_and_text(void **state)
{
    (void)state;
    expect23("student_file: shuffles.cu", "student_file: -o.cu", 5, 15,
             "'student_file' may hold only letters, digits, '_', '-' and '.' and may not start "
             "with '-' or '.', found '-o.cu'; rename it");
    expect23("student_file: shuffles.cu", "student_file: \"$(id).cu\"", 5, 15, "found '$(id).cu'");
    expect23("student_file: shuffles.cu", "student_file: a b.cu", 5, 15, "may hold only");
    expect23("title: Warp shuffles", "title: \"Warp \\e[32mPASSED\"", 3, 8,
             "'title' holds a control or invisible character: 'Warp \\e[32mPASSED'; write plain text");
    expect23("summary: normalises each row", "summary: \"a\\u202eb\"", 10, 14,
             "a kernel's summary holds a control or invisible character: 'a\\u202eb'");
    expect23("grid: one warp a row", "grid: \"x\\ay\"", 7, 28, "'grid' holds a control");
}

/* A size key given twice fails (and, under ASan, leaks nothing); a second
 * YAML document is refused where it starts, not silently ignored. */
static void test_duplicate_key_and_documents(void **state)
{
    (void)state;
    expect23("{rows: 1, live: 1, stride: 32}", "{rows: 1, live: 1, live: 2, stride: 32}", 16, 26,
             "'live' appears twice in a hidden size; give each key once");
    expect23("{rows: 8205, live: 20,", "{rows: 8205, rows: 20,", 14, 24, "'rows' appears twice");
    cl_str two = {0};
    cl_str_add(&two, good23);
    cl_str_add(&two, "---\nday: 24\n");
    day_manifest *m = (day_manifest *)1;
    cl_error e = {0};
    assert_int_equal(day_manifest_parse(PATH23, two.s, two.len, &m, &e), CL_MANIFEST);
    assert_null(m);
    assert_int_equal(e.line, 17);
    assert_int_equal(e.column, 1);
    assert_non_null(strstr(e.message, "a second YAML document starts here, and the file must "
                                      "hold one; remove this '---'"));
    cl_str_free(&two);
    /* One document ended by '...' is one document. */
    cl_str one = {0};
    cl_str_add(&one, good23);
    cl_str_add(&one, "...\n");
    assert_int_equal(day_manifest_parse(PATH23, one.s, one.len, &m, &e), CL_OK);
    day_manifest_free(m);
    cl_str_free(&one);
    /* A second document that is not even YAML is still an error. */
    cl_str bad = {0};
    cl_str_add(&bad, good23);
    cl_str_add(&bad, "---\n[unclosed\n");
    assert_int_equal(day_manifest_parse(PATH23, bad.s, bad.len, &m, &e), CL_MANIFEST);
    assert_null(m);
    cl_str_free(&bad);
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
        cmocka_unit_test(test_harness_rules),
        cmocka_unit_test(test_kernels_match_harness),
        cmocka_unit_test(test_arch),
        cmocka_unit_test(test_names_and_text),
        cmocka_unit_test(test_duplicate_key_and_documents),
        cmocka_unit_test(test_not_yaml),
        cmocka_unit_test(test_missing_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
