/* harness_const.c - the day's `constants:`: each `__constant__` symbol of a
 * module filled before a launch, from its fill as an input's values are
 * made (docs/day-format.md, "constants"). */
#include "harness.h"

#include <stdlib.h>

/* Constant i's elements and bytes at the size. */
static size_t constant_bytes(const day_manifest *day, int i, const day_size *size, size_t *count)
{
    const day_param *p = &day->constants[i];
    *count = (size_t)day_formula_eval(day, p->length, size);
    return *count * day_param_elem_bytes(p->type);
}

/* "float", "float4": T of the constant's `const T*` (day.h's order: const
 * T*, T*, T). */
static const char *elem_type(const day_param *p)
{
    return day_param_type_name((day_param_type)(p->type + 2));
}

char *harness_constants_problem(backend *be, int module, const day_manifest *day,
                                const day_size *size)
{
    for (int i = 0; i < day->nconstants; i++) {
        const day_param *p = &day->constants[i];
        size_t count, want = constant_bytes(day, i, size, &count), have = 0;
        backend_ptr addr = 0;
        cl_error err = {0};
        if (backend_symbol(be, module, p->name, &addr, &have, &err) != CL_OK || have != want)
            return cl_sprintf("your file declares no __constant__ %s of %zu bytes (%zu elements of %s), which "
                              "the day fills: declare `__constant__ %s %s[...]` as the template "
                              "does%s", p->name, want, count, elem_type(p), elem_type(p), p->name,
                              have ? "; yours has another size" : "");
    }
    return NULL;
}

cl_status harness_constants(const harness_request *req, cl_error *err)
{
    const day_manifest *day = req->day;
    cl_status st = CL_OK;
    for (int i = 0; i < day->nconstants && st == CL_OK; i++) {
        const day_param *p = &day->constants[i];
        size_t count, want = constant_bytes(day, i, req->size, &count), have = 0;
        backend_ptr addr = 0;
        st = backend_symbol(req->be, req->module, p->name, &addr, &have, err);
        if (st == CL_OK && have != want)
            st = cl_fail(err, CL_NOT_FOUND, day->path, p->at.line, p->at.column, "the module's "
                         "__constant__ %s holds %zu bytes where the day fills %zu", p->name, have,
                         want);
        if (st == CL_OK)
            st = backend_write(req->be, addr, harness_input(req, p, count, day_param_elem_bytes(p->type)),
                               want, err);
    }
    return st;
}
