/* cache.c - the content-addressed build cache.
 *
 * An entry is one file, DIR/ab/abcdef...entry, named by the key (see
 * build_cache_key), written atomically (temporary file and rename), so a
 * reader sees a whole entry or none. Its layout:
 *
 *   cudalab-build-cache 1
 *   meta 1234            a section: name, length in bytes, newline, the
 *   {...json...}         bytes, newline; meta is JSON (cJSON), the others raw
 *   ptx 5678 ... cubin0 ... cubin1 ... nvcc_log ... ptxas_log ...
 *   end <sha256 of everything above this line>
 *
 * meta lists the included files (not the toolkit's) with their SHA-256: on
 * lookup each is hashed again, and a difference is a miss, so an edited
 * header rebuilds. A damaged entry (bad layout, wrong checksum, bad JSON) is
 * a miss and is overwritten by the rebuild. The cache has a size cap: the
 * least recently used entries make room for a new one (cache_cap.c). */
#include "build_internal.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC "cudalab-build-cache 2\n" /* 2: scratch copies, .file names rewritten */

static void hash_field(cl_sha256 *c, const char *s)
{
    uint64_t n = s ? strlen(s) : 0;
    cl_sha256_update(c, &n, sizeof n);
    if (n) cl_sha256_update(c, s, n);
}

void build_cache_key(const build_plan *plan, const char *given, const char *real_source,
                     const char *src, size_t len, char key[CL_SHA256_HEX])
{
    cl_sha256 c;
    cl_sha256_init(&c);
    hash_field(&c, MAGIC);
    hash_field(&c, CUDALAB_VERSION); /* a new cudalab may build differently */
    hash_field(&c, plan->tc.version);
    hash_field(&c, plan->tc.nvcc);
    hash_field(&c, plan->tc.ptxas);
    hash_field(&c, plan->arch);
    hash_field(&c, plan->cubin_arch);
    for (size_t i = 0; plan->flags && plan->flags[i]; i++) hash_field(&c, plan->flags[i]);
    hash_field(&c, "--");
    hash_field(&c, getenv("NVCC_PREPEND_FLAGS")); /* nvcc reads these two */
    hash_field(&c, getenv("NVCC_APPEND_FLAGS"));
    hash_field(&c, given);
    hash_field(&c, real_source);
    hash_field(&c, plan->headers_dir); /* the day's headers: which there are */
    /* what __has_include could find: a build made seeing every file is not
       one made in the tools' own view (build_tools_viewed) */
    hash_field(&c, build_tools_viewed(NULL, 0) ? "own view" : "every file");
    for (size_t i = 0; i < plan->headers.n; i++) hash_field(&c, plan->headers.v[i]);
    hash_field(&c, "--");
    uint64_t n = len;
    cl_sha256_update(&c, &n, sizeof n);
    cl_sha256_update(&c, src, len);
    cl_sha256_final_hex(&c, key);
}

bool build_hash_file(const char *path, char hex[CL_SHA256_HEX])
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    cl_sha256 c;
    cl_sha256_init(&c);
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) cl_sha256_update(&c, buf, n);
    bool ok = !ferror(f);
    fclose(f);
    cl_sha256_final_hex(&c, hex);
    return ok;
}

static char *entry_path(const char *dir, const char *key)
{
    return cl_sprintf("%s/%.2s/%s.entry", dir, key, key);
}

/* Writing. */

static const char *const origin_names[] = {"source", "include", "toolkit", "none"};

static cJSON *kernel_json(const build_kernel *k)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", k->name);
    cJSON_AddNumberToObject(o, "registers", k->registers);
    cJSON_AddNumberToObject(o, "shared_bytes", k->shared_bytes);
    cJSON_AddNumberToObject(o, "stack_bytes", k->stack_bytes);
    cJSON_AddNumberToObject(o, "spill_stores", k->spill_stores);
    cJSON_AddNumberToObject(o, "spill_loads", k->spill_loads);
    cJSON_AddNumberToObject(o, "const_bytes", k->const_bytes);
    cJSON_AddNumberToObject(o, "barriers", k->barriers);
    return o;
}

