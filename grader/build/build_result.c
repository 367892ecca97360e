/* build_result.c - the build result: construction, accessors, freeing. */
#include "build_internal.h"

#include <stdlib.h>
#include <string.h>

build_result *build_result_new(const char *source)
{
    build_result *r = cl_calloc(1, sizeof *r);
    r->source = cl_strdup(source ? source : "");
    r->version = cl_strdup("");
    r->ptx = cl_strdup("");
    r->nvcc_log = cl_strdup("");
    r->ptxas_log = cl_strdup("");
    return r;
}

static char *dup_or_empty(const char *s)
{
    return cl_strdup(s ? s : "");
}

void build_add_diag(build_result *r, const build_diag *d)
{
    if (r->diags.n >= BUILD_MAX_DIAGS) return;
    build_diag c = *d;
    c.file = dup_or_empty(d->file);
    c.code = dup_or_empty(d->code);
    c.message = dup_or_empty(d->message);
    c.context = dup_or_empty(d->context);
    c.tool = dup_or_empty(d->tool);
    CL_VEC_PUSH(&r->diags, c);
}

build_target *build_add_target(build_result *r, const char *arch)
{
    if (r->ntargets >= BUILD_MAX_TARGETS) return NULL;
    build_target *t = &r->targets[r->ntargets++];
    memset(t, 0, sizeof *t);
    t->arch = cl_strdup(arch);
    return t;
}

void build_kernels_free(build_kernel_vec *v)
{
    for (size_t i = 0; i < v->n; i++) free((char *)v->v[i].name);
    free(v->v);
    memset(v, 0, sizeof *v);
}

void build_strings_free(build_strings *v)
{
    for (size_t i = 0; i < v->n; i++) free(v->v[i]);
    free(v->v);
    memset(v, 0, sizeof *v);
}

void build_result_free(build_result *r)
{
    if (!r) return;
    for (size_t i = 0; i < r->diags.n; i++) {
        build_diag *d = &r->diags.v[i];
        free((char *)d->file);
        free((char *)d->code);
        free((char *)d->message);
        free((char *)d->context);
        free((char *)d->tool);
    }
    free(r->diags.v);
    for (int i = 0; i < r->ntargets; i++) {
        free(r->targets[i].arch);
        free(r->targets[i].cubin);
        build_kernels_free(&r->targets[i].kernels);
    }
    build_strings_free(&r->deps);
    free(r->source);
    free(r->version);
    free(r->ptx);
    free(r->nvcc_log);
    free(r->ptxas_log);
    free(r);
}

bool build_ok(const build_result *r) { return r->ok; }
bool build_from_cache(const build_result *r) { return r->from_cache; }
const char *build_source_path(const build_result *r) { return r->source; }
const char *build_nvcc_version(const build_result *r) { return r->version; }
const char *build_ptx(const build_result *r) { return r->ptx; }
const char *build_nvcc_log(const build_result *r) { return r->nvcc_log; }
const char *build_ptxas_log(const build_result *r) { return r->ptxas_log; }
double build_seconds(const build_result *r) { return r->seconds; }

const void *build_cubin(const build_result *r, int which, size_t *len)
{
    const build_target *t = which >= 0 && which < r->ntargets ? &r->targets[which] : NULL;
    if (len) *len = t ? t->cubin_len : 0;
    return t ? t->cubin : NULL;
}

const char *build_cubin_arch(const build_result *r, int which)
{
    return which >= 0 && which < r->ntargets ? r->targets[which].arch : NULL;
}

const build_kernel *build_kernels(const build_result *r, int which, size_t *count)
{
    const build_target *t = which >= 0 && which < r->ntargets ? &r->targets[which] : NULL;
    if (count) *count = t ? t->kernels.n : 0;
    return t ? t->kernels.v : NULL;
}

const build_diag *build_diags(const build_result *r, size_t *count)
{
    if (count) *count = r->diags.n;
    return r->diags.v;
}

size_t build_error_count(const build_result *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->diags.n; i++) n += r->diags.v[i].severity == BUILD_ERROR;
    return n;
}

const char *build_severity_name(build_severity s)
{
    static const char *const names[] = {"error", "warning", "note"};
    return (unsigned)s < 3 ? names[s] : "unknown";
}

const build_kernel *build_find_kernel(const build_result *r, const char *name)
{
    if (!r || r->ntargets == 0 || !name) return NULL;
    const build_kernel_vec *v = &r->targets[0].kernels;
    const build_kernel *found = NULL;
    for (size_t i = 0; i < v->n && !found; i++) {
        char *base = cl_demangle_base(v->v[i].name);
        if (base && strcmp(base, name) == 0) found = &v->v[i];
        free(base);
    }
    return found;
}
