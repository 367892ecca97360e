/* manifest_data.c - the parts of day.yaml that describe data: expressions,
 * fills, comparisons, units, points, and the rules every size must keep
 * (docs/day-format.md). */
#include "manifest_internal.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

cl_status day_fail_at(const char *path, day_pos at, cl_error *err, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return cl_fail(err, CL_MANIFEST, path, at.line, at.column, "%s", msg);
}

/* ---- numbers and expressions ---- */

cl_status day_read_number(cl_yaml_doc *d, yaml_node_t *n, const char *what, double *out,
                          cl_error *err)
{
    const char *s = cl_yaml_scalar(n);
    static const struct { const char *text; double v; } special[] = {
        {".nan", NAN}, {".NaN", NAN}, {".inf", INFINITY}, {"+.inf", INFINITY},
        {".Inf", INFINITY}, {"-.inf", -INFINITY}, {"-.Inf", -INFINITY},
    };
    for (size_t i = 0; s && i < sizeof special / sizeof *special; i++)
        if (!strcmp(s, special[i].text)) {
            *out = special[i].v;
            return CL_OK;
        }
    char *end = NULL;
    double v = s && *s ? strtod(s, &end) : 0;
    if (!s || !*s || *end || isnan(v) || isinf(v))
        return cl_yaml_fail(d, n, err, "%s must be a number, found '%s'", what,
                            s ? s : "not a number");
    *out = v;
    return CL_OK;
}

cl_status day_read_formula(cl_yaml_doc *d, yaml_node_t *n, const char *what, bool per_element,
                           day_manifest *m, day_formula **out, cl_error *err)
{
    char *text = NULL;
    cl_status st = day_read_text(d, n, what, &text, err);
    if (st != CL_OK) return st;
    day_formula *f = cl_calloc(1, sizeof *f);
    f->text = text;
    f->at = day_yaml_pos(n);
    f->per_element = per_element;
    CL_VEC_PUSH(&m->formulas, f);
    *out = f;
    return CL_OK;
}

cl_status day_compile_formulas(day_manifest *m, cl_error *err)
{
    int nvars = m->course.n;
    const char **names = cl_calloc((size_t)nvars + 1, sizeof *names);
    for (int k = 0; k < nvars; k++) names[k] = m->course.keys[k];
    names[nvars] = "i";
    cl_status st = CL_OK;
    for (size_t i = 0; i < m->formulas.n && st == CL_OK; i++) {
        day_formula *f = m->formulas.v[i];
        char why[512];
        if (f->e) continue; /* a program's stage, compiled with its loops' variables */
        f->e = day_expr_parse(f->text, names, f->per_element ? nvars + 1 : nvars, why, sizeof why);
        if (!f->e)
            st = day_fail_at(m->path, f->at, err, "%s%s", why,
                             strstr(why, "'i' is not") ? " (`i`, an element's index, is known "
                             "only in a fill and its `where`)" : "");
    }
    free(names);
    return st;
}

void day_size_vars(const day_manifest *m, const day_size *s, double *vars)
{
    for (int k = 0; k < m->course.n; k++)
        vars[k] = (double)day_size_get(s, m->course.keys[k], 0);
    vars[m->course.n] = 0;
}

double day_formula_eval(const day_manifest *m, const day_formula *f, const day_size *s)
{
    double vars[65];
    if (m->course.n >= 64) return NAN;
    day_size_vars(m, s, vars);
    return day_expr_eval(f->e, vars);
}

/* ---- fills ---- */

static const char *const fill_keys[] = {
#define DAY_FILL_KEY(id, key) key,
    DAY_FILLS(DAY_FILL_KEY)
#undef DAY_FILL_KEY
};
enum { FILL_KINDS = sizeof fill_keys / sizeof *fill_keys };

