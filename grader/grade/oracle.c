/* oracle.c - the reference solution's outputs at a size: the expected
 * outputs of the student's run. Run once on the emulator, then kept in the
 * cache by (reference PTX, kernel and its manifest entry, size, seed,
 * cudalab version), so that a warm grade runs only the student's kernels. */
#include "grade_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/emu.h"
#include "core/sha256.h"

#define ORACLE_MAGIC "cudalab-oracle 2\n"
#define ORACLE_ALIGN 64 /* each output's bytes start at a multiple of it in the file */

void grade_oracle_free(grade_oracle *o)
{
    for (int i = 0; i < o->nout && !o->map; i++) {
        const harness_output *h = &o->out[i];
        harness_free(h->host, (h->head + h->count + h->tail) * h->elem);
    }
    cl_unmap_file(o->map, o->map_bytes);
    free(o->out);
    free(o->why);
    memset(o, 0, sizeof *o);
}

static void add_formula(cl_str *s, const day_formula *f)
{
    cl_str_addf(s, "%s|", f ? f->text : "-");
}

/* Everything of the manifest that decides the reference's outputs. */
static void describe_kernel(cl_str *s, const day_manifest *m, const day_kernel *k)
{
    cl_str_addf(s, "%s|%s|%d|", m->slug, k->name, k->nparams);
    for (int i = 0; i < k->nparams; i++) {
        const day_param *p = &k->params[i];
        cl_str_addf(s, "%s|%s|%d|", day_param_type_name(p->type), p->name, (int)p->role);
        add_formula(s, p->length);
        add_formula(s, p->offset);
        add_formula(s, p->value);
        cl_str_addf(s, "%s|", p->fill.key ? p->fill.key : "-");
    }
    if (k->is_program) cl_str_addf(s, "program|%s|", m->program->key);
    for (int d = 0; d < 3; d++) {
        cl_str_addf(s, "%d|", k->launch.block[d]);
        add_formula(s, k->launch.grid[d]);
    }
    add_formula(s, k->launch.shared);
}

/* The reference's PTX into the key, less what depends on where it was
 * built: nvcc names a function of internal linkage (static, an anonymous
 * namespace) _INTERNAL_ and eight hex digits of a hash of the source's path,
 * and a reference is built in a scratch folder of its own each time, so
 * two empty caches would key the same outputs apart. The eight digits go in
 * as zeros. */
static void hash_ptx(cl_sha256 *c, const char *ptx)
{
    static const char tag[] = "_INTERNAL_";
    const size_t n = sizeof tag - 1;
    const char *p = ptx, *hit;
    while ((hit = strstr(p, tag))) {
        const char *h = hit + n;
        size_t hex = strspn(h, "0123456789abcdef");
        cl_sha256_update(c, p, (size_t)(h - p));
        if (hex == 8 && h[8] == '_') {
            cl_sha256_update(c, "00000000", 8);
            h += 8;
        }
        p = h;
    }
    cl_sha256_update(c, p, strlen(p));
}

static char *oracle_path(const grading *g, const day_kernel *k, const char *entry,
                         const day_size *size)
{
    char *folder = build_cache_folder(&g->build, "oracle");
    if (!folder) return NULL;
    cl_str s = {0};
    char *label = harness_size_label(size);
    harness_request req = grade_request(g, &g->emu, g->emu.ref, k, entry, size, 0);
    /* the counters are stored as their bytes: their size and keys (core/figures.h) are in the key */
    cl_str_addf(&s, "%s|%s|%zu|%s|%llu|%s|%016llx|", CUDALAB_VERSION, entry, sizeof(backend_counters), CL_COUNTER_KEYS,
                (unsigned long long)g->opt->seed, label,
                (unsigned long long)harness_inputs_digest(&req));
    free(label);
    describe_kernel(&s, g->day, k);
    const char *ptx = build_ptx(g->ref);
    cl_sha256 c;
    char hex[CL_SHA256_HEX];
    cl_sha256_init(&c);
    cl_sha256_update(&c, s.s, s.len);
    hash_ptx(&c, ptx);
    cl_sha256_final_hex(&c, hex);
    cl_str_free(&s);
    char *path = cl_sprintf("%s/%s", folder, hex);
    free(folder);
    return path;
}

static size_t aligned(size_t n)
{
    return (n + ORACLE_ALIGN - 1) & ~(size_t)(ORACLE_ALIGN - 1);
}

/* The stored oracle's layout: the magic, the counters, the busiest block's
 * work, the number of outputs, five numbers for each (parameter, element
 * bytes, count, head, tail), then each output's bytes at a multiple of
 * ORACLE_ALIGN. */
static size_t header_bytes(int nout)
{
    return strlen(ORACLE_MAGIC) + sizeof(backend_counters) + sizeof(uint64_t) + sizeof(int32_t) +
           (size_t)nout * 5 * sizeof(uint64_t);
}

/* A stored oracle, its outputs left in the file's pages (mapped, not read:
 * the page cache holds them already, and fresh memory costs the kernel's
 * zeroing); false on anything unexpected (then it is made again). Files of
 * the cache are only ever replaced whole (a rename), never rewritten in
 * place, so a mapped one does not change under the grade. */
