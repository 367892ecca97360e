/* test_hidden_hazards.c - hazards met at a hidden size reach the report as
 * their kind, kernel and lines only (report_hazard_redact, taken in by
 * grade_take_hazards): a kernel that writes a hidden size into an offset, a
 * buffer's length, a mask or the block it faults in finds none of it in the
 * JSON or the text, while the course size's hazards keep every detail. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grade/grade_internal.h"
#include "report/result.h"
#include "report/text.h"

/* What a hidden size could be read back from, were it kept: the buffers'
 * lengths at n = 1000 and 257, the masks of live = 7 and 9, the blocks, an
 * address, the sizes' labels. */
static const char *const secrets[] = {"4,000", "1,028", "0x0000007f", "0x000001ff", "0x7777", "n=1000",
                                      "n=257", "[3,", "[77,", "31337"};

static void add(backend_run *run, day_check c, cl_hazard_kind kind, const char *kernel, int line,
                const char *msg, uint32_t mask, int block, uint64_t count)
{
    run->hazards = cl_realloc(run->hazards, (size_t)(run->nhazards + 1) * sizeof *run->hazards);
    report_hazard *h = &run->hazards[run->nhazards++];
    memset(h, 0, sizeof *h);
    h->check = c;
    h->severity = REPORT_ERROR;
    h->kind = kind;
    h->kernel = cl_strdup(kernel);
    h->file = cl_strdup("syncthreads.cu");
    h->line = line;
    h->block[0] = block;
    h->warp = block % 8;
    h->lane = 31337 % 32;
    h->source_lane = mask ? 4 : -1;
    h->has_mask = mask != 0;
    h->mask = mask;
    h->has_lanes = mask != 0;
    h->lanes.mask = mask;
    h->lanes.active = mask;
    h->count = count;
    h->message = cl_strdup(msg);
}

/* The course size, then two hidden sizes, as run_mine takes them in. */
static report_result *graded(void)
{
    report_result *r = report_new("day14-syncthreads", "syncthreads.cu", "emulator", 1);
    backend_run run = {0};
    add(&run, DAY_CHECK_MEMORY, CL_HZ_OOB, "reverseBlocks", 12,
        "a 4-byte global load is out of bounds: 'in' (4,194,304 bytes)", 0, 4096, 1);
    add(&run, DAY_CHECK_MASK_HONESTY, CL_HZ_MASK_NOT_MEMBER, "reverseBlocks", 20,
        "lane 20 runs a collective with mask 0x000fffff", 0x000fffffu, 2, 5);
    grade_take_hazards(r, &run, "n=1048576", false);
    add(&run, DAY_CHECK_MEMORY, CL_HZ_OOB, "reverseBlocks", 12,
        "a 4-byte global load is out of bounds: 'in' (4,000 bytes)", 0, 3, 7);
    add(&run, DAY_CHECK_MASK_HONESTY, CL_HZ_MASK_NOT_MEMBER, "reverseBlocks", 20,
        "lane 7 runs a collective with mask 0x0000007f", 0x7fu, 3, 9);
    add(&run, DAY_CHECK_MEMORY, CL_HZ_OOB, "blockSums", 30,
        "a 4-byte global load at 0x7777000 is out of bounds: 'in' (4,000 bytes)", 0, 77, 31337);
    grade_take_hazards(r, &run, "n=1000", true);
    add(&run, DAY_CHECK_MEMORY, CL_HZ_OOB, "blockSums", 30,
        "a 4-byte global load at 0x7777400 is out of bounds: 'in' (1,028 bytes)", 0, 77, 31337);
    add(&run, DAY_CHECK_MEMORY, CL_HZ_OOB, "blockSums", 30, /* again in the run: one size */
        "a 4-byte global load at 0x7777404 is out of bounds: 'in' (1,028 bytes)", 0, 78, 1);
    add(&run, DAY_CHECK_MASK_HONESTY, CL_HZ_MASK_NOT_MEMBER, "blockSums", 31,
        "lane 9 runs a collective with mask 0x000001ff", 0x1ffu, 3, 2);
    grade_take_hazards(r, &run, "n=257", true);
    free(run.hazards);
    return r;
}