static cl_status read_pair(cl_yaml_doc *d, yaml_node_t *v, const char *what, double *a,
                           double *b, cl_error *err)
{
    size_t n;
    cl_status st = v->type == YAML_SEQUENCE_NODE ? cl_yaml_seq(d, v, what, 2, 2, &n, err)
                   : cl_yaml_fail(d, v, err, "%s takes two numbers, [lo, hi]", what);
    if (st == CL_OK) st = day_read_number(d, cl_yaml_item(d, v, 0), what, a, err);
    if (st == CL_OK) st = day_read_number(d, cl_yaml_item(d, v, 1), what, b, err);
    if (st == CL_OK && !(*a <= *b))
        st = cl_yaml_fail(d, v, err, "%s: the first number must not exceed the second", what);
    return st;
}

static cl_status read_rule_value(cl_yaml_doc *d, yaml_node_t *v, day_manifest *m,
                                 day_fill_rule *r, cl_error *err)
{
    switch (r->kind) {
    case DAY_FILL_UNIFORM: return read_pair(d, v, "'uniform'", &r->a, &r->b, err);
    case DAY_FILL_INTEGERS: {
        cl_status st = read_pair(d, v, "'integers'", &r->a, &r->b, err);
        if (st == CL_OK && (r->a != floor(r->a) || r->b != floor(r->b)))
            st = cl_yaml_fail(d, v, err, "'integers' takes whole numbers");
        return st;
    }
    case DAY_FILL_MULTIPLES: {
        cl_status st = read_pair(d, v, "'multiples'", &r->a, &r->b, err);
        if (st == CL_OK && !(r->a > 0 && r->b / r->a < 1e9))
            st = cl_yaml_fail(d, v, err, "'multiples' takes [step, max] with step > 0 and at "
                              "most a billion steps up to max");
        return st;
    }
    case DAY_FILL_VALUE: return day_read_number(d, v, "'value'", &r->a, err);
    case DAY_FILL_INDEX: return day_read_formula(d, v, "'index'", true, m, &r->index, err);
    case DAY_FILL_PICK: {
        size_t n;
        cl_status st = cl_yaml_seq(d, v, "'pick'", 1, 64, &n, err);
        if (st != CL_OK) return st;
        r->pick = cl_calloc(n, sizeof *r->pick);
        for (size_t i = 0; i < n && st == CL_OK; i++, r->npick++)
            st = day_read_number(d, cl_yaml_item(d, v, i), "a value to pick", &r->pick[i], err);
        return st;
    }
    }
    return CL_OK;
}

/* One rule: a mapping of one generator and perhaps a `where`. */
static cl_status read_rule(cl_yaml_doc *d, yaml_node_t *v, day_manifest *m, day_fill_rule *r,
                           cl_error *err)
{
    if (v->type != YAML_MAPPING_NODE)
        return cl_yaml_fail(d, v, err, "a fill must be a mapping such as {uniform: [0, 1]}");
    int kinds = 0;
    cl_status st = CL_OK;
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start;
         st == CL_OK && p < v->data.mapping.pairs.top; p++) {
        yaml_node_t *k = cl_yaml_node(d, p->key), *val = cl_yaml_node(d, p->value);
        const char *key = cl_yaml_scalar(k);
        if (key && !strcmp(key, "where")) {
            if (r->where) return cl_yaml_fail(d, k, err, "'where' is given twice");
            st = day_read_formula(d, val, "'where'", true, m, &r->where, err);
            continue;
        }
        int kind = -1;
        for (int i = 0; key && i < FILL_KINDS; i++)
            if (!strcmp(key, fill_keys[i])) kind = i;
        if (kind < 0)
            return cl_yaml_fail(d, k, err, "'%s' is not a fill; use uniform, multiples, "
                                "integers, value, pick or index (and where)", key ? key : "?");
        if (kinds++)
            return cl_yaml_fail(d, k, err, "a fill rule makes its values one way; give one of "
                                "uniform, multiples, integers, value, pick, index");
        r->kind = (day_fill_kind)kind;
        st = read_rule_value(d, val, m, r, err);
    }
    if (st == CL_OK && !kinds)
        st = cl_yaml_fail(d, v, err, "a fill rule needs a generator: uniform, multiples, "
                          "integers, value, pick or index");
    return st;
}

