/* test_pack.c - the pack module's pieces: the zip writer (read back by a
 * reader written here from the format, and by unzip where there is one),
 * day.yaml without its hidden sizes, points per check (Gradescope's and
 * batch's CSV alike), Gradescope's results
 * of a submission that could not be graded, finding the submission. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/proc.h"
#include "batch.h"
#include "pack.h"
#include "report/table.h"

#define DAY14 CUDALAB_TEST_DIR "/../days/day14-syncthreads/day.yaml"

static char *tmpdir(void)
{
    char tmpl[] = "/tmp/cudalab-pack-XXXXXX";
    assert_non_null(mkdtemp(tmpl));
    return cl_strdup(tmpl);
}

static void rm_rf(const char *dir)
{
    const char *argv[] = {"rm", "-rf", dir, NULL};
    cl_proc_spec spec = {.argv = argv};
    cl_proc_result res;
    cl_error err = {0};
    if (cl_proc_run(&spec, &res, &err) == CL_OK) cl_proc_result_free(&res);
}

__attribute__((noinline)) static char *slurp(const char *path, size_t *len)
{
    char *text = NULL;
    cl_error err = {0};
    assert_int_equal(cl_read_file(path, &text, len, &err), CL_OK);
    return text;
}

static uint32_t le32(const unsigned char *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static unsigned le16(const unsigned char *p)
{
    return p[0] | (unsigned)p[1] << 8;
}

static void test_crc32(void **state)
{
    (void)state;
    assert_int_equal(pack_crc32("123456789", 9), 0xcbf43926u); /* the check value of CRC-32 */
    assert_int_equal(pack_crc32("", 0), 0);
}

/* The zip read back from its end record, its central directory and each
 * local header, as the format says. */
static void test_zip_read_back(void **state)
{
    (void)state;
    char *dir = tmpdir(), *zip = cl_path_join(dir, "t.zip");
    pack_sink *s = pack_sink_zip();
    cl_error err = {0};
    static const char bin[] = {'a', 0, 'b', '\n'};
    assert_int_equal(pack_add(s, "run_autograder", "#!/bin/sh\n", 10, true, &err), CL_OK);
    assert_int_equal(pack_add(s, "cudalab/days/x.bin", bin, sizeof bin, false, &err), CL_OK);
    assert_int_equal(pack_add(s, "../evil", "x", 1, false, &err), CL_USAGE);
    assert_int_equal(pack_add(s, "/abs", "x", 1, false, &err), CL_USAGE);
    assert_int_equal(pack_add(s, "a\nb", "x", 1, false, &err), CL_USAGE);
    assert_int_equal(pack_add(s, "a/./b", "x", 1, false, &err), CL_USAGE);
    assert_int_equal(pack_sink_files(s), 2);
    assert_int_equal(pack_sink_write_zip(s, zip, &err), CL_OK);
    size_t len = 0;
    unsigned char *z = (unsigned char *)slurp(zip, &len);
    const unsigned char *end = z + len - 22;
    assert_int_equal(le32(end), 0x06054b50u);
    assert_int_equal(le16(end + 10), 2);
    const unsigned char *cd = z + le32(end + 16);
    const char *names[] = {"run_autograder", "cudalab/days/x.bin"};
    const char *datas[] = {"#!/bin/sh\n", bin};
    size_t lens[] = {10, sizeof bin};
    unsigned modes[] = {0100755, 0100644};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(le32(cd), 0x02014b50u);
        assert_int_equal(le16(cd + 10), 0); /* stored */
        unsigned nlen = le16(cd + 28);
        assert_int_equal(nlen, strlen(names[i]));
        assert_memory_equal(cd + 46, names[i], nlen);
        assert_int_equal(le32(cd + 38) >> 16, modes[i]);
        const unsigned char *local = z + le32(cd + 42);
        assert_int_equal(le32(local), 0x04034b50u);
        assert_int_equal(le32(local + 14), pack_crc32(datas[i], lens[i]));
        assert_int_equal(le32(local + 18), lens[i]);
        assert_memory_equal(local + 30 + nlen, datas[i], lens[i]);
        cd += 46 + nlen;
    }
    char *unzip = cl_proc_which("unzip");
    if (unzip) { /* and a real unzip agrees */
        const char *argv[] = {unzip, "-tq", zip, NULL};
        cl_proc_spec spec = {.argv = argv, .timeout_s = 30};
        cl_proc_result res;
        assert_int_equal(cl_proc_run(&spec, &res, &err), CL_OK);
        assert_int_equal(res.exit_code, 0);
        cl_proc_result_free(&res);
    }
    free(unzip);
    free(z);
    pack_sink_free(s);
    rm_rf(dir);
    free(zip);
    free(dir);
}

