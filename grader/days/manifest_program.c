/* manifest_program.c - a day's `program:` (docs/day-format.md, "program"):
 * the day's kernels launched in order on buffers of the program's own, with
 * stages that repeat, clear a buffer or swap two, judged as one. Read once
 * every other key is (a stage names kernels and buffers), checked at every
 * size with the rest of the manifest. */
#include "manifest_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"

/* Loops inside loops, at most. */
#define PROGRAM_DEPTH 4
/* Stages in one list, at most. */
#define PROGRAM_STAGES 64

typedef struct prog_ctx {
    cl_yaml_doc *d;
    day_manifest *m;
    day_program *p;
    int depth;
} prog_ctx;

/* ---- the program's own keys ---- */

cl_status day_top_program(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_manifest *m = t;
    if (v->type != YAML_MAPPING_NODE)
        return cl_yaml_fail(d, v, err, "'program' must be a mapping with a 'name', 'buffers' "
                            "and 'stages'");
    m->program = cl_calloc(1, sizeof *m->program);
    m->program->node = v;
    m->program->after = -1;
    return CL_OK;
}

static int find_buffer(const day_program *p, const char *name)
{
    for (int i = 0; name && i < p->judged.nparams; i++)
        if (!strcmp(p->judged.params[i].name, name)) return i;
    return -1;
}

static int find_kernel(const day_manifest *m, const char *name)
{
    for (int i = 0; name && i < m->nkernels; i++)
        if (!strcmp(m->kernels[i].name, name)) return i;
    return -1;
}

/* A buffer of the program named by the scalar v; its index, -1 said. */
static cl_status read_buffer_ref(prog_ctx *c, yaml_node_t *v, const char *what, int *out,
                                 cl_error *err)
{
    const char *s = cl_yaml_scalar(v);
    *out = find_buffer(c->p, s);
    if (*out >= 0) return CL_OK;
    cl_str all = {0};
    for (int i = 0; i < c->p->judged.nparams; i++)
        cl_str_addf(&all, "%s%s", i ? ", " : "", c->p->judged.params[i].name);
    cl_status st = cl_yaml_fail(c->d, v, err, "%s names '%s', which is not a buffer of the "
                                "program; name one of: %s", what, s ? s : "not a name",
                                cl_str_cstr(&all));
    cl_str_free(&all);
    return st;
}

/* A grid or block: an expression, or a list of one to three. */
static cl_status read_dims(prog_ctx *c, yaml_node_t *v, const char *what, day_formula **out,
                           cl_error *err)
{
    size_t n = 1;
    bool seq = v->type == YAML_SEQUENCE_NODE;
    cl_status st = seq ? cl_yaml_seq(c->d, v, what, 1, 3, &n, err) : CL_OK;
    for (size_t i = 0; i < n && st == CL_OK; i++)
        st = day_read_formula(c->d, seq ? cl_yaml_item(c->d, v, i) : v, what, false, c->m,
                              &out[i], err);
    return st;
}

/* The element type of a parameter type, whatever its pointer and const:
 * the types come in threes (const T*, T*, T) in DAY_ELEM_TYPES' order. */
static int elem_of(day_param_type t)
{
    return (int)t / 3;
}

/* A launch's arguments, one a parameter of its kernel: a pointer takes a
 * buffer of the program of its element type (a writable one for a T*), a
 * scalar an expression of the size. */