static void describe_rule(cl_str *key, const day_fill_rule *r)
{
    cl_str_addf(key, "[%s %s:", r->where ? r->where->text : "*", fill_keys[r->kind]);
    if (r->kind == DAY_FILL_INDEX) cl_str_add(key, r->index->text);
    for (int i = 0; i < r->npick; i++) cl_str_addf(key, "%.17g,", r->pick[i]);
    if (r->kind != DAY_FILL_INDEX && r->kind != DAY_FILL_PICK) cl_str_addf(key, "%.17g,%.17g", r->a, r->b);
    cl_str_add(key, "]");
}

cl_status day_read_fill(cl_yaml_doc *d, yaml_node_t *n, day_manifest *m, day_fill *out,
                        cl_error *err)
{
    bool seq = n->type == YAML_SEQUENCE_NODE;
    size_t count = 1;
    cl_status st = seq ? cl_yaml_seq(d, n, "'fill'", 1, 16, &count, err) : CL_OK;
    if (st != CL_OK) return st;
    out->rules = cl_calloc(count, sizeof *out->rules);
    cl_str key = {0};
    for (size_t i = 0; i < count && st == CL_OK; i++, out->nrules++) {
        yaml_node_t *item = seq ? cl_yaml_item(d, n, i) : n;
        st = read_rule(d, item, m, &out->rules[i], err);
        if (st == CL_OK && i + 1 == count && out->rules[i].where)
            st = cl_yaml_fail(d, item, err, "the last fill rule must have no 'where', so that "
                              "every element gets a value");
        if (st == CL_OK) describe_rule(&key, &out->rules[i]);
    }
    out->key = cl_str_take(&key);
    return st;
}

void day_fill_free(day_fill *f)
{
    for (int i = 0; i < f->nrules; i++) free(f->rules[i].pick);
    free(f->rules);
    free(f->key);
}

/* ---- compare, unit, points, require ---- */

static cl_status compare_key(cl_yaml_doc *d, yaml_node_t *k, yaml_node_t *v, day_manifest *m,
                             day_compare *c, cl_error *err)
{
    const char *key = cl_yaml_scalar(k);
    bool ulps = key && !strcmp(key, "ulps"), bound = key && (!strcmp(key, "ops") || !strcmp(key, "abs"));
    if ((ulps && (c->ops || c->abs)) || (bound && c->kind == DAY_COMPARE_ULPS))
        return cl_yaml_fail(d, k, err, "give 'ulps' or a bound ('ops', 'abs'), not both");
    if (key && !strcmp(key, "ulps")) {
        c->kind = DAY_COMPARE_ULPS;
        cl_status st = day_read_number(d, v, "'ulps'", &c->ulps, err);
        if (st == CL_OK && !(c->ulps >= 0 && c->ulps < 1e9))
            st = cl_yaml_fail(d, v, err, "'ulps' must be 0 or more");
        return st;
    }
    if (key && (!strcmp(key, "ops") || !strcmp(key, "abs"))) {
        c->kind = DAY_COMPARE_BOUND;
        return day_read_formula(d, v, key[0] == 'o' ? "'ops'" : "'abs'", false, m,
                                key[0] == 'o' ? &c->ops : &c->abs, err);
    }
    if (key && !strcmp(key, "over")) {
        const char *s = cl_yaml_scalar(v);
        if (!s || (strcmp(s, "total") && strcmp(s, "element")))
            return cl_yaml_fail(d, v, err, "'over' is element or total, found '%s'",
                                s ? s : "not a string");
        c->total = !strcmp(s, "total");
        return CL_OK;
    }
    return cl_yaml_fail(d, k, err, "'%s' is not part of a comparison; use ulps, ops, abs or over",
                        key ? key : "?");
}