/* One text replaced in the manifest: the variations below. */
static char *swap(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    assert_non_null(at);
    return cl_sprintf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

static void expect_stripped(const char *text, const char *gone)
{
    char *out = NULL;
    cl_error err = {0};
    day_manifest *m = NULL;
    assert_int_equal(pack_strip_hidden(DAY14, text, strlen(text), &out, &err), CL_OK);
    assert_null(strstr(out, gone));
    assert_int_equal(day_manifest_parse(DAY14, out, strlen(out), &m, &err), CL_OK);
    assert_int_equal(m->nhidden, 0);
    assert_int_equal(m->nkernels, 2);
    assert_non_null(strstr(out, "hints:")); /* what follows is kept */
    day_manifest_free(m);
    free(out);
}

static void test_strip_hidden(void **state)
{
    (void)state;
    size_t len = 0;
    char *text = slurp(DAY14, &len);
    day_manifest *m = NULL;
    cl_error err = {0};
    assert_int_equal(day_manifest_parse(DAY14, text, len, &m, &err), CL_OK);
    assert_true(m->nhidden > 0);
    char *first = cl_sprintf("n: %lld}", m->hidden[0].values[0]);
    day_manifest_free(m);
    expect_stripped(text, first); /* block sequence, as the course writes it */
    expect_stripped(text, "{n: 257}");
    /* A comment inside the list goes with it. */
    char *commented = swap(text, "  hidden:\n", "  hidden:\n    # the ragged tail: SECRET\n");
    expect_stripped(commented, "SECRET");
    /* A flow sequence over two lines, and the list last in the file. */
    char *flow = swap(text, "    - {n: 1000}\n    - {n: 257}\n    - {n: 1}\n",
                      "    [{n: 77777},\n     {n: 5}]\n");
    expect_stripped(flow, "77777");
    char *orig = slurp(DAY14, &len);
    int at = (int)(strstr(orig, "sizes:") - orig), hints = (int)(strstr(orig, "hints:") - orig);
    char *moved = cl_sprintf("%.*s%s%.*s", at, orig, orig + hints, hints - at, orig + at);
    free(orig);
    char *out = NULL;
    assert_int_equal(pack_strip_hidden(DAY14, moved, strlen(moved), &out, &err), CL_OK);
    assert_null(strstr(out, "{n: 257}"));
    assert_non_null(strstr(out, "hidden: []\n")); /* the file's last line */
    free(out);
    free(moved);
    free(flow);
    assert_int_equal(pack_strip_hidden(DAY14, "day: 14\n", 8, &out, &err), CL_MANIFEST);
    assert_null(out);
    assert_non_null(strstr(err.message, "sizes.hidden"));
    free(commented);
    free(first);
    free(text);
}

static void test_points(void **state)
{
    (void)state;
    size_t len = 0;
    char *text = slurp(DAY14, &len);
    /* Before `checks:`, and after it: the order of keys does not matter. */
    char *before = swap(text, "    checks: [correctness, barrier-honesty, races, memory, resources]\n",
                        "    points: {correctness: 4, races: 2}\n"
                        "    checks: [correctness, barrier-honesty, races, memory, resources]\n");
    day_manifest *m = NULL;
    cl_error err = {0};
    assert_int_equal(day_manifest_parse(DAY14, before, strlen(before), &m, &err), CL_OK);
    const day_kernel *k = &m->kernels[0];
    assert_int_equal(day_kernel_points(k, DAY_CHECK_CORRECTNESS), 4);
    assert_int_equal(day_kernel_points(k, DAY_CHECK_RACES), 2);
    assert_int_equal(day_kernel_points(k, DAY_CHECK_MEMORY), 1);       /* listed, not named */
    assert_int_equal(day_kernel_points(k, DAY_CHECK_MASK_HONESTY), 0); /* not listed */
    assert_int_equal(day_kernel_points(&m->kernels[1], DAY_CHECK_CORRECTNESS), 1);

    /* Could not grade: every test 0, the maximum from the points. */
    char *json = report_to_gradescope(NULL, m, "no shuffles.cu in the submission");
    cJSON *o = cJSON_Parse(json);
    assert_non_null(o);
    assert_int_equal(cJSON_GetObjectItem(o, "score")->valuedouble, 0);
    assert_string_equal(cJSON_GetObjectItem(o, "stdout_visibility")->valuestring, "hidden");
    assert_non_null(strstr(cJSON_GetObjectItem(o, "output")->valuestring, "no shuffles.cu"));
    double max = 0;
    int hidden_tests = 0, n = 0;
    const cJSON *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(o, "tests")) {
        n++;
        max += cJSON_GetObjectItem(t, "max_score")->valuedouble;
        assert_int_equal(cJSON_GetObjectItem(t, "score")->valuedouble, 0);
        if (!strcmp(cJSON_GetObjectItem(t, "visibility")->valuestring, "after_published"))
            hidden_tests++;
    }
    /* no file came: the compile test is not green */
    const cJSON *compile = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "tests"), 0);
    assert_string_equal(cJSON_GetObjectItem(compile, "name")->valuestring, "compile");
    assert_string_equal(cJSON_GetObjectItem(compile, "status")->valuestring, "failed");
    /* 4 + 1 + 2 + 1 + 1 for reverseBlocks, 5 for blockSums */
    assert_true(max > 13.999 && max < 14.001);
    assert_int_equal(hidden_tests, 2 * m->nhidden);
    /* compile, then each kernel's: correctness's scoring test and one a
     * size, then its other four checks */
    assert_int_equal(n, 1 + 2 * (1 + 1 + m->nhidden + 4));
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(o, "leaderboard")), 0);
    cJSON_Delete(o);
    free(json);

    /* batch's CSV sums the grade's scores: blockSums's correctness not
     * earned, the rest earned; it judges nothing itself (the checks say
     * races failed, the scores that every race point was earned). */
    static const char report[] =
        "{\"day\": \"day14-syncthreads\", \"file\": \"x.cu\", \"backend\": \"emulator\", \"seed\": 1,"
        " \"passed\": false, \"checks\": [{\"name\": \"compile\", \"passed\": true, \"ran\": true},"
        " {\"name\": \"correctness\", \"passed\": false, \"ran\": true},"
        " {\"name\": \"barrier-honesty\", \"passed\": true, \"ran\": true},"
        " {\"name\": \"races\", \"passed\": false, \"ran\": true},"
        " {\"name\": \"memory\", \"passed\": true, \"ran\": true},"
        " {\"name\": \"resources\", \"passed\": true, \"ran\": true}],"
        " \"kernels\": [{\"name\": \"reverseBlocks\", \"passed\": true, \"present\": true,"
        " \"yours\": {\"ran\": true, \"wrong\": 0, \"total\": 10, \"registers\": 8}, \"sizes\": []},"
        " {\"name\": \"blockSums\", \"passed\": false, \"present\": true,"
        " \"yours\": {\"ran\": true, \"wrong\": 3, \"total\": 10, \"registers\": 8}, \"sizes\": []}],"
        " \"scores\": ["
        " {\"kernel\": \"reverseBlocks\", \"check\": \"correctness\", \"passed\": true, \"max_points\": 4},"
        " {\"kernel\": \"reverseBlocks\", \"check\": \"races\", \"passed\": true, \"max_points\": 2},"
        " {\"kernel\": \"reverseBlocks\", \"check\": \"memory\", \"passed\": true, \"max_points\": 1},"
        " {\"kernel\": \"blockSums\", \"check\": \"correctness\", \"passed\": false, \"max_points\": 1},"
        " {\"kernel\": \"blockSums\", \"check\": \"races\", \"passed\": true, \"max_points\": 1},"
        " {\"kernel\": \"blockSums\", \"check\": \"memory\", \"passed\": false, \"max_points\": 1}],"
        " \"hazards\": []}";
    report_result *r = NULL;
    assert_int_equal(report_from_json(report, &r, &err), CL_OK);
    batch_points bp;
    batch_points_take(m, report, r, &bp);
    assert_true(bp.known);
    assert_true(bp.max[DAY_CHECK_CORRECTNESS] == 5 && bp.earned[DAY_CHECK_CORRECTNESS] == 4);
    assert_true(bp.max[DAY_CHECK_RACES] == 3 && bp.earned[DAY_CHECK_RACES] == 3);
    assert_true(bp.max[DAY_CHECK_MEMORY] == 2 && bp.earned[DAY_CHECK_MEMORY] == 1);
    assert_true(bp.max[DAY_CHECK_MASK_HONESTY] == 0);
    assert_true(r->points == 8 && r->max_points == 10); /* the six scores' sums */
    /* could not grade: the manifest's maximum, Gradescope's above */
    batch_points_take(m, NULL, NULL, &bp);
    double total = 0;
    for (int c = 0; c < DAY_CHECK_COUNT; c++) total += bp.max[c];
    assert_true(!bp.known && total > 13.999 && total < 14.001);
    report_free(r);
    day_manifest_free(m);

    char *stray = swap(text, "    checks: [correctness, barrier-honesty, races, memory, resources]\n",
                       "    checks: [correctness, barrier-honesty, races, memory, resources]\n"
                       "    points: {mask-honesty: 3}\n");
    assert_int_equal(day_manifest_parse(DAY14, stray, strlen(stray), &m, &err), CL_MANIFEST);
    assert_non_null(strstr(err.message, "points for 'mask-honesty'"));
    char *negative = swap(before, "correctness: 4", "correctness: -1");
    assert_int_equal(day_manifest_parse(DAY14, negative, strlen(negative), &m, &err), CL_MANIFEST);
    free(negative);
    free(stray);
    free(before);
    free(text);
}