static cl_status read_args(prog_ctx *c, yaml_node_t *v, day_stage *s, cl_error *err)
{
    const day_kernel *k = &c->m->kernels[s->kernel];
    size_t n;
    cl_status st = cl_yaml_seq(c->d, v, "'args'", 0, 16, &n, err);
    if (st == CL_OK && n != (size_t)k->nparams) {
        char *sig = day_kernel_signature(k);
        st = cl_yaml_fail(c->d, v, err, "'args' gives %zu argument%s, and %s takes %d; give one "
                          "for each parameter of %s", n, n == 1 ? "" : "s", k->name, k->nparams, sig);
        free(sig);
    }
    if (st != CL_OK) return st;
    s->args = cl_calloc(n + 1, sizeof *s->args);
    s->nargs = (int)n;
    for (size_t i = 0; i < n && st == CL_OK; i++) {
        yaml_node_t *item = cl_yaml_item(c->d, v, i);
        const day_param *kp = &k->params[i];
        s->args[i].buffer = -1;
        if (!day_param_type_is_pointer(kp->type)) {
            st = day_read_formula(c->d, item, "an argument", false, c->m, &s->args[i].value, err);
            continue;
        }
        char what[96];
        snprintf(what, sizeof what, "argument %zu (%s %s)", i + 1,
                 day_param_type_name(kp->type), kp->name);
        st = read_buffer_ref(c, item, what, &s->args[i].buffer, err);
        if (st != CL_OK) break;
        const day_param *b = &c->p->judged.params[s->args[i].buffer];
        bool writes = strncmp(day_param_type_name(kp->type), "const ", 6) != 0;
        if (elem_of(b->type) != elem_of(kp->type))
            st = cl_yaml_fail(c->d, item, err, "%s is given '%s', a buffer of %s; it needs one "
                              "of the same element type", what, b->name, day_param_type_name(b->type));
        else if (writes && b->role == DAY_ROLE_IN)
            st = cl_yaml_fail(c->d, item, err, "%s is given '%s', an input (const): a kernel "
                              "cannot write it; make the buffer role: inout or scratch, or pass "
                              "it to a const parameter", what, b->name);
    }
    return st;
}

static cl_status read_stages(prog_ctx *c, yaml_node_t *v, day_stage **out, int *nout,
                             cl_error *err);
static yaml_node_t *value_of(cl_yaml_doc *d, yaml_node_t *v, const char *key);

/* `index: NAME`: the loop's run (0, 1, ...) as a variable of the
 * expressions of the stages inside it; a name of its own. */
static cl_status read_index(prog_ctx *c, yaml_node_t *v, day_stage *s, cl_error *err)
{
    char *name = NULL;
    cl_status st = day_read_identifier(c->d, v, "a loop's 'index'", &name, err);
    if (st != CL_OK) return st;
    bool taken = !strcmp(name, "i") || day_size_get(&c->m->course, name, -1) >= 0;
    for (int k = 0; k < c->p->nloops && !taken; k++) taken = !strcmp(c->p->loops[k], name);
    if (taken || c->m->course.n + c->p->nloops >= 63) {
        st = cl_yaml_fail(c->d, v, err, "a loop's 'index' needs a name of its own (not a size's, "
                          "not 'i', not another loop's), and there are 63 variables at most; "
                          "'%s' is not free", name);
        free(name);
        return st;
    }
    c->p->loops = cl_realloc(c->p->loops, (size_t)(c->p->nloops + 1) * sizeof *c->p->loops);
    s->index = c->p->nloops;
    c->p->loops[c->p->nloops++] = name;
    return CL_OK;
}

/* `until: {buffer: NAME, is: NUMBER}`. */
static cl_status read_until(prog_ctx *c, yaml_node_t *v, day_stage *s, cl_error *err)
{
    bool ok = v->type == YAML_MAPPING_NODE && v->data.mapping.pairs.top - v->data.mapping.pairs.start == 2;
    yaml_node_t *buf = ok ? value_of(c->d, v, "buffer") : NULL, *is = ok ? value_of(c->d, v, "is") : NULL;
    if (!buf || !is)
        return cl_yaml_fail(c->d, v, err, "'until' is {buffer: NAME, is: NUMBER}: the loop stops "
                            "once element 0 of the buffer equals the number after a run");
    cl_status st = read_buffer_ref(c, buf, "'until'", &s->until_buffer, err);
    if (st == CL_OK) st = day_read_number(c->d, is, "'until's 'is'", &s->until_value, err);
    return st;
}

