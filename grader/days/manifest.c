/* manifest.c - day.yaml read through field tables into a day_manifest. */
#include "day.h"

#include <ctype.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/yamldoc.h"
#include "harness.h"

static const char *const check_names[] = {
#define DAY_CHECK_NAME(id, name) name,
    DAY_CHECKS(DAY_CHECK_NAME)
#undef DAY_CHECK_NAME
};

static const struct {
    const char *c, *mangled;
    int bytes;
} param_types[] = {
#define DAY_PARAM_ROW(id, c, m, bytes) {c, m, bytes},
    DAY_PARAM_TYPES(DAY_PARAM_ROW)
#undef DAY_PARAM_ROW
};

const char *day_check_name(day_check c)
{
    return (unsigned)c < DAY_CHECK_COUNT ? check_names[c] : "?";
}

int day_check_from_name(const char *name)
{
    for (int i = 0; i < DAY_CHECK_COUNT; i++)
        if (!strcmp(check_names[i], name)) return i;
    return -1;
}

const char *day_param_type_name(day_param_type t) { return param_types[t].c; }
const char *day_param_type_mangled(day_param_type t) { return param_types[t].mangled; }
int day_param_type_bytes(day_param_type t) { return param_types[t].bytes; }

long long day_size_get(const day_size *s, const char *key, long long fallback)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->keys[i], key)) return s->values[i];
    return fallback;
}

/* ---- small value checks ---- */

static day_pos pos_of(const yaml_node_t *n)
{
    return (day_pos){(int)n->start_mark.line + 1, (int)n->start_mark.column + 1};
}

