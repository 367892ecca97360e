/* test_trace_program.c - `cudalab trace` on a day of a program of launches:
 * the launch traced sees the buffers as the program's earlier launches left
 * them (a course of one day made here: three launches of addOne, then
 * warpSums, which copies its values into shared memory with cp.async and
 * sums each warp's with a down ladder), `--launch N` picks the kernel's Nth
 * launch and one past the last is refused with the count, a kernel the
 * program launches that the file lacks is refused by name, the sandboxed
 * run equals the one in cudalab's process; a grade's hazard names the
 * launch of its kernel it came from, which --launch then shows; and day
 * 72's cooperative launch, where block 0 goes on past the grid-wide sync and
 * block 1 returns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/core.h"
#include "run_cudalab.h"
#include "trace_json.h"

static char tmp[64];
static char *course, *env;

static const char manifest[] =
    "day: 90\n"
    "slug: day90-chain\n"
    "title: \"A chain of launches\"\n"
    "topic: a program whose last launch reads what the others wrote, through cp.async\n"
    "student_file: chain.cu\n"
    "arch: sm_80\n"
    "kernels:\n"
    "  - name: addOne\n"
    "    summary: \"buf[i] += 1\"\n"
    "    params:\n"
    "      - {type: float*, name: buf}\n"
    "      - {type: int, name: n}\n"
    "    checks: [mask-honesty, memory]\n"
    "  - name: warpSums\n"
    "    summary: \"each warp's 32 values summed, from shared memory cp.async filled\"\n"
    "    params:\n"
    "      - {type: const float*, name: buf}\n"
    "      - {type: float*, name: sums}\n"
    "      - {type: int, name: n}\n"
    "    checks: [mask-honesty, memory]\n"
    "program:\n"
    "  name: chain\n"
    "  summary: \"three adds, then each warp's sum\"\n"
    "  buffers:\n"
    "    - {type: float*, name: buf, role: inout, length: n, fill: {index: \"i\"}}\n"
    "    - {type: float*, name: sums, length: \"ceil(n / 32)\"}\n"
    "  compare: exact\n"
    "  stages:\n"
    "    - name: bump\n"
    "      repeat: 3\n"
    "      stages:\n"
    "        - {kernel: addOne, args: [buf, n], grid: \"ceil(n / 128)\", block: 128}\n"
    "    - {name: sum, kernel: warpSums, args: [buf, sums, n], grid: \"ceil(n / 128)\", block: 128}\n"
    "sizes:\n"
    "  course: {n: 256}\n"
    "  hidden: []\n";

static const char add_one[] =
    "__global__ void addOne(float* buf, int n)\n"
    "{\n"
    "    const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n) buf[i] += 1.0f;\n"
    "}\n";

static const char warp_sums[] =
    "#include <cuda_pipeline.h>\n"
    "__global__ void warpSums(const float* buf, float* sums, int n)\n"
    "{\n"
    "    __shared__ __align__(16) float tile[128];\n"
    "    const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "    if (i < n) __pipeline_memcpy_async(&tile[threadIdx.x], &buf[i], sizeof(float));\n"
    "    __pipeline_commit();\n"
    "    __pipeline_wait_prior(0);\n"
    "    __syncthreads();\n"
    "    float v = i < n ? tile[threadIdx.x] : 0.0f;\n"
    "    for (int d = 16; d > 0; d /= 2) v += __shfl_down_sync(0xffffffffu, v, d);\n"
    "    if (threadIdx.x % 32 == 0 && i < n) sums[i / 32] = v;\n"
    "}\n";

static void put(const char *dir, const char *name, const char *text)
{
    char *d = cl_sprintf("%s/%s", course, dir), *cmd = cl_sprintf("mkdir -p %s", d);
    assert_int_equal(system(cmd), 0);
    char *path = cl_sprintf("%s/%s", d, name);
    assert_int_equal(cl_write_file_atomic(path, text, strlen(text), NULL), CL_OK);
    free(path);
    free(cmd);
    free(d);
}

static int setup(void **state)
{
    (void)state;
    strcpy(tmp, "/tmp/cudalab-trace-prog-XXXXXX");
    assert_non_null(mkdtemp(tmp));
    course = cl_sprintf("%s/course", tmp);
    env = cl_sprintf("CUDALAB_COURSE=%s", course);
    char *both = cl_sprintf("%s%s", add_one, warp_sums);
    put("days/day90-chain", "day.yaml", manifest);
    put("days/day90-chain", "README.md", "# A chain of launches\n");
    put("templates/day90-chain", "chain.cu", both);
    put("solutions/day90-chain", "chain.cu", both);
    free(both);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = cl_sprintf("rm -rf %s", tmp);
    int rc = system(cmd);
    free(cmd);
    free(course);
    free(env);
    return rc;
}

/* `cudalab trace ARGS --json` in the course of env_course (NULL: the
 * repository's); its JSON, which must come. */
