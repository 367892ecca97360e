/* test_manifest.c - day.yaml: a good manifest reads into the right values, and
 * every kind of bad manifest fails with file:line:column and what was wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "days/day.h"
#include "manifest_edits.h"

static char PATH[128]; /* <tmp>/days/day25-cascade/day.yaml, with copy.cu and check.lua beside it */

static const char good[] =
    "day: 25\n"
    "slug: day25-cascade\n"
    "title: Cascaded reduction\n"
    "topic: bandwidth-bound reduction\n"
    "student_file: cascade.cu\n"
    "launch:\n"
    "  block: 256\n"
    "  grid: 1024\n"
    "  about: 1,024 blocks\n"
    "kernels:\n"
    "  - name: reduceCascade\n"
    "    summary: grid-stride sums and a shared tree\n"
    "    params:\n"
    "      - {type: const float*, name: in, length: n, offset: offset, fill: {multiples: [0.125, 8]}}\n"
    "      - {type: float*, name: partial, length: 1024}\n"
    "      - {type: size_t, name: n, value: n}\n"
    "    compare: {over: total, ops: \"ceil(n / 262144) + 26\"}\n"
    "    unit: blocks\n"
    "    bytes: \"4 * n\"\n"
    "    checks: [correctness, barrier-honesty, races, memory, resources]\n"
    "    limits: {registers: 64, shared_bytes: 4096, spill_bytes: 0}\n"
    "    points: {correctness: 4}\n"
    "  - name: reduceBallot\n"
    "    summary: a counter-example\n"
    "    optional: true\n"
    "    oracle: reduceCascade\n"
    "    params: [{type: const float*, name: in, length: n, fill: {uniform: [-1, 1]}}, {type: float*, name: p, length: 1024}, {type: size_t, name: n, value: n}]\n"
    "    checks: [mask-honesty]\n"
    "  - name: scaleRows\n"
    "    summary: every kind of parameter\n"
    "    launch: {block: [32, 4], grid: [\"ceil(n / 32)\", 2], shared_bytes: \"4 * 32\"}\n"
    "    params:\n"
    "      - {type: const int*, name: keys, length: \"n + 1\", fill: [{where: \"i % 2 == 0\", integers: [-5, 5]}, {where: \"i == 1\", value: 7}, {pick: [1, 2, 3]}]}\n"
    "      - {type: const unsigned char*, name: mask, length: n, fill: {index: \"i % 256\"}}\n"
    "      - {type: float*, name: acc, role: inout, length: n, fill: {value: -0.0}}\n"
    "      - {type: float, name: scale, value: 0.5}\n"
    "      - {type: unsigned, name: half, value: \"floor(n / 2)\"}\n"
    "    compare: {ulps: 2}\n"
    "    unit: {name: rows, elements: 32}\n"
    "    untouched: past n is padding\n"
    "    checks: [correctness, memory]\n"
    "  - name: countKeys\n"
    "    summary: integer outputs\n"
    "    params:\n"
    "      - {type: const int*, name: keys, length: n, fill: {integers: [0, 9]}}\n"
    "      - {type: int*, name: counts, length: 10}\n"
    "      - {type: int, name: n, value: n}\n"
    "    compare: exact\n"
    "    checks: [correctness, races]\n"
    "    points: {races: 0.5}\n"
    "    cooperative: true\n"
    "  - name: judged\n"
    "    summary: by its script\n"
    "    params: [{type: float*, name: out, length: n}]\n"
    "    compare: none\n"
    "    check: check.lua\n"
    "    checks: [correctness]\n"
    "baseline:\n"
    "  name: copyKernel\n"
    "  source: copy.cu\n"
    "  params:\n"
    "    - {type: const float*, name: in, length: n, fill: {multiples: [0.125, 8]}}\n"
    "    - {type: float*, name: out, length: n}\n"
    "    - {type: size_t, name: n, value: n}\n"
    "  bytes: \"8 * n\"\n"
    "sizes:\n"
    "  course: {n: 67108864, offset: 0}\n"
    "  hidden:\n"
    "    - {n: 1000003, offset: 0}\n"
    "    - {n: 1, offset: 3}\n"
    "  require:\n"
    "    - {that: \"offset <= 3\", why: \"0 to 3 floats past a 16-byte boundary\"}\n"
    "hints:\n"
    "  - First hint.\n"
    "  - Second hint.\n";

static char tmp[64];

/* A day folder with the files the good manifest names beside it. */
static int make_course(void **state)
{
    (void)state;
    strcpy(tmp, "/tmp/cudalab-manifest-XXXXXX");
    if (!mkdtemp(tmp)) return -1;
    char *dir = cl_sprintf("%s/days/day25-cascade", tmp);
    assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
    snprintf(PATH, sizeof PATH, "%s/day.yaml", dir);
    char *copy = cl_sprintf("%s/copy.cu", dir), *lua = cl_sprintf("%s/check.lua", dir);
    assert_int_equal(cl_write_file_atomic(copy, "// copy\n", 8, NULL), CL_OK);
    assert_int_equal(cl_write_file_atomic(lua, "-- check\n", 9, NULL), CL_OK);
    free(copy);
    free(lua);
    free(dir);
    return 0;
}

static int remove_course(void **state)
{
    (void)state;
    return remove_tree(tmp);
}


static const day_size *hidden0(const day_manifest *m)
{
    return &m->hidden[0];
}

static double at_size(const day_manifest *m, const day_formula *f, const day_size *s)
{
    assert_non_null(f);
    assert_non_null(f->e);
    return day_formula_eval(m, f, s);
}