cl_status day_read_compare(cl_yaml_doc *d, yaml_node_t *n, day_manifest *m, day_compare *out,
                           cl_error *err)
{
    const char *s = cl_yaml_scalar(n);
    if (s && !strcmp(s, "exact")) return CL_OK;
    if (s && !strcmp(s, "none")) {
        out->kind = DAY_COMPARE_NONE;
        return CL_OK;
    }
    if (n->type != YAML_MAPPING_NODE)
        return cl_yaml_fail(d, n, err, "'compare' is exact, none, or a mapping such as {ops: "
                            "\"n + 4\"}, {ulps: 2}, {abs: 0.001}, {over: total, ops: 64}");
    cl_status st = CL_OK;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
         st == CL_OK && p < n->data.mapping.pairs.top; p++)
        st = compare_key(d, cl_yaml_node(d, p->key), cl_yaml_node(d, p->value), m, out, err);
    if (st == CL_OK && out->kind == DAY_COMPARE_ULPS && (out->ops || out->abs))
        st = cl_yaml_fail(d, n, err, "give 'ulps' or a bound ('ops', 'abs'), not both");
    return st;
}

cl_status day_read_unit(cl_yaml_doc *d, yaml_node_t *n, day_manifest *m, day_kernel *k,
                        cl_error *err)
{
    if (n->type != YAML_MAPPING_NODE) return day_read_identifier(d, n, "'unit'", &k->unit, err);
    cl_status st = CL_OK;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
         st == CL_OK && p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *key = cl_yaml_node(d, p->key), *v = cl_yaml_node(d, p->value);
        const char *s = cl_yaml_scalar(key);
        if (s && !strcmp(s, "name") && !k->unit)
            st = day_read_identifier(d, v, "a unit's 'name'", &k->unit, err);
        else if (s && !strcmp(s, "elements") && !k->unit_elements)
            st = day_read_formula(d, v, "a unit's 'elements'", false, m, &k->unit_elements, err);
        else
            st = cl_yaml_fail(d, key, err, "a unit is {name: rows, elements: EXPR}; '%s' is not "
                              "part of it (or is given twice)", s ? s : "?");
    }
    if (st == CL_OK && !k->unit) st = cl_yaml_fail(d, n, err, "a unit needs a 'name'");
    return st;
}

cl_status day_read_points(cl_yaml_doc *d, yaml_node_t *n, day_kernel *k, cl_error *err)
{
    if (n->type != YAML_MAPPING_NODE)
        return cl_yaml_fail(d, n, err, "'points' is a mapping of checks to points, such as "
                            "{correctness: 4, memory: 1}");
    cl_status st = CL_OK;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
         st == CL_OK && p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *key = cl_yaml_node(d, p->key), *v = cl_yaml_node(d, p->value);
        const char *s = cl_yaml_scalar(key);
        int c = s ? day_check_from_name(s) : -1;
        if (c < 0 || c == DAY_CHECK_COMPILE || c == DAY_CHECK_PERFORMANCE)
            return cl_yaml_fail(d, key, err, "'%s' is not a check that earns points; use "
                                "correctness, mask-honesty, barrier-honesty, races, memory or "
                                "resources", s ? s : "?");
        if (k->points[c] >= 0) return cl_yaml_fail(d, key, err, "'%s' is given twice", s);
        st = day_read_number(d, v, "points", &k->points[c], err);
        if (st == CL_OK && !(k->points[c] >= 0 && k->points[c] <= 1000))
            st = cl_yaml_fail(d, v, err, "points must be between 0 and 1000");
    }
    return st;
}

static const cl_yaml_field require_fields[];

static cl_status require_that(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_manifest *m = *(day_manifest **)t;
    return day_read_formula(d, v, "'that'", false, m, &m->requires[m->nrequires].that, err);
}

static cl_status require_why(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_manifest *m = *(day_manifest **)t;
    return day_read_text(d, v, "'why'", &m->requires[m->nrequires].why, err);
}

static const cl_yaml_field require_fields[] = {
    {"that", true, require_that},
    {"why", true, require_why},
    {NULL, false, NULL},
};

cl_status day_read_requires(cl_yaml_doc *d, yaml_node_t *n, day_manifest *m, cl_error *err)
{
    size_t count;
    cl_status st = cl_yaml_seq(d, n, "'require'", 0, 32, &count, err);
    if (st != CL_OK) return st;
    m->requires = cl_calloc(count, sizeof *m->requires);
    for (size_t i = 0; i < count && st == CL_OK; i++) {
        st = cl_yaml_mapping(d, cl_yaml_item(d, n, i), "a rule", require_fields, &m, err);
        m->nrequires++;
    }
    return st;
}