static cl_status read_swap(prog_ctx *c, yaml_node_t *v, day_stage *s, cl_error *err)
{
    size_t n;
    cl_status st = cl_yaml_seq(c->d, v, "'swap'", 2, 2, &n, err);
    for (int i = 0; i < 2 && st == CL_OK; i++)
        st = read_buffer_ref(c, cl_yaml_item(c->d, v, (size_t)i), "'swap'", &s->swap[i], err);
    if (st != CL_OK) return st;
    const day_param *a = &c->p->judged.params[s->swap[0]], *b = &c->p->judged.params[s->swap[1]];
    if (s->swap[0] == s->swap[1] || !a->length || !b->length || a->type != b->type || a->role == DAY_ROLE_IN ||
        b->role == DAY_ROLE_IN || strcmp(a->length->text, b->length->text) || a->offset || b->offset)
        return cl_yaml_fail(c->d, v, err, "'swap' trades two different writable buffers of one "
                            "type and one length (the same 'length' text, no 'offset'); '%s' and "
                            "'%s' are not", a->name, b->name);
    return CL_OK;
}

/* Which of a stage's keys a kind takes. */
static bool key_fits(day_stage_kind kind, const char *key)
{
    static const char *const launch[] = {"kernel", "name", "args", "grid", "block", "shared_bytes"};
    static const char *const repeat[] = {"repeat", "name", "until", "swap", "stages", "index"};
    const char *const *keys = kind == DAY_STAGE_LAUNCH ? launch : kind == DAY_STAGE_REPEAT ? repeat : NULL;
    size_t n = kind == DAY_STAGE_LAUNCH ? 6 : kind == DAY_STAGE_REPEAT ? 6 : 0;
    if (kind == DAY_STAGE_CLEAR) return !strcmp(key, "clear") || !strcmp(key, "name");
    for (size_t i = 0; i < n; i++)
        if (!strcmp(keys[i], key)) return true;
    return false;
}

/* The value of key in the mapping v, or NULL. */
static yaml_node_t *value_of(cl_yaml_doc *d, yaml_node_t *v, const char *key)
{
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
        const char *k = cl_yaml_scalar(cl_yaml_node(d, p->key));
        if (k && !strcmp(k, key)) return cl_yaml_node(d, p->value);
    }
    return NULL;
}

static cl_status read_launch(prog_ctx *c, yaml_node_t *v, day_stage *s, cl_error *err)
{
    yaml_node_t *kn = value_of(c->d, v, "kernel"), *args = value_of(c->d, v, "args");
    yaml_node_t *grid = value_of(c->d, v, "grid"), *block = value_of(c->d, v, "block");
    yaml_node_t *shared = value_of(c->d, v, "shared_bytes");
    s->kernel = find_kernel(c->m, cl_yaml_scalar(kn));
    if (s->kernel < 0)
        return cl_yaml_fail(c->d, kn, err, "'kernel' names '%s', which is not a kernel of the "
                            "day; name one of its 'kernels'", cl_yaml_scalar(kn) ? cl_yaml_scalar(kn) : "?");
    if (!args || !grid || !block)
        return cl_yaml_fail(c->d, v, err, "a launch of %s needs 'args', 'grid' and 'block'",
                            c->m->kernels[s->kernel].name);
    if (!s->name) s->name = cl_strdup(c->m->kernels[s->kernel].name);
    cl_status st = read_args(c, args, s, err);
    if (st == CL_OK) st = read_dims(c, grid, "a grid dimension", s->grid, err);
    if (st == CL_OK) st = read_dims(c, block, "a block dimension", s->block, err);
    if (st == CL_OK && shared)
        st = day_read_formula(c->d, shared, "'shared_bytes'", false, c->m, &s->shared, err);
    return st;
}

static cl_status read_repeat(prog_ctx *c, yaml_node_t *v, day_stage *s, cl_error *err)
{
    yaml_node_t *until = value_of(c->d, v, "until"), *swap = value_of(c->d, v, "swap");
    yaml_node_t *stages = value_of(c->d, v, "stages"), *index = value_of(c->d, v, "index");
    if (!stages)
        return cl_yaml_fail(c->d, v, err, "a 'repeat' needs the 'stages' it repeats");
    if (c->depth >= PROGRAM_DEPTH)
        return cl_yaml_fail(c->d, v, err, "repeats nest %d deep at most", PROGRAM_DEPTH);
    if (!s->name) s->name = cl_strdup("repeat");
    cl_status st = day_read_formula(c->d, value_of(c->d, v, "repeat"), "'repeat'", false, c->m,
                                    &s->times, err);
    if (st == CL_OK && until) st = read_until(c, until, s, err);
    if (st == CL_OK && swap) st = read_swap(c, swap, s, err);
    if (st == CL_OK && index) st = read_index(c, index, s, err);
    c->depth++;
    if (st == CL_OK) st = read_stages(c, stages, &s->stages, &s->nstages, err);
    c->depth--;
    return st;
}