static cJSON *diag_json(const build_diag *d)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "file", d->file);
    cJSON_AddNumberToObject(o, "line", d->line);
    cJSON_AddNumberToObject(o, "column", d->column);
    cJSON_AddStringToObject(o, "severity", build_severity_name(d->severity));
    cJSON_AddStringToObject(o, "origin", origin_names[d->origin]);
    cJSON_AddStringToObject(o, "code", d->code);
    cJSON_AddStringToObject(o, "message", d->message);
    cJSON_AddStringToObject(o, "context", d->context);
    cJSON_AddStringToObject(o, "tool", d->tool);
    return o;
}

/* NULL when an included file cannot be hashed (then nothing is stored). */
static cJSON *deps_json(const build_result *r)
{
    cJSON *a = cJSON_CreateArray();
    for (size_t i = 0; i < r->deps.n; i++) {
        char hex[CL_SHA256_HEX];
        if (!build_hash_file(r->deps.v[i], hex)) {
            cJSON_Delete(a);
            return NULL;
        }
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "path", r->deps.v[i]);
        cJSON_AddStringToObject(o, "sha256", hex);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

static char *meta_json(const build_result *r)
{
    cJSON *deps = deps_json(r);
    if (!deps) return NULL;
    cJSON *m = cJSON_CreateObject();
    cJSON_AddBoolToObject(m, "ok", r->ok);
    cJSON_AddStringToObject(m, "version", r->version);
    cJSON_AddItemToObject(m, "deps", deps);
    cJSON *targets = cJSON_AddArrayToObject(m, "targets");
    for (int i = 0; i < r->ntargets; i++) {
        cJSON *t = cJSON_CreateObject();
        cJSON_AddStringToObject(t, "arch", r->targets[i].arch);
        cJSON_AddBoolToObject(t, "cubin", r->targets[i].cubin != NULL);
        cJSON *ks = cJSON_AddArrayToObject(t, "kernels");
        for (size_t k = 0; k < r->targets[i].kernels.n; k++)
            cJSON_AddItemToArray(ks, kernel_json(&r->targets[i].kernels.v[k]));
        cJSON_AddItemToArray(targets, t);
    }
    cJSON *diags = cJSON_AddArrayToObject(m, "diags");
    for (size_t i = 0; i < r->diags.n; i++) cJSON_AddItemToArray(diags, diag_json(&r->diags.v[i]));
    char *s = cJSON_PrintUnformatted(m);
    cJSON_Delete(m);
    return s;
}

static void add_section(cl_str *b, const char *name, const void *data, size_t len)
{
    cl_str_addf(b, "%s %zu\n", name, len);
    if (len) cl_str_addn(b, data, len);
    cl_str_addc(b, '\n');
}

cl_status build_cache_store(const char *dir, const char *key, const build_result *r,
                            cl_error *err)
{
    char *meta = meta_json(r), *path = entry_path(dir, key), *sub = NULL;
    cl_str b = {0};
    cl_status st = CL_OK;
    if (!meta) {
        st = cl_fail(err, CL_IO, "", 0, 0, "an included file changed or vanished during the build");
        goto done;
    }
    cl_str_add(&b, MAGIC);
    add_section(&b, "meta", meta, strlen(meta));
    add_section(&b, "ptx", r->ptx, strlen(r->ptx));
    for (int i = 0; i < r->ntargets; i++)
        add_section(&b, i ? "cubin1" : "cubin0", r->targets[i].cubin, r->targets[i].cubin_len);
    add_section(&b, "nvcc_log", r->nvcc_log, strlen(r->nvcc_log));
    add_section(&b, "ptxas_log", r->ptxas_log, strlen(r->ptxas_log));
    char hex[CL_SHA256_HEX];
    cl_sha256_hex(b.s, b.len, hex);
    cl_str_addf(&b, "end %s\n", hex);
    sub = cl_strndup(path, (size_t)(strrchr(path, '/') - path));
    st = cl_mkdirs(sub, err);
    if (st == CL_OK) build_cache_make_room(dir, b.len);
    if (st == CL_OK) st = cl_write_file_atomic(path, b.s, b.len, err);
done:
    cJSON_free(meta);
    free(path);
    free(sub);
    cl_str_free(&b);
    return st;
}

/* Reading. */

typedef struct section {
    char name[16];
    const char *data;
    size_t len;
} section;

#define MAX_SECTIONS 8

/* Split an entry into its sections and check its checksum. */
static bool split_entry(const char *buf, size_t len, section *secs, int *n)
{
    size_t magic = strlen(MAGIC);
    if (len < magic || memcmp(buf, MAGIC, magic) != 0) return false;
    const char *p = buf + magic, *end = buf + len;
    for (*n = 0; p < end;) {
        char name[16];
        size_t size = 0;
        if (strncmp(p, "end ", 4) == 0) {
            char hex[CL_SHA256_HEX];
            cl_sha256_hex(buf, (size_t)(p - buf), hex);
            return end - p == 4 + 64 + 1 && memcmp(p + 4, hex, 64) == 0 && p[68] == '\n';
        }
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl || *n >= MAX_SECTIONS || sscanf(p, "%15s %zu", name, &size) != 2) return false;
        size_t room = (size_t)(end - nl); /* the newline, the data, a newline */
        if (room < 2 || size > room - 2 || nl[1 + size] != '\n') return false;
        section *s = &secs[(*n)++];
        snprintf(s->name, sizeof s->name, "%s", name);
        s->data = nl + 1;
        s->len = size;
        p = nl + 2 + size;
    }
    return false;
}