static void test_good_manifest(void **state)
{
    (void)state;
    day_manifest *m = NULL;
    cl_error e = {0};
    if (day_manifest_parse(PATH, good, strlen(good), &m, &e) != CL_OK)
        fail_msg("%d:%d %s", e.line, e.column, e.message);
    assert_int_equal(m->day, 25);
    assert_string_equal(m->slug, "day25-cascade");
    assert_string_equal(m->student_file, "cascade.cu");
    assert_string_equal(m->arch, "sm_75");
    assert_string_equal(m->grid, "1,024 blocks");
    assert_int_equal(m->block, 256);
    assert_int_equal(m->nkernels, 5);
    const day_size *course = &m->course, *one = &m->hidden[1];

    /* reduceCascade: the day's launch, an input with an offset, a total. */
    const day_kernel *k = day_manifest_kernel(m, "reduceCascade");
    assert_non_null(k);
    assert_int_equal(k->line, 11);
    assert_int_equal(k->nparams, 3);
    assert_int_equal(k->params[0].role, DAY_ROLE_IN);
    assert_int_equal(k->params[1].role, DAY_ROLE_OUT);
    assert_int_equal(k->params[2].role, DAY_ROLE_SCALAR);
    assert_int_equal(k->params[2].type, DAY_PARAM_SIZE_T);
    assert_true(at_size(m, k->params[0].length, course) == 67108864);
    assert_true(at_size(m, k->params[0].offset, one) == 3);
    assert_true(at_size(m, k->params[1].length, one) == 1024);
    assert_null(k->params[1].offset);
    assert_true(at_size(m, k->params[2].value, one) == 1);
    assert_int_equal(k->params[0].fill.nrules, 1);
    assert_int_equal(k->params[0].fill.rules[0].kind, DAY_FILL_MULTIPLES);
    assert_true(k->params[0].fill.rules[0].a == 0.125 && k->params[0].fill.rules[0].b == 8);
    assert_null(k->params[0].fill.rules[0].where);
    assert_int_equal(k->params[1].fill.nrules, 0);
    assert_int_equal(k->compare.kind, DAY_COMPARE_BOUND);
    assert_true(k->compare.total);
    assert_null(k->compare.abs);
    assert_true(at_size(m, k->compare.ops, course) == 256 + 26);
    assert_true(at_size(m, k->compare.ops, one) == 1 + 26);
    assert_string_equal(k->unit, "blocks");
    assert_null(k->unit_elements);
    assert_true(at_size(m, k->bytes, one) == 4);
    assert_int_equal(k->launch.block[0], 256);
    assert_int_equal(k->launch.block[1], 1);
    assert_true(at_size(m, k->launch.grid[0], one) == 1024);
    assert_null(k->launch.grid[1]);
    assert_null(k->launch.shared);
    assert_true(k->checks & (1u << DAY_CHECK_RACES));
    assert_false(k->checks & (1u << DAY_CHECK_MASK_HONESTY));
    assert_true(day_kernel_checks(k, DAY_CHECK_COMPILE));
    assert_false(day_kernel_checks(k, DAY_CHECK_MASK_HONESTY));
    /* points: as set, else 1 a listed check, 0 an unlisted one */
    assert_true(k->points[DAY_CHECK_CORRECTNESS] == 4);
    assert_true(k->points[DAY_CHECK_RACES] == 1);
    assert_true(k->points[DAY_CHECK_MASK_HONESTY] == 0);
    assert_int_equal(k->limits.registers, 64);
    assert_int_equal(k->limits.stack_bytes, -1);
    assert_false(k->optional);
    assert_false(k->cooperative);
    assert_null(k->oracle);
    assert_null(k->check);
    char *sig = day_kernel_signature(k);
    assert_string_equal(sig, "reduceCascade(const float* in, float* partial, size_t n)");
    free(sig);

    /* reduceBallot: judged against reduceCascade's outputs. */
    k = &m->kernels[1];
    assert_true(k->optional);
    assert_false(k->cooperative);
    assert_string_equal(k->oracle, "reduceCascade");
    assert_int_equal(k->compare.kind, DAY_COMPARE_EXACT);
    assert_false(k->compare.total);
    assert_int_equal(k->params[0].fill.rules[0].kind, DAY_FILL_UNIFORM);
    assert_true(k->points[DAY_CHECK_MASK_HONESTY] == 1 && k->points[DAY_CHECK_CORRECTNESS] == 0);
    assert_true(day_manifest_checks(m, DAY_CHECK_MASK_HONESTY));

    /* scaleRows: its own launch, every kind of fill, in-out, ulps, grouped units. */
    k = day_manifest_kernel(m, "scaleRows");
    assert_non_null(k);
    assert_int_equal(k->launch.block[0], 32);
    assert_int_equal(k->launch.block[1], 4);
    assert_int_equal(k->launch.block[2], 1);
    assert_true(at_size(m, k->launch.grid[0], one) == 1);
    assert_true(at_size(m, k->launch.grid[0], course) == 2097152);
    assert_true(at_size(m, k->launch.grid[1], course) == 2);
    assert_null(k->launch.grid[2]);
    assert_true(at_size(m, k->launch.shared, course) == 128);
    const day_fill *f = &k->params[0].fill;
    assert_int_equal(f->nrules, 3);
    assert_int_equal(f->rules[0].kind, DAY_FILL_INTEGERS);
    assert_true(f->rules[0].a == -5 && f->rules[0].b == 5);
    assert_non_null(f->rules[0].where);
    assert_string_equal(f->rules[0].where->text, "i % 2 == 0");
    assert_true(f->rules[0].where->per_element);
    assert_int_equal(f->rules[1].kind, DAY_FILL_VALUE);
    assert_true(f->rules[1].a == 7);
    assert_int_equal(f->rules[2].kind, DAY_FILL_PICK);
    assert_int_equal(f->rules[2].npick, 3);
    assert_true(f->rules[2].pick[2] == 3);
    assert_null(f->rules[2].where);
    assert_non_null(f->key);
    assert_true(at_size(m, k->params[0].length, one) == 2);
    assert_int_equal(k->params[1].type, DAY_PARAM_CONST_UCHAR_PTR);
    assert_int_equal(k->params[1].fill.rules[0].kind, DAY_FILL_INDEX);
    assert_string_equal(k->params[1].fill.rules[0].index->text, "i % 256");
    assert_int_equal(k->params[2].role, DAY_ROLE_INOUT);
    assert_int_equal(k->params[2].fill.rules[0].kind, DAY_FILL_VALUE);
    assert_true(k->params[2].fill.rules[0].a == 0 && signbit(k->params[2].fill.rules[0].a));
    assert_int_equal(k->params[3].type, DAY_PARAM_FLOAT);
    assert_true(at_size(m, k->params[3].value, course) == 0.5);
    assert_int_equal(k->params[4].role, DAY_ROLE_SCALAR);
    assert_true(at_size(m, k->params[4].value, hidden0(m)) == 500001);
    assert_int_equal(k->compare.kind, DAY_COMPARE_ULPS);
    assert_true(k->compare.ulps == 2);
    assert_string_equal(k->unit, "rows");
    assert_true(at_size(m, k->unit_elements, course) == 32);
    assert_string_equal(k->untouched, "past n is padding");
    assert_null(k->bytes);

    /* countKeys: integers compared exactly; a fractional point. */
    k = day_manifest_kernel(m, "countKeys");
    assert_int_equal(k->compare.kind, DAY_COMPARE_EXACT);
    assert_true(k->points[DAY_CHECK_RACES] == 0.5 && k->points[DAY_CHECK_CORRECTNESS] == 1);
    assert_null(k->unit);
    assert_true(k->cooperative); /* launched as cuLaunchCooperativeKernel does */

    /* judged: no comparison, a script beside day.yaml. */
    k = day_manifest_kernel(m, "judged");
    assert_int_equal(k->compare.kind, DAY_COMPARE_NONE);
    assert_string_equal(k->check, "check.lua");

    /* The baseline: a kernel of the course's own, with the day's launch. */
    assert_non_null(m->baseline);
    assert_string_equal(m->baseline->name, "copyKernel");
    assert_string_equal(m->baseline->source, "copy.cu");
    assert_int_equal(m->baseline->nparams, 3);
    assert_true(at_size(m, m->baseline->bytes, one) == 8);
    assert_true(at_size(m, m->baseline->launch.grid[0], one) == 1024);
    assert_null(day_manifest_kernel(m, "copyKernel"));

    assert_int_equal(day_size_get(&m->course, "n", -1), 67108864);
    assert_int_equal(m->nhidden, 2);
    assert_int_equal(day_size_get(&m->hidden[1], "n", -1), 1);
    assert_int_equal(day_size_get(&m->hidden[1], "offset", -1), 3);
    assert_int_equal(m->nrequires, 1);
    assert_string_equal(m->requires[0].that->text, "offset <= 3");
    assert_string_equal(m->requires[0].why, "0 to 3 floats past a 16-byte boundary");
    assert_int_equal(m->nhints, 2);
    assert_string_equal(m->hints[1], "Second hint.");
    day_manifest_free(m);
}

