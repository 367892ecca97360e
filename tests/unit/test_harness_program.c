/* test_harness_program.c - a day's program run by the harness on the
 * emulator (tests/fixtures/program/inc.ptx): a loop with until, clear and
 * swap stops where its device word says and leaves the last run's buffer
 * under the judged name; a loop that reaches its limit is a runaway with
 * the word's value and nothing judged; judge.after keeps the outputs of the
 * stage it names; a loop's index reaches its stage's arguments; stop_after
 * stops the program after the launch it says, nothing judged. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/emu.h"
#include "harness/harness.h"

#define PATH "/c/days/day09-loop/day.yaml"

/* LIMIT: inc's limit; TIMES: the loop's; AFTER: a judge key or "". */
static const char manifest[] =
    "day: 9\n"
    "slug: day09-loop\n"
    "title: t\n"
    "topic: t\n"
    "student_file: inc.cu\n"
    "kernels:\n"
    "  - {name: inc, summary: s, checks: [memory], params: [{type: const float*, name: src}, "
    "{type: float*, name: dst}, {type: unsigned*, name: more}, {type: int, name: n}, {type: int, name: limit}]}\n"
    "  - {name: mark, summary: s, checks: [memory], params: [{type: float*, name: out}, {type: int, name: k}]}\n"
    "program:\n"
    "  name: loop\n"
    "  buffers:\n"
    "    - {type: float*, name: u, role: inout, length: n, fill: {value: 0}}\n"
    "    - {type: float*, name: v, role: scratch, length: n, fill: {value: 0}}\n"
    "    - {type: unsigned*, name: more, role: scratch, length: 1}\n"
    "    - {type: float*, name: marks, length: 4}\n"
    "  stages:\n"
    "    - {name: marking, repeat: 4, index: k, stages: [{kernel: mark, args: [marks, k], grid: 1, block: 2}]}\n"
    "    - name: sweep\n"
    "      repeat: %d\n"
    "      until: {buffer: more, is: 0}\n"
    "      swap: [u, v]\n"
    "      stages:\n"
    "        - {clear: more}\n"
    "        - {kernel: inc, args: [u, v, more, n, %d], grid: \"ceil(n / 32)\", block: 32}\n"
    "%s"
    "sizes: {course: {n: 40}, hidden: []}\n";

static backend *be;
static int module;
static const char *const entries[] = {"_Z3incPKfPfPjii", "_Z4markPfi"};

static int setup(void **state)
{
    (void)state;
    char *ptx = NULL;
    size_t len = 0;
    cl_error e = {0};
    backend_emu_options eo = {.threads = 1};
    if (cl_read_file(CUDALAB_TEST_DIR "/fixtures/program/inc.ptx", &ptx, &len, &e) != CL_OK ||
        backend_emu_new(&eo, &be, &e) != CL_OK ||
        backend_load(be, "inc", ptx, len, NULL, 0, &module, &e) != CL_OK)
        fail_msg("%s", e.message);
    free(ptx);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    backend_destroy(be);
    return 0;
}

static day_manifest *load(int times, int limit, const char *after)
{
    char *text = cl_sprintf(manifest, times, limit, after);
    day_manifest *m = NULL;
    cl_error e = {0};
    if (day_manifest_parse(PATH, text, strlen(text), &m, &e) != CL_OK)
        fail_msg("%d:%d %s", e.line, e.column, e.message);
    free(text);
    return m;
}

/* stop_after: true from the launch *ctx counts down to. */
static bool stop_at(void *ctx)
{
    int *left = ctx;
    return --*left <= 0;
}

static void run_stopping(const day_manifest *m, harness_result *hr, int *stop_after)
{
    harness_request req = {be, module, &m->program->judged, "program", m, &m->course, 1, 0, 1,
                           NULL, false, entries, NULL, NULL, NULL, NULL, stop_after ? stop_at : NULL,
                           stop_after};
    cl_error e = {0};
    memset(hr, 0, sizeof *hr);
    if (harness_run(&req, hr, &e) != CL_OK) fail_msg("%s", e.message);
}

static void run(const day_manifest *m, harness_result *hr)
{
    run_stopping(m, hr, NULL);
}

/* The float at index i of output o (its host copy, sentinels before it). */
static float at(const harness_result *hr, int o, size_t i)
{
    const harness_output *h = &hr->out[o];
    float f;
    memcpy(&f, h->host + (h->head + i) * h->elem, sizeof f);
    return f;
}

static void test_until_and_swap(void **state)
{
    (void)state;
    day_manifest *m = load(10, 3, "");
    harness_result hr;
    run(m, &hr);
    assert_true(hr.compared);
    assert_int_equal(hr.run.outcome, BACKEND_COMPLETED);
    assert_int_equal(hr.nout, 2); /* u and marks; v and more are scratch */
    /* three runs: u, v, u written; u names the last one written */
    for (size_t i = 0; i < 40; i++) assert_true(at(&hr, 0, i) == 3.0f);
    assert_string_equal(hr.trace, "7 launches; marking ran 4 times (its count); sweep ran 3 times of at most 10");
    assert_null(hr.idle);
    /* the index: run k of marking wrote marks[k] = 10 k */
    for (size_t k = 0; k < 4; k++) assert_true(at(&hr, 1, k) == 10.0f * (float)k);
    harness_result_free(&hr);
    day_manifest_free(m);
}

static void test_limit_is_a_verdict(void **state)
{
    (void)state;
    day_manifest *m = load(5, 20, "");
    harness_result hr;
    run(m, &hr);
    assert_false(hr.compared);
    assert_int_equal(hr.run.outcome, BACKEND_BUDGET);
    assert_non_null(hr.run.detail);
    assert_non_null(strstr(hr.run.detail, "the loop sweep reached its limit of 5 runs and did not "
                                          "stop: more[0] was 1 after the last run, and the loop "
                                          "stops when it is 0"));
    harness_result_free(&hr);
    day_manifest_free(m);
}

static void test_judge_after(void **state)
{
    (void)state;
    /* judged after the marks: u is still its fill, whatever sweep did later */
    day_manifest *m = load(10, 3, "  judge: {after: marking}\n");
    harness_result hr;
    run(m, &hr);
    assert_true(hr.compared);
    for (size_t i = 0; i < 40; i++) assert_true(at(&hr, 0, i) == 0.0f);
    assert_true(at(&hr, 1, 3) == 30.0f);
    harness_result_free(&hr);
    day_manifest_free(m);
}

/* Stopped after its sixth launch (the four marks, two sweeps): the loops
 * say so, nothing is judged, and the launch completed. */
static void test_stop_after(void **state)
{
    (void)state;
    day_manifest *m = load(10, 3, "");
    harness_result hr;
    int left = 6;
    run_stopping(m, &hr, &left);
    assert_int_equal(left, 0);
    assert_false(hr.compared);
    assert_int_equal(hr.run.outcome, BACKEND_COMPLETED);
    assert_string_equal(hr.trace, "6 launches; marking ran 4 times (its count); sweep ran 1 time of at most 10");
    harness_result_free(&hr);
    day_manifest_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_until_and_swap),
        cmocka_unit_test(test_limit_is_a_verdict),
        cmocka_unit_test(test_judge_after),
        cmocka_unit_test(test_stop_after),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
