/* fuzz_state.c - the progress file reader (ws_state_parse, the reading half
 * of ws_state_load) on any bytes, then what the runner does with a state:
 * look a day up, note a best figure, free it. A corrupt file must be an
 * error, never a crash or a leak. Seeds: state files as cudalab writes them
 * (scripts/fuzz-seeds.sh). */
#include "fuzz.h"

#include <string.h>

#include "workspace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ws_state *s = cl_calloc(1, sizeof *s);
    cl_error err = {0};
    cl_status st = ws_state_parse("state.yaml", (const char *)data, size, s, &err);
    if (st == CL_OK) {
        for (int i = 0; i < s->ndays; i++) {
            ws_day_state *d = &s->days[i];
            FUZZ_ASSERT(d->slug && ws_state_day(s, d->slug) == d);
            FUZZ_ASSERT((unsigned)d->status < WS_STATUS_COUNT);
            FUZZ_ASSERT(ws_status_key(d->status) && ws_status_text(d->status));
            for (int b = 0; b < d->nbest; b++) FUZZ_ASSERT(d->best[b].kernel);
            if (d->nbest) ws_note_best(d, d->best[0].kernel, 1, 1);
        }
    } else {
        FUZZ_ASSERT(err.message[0]);
    }
    ws_state_free(s);
    return 0;
}