/* Replace the first occurrence of `from` in the good manifest with `to`, parse
 * it, and check it fails at line:column with a message containing `expect`. */


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


static void expect_at(const char *from, const char *to, const char *marker, const char *expect)
{
    expect_at_in(PATH, good, from, to, marker, expect);
}

static void test_misspelt_key(void **state)
{
    (void)state;
    expect_error("title:", "titel:", 3, 1, "unknown key 'titel' in the manifest");
    expect_error("    summary: grid", "    sumary: grid", 12, 5, "unknown key 'sumary'");
    expect_error("  block: 256", "  blocks: 256", 7, 3, "unknown key 'blocks' in 'launch'");
    expect_at("{registers: 64", "{regs: 64", "regs", "expected one of: registers");
    expect_at("{type: float*, name: acc, role", "{type: float*, name: acc, rol", "rol:",
              "unknown key 'rol' in a parameter");
}

static void test_missing_field(void **state)
{
    (void)state;
    expect_error("topic: bandwidth-bound reduction\n", "", 1, 1,
                 "missing the required key 'topic'");
    expect_error("  grid: 1024\n", "", 7, 3, "the day's 'launch' needs a 'block' and a 'grid'");
    expect_error("    summary: grid-stride sums and a shared tree\n", "", 11, 5,
                 "a kernel is missing the required key 'summary'");
}

static void test_wrong_type(void **state)
{
    (void)state;
    expect_error("block: 256", "block: many", 7, 10, "a block dimension must be an integer, found 'many'");
    expect_error("day: 25", "day: [25]", 1, 6, "'day' must be an integer, found a list");
    expect_at("optional: true", "optional: yes", "yes", "'optional' must be true or false");
    expect_at("cooperative: true", "cooperative: 1", "1\n", "'cooperative' must be true or false, found '1'");
    expect_at("cooperative: true", "cooperative: [true]", "[true]", "'cooperative' must be true or false, found a list");
    expect_error("title: Cascaded reduction", "title: {a: b}", 3, 8, "'title' must be a string");
    expect_at("hints:\n  - First hint.", "hints:\n  - {a: 1}", "{a: 1}", "a hint must be a string");
    expect_at("    checks: [correctness, barrier", "    checks: [correct, barrier", "correct,",
              "a check must be one of");
    expect_at("{type: size_t, name: n, value: n}]", "{type: long, name: n, value: n}]", "long",
              "a parameter's type must be one of");
}

/* Typed data: every element type as T, const T* and T*, their C spellings
 * and nvcc's manglings, cuda_fp16.h's aliases, element sizes, and fills and
 * scalars held to the element's range. */
#define TYPED_PATH "/c/days/day61-typed/day.yaml"
static const char typed[] =
    "day: 61\n"
    "slug: day61-typed\n"
    "title: t\n"
    "topic: t\n"
    "student_file: t.cu\n"
    "launch: {block: 32, grid: 1}\n"
    "kernels:\n"
    "  - name: k\n"
    "    summary: s\n"
    "    checks: [correctness]\n"
    "    params:\n"
    "      - {type: half, name: a, value: 0.5}\n"
    "      - {type: const __half*, name: x, length: n, fill: {uniform: [-1, 1]}}\n"
    "      - {type: half2*, name: y, length: n}\n"
    "      - {type: const float4*, name: v, length: n, fill: {uniform: [-1, 1]}}\n"
    "      - {type: double, name: d, value: 0.25}\n"
    "      - {type: const signed char*, name: c, length: n, fill: {integers: [-128, 127]}}\n"
    "      - {type: unsigned long long*, name: u, length: n}\n"
    "      - {type: __nv_bfloat16*, name: b, role: inout, length: n, fill: {value: 1}}\n"
    "sizes: {course: {n: 10}, hidden: []}\n";

