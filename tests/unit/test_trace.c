/* test_trace.c - `cudalab trace --json` (the warp stepper) run for real on
 * day 23: the course's ballot-down kernel (tests/fixtures/day23/ballot_down.cu)
 * and the reference's three kernels, each step's masks, lanes, sources, reads
 * and values, the partial sums of the ladder and the butterfly, the refusals,
 * and the JSON read back by the runner's reader (trace_model.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "core/core.h"
#include "trace_model.h"
#include "trace_json.h"

static char tmp[64];
static char *ballot, *solution;

/* Run `cudalab trace ARGS`; its exit code, stdout in out (stderr too when
 * both is set). */
static int run(const char *args, bool both, cl_str *out)
{
    char *cmd = cl_sprintf("CUDALAB_WORKSPACE=%s/work CUDALAB_CACHE=%s/cache %s trace %s %s", tmp, tmp,
                           CUDALAB_BINARY, args, both ? "2>&1" : "2>/dev/null");
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) cl_str_addn(out, buf, n);
    int status = pclose(p);
    free(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The JSON of a trace that must work. */
static cJSON *trace_json(const char *file, const char *args)
{
    cl_str out = {0};
    char *a = cl_sprintf("23 %s %s --json", file, args);
    int rc = run(a, false, &out);
    if (rc != 0) fail_msg("cudalab trace %s: exit %d", a, rc);
    cJSON *o = cJSON_Parse(out.s);
    if (!o) fail_msg("cudalab trace %s: not JSON:\n%s", a, out.s);
    free(a);
    cl_str_free(&out);
    return o;
}

/* Lane l's object of a step (every lane of `active` has one, in order). */
static const cJSON *lane(const cJSON *s, int l)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItem(s, "lanes"))
        if ((int)num(x, "lane") == l) return x;
    fail_msg("no lane %d", l);
    return NULL;
}

static float as_float(double bits)
{
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static int setup(void **state)
{
    (void)state;
    strcpy(tmp, "/tmp/cudalab-trace-XXXXXX");
    assert_non_null(mkdtemp(tmp));
    ballot = cl_sprintf("%s/fixtures/day23/ballot_down.cu", CUDALAB_TEST_DIR);
    solution = cl_sprintf("%s/../solutions/day23-shuffles/shuffles.cu", CUDALAB_TEST_DIR);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = cl_sprintf("rm -rf %s", tmp);
    int rc = system(cmd);
    free(cmd);
    free(ballot);
    free(solution);
    return rc;
}

/* The ballot-down kernel: the ballot makes 0x000fffff; at the first down
 * shuffle lanes 4 to 15 read lanes 20 to 31, outside that mask, and get
 * poison; lanes 0 to 3 read 16 to 19 and hold a partial sum each; lanes 16 to
 * 19 ask for 32 to 35, off the edge, and keep their own value. After the next
 * step no lane holds a partial sum (lanes 0 to 3 read the poisoned 8 to 11). */
static void test_ballot_down(void **state)
{
    (void)state;
    cJSON *o = trace_json(ballot, "--kernel reduceRowsBallotDown");
    assert_string_equal(str(o, "format"), "cudalab-trace/1");
    assert_string_equal(str(o, "kernel"), "reduceRowsBallotDown");
    assert_string_equal(str(o, "size"), "rows=8205 live=20 stride=32");
    assert_string_equal(str(o, "outcome"), "completed");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(o, "ran")));
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(o, "steps")), 7);

    const cJSON *s = step(o, 0);
    assert_string_equal(str(s, "kind"), "vote");
    assert_string_equal(str(s, "mode"), "ballot");
    assert_int_equal(num(s, "line"), 17);
    assert_int_equal((uint32_t)num(s, "active"), 0xffffffffu);
    for (int l = 0; l < 32; l++) {
        assert_int_equal(num(lane(s, l), "sent"), l < 20);
        assert_int_equal((uint32_t)num(lane(s, l), "got"), 0x000fffffu);
    }

    s = step(o, 1);
    assert_string_equal(str(s, "kind"), "shuffle");
    assert_string_equal(str(s, "mode"), "down");
    assert_string_equal(str(s, "file"), "ballot_down.cu");
    assert_int_equal(num(s, "line"), 21);
    assert_int_equal((uint32_t)num(s, "mask"), 0x000fffffu);
    assert_int_equal((uint32_t)num(s, "active"), 0x000fffffu);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(s, "lanes")), 20);
    for (int l = 0; l < 20; l++) {
        const cJSON *x = lane(s, l);
        assert_int_equal(num(x, "source"), l + 16);
        if (l < 4) { /* reads a lane there: its value */
            assert_string_equal(str(x, "read"), "valid");
            assert_true(num(x, "got") == num(lane(s, l + 16), "sent"));
        } else if (l < 16) {
            assert_string_equal(str(x, "read"), "undefined");
            assert_string_equal(str(x, "why"), "outside the mask");
            assert_int_equal((uint32_t)num(x, "got"), 0x7fbadbadu);
        } else { /* off the edge: its own value */
            assert_string_equal(str(x, "read"), "own");
            assert_true(num(x, "got") == num(x, "sent"));
        }
    }
    assert_int_equal((uint32_t)num(s, "partial_sums"), 0xfu);
    assert_int_equal((uint32_t)num(step(o, 2), "partial_sums"), 0);
    assert_string_equal(str(lane(step(o, 2), 12), "why"), "outside the mask");
    assert_string_equal(str(step(o, 6), "mode"), "idx");
    assert_null(cJSON_GetObjectItem(step(o, 6), "partial_sums"));
    cJSON_Delete(o);
}