static cJSON *trace_json(const char *env_course, const char *args)
{
    cl_str out = {0}, err = {0};
    char *a = cl_sprintf("trace %s --json", args);
    int rc = run_cudalab(tmp, env_course ? env_course : "", a, &out, &err);
    if (rc != 0) fail_msg("cudalab %s: exit %d: %s", a, rc, cl_str_cstr(&err));
    cJSON *o = cJSON_Parse(cl_str_cstr(&out));
    if (!o) fail_msg("cudalab %s: not JSON:\n%s", a, cl_str_cstr(&out));
    free(a);
    cl_str_free(&out);
    cl_str_free(&err);
    return o;
}

static float lane_sent(const cJSON *s, int l)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, cJSON_GetObjectItem(s, "lanes")) {
        if ((int)num(x, "lane") != l) continue;
        uint32_t bits = (uint32_t)num(x, "sent");
        float f;
        memcpy(&f, &bits, sizeof f);
        return f;
    }
    fail_msg("no lane %d", l);
    return 0;
}

/* warpSums, block 1, warp 2 (elements 192 to 223): the barrier after the
 * cp.async wait, then the ladder, whose first step's lanes offer what three
 * launches of addOne left: i + 3. */
static void test_earlier_launches_left(void **state)
{
    (void)state;
    char *solution = cl_sprintf("%s/solutions/day90-chain/chain.cu", course);
    char *args = cl_sprintf("90 %s --kernel warpSums --block 1 --warp 2", solution);
    cJSON *o = trace_json(env, args);
    assert_string_equal(str(o, "program"), "chain");
    assert_int_equal(num(o, "launch"), 1);
    assert_string_equal(str(o, "outcome"), "completed");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(o, "ran")));
    assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(o, "grid"), 0)->valueint, 2);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(o, "steps")), 6);
    assert_string_equal(str(step(o, 0), "kind"), "barrier");
    assert_int_equal(num(step(o, 0), "line"), 14); /* addOne is lines 1 to 5 */
    const cJSON *s = step(o, 1);
    assert_string_equal(str(s, "mode"), "down");
    assert_int_equal(num(s, "line"), 16);
    for (int l = 0; l < 32; l++) assert_true(lane_sent(s, l) == (float)(192 + l + 3));
    assert_true(num(s, "partial_sums") == 0xffff);
    cJSON_Delete(o);
    free(args);

    /* the text says which launch of which program it is */
    cl_str out = {0}, err = {0};
    args = cl_sprintf("trace 90 %s --kernel warpSums", solution);
    assert_int_equal(run_cudalab(tmp, env, args, &out, &err), 0);
    assert_non_null(strstr(cl_str_cstr(&out), "its launch 1 in the program chain, on the buffers the launches "
                                              "before it left\n"));
    assert_non_null(strstr(cl_str_cstr(&out), "; 6 steps: its collectives and barriers, in order\n"));
    cl_str_free(&out);
    cl_str_free(&err);
    free(args);
    free(solution);
}

/* --launch: addOne's third launch runs (no collective: its instructions);
 * a fourth is refused with how many there are. */
static void test_launch_n(void **state)
{
    (void)state;
    char *solution = cl_sprintf("%s/solutions/day90-chain/chain.cu", course);
    char *args = cl_sprintf("90 %s --kernel addOne --launch 3 --block 1", solution);
    cJSON *o = trace_json(env, args);
    assert_int_equal(num(o, "launch"), 3);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(o, "ran")));
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(o, "steps")), 0);
    assert_true(num(o, "instructions") > 3);
    cJSON_Delete(o);
    free(args);

    cl_str out = {0}, err = {0};
    args = cl_sprintf("trace 90 %s --kernel addOne --launch 4", solution);
    assert_int_equal(run_cudalab(tmp, env, args, &out, &err), 2);
    if (!strstr(cl_str_cstr(&err), "day 90's program launches addOne 3 times at n=256: there is no launch 4"))
        fail_msg("%s", cl_str_cstr(&err));
    free(args);
    cl_str_free(&err);
    args = cl_sprintf("trace 90 %s --kernel addOne --launch 0", solution);
    assert_int_equal(run_cudalab(tmp, env, args, &out, &err), 2);
    assert_non_null(strstr(cl_str_cstr(&err), "--launch"));
    cl_str_free(&out);
    cl_str_free(&err);
    free(args);
    free(solution);
}

/* A file without addOne cannot run the program up to warpSums. */
static void test_missing_kernel(void **state)
{
    (void)state;
    char *path = cl_sprintf("%s/only_sums.cu", tmp);
    assert_int_equal(cl_write_file_atomic(path, warp_sums, strlen(warp_sums), NULL), CL_OK);
    char *args = cl_sprintf("trace 90 %s --kernel warpSums", path);
    cl_str out = {0}, err = {0};
    assert_int_equal(run_cudalab(tmp, env, args, &out, &err), 2);
    assert_non_null(strstr(cl_str_cstr(&err), "your file defines no kernel addOne, which the day's program "
                                              "launches"));
    cl_str_free(&out);
    cl_str_free(&err);
    free(args);
    free(path);
}