static void test_types(void **state)
{
    (void)state;
    day_manifest *m = expect_ok_in(TYPED_PATH, typed, "day: 61", "day: 61");
    const day_kernel *k = &m->kernels[0];
    static const day_param_type want[] = {DAY_PARAM_HALF, DAY_PARAM_CONST_HALF_PTR, DAY_PARAM_HALF2_PTR,
                                          DAY_PARAM_CONST_FLOAT4_PTR, DAY_PARAM_DOUBLE,
                                          DAY_PARAM_CONST_SCHAR_PTR, DAY_PARAM_ULONGLONG_PTR,
                                          DAY_PARAM_BF16_PTR};
    for (int i = 0; i < 8; i++) assert_int_equal(k->params[i].type, want[i]);
    char *sig = day_kernel_signature(k);
    assert_string_equal(sig, "k(__half a, const __half* x, __half2* y, const float4* v, double d, "
                             "const signed char* c, unsigned long long* u, __nv_bfloat16* b)");
    free(sig);
    /* nvcc's manglings (nvcc -ptx: _Z1aPK6__halfPS_S_i, ...PK6float4...) */
    assert_string_equal(day_param_type_mangled(DAY_PARAM_HALF), "6__half");
    assert_string_equal(day_param_type_mangled(DAY_PARAM_CONST_HALF_PTR), "PK6__half");
    assert_string_equal(day_param_type_mangled(DAY_PARAM_BF16_PTR), "P13__nv_bfloat16");
    assert_string_equal(day_param_type_mangled(DAY_PARAM_CONST_FLOAT4_PTR), "PK6float4");
    assert_string_equal(day_param_type_mangled(DAY_PARAM_HALF2_PTR), "P7__half2");
    assert_string_equal(day_param_type_mangled(DAY_PARAM_INT2_PTR), "P4int2");
    assert_string_equal(day_param_type_mangled(DAY_PARAM_CONST_SCHAR_PTR), "PKa");
    assert_string_equal(day_param_type_mangled(DAY_PARAM_SHORT), "s");
    assert_string_equal(day_param_type_mangled(DAY_PARAM_LONGLONG_PTR), "Px");
    assert_string_equal(day_param_type_mangled(DAY_PARAM_ULONGLONG), "y");
    assert_string_equal(day_param_type_mangled(DAY_PARAM_CONST_DOUBLE_PTR), "PKd");
    /* sizes: an element's bytes, its components, the argument's bytes */
    assert_int_equal(day_param_elem_bytes(DAY_PARAM_CONST_FLOAT4_PTR), 16);
    assert_int_equal(day_param_components(DAY_PARAM_CONST_FLOAT4_PTR), 4);
    assert_int_equal(day_param_elem_bytes(DAY_PARAM_HALF2_PTR), 4);
    assert_int_equal(day_param_num(DAY_PARAM_HALF2_PTR), DAY_NUM_F16);
    assert_int_equal(day_param_elem_bytes(DAY_PARAM_CONST_HALF_PTR), 2);
    assert_int_equal(day_param_elem_bytes(DAY_PARAM_LONGLONG_PTR), 8);
    assert_int_equal(day_param_type_bytes(DAY_PARAM_HALF), 2);
    assert_int_equal(day_param_type_bytes(DAY_PARAM_CONST_HALF_PTR), 8);
    assert_true(day_param_type_is_float(DAY_PARAM_BF16_PTR));
    assert_false(day_param_type_is_float(DAY_PARAM_CONST_SCHAR_PTR));
    assert_true(day_param_type_is_pointer(DAY_PARAM_CONST_FLOAT4_PTR));
    /* the old types keep their spellings and manglings */
    assert_string_equal(day_param_type_name(DAY_PARAM_CONST_UCHAR_PTR), "const unsigned char*");
    assert_string_equal(day_param_type_mangled(DAY_PARAM_CONST_FLOAT_PTR), "PKf");
    assert_string_equal(day_param_type_mangled(DAY_PARAM_SIZE_T), "m");
    assert_int_equal(day_param_elem_bytes(DAY_PARAM_FLOAT_PTR), 4);
    day_manifest_free(m);

    /* a vector is passed in buffers only; an unknown type lists the element types */
    expect_at_in(TYPED_PATH, typed, "type: double, name: d", "type: float4, name: d", "float4, name: d",
                 "'float4' is a vector type: a day passes vectors in buffers only");
    expect_at_in(TYPED_PATH, typed, "type: double, name: d", "type: __half8, name: d", "__half8",
                 "a parameter's type must be one of: float, int, unsigned, unsigned char, size_t, "
                 "double, __half, __nv_bfloat16, signed char, short, long long, unsigned long long, "
                 "float2, float4, int2, int4, __half2");
    /* fills and scalars in the element's range */
    expect_at_in(TYPED_PATH, typed, "integers: [-128, 127]", "integers: [-129, 0]", "{type: const signed char*",
                 "'c' holds signed char values: its fill must make whole numbers from -128 to 127");
    expect_at_in(TYPED_PATH, typed, "{uniform: [-1, 1]}}\n      - {type: half2*",
                 "{uniform: [0, 70000]}}\n      - {type: half2*", "{type: const __half*",
                 "'x' holds __half values: its fill must make numbers from -65504 to 65504");
    expect_at_in(TYPED_PATH, typed, "value: 0.5}", "value: 100000}", "100000}",
                 "'a' is 100000 at the course size; a __half scalar must be a finite number of at most 65504");
}

static void test_out_of_range(void **state)
{
    (void)state;
    expect_error("day: 25", "day: 250", 1, 6, "'day' must be between 1 and 100, found 250");
    expect_error("block: 256", "block: 2048", 7, 10, "between 1 and 1024");
    expect_error("block: 256", "block: 100", 7, 10, "a block must have a multiple of 32 threads, "
                 "1,024 at most; this one has 100");
    expect_at("block: [32, 4]", "block: [32, 64]", "[32, 64]", "this one has 2048");
    expect_at("{registers: 64", "{registers: 300", "300", "between 1 and 255");
    expect_at("{n: 1, offset: 3}", "{n: -1, offset: 3}", "-1, offset: 3", "a size must be between 0 and 1099511627776, found -1");
}

