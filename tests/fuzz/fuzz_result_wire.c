/* fuzz_result_wire.c - the reader of a grade's report as the sandboxed child
 * hands it back (report_wire_get, grader/report/result_wire.c), on any
 * bytes: the child may be compromised, so the reader trusts nothing. A
 * report it accepts must be one report_wire_put could have written: put
 * again, it gives the very same bytes. Either way nothing is left allocated.
 * Seeds: reports the encoder wrote (fuzz_report_seeds, scripts/fuzz-seeds.sh):
 * hazards, a day's program, performance figures, diagnostics, scores. */
#include "fuzz.h"

#include <string.h>

#include "report/result_wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    report_result *r = NULL;
    cl_error err = {0};
    cl_status st = report_wire_get(data, size, &r, &err);
    if (st != CL_OK) {
        FUZZ_ASSERT(!r && err.message[0]);
        return 0;
    }
    FUZZ_ASSERT(r && r->day && r->file && r->backend);
    cl_str again = {0};
    report_wire_put(r, &again);
    FUZZ_ASSERT(again.len == size && !memcmp(again.s, data, size));
    cl_str_free(&again);
    report_free(r);
    return 0;
}