/* A hazard test's output says what to change: the first hazard's advice,
 * under the score's reason (the hazard's message and place). */
static void test_gradescope_advice(void **state)
{
    (void)state;
    size_t len = 0;
    char *text = slurp(DAY14, &len);
    day_manifest *m = NULL;
    cl_error err = {0};
    assert_int_equal(day_manifest_parse(DAY14, text, len, &m, &err), CL_OK);
    static const char report[] =
        "{\"day\": \"day14-syncthreads\", \"file\": \"x.cu\", \"backend\": \"emulator\", \"seed\": 1,"
        " \"passed\": false, \"checks\": [{\"name\": \"compile\", \"passed\": true, \"ran\": true},"
        " {\"name\": \"races\", \"passed\": false, \"ran\": true}],"
        " \"kernels\": [{\"name\": \"blockSums\", \"passed\": false, \"present\": true,"
        " \"yours\": {\"ran\": true, \"wrong\": 0, \"total\": 10}, \"sizes\": []}],"
        " \"scores\": [{\"kernel\": \"blockSums\", \"check\": \"races\", \"passed\": false,"
        " \"max_points\": 1, \"detail\": \"thread 32 and thread 0 race (x.cu:9)\"}],"
        " \"hazards\": [{\"check\": \"races\", \"severity\": \"error\", \"kind\": \"race-shared\","
        " \"kernel\": \"blockSums\", \"file\": \"x.cu\", \"line\": 9, \"line2\": 9,"
        " \"block\": [0, 0, 0], \"warp\": 1, \"lane\": 0, \"count\": 1,"
        " \"message\": \"thread 32 and thread 0 race\","
        " \"advice\": \"add __syncthreads() between one thread's load and another's store at line 9\"}]}";
    report_result *r = NULL;
    assert_int_equal(report_from_json(report, &r, &err), CL_OK);
    char *json = report_to_gradescope(r, m, NULL);
    cJSON *o = cJSON_Parse(json);
    assert_non_null(o);
    const char *out = NULL;
    const cJSON *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(o, "tests"))
        if (!strcmp(cJSON_GetObjectItem(t, "name")->valuestring, "blockSums: races"))
            out = cJSON_GetObjectItem(t, "output")->valuestring;
    assert_non_null(out);
    assert_string_equal(out, "thread 32 and thread 0 race (x.cu:9)\nto fix: add __syncthreads() between one "
                             "thread's load and another's store at line 9");
    cJSON_Delete(o);
    free(json);
    report_free(r);
    day_manifest_free(m);
    free(text);
}