/* One stage: a mapping whose kind is the one of kernel, clear, repeat it has. */
static cl_status read_stage(prog_ctx *c, yaml_node_t *v, day_stage *s, cl_error *err)
{
    s->at = day_yaml_pos(v);
    s->until_buffer = s->buffer = s->kernel = s->index = -1;
    s->swap[0] = s->swap[1] = -1;
    if (v->type != YAML_MAPPING_NODE)
        return cl_yaml_fail(c->d, v, err, "a stage is a mapping: {kernel: NAME, ...}, {clear: "
                            "BUFFER} or {repeat: EXPR, stages: [...]}");
    int kinds = 0;
    static const char *const kind_keys[] = {
#define DAY_STAGE_KEY(id, key) key,
        DAY_STAGE_KINDS(DAY_STAGE_KEY)
#undef DAY_STAGE_KEY
    };
    for (int i = 0; i < 3; i++)
        if (value_of(c->d, v, kind_keys[i])) {
            s->kind = (day_stage_kind)i;
            kinds++;
        }
    if (kinds != 1)
        return cl_yaml_fail(c->d, v, err, "a stage is one of: a launch ({kernel: NAME, ...}), a "
                            "clear ({clear: BUFFER}) or a loop ({repeat: EXPR, stages: [...]}); "
                            "this one has %d of those keys", kinds);
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
        yaml_node_t *k = cl_yaml_node(c->d, p->key);
        const char *key = cl_yaml_scalar(k);
        if (!key || !key_fits(s->kind, key))
            return cl_yaml_fail(c->d, k, err, "'%s' is not a key of a %s stage; it takes %s",
                                key ? key : "?", kind_keys[s->kind],
                                s->kind == DAY_STAGE_LAUNCH ? "kernel, name, args, grid, block, shared_bytes"
                                : s->kind == DAY_STAGE_REPEAT ? "repeat, name, until, swap, index, stages"
                                                              : "clear, name");
    }
    yaml_node_t *name = value_of(c->d, v, "name");
    cl_status st = name ? day_read_identifier(c->d, name, "a stage's 'name'", &s->name, err) : CL_OK;
    if (st != CL_OK) return st;
    if (s->kind == DAY_STAGE_LAUNCH) return read_launch(c, v, s, err);
    if (s->kind == DAY_STAGE_REPEAT) return read_repeat(c, v, s, err);
    st = read_buffer_ref(c, value_of(c->d, v, "clear"), "'clear'", &s->buffer, err);
    if (st == CL_OK && c->p->judged.params[s->buffer].role == DAY_ROLE_IN)
        st = cl_yaml_fail(c->d, v, err, "'clear' names '%s', an input: inputs are not changed",
                          c->p->judged.params[s->buffer].name);
    if (st == CL_OK && !s->name) s->name = cl_sprintf("clear_%s", c->p->judged.params[s->buffer].name);
    return st;
}

/* A stage's name is how a hazard, a verdict and `judge` say where: no two
 * stages of a program share one. */
static const day_stage *named(const day_stage *st, int n, const day_stage *self, const char *name)
{
    for (int i = 0; i < n; i++) {
        if (&st[i] != self && st[i].name && !strcmp(st[i].name, name)) return &st[i];
        const day_stage *in = named(st[i].stages, st[i].nstages, self, name);
        if (in) return in;
    }
    return NULL;
}

