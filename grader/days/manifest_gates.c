/* manifest_gates.c - a kernel's `gates:`, bounds on the emulator's figures at
 * the course size that fail `performance` when broken (docs/day-format.md,
 * "gates"): read, and checked against the rest of the kernel once the
 * manifest is whole. */
#include "manifest_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const base_keys[] = {
#define DAY_GATE_BASE_KEY(id, key) key,
    DAY_GATE_BASES(DAY_GATE_BASE_KEY)
#undef DAY_GATE_BASE_KEY
};

const char *day_gate_base_key(day_gate_base b)
{
    return (unsigned)b < DAY_GATE_BASE_COUNT ? base_keys[b] : "?";
}

/* A factor of its ideal where the ideal is the bytes needed or the
 * access's (figures.h). */
bool day_gate_base_fits(cl_figure f, day_gate_base b)
{
    switch (b) {
    case DAY_GATE_BASE_NUMBER:
    case DAY_GATE_BASE_REFERENCE: return true;
    case DAY_GATE_BASE_NEEDED: return cl_figure_ideal_of(f) == CL_IDEAL_NEEDED;
    case DAY_GATE_BASE_IDEAL: return cl_figure_ideal_of(f) == CL_IDEAL_ACCESS;
    case DAY_GATE_BASE_COUNT: break;
    }
    return false;
}

static int figure_from_key(const char *s)
{
    for (int i = 0; s && i < CL_FIG_COUNT; i++)
        if (cl_figure_gated((cl_figure)i) && !strcmp(s, cl_figure_name((cl_figure)i))) return i;
    return -1;
}

/* "reference (any figure), needed (bytes_moved), ideal (load_sectors, store_sectors)" */
static void bases_for(cl_figure f, cl_str *to)
{
    int n = 0;
    for (int b = DAY_GATE_BASE_REFERENCE; b < DAY_GATE_BASE_COUNT; b++)
        if (day_gate_base_fits(f, (day_gate_base)b)) cl_str_addf(to, "%s{%s: F}", n++ ? ", " : "", base_keys[b]);
}

/* The bound: a plain number, or {BASE: factor}. */
static cl_status read_bound(cl_yaml_doc *d, yaml_node_t *v, day_gate *g, cl_error *err)
{
    const char *key = cl_figure_name(g->figure);
    if (v->type == YAML_SCALAR_NODE) {
        g->base = DAY_GATE_BASE_NUMBER;
        cl_status st = day_read_number(d, v, "a gate's bound", &g->value, err);
        if (st == CL_OK && !(g->value >= 0))
            st = cl_yaml_fail(d, v, err, "gate '%s' must be 0 or more, found %g", key, g->value);
        if (st == CL_OK && g->figure == CL_FIG_OCCUPANCY && !(g->value > 0 && g->value <= 1))
            st = cl_yaml_fail(d, v, err, "gate 'occupancy' is a share of the SM's threads, above 0 "
                              "and at most 1 (0.5 is 50%%), found %g", g->value);
        return st;
    }
    bool one = v->type == YAML_MAPPING_NODE && v->data.mapping.pairs.top - v->data.mapping.pairs.start == 1;
    const char *base = one ? cl_yaml_scalar(cl_yaml_node(d, v->data.mapping.pairs.start->key)) : NULL;
    int b = -1;
    for (int i = DAY_GATE_BASE_REFERENCE; base && i < DAY_GATE_BASE_COUNT; i++)
        if (!strcmp(base, base_keys[i])) b = i;
    if (b < 0 || !day_gate_base_fits(g->figure, (day_gate_base)b)) {
        cl_str all = {0};
        bases_for(g->figure, &all);
        cl_status st = cl_yaml_fail(d, v, err, "gate '%s' takes a number or one of %s (F a factor), "
                                    "found %s%s%s", key, all.s, base ? "'" : "a mapping of other keys",
                                    base ? base : "", base ? "'" : "");
        cl_str_free(&all);
        return st;
    }
    g->base = (day_gate_base)b;
    yaml_node_t *fv = cl_yaml_node(d, v->data.mapping.pairs.start->value);
    cl_status st = day_read_number(d, fv, "a gate's factor", &g->value, err);
    if (st == CL_OK && !(g->value > 0 && g->value < 1e6))
        st = cl_yaml_fail(d, fv, err, "gate '%s': the factor of '%s' must be above 0, found %g", key,
                          base_keys[b], g->value);
    return st;
}

cl_status day_read_gates(cl_yaml_doc *d, yaml_node_t *n, day_kernel *k, cl_error *err)
{
    if (n->type != YAML_MAPPING_NODE || n->data.mapping.pairs.top == n->data.mapping.pairs.start)
        return cl_yaml_fail(d, n, err, "'gates' is a mapping of figures to bounds, such as "
                            "{bank_conflicts: 0.5, load_sectors: {ideal: 1.25}}");
    size_t count = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
    k->gates = cl_calloc(count, sizeof *k->gates);
    cl_status st = CL_OK;
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start;
         st == CL_OK && p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *key = cl_yaml_node(d, p->key), *v = cl_yaml_node(d, p->value);
        const char *s = cl_yaml_scalar(key);
        int f = figure_from_key(s);
        if (f < 0) {
            cl_str all = {0};
            for (int i = 0; i < CL_FIG_COUNT; i++)
                if (cl_figure_gated((cl_figure)i))
                    cl_str_addf(&all, "%s%s", all.len ? ", " : "", cl_figure_name((cl_figure)i));
            st = cl_yaml_fail(d, key, err, "'%s' is not a figure a gate can bound; use one of %s",
                              s ? s : "?", all.s);
            cl_str_free(&all);
            break;
        }
        for (int i = 0; i < k->ngates; i++)
            if (k->gates[i].figure == (cl_figure)f)
                return cl_yaml_fail(d, key, err, "gate '%s' is given twice", s);
        day_gate *g = &k->gates[k->ngates++];
        g->figure = (cl_figure)f;
        g->at = day_yaml_pos(v);
        st = read_bound(d, v, g, err);
    }
    return st;
}

/* Once the manifest is whole: a gate on the bytes needed needs `bytes:`. */
cl_status day_check_gates(const day_manifest *m, const day_kernel *k, cl_error *err)
{
    for (int i = 0; i < k->ngates; i++)
        if (k->gates[i].base == DAY_GATE_BASE_NEEDED && !k->bytes)
            return day_fail_at(m->path, k->gates[i].at, err, "%s's gate 'bytes_moved: {needed: "
                               "%g}' needs the bytes the kernel must move: give it 'bytes'",
                               k->name, k->gates[i].value);
    return CL_OK;
}