/* A test whose output holds a picture or a table is Markdown: the lane
 * picture of a warp collective's hazard and the resources' figures in a
 * fence, the words escaped (a kernel's '_'); a hazard without lanes stays
 * text. */
static void test_gradescope_markdown(void **state)
{
    (void)state;
    size_t len = 0;
    char *text = slurp(DAY14, &len);
    day_manifest *m = NULL;
    cl_error err = {0};
    assert_int_equal(day_manifest_parse(DAY14, text, len, &m, &err), CL_OK);
    static const char report[] =
        "{\"day\": \"day14-syncthreads\", \"file\": \"x.cu\", \"backend\": \"emulator\", \"seed\": 1,"
        " \"passed\": false, \"checks\": [{\"name\": \"compile\", \"passed\": true, \"ran\": true},"
        " {\"name\": \"races\", \"passed\": false, \"ran\": true}],"
        " \"kernels\": [{\"name\": \"blockSums\", \"passed\": false, \"present\": true,"
        " \"yours\": {\"ran\": true, \"wrong\": 0, \"total\": 10, \"registers\": 40, \"shared_bytes\": 1024,"
        " \"spill_bytes\": 0}, \"sizes\": []}],"
        " \"scores\": [{\"kernel\": \"blockSums\", \"check\": \"races\", \"passed\": false,"
        " \"max_points\": 1, \"detail\": \"lane 4 reads lane_20 (x.cu:9)\"},"
        " {\"kernel\": \"blockSums\", \"check\": \"resources\", \"passed\": true, \"points\": 1,"
        " \"max_points\": 1, \"detail\": \"\"}],"
        " \"hazards\": [{\"check\": \"races\", \"severity\": \"error\", \"kind\": \"race-shared\","
        " \"kernel\": \"blockSums\", \"file\": \"x.cu\", \"line\": 9,"
        " \"block\": [0, 0, 0], \"warp\": 1, \"lane\": 4, \"count\": 1,"
        " \"message\": \"lane 4 reads lane_20\", \"advice\": \"name lane 20 in the mask\","
        " \"lanes\": {\"mask\": \"000fffff\", \"active\": \"000fffff\", \"undefined\": \"00000010\","
        " \"source\": [16, 17, 18, 19, 20]}}]}";
    report_result *r = NULL;
    assert_int_equal(report_from_json(report, &r, &err), CL_OK);
    char *json = report_to_gradescope(r, m, NULL);
    cJSON *o = cJSON_Parse(json);
    assert_non_null(o);
    const cJSON *races = NULL, *res = NULL, *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(o, "tests")) {
        const char *name = cJSON_GetObjectItem(t, "name")->valuestring;
        if (!strcmp(name, "blockSums: races")) races = t;
        if (!strcmp(name, "blockSums: resources")) res = t;
        if (strcmp(name, "blockSums: races") && strcmp(name, "blockSums: resources"))
            assert_null(cJSON_GetObjectItem(t, "output_format")); /* plain words stay text */
    }
    assert_non_null(races);
    assert_non_null(res);
    assert_string_equal(cJSON_GetObjectItem(races, "output_format")->valuestring, "md");
    const char *out = cJSON_GetObjectItem(races, "output")->valuestring;
    static const char head[] = "lane 4 reads lane\\_20 (x.cu:9)\n\n```\n";
    if (strncmp(out, head, strlen(head)) ||
        !strstr(out, "      mask       ") || !strstr(out, "to fix: name lane 20 in the mask") ||
        strcmp(out + strlen(out) - 5, "\n```\n"))
        fail_msg("races' output:\n%s", out);
    assert_string_equal(cJSON_GetObjectItem(res, "output_format")->valuestring, "md");
    out = cJSON_GetObjectItem(res, "output")->valuestring;
    if (!strstr(out, "```\n") || !strstr(out, "registers a thread                   40"))
        fail_msg("resources' output:\n%s", out);
    cJSON_Delete(o);
    free(json);
    report_free(r);
    day_manifest_free(m);
    free(text);
}