static void test_whole_manifest_checks(void **state)
{
    (void)state;
    expect_error("slug: day25-cascade", "slug: day24-cascade", 1, 1, "must start with 'day25-'");
    expect_error("slug: day25-cascade", "slug: day25-reduce", 1, 1, "must equal the folder");
    expect_error("cascade.cu", "cascade.c", 1, 1, "ending in .cu");
    expect_at("{n: 1, offset: 3}", "{m: 1, offset: 3}", "{m: 1,",
                 "hidden size 2 must name the same keys as the course size; give every size the same keys");
    expect_at("name: reduceBallot", "name: reduceCascade", "name: reduceCascade\n    summary: a",
              "two kernels are named 'reduceCascade'");
    expect_at("name: partial,", "name: in,", "{type: float*, name: in,",
              "two parameters are named 'in'");
    expect_error("title: Cascaded reduction\n", "title: Cascaded reduction\ntitle: again\n", 4, 1,
                 "'title' appears twice");
    expect_at("name: copyKernel", "name: countKeys", "countKeys\n  source",
              "the baseline is named 'countKeys', as a kernel of the day is");
}

/* Each `require` rule holds at every size, or the manifest does not load:
 * the size's place, its values, the rule and why. */
static void test_require_rules(void **state)
{
    (void)state;
    expect_at("{n: 1, offset: 3}", "{n: 1, offset: 4}", "{n: 1, offset: 4}",
              "hidden size 2 (n=1 offset=4) breaks the rule \"offset <= 3\": 0 to 3 floats "
              "past a 16-byte boundary; change the size or the rule");
    expect_at("course: {n: 67108864, offset: 0}", "course: {n: 67108864, offset: 9}",
              "{n: 67108864, offset: 9}", "the course size (n=67108864 offset=9) breaks the rule");
    /* The second rule, broken where the first holds. */
    cl_str two = edited(good, "    - {that: \"offset <= 3\"", "    - {that: \"n >= 1\", why: one}\n"
                        "    - {that: \"n % 2 == 1 || n > 1000\", why: odd or large}\n"
                        "    - {that: \"offset <= 3\"");
    day_manifest *m = expect_ok_in(PATH, two.s, "{n: 1, offset: 3}", "{n: 1, offset: 3}");
    assert_int_equal(m->nrequires, 3);
    day_manifest_free(m);
    expect_at_in(PATH, two.s, "{n: 1, offset: 3}", "{n: 2, offset: 3}", "{n: 2, offset: 3}",
                 "hidden size 2 (n=2 offset=3) breaks the rule \"n % 2 == 1 || n > 1000\": odd or large");
    cl_str_free(&two);
    /* A rule is an expression of the size: `i` is not one of its variables. */
    expect_at("that: \"offset <= 3\"", "that: \"i <= 3\"", "\"i <= 3\"",
              "at column 1 of \"i <= 3\": 'i' is not a variable here; the variables are n, "
              "offset (`i`, an element's index, is known only in a fill and its `where`)");
}

/* The rules every size keeps without being told: whole non-negative
 * lengths, int scalars that fit, grids of at least 1, 2 GiB at most. */
static void test_size_rules(void **state)
{
    (void)state;
    expect_at("name: partial, length: 1024", "name: partial, length: \"n - 2\"", "\"n - 2\"",
              "a buffer's 'length' (\"n - 2\") is -1 at hidden size 2 (n=1 offset=3); it must be "
              "a whole number from 0 to 1099511627776");
    expect_at("name: partial, length: 1024", "name: partial, length: \"n / 2\"", "\"n / 2\"",
              "a buffer's 'length' (\"n / 2\") is 500001.5 at hidden size 1 (n=1000003 offset=0)");
    expect_at("{type: int, name: n, value: n}", "{type: int, name: n, value: \"n * 64\"}",
              "\"n * 64\"", "a scalar's 'value' (\"n * 64\") is 4294967296 at the course size "
              "(n=67108864 offset=0); it must be a whole number from -2147483648 to 2147483647");
    expect_at("{type: unsigned, name: half, value: \"floor(n / 2)\"}",
              "{type: unsigned, name: half, value: \"0 - n\"}", "\"0 - n\"",
              "a scalar's 'value' (\"0 - n\") is -67108864 at the course size");
    expect_at("{type: float, name: scale, value: 0.5}", "{type: float, name: scale, value: \"1 / (n - 1)\"}",
              "\"1 / (n - 1)\"", "'scale' is inf at hidden size 2; a float scalar must be a finite number");
    expect_at("  grid: 1024\n", "  grid: \"n - 1\"\n", "\"n - 1\"",
              "a grid dimension (\"n - 1\") is 0 at hidden size 2 (n=1 offset=3); it must be a "
              "whole number from 1 to 2147483647");
    expect_at("grid: [\"ceil(n / 32)\", 2]", "grid: [\"ceil(n / 32)\", 65536]", "65536",
              "a grid dimension (\"65536\") is 65536 at the course size (n=67108864 offset=0); it "
              "must be a whole number from 1 to 65535");
    expect_at("shared_bytes: \"4 * 32\"", "shared_bytes: \"n\"", "\"n\"}",
              "'shared_bytes' (\"n\") is 67108864 at the course size");
    expect_at("elements: 32}", "elements: 0}", "0}\n    untouched",
              "a unit's 'elements' (\"0\") is 0 at the course size");
    expect_at("offset: offset, fill", "offset: \"offset * 1000\", fill", "\"offset * 1000\"",
              "a buffer's 'offset' (\"offset * 1000\") is 3000 at hidden size 2");
    /* 2^26 floats (the course size) fit; 2^27 do not, for the baseline
     * checked first; 2^40 (the most a size may say) does not abort. */
    expect_at("course: {n: 67108864, offset: 0}", "course: {n: 134217728, offset: 0}",
              "{n: 134217728", "the course size takes 2684375040 bytes (2.5 GiB) to grade "
              "copyKernel: the inputs, the buffers and their copies; a size may take 2 GiB at "
              "most; make it smaller");
    expect_at("{n: 1, offset: 3}", "{n: 1099511627776, offset: 3}", "{n: 1099511627776",
              "hidden size 2 takes 21990232576000 bytes (20480.0 GiB) to grade copyKernel");
    /* scaleRows takes 26 bytes an element: 2^26 fits, 2^26 + 2^25 does not. */
    expect_at("course: {n: 67108864, offset: 0}", "course: {n: 100663296, offset: 0}",
              "{n: 100663296", "to grade scaleRows");
}