/* ---- a kernel's data, then every size ---- */

/* The finite values a number holds ([lo, hi]; whole numbers exact in a
 * double for the 64-bit integers). */
static void num_range(day_num n, double *lo, double *hi)
{
    static const double top[DAY_NUM_COUNT] = {
        [DAY_NUM_F32] = 3.4028234663852886e38, [DAY_NUM_F64] = 1.7976931348623157e308,
        [DAY_NUM_F16] = 65504, [DAY_NUM_BF16] = 3.3895313892515355e38,
        [DAY_NUM_I8] = 127, [DAY_NUM_U8] = 255, [DAY_NUM_I16] = 32767,
        [DAY_NUM_I32] = 2147483647.0, [DAY_NUM_U32] = 4294967295.0,
        [DAY_NUM_I64] = 9e15, [DAY_NUM_U64] = 9e15,
    };
    *hi = top[n];
    *lo = day_num_is_float(n) ? -top[n] : day_num_is_signed(n) ? -top[n] - 1 : 0;
    if (n == DAY_NUM_I64) *lo = -9e15;
}

/* The values a fill makes must fit a narrow buffer's elements: whole
 * numbers a byte or a short holds, halves' finite range. (Wider integers
 * are clamped to their type as they are stored.) */
cl_status day_check_fill_range(const day_manifest *m, const day_param *p, cl_error *err)
{
    day_num n = day_param_num(p->type);
    bool floating = day_num_is_float(n), narrow = day_num_bytes(n) <= 2;
    double lo, hi;
    num_range(n, &lo, &hi);
    for (int i = 0; narrow && i < p->fill.nrules; i++) {
        const day_fill_rule *r = &p->fill.rules[i];
        bool two = r->kind == DAY_FILL_UNIFORM || r->kind == DAY_FILL_INTEGERS ||
                   r->kind == DAY_FILL_MULTIPLES;
        /* a float fill's constants may be NaN or infinite (`{value: .nan}`) */
#define FITS(x) ((floating && !isfinite(x)) || ((x) >= lo && (x) <= hi && (floating || (x) == floor(x))))
        bool ok = r->kind == DAY_FILL_INDEX || r->kind == DAY_FILL_PICK ||
                  (FITS(r->a) && (!two || FITS(r->b)));
        for (int j = 0; j < r->npick; j++) ok &= FITS(r->pick[j]);
#undef FITS
        if (!floating && r->kind == DAY_FILL_MULTIPLES) ok = false;
        char what[40];
        snprintf(what, sizeof what, n == DAY_NUM_U8 ? "bytes" : "%s values", day_num_name(n));
        if (!ok)
            return day_fail_at(m->path, p->at, err, "'%s' holds %s: its fill must make %s "
                               "from %g to %g", p->name, what, floating ? "numbers" : "whole numbers",
                               lo, hi);
    }
    return CL_OK;
}

static cl_status check_param(const day_manifest *m, const day_kernel *k, const day_param *p,
                             cl_error *err)
{
    const char *name = p->name;
    if (p->role == DAY_ROLE_SCALAR) {
        if (!p->value)
            return day_fail_at(m->path, p->at, err, "scalar '%s' of %s needs a 'value' (an "
                               "expression of the size)", name, k->name);
        if (p->length || p->offset || p->fill.nrules)
            return day_fail_at(m->path, p->at, err, "scalar '%s' takes a 'value' only, not a "
                               "length, an offset or a fill", name);
        return CL_OK;
    }
    if (p->value)
        return day_fail_at(m->path, p->at, err, "buffer '%s' takes a 'length', not a 'value'", name);
    if (!p->length)
        return day_fail_at(m->path, p->at, err, "buffer '%s' of %s needs a 'length' (elements, "
                           "an expression of the size)", name, k->name);
    if (p->role == DAY_ROLE_SCRATCH && !k->is_program)
        return day_fail_at(m->path, p->at, err, "'%s' is scratch, which only a program's buffers "
                           "can be; make it an output (role: out) or an in-out buffer", name);
    if (p->role == DAY_ROLE_SCRATCH) /* the student's: a fill to start from, or sentinels */
        return p->fill.nrules ? day_check_fill_range(m, p, err) : CL_OK;
    bool filled = p->role != DAY_ROLE_OUT;
    if (filled && !p->fill.nrules)
        return day_fail_at(m->path, p->at, err, "'%s' is an %s, so it needs a 'fill' that says "
                           "what it holds", name, p->role == DAY_ROLE_IN ? "input" : "in-out buffer");
    if (!filled && p->fill.nrules)
        return day_fail_at(m->path, p->at, err, "'%s' is an output: it starts as sentinels, so "
                           "it takes no 'fill' (make it role: inout to start it with values)", name);
    return day_check_fill_range(m, p, err);
}

