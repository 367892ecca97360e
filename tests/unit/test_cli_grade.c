/* test_cli_grade.c - `cudalab grade` on the bundled course, run for real: the
 * exit codes of the contract, one clear line when it cannot grade, and the
 * JSON's keys and types as docs/architecture.md fixes them. */
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
#include "run_cudalab.h"
#include "gpu/gpu.h"

static char work[64];

/* Run cudalab with env and args; stdout into out, stderr into err. */
static int run(const char *env, const char *args, cl_str *out, cl_str *err)
{
    return run_cudalab(work, env, args, out, err);
}

/* Exit 2, nothing on stdout, and exactly one line on stderr holding `says`. */
static void expect_cannot(const char *env, const char *args, const char *says)
{
    cl_str out = {0}, err = {0};
    int rc = run(env, args, &out, &err);
    if (rc != 2 || out.len || !strstr(cl_str_cstr(&err), says) ||
        strchr(cl_str_cstr(&err), '\n') != cl_str_cstr(&err) + err.len - 1)
        fail_msg("cudalab %s: exit %d, stderr '%s', expected exit 2 and one line with '%s'",
                 args, rc, cl_str_cstr(&err), says);
    cl_str_free(&out);
    cl_str_free(&err);
}

static int setup(void **state)
{
    (void)state;
    strcpy(work, "/tmp/cudalab-grade-XXXXXX");
    return mkdtemp(work) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = cl_sprintf("rm -rf %s", work);
    int rc = system(cmd);
    free(cmd);
    return rc;
}

static void test_cannot_grade(void **state)
{
    (void)state;
    expect_cannot("", "grade 99", "no day '99'");
    expect_cannot("", "grade", "usage: cudalab grade DAY");
    expect_cannot("", "grade 23 /nonexistent/shuffles.cu", "/nonexistent/shuffles.cu: no such file");
    expect_cannot("", "grade 23 --backend tpu", "--backend takes auto, emu or gpu");
    expect_cannot("", "grade 23 --seed abc", "--seed takes a whole number");
    expect_cannot("", "grade 23 --frobnicate", "unknown option '--frobnicate'");
    expect_cannot("", "grade 23 --seed=abc", "--seed takes a whole number");
    expect_cannot("", "grade 23 --seed", "--seed needs a value");
    expect_cannot("", "grade 23 --backend=tpu", "--backend takes auto, emu or gpu");
    expect_cannot("", "grade 23 -- --seed.cu", "--seed.cu: no such file");
    expect_cannot("CUDALAB_NVCC=/nonexistent/nvcc",
                  "grade 14 solutions/day14-syncthreads/syncthreads.cu", "nvcc not found");
    expect_cannot("CUDALAB_COURSE=/nonexistent", "grade 14", "days/ is missing");
}

/* With --json, a grade that cannot start still prints one JSON object: its
 * error's words are stderr's line. */
static void expect_cannot_json(const char *args, const char *says, const char *file, int line)
{
    cl_str out = {0}, err = {0};
    char *full = cl_sprintf("%s --json", args);
    int rc = run("", full, &out, &err);
    cJSON *o = cJSON_Parse(cl_str_cstr(&out));
    cJSON *e = cJSON_GetObjectItem(o, "error");
    cJSON *msg = cJSON_GetObjectItem(e, "message"), *where = cJSON_GetObjectItem(e, "file");
    cJSON *ln = cJSON_GetObjectItem(e, "line");
    if (rc != 2 || !o || !cJSON_IsFalse(cJSON_GetObjectItem(o, "passed")) || !cJSON_IsString(msg) ||
        !strstr(msg->valuestring, says) || !strstr(cl_str_cstr(&err), says))
        fail_msg("cudalab %s: exit %d, stdout '%s', stderr '%s'", full, rc, cl_str_cstr(&out),
                 cl_str_cstr(&err));
    if (file) {
        assert_true(cJSON_IsString(where));
        assert_non_null(strstr(where->valuestring, file));
        assert_int_equal((int)cJSON_GetNumberValue(ln), line);
    } else {
        assert_true(cJSON_IsNull(ln));
    }
    cJSON_Delete(o);
    free(full);
    cl_str_free(&out);
    cl_str_free(&err);
}