static void no_secret(const char *what, const char *text)
{
    for (size_t i = 0; i < sizeof secrets / sizeof *secrets; i++)
        if (strstr(text, secrets[i])) fail_msg("the %s holds %s:\n%s", what, secrets[i], text);
}

static const report_hazard *at(const report_result *r, const char *kernel, int line)
{
    for (int i = 0; i < r->nhazards; i++)
        if (!strcmp(r->hazards[i].kernel, kernel) && r->hazards[i].line == line) return &r->hazards[i];
    fail_msg("no hazard of %s at line %d", kernel, line);
    return NULL;
}

static void test_model(void **state)
{
    (void)state;
    report_result *r = graded();
    assert_int_equal(r->nhazards, 4); /* one record a place: masks do not split a hidden size's */
    const report_hazard *oob = at(r, "reverseBlocks", 12), *mask = at(r, "reverseBlocks", 20);
    assert_false(oob->hidden);
    assert_int_equal(oob->count, 1); /* the course size's warps alone */
    assert_int_equal(oob->hidden_sizes, 1);
    assert_int_equal(oob->block[0], 4096);
    assert_non_null(strstr(oob->message, "4,194,304"));
    assert_false(mask->hidden);
    assert_int_equal(mask->mask, 0x000fffffu);
    assert_int_equal(mask->count, 5);
    const report_hazard *h = at(r, "blockSums", 30);
    assert_true(h->hidden);
    assert_int_equal(h->hidden_sizes, 2);
    assert_int_equal(h->count, 2);
    assert_int_equal(h->block[0], 0);
    assert_false(h->has_mask);
    assert_string_equal(h->size, "a hidden size");
    assert_true(at(r, "blockSums", 31)->hidden);
    assert_false(at(r, "blockSums", 31)->has_lanes);
    report_free(r);
}

static void test_json_and_text(void **state)
{
    (void)state;
    report_result *r = graded();
    char *json = report_to_json(r);
    no_secret("JSON", json);
    assert_non_null(strstr(json, "4,194,304"));  /* the course size's detail stays */
    assert_non_null(strstr(json, "0x000fffff"));
    cJSON *o = cJSON_Parse(json);
    const cJSON *h;
    int hidden = 0;
    cJSON_ArrayForEach(h, cJSON_GetObjectItem(o, "hazards")) {
        if (!cJSON_IsTrue(cJSON_GetObjectItem(h, "hidden"))) continue;
        hidden++;
        const char *keys[] = {"block", "warp", "lane", "source_lane", "mask"};
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
            assert_true(cJSON_IsNull(cJSON_GetObjectItem(h, keys[i])));
        assert_null(cJSON_GetObjectItem(h, "lanes"));
        assert_non_null(strstr(cJSON_GetObjectItem(h, "message")->valuestring, "at a hidden size"));
    }
    assert_int_equal(hidden, 2);
    /* read back (the terminal UI's way), it stays what it was */
    report_result *back = NULL;
    cl_error err = {0};
    assert_int_equal(report_from_json(json, &back, &err), CL_OK);
    assert_true(at(back, "blockSums", 30)->hidden);
    assert_int_equal(at(back, "blockSums", 30)->hidden_sizes, 2);
    assert_int_equal(at(back, "reverseBlocks", 12)->hidden_sizes, 1);
    report_free(back);
    cJSON_Delete(o);
    free(json);

    report_text_options opt = {false, 100};
    report_doc *doc = report_render(r, &opt);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    report_doc_print(doc, f, false);
    fclose(f);
    no_secret("text", text);
    assert_non_null(strstr(text, "at 2 hidden sizes"));
    assert_non_null(strstr(text, "in 1 warp at n=1048576, and at 1 hidden size"));
    assert_non_null(strstr(text, "first in block (4096,0,0)"));
    free(text);
    report_doc_free(doc);
    report_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_model),
        cmocka_unit_test(test_json_and_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
