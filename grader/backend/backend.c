/* backend.c - the interface's wrappers and outcome table. */
#include "backend.h"

#include <stdlib.h>

static const struct { const char *name, *text; } outcomes[] = {
#define BACKEND_OUTCOME_ROW(id, name, text) {name, text},
    BACKEND_OUTCOMES(BACKEND_OUTCOME_ROW)
#undef BACKEND_OUTCOME_ROW
};

const char *backend_outcome_name(backend_outcome o)
{
    return (unsigned)o < BACKEND_OUTCOME_COUNT ? outcomes[o].name : "?";
}

const char *backend_outcome_text(backend_outcome o)
{
    return (unsigned)o < BACKEND_OUTCOME_COUNT ? outcomes[o].text : "?";
}

void backend_run_free(backend_run *r)
{
    for (int i = 0; i < r->nhazards; i++) report_hazard_free(&r->hazards[i]);
    free(r->hazards);
    free(r->detail);
    free(r->printf_text);
    r->hazards = NULL;
    r->nhazards = 0;
    r->detail = r->printf_text = NULL;
}

cl_status backend_load(backend *b, const char *label, const char *ptx, size_t ptx_len,
                       const void *cubin, size_t cubin_len, int *module, cl_error *err)
{
    return b->ops->load(b, label, ptx, ptx_len, cubin, cubin_len, module, err);
}

cl_status backend_alloc(backend *b, size_t bytes, const char *label, backend_ptr *out,
                        cl_error *err)
{
    return b->ops->alloc(b, bytes, label, out, err);
}

cl_status backend_release(backend *b, backend_ptr p, cl_error *err)
{
    return b->ops->release(b, p, err);
}

cl_status backend_write(backend *b, backend_ptr dst, const void *src, size_t n, cl_error *err)
{
    return b->ops->write(b, dst, src, n, err);
}

cl_status backend_read(backend *b, void *dst, backend_ptr src, size_t n, cl_error *err)
{
    return b->ops->read(b, dst, src, n, err);
}

void *backend_host_view(backend *b, backend_ptr p, size_t n)
{
    return b->ops->host_view ? b->ops->host_view(b, p, n) : NULL;
}

void backend_mark_scratch(backend *b, backend_ptr p)
{
    if (b->ops->mark_scratch) b->ops->mark_scratch(b, p);
}

cl_status backend_symbol(backend *b, int module, const char *name, backend_ptr *addr,
                         size_t *bytes, cl_error *err)
{
    if (!b->ops->symbol)
        return cl_fail(err, CL_UNSUPPORTED, "", 0, 0, "the %s backend cannot find a module's "
                       "variables", b->info.name);
    return b->ops->symbol(b, module, name, addr, bytes, err);
}

cl_status backend_launch_kernel(backend *b, int module, const backend_launch *l,
                                backend_run *run, cl_error *err)
{
    return b->ops->launch(b, module, l, run, err);
}

cl_status backend_attributes(backend *b, int module, const char *kernel, backend_attrs *out,
                             cl_error *err)
{
    if (!b->ops->attributes)
        return cl_fail(err, CL_UNSUPPORTED, "", 0, 0, "the %s backend has no kernel attributes",
                       b->info.name);
    return b->ops->attributes(b, module, kernel, out, err);
}

void backend_destroy(backend *b)
{
    if (b) b->ops->destroy(b);
}
