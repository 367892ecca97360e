/* check_script.c - a kernel's check script (docs/day-format.md, "check.lua"),
 * run after the comparison at each size where the kernel completed: it sees
 * the size, the inputs, the student's outputs and the reference's. */
#include "grade_internal.h"

#include <stdlib.h>
#include <string.h>

#include "days/script.h"

static script_elem elem_of(day_param_type t)
{
    switch (t) {
    case DAY_PARAM_CONST_FLOAT_PTR:
    case DAY_PARAM_FLOAT_PTR: return SCRIPT_F32;
    case DAY_PARAM_CONST_INT_PTR:
    case DAY_PARAM_INT_PTR: return SCRIPT_I32;
    case DAY_PARAM_CONST_UCHAR_PTR:
    case DAY_PARAM_UCHAR_PTR: return SCRIPT_U8;
    default: return SCRIPT_U32;
    }
}

/* The elements the kernel may touch, past the sentinels before them. */
static script_buffer view_of(const day_kernel *k, const harness_output *o)
{
    const day_param *p = &k->params[o->param];
    return (script_buffer){p->name, elem_of(p->type), o->host + o->head * o->elem, o->count};
}

cl_status grade_check_script(grading *g, const harness_request *req, const grade_oracle *oracle,
                             harness_result *hr, cl_error *err)
{
    const day_kernel *k = req->kernel;
    if (!k->check || !hr->compared) return CL_OK;
    script_buffer ins[16], mine[16], ref[16];
    int nin = 0;
    for (int i = 0; i < k->nparams; i++) {
        const day_param *p = &k->params[i];
        if (p->role != DAY_ROLE_IN) continue;
        size_t elem = day_param_elem_bytes(p->type);
        size_t count = (size_t)day_formula_eval(g->day, p->length, req->size);
        ins[nin++] = (script_buffer){p->name, elem_of(p->type), harness_input(req, p, count, elem),
                                     count};
    }
    for (int o = 0; o < hr->nout; o++) {
        mine[o] = view_of(k, &hr->out[o]);
        ref[o] = view_of(k, &oracle->out[o]);
    }
    const day_size *s = req->size;
    script_view v = {k->name, (const char *const *)s->keys, s->values, s->n, ins, nin,
                     mine, hr->nout, ref, oracle->nout};
    char *path = cl_path_join(g->day->dir, k->check), *failure = NULL;
    script_limits lim = script_default_limits; /* its seconds: no more than the grade has left */
    double left = (double)cl_cpu_budget_left_ns(&g->budget) * 1e-9;
    if (left < lim.seconds) lim.seconds = left > 0.05 ? left : 0.05;
    cl_status st = script_check_limited(path, &v, &lim, &failure, err);
    free(path);
    if (st == CL_OK && failure) {
        hr->wrong = hr->total;
        char *note = hr->note ? cl_sprintf("%s; %s: %s", hr->note, k->check, failure)
                              : cl_sprintf("%s: %s", k->check, failure);
        free(hr->note);
        hr->note = note;
    }
    free(failure);
    return st;
}
