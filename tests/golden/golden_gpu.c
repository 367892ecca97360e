/* golden_gpu.c - golden cases on a real GPU: `--gpu-record` runs each case
 * through the GPU backend (the driver JIT-compiles the same PTX) and writes
 * every output buffer; `--gpu-results` reads such a record so that each
 * case's emulator outputs are compared with the GPU's, byte for byte.
 *
 * A record is text, one line a buffer: case, buffer, outcome and the bytes
 * in hex, separated by tabs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "gpu/gpu.h"
#include "golden.h"

typedef struct record_row {
    char *kase, *buffer, *outcome;
    uint8_t *bytes;
    size_t len;
} record_row;

struct golden_record {
    record_row *rows;
    size_t n;
};

static void put_hex(FILE *out, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) fprintf(out, "%02x", p[i]);
}

/* One case on the GPU; false when cudalab could not run it at all. */
static bool gpu_case(backend *be, int module, gcase *c, const ptx_module *m, FILE *out)
{
    long e = c->kernel[0] ? ptx_find_entry(m, c->kernel) : 0;
    cl_error err = {0};
    bool ok = false;
    int nalloc = 0;
    if (e < 0) return false;
    for (; nalloc < c->nbufs; nalloc++) {
        buffer *b = &c->bufs[nalloc];
        size_t bytes = golden_buffer_bytes(b);
        void *data = golden_buffer_data(b);
        cl_status st = backend_alloc(be, bytes ? bytes : 4, b->name, &b->addr, &err);
        if (st == CL_OK) st = backend_write(be, b->addr, data, bytes, &err);
        free(data);
        if (st != CL_OK) goto done;
    }
    uint64_t vals[64];
    backend_arg args[64];
    int n = golden_param_values(c, m, e, vals);
    for (int p = 0; p < n; p++) {
        const ptx_param_info *pi = ptx_entry_param(m, (size_t)e, (size_t)p);
        unsigned size = pi && (pi->size == 1 || pi->size == 2 || pi->size == 4) ? (unsigned)pi->size : 8;
        args[p] = (backend_arg){size, vals[p]}; /* a .u16 parameter is 2 bytes to the driver */
    }
    backend_launch l = {.kernel = ptx_entry_name(m, (size_t)e),
                        .grid = {c->grid.x, c->grid.y, c->grid.z},
                        .block = {c->block.x, c->block.y, c->block.z},
                        .dynamic_shared = c->shared, .args = args, .nargs = n, .nsets = 1,
                        .cooperative = c->cooperative};
    backend_run run = {0};
    if (backend_launch_kernel(be, module, &l, &run, &err) != CL_OK) goto done;
    for (int i = 0; i < c->nbufs; i++) {
        size_t bytes = golden_buffer_bytes(&c->bufs[i]);
        uint8_t *host = calloc(bytes ? bytes : 1, 1);
        bool got = run.outcome == BACKEND_COMPLETED &&
                   backend_read(be, host, c->bufs[i].addr, bytes, &err) == CL_OK;
        fprintf(out, "%s\t%s\t%s\t", c->name, c->bufs[i].name, backend_outcome_name(run.outcome));
        if (got) put_hex(out, host, bytes);
        fputc('\n', out);
        free(host);
    }
    printf("%-9s %s\n", backend_outcome_name(run.outcome), c->name);
    backend_run_free(&run);
    ok = true;
done:
    if (!ok) fprintf(stderr, "FAIL [%s]: on the GPU: %s\n", c->name, err.message);
    for (int i = 0; i < nalloc; i++) backend_release(be, c->bufs[i].addr, NULL);
    return ok;
}