cl_status day_check_kernel_data(const day_manifest *m, const day_kernel *k, cl_error *err)
{
    int outputs = 0, integers = 0;
    for (int i = 0; i < k->nparams; i++) {
        cl_status st = check_param(m, k, &k->params[i], err);
        if (st != CL_OK) return st;
        if (k->params[i].role == DAY_ROLE_OUT || k->params[i].role == DAY_ROLE_INOUT) {
            outputs++;
            integers += !day_param_type_is_float(k->params[i].type);
        }
    }
    for (int i = 0; k->check && i < k->nparams; i++) {
        const day_param *p = &k->params[i];
        day_num n = day_param_num(p->type);
        if (p->role != DAY_ROLE_SCALAR && (day_param_components(p->type) > 1 ||
                                           (n != DAY_NUM_F32 && n != DAY_NUM_I32 &&
                                            n != DAY_NUM_U32 && n != DAY_NUM_U8)))
            return day_fail_at(m->path, p->at, err, "'%s' is %s: a check script reads float, int, "
                               "unsigned and unsigned char buffers only", p->name,
                               day_param_type_name(p->type));
    }
    if (k->source) return CL_OK; /* the baseline: timed, not compared */
    if (!outputs)
        return day_fail_at(m->path, k->params_at, err, "%s has no output buffer, so there is "
                           "nothing to compare; give it a pointer that it writes", k->name);
    if (integers && (k->compare.kind == DAY_COMPARE_ULPS || k->compare.kind == DAY_COMPARE_BOUND))
        return day_fail_at(m->path, k->name_at, err, "%s writes whole numbers, which are "
                           "compared exactly; drop its 'compare' tolerance", k->name);
    if (k->compare.kind == DAY_COMPARE_NONE && !k->check)
        return day_fail_at(m->path, k->name_at, err, "%s has compare: none and no check script, "
                           "so nothing judges its outputs; give one or the other", k->name);
    return CL_OK;
}

typedef struct size_at {
    const day_manifest *m;
    const day_size *s;
    const char *what; /* "the course size", "hidden size 2" */
    double vars[65];
} size_at;

/* f's value at the size, which must be whole and in [lo, hi]. */
static cl_status whole_in(const size_at *z, const day_formula *f, const char *what, double lo,
                          double hi, double *out, cl_error *err)
{
    double v = day_expr_eval(f->e, z->vars);
    *out = v;
    if (v == floor(v) && v >= lo && v <= hi) return CL_OK;
    char *label = NULL;
    cl_str b = {0};
    for (int i = 0; i < z->s->n; i++) cl_str_addf(&b, "%s%s=%lld", i ? " " : "", z->s->keys[i], z->s->values[i]);
    label = cl_str_take(&b);
    cl_status st = day_fail_at(z->m->path, f->at, err, "%s (\"%s\") is %.17g at %s (%s); it must "
                               "be a whole number from %.0f to %.0f", what, f->text, v, z->what,
                               label, lo, hi);
    free(label);
    return st;
}

/* One kernel at one size: its launch, its buffers, its scalars; returns the
 * bytes grading it takes in *bytes. */