static cl_status read_stages(prog_ctx *c, yaml_node_t *v, day_stage **out, int *nout,
                             cl_error *err)
{
    size_t n;
    cl_status st = cl_yaml_seq(c->d, v, "'stages'", 1, PROGRAM_STAGES, &n, err);
    if (st != CL_OK) return st;
    *out = cl_calloc(n, sizeof **out);
    for (size_t i = 0; i < n && st == CL_OK; i++, (*nout)++) {
        day_stage *s = &(*out)[i];
        s->ordinal = c->p->nall++;
        st = read_stage(c, cl_yaml_item(c->d, v, i), s, err);
        const day_stage *twin = st == CL_OK ? named(c->p->stages, c->p->nstages, s, s->name) : NULL;
        if (!twin) twin = st == CL_OK ? named(*out, (int)i, s, s->name) : NULL;
        if (twin)
            st = day_fail_at(c->m->path, s->at, err, "two stages are named '%s' (the other at "
                             "line %d); give each launch of a kernel launched more than once a "
                             "'name' of its own", s->name, twin->at.line);
    }
    return st;
}

/* `judge: {after: STAGE}`: a stage of the top level. */
static cl_status read_judge(prog_ctx *c, yaml_node_t *v, cl_error *err)
{
    yaml_node_t *after = v->type == YAML_MAPPING_NODE ? value_of(c->d, v, "after") : NULL;
    if (!after || v->data.mapping.pairs.top - v->data.mapping.pairs.start != 1)
        return cl_yaml_fail(c->d, v, err, "'judge' is {after: STAGE}: the outputs as they stand "
                            "after that stage of the top level (without it, at the end)");
    const char *s = cl_yaml_scalar(after);
    for (int i = 0; s && i < c->p->nstages; i++)
        if (!strcmp(c->p->stages[i].name, s)) c->p->after = i;
    if (c->p->after >= 0) return CL_OK;
    return cl_yaml_fail(c->d, after, err, "'judge' names stage '%s', which is not a stage of the "
                        "program's top level; name one (a stage is named by 'name', or by its "
                        "kernel)", s ? s : "?");
}

/* The keys of `program:` other than its stages, read into the judged kernel. */
static cl_status read_keys(prog_ctx *c, yaml_node_t *v, yaml_node_t **stages, yaml_node_t **judge,
                           cl_error *err)
{
    day_kernel *k = &c->p->judged;
    cl_status st = CL_OK;
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start; st == CL_OK && p < v->data.mapping.pairs.top; p++) {
        yaml_node_t *kn = cl_yaml_node(c->d, p->key), *val = cl_yaml_node(c->d, p->value);
        const char *key = cl_yaml_scalar(kn);
        if (!key) key = "";
        if (!strcmp(key, "name")) {
            k->name_at = day_yaml_pos(val);
            st = day_read_identifier(c->d, val, "the program's 'name'", &k->name, err);
        } else if (!strcmp(key, "summary")) {
            st = day_read_text(c->d, val, "the program's 'summary'", &k->summary, err);
        } else if (!strcmp(key, "buffers")) {
            st = day_read_params(c->d, val, c->m, k, err);
        } else if (!strcmp(key, "compare")) {
            st = day_read_compare(c->d, val, c->m, &k->compare, err);
        } else if (!strcmp(key, "unit")) {
            st = day_read_unit(c->d, val, c->m, k, err);
        } else if (!strcmp(key, "points")) {
            st = day_read_points(c->d, val, k, err);
        } else if (!strcmp(key, "untouched")) {
            st = day_read_text(c->d, val, "'untouched'", &k->untouched, err);
        } else if (!strcmp(key, "bytes")) {
            st = day_read_formula(c->d, val, "'bytes'", false, c->m, &k->bytes, err);
        } else if (!strcmp(key, "stages")) {
            *stages = val;
        } else if (!strcmp(key, "judge")) {
            *judge = val;
        } else {
            st = cl_yaml_fail(c->d, kn, err, "unknown key '%s' in the program; expected one of: "
                              "name, summary, buffers, stages, judge, compare, unit, points, "
                              "untouched, bytes", key);
        }
    }
    if (st == CL_OK && (!k->name || !k->nparams || !*stages))
        st = cl_yaml_fail(c->d, v, err, "the program needs a 'name', its 'buffers' and its "
                          "'stages'");
    return st;
}

/* A kernel the program launches: the program says how it is launched and
 * judged, so the kernel says only what it is (name, parameters, checks,
 * limits). */
