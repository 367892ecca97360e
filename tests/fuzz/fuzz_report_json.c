/* fuzz_report_json.c - the report JSON reader (report_from_json: the runner
 * reads `cudalab grade --json` from a child, batch reads it back) on any
 * bytes; a report it accepted is then drawn as the terminal shows it (ASCII
 * and UTF-8, narrow and wide) and written back to JSON, which must read
 * again. Seeds: reports of `cudalab grade --json` (scripts/fuzz-seeds.sh). */
#include "fuzz.h"

#include "report/result.h"
#include "report/text.h"

static void draw(const report_result *r, bool unicode, int width)
{
    report_text_options opt = {.unicode = unicode, .width = width};
    report_doc *d = report_render(r, &opt);
    FUZZ_ASSERT(d);
    for (int i = 0; i < d->nlines; i++) FUZZ_ASSERT(d->lines[i].text);
    report_doc_free(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strndup(data, size);
    report_result *r = NULL;
    cl_error err = {0};
    if (report_from_json(text, &r, &err) == CL_OK) {
        FUZZ_ASSERT(r);
        draw(r, false, 60);
        draw(r, true, 132);
        char *again = report_to_json(r);
        report_result *back = NULL;
        FUZZ_ASSERT(again && report_from_json(again, &back, &err) == CL_OK);
        report_free(back);
        free(again);
    } else {
        FUZZ_ASSERT(!r && err.message[0]);
    }
    report_free(r);
    free(text);
    return 0;
}