/* Expressions: the variables, `i` only where there is an element, syntax
 * errors with the column. */
static void test_expressions(void **state)
{
    (void)state;
    expect_at("length: \"n + 1\"", "length: \"n + rows\"", "\"n + rows\"",
              "at column 5 of \"n + rows\": 'rows' is not a variable here; the variables are n, offset");
    expect_at("length: \"n + 1\"", "length: \"n + i\"", "\"n + i\"",
              "'i' is not a variable here; the variables are n, offset (`i`, an element's index, "
              "is known only in a fill and its `where`)");
    expect_at("bytes: \"4 * n\"", "bytes: \"4 * i\"", "\"4 * i\"", "(`i`, an element's index");
    expect_at("bytes: \"4 * n\"", "bytes: \"4 * (n\"", "\"4 * (n\"",
              "at column 7 of \"4 * (n\": expected ')'");
    expect_at("bytes: \"4 * n\"", "bytes: \"4 * * n\"", "\"4 * * n\"",
              "at column 5 of \"4 * * n\": expected a number, a variable or '('");
    expect_at("bytes: \"4 * n\"", "bytes: \"ceil(n, 2)\"", "\"ceil(n, 2)\"",
              "at column 7 of \"ceil(n, 2)\": expected ')' to close ceil(");
    expect_at("bytes: \"4 * n\"", "bytes: \"round(n)\"", "\"round(n)\"",
              "'round' is not a function; use ceil, floor, min, max, abs, log2, sqrt or pow");
    expect_at("bytes: \"4 * n\"", "bytes: \"4 n\"", "\"4 n\"", "at column 3 of \"4 n\": unexpected 'n'");
    /* where and index may read i */
    day_manifest *m = expect_ok_in(PATH, good, "index: \"i % 256\"", "index: \"(i + n) % 256\"");
    day_manifest_free(m);
}

/* Fills: one generator a rule, the last rule for every element, values a
 * byte can hold. */
static void test_fill_rules(void **state)
{
    (void)state;
    expect_at("{pick: [1, 2, 3]}]", "{where: \"i > 2\", pick: [1, 2, 3]}]", "{where: \"i > 2\", pick",
              "the last fill rule must have no 'where', so that every element gets a value");
    expect_at("{where: \"i == 1\", value: 7}", "{where: \"i == 1\", value: 7, pick: [1]}", "pick: [1]}",
              "a fill rule makes its values one way");
    expect_at("fill: {index: \"i % 256\"}", "fill: {where: \"i > 0\"}", "{where: \"i > 0\"}",
              "a fill rule needs a generator: uniform, multiples, integers, value, pick or index");
    expect_at("fill: {index: \"i % 256\"}", "fill: [{where: \"i > 0\", value: 1}]", "{where: \"i > 0\", value",
              "the last fill rule must have no 'where'");
    expect_at("fill: {index: \"i % 256\"}", "fill: {sequence: 1}", "sequence",
              "'sequence' is not a fill; use uniform, multiples, integers, value, pick or index");
    expect_at("fill: {index: \"i % 256\"}", "fill: {uniform: [0, 256]}",
              "{type: const unsigned char*",
              "'mask' holds bytes: its fill must make whole numbers from 0 to 255");
    expect_at("fill: {index: \"i % 256\"}", "fill: {pick: [1, -1]}", "{type: const unsigned char*",
              "'mask' holds bytes");
    expect_at("fill: {index: \"i % 256\"}", "fill: {value: 300}", "{type: const unsigned char*",
              "'mask' holds bytes");
    expect_at("fill: {index: \"i % 256\"}", "fill: {multiples: [1, 8]}", "{type: const unsigned char*",
              "'mask' holds bytes");
    expect_at("integers: [-5, 5]", "integers: [5, -5]", "[5, -5]",
              "'integers': the first number must not exceed the second");
    expect_at("integers: [-5, 5]", "integers: [-5, 5.5]", "[-5, 5.5]", "'integers' takes whole numbers");
    expect_at("multiples: [0.125, 8]}}\n      - {type: float*, name: partial",
              "multiples: [0, 8]}}\n      - {type: float*, name: partial", "[0, 8]",
              "'multiples' takes [step, max] with step > 0");
    expect_at("{uniform: [-1, 1]}", "{uniform: 1}", "1}}", "'uniform' takes two numbers, [lo, hi]");
    expect_at("{type: const int*, name: keys, length: n, fill: {integers: [0, 9]}}",
              "{type: const int*, name: keys, length: n}", "{type: const int*, name: keys, length: n}",
              "'keys' is an input, so it needs a 'fill' that says what it holds");
    expect_at("{type: int*, name: counts, length: 10}",
              "{type: int*, name: counts, length: 10, fill: {value: 1}}", "{type: int*, name: counts",
              "'counts' is an output: it starts as sentinels, so it takes no 'fill'");
    expect_at("role: inout, length: n, fill: {value: -0.0}", "role: inout, length: n",
              "{type: float*, name: acc", "'acc' is an in-out buffer, so it needs a 'fill'");
}