static cl_status check_part(const day_manifest *m, day_kernel *k, cl_error *err)
{
    const char *extra = k->compare.kind != DAY_COMPARE_EXACT || k->compare.total ? "compare"
                        : k->unit ? "unit" : k->bytes ? "bytes" : k->check ? "check"
                        : k->oracle ? "oracle" : k->untouched ? "untouched" : k->optional ? "optional"
                        : k->launch.given[0] || k->launch.given[1] || k->launch.given[2] ? "launch" : NULL;
    if (extra)
        return day_fail_at(m->path, k->name_at, err, "%s is launched by the day's program, which "
                           "says how it is launched and judged: '%s' belongs to the program (or its "
                           "stages), not to the kernel", k->name, extra);
    if (k->ngates)
        return day_fail_at(m->path, k->name_at, err, "%s is launched by the day's program, and "
                           "gates on a program's kernels are not judged yet (their figures are "
                           "the program's together); drop its 'gates'", k->name);
    if (k->checks & (1u << DAY_CHECK_CORRECTNESS))
        return day_fail_at(m->path, k->name_at, err, "%s is launched by the day's program: its "
                           "correctness is the program's (judged on the program's buffers); drop "
                           "'correctness' from its checks", k->name);
    for (int i = 0; i < k->nparams; i++) {
        const day_param *p = &k->params[i];
        if (p->length || p->fill.nrules || p->value || p->offset)
            return day_fail_at(m->path, p->at, err, "'%s' of %s takes a type and a name only: the "
                               "program's stages give it its buffer or value ('args')", p->name, k->name);
    }
    k->in_program = true;
    return CL_OK;
}

static void describe_stages(cl_str *s, const day_stage *st, int n)
{
    for (int i = 0; i < n; i++) {
        const day_stage *x = &st[i];
        cl_str_addf(s, "{%d %s ", (int)x->kind, x->name);
        for (int d = 0; d < 3; d++)
            cl_str_addf(s, "%s|%s|", x->grid[d] ? x->grid[d]->text : "-", x->block[d] ? x->block[d]->text : "-");
        cl_str_addf(s, "%s|%d|%d|", x->shared ? x->shared->text : "-", x->kernel, x->buffer);
        for (int a = 0; a < x->nargs; a++)
            cl_str_addf(s, "%d:%s,", x->args[a].buffer, x->args[a].value ? x->args[a].value->text : "");
        cl_str_addf(s, "%s|%d|%.17g|%d|%d|%d", x->times ? x->times->text : "-", x->until_buffer,
                    x->until_value, x->swap[0], x->swap[1], x->index);
        describe_stages(s, x->stages, x->nstages);
        cl_str_add(s, "}");
    }
}

/* The stages' expressions, compiled against the size's variables and then
 * the loops' (day_compile_formulas leaves them be). */
static cl_status compile_stages(day_manifest *m, size_t first, cl_error *err)
{
    int nvars = m->course.n, n = nvars + m->program->nloops;
    const char **names = cl_calloc((size_t)n + 1, sizeof *names);
    for (int k = 0; k < nvars; k++) names[k] = m->course.keys[k];
    for (int k = 0; k < m->program->nloops; k++) names[nvars + k] = m->program->loops[k];
    cl_status st = CL_OK;
    for (size_t i = first; i < m->formulas.n && st == CL_OK; i++) {
        day_formula *f = m->formulas.v[i];
        char why[512];
        f->e = day_expr_parse(f->text, names, n, why, sizeof why);
        if (!f->e) st = day_fail_at(m->path, f->at, err, "%s", why);
    }
    free(names);
    return st;
}

/* An expression reads only the variables of the loops around it (a mask of
 * them: bit k for loop k). */
static cl_status in_scope(const day_manifest *m, const day_formula *f, unsigned long long around,
                          cl_error *err)
{
    for (int k = 0; f && k < m->program->nloops; k++)
        if (!(around >> k & 1) && day_expr_uses(f->e, m->course.n + k))
            return day_fail_at(m->path, f->at, err, "'%s' reads '%s', the index of a loop it is not "
                               "inside; an expression sees the indices of the loops around it only",
                               f->text, m->program->loops[k]);
    return CL_OK;
}

