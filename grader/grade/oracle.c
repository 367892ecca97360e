/* oracle.c - the reference solution's outputs at a size: the expected
 * outputs of the student's run. Run once on the emulator, then kept in the
 * cache by (reference PTX, kernel and its manifest entry, size, seed,
 * cudalab version), so that a warm grade runs only the student's kernels. */
#include "grade_internal.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend/emu.h"
#include "core/sha256.h"

#define ORACLE_MAGIC "cudalab-oracle 1\n"

void grade_oracle_free(grade_oracle *o)
{
    for (int i = 0; i < o->nout; i++) {
        const harness_output *h = &o->out[i];
        harness_free(h->host, (h->head + h->count + h->tail) * h->elem);
    }
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
    for (int d = 0; d < 3; d++) {
        cl_str_addf(s, "%d|", k->launch.block[d]);
        add_formula(s, k->launch.grid[d]);
    }
    add_formula(s, k->launch.shared);
}

static char *oracle_path(const grading *g, const day_kernel *k, const char *entry,
                         const day_size *size)
{
    char *folder = build_cache_folder(&g->build, "oracle");
    if (!folder) return NULL;
    cl_str s = {0};
    char *label = harness_size_label(size);
    harness_request req = {g->emu.be, g->emu.ref, k, entry, g->day, size, g->opt->seed, 0,
                           g->opt->threads};
    cl_str_addf(&s, "%s|%s|%zu|%llu|%s|%016llx|", CUDALAB_VERSION, entry, sizeof(backend_counters),
                (unsigned long long)g->opt->seed, label,
                (unsigned long long)harness_inputs_digest(&req));
    free(label);
    describe_kernel(&s, g->day, k);
    const char *ptx = build_ptx(g->ref);
    cl_sha256 c;
    char hex[CL_SHA256_HEX];
    cl_sha256_init(&c);
    cl_sha256_update(&c, s.s, s.len);
    cl_sha256_update(&c, ptx, strlen(ptx));
    cl_sha256_final_hex(&c, hex);
    cl_str_free(&s);
    char *path = cl_sprintf("%s/%s", folder, hex);
    free(folder);
    return path;
}

/* A stored oracle read straight from its file into the outputs' buffers
 * (no copy of the whole file first: a large output would be read, then
 * copied, into fresh memory twice). */
typedef struct reader {
    FILE *f;
    uint64_t left;  /* bytes of the file not read yet */
    bool ok;
} reader;

static void take(reader *r, void *to, size_t n)
{
    if (!r->ok || r->left < n || fread(to, 1, n, r->f) != n) {
        r->ok = false;
        memset(to, 0, n);
        return;
    }
    r->left -= n;
}

/* The file at path, opened if it is a regular file (never a FIFO or a
 * device, which could wait), and its size. */
static FILE *open_regular(const char *path, uint64_t *size)
{
    struct stat sb;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) return NULL;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return NULL;
    FILE *f = fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) ? fdopen(fd, "rb") : NULL;
    if (!f) close(fd);
    *size = f ? (uint64_t)sb.st_size : 0;
    return f;
}

/* A stored oracle; false on anything unexpected (then it is made again). */
static bool load(const char *path, const day_kernel *k, grade_oracle *o)
{
    uint64_t size = 0;
    FILE *f = open_regular(path, &size);
    if (!f) return false;
    size_t m = strlen(ORACLE_MAGIC);
    char magic[sizeof ORACLE_MAGIC];
    reader r = {f, size, true};
    take(&r, magic, m);
    r.ok = r.ok && !memcmp(magic, ORACLE_MAGIC, m);
    int32_t nout = 0;
    take(&r, &o->counters, sizeof o->counters);
    take(&r, &o->block_work, sizeof o->block_work);
    take(&r, &nout, sizeof nout);
    r.ok = r.ok && nout >= 0 && nout <= k->nparams;
    o->out = cl_calloc((size_t)(r.ok ? nout : 0) + 1, sizeof *o->out);
    for (int i = 0; r.ok && i < nout; i++) {
        harness_output *h = &o->out[i];
        uint64_t fl[5];
        take(&r, fl, sizeof fl);
        *h = (harness_output){(int)fl[0], fl[1], fl[2], fl[3], fl[4], NULL, NULL};
        r.ok = r.ok && fl[0] < (uint64_t)k->nparams && (fl[1] == 1 || fl[1] == 4) &&
               fl[2] + fl[3] + fl[4] <= r.left / fl[1];
        if (!r.ok) break;
        size_t bytes = (size_t)(fl[2] + fl[3] + fl[4]) * h->elem;
        h->host = harness_alloc(bytes);
        take(&r, h->host, bytes);
        o->nout = i + 1;
    }
    fclose(f);
    if (!r.ok || r.left != 0 || o->nout != nout) {
        grade_oracle_free(o);
        return false;
    }
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
        cl_str_addn(&s, (const char *)h->host, (h->head + h->count + h->tail) * h->elem);
    }
    char *dir = cl_strdup(path), *slash = strrchr(dir, '/');
    cl_error err = {0};
    if (slash) *slash = '\0';
    if (cl_mkdirs(dir, &err) == CL_OK) {
        char *root = cl_strdup(dir), *up = strrchr(root, '/');
        if (up) *up = '\0';
        build_cache_make_room(root, s.len); /* the cache folder: oracle/'s parent */
        free(root);
        cl_write_file_atomic(path, s.s, s.len, &err);
    }
    free(dir);
    cl_str_free(&s);
}

static cl_status run_reference(grading *g, const day_kernel *k, const char *entry,
                               const day_size *size, grade_oracle *o, cl_error *err)
{
    harness_request req = {g->emu.be, g->emu.ref, k, entry, g->day, size, g->opt->seed, 0,
                           g->opt->threads};
    harness_result hr = {0};
    backend_emu_set_bounds(g->emu.be, 0, NULL, 0);
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
        o->block_work = backend_emu_last_block_work(g->emu.be);
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
        return CL_OK;
    }
    cl_status st = run_reference(g, k, entry, size, o, err);
    if (st == CL_OK && o->completed && path) store(path, o);
    free(path);
    return st;
}