static cl_status check_kernel_at(const size_at *z, const day_kernel *k, double *bytes,
                                 cl_error *err)
{
    static const double grid_max[3] = {2147483647.0, 65535.0, 65535.0};
    double v;
    cl_status st = CL_OK;
    for (int d = 0; d < 3 && st == CL_OK; d++)
        if (k->launch.grid[d])
            st = whole_in(z, k->launch.grid[d], "a grid dimension", 1, grid_max[d], &v, err);
    if (st == CL_OK && k->launch.shared)
        st = whole_in(z, k->launch.shared, "'shared_bytes'", 0, 65536, &v, err);
    if (st == CL_OK && k->unit_elements)
        st = whole_in(z, k->unit_elements, "a unit's 'elements'", 1, 1e12, &v, err);
    *bytes = 0;
    for (int i = 0; i < k->nparams && st == CL_OK; i++) {
        const day_param *p = &k->params[i];
        if (p->role == DAY_ROLE_SCALAR) {
            day_num n = day_param_num(p->type);
            double lo, hi;
            num_range(n, &lo, &hi);
            if (day_num_is_float(n)) {
                v = day_expr_eval(p->value->e, z->vars);
                if (!(v >= lo && v <= hi))
                    st = day_fail_at(z->m->path, p->value->at, err, "'%s' is %g at %s; a %s "
                                     "scalar must be a finite number%s", p->name, v, z->what,
                                     day_num_name(n), n == DAY_NUM_F16 ? " of at most 65504" : "");
            } else {
                st = whole_in(z, p->value, "a scalar's 'value'", lo, hi, &v, err);
            }
            continue;
        }
        double len, off = 0;
        st = whole_in(z, p->length, "a buffer's 'length'", 0, (double)(1LL << 40), &len, err);
        if (st == CL_OK && p->offset)
            st = whole_in(z, p->offset, "a buffer's 'offset'", 0, 1024, &off, err);
        double copies = p->role == DAY_ROLE_IN ? 2 : p->role == DAY_ROLE_OUT ? 3 : 4;
        *bytes += copies * (double)day_param_elem_bytes(p->type) * (len + off + 1024);
    }
    return st;
}

static cl_status check_size(const day_manifest *m, const day_size *s, const char *what,
                            cl_error *err)
{
    size_at z = {m, s, what, {0}};
    if (m->course.n >= 64)
        return day_fail_at(m->path, m->course.at, err, "a size may name 63 variables at most");
    day_size_vars(m, s, z.vars);
    for (int i = 0; i < m->nrequires; i++) {
        const day_require *r = &m->requires[i];
        if (day_expr_eval(r->that->e, z.vars) != 0) continue;
        cl_str b = {0};
        for (int j = 0; j < s->n; j++) cl_str_addf(&b, "%s%s=%lld", j ? " " : "", s->keys[j], s->values[j]);
        cl_status st = day_fail_at(m->path, s->at, err, "%s (%s) breaks the rule \"%s\": %s; "
                                   "change the size or the rule", what, b.s, r->that->text, r->why);
        cl_str_free(&b);
        return st;
    }
    cl_status st = CL_OK;
    if (m->program) st = day_check_program_at(m, s, what, z.vars, err);
    for (int i = -2; i < m->nkernels && st == CL_OK; i++) {
        const day_kernel *k = i == -2 ? (m->program ? &m->program->judged : NULL)
                              : i < 0 ? m->baseline : &m->kernels[i];
        double bytes = 0;
        if (!k || k->in_program) continue; /* a program's kernels: its buffers, checked above */
        st = check_kernel_at(&z, k, &bytes, err);
        if (st == CL_OK && bytes > (double)DAY_SIZE_MAX_BYTES)
            st = day_fail_at(m->path, s->at, err, "%s takes %.0f bytes (%.1f GiB) to grade %s: the "
                             "inputs, the buffers and their copies; a size may take %llu GiB at "
                             "most; make it smaller", what, bytes, bytes / (1 << 30), k->name,
                             DAY_SIZE_MAX_BYTES >> 30);
    }
    return st;
}

cl_status day_check_sizes(const day_manifest *m, cl_error *err)
{
    cl_status st = check_size(m, &m->course, "the course size", err);
    for (int i = 0; i < m->nhidden && st == CL_OK; i++) {
        char what[32];
        snprintf(what, sizeof what, "hidden size %d", i + 1);
        st = check_size(m, &m->hidden[i], what, err);
    }
    return st;
}