static cl_status check_scopes(const day_manifest *m, const day_stage *st, int n,
                              unsigned long long around, cl_error *err)
{
    cl_status r = CL_OK;
    for (int i = 0; i < n && r == CL_OK; i++) {
        const day_stage *s = &st[i];
        for (int d = 0; d < 3 && r == CL_OK; d++) {
            r = in_scope(m, s->grid[d], around, err);
            if (r == CL_OK) r = in_scope(m, s->block[d], around, err);
        }
        for (int a = 0; a < s->nargs && r == CL_OK; a++) r = in_scope(m, s->args[a].value, around, err);
        if (r == CL_OK) r = in_scope(m, s->shared, around, err);
        if (r == CL_OK) r = in_scope(m, s->times, around, err);
        unsigned long long inner = around | (s->index >= 0 ? 1ull << s->index : 0);
        if (r == CL_OK) r = check_scopes(m, s->stages, s->nstages, inner, err);
    }
    return r;
}

double day_program_eval(const day_manifest *m, const day_formula *f, const day_size *s,
                        const long *loops)
{
    double vars[130];
    if (!f) return 0;
    day_size_vars(m, s, vars);
    for (int k = 0; m->program && k < m->program->nloops; k++)
        vars[m->course.n + k] = loops ? (double)loops[k] : 0;
    return day_expr_eval(f->e, vars);
}

cl_status day_read_program(cl_yaml_doc *d, day_manifest *m, cl_error *err)
{
    day_program *p = m->program;
    yaml_node_t *v = (yaml_node_t *)p->node, *stages = NULL, *judge = NULL;
    if (m->course.n >= 63)
        return day_fail_at(m->path, m->course.at, err, "a size may name 63 variables at most");
    prog_ctx c = {d, m, p, 0};
    day_init_kernel(&p->judged, v);
    p->judged.is_program = true;
    p->judged.checks = 1u << DAY_CHECK_CORRECTNESS;
    cl_status st = read_keys(&c, v, &stages, &judge, err);
    for (int i = 0; i < m->nkernels && st == CL_OK; i++) {
        st = check_part(m, &m->kernels[i], err);
        if (st == CL_OK && !strcmp(m->kernels[i].name, p->judged.name))
            st = day_fail_at(m->path, p->judged.name_at, err, "the program is named '%s', as a "
                             "kernel of the day is; give it a name of its own", p->judged.name);
    }
    for (int i = 0; i < p->judged.nparams && st == CL_OK; i++)
        if (p->judged.params[i].role == DAY_ROLE_SCALAR)
            st = day_fail_at(m->path, p->judged.params[i].at, err, "the program's buffers are "
                             "pointers; '%s' is a scalar (give a launch its value in 'args')",
                             p->judged.params[i].name);
    size_t first = m->formulas.n; /* the stages' expressions are those read from here */
    if (st == CL_OK) st = read_stages(&c, stages, &p->stages, &p->nstages, err);
    if (st == CL_OK) st = compile_stages(m, first, err);
    if (st == CL_OK) st = check_scopes(m, p->stages, p->nstages, 0, err);
    if (st == CL_OK && judge) st = read_judge(&c, judge, err);
    if (st == CL_OK) {
        cl_str key = {0};
        cl_str_addf(&key, "after %d ", p->after);
        describe_stages(&key, p->stages, p->nstages);
        p->key = cl_str_take(&key);
    }
    p->node = NULL;
    return st;
}

/* ---- at every size ---- */

typedef struct prog_size {
    const day_manifest *m;
    const day_size *s;
    const char *what;
    double vars[130]; /* the size's, then the loops' indices */
} prog_size;

/* f's value at the size: whole and in [lo, hi]. */
static cl_status whole(const prog_size *z, const day_formula *f, const char *what, double lo,
                       double hi, double *out, cl_error *err)
{
    double v = day_expr_eval(f->e, z->vars);
    *out = v;
    if (v == floor(v) && v >= lo && v <= hi) return CL_OK;
    return day_fail_at(z->m->path, f->at, err, "%s (\"%s\") is %.17g at %s; it must be a whole "
                       "number from %.0f to %.0f", what, f->text, v, z->what, lo, hi);
}

