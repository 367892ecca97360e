/* manifest_consts.c - the day's `constants:`, `__constant__` symbols the
 * harness fills before every launch (docs/day-format.md, "constants"): each
 * is read as a `const T*` input named after the symbol, so its values are
 * made as any input's are, and checked once the manifest is whole. */
#include "manifest_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The constant bank a kernel's `__constant__` symbols share. */
#define DAY_CONSTANT_BYTES 65536.0

typedef struct const_ctx {
    day_manifest *m;
    day_param *p;
} const_ctx;

static cl_status const_name(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return day_read_identifier(d, v, "a constant's name", &((const_ctx *)t)->p->name, err);
}

/* T, as C spells it: the symbol is `__constant__ T name[length]`. */
static cl_status const_type(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    const_ctx *c = t;
    const char *s = cl_yaml_scalar(v);
    for (int i = 0; s && i < DAY_PARAM_COUNT; i++)
        if (!day_param_type_is_pointer((day_param_type)i) && !strcmp(s, day_param_type_name((day_param_type)i))) {
            c->p->type = (day_param_type)(i - 2); /* const T*: two before T (day.h's order) */
            return CL_OK;
        }
    cl_str all = {0};
    for (int i = 0; i < DAY_PARAM_COUNT; i++)
        if (!day_param_type_is_pointer((day_param_type)i))
            cl_str_addf(&all, "%s%s", all.len ? ", " : "", day_param_type_name((day_param_type)i));
    cl_status st = cl_yaml_fail(d, v, err, "a constant's type is its elements' and must be one of: "
                                "%s; found '%s'", all.s, s ? s : "not a string");
    cl_str_free(&all);
    return st;
}

static cl_status const_length(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    const_ctx *c = t;
    return day_read_formula(d, v, "a constant's 'length'", false, c->m, &c->p->length, err);
}

static cl_status const_fill(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    const_ctx *c = t;
    return day_read_fill(d, v, c->m, &c->p->fill, err);
}

static const cl_yaml_field const_fields[] = {
    {"name", true, const_name},     {"type", true, const_type},
    {"length", true, const_length}, {"fill", true, const_fill},
    {NULL, false, NULL},
};

cl_status day_read_constants(cl_yaml_doc *d, yaml_node_t *n, day_manifest *m, cl_error *err)
{
    size_t count;
    cl_status st = cl_yaml_seq(d, n, "'constants'", 1, 16, &count, err);
    if (st != CL_OK) return st;
    m->constants = cl_calloc(count, sizeof *m->constants);
    for (size_t i = 0; i < count && st == CL_OK; i++) {
        yaml_node_t *item = cl_yaml_item(d, n, i);
        day_param *p = &m->constants[m->nconstants++];
        const_ctx c = {m, p};
        p->role = DAY_ROLE_IN;
        p->at = day_yaml_pos(item);
        st = cl_yaml_mapping(d, item, "a constant", const_fields, &c, err);
        for (size_t j = 0; st == CL_OK && j < i; j++)
            if (!strcmp(m->constants[j].name, p->name))
                st = cl_yaml_fail(d, item, err, "two constants are named '%s'", p->name);
    }
    return st;
}

/* Once the manifest is whole: each constant's length is a whole number of
 * at least one element at every size, the constants fit the 64 KiB bank,
 * and each fill fits its type. */
cl_status day_check_constants(const day_manifest *m, cl_error *err)
{
    cl_status st = CL_OK;
    for (int s = -1; s < m->nhidden && st == CL_OK; s++) {
        const day_size *z = s < 0 ? &m->course : &m->hidden[s];
        double bytes = 0;
        for (int i = 0; i < m->nconstants && st == CL_OK; i++) {
            const day_param *p = &m->constants[i];
            double len = day_formula_eval(m, p->length, z);
            if (!(len >= 1 && len == floor(len) && len <= DAY_CONSTANT_BYTES))
                st = day_fail_at(m->path, p->length->at, err, "constant '%s' has a length of %g "
                                 "at %s; it must be a whole number of elements, 1 or more",
                                 p->name, len, s < 0 ? "the course size" : "a hidden size");
            bytes += len * (double)day_param_elem_bytes(p->type);
        }
        if (st == CL_OK && bytes > DAY_CONSTANT_BYTES)
            st = day_fail_at(m->path, m->constants[0].at, err, "the constants take %.0f bytes; "
                             "a kernel's constant bank holds 65536", bytes);
    }
    for (int i = 0; i < m->nconstants && st == CL_OK; i++)
        st = day_check_fill_range(m, &m->constants[i], err);
    return st;
}

void day_constants_free(day_manifest *m)
{
    for (int i = 0; i < m->nconstants; i++) {
        free(m->constants[i].name);
        day_fill_free(&m->constants[i].fill);
    }
    free(m->constants);
}
