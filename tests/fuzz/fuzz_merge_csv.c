/* fuzz_merge_csv.c - `cudalab merge`'s reader (batch_merge_add: the tables
 * of `batch --csv`, which a shard's machine or a person may have changed) on
 * any bytes, taken as two tables split at the first NUL byte (the second may
 * be missing), so that the header check between tables is reached too. A
 * table it accepted must come out as one batch could have written: merged
 * again, the output is taken whole and gives the very same bytes, and no
 * cell of it starts as a spreadsheet formula does (a number cell may start
 * with '-' and must then be a number). Seeds: tables of `batch --csv` (the
 * fake grader of tests/fixtures/batch) over odd and hostile paths, kept in
 * corpus/merge_csv/ (docs/fuzzing.md lists them). */
#include "fuzz.h"

#include <stdbool.h>
#include <string.h>

#include "batch.h"

/* No cell of table starts with =, +, @, tab or CR, nor with '-' unless it
 * is a number. */
static void no_formula(const char *table)
{
    for (const char *p = table; *p;) {
        const char *cell = p + (*p == '"');
        if (strchr("=+@\t\r", *cell) && *cell) FUZZ_ASSERT(!"a cell starts a formula");
        if (*cell == '-') {
            char *end = NULL;
            (void)strtod(cell, &end);
            FUZZ_ASSERT(end > cell && (*end == ',' || *end == '\n'));
        }
        /* to the next cell: past a quoted part ("" inside), then to , or \n */
        if (*p == '"')
            for (p++; *p && !(*p == '"' && p[1] != '"'); p += 1 + (*p == '"')) {}
        p += strcspn(p, ",\n");
        if (*p) p++;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    const char *nul = memchr(text, '\0', size);
    size_t first = nul ? (size_t)(nul - text) : size;
    batch_merge *m = batch_merge_new();
    cl_error err = {0};
    cl_status st = batch_merge_add(m, "a.csv", text, first, &err);
    bool took = st == CL_OK;
    FUZZ_ASSERT(st == CL_OK || err.message[0]);
    if (took && nul) {
        err = (cl_error){0};
        st = batch_merge_add(m, "b.csv", nul + 1, size - first - 1, &err);
        FUZZ_ASSERT(st == CL_OK || err.message[0]);
    }
    size_t rows = 0, again_rows = 0;
    char *out = batch_merge_text(m, &rows);
    FUZZ_ASSERT(!out == !took); /* a table refused leaves nothing behind */
    if (out) {
        no_formula(out);
        batch_merge *again = batch_merge_new();
        err = (cl_error){0};
        FUZZ_ASSERT(batch_merge_add(again, "out.csv", out, strlen(out), &err) == CL_OK);
        char *out2 = batch_merge_text(again, &again_rows);
        FUZZ_ASSERT(out2 && !strcmp(out, out2) && again_rows == rows);
        free(out2);
        batch_merge_free(again);
    }
    free(out);
    batch_merge_free(m);
    return 0;
}