/* The hidden sizes' tests are shown after the grades are published, or as
 * the manifest's sizes.hidden_visibility says (one of Gradescope's four). */
static void test_hidden_visibility(void **state)
{
    (void)state;
    size_t len = 0;
    char *text = slurp(DAY14, &len);
    char *due = swap(text, "  hidden:\n", "  hidden_visibility: after_due_date\n  hidden:\n");
    day_manifest *m = NULL;
    cl_error err = {0};
    assert_int_equal(day_manifest_parse(DAY14, due, strlen(due), &m, &err), CL_OK);
    assert_string_equal(m->hidden_visibility, "after_due_date");
    char *json = report_to_gradescope(NULL, m, "no syncthreads.cu");
    cJSON *o = cJSON_Parse(json);
    int hidden = 0, visible = 0;
    const cJSON *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(o, "tests")) {
        const char *name = cJSON_GetObjectItem(t, "name")->valuestring;
        const char *vis = cJSON_GetObjectItem(t, "visibility")->valuestring;
        if (strstr(name, "hidden size")) assert_string_equal(vis, "after_due_date"), hidden++;
        else assert_string_equal(vis, "visible"), visible++;
        assert_true(cJSON_GetObjectItem(t, "execution_time")->valuedouble == 0); /* nothing ran */
    }
    assert_int_equal(hidden, 2 * m->nhidden);
    assert_true(visible > 0);
    cJSON_Delete(o);
    free(json);
    day_manifest_free(m);
    char *bad = swap(text, "  hidden:\n", "  hidden_visibility: later\n  hidden:\n");
    assert_int_equal(day_manifest_parse(DAY14, bad, strlen(bad), &m, &err), CL_MANIFEST);
    assert_non_null(strstr(err.message, "'hidden_visibility' must be after_published"));
    assert_non_null(strstr(err.message, "found 'later'"));
    free(bad);
    free(due);
    free(text);
}