static void test_cannot_grade_json(void **state)
{
    (void)state;
    expect_cannot_json("grade 99", "no day '99'", NULL, 0);
    expect_cannot_json("grade 23 --seed abc", "--seed takes a whole number", NULL, 0);
    expect_cannot_json("grade 23 /nonexistent/shuffles.cu", "no such file", NULL, 0);
}

/* What the emulator cannot run is refused at the student's .cu line (from
 * the PTX's .loc), not at a line of cudalab's PTX. */
static void test_refused_at_source_line(void **state)
{
    (void)state;
    char *path = cl_sprintf("%s/heap.cu", work);
    const char *src =
        "__global__ void reverseBlocks(const float* in, float* out, int n)\n"
        "{\n"
        "    float* p = (float*)malloc(4 * sizeof(float));\n"
        "    p[0] = in[threadIdx.x];\n"
        "    out[threadIdx.x] = p[0];\n"
        "    free(p);\n"
        "}\n"
        "__global__ void blockSums(const float* in, float* partial, int n) {}\n";
    assert_int_equal(cl_write_file_atomic(path, src, strlen(src), NULL), CL_OK);
    char *args = cl_sprintf("grade 14 %s", path), *at = cl_sprintf("heap.cu:3: ");
    expect_cannot("", args, at);
    expect_cannot("", args, "device-side malloc() is not supported");
    expect_cannot_json(args, "device-side malloc()", "heap.cu", 3);
    free(at);
    free(args);
    free(path);
    /* an instruction refused by name, reached through an intrinsic */
    path = cl_sprintf("%s/video.cu", work);
    src = "__global__ void reverseBlocks(const float* in, float* out, int n)\n"
          "{\n"
          "    unsigned a = __float_as_uint(in[0]), b = __float_as_uint(in[1]);\n"
          "\n"
          "    out[threadIdx.x] = __uint_as_float(__vabsdiffu4(a, b));\n"
          "}\n"
          "__global__ void blockSums(const float* in, float* partial, int n) {}\n";
    assert_int_equal(cl_write_file_atomic(path, src, strlen(src), NULL), CL_OK);
    args = cl_sprintf("grade 14 %s", path);
    expect_cannot("", args, "video.cu:5: ");
    expect_cannot("", args, "SIMD video instructions");
    free(args);
    free(path);
}

/* getopt_long's forms: --seed=N as --seed N, options after the operands,
 * and -V. */
static void test_option_forms(void **state)
{
    (void)state;
    cl_str out = {0}, err = {0};
    int rc = run("", "grade --seed=7 --backend=emu 14 solutions/day14-syncthreads/syncthreads.cu --json", &out, &err);
    cJSON *o = cJSON_Parse(cl_str_cstr(&out));
    assert_int_equal(rc, 0);
    assert_non_null(o);
    assert_int_equal((int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "seed")), 7);
    cJSON_Delete(o);
    cl_str_free(&out);
    cl_str_free(&err);
    rc = run("", "-V", &out, &err);
    assert_int_equal(rc, 0);
    assert_non_null(strstr(cl_str_cstr(&out), "cudalab "));
    cl_str_free(&out);
    cl_str_free(&err);
}

static void test_gpu_backend_without_gpu(void **state)
{
    (void)state;
    gpu_probe_info info;
    if (gpu_probe(&info)) skip();
    expect_cannot("", "grade 14 solutions/day14-syncthreads/syncthreads.cu --backend gpu",
                  "--backend gpu, but");
}

static void expect_type(cJSON *o, const char *key, int type, bool nullable)
{
    cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v) fail_msg("the JSON has no '%s'", key);
    if (!(v->type & type) && !(nullable && cJSON_IsNull(v)))
        fail_msg("'%s' has JSON type %d, expected %d", key, v->type, type);
}

static void check_side(cJSON *s)
{
    const char *numbers[] = {"wrong", "total", "registers", "shared_bytes", "spill_bytes",
                             "instructions"};
    for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++)
        expect_type(s, numbers[i], cJSON_Number, false);
    expect_type(s, "ms", cJSON_Number, true);
    expect_type(s, "gbps", cJSON_Number, true);
    const char *traffic[] = {"global_load_requests", "global_load_sectors", "global_store_requests",
                             "global_store_sectors", "shared_accesses", "global_atomics",
                             "shared_atomics"};
    for (size_t i = 0; i < sizeof traffic / sizeof *traffic; i++)
        expect_type(s, traffic[i], cJSON_Number, false);
    cJSON *p = cJSON_GetObjectItem(s, "performance");
    expect_type(p, "load_sectors_per_request", cJSON_Number, false);
    expect_type(p, "bytes_moved", cJSON_Number, false);
    expect_type(cJSON_GetObjectItem(p, "model_ms"), "t4", cJSON_Number, false);
}

