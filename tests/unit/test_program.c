/* test_program.c - a day's `program:` in day.yaml: a good one reads into the
 * right stages, buffers and arguments; each kind of bad one fails with
 * file:line:column and what to do; a day without a program still needs its
 * launch. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "days/day.h"
#include "manifest_edits.h"

static char PATH[128]; /* <tmp>/days/day30-scan/day.yaml */
static char tmp[64];

static const char good[] =
    "day: 30\n"
    "slug: day30-scan\n"
    "title: Scan\n"
    "topic: a program\n"
    "student_file: scan.cu\n"
    "kernels:\n"
    "  - name: scanBlocks\n"
    "    summary: each block\n"
    "    params:\n"
    "      - {type: const float*, name: in}\n"
    "      - {type: float*, name: out}\n"
    "      - {type: float*, name: blockSums}\n"
    "      - {type: int, name: n}\n"
    "    checks: [races, memory]\n"
    "  - name: addBlockSums\n"
    "    summary: the adds\n"
    "    params:\n"
    "      - {type: float*, name: out}\n"
    "      - {type: const float*, name: blockSums}\n"
    "      - {type: int, name: n}\n"
    "    checks: [memory, resources]\n"
    "  - name: step\n"
    "    summary: a sweep\n"
    "    params: [{type: const float*, name: a}, {type: float*, name: b}, {type: unsigned*, name: flag}]\n"
    "    checks: [memory]\n"
    "program:\n"
    "  name: scan\n"
    "  summary: the whole scan\n"
    "  buffers:\n"
    "    - {type: const float*, name: in, length: n, fill: {multiples: [0.125, 8]}}\n"
    "    - {type: float*, name: out, length: n}\n"
    "    - {type: float*, name: sums, length: \"ceil(n / 256)\", role: scratch}\n"
    "    - {type: float*, name: u, length: n, role: inout, fill: {value: 0}}\n"
    "    - {type: float*, name: v, length: n, role: scratch, fill: {value: 0}}\n"
    "    - {type: unsigned*, name: flag, length: 1, role: scratch}\n"
    "  compare: exact\n"
    "  points: {correctness: 3}\n"
    "  stages:\n"
    "    - {name: blocks, kernel: scanBlocks, args: [in, out, sums, n], grid: \"ceil(n / 256)\", block: 256}\n"
    "    - {name: add, kernel: addBlockSums, args: [out, sums, n], grid: \"ceil(n / 256)\", block: [4, 2]}\n"
    "    - name: sweep\n"
    "      repeat: \"n + 10\"\n"
    "      until: {buffer: flag, is: 0}\n"
    "      swap: [u, v]\n"
    "      index: run\n"
    "      stages:\n"
    "        - {clear: flag}\n"
    "        - {kernel: step, args: [u, v, flag], grid: [\"ceil(n / 8)\", \"run + 1\"], block: 8, shared_bytes: 64}\n"
    "  judge: {after: add}\n"
    "sizes:\n"
    "  course: {n: 1000}\n"
    "  hidden:\n"
    "    - {n: 1}\n";