int golden_gpu_record(gcase *cases, int n, const char *ptx_path, const ptx_module *m,
                      const char *path)
{
    backend *be = NULL;
    cl_error err = {0};
    char *ptx = NULL;
    size_t len = 0;
    int module = -1, bad = 0;
    FILE *out = NULL;
    if (gpu_backend_new(&be, &err) != CL_OK || cl_read_file(ptx_path, &ptx, &len, &err) != CL_OK ||
        backend_load(be, "golden", ptx, len, NULL, 0, &module, &err) != CL_OK) {
        fprintf(stderr, "golden_runner: %s\n", err.message);
        bad = 1;
        goto done;
    }
    if (!(out = fopen(path, "w"))) {
        fprintf(stderr, "golden_runner: cannot write %s\n", path);
        bad = 1;
        goto done;
    }
    for (int i = 0; i < n; i++) bad += !gpu_case(be, module, &cases[i], m, out);
done:
    if (out) fclose(out);
    backend_destroy(be);
    free(ptx);
    return bad ? 1 : 0;
}

static uint8_t *from_hex(const char *s, size_t *len)
{
    size_t n = strlen(s) / 2;
    uint8_t *p = malloc(n ? n : 1);
    for (size_t i = 0; i < n; i++) {
        unsigned v = 0;
        sscanf(s + 2 * i, "%2x", &v);
        p[i] = (uint8_t)v;
    }
    *len = n;
    return p;
}

golden_record *golden_record_load(const char *path)
{
    char *text = NULL;
    if (cl_read_file(path, &text, NULL, NULL) != CL_OK) return NULL;
    golden_record *r = calloc(1, sizeof *r);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *f[4] = {line, NULL, NULL, NULL};
        for (int k = 1; k < 4 && f[k - 1]; k++) {
            char *tab = strchr(f[k - 1], '\t');
            if (tab) *tab = '\0';
            f[k] = tab ? tab + 1 : NULL;
        }
        if (!f[3]) continue;
        r->rows = realloc(r->rows, (r->n + 1) * sizeof *r->rows);
        record_row *row = &r->rows[r->n++];
        row->kase = strdup(f[0]);
        row->buffer = strdup(f[1]);
        row->outcome = strdup(f[2]);
        row->bytes = from_hex(f[3], &row->len);
    }
    free(text);
    return r;
}

void golden_record_free(golden_record *r)
{
    for (size_t i = 0; r && i < r->n; i++) {
        free(r->rows[i].kase);
        free(r->rows[i].buffer);
        free(r->rows[i].outcome);
        free(r->rows[i].bytes);
    }
    if (r) free(r->rows);
    free(r);
}

/* The GPU's outcome and the emulator's status agree: a trap both ways, a
 * fault both ways, a hang on the GPU where the emulator found a deadlock or
 * ran out of budget. */
static bool same_ending(const char *gpu, sim_status emu)
{
    if (!strcmp(gpu, "trap")) return emu == SIM_TRAPPED;
    if (!strcmp(gpu, "fault")) return emu == SIM_FAULTED;
    if (!strcmp(gpu, "timeout")) return emu == SIM_DEADLOCKED || emu == SIM_BUDGET_EXHAUSTED;
    return false;
}

bool golden_record_check(const golden_record *r, const gcase *c, sim_status status,
                         uint8_t *const *data)
{
    bool found = false;
    for (size_t k = 0; k < r->n; k++) {
        const record_row *row = &r->rows[k];
        if (strcmp(row->kase, c->name) != 0) continue;
        found = true;
        for (int i = 0; i < c->nbufs; i++) {
            if (strcmp(row->buffer, c->bufs[i].name) != 0) continue;
            size_t bytes = golden_buffer_bytes(&c->bufs[i]);
            if (strcmp(row->outcome, "completed") != 0) {
                if (!same_ending(row->outcome, status))
                    golden_fail(c, "the GPU's run ended in '%s', the emulator's in '%s'", row->outcome,
                                sim_status_name(status));
            } else if (status != SIM_COMPLETED) {
                golden_fail(c, "the GPU's run completed, the emulator's ended in '%s'", sim_status_name(status));
            } else if (row->len != bytes || memcmp(row->bytes, data[i], bytes) != 0) {
                size_t at = 0;
                while (at < bytes && at < row->len && row->bytes[at] == data[i][at]) at++;
                golden_fail(c, "buffer %s differs from the GPU's at byte %zu", c->bufs[i].name, at);
            }
        }
    }
    return found;
}