/* The contract: docs/architecture.md's keys with their types, the seven checks in order,
 * and the mask hazard of the course's dishonest kernel. */
static void test_json_contract(void **state)
{
    (void)state;
    cl_str out = {0}, err = {0};
    int rc = run("", "grade day23 tests/fixtures/day23/ballot_down_full.cu --json --seed 7 --backend emu",
                 &out, &err);
    assert_int_equal(rc, 1);
    cJSON *o = cJSON_Parse(cl_str_cstr(&out));
    assert_non_null(o);
    expect_type(o, "day", cJSON_String, false);
    expect_type(o, "file", cJSON_String, false);
    expect_type(o, "backend", cJSON_String, false);
    expect_type(o, "seed", cJSON_Number, false);
    expect_type(o, "passed", cJSON_True | cJSON_False, false);
    assert_string_equal(cJSON_GetObjectItem(o, "day")->valuestring, "day23-shuffles");
    assert_int_equal(cJSON_GetObjectItem(o, "seed")->valueint, 7);
    assert_string_equal(cJSON_GetObjectItem(o, "backend")->valuestring, "emulator");
    const char *names[] = {"compile", "correctness", "mask-honesty", "barrier-honesty", "races",
                           "memory", "resources"};
    cJSON *checks = cJSON_GetObjectItem(o, "checks");
    assert_int_equal(cJSON_GetArraySize(checks), 7);
    for (int i = 0; i < 7; i++) {
        cJSON *c = cJSON_GetArrayItem(checks, i);
        assert_string_equal(cJSON_GetObjectItem(c, "name")->valuestring, names[i]);
        expect_type(c, "passed", cJSON_True | cJSON_False, false);
        expect_type(c, "detail", cJSON_String, false);
    }
    cJSON *k;
    int kernels = 0;
    cJSON_ArrayForEach(k, cJSON_GetObjectItem(o, "kernels"))
    {
        expect_type(k, "name", cJSON_String, false);
        expect_type(k, "passed", cJSON_True | cJSON_False, false);
        check_side(cJSON_GetObjectItem(k, "yours"));
        kernels++;
    }
    assert_int_equal(kernels, 4);
    cJSON *h = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "hazards"), 0);
    assert_non_null(h);
    const char *hkeys[] = {"check", "kernel", "file", "message", "mask"};
    for (size_t i = 0; i < 5; i++) expect_type(h, hkeys[i], cJSON_String, false);
    const char *hnums[] = {"line", "warp", "lane", "source_lane", "count"};
    for (size_t i = 0; i < 5; i++) expect_type(h, hnums[i], cJSON_Number, false);
    expect_type(h, "block", cJSON_Array, false);
    assert_string_equal(cJSON_GetObjectItem(h, "mask")->valuestring, "0x000fffff");
    assert_int_equal(cJSON_GetObjectItem(h, "lane")->valueint, 4);
    assert_int_equal(cJSON_GetObjectItem(h, "source_lane")->valueint, 20);
    cJSON_Delete(o);
    cl_str_free(&out);
    cl_str_free(&err);
}

/* The same seed gives the same report, to the byte (but for the time taken). */
static void test_same_seed_same_report(void **state)
{
    (void)state;
    cl_str a = {0}, b = {0}, err = {0};
    const char *args = "grade 23 tests/fixtures/day23/ballot_down_full.cu --json --seed 3 --backend emu";
    assert_int_equal(run("", args, &a, &err), 1);
    assert_int_equal(run("", "grade 23 tests/fixtures/day23/ballot_down_full.cu --json --seed 3 "
                             "--backend emu --threads 1", &b, &err), 1);
    cJSON *x = cJSON_Parse(a.s), *y = cJSON_Parse(b.s);
    cJSON_DeleteItemFromObject(x, "seconds");
    cJSON_DeleteItemFromObject(y, "seconds");
    char *sx = cJSON_Print(x), *sy = cJSON_Print(y);
    assert_string_equal(sx, sy);
    cJSON_free(sx);
    cJSON_free(sy);
    cJSON_Delete(x);
    cJSON_Delete(y);
    cl_str_free(&a);
    cl_str_free(&b);
    cl_str_free(&err);
}