static int make_course(void **state)
{
    (void)state;
    strcpy(tmp, "/tmp/cudalab-program-XXXXXX");
    if (!mkdtemp(tmp)) return -1;
    char *dir = cl_sprintf("%s/days/day30-scan", tmp);
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



/* Replacing from with to fails at `marker` of the edited text, saying expect. */
static void expect_at(const char *from, const char *to, const char *marker, const char *expect)
{
    expect_at_in(PATH, good, from, to, marker, expect);
}

static day_manifest *parse_ok(const char *text)
{
    day_manifest *m = NULL;
    cl_error e = {0};
    if (day_manifest_parse(PATH, text, strlen(text), &m, &e) != CL_OK)
        fail_msg("%d:%d %s", e.line, e.column, e.message);
    return m;
}

static double at_course(const day_manifest *m, const day_formula *f)
{
    assert_non_null(f);
    return day_formula_eval(m, f, &m->course);
}

static void test_good_program(void **state)
{
    (void)state;
    day_manifest *m = parse_ok(good);
    const day_program *p = m->program;
    assert_non_null(p);
    assert_string_equal(p->judged.name, "scan");
    assert_true(p->judged.is_program);
    assert_int_equal(p->judged.nparams, 6);
    assert_int_equal(p->judged.params[2].role, DAY_ROLE_SCRATCH);
    assert_int_equal(p->judged.params[3].role, DAY_ROLE_INOUT);
    assert_int_equal(day_kernel_points(&p->judged, DAY_CHECK_CORRECTNESS), 3);
    /* the program is found as a kernel of the day, and lists correctness for it */
    assert_ptr_equal(day_manifest_kernel(m, "scan"), &p->judged);
    assert_true(day_manifest_checks(m, DAY_CHECK_CORRECTNESS));
    for (int i = 0; i < m->nkernels; i++) assert_true(m->kernels[i].in_program);
    assert_false(day_kernel_checks(&m->kernels[0], DAY_CHECK_CORRECTNESS));
    assert_int_equal(p->nstages, 3);
    assert_int_equal(p->nall, 5);
    const day_stage *blocks = &p->stages[0], *add = &p->stages[1], *sweep = &p->stages[2];
    assert_int_equal(blocks->kind, DAY_STAGE_LAUNCH);
    assert_int_equal(blocks->kernel, 0);
    assert_int_equal(blocks->nargs, 4);
    assert_int_equal(blocks->args[2].buffer, 2);
    assert_int_equal(blocks->args[3].buffer, -1);
    assert_int_equal(at_course(m, blocks->args[3].value), 1000);
    assert_int_equal(at_course(m, blocks->grid[0]), 4);
    assert_int_equal(at_course(m, blocks->block[0]), 256);
    /* a block of 8 threads, from a list */
    assert_int_equal(at_course(m, add->block[0]) * at_course(m, add->block[1]), 8);
    assert_int_equal(add->kernel, 1);
    assert_int_equal(p->after, 1);
    assert_int_equal(sweep->kind, DAY_STAGE_REPEAT);
    assert_int_equal(at_course(m, sweep->times), 1010);
    assert_int_equal(sweep->until_buffer, 5);
    assert_true(sweep->until_value == 0);
    assert_int_equal(sweep->swap[0], 3);
    assert_int_equal(sweep->swap[1], 4);
    assert_int_equal(sweep->nstages, 2);
    assert_int_equal(sweep->stages[0].kind, DAY_STAGE_CLEAR);
    assert_int_equal(sweep->stages[0].buffer, 5);
    assert_string_equal(sweep->stages[1].name, "step"); /* its kernel's */
    assert_int_equal(at_course(m, sweep->stages[1].shared), 64);
    /* the loop's index is a variable of the stages inside it: run 5 of sweep */
    assert_int_equal(sweep->index, 0);
    assert_int_equal(p->nloops, 1);
    assert_string_equal(p->loops[0], "run");
    long runs[1] = {5};
    assert_true(day_program_eval(m, sweep->stages[1].grid[1], &m->course, runs) == 6);
    assert_true(day_program_eval(m, sweep->stages[1].grid[1], &m->course, NULL) == 1);
    assert_non_null(p->key);
    day_manifest_free(m);
}

/* A program day needs no launch; a day without a program still does. */
static void test_launch_needed_without_program(void **state)
{
    (void)state;
    cl_str text = edited(good, "program:\n", "launch: {block: 256, grid: 1}\nprogram:\n");
    day_manifest *m = parse_ok(text.s);
    day_manifest_free(m);
    cl_str_free(&text);
    static const char plain[] =
        "day: 30\nslug: day30-scan\ntitle: t\ntopic: t\nstudent_file: scan.cu\n"
        "kernels:\n"
        "  - {name: k, summary: s, checks: [correctness], params: [{type: float*, name: out, length: n}]}\n"
        "sizes: {course: {n: 4}, hidden: []}\n";
    day_manifest *none = NULL;
    cl_error e = {0};
    assert_int_equal(day_manifest_parse(PATH, plain, strlen(plain), &none, &e), CL_MANIFEST);
    assert_int_equal(e.line, 1);
    assert_non_null(strstr(e.message, "missing the required key 'launch'"));
}

static void test_stage_errors(void **state)
{
    (void)state;
    expect_at("kernel: scanBlocks, args", "kernel: scanBlock, args", "scanBlock,",
              "'kernel' names 'scanBlock', which is not a kernel of the day");
    expect_at("args: [in, out, sums, n]", "args: [in, out, sum, n]", "sum, n]",
              "argument 3 (float* blockSums) names 'sum', which is not a buffer of the program; "
              "name one of: in, out, sums, u, v, flag");
    expect_at("args: [in, out, sums, n]", "args: [in, out, n]", "[in, out, n]",
              "'args' gives 3 arguments, and scanBlocks takes 4");
    expect_at("args: [in, out, sums, n]", "args: [in, flag, sums, n]", "flag, sums",
              "is given 'flag', a buffer of unsigned*; it needs one of the same element type");
    expect_at("args: [out, sums, n]", "args: [in, sums, n]", "in, sums",
              "'in', an input (const): a kernel cannot write it");
    expect_at("{name: add, kernel", "{name: add, clear: out, kernel", "{name: add",
              "this one has 2 of those keys");
    expect_at("grid: \"ceil(n / 256)\", block: 256}", "grid: \"ceil(n / 256)\", blok: 256}", "blok",
              "'blok' is not a key of a kernel stage; it takes kernel, name, args, grid, block");
    expect_at("{name: add, kernel: addBlockSums, args: [out, sums, n], grid: \"ceil(n / 256)\", block: [4, 2]}",
              "{name: add, kernel: addBlockSums, args: [out, sums, n], block: 4}", "{name: add",
              "a launch of addBlockSums needs 'args', 'grid' and 'block'");
    expect_at("{name: add,", "{name: blocks,", "{name: blocks, kernel: addBlockSums",
              "two stages are named 'blocks' (the other at line 39)");
    expect_at("{clear: flag}", "{clear: in}", "{clear: in}", "'clear' names 'in', an input");
    expect_at("judge: {after: add}", "judge: {after: step}", "step}",
              "'judge' names stage 'step', which is not a stage of the program's top level");
}

static void test_loop_errors(void **state)
{
    (void)state;
    expect_at("until: {buffer: flag, is: 0}", "until: {buffer: flag}", "{buffer: flag}",
              "'until' is {buffer: NAME, is: NUMBER}");
    expect_at("until: {buffer: flag, is: 0}", "until: {buffer: flags, is: 0}", "flags",
              "'until' names 'flags', which is not a buffer of the program");
    expect_at("swap: [u, v]", "swap: [u, sums]", "[u, sums]",
              "'swap' trades two different writable buffers of one type and one length");
    expect_at("swap: [u, v]", "swap: [u, u]", "[u, u]", "'swap' trades two different");
    /* with until, a loop must be able to run: its limit is at least 1 at every size */
    expect_at("repeat: \"n + 10\"", "repeat: \"n - 1\"", "\"n - 1\"",
              "'repeat' (\"n - 1\") is 0 at hidden size 1");
    expect_at("grid: \"ceil(n / 256)\", block: [4, 2]}", "grid: \"ceil(n / 256) + run\", block: [4, 2]}",
              "\"ceil(n / 256) + run\"", "'ceil(n / 256) + run' reads 'run', the index of a loop it is not inside");
    expect_at("index: run", "index: n", "n\n      stages", "a loop's 'index' needs a name of its own");
    expect_at("      stages:\n        - {clear: flag}", "      stage:\n        - {clear: flag}",
              "stage:", "'stage' is not a key of a repeat stage");
}

static void test_buffer_and_kernel_errors(void **state)
{
    (void)state;
    expect_at("    checks: [races, memory]", "    checks: [correctness, races, memory]",
              "scanBlocks\n    summary", "its correctness is the program's");
    expect_at("    checks: [races, memory]", "    checks: [races, memory]\n    compare: {ulps: 2}",
              "scanBlocks\n    summary", "'compare' belongs to the program");
    expect_at("    checks: [races, memory]", "    checks: [races, memory]\n    gates: {bank_conflicts: 1}",
              "scanBlocks\n    summary", "gates on a program's kernels are not judged yet");
    expect_at("{type: const float*, name: in}", "{type: const float*, name: in, length: n}",
              "{type: const float*, name: in, length", "takes a type and a name only");
    expect_at("  name: scan\n", "  name: step\n", "step\n  summary", "the program is named 'step', "
              "as a kernel of the day is");
    expect_at("    - {type: unsigned*, name: flag, length: 1, role: scratch}\n",
              "    - {type: unsigned*, name: flag, length: 1, role: scratch}\n"
              "    - {type: int, name: count, value: 3}\n", "{type: int, name: count",
              "the program's buffers are pointers; 'count' is a scalar");
    expect_at("block: [4, 2]}", "block: [64, 32]}", "64, 32]",
              "stage 'add' has blocks of 2048 threads at the course size");
    expect_at("block: 8, shared", "block: 0, shared", "0, shared",
              "a block dimension (\"0\") is 0 at the course size");
}

/* scratch is a program's buffers' role only */
static void test_scratch_outside_program(void **state)
{
    (void)state;
    static const char plain[] =
        "day: 30\nslug: day30-scan\ntitle: t\ntopic: t\nstudent_file: scan.cu\n"
        "launch: {block: 32, grid: 1}\n"
        "kernels:\n"
        "  - name: k\n"
        "    summary: s\n"
        "    checks: [correctness]\n"
        "    params: [{type: float*, name: out, length: n}, {type: float*, name: t, length: n, role: scratch}]\n"
        "sizes: {course: {n: 4}, hidden: []}\n";
    day_manifest *m = NULL;
    cl_error e = {0};
    assert_int_equal(day_manifest_parse(PATH, plain, strlen(plain), &m, &e), CL_MANIFEST);
    assert_int_equal(e.line, 11);
    assert_non_null(strstr(e.message, "'t' is scratch, which only a program's buffers can be"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_program),
        cmocka_unit_test(test_launch_needed_without_program),
        cmocka_unit_test(test_stage_errors),
        cmocka_unit_test(test_loop_errors),
        cmocka_unit_test(test_buffer_and_kernel_errors),
        cmocka_unit_test(test_scratch_outside_program),
    };
    return cmocka_run_group_tests(tests, make_course, remove_course);
}