static bool load(const char *path, const day_kernel *k, grade_oracle *o)
{
    size_t size = 0;
    const void *file = NULL;
    if (cl_map_file(path, &file, &size, NULL) != CL_OK) return false;
    unsigned char *map = (unsigned char *)file; /* read-only: outputs are only read */
    size_t m = strlen(ORACLE_MAGIC), at = m;
    int32_t nout = -1;
    bool ok = size >= header_bytes(0) && !memcmp(map, ORACLE_MAGIC, m);
    if (ok) {
        memcpy(&o->counters, map + at, sizeof o->counters);
        at += sizeof o->counters;
        memcpy(&o->block_work, map + at, sizeof o->block_work);
        at += sizeof o->block_work;
        memcpy(&nout, map + at, sizeof nout);
        at += sizeof nout;
        ok = nout >= 0 && nout <= k->nparams && size >= header_bytes(nout);
    }
    o->out = cl_calloc((size_t)(ok ? nout : 0) + 1, sizeof *o->out);
    size_t data = ok ? aligned(header_bytes(nout)) : 0;
    for (int i = 0; ok && i < nout; i++) {
        uint64_t fl[5];
        memcpy(fl, map + at, sizeof fl);
        at += sizeof fl;
        ok = fl[0] < (uint64_t)k->nparams && (fl[1] == 1 || fl[1] == 4) && data <= size &&
             fl[2] <= size && fl[3] <= size && fl[4] <= size &&
             fl[2] + fl[3] + fl[4] <= (size - data) / fl[1];
        if (!ok) break;
        size_t bytes = (size_t)(fl[2] + fl[3] + fl[4]) * (size_t)fl[1];
        o->out[i] = (harness_output){(int)fl[0], fl[1], fl[2], fl[3], fl[4], map + data, NULL};
        data += aligned(bytes);
        o->nout = i + 1;
    }
    if (!ok || o->nout != nout || data != size) {
        cl_unmap_file(map, size);
        o->nout = 0; /* the outputs point into the map: nothing of theirs to free */
        free(o->out);
        o->out = NULL;
        return false;
    }
    o->map = map;
    o->map_bytes = size;
    o->ran = o->completed = o->has_counters = true;
    return true;
}

static void store(const char *path, const grade_oracle *o)
{
    cl_str s = {0};
    cl_str_add(&s, ORACLE_MAGIC);
    int32_t nout = o->nout;
    cl_str_addn(&s, (const char *)&o->counters, sizeof o->counters);
    cl_str_addn(&s, (const char *)&o->block_work, sizeof o->block_work);
    cl_str_addn(&s, (const char *)&nout, sizeof nout);
    for (int i = 0; i < o->nout; i++) {
        const harness_output *h = &o->out[i];
        uint64_t f[5] = {(uint64_t)h->param, h->elem, h->count, h->head, h->tail};
        cl_str_addn(&s, (const char *)f, sizeof f);
    }
    static const char zeros[ORACLE_ALIGN];
    cl_str_addn(&s, zeros, aligned(s.len) - s.len);
    for (int i = 0; i < o->nout; i++) {
        const harness_output *h = &o->out[i];
        cl_str_addn(&s, (const char *)h->host, (h->head + h->count + h->tail) * h->elem);
        cl_str_addn(&s, zeros, aligned(s.len) - s.len);
    }
    build_cache_put(path, s.s, s.len);
    cl_str_free(&s);
}

static cl_status run_reference(grading *g, const day_kernel *k, const char *entry,
                               const day_size *size, grade_oracle *o, cl_error *err)
{
    harness_request req = grade_request(g, &g->emu, g->emu.ref, k, entry, size, 0);
    harness_result hr = {0};
    backend_emu_set_bounds(g->emu.be, &(backend_emu_bounds){0});
    g->program_block_work = 0; /* a program's launches note their busiest block here */
    cl_status st = harness_run(&req, &hr, err);
    o->ran = st == CL_OK;
    o->completed = o->ran && hr.compared;
    if (o->ran && !o->completed)
        o->why = cl_sprintf("%s: %s", backend_outcome_name(hr.run.outcome),
                            hr.run.detail ? hr.run.detail : backend_outcome_text(hr.run.outcome));
    if (o->completed) {
        o->out = hr.out;
        o->nout = hr.nout;
        hr.out = NULL;
        hr.nout = 0;
        o->has_counters = hr.run.has_counters;
        o->counters = hr.run.counters;
        o->block_work = k->is_program ? g->program_block_work : backend_emu_last_block_work(g->emu.be);
    }
    harness_result_free(&hr);
    return st;
}

cl_status grade_oracle_get(grading *g, const day_kernel *k, const char *entry,
                           const day_size *size, grade_oracle *o, cl_error *err)
{
    memset(o, 0, sizeof *o);
    char *path = oracle_path(g, k, entry, size);
    if (path && load(path, k, o)) {
        build_cache_touch(path);
        free(path);
        /* an in-out buffer's values before the launch, as a run gives them:
           what the reference left alone is judged the same, warm or cold */
        harness_request req = grade_request(g, &g->emu, g->emu.ref, k, entry, size, 0);
        for (int i = 0; i < o->nout; i++) {
            harness_output *h = &o->out[i];
            if (k->params[h->param].role == DAY_ROLE_INOUT)
                h->initial = harness_input(&req, &k->params[h->param], h->count, h->elem);
        }
        return CL_OK;
    }
    cl_status st = run_reference(g, k, entry, size, o, err);
    if (st == CL_OK && o->completed && path) store(path, o);
    free(path);
    return st;
}