static void put(const char *dir, const char *name)
{
    char *path = cl_path_join(dir, name), *slash = strrchr(path, '/');
    cl_error err = {0};
    *slash = '\0';
    assert_int_equal(cl_mkdirs(path, &err), CL_OK);
    *slash = '/';
    assert_int_equal(cl_write_file_atomic(path, "x", 1, &err), CL_OK);
    free(path);
}

static void test_find_submission(void **state)
{
    (void)state;
    char *dir = tmpdir();
    day_manifest m = {.student_file = "syncthreads.cu"};
    cl_error err = {0};
    char *got = pack_find_submission(dir, &m, &err);
    assert_null(got);
    assert_non_null(strstr(err.message, "nor any .cu"));
    put(dir, "repo/src/mine.cu"); /* the only .cu: taken */
    got = pack_find_submission(dir, &m, &err);
    assert_non_null(got);
    assert_non_null(strstr(got, "/repo/src/mine.cu"));
    free(got);
    put(dir, "other.cu"); /* two, none named as the day's */
    assert_null(pack_find_submission(dir, &m, &err));
    put(dir, "repo/deep/er/syncthreads.cu");
    put(dir, "repo/syncthreads.cu"); /* the shallowest named one wins */
    got = pack_find_submission(dir, &m, &err);
    assert_non_null(strstr(got, "/repo/syncthreads.cu"));
    free(got);
    put(dir, "b/syncthreads.cu"); /* two at one depth: which one? */
    assert_null(pack_find_submission(dir, &m, &err));
    assert_non_null(strstr(err.message, "2 files named"));
    rm_rf(dir);
    free(dir);
}

/* pack student refuses a folder that is not empty, and a file; pack's
 * usage is checked before anything is built. */
static void test_pack_refusals(void **state)
{
    (void)state;
    char *dir = tmpdir(), *file = cl_path_join(dir, "f");
    day_course *c = NULL;
    pack_sink *s = NULL;
    cl_error err = {0};
    assert_int_equal(day_course_load(CUDALAB_TEST_DIR "/..", &c, &err), CL_OK);
    put(dir, "f");
    assert_int_equal(pack_student(c, dir, &s, &err), CL_USAGE);
    assert_non_null(strstr(err.message, "not empty"));
    pack_sink_free(s);
    assert_int_equal(pack_student(c, file, &s, &err), CL_USAGE);
    assert_non_null(strstr(err.message, "not a folder"));
    pack_sink_free(s);
    char *argv1[] = {"pack", "teacher", dir, NULL};
    assert_int_equal(cmd_pack(3, argv1), 2);
    char *argv2[] = {"pack", "gradescope", "14", NULL};
    assert_int_equal(cmd_pack(3, argv2), 2);
    /* A course without cudalab's source beside it (an installed one). */
    char *days = cl_path_join(dir, "course/days");
    cl_error e2 = {0};
    assert_int_equal(cl_mkdirs(days, &e2), CL_OK);
    char *root = cl_path_join(dir, "course");
    s = pack_sink_zip();
    assert_int_equal(pack_tool_source(s, root, "", true, &err), CL_NOT_FOUND);
    pack_sink_free(s);
    free(root);
    free(days);
    day_course_free(c);
    rm_rf(dir);
    free(file);
    free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_crc32),
        cmocka_unit_test(test_zip_read_back),
        cmocka_unit_test(test_strip_hidden),
        cmocka_unit_test(test_points),
        cmocka_unit_test(test_gradescope_advice),
        cmocka_unit_test(test_gradescope_markdown),
        cmocka_unit_test(test_hidden_visibility),
        cmocka_unit_test(test_find_submission),
        cmocka_unit_test(test_pack_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