/* The reference's ladder: every read valid or off the edge, 16, 8, 4, 2, 1
 * lanes holding a partial sum, and lane 0's total (its last sent plus what it
 * got) what the broadcast hands every lane. */
static void test_padded_ladder(void **state)
{
    (void)state;
    cJSON *o = trace_json(solution, "--kernel reduceRowsPadded --block 3 --warp 5");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(o, "steps")), 6);
    for (int k = 0; k < 5; k++) {
        const cJSON *s = step(o, k);
        assert_string_equal(str(s, "mode"), "down");
        assert_int_equal((uint32_t)num(s, "active"), 0xffffffffu);
        assert_int_equal((uint32_t)num(s, "partial_sums"), (1u << (16 >> k)) - 1);
        for (int l = 0; l < 32; l++) {
            const cJSON *x = lane(s, l);
            assert_int_equal(num(x, "source"), l + (16 >> k));
            assert_string_equal(str(x, "read"), l + (16 >> k) < 32 ? "valid" : "own");
        }
    }
    float total = as_float(num(lane(step(o, 4), 0), "sent")) + as_float(num(lane(step(o, 4), 0), "got"));
    const cJSON *b = step(o, 5);
    assert_string_equal(str(b, "mode"), "idx");
    for (int l = 0; l < 32; l++) {
        assert_int_equal(num(lane(b, l), "source"), 0);
        assert_true(as_float(num(lane(b, l), "got")) == total);
    }
    cJSON_Delete(o);
}

/* The butterfly: lane l reads l ^ 16, ^ 8, ... and every lane holds a
 * partial sum at every step. */
static void test_butterfly(void **state)
{
    (void)state;
    cJSON *o = trace_json(solution, "--kernel reduceRowsButterfly");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(o, "steps")), 5);
    for (int k = 0; k < 5; k++) {
        const cJSON *s = step(o, k);
        assert_string_equal(str(s, "mode"), "bfly");
        assert_int_equal((uint32_t)num(s, "partial_sums"), 0xffffffffu);
        for (int l = 0; l < 32; l++) {
            assert_int_equal(num(lane(s, l), "source"), l ^ (16 >> k));
            assert_string_equal(str(lane(s, l), "read"), "valid");
        }
    }
    cJSON_Delete(o);
}