static const section *find_section(const section *secs, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(secs[i].name, name) == 0) return &secs[i];
    return NULL;
}

static bool get_int(const cJSON *o, const char *name, int *out)
{
    const cJSON *j = cJSON_GetObjectItemCaseSensitive(o, name);
    if (!cJSON_IsNumber(j)) return false;
    *out = (int)j->valuedouble;
    return true;
}

static const char *get_str(const cJSON *o, const char *name)
{
    const cJSON *j = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(j) ? j->valuestring : NULL;
}

static bool read_kernel(const cJSON *o, build_kernel *k)
{
    const char *name = get_str(o, "name");
    bool ok = name && get_int(o, "registers", &k->registers) &&
              get_int(o, "shared_bytes", &k->shared_bytes) &&
              get_int(o, "stack_bytes", &k->stack_bytes) &&
              get_int(o, "spill_stores", &k->spill_stores) &&
              get_int(o, "spill_loads", &k->spill_loads) &&
              get_int(o, "const_bytes", &k->const_bytes) && get_int(o, "barriers", &k->barriers);
    k->name = ok ? cl_strdup(name) : NULL;
    return ok;
}

static int name_index(const char *s, const char *const *names, int n)
{
    for (int i = 0; s && i < n; i++)
        if (strcmp(s, names[i]) == 0) return i;
    return -1;
}

static bool read_diag(const cJSON *o, build_result *r)
{
    static const char *const sevs[] = {"error", "warning", "note"};
    build_diag d = {0};
    int sev = name_index(get_str(o, "severity"), sevs, 3);
    int origin = name_index(get_str(o, "origin"), origin_names, 4);
    d.file = get_str(o, "file"), d.code = get_str(o, "code"), d.message = get_str(o, "message");
    d.context = get_str(o, "context"), d.tool = get_str(o, "tool");
    if (sev < 0 || origin < 0 || !d.file || !d.code || !d.message || !d.context || !d.tool ||
        !get_int(o, "line", &d.line) || !get_int(o, "column", &d.column))
        return false;
    d.severity = (build_severity)sev;
    d.origin = (build_origin)origin;
    build_add_diag(r, &d);
    return true;
}