/* Comparisons and what judges an output. */
static void test_compare_rules(void **state)
{
    (void)state;
    expect_at("compare: exact\n    checks: [correctness, races]",
              "compare: {ulps: 1}\n    checks: [correctness, races]", "countKeys",
              "countKeys writes whole numbers, which are compared exactly; drop its 'compare' tolerance");
    expect_at("compare: exact\n    checks: [correctness, races]",
              "compare: {ops: n}\n    checks: [correctness, races]", "countKeys",
              "countKeys writes whole numbers");
    expect_at("    check: check.lua\n", "", "judged",
              "judged has compare: none and no check script, so nothing judges its outputs");
    expect_at("compare: {ulps: 2}", "compare: {ulps: 2, ops: 4}", "ops: 4",
              "give 'ulps' or a bound ('ops', 'abs'), not both");
    expect_at("compare: {ulps: 2}", "compare: {abs: 1, ulps: 2}", "ulps: 2}",
              "give 'ulps' or a bound ('ops', 'abs'), not both");
    expect_at("compare: {ulps: 2}", "compare: {ulps: -1}", "-1}", "'ulps' must be 0 or more");
    expect_at("compare: {ulps: 2}", "compare: {within: 2}", "within",
              "'within' is not part of a comparison; use ulps, ops, abs or over");
    expect_at("compare: {ulps: 2}", "compare: close", "close",
              "'compare' is exact, none, or a mapping");
    expect_at("{over: total,", "{over: all,", "all,", "'over' is element or total, found 'all'");
    expect_at("check: check.lua", "check: other.lua", "other.lua",
              "'check' names 'other.lua', which is not a file beside day.yaml");
    expect_at("check: check.lua", "check: check.py", "check.py",
              "'check' must name a file ending in .lua, found 'check.py'");
    expect_at("points: {races: 0.5}", "points: {memory: 1}", "countKeys",
              "countKeys gives points for 'memory', which its 'checks' do not list");
    expect_at("points: {races: 0.5}", "points: {races: 2000}", "2000", "points must be between 0 and 1000");
    expect_at("points: {races: 0.5}", "points: {compile: 1}", "compile",
              "'compile' is not a check that earns points");
    expect_at("unit: {name: rows, elements: 32}", "unit: {elements: 32}", "{elements: 32}",
              "a unit needs a 'name'");
    expect_at("unit: {name: rows, elements: 32}", "unit: {name: rows, per: 32}", "per",
              "a unit is {name: rows, elements: EXPR}; 'per' is not part of it");
    expect_at("    params: [{type: float*, name: out, length: n}]",
              "    params: [{type: const float*, name: out, length: n, fill: {value: 1}}]",
              "[{type: const float*, name: out", "judged has no output buffer, so there is nothing "
              "to compare");
}

/* Roles must fit the types; scalars take a value, buffers a length. */
static void test_role_rules(void **state)
{
    (void)state;
    expect_at("{type: const int*, name: keys, length: n, fill: {integers: [0, 9]}}",
              "{type: const int*, name: keys, role: out, length: n}", "{type: const int*, name: keys, role",
              "'keys' is const int*: the kernel cannot write it, so it can only be an input (role: in)");
    expect_at("{type: int, name: n, value: n}\n    compare: exact", "{type: int, name: n, role: in, value: n}\n    compare: exact",
              "{type: int, name: n, role", "'n' is int, so its role cannot be a buffer's");
    expect_at("{type: int*, name: counts, length: 10}", "{type: int*, name: counts, role: scalar, value: 1}",
              "{type: int*, name: counts", "'counts' is int*, so its role cannot be scalar");
    expect_at("{type: int, name: n, value: n}\n    compare: exact", "{type: int, name: n, value: n, length: n}\n    compare: exact",
              "{type: int, name: n, value: n, length",
              "scalar 'n' takes a 'value' only, not a length, an offset or a fill");
    expect_at("{type: int, name: n, value: n}\n    compare: exact", "{type: int, name: n}\n    compare: exact", "{type: int, name: n}\n",
              "scalar 'n' of countKeys needs a 'value'");
    expect_at("{type: int*, name: counts, length: 10}", "{type: int*, name: counts}",
              "{type: int*, name: counts}", "buffer 'counts' of countKeys needs a 'length'");
    expect_at("{type: int*, name: counts, length: 10}", "{type: int*, name: counts, value: 10}",
              "{type: int*, name: counts", "buffer 'counts' takes a 'length', not a 'value'");
    expect_at("role: inout", "role: both", "both", "a parameter's role must be in, out, inout, scalar or scratch");
}

/* An oracle is another kernel of the day with the same parameters. */
static void test_oracle_rules(void **state)
{
    (void)state;
    expect_at("oracle: reduceCascade", "oracle: reduceNothing", "reduceBallot",
              "reduceBallot's oracle must be another kernel of the day with the same parameters "
              "(and no oracle of its own); 'reduceNothing' is not");
    expect_at("oracle: reduceCascade", "oracle: reduceBallot", "reduceBallot\n",
              "'reduceBallot' is not");
    expect_at("oracle: reduceCascade", "oracle: countKeys", "reduceBallot\n", "'countKeys' is not");
    expect_at("oracle: reduceCascade", "oracle: \"x y\"", "\"x y\"", "'oracle' must be a C identifier");
}

/* The baseline's source is a .cu file beside day.yaml. */
static void test_baseline_rules(void **state)
{
    (void)state;
    expect_at("source: copy.cu", "source: gone.cu", "gone.cu",
              "'source' names 'gone.cu', which is not a file beside day.yaml; put it in");
    expect_at("source: copy.cu", "source: ../copy.cu", "../copy.cu", "'source' may hold only letters");
    expect_at("  source: copy.cu\n", "", "name: copyKernel", "'baseline' is missing the required key 'source'");
    expect_at("  bytes: \"8 * n\"\nsizes", "  checks: [races]\nsizes", "checks: [races]",
              "unknown key 'checks' in 'baseline'");
}

/* Day 23's manifest, cut to one kernel. */
#define PATH23 "/course/days/day23-shuffles/day.yaml"
static const char good23[] =
    "day: 23\n"
    "slug: day23-shuffles\n"
    "title: Warp shuffles\n"
    "topic: warp-level reduction\n"
    "student_file: shuffles.cu\n"
    "arch: sm_75\n"
    "launch: {block: 256, grid: \"ceil(rows * 32 / 256)\", about: one warp a row}\n"
    "kernels:\n"
    "  - name: reduceRowsPadded\n"
    "    summary: normalises each row\n"
    "    params:\n"
    "      - {type: const float*, name: in, length: \"rows * stride\", fill: [{where: \"i % stride < live\", uniform: [0.5, 1.5]}, {uniform: [1000, 2000]}]}\n"
    "      - {type: float*, name: out, length: \"rows * stride\"}\n"
    "      - {type: int, name: rows, value: rows}\n"
    "      - {type: int, name: live, value: live}\n"
    "      - {type: int, name: stride, value: stride}\n"
    "    compare: {ops: \"2 * live + 8\"}\n"
    "    unit: {name: rows, elements: stride}\n"
    "    checks: [correctness]\n"
    "sizes:\n"
    "  course: {rows: 8205, live: 20, stride: 32}\n"
    "  hidden:\n"
    "    - {rows: 1, live: 1, stride: 32}\n"
    "  require:\n"
    "    - {that: \"live <= stride\", why: \"the live columns lie inside a row of `stride` floats\"}\n";