/* The shared-memory kernel: its __syncwarp()s, with the full mask; a
 * smaller size through --size: 7 live columns, the ladder's lanes 7 to 31
 * offering 0 (the identity) at the first step. */
static void test_syncwarp_and_size(void **state)
{
    (void)state;
    cJSON *o = trace_json(solution, "--kernel reduceRowsShared");
    const cJSON *s;
    int n = 0;
    cJSON_ArrayForEach(s, cJSON_GetObjectItem(o, "steps")) {
        assert_string_equal(str(s, "kind"), "syncwarp");
        assert_int_equal((uint32_t)num(s, "mask"), 0xffffffffu);
        n++;
    }
    assert_int_equal(n, 6);
    cJSON_Delete(o);
    o = trace_json(solution, "--kernel reduceRowsPadded --size rows=9,live=7");
    assert_string_equal(str(o, "size"), "rows=9 live=7 stride=32");
    assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(o, "grid"), 0)->valueint, 2); /* 9 rows, 8 a block */
    for (int l = 7; l < 32; l++) assert_int_equal(num(lane(step(o, 0), l), "sent"), 0);
    assert_true(num(lane(step(o, 0), 0), "sent") != 0);
    cJSON_Delete(o);
}

/* Lanes that returned before the ladder (the day's fixture
 * ladder_under_if.cu): the reads of them are undefined because they exited;
 * and a warp split between a shuffle and a ballot ends in a deadlock step
 * that says where each lane waits. */
static void test_exited_and_deadlock(void **state)
{
    (void)state;
    char *fixture = cl_sprintf("%s/../days/day23-shuffles/fixtures/ladder_under_if.cu", CUDALAB_TEST_DIR);
    cJSON *o = trace_json(fixture, "--kernel reduceRowsPadded");
    const cJSON *s = step(o, 0);
    assert_int_equal((uint32_t)num(s, "exited"), 0xfff00000u);
    assert_int_equal((uint32_t)num(s, "active"), 0x000fffffu);
    assert_string_equal(str(lane(s, 4), "why"), "exited");
    cJSON_Delete(o);
    free(fixture);

    static const char split[] =
        "__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live, int stride)\n"
        "{\n"
        "    const int lane = threadIdx.x % 32;\n"
        "    float value = lane;\n"
        "    if (lane < 16)\n"
        "        value += __shfl_xor_sync(0xffffffffu, value, 16);\n"
        "    else\n"
        "        value += __ballot_sync(0xffffffffu, value > 3);\n"
        "    out[lane] = value;\n"
        "}\n";
    char *path = cl_sprintf("%s/split.cu", tmp);
    assert_int_equal(cl_write_file_atomic(path, split, strlen(split), NULL), CL_OK);
    o = trace_json(path, "--kernel reduceRowsButterfly --size rows=8");
    assert_string_equal(str(o, "outcome"), "deadlock");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(o, "steps")), 1);
    s = step(o, 0);
    assert_string_equal(str(s, "kind"), "deadlock");
    assert_int_equal((uint32_t)num(s, "active"), 0xffffffffu);
    assert_int_equal(num(lane(s, 0), "line"), 6);
    assert_int_equal(num(lane(s, 31), "line"), 8);
    cJSON_Delete(o);
    free(path);
}

/* The record is the same whether the emulation ran in its sandboxed child
 * (the default) or in cudalab's own process. */
static void test_sandbox_same(void **state)
{
    (void)state;
    cl_str in = {0}, out = {0};
    char *a = cl_sprintf("23 %s --kernel reduceRowsBallotDown --json", ballot);
    assert_int_equal(run(a, false, &in), 0);
    assert_int_equal(setenv("CUDALAB_SANDBOX", "off", 1), 0);
    assert_int_equal(run(a, false, &out), 0);
    assert_int_equal(unsetenv("CUDALAB_SANDBOX"), 0);
    assert_non_null(in.s);
    assert_string_equal(in.s, out.s);
    cl_str_free(&in);
    cl_str_free(&out);
    free(a);
}