/* The sandboxed child and cudalab's own process make the same record. */
static void test_sandbox_same(void **state)
{
    (void)state;
    char *solution = cl_sprintf("%s/solutions/day90-chain/chain.cu", course);
    char *args = cl_sprintf("trace 90 %s --kernel warpSums --block 1 --warp 3 --json", solution);
    char *off = cl_sprintf("%s CUDALAB_SANDBOX=off", env);
    cl_str in = {0}, out = {0}, err = {0};
    assert_int_equal(run_cudalab(tmp, env, args, &in, &err), 0);
    assert_int_equal(run_cudalab(tmp, off, args, &out, &err), 0);
    assert_non_null(in.s);
    assert_string_equal(in.s, out.s);
    cl_str_free(&in);
    cl_str_free(&out);
    cl_str_free(&err);
    free(off);
    free(args);
    free(solution);
}

/* addOne shuffles with a mask of lanes 0 to 15 in warp 0 when its values
 * are i + 1, which they are in its second launch only: the grade's hazard
 * says launch 2 (the runner's s passes it to --launch), where the trace has
 * the shuffle and the first launch has none. */
static void test_hazard_launch(void **state)
{
    (void)state;
    static const char second_only[] =
        "__global__ void addOne(float* buf, int n)\n"
        "{\n"
        "    const int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "    if (i >= n) return;\n"
        "    float v = buf[i];\n"
        "    if (i < 32 && v == (float)i + 1.0f) v += 0.0f * __shfl_sync(0x0000ffffu, v, 0);\n"
        "    buf[i] = v + 1.0f;\n"
        "}\n";
    char *text = cl_sprintf("%s%s", second_only, warp_sums), *path = cl_sprintf("%s/second.cu", tmp);
    assert_int_equal(cl_write_file_atomic(path, text, strlen(text), NULL), CL_OK);
    cl_str out = {0}, err = {0};
    char *args = cl_sprintf("grade 90 %s --json", path);
    assert_int_equal(run_cudalab(tmp, env, args, &out, &err), 1);
    cJSON *o = cJSON_Parse(cl_str_cstr(&out)), *h, *found = NULL;
    assert_non_null(o);
    cJSON_ArrayForEach(h, cJSON_GetObjectItem(o, "hazards"))
        if (!strcmp(str(h, "check"), "mask-honesty") && !strcmp(str(h, "kernel"), "addOne")) found = h;
    if (!found) fail_msg("no mask hazard in addOne:\n%s", cl_str_cstr(&out));
    assert_int_equal(num(found, "launch"), 2);
    assert_int_equal(num(found, "line"), 6);
    assert_non_null(strstr(str(found, "message"), "(launch 2, run 2 of bump)"));
    cJSON_Delete(o);
    free(args);

    args = cl_sprintf("90 %s --kernel addOne --launch 2", path);
    o = trace_json(env, args);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(o, "steps")), 1);
    assert_string_equal(str(step(o, 0), "mode"), "idx");
    assert_int_equal(num(step(o, 0), "line"), 6);
    assert_int_equal((uint32_t)num(step(o, 0), "mask"), 0x0000ffffu);
    cJSON_Delete(o);
    free(args);
    args = cl_sprintf("90 %s --kernel addOne", path);
    o = trace_json(env, args);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(o, "steps")), 0);
    cJSON_Delete(o);
    cl_str_free(&out);
    cl_str_free(&err);
    free(args);
    free(path);
    free(text);
}

static int count_kind(const cJSON *o, const char *kind)
{
    int n = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, cJSON_GetObjectItem(o, "steps")) n += !strcmp(str(s, "kind"), kind);
    return n;
}

/* Day 72's cooperative launch of 80 blocks: block 0 sums the block sums
 * after the grid-wide sync (its barriers and instructions after it), block
 * 1 returns there. */
static void test_cooperative(void **state)
{
    (void)state;
    char *solution = cl_sprintf("%s/../solutions/day72-grid-sync/gridsum.cu", CUDALAB_TEST_DIR);
    char *args = cl_sprintf("72 %s --kernel gridSum --block 1", solution);
    cJSON *one = trace_json(NULL, args);
    free(args);
    args = cl_sprintf("72 %s --kernel gridSum --block 0", solution);
    cJSON *zero = trace_json(NULL, args);
    assert_string_equal(str(zero, "program"), "sum");
    assert_string_equal(str(zero, "outcome"), "completed");
    assert_int_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(zero, "grid"), 0)->valueint, 80);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(one, "ran")));
    assert_true(count_kind(one, "barrier") >= 9); /* blockSum's nine */
    assert_true(count_kind(zero, "barrier") >= count_kind(one, "barrier") + 10); /* one more, and blockSum again */
    assert_true(num(zero, "instructions") > num(one, "instructions"));
    cJSON_Delete(one);
    cJSON_Delete(zero);
    free(args);
    free(solution);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_earlier_launches_left),
        cmocka_unit_test(test_launch_n),
        cmocka_unit_test(test_missing_kernel),
        cmocka_unit_test(test_sandbox_same),
        cmocka_unit_test(test_hazard_launch),
        cmocka_unit_test(test_cooperative),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