/* Every included file still hashes as it did; r->deps gets their paths. */
static bool deps_unchanged(const cJSON *deps, build_result *r)
{
    const cJSON *o;
    if (!cJSON_IsArray(deps)) return false;
    cJSON_ArrayForEach(o, deps) {
        const char *path = get_str(o, "path"), *want = get_str(o, "sha256");
        char hex[CL_SHA256_HEX];
        if (!path || !want || !build_hash_file(path, hex) || strcmp(hex, want) != 0) return false;
        CL_VEC_PUSH(&r->deps, cl_strdup(path));
    }
    r->have_deps = true;
    return true;
}

static bool read_targets(const cJSON *targets, const section *secs, int n, build_result *r)
{
    const cJSON *t, *k;
    if (!cJSON_IsArray(targets)) return false;
    cJSON_ArrayForEach(t, targets) {
        const char *arch = get_str(t, "arch");
        const cJSON *ks = cJSON_GetObjectItemCaseSensitive(t, "kernels");
        build_target *bt = arch && cJSON_IsArray(ks) ? build_add_target(r, arch) : NULL;
        if (!bt) return false;
        const section *cubin = find_section(secs, n, r->ntargets == 1 ? "cubin0" : "cubin1");
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t, "cubin"))) {
            if (!cubin) return false;
            bt->cubin = cl_malloc(cubin->len ? cubin->len : 1);
            memcpy(bt->cubin, cubin->data, cubin->len);
            bt->cubin_len = cubin->len;
        }
        cJSON_ArrayForEach(k, ks) {
            build_kernel kern = {0};
            if (!read_kernel(k, &kern)) return false;
            CL_VEC_PUSH(&bt->kernels, kern);
        }
    }
    return true;
}

static bool read_meta(const section *secs, int n, build_result *r)
{
    const section *ms = find_section(secs, n, "meta");
    cJSON *m = ms ? cJSON_ParseWithLength(ms->data, ms->len) : NULL;
    const cJSON *d;
    const char *version = get_str(m, "version");
    bool ok = m && version && cJSON_IsBool(cJSON_GetObjectItemCaseSensitive(m, "ok")) &&
              deps_unchanged(cJSON_GetObjectItemCaseSensitive(m, "deps"), r) &&
              read_targets(cJSON_GetObjectItemCaseSensitive(m, "targets"), secs, n, r);
    const cJSON *diags = cJSON_GetObjectItemCaseSensitive(m, "diags");
    ok = ok && cJSON_IsArray(diags);
    if (ok) cJSON_ArrayForEach(d, diags) ok = ok && read_diag(d, r);
    if (ok) {
        r->ok = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(m, "ok"));
        free(r->version);
        r->version = cl_strdup(version);
    }
    cJSON_Delete(m);
    return ok;
}

static void take_text(char **dst, const section *s)
{
    if (!s) return;
    free(*dst);
    *dst = cl_strndup(s->data, s->len);
}

build_result *build_cache_load(const char *dir, const char *key, const char *given)
{
    char *path = entry_path(dir, key), *buf = NULL;
    size_t len = 0;
    section secs[MAX_SECTIONS];
    int n = 0;
    build_result *r = NULL;
    if (cl_read_file(path, &buf, &len, NULL) != CL_OK || !split_entry(buf, len, secs, &n))
        goto done;
    r = build_result_new(given);
    if (!read_meta(secs, n, r)) {
        build_result_free(r);
        r = NULL;
        goto done;
    }
    take_text(&r->ptx, find_section(secs, n, "ptx"));
    take_text(&r->nvcc_log, find_section(secs, n, "nvcc_log"));
    take_text(&r->ptxas_log, find_section(secs, n, "ptxas_log"));
    r->from_cache = true;
    build_cache_touch(path);
done:
    free(path);
    free(buf);
    return r;
}