/* What cannot be traced says why, exit 2; a block outside the grid is a
 * run where the warp did not run. */
static void test_refusals(void **state)
{
    (void)state;
    static const struct {
        const char *args, *want;
    } cases[] = {
        {"--kernel nope", "day 23 has no kernel 'nope'"},
        {"--kernel reduceRowsPadded --size rows=1000000", "outside 0 to 100003"},
        {"--kernel reduceRowsPadded --size live=0", "breaks the day's rule \"live >= 1"},
        {"--kernel reduceRowsPadded --size colour=3", "--size takes `course` or NAME=VALUE"},
        {"--kernel reduceRowsPadded --block 1,2,3,4", "--block takes"},
        {"--kernel reduceRowsPadded --warp 32", "--warp"},
        {"--kernel reduceRowsPadded --block 5000", "did not run"},
        {"", "usage: cudalab trace DAY [FILE] --kernel K"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cl_str out = {0};
        char *a = cl_sprintf("23 %s %s", solution, cases[i].args);
        int rc = run(a, true, &out);
        if (rc != 2 || !strstr(out.s ? out.s : "", cases[i].want))
            fail_msg("trace %s: exit %d, wanted 2 and '%s':\n%s", a, rc, cases[i].want, out.s ? out.s : "");
        free(a);
        cl_str_free(&out);
    }
}

/* The runner's reader takes back what the command wrote: the same JSON
 * again, and the text names the undefined reads. */
static void test_read_back(void **state)
{
    (void)state;
    cl_str out = {0};
    char *a = cl_sprintf("23 %s --kernel reduceRowsBallotDown --json", ballot);
    assert_int_equal(run(a, false, &out), 0);
    trace_run t;
    cl_error err = {0};
    assert_int_equal(trace_from_json(out.s, &t, &err), CL_OK);
    assert_int_equal(t.nsteps, 7);
    assert_int_equal(t.steps[1].lane[4].source, 20);
    assert_int_equal(t.steps[1].lane[4].read, SIM_READ_UNDEFINED);
    assert_string_equal(trace_undefined_why(&t.steps[1], 4), "outside the mask");
    char *again = trace_to_json(&t);
    size_t n = strlen(out.s);
    while (n && out.s[n - 1] == '\n') n--;
    assert_int_equal(strlen(again), n);
    assert_memory_equal(again, out.s, n);
    free(again);
    trace_run_free(&t);
    assert_int_not_equal(trace_from_json("{\"format\": \"other\"}", &t, &err), CL_OK);
    cl_str_free(&out);
    free(a);

    a = cl_sprintf("23 %s --kernel reduceRowsBallotDown", ballot);
    assert_int_equal(run(a, false, &out), 0);
    assert_non_null(strstr(out.s, "undefined reads: lanes 4-15 (lane 4 reads lane 20: outside the mask)"));
    assert_non_null(strstr(out.s, "lanes holding a partial sum after it: 4 (0-3)"));
    assert_non_null(strstr(out.s, "  | sum += __shfl_down_sync(mask, sum, offset);"));
    for (char *line = out.s, *nl; line && *line; line = nl ? nl + 1 : NULL) {
        nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        if (len > 80) fail_msg("a line of %zu columns: %.*s", len, (int)len, line);
    }
    cl_str_free(&out);
    free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ballot_down),
        cmocka_unit_test(test_padded_ladder),
        cmocka_unit_test(test_butterfly),
        cmocka_unit_test(test_syncwarp_and_size),
        cmocka_unit_test(test_exited_and_deadlock),
        cmocka_unit_test(test_sandbox_same),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_read_back),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