static cl_status check_launch_at(const prog_size *z, const day_stage *s, cl_error *err)
{
    static const double grid_max[3] = {2147483647.0, 65535.0, 65535.0};
    static const double block_max[3] = {1024, 1024, 64};
    double v, threads = 1;
    cl_status st = CL_OK;
    for (int d = 0; d < 3 && st == CL_OK; d++) {
        if (s->grid[d]) st = whole(z, s->grid[d], "a grid dimension", 1, grid_max[d], &v, err);
        if (st == CL_OK && s->block[d]) {
            st = whole(z, s->block[d], "a block dimension", 1, block_max[d], &v, err);
            threads *= v;
        }
    }
    if (st == CL_OK && threads > 1024)
        st = day_fail_at(z->m->path, s->block[0] ? s->block[0]->at : s->at, err, "stage '%s' has "
                         "blocks of %.0f threads at %s; a block has 1,024 at most", s->name, threads,
                         z->what);
    if (st == CL_OK && s->shared) st = whole(z, s->shared, "'shared_bytes'", 0, 65536, &v, err);
    const day_kernel *k = &z->m->kernels[s->kernel];
    for (int i = 0; i < k->nparams && st == CL_OK; i++) {
        if (!s->args[i].value) continue;
        day_num n = day_param_num(k->params[i].type);
        v = day_expr_eval(s->args[i].value->e, z->vars);
        if (day_num_is_float(n) ? !isfinite(v) : (v != floor(v) || fabs(v) > 2147483647.0))
            st = day_fail_at(z->m->path, s->args[i].value->at, err, "the argument for '%s' is "
                             "%.17g at %s; it must fit %s", k->params[i].name, v, z->what,
                             day_param_type_name(k->params[i].type));
    }
    return st;
}

static cl_status check_stages_at(prog_size *z, const day_stage *st, int n, cl_error *err)
{
    cl_status r = CL_OK;
    for (int i = 0; i < n && r == CL_OK; i++) {
        const day_stage *s = &st[i];
        double v;
        if (s->kind == DAY_STAGE_LAUNCH) r = check_launch_at(z, s, err);
        if (s->kind != DAY_STAGE_REPEAT) continue;
        r = whole(z, s->times, "'repeat'", s->until_buffer >= 0 ? 1 : 0, 1e6, &v, err);
        if (r != CL_OK || s->index < 0) {
            if (r == CL_OK) r = check_stages_at(z, s->stages, s->nstages, err);
            continue;
        }
        /* with an index: its every run where there are few, else the first and the last */
        double *at = &z->vars[z->m->course.n + s->index];
        for (double run = 0; run < v && r == CL_OK; run = (v > 64 && run == 0) ? v - 1 : run + 1) {
            *at = run;
            r = check_stages_at(z, s->stages, s->nstages, err);
        }
        *at = 0;
    }
    return r;
}

cl_status day_check_program_at(const day_manifest *m, const day_size *s, const char *what,
                               const double *vars, cl_error *err)
{
    prog_size z = {m, s, what, {0}};
    memcpy(z.vars, vars, (size_t)m->course.n * sizeof *vars);
    return check_stages_at(&z, m->program->stages, m->program->nstages, err);
}

int day_manifest_nscored(const day_manifest *m)
{
    return m->nkernels + (m->program != NULL);
}

const day_kernel *day_manifest_scored(const day_manifest *m, int i)
{
    return i < m->nkernels ? &m->kernels[i] : &m->program->judged;
}

/* ---- freeing ---- */

static void stages_free(day_stage *st, int n)
{
    for (int i = 0; i < n; i++) {
        free(st[i].name);
        free(st[i].args);
        stages_free(st[i].stages, st[i].nstages);
    }
    free(st);
}

void day_program_free(day_program *p)
{
    if (!p) return;
    day_kernel_free(&p->judged);
    stages_free(p->stages, p->nstages);
    for (int k = 0; k < p->nloops; k++) free(p->loops[k]);
    free(p->loops);
    free(p->key);
    free(p);
}