static void expect23(const char *from, const char *to, const char *marker, const char *expect)
{
    expect_at_in(PATH23, good23, from, to, marker, expect);
}

static void expect23n(const char *from, const char *to, int line, int column, const char *expect)
{
    expect_error_in(PATH23, good23, from, to, line, column, expect);
}

/* Day 23 as the old harness checked it, now by its own rule and the
 * generic ones: live past stride, rows of 2^26 (40 GiB). */
static void test_day23_rules(void **state)
{
    (void)state;
    day_manifest *m = expect_ok_in(PATH23, good23, "live: 20", "live: 32");
    assert_int_equal(day_size_get(&m->course, "live", -1), 32);
    assert_true(day_formula_eval(m, m->kernels[0].launch.grid[0], &m->course) == 1026);
    assert_true(day_formula_eval(m, m->kernels[0].unit_elements, &m->hidden[0]) == 32);
    day_manifest_free(m);
    expect23("live: 20, stride: 32", "live: 20, stride: 16", "{rows: 8205",
             "the course size (rows=8205 live=20 stride=16) breaks the rule \"live <= stride\": "
             "the live columns lie inside a row of `stride` floats; change the size or the rule");
    expect23("{rows: 1, live: 1, stride: 32}", "{rows: 1, live: 9, stride: 8}", "{rows: 1,",
             "hidden size 1 (rows=1 live=9 stride=8) breaks the rule");
    expect23("rows: 8205", "rows: 3000000000", "rows}\n",
             "a scalar's 'value' (\"rows\") is 3000000000 at the course size");
    expect23("{rows: 1, live: 1, stride: 32}", "{rows: 1, live: 1}", "{rows: 1, live: 1}",
             "hidden size 1 must name the same keys as the course size");
    expect23("{rows: 1, live: 1, stride: 32}", "{rows: 1, live: 1, cols: 32}", "{rows: 1, live: 1, cols",
             "hidden size 1 must name the same keys as the course size");
    expect23("rows: 8205", "rows: 67108864", "{rows: 67108864",
             "the course size takes 42949693440 bytes (40.0 GiB) to grade reduceRowsPadded: the "
             "inputs, the buffers and their copies; a size may take 2 GiB at most; make it smaller");
}

/* `arch` reaches nvcc and ptxas: one of day.h's list, nothing else. */
static void test_arch(void **state)
{
    (void)state;
    day_manifest *m = expect_ok_in(PATH23, good23, "arch: sm_75", "arch: sm_90");
    assert_string_equal(m->arch, "sm_90");
    day_manifest_free(m);
    expect23n("arch: sm_75", "arch: sm_75 -Xcompiler -fplugin=/tmp/evil.so", 6, 7,
             "'arch' must be one of sm_75, sm_80, sm_86, sm_87, sm_89, sm_90, sm_100, sm_120, "
             "found 'sm_75 -Xcompiler -fplugin=/tmp/evil.so'; name one of them");
    expect23n("arch: sm_75", "arch: sm_91", 6, 7, "'arch' must be one of");
    expect23n("arch: sm_75", "arch: compute_75", 6, 7, "'arch' must be one of");
    expect23n("arch: sm_75", "arch: [sm_75]", 6, 7, "found 'not a string'");
}

/* Names that become paths and arguments, and text for people. */
static void test_names_and_text(void **state)
{
    (void)state;
    expect23n("student_file: shuffles.cu", "student_file: -o.cu", 5, 15,
             "'student_file' may hold only letters, digits, '_', '-' and '.' and may not start "
             "with '-' or '.', found '-o.cu'; rename it");
    expect23n("student_file: shuffles.cu", "student_file: \"$(id).cu\"", 5, 15, "found '$(id).cu'");
    expect23n("student_file: shuffles.cu", "student_file: a b.cu", 5, 15, "may hold only");
    expect23n("title: Warp shuffles", "title: \"Warp \\e[32mPASSED\"", 3, 8,
             "'title' holds a control or invisible character: 'Warp \\e[32mPASSED'; write plain text");
    expect23n("summary: normalises each row", "summary: \"a\\u202eb\"", 10, 14,
             "a kernel's summary holds a control or invisible character: 'a\\u202eb'");
    expect23("about: one warp a row", "about: \"x\\ay\"", "\"x\\ay", "'about' holds a control");
}

/* A size key given twice fails (and, under ASan, leaks nothing); a second
 * YAML document is refused where it starts, not silently ignored. */
static void test_duplicate_key_and_documents(void **state)
{
    (void)state;
    expect23("{rows: 1, live: 1, stride: 32}", "{rows: 1, live: 1, live: 2, stride: 32}", "live: 2,",
             "'live' appears twice in a hidden size; give each key once");
    expect23("{rows: 8205, live: 20,", "{rows: 8205, rows: 20,", "rows: 20", "'rows' appears twice");
    cl_str two = {0};
    cl_str_add(&two, good23);
    cl_str_add(&two, "---\nday: 24\n");
    day_manifest *m = (day_manifest *)1;
    cl_error e = {0};
    assert_int_equal(day_manifest_parse(PATH23, two.s, two.len, &m, &e), CL_MANIFEST);
    assert_null(m);
    assert_int_equal(e.line, 26);
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
        cmocka_unit_test(test_types),
        cmocka_unit_test(test_out_of_range),
        cmocka_unit_test(test_whole_manifest_checks),
        cmocka_unit_test(test_require_rules),
        cmocka_unit_test(test_size_rules),
        cmocka_unit_test(test_expressions),
        cmocka_unit_test(test_fill_rules),
        cmocka_unit_test(test_compare_rules),
        cmocka_unit_test(test_role_rules),
        cmocka_unit_test(test_oracle_rules),
        cmocka_unit_test(test_baseline_rules),
        cmocka_unit_test(test_day23_rules),
        cmocka_unit_test(test_arch),
        cmocka_unit_test(test_names_and_text),
        cmocka_unit_test(test_duplicate_key_and_documents),
        cmocka_unit_test(test_not_yaml),
        cmocka_unit_test(test_missing_file),
    };
    return cmocka_run_group_tests(tests, make_course, remove_course);
}