static bool is_identifier(const char *s)
{
    if (!isalpha((unsigned char)*s) && *s != '_') return false;
    for (s++; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_') return false;
    return true;
}

static cl_status read_identifier(cl_yaml_doc *d, yaml_node_t *n, const char *what, char **out,
                                 cl_error *err)
{
    cl_status st = cl_yaml_string(d, n, what, out, err);
    if (st == CL_OK && !is_identifier(*out)) {
        st = cl_yaml_fail(d, n, err, "%s must be a C identifier, found '%s'", what, *out);
        free(*out);
        *out = NULL;
    }
    return st;
}

/* Text for people (a title, a summary, a hint): shown in the runner and in
 * reports, so no control characters (YAML's "\e" would make one) beyond
 * the line breaks of a folded paragraph. */
static cl_status read_text(cl_yaml_doc *d, yaml_node_t *n, const char *what, char **out,
                           cl_error *err)
{
    cl_status st = cl_yaml_string(d, n, what, out, err);
    if (st == CL_OK && !cl_text_is_safe(*out, strlen(*out), CL_TEXT_KEEP_LINES)) {
        char *shown = cl_text_safe(*out, 0);
        st = cl_yaml_fail(d, n, err, "%s holds a control or invisible character: '%s'; "
                          "write plain text", what, shown);
        free(shown);
        free(*out);
        *out = NULL;
    }
    return st;
}

/* A name that becomes part of a path or a tool's argument (the slug, the
 * student's file): letters, digits, '_', '-' and '.', not starting with '-'
 * or '.'. */
static cl_status read_name(cl_yaml_doc *d, yaml_node_t *n, const char *what, char **out,
                           cl_error *err)
{
    cl_status st = cl_yaml_string(d, n, what, out, err);
    if (st != CL_OK) return st;
    const char *s = *out;
    bool ok = *s != '-' && *s != '.';
    for (; ok && *s; s++) ok = isalnum((unsigned char)*s) || strchr("_-.", *s);
    if (!ok) {
        char *shown = cl_text_safe(*out, 0);
        st = cl_yaml_fail(d, n, err, "%s may hold only letters, digits, '_', '-' and '.' and may "
                          "not start with '-' or '.', found '%s'; rename it", what, shown);
        free(shown);
        free(*out);
        *out = NULL;
    }
    return st;
}

static const char *const known_archs[] = {
#define DAY_ARCH_NAME(name) name,
    DAY_ARCHS(DAY_ARCH_NAME)
#undef DAY_ARCH_NAME
};

/* `arch` goes to nvcc and ptxas as -arch=...: one of a fixed list, nothing
 * else. */
static cl_status read_arch(cl_yaml_doc *d, yaml_node_t *n, const char *what, char **out,
                           cl_error *err)
{
    const char *s = cl_yaml_scalar(n);
    for (size_t i = 0; s && i < sizeof known_archs / sizeof *known_archs; i++)
        if (!strcmp(s, known_archs[i])) return cl_yaml_string(d, n, what, out, err);
    cl_str all = {0};
    for (size_t i = 0; i < sizeof known_archs / sizeof *known_archs; i++)
        cl_str_addf(&all, "%s%s", i ? ", " : "", known_archs[i]);
    char *shown = cl_text_safe(s ? s : "not a string", 0);
    cl_status st = cl_yaml_fail(d, n, err, "%s must be one of %s, found '%s'; name one of "
                                "them (sm_75 unless the day needs a newer GPU)", what,
                                cl_str_cstr(&all), shown);
    free(shown);
    cl_str_free(&all);
    return st;
}

/* ---- kernel parameters ---- */

static cl_status param_type(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    const char *s = cl_yaml_scalar(v);
    for (int i = 0; s && i < DAY_PARAM_COUNT; i++)
        if (!strcmp(s, param_types[i].c)) {
            ((day_param *)t)->type = (day_param_type)i;
            return CL_OK;
        }
    cl_str all = {0};
    for (int i = 0; i < DAY_PARAM_COUNT; i++)
        cl_str_addf(&all, "%s%s", i ? ", " : "", param_types[i].c);
    cl_status st = cl_yaml_fail(d, v, err, "a parameter's type must be one of: %s; found '%s'",
                                cl_str_cstr(&all), s ? s : "not a string");
    cl_str_free(&all);
    return st;
}

static cl_status param_name(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return read_identifier(d, v, "a parameter's name", &((day_param *)t)->name, err);
}

static const cl_yaml_field param_fields[] = {
    {"type", true, param_type},
    {"name", true, param_name},
    {NULL, false, NULL},
};

/* ---- kernels ---- */

static cl_status kernel_name(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    ((day_kernel *)t)->name_at = pos_of(v);
    return read_identifier(d, v, "a kernel's name", &((day_kernel *)t)->name, err);
}

static cl_status kernel_summary(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return read_text(d, v, "a kernel's summary", &((day_kernel *)t)->summary, err);
}

static cl_status kernel_optional(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return cl_yaml_bool(d, v, "'optional'", &((day_kernel *)t)->optional, err);
}

static cl_status kernel_params(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_kernel *k = t;
    size_t n;
    k->params_at = pos_of(v);
    cl_status st = cl_yaml_seq(d, v, "'params'", 0, 16, &n, err);
    if (st != CL_OK) return st;
    k->params = cl_calloc(n, sizeof *k->params);
    k->nparams = (int)n;
    for (size_t i = 0; i < n && st == CL_OK; i++)
        st = cl_yaml_mapping(d, cl_yaml_item(d, v, i), "a parameter", param_fields,
                             &k->params[i], err);
    for (size_t i = 0; i < n && st == CL_OK; i++)
        for (size_t j = 0; j < i; j++)
            if (!strcmp(k->params[i].name, k->params[j].name))
                return cl_yaml_fail(d, cl_yaml_item(d, v, i), err,
                                    "two parameters are named '%s'", k->params[i].name);
    return st;
}

static cl_status kernel_checks(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_kernel *k = t;
    size_t n;
    cl_status st = cl_yaml_seq(d, v, "'checks'", 1, DAY_CHECK_COUNT, &n, err);
    for (size_t i = 0; i < n && st == CL_OK; i++) {
        yaml_node_t *item = cl_yaml_item(d, v, i);
        const char *s = cl_yaml_scalar(item);
        int c = s ? day_check_from_name(s) : -1;
        if (c < 0 || c == DAY_CHECK_COMPILE || c == DAY_CHECK_PERFORMANCE)
            return cl_yaml_fail(d, item, err,
                                "a check must be one of: correctness, mask-honesty, "
                                "barrier-honesty, races, memory, resources; found '%s'",
                                s ? s : "not a string");
        if (k->checks & (1u << c))
            return cl_yaml_fail(d, item, err, "check '%s' is listed twice", s);
        k->checks |= 1u << c;
    }
    return st;
}

#define LIMIT_READER(field, lo, hi)                                                     \
    static cl_status limit_##field(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err) \
    {                                                                                   \
        long long x;                                                                    \
        cl_status st = cl_yaml_int(d, v, "'" #field "'", lo, hi, &x, err);              \
        if (st == CL_OK) ((day_limits *)t)->field = (long)x;                            \
        return st;                                                                      \
    }
LIMIT_READER(registers, 1, 255)
LIMIT_READER(shared_bytes, 0, 65536)
LIMIT_READER(spill_bytes, 0, 1 << 20)
LIMIT_READER(stack_bytes, 0, 1 << 20)
#undef LIMIT_READER

static const cl_yaml_field limit_fields[] = {
    {"registers", false, limit_registers},
    {"shared_bytes", false, limit_shared_bytes},
    {"spill_bytes", false, limit_spill_bytes},
    {"stack_bytes", false, limit_stack_bytes},
    {NULL, false, NULL},
};

static cl_status kernel_limits(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return cl_yaml_mapping(d, v, "'limits'", limit_fields, &((day_kernel *)t)->limits, err);
}

/* points: {correctness: 4, memory: 1}, one reader a check (from DAY_CHECKS). */
#define POINTS_READER(id, name)                                                            \
    static cl_status points_##id(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)   \
    {                                                                                      \
        long long x;                                                                       \
        cl_status st = cl_yaml_int(d, v, "the points of '" name "'", 0, 1000, &x, err);    \
        if (st == CL_OK) ((day_kernel *)t)->points[DAY_CHECK_##id] = (int)x;               \
        return st;                                                                         \
    }
DAY_CHECKS(POINTS_READER)
#undef POINTS_READER

static const cl_yaml_field points_fields[] = {
#define POINTS_FIELD(id, name) {name, false, points_##id},
    DAY_CHECKS(POINTS_FIELD)
#undef POINTS_FIELD
    {NULL, false, NULL},
};

static cl_status kernel_points(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return cl_yaml_mapping(d, v, "'points'", points_fields, t, err);
}

/* Points only for the checks the kernel lists (whatever the keys' order). */
static cl_status check_points(cl_yaml_doc *d, yaml_node_t *item, const day_kernel *k,
                              cl_error *err)
{
    for (int c = 0; c < DAY_CHECK_COUNT; c++)
        if (k->points[c] >= 0 && !(k->checks & (1u << c)))
            return cl_yaml_fail(d, item, err, "points for '%s', which the kernel's checks do "
                                "not list", day_check_name((day_check)c));
    return CL_OK;
}

static const cl_yaml_field kernel_fields[] = {
    {"name", true, kernel_name},
    {"summary", true, kernel_summary},
    {"params", true, kernel_params},
    {"checks", true, kernel_checks},
    {"limits", false, kernel_limits},
    {"optional", false, kernel_optional},
    {"points", false, kernel_points},
    {NULL, false, NULL},
};

/* ---- sizes ---- */

static cl_status read_size(cl_yaml_doc *d, yaml_node_t *v, const char *what, day_size *s,
                           cl_error *err)
{
    if (v->type != YAML_MAPPING_NODE || v->data.mapping.pairs.start == v->data.mapping.pairs.top)
        return cl_yaml_fail(d, v, err, "%s must be a mapping of size names to integers, "
                            "such as {n: 1000}", what);
    size_t n = (size_t)(v->data.mapping.pairs.top - v->data.mapping.pairs.start);
    s->at = pos_of(v);
    s->keys = cl_calloc(n, sizeof *s->keys);
    s->values = cl_calloc(n, sizeof *s->values);
    s->key_at = cl_calloc(n, sizeof *s->key_at);
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
        yaml_node_t *k = cl_yaml_node(d, p->key), *val = cl_yaml_node(d, p->value);
        char *key = NULL;
        cl_status st = read_identifier(d, k, "a size's name", &key, err);
        if (st != CL_OK) return st;
        s->keys[s->n] = key; /* owned by s from here, whatever follows */
        s->key_at[s->n] = pos_of(val);
        s->n++;
        for (int i = 0; i < s->n - 1; i++)
            if (!strcmp(s->keys[i], key))
                return cl_yaml_fail(d, k, err, "'%s' appears twice in %s; give each key once",
                                    key, what);
        st = cl_yaml_int(d, val, "a size", 0, (1LL << 40), &s->values[s->n - 1], err);
        if (st != CL_OK) return st;
    }
    return CL_OK;
}

static cl_status sizes_course(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return read_size(d, v, "'course'", &((day_manifest *)t)->course, err);
}

static cl_status sizes_hidden(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_manifest *m = t;
    size_t n;
    cl_status st = cl_yaml_seq(d, v, "'hidden'", 0, 64, &n, err);
    if (st != CL_OK) return st;
    m->hidden = cl_calloc(n, sizeof *m->hidden);
    m->nhidden = (int)n;
    for (size_t i = 0; i < n && st == CL_OK; i++)
        st = read_size(d, cl_yaml_item(d, v, i), "a hidden size", &m->hidden[i], err);
    return st;
}

static const cl_yaml_field size_fields[] = {
    {"course", true, sizes_course},
    {"hidden", true, sizes_hidden},
    {NULL, false, NULL},
};

/* ---- launch ---- */

static cl_status launch_block(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    long long b;
    cl_status st = cl_yaml_int(d, v, "'block'", 32, 1024, &b, err);
    if (st == CL_OK && b % 32)
        st = cl_yaml_fail(d, v, err, "'block' must be a multiple of 32, found %lld", b);
    if (st == CL_OK) ((day_manifest *)t)->block = (int)b;
    if (st == CL_OK) ((day_manifest *)t)->block_at = pos_of(v);
    return st;
}

static cl_status launch_grid(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return read_text(d, v, "'grid'", &((day_manifest *)t)->grid, err);
}

static const cl_yaml_field launch_fields[] = {
    {"block", true, launch_block},
    {"grid", true, launch_grid},
    {NULL, false, NULL},
};

/* ---- the top level ---- */

static cl_status top_day(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    long long x;
    cl_status st = cl_yaml_int(d, v, "'day'", 1, 100, &x, err);
    if (st == CL_OK) ((day_manifest *)t)->day = (int)x;
    return st;
}

#define STRING_READER(field, read)                                                      \
    static cl_status top_##field(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err) \
    {                                                                                   \
        return read(d, v, "'" #field "'", &((day_manifest *)t)->field, err);            \
    }
STRING_READER(slug, read_name)
STRING_READER(title, read_text)
STRING_READER(topic, read_text)
STRING_READER(student_file, read_name)
STRING_READER(arch, read_arch)
#undef STRING_READER

static cl_status top_launch(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return cl_yaml_mapping(d, v, "'launch'", launch_fields, t, err);
}

static cl_status top_sizes(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return cl_yaml_mapping(d, v, "'sizes'", size_fields, t, err);
}

static cl_status top_kernels(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_manifest *m = t;
    size_t n;
    cl_status st = cl_yaml_seq(d, v, "'kernels'", 1, 16, &n, err);
    if (st != CL_OK) return st;
    m->kernels = cl_calloc(n, sizeof *m->kernels);
    m->nkernels = (int)n;
    for (size_t i = 0; i < n; i++) {
        day_kernel *k = &m->kernels[i];
        yaml_node_t *item = cl_yaml_item(d, v, i);
        k->limits = (day_limits){-1, -1, -1, -1};
        for (int c = 0; c < DAY_CHECK_COUNT; c++) k->points[c] = -1;
        k->line = cl_yaml_line(item);
        k->name_at = k->params_at = pos_of(item);
        st = cl_yaml_mapping(d, item, "a kernel", kernel_fields, k, err);
        if (st == CL_OK) st = check_points(d, item, k, err);
        if (st != CL_OK) return st;
        for (size_t j = 0; j < i; j++)
            if (!strcmp(m->kernels[j].name, k->name))
                return cl_yaml_fail(d, item, err, "two kernels are named '%s'", k->name);
    }
    return CL_OK;
}

static cl_status top_hints(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_manifest *m = t;
    size_t n;
    cl_status st = cl_yaml_seq(d, v, "'hints'", 0, 32, &n, err);
    if (st != CL_OK) return st;
    m->hints = cl_calloc(n, sizeof *m->hints);
    for (size_t i = 0; i < n && st == CL_OK; i++, m->nhints++)
        st = read_text(d, cl_yaml_item(d, v, i), "a hint", &m->hints[i], err);
    return st;
}

static const cl_yaml_field top_fields[] = {
    {"day", true, top_day},
    {"slug", true, top_slug},
    {"title", true, top_title},
    {"topic", true, top_topic},
    {"student_file", true, top_student_file},
    {"arch", false, top_arch},
    {"launch", true, top_launch},
    {"kernels", true, top_kernels},
    {"sizes", true, top_sizes},
    {"hints", false, top_hints},
    {NULL, false, NULL},
};

/* ---- what the day's harness can run ---- */

static cl_status fail_at(cl_yaml_doc *d, day_pos at, cl_error *err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static cl_status fail_at(cl_yaml_doc *d, day_pos at, cl_error *err, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return cl_fail(err, CL_MANIFEST, d->path, at.line, at.column, "%s", msg);
}

static int size_index(const day_size *s, const char *key)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->keys[i], key)) return i;
    return -1;
}

static void key_list(const harness_key *keys, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const harness_key *k = keys; k->name && used < size; k++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", k == keys ? "" : ", ", k->name);
}

/* One size against the harness's keys: no key it does not read, every key
 * it reads, each in its range and within the key it may not exceed; then
 * the memory a run at the size takes. */
static cl_status check_size(cl_yaml_doc *d, const day_manifest *m, const day_harness *h,
                            const day_size *s, const char *what, cl_error *err)
{
    char names[256];
    key_list(h->keys, names, sizeof names);
    for (int i = 0; i < s->n; i++) {
        const harness_key *k = h->keys;
        while (k->name && strcmp(k->name, s->keys[i])) k++;
        if (!k->name)
            return fail_at(d, s->key_at[i], err, "%s names '%s', which the harness of %s does "
                           "not read; give only %s", what, s->keys[i], m->slug, names);
    }
    for (const harness_key *k = h->keys; k->name; k++) {
        int i = size_index(s, k->name);
        if (i < 0)
            return fail_at(d, s->at, err, "%s has no '%s'; the harness of %s needs %s", what,
                           k->name, m->slug, names);
        if (s->values[i] < k->min || s->values[i] > k->max)
            return fail_at(d, s->key_at[i], err, "'%s' in %s must be between %lld and %lld for "
                           "%s, found %lld; choose a value in that range", k->name, what,
                           k->min, k->max, m->slug, s->values[i]);
    }
    for (const harness_key *k = h->keys; k->name; k++) {
        int i = size_index(s, k->name), j = k->at_most ? size_index(s, k->at_most) : -1;
        if (j >= 0 && s->values[i] > s->values[j])
            return fail_at(d, s->key_at[i], err, "'%s' (%lld) in %s must not exceed '%s' (%lld): "
                           "%s; make %s <= %s", k->name, s->values[i], what, k->at_most,
                           s->values[j], k->why, k->name, k->at_most);
    }
    double bytes = h->bytes(s, m->block);
    if (bytes > (double)DAY_SIZE_MAX_BYTES)
        return fail_at(d, s->at, err, "%s takes %.0f bytes (%.1f GiB) to grade: the inputs, the "
                       "buffers and their copies; a size may take %llu GiB at most; make it "
                       "smaller", what, bytes, bytes / (1 << 30), DAY_SIZE_MAX_BYTES >> 30);
    return CL_OK;
}

/* A kernel as the harness launches it: a name it knows, and the arguments
 * it passes, type by type. */
static cl_status check_kernel(cl_yaml_doc *d, const day_manifest *m, const day_harness *h,
                              const day_kernel *k, cl_error *err)
{
    bool known = !h->kernels;
    for (int i = 0; h->kernels && h->kernels[i]; i++) known |= !strcmp(h->kernels[i], k->name);
    if (!known) {
        cl_str names = {0};
        for (int i = 0; h->kernels[i]; i++) cl_str_addf(&names, "%s%s", i ? ", " : "", h->kernels[i]);
        cl_status st = fail_at(d, k->name_at, err, "the harness of %s has no kernel '%s'; name one "
                               "of %s (or add it to grader/days/)", m->slug, k->name,
                               cl_str_cstr(&names));
        cl_str_free(&names);
        return st;
    }
    bool same = k->nparams == h->nparams;
    for (int i = 0; same && i < h->nparams; i++) same = k->params[i].type == h->params[i];
    if (same) return CL_OK;
    cl_str want = {0};
    for (int i = 0; i < h->nparams; i++)
        cl_str_addf(&want, "%s%s", i ? ", " : "", day_param_type_name(h->params[i]));
    cl_status st = fail_at(d, k->params_at, err, "the harness of %s launches %s with (%s); give "
                           "'params' those types in that order", m->slug, k->name,
                           cl_str_cstr(&want));
    cl_str_free(&want);
    return st;
}

/* The manifest against its day's harness, where cudalab has one (a day
 * without one loads, and `grade` says it has no harness). */
static cl_status check_harness(cl_yaml_doc *d, const day_manifest *m, cl_error *err)
{
    const day_harness *h = harness_find(m->slug);
    if (!h) return CL_OK;
    if (h->block && m->block != h->block)
        return fail_at(d, m->block_at, err, "'block' must be %d for %s: its reference and its "
                       "harness are written for %d threads a block; found %d", h->block,
                       m->slug, h->block, m->block);
    cl_status st = CL_OK;
    for (int i = 0; i < m->nkernels && st == CL_OK; i++) st = check_kernel(d, m, h, &m->kernels[i], err);
    if (st == CL_OK) st = check_size(d, m, h, &m->course, "the course size", err);
    for (int i = 0; i < m->nhidden && st == CL_OK; i++) {
        char what[32];
        snprintf(what, sizeof what, "hidden size %d", i + 1);
        st = check_size(d, m, h, &m->hidden[i], what, err);
    }
    return st;
}

/* Checks that span several keys, made once every key has been read. */
static cl_status check_whole(cl_yaml_doc *d, day_manifest *m, cl_error *err)
{
    yaml_node_t *root = cl_yaml_root(d);
    char prefix[16];
    snprintf(prefix, sizeof prefix, "day%02d-", m->day);
    if (strncmp(m->slug, prefix, strlen(prefix)) || !m->slug[strlen(prefix)])
        return cl_yaml_fail(d, root, err, "slug '%s' must start with '%s' and name a topic",
                            m->slug, prefix);
    char *copy = cl_strdup(m->dir);
    bool same = !strcmp(basename(copy), m->slug);
    free(copy);
    if (!same)
        return cl_yaml_fail(d, root, err, "slug '%s' must equal the folder's name", m->slug);
    size_t len = strlen(m->student_file);
    if (strchr(m->student_file, '/') || len < 4 || strcmp(m->student_file + len - 3, ".cu"))
        return cl_yaml_fail(d, root, err, "student_file must be a plain file name ending in "
                            ".cu, found '%s'", m->student_file);
    cl_status st = check_harness(d, m, err);
    if (st != CL_OK) return st;
    for (int i = 0; i < m->nhidden; i++)
        for (int k = 0; k < m->course.n; k++)
            if (day_size_get(&m->hidden[i], m->course.keys[k], -1) < 0 ||
                m->hidden[i].n != m->course.n)
                return cl_yaml_fail(d, root, err, "hidden size %d must name the same keys as "
                                    "the course size; give every size the same keys", i + 1);
    return CL_OK;
}

cl_status day_manifest_parse(const char *path, const char *text, size_t len,
                             day_manifest **out, cl_error *err)
{
    cl_yaml_doc doc;
    day_manifest *m = cl_calloc(1, sizeof *m);
    m->path = cl_strdup(path);
    char *copy = cl_strdup(path);
    m->dir = cl_strdup(dirname(copy));
    free(copy);
    *out = NULL;
    cl_status st = cl_yaml_load(&doc, path, text, len, err);
    if (st == CL_OK)
        st = cl_yaml_mapping(&doc, cl_yaml_root(&doc), "the manifest", top_fields, m, err);
    if (st == CL_OK && !m->arch) m->arch = cl_strdup("sm_75");
    if (st == CL_OK) st = check_whole(&doc, m, err);
    cl_yaml_free(&doc);
    if (st == CL_OK)
        *out = m;
    else
        day_manifest_free(m);
    return st;
}

cl_status day_manifest_load(const char *path, day_manifest **out, cl_error *err)
{
    char *text = NULL;
    size_t len = 0;
    *out = NULL;
    cl_status st = cl_read_file(path, &text, &len, err);
    if (st == CL_OK) st = day_manifest_parse(path, text, len, out, err);
    free(text);
    return st;
}

static void size_free(day_size *s)
{
    for (int i = 0; i < s->n; i++) free(s->keys[i]);
    free(s->keys);
    free(s->values);
    free(s->key_at);
}

void day_manifest_free(day_manifest *m)
{
    if (!m) return;
    for (int i = 0; i < m->nkernels; i++) {
        day_kernel *k = &m->kernels[i];
        for (int j = 0; j < k->nparams; j++) free(k->params[j].name);
        free(k->params);
        free(k->name);
        free(k->summary);
    }
    free(m->kernels);
    size_free(&m->course);
    for (int i = 0; i < m->nhidden; i++) size_free(&m->hidden[i]);
    free(m->hidden);
    for (int i = 0; i < m->nhints; i++) free(m->hints[i]);
    free(m->hints);
    free(m->path); free(m->dir); free(m->slug); free(m->title); free(m->topic);
    free(m->student_file); free(m->arch); free(m->grid);
    free(m);
}

const day_kernel *day_manifest_kernel(const day_manifest *m, const char *name)
{
    for (int i = 0; i < m->nkernels; i++)
        if (!strcmp(m->kernels[i].name, name)) return &m->kernels[i];
    return NULL;
}

char *day_kernel_signature(const day_kernel *k)
{
    cl_str s = {0};
    cl_str_addf(&s, "%s(", k->name);
    for (int i = 0; i < k->nparams; i++)
        cl_str_addf(&s, "%s%s %s", i ? ", " : "", day_param_type_name(k->params[i].type),
                    k->params[i].name);
    cl_str_add(&s, ")");
    return cl_str_take(&s);
}

int day_kernel_points(const day_kernel *k, day_check c)
{
    if ((unsigned)c >= DAY_CHECK_COUNT || !(k->checks & (1u << c))) return 0;
    return k->points[c] >= 0 ? k->points[c] : 1;
}