/* The e2e submission name of day 14 as a student hands it in, written into
 * dir: the reference it names with `// e2e-paste:` pasted in (see
 * tests/e2e/e2e_runner.c). Caller frees the path. */
static char *handed_in(const char *dir, const char *name)
{
    char *sub = NULL, *ref = NULL, *path = cl_sprintf(CUDALAB_TEST_DIR "/e2e/submissions/day14/%s", name);
    assert_int_equal(cl_read_file(path, &sub, NULL, NULL), CL_OK);
    assert_int_equal(cl_read_file(CUDALAB_TEST_DIR "/../solutions/day14-syncthreads/syncthreads.cu", &ref, NULL, NULL), CL_OK);
    char *at = strstr(sub, "// e2e-paste: ");
    assert_non_null(at);
    char *whole = cl_sprintf("%.*s%s%s", (int)(at - sub), sub, ref, at + strcspn(at, "\n"));
    char *mine = cl_sprintf("%s/%s", dir, name);
    assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
    assert_int_equal(cl_write_file_atomic(mine, whole, strlen(whole), NULL), CL_OK);
    free(sub), free(ref), free(whole), free(path);
    return mine;
}

/* A class of three: one report per submission, a CSV row each, an old CSV
 * kept as a backup, and exit 1 because one of them did not pass; the
 * barrier-honesty warning of a passing file is in its row's warnings. */
static void test_batch(void **state)
{
    (void)state;
    cl_str out = {0}, err = {0};
    char *csv = cl_sprintf("%s/class.csv", work);
    assert_int_equal(cl_write_file_atomic(csv, "old\n", 4, NULL), CL_OK);
    char *dir = cl_sprintf("%s/day14", work);
    char *mine = handed_in(dir, "race_reverse.cu"), *warned = handed_in(dir, "early_return.cu");
    free(dir);
    char *args = cl_sprintf("batch 14 solutions/day14-syncthreads/syncthreads.cu "
                            "%s %s --jobs 2 --backend emu "
                            "--out %s/reports --csv %s", mine, warned, work, csv);
    free(mine);
    free(warned);
    assert_int_equal(run("", args, &out, &err), 1);
    char *text = NULL;
    assert_int_equal(cl_read_file(csv, &text, NULL, NULL), CL_OK);
    assert_non_null(strstr(text, "submission,student,passed,points,max_points,error,warnings,compile,correctness,mask-honesty"));
    assert_non_null(strstr(text, "reverseBlocks.wrong,reverseBlocks.total"));
    assert_non_null(strstr(text, "solutions/day14-syncthreads/syncthreads.cu,,yes,10,10,,,pass,pass"));
    const char *row = strstr(text, "/day14/early_return.cu,,yes,10,10,,barrier-honesty: ");
    if (!row) fail_msg("no warning in early_return's row:\n%s", text);
    assert_non_null(strstr(row, "(reverseBlocks:"));
    assert_non_null(strstr(text, "/day14/race_reverse.cu,,no,"));
    free(text);
    char *report = cl_sprintf("%s/reports/day14-race_reverse.json", work);
    assert_int_equal(cl_read_file(report, &text, NULL, NULL), CL_OK);
    cJSON *o = cJSON_Parse(text);
    assert_non_null(o);
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(o, "passed")));
    cJSON_Delete(o);
    free(text);
    char *ls = cl_sprintf("ls %s | grep -c 'class.csv.*bak'", work);
    FILE *p = popen(ls, "r");
    int kept = 0;
    assert_int_equal(fscanf(p, "%d", &kept), 1);
    pclose(p);
    assert_int_equal(kept, 1);
    free(ls);
    free(report);
    free(args);
    free(csv);
    cl_str_free(&out);
    cl_str_free(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cannot_grade),
        cmocka_unit_test(test_cannot_grade_json),
        cmocka_unit_test(test_option_forms),
        cmocka_unit_test(test_refused_at_source_line),
        cmocka_unit_test(test_gpu_backend_without_gpu),
        cmocka_unit_test(test_json_contract),
        cmocka_unit_test(test_same_seed_same_report),
        cmocka_unit_test(test_batch),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
