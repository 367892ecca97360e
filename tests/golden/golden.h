/* golden.h - what golden_runner.c and golden_gpu.c share: a case as its
 * comments describe it, and the few helpers both use. */
#ifndef CUDALAB_GOLDEN_H
#define CUDALAB_GOLDEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ptx/ptx.h"
#include "sim/sim.h"

#define MAXBUF 16
#define MAXLINES 256

typedef struct buffer {
    char name[64];
    char type[8];
    size_t count;
    char init[512];
    uint64_t addr;
} buffer;

typedef struct gcase {
    char name[128];
    char kernel[256];
    sim_dim3 grid, block;
    unsigned shared;
    bool cooperative; /* `launch: ... cooperative`: every block resident (sim_set_cooperative) */
    buffer bufs[MAXBUF];
    int nbufs;
    char params[1024];
    uint64_t budget;
    bool counters_vary;
    bool gpu_differs; /* `// gpu: differs ...`: its outputs are undefined on hardware */
    bool gpu_none;    /* `// gpu: none ...`: no GPU runs it (the record need not hold it) */
    char *expects[MAXLINES];
    int nexpects;
    int line;
} gcase;

/* The case's buffers' initial bytes (caller frees) and sizes. */
void *golden_buffer_data(const buffer *b);
size_t golden_buffer_bytes(const buffer *b);
/* The kernel's argument values (buffers as their addresses) into vals[64];
 * their count, or -1 after reporting the problem. */
int golden_param_values(gcase *c, const ptx_module *m, long e, uint64_t vals[64]);
void golden_fail(const gcase *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* golden_gpu.c: run every case on the GPU and write their output buffers to
 * path (the record); or compare a case's emulator outputs with a record. */
int golden_gpu_record(gcase *cases, int n, const char *ptx_path, const ptx_module *m,
                      const char *path);
typedef struct golden_record golden_record;
golden_record *golden_record_load(const char *path);
void golden_record_free(golden_record *r);
/* Fails the case where a buffer differs from the record; true when the
 * record has the case. */
bool golden_record_check(const golden_record *r, const gcase *c, sim_status status,
                         uint8_t *const *data);

#endif
