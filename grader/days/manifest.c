/* manifest.c - day.yaml read through field tables into a day_manifest. */
#include "day.h"

#include <ctype.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/yamldoc.h"
#include "expr.h"
#include "manifest_internal.h"

static const char *const check_names[] = {
#define DAY_CHECK_NAME(id, name) name,
    DAY_CHECKS(DAY_CHECK_NAME)
#undef DAY_CHECK_NAME
};

/* Each element type three ways, in the enum's order: const T*, T*, T. */
static const struct {
    const char *c, *mangled;
    day_num num;
    int components;
    bool pointer;
} param_types[] = {
#define DAY_PARAM_ROW(id, c, m, num, n)            \
    {"const " c "*", "PK" m, num, n, true},        \
    {c "*", "P" m, num, n, true},                  \
    {c, m, num, n, false},
    DAY_ELEM_TYPES(DAY_PARAM_ROW)
#undef DAY_PARAM_ROW
};

static const struct {
    int bytes;
    bool floating, is_signed;
} nums[] = {
#define DAY_NUM_ROW(id, bytes, kind) {bytes, kind == 'f', kind != 'u'},
    DAY_NUMS(DAY_NUM_ROW)
#undef DAY_NUM_ROW
};

/* The C spelling of each number, for messages (the table's are the enum's). */
static const char *const num_names[DAY_NUM_COUNT] = {
    [DAY_NUM_F32] = "float", [DAY_NUM_F64] = "double", [DAY_NUM_F16] = "__half",
    [DAY_NUM_BF16] = "__nv_bfloat16", [DAY_NUM_I8] = "signed char",
    [DAY_NUM_U8] = "unsigned char", [DAY_NUM_I16] = "short", [DAY_NUM_I32] = "int",
    [DAY_NUM_U32] = "unsigned", [DAY_NUM_I64] = "long long",
    [DAY_NUM_U64] = "unsigned long long",
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
bool day_param_type_is_pointer(day_param_type t) { return param_types[t].pointer; }
day_num day_param_num(day_param_type t) { return param_types[t].num; }
int day_param_components(day_param_type t) { return param_types[t].components; }
int day_num_bytes(day_num n) { return nums[n].bytes; }
bool day_num_is_float(day_num n) { return nums[n].floating; }
bool day_num_is_signed(day_num n) { return nums[n].is_signed; }
const char *day_num_name(day_num n) { return num_names[n]; }

size_t day_param_elem_bytes(day_param_type t)
{
    return (size_t)nums[param_types[t].num].bytes * (size_t)param_types[t].components;
}

int day_param_type_bytes(day_param_type t)
{
    return param_types[t].pointer ? 8 : (int)day_param_elem_bytes(t);
}

bool day_param_type_is_float(day_param_type t)
{
    return nums[param_types[t].num].floating;
}

long long day_size_get(const day_size *s, const char *key, long long fallback)
{
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->keys[i], key)) return s->values[i];
    return fallback;
}

/* ---- small value checks ---- */

day_pos day_yaml_pos(const yaml_node_t *n)
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

cl_status day_read_identifier(cl_yaml_doc *d, yaml_node_t *n, const char *what, char **out,
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
cl_status day_read_text(cl_yaml_doc *d, yaml_node_t *n, const char *what, char **out,
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
cl_status day_read_name(cl_yaml_doc *d, yaml_node_t *n, const char *what, char **out,
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

typedef struct param_ctx {
    day_manifest *m;
    day_param *p;
    bool role_set;
} param_ctx;

/* Other spellings of an element type: cuda_fp16.h's and cuda_bf16.h's
 * typedefs, and int's and unsigned's longer names. */
static const char *const type_aliases[][2] = {
    {"half", "__half"},       {"half2", "__half2"},       {"nv_bfloat16", "__nv_bfloat16"},
    {"unsigned int", "unsigned"}, {"signed int", "int"},
};

/* s with an alias of its element type put in its C spelling (caller frees). */
static char *unalias(const char *s)
{
    bool konst = !strncmp(s, "const ", 6);
    const char *base = s + (konst ? 6 : 0);
    size_t n = strlen(base);
    bool ptr = n && base[n - 1] == '*';
    for (size_t a = 0; a < sizeof type_aliases / sizeof *type_aliases; a++)
        if (strlen(type_aliases[a][0]) == n - ptr && !strncmp(base, type_aliases[a][0], n - ptr))
            return cl_sprintf("%s%s%s", konst ? "const " : "", type_aliases[a][1], ptr ? "*" : "");
    return cl_strdup(s);
}

static cl_status param_type(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    const char *given = cl_yaml_scalar(v);
    char *s = given ? unalias(given) : NULL;
    int found = -1;
    for (int i = 0; s && i < DAY_PARAM_COUNT && found < 0; i++)
        if (!strcmp(s, param_types[i].c)) found = i;
    free(s);
    if (found >= 0 && !param_types[found].pointer && param_types[found].components > 1)
        return cl_yaml_fail(d, v, err, "'%s' is a vector type: a day passes vectors in buffers "
                            "only (const %s* or %s*)", given, given, given);
    if (found >= 0) {
        ((param_ctx *)t)->p->type = (day_param_type)found;
        return CL_OK;
    }
    cl_str all = {0};
    for (int i = 0; i < DAY_PARAM_COUNT; i++)
        if (!param_types[i].pointer)
            cl_str_addf(&all, "%s%s", i > 2 ? ", " : "", param_types[i].c);
    cl_status st = cl_yaml_fail(d, v, err, "a parameter's type must be one of: %s (each as T, "
                                "const T* or T*; the vectors as pointers only); found '%s'",
                                cl_str_cstr(&all), given ? given : "not a string");
    cl_str_free(&all);
    return st;
}

static cl_status param_name(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return day_read_identifier(d, v, "a parameter's name", &((param_ctx *)t)->p->name, err);
}

static cl_status param_role(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    static const char *const roles[] = {"in", "out", "inout", "scalar", "scratch"};
    const char *s = cl_yaml_scalar(v);
    for (int i = 0; s && i < 5; i++)
        if (!strcmp(s, roles[i])) {
            ((param_ctx *)t)->p->role = (day_role)i;
            ((param_ctx *)t)->role_set = true;
            return CL_OK;
        }
    return cl_yaml_fail(d, v, err, "a parameter's role must be in, out, inout, scalar or scratch "
                        "(a program's buffers only); found '%s'", s ? s : "not a string");
}

#define PARAM_FORMULA(field, what)                                                          \
    static cl_status param_##field(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)  \
    {                                                                                       \
        param_ctx *c = t;                                                                   \
        return day_read_formula(d, v, what, false, c->m, &c->p->field, err);                \
    }
PARAM_FORMULA(length, "a buffer's 'length'")
PARAM_FORMULA(offset, "a buffer's 'offset'")
PARAM_FORMULA(value, "a scalar's 'value'")
#undef PARAM_FORMULA

static cl_status param_fill(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    param_ctx *c = t;
    return day_read_fill(d, v, c->m, &c->p->fill, err);
}

static const cl_yaml_field param_fields[] = {
    {"type", true, param_type},     {"name", true, param_name},     {"role", false, param_role},
    {"length", false, param_length}, {"offset", false, param_offset}, {"value", false, param_value},
    {"fill", false, param_fill},    {NULL, false, NULL},
};

/* A parameter's role when the manifest gives none: a const pointer is an
 * input, another pointer an output, the rest scalars. And the role must fit
 * the type. */
static cl_status settle_role(cl_yaml_doc *d, yaml_node_t *item, param_ctx *c, cl_error *err)
{
    day_param *p = c->p;
    bool ptr = param_types[p->type].pointer, constant = !strncmp(param_types[p->type].c, "const ", 6);
    if (!c->role_set) p->role = !ptr ? DAY_ROLE_SCALAR : constant ? DAY_ROLE_IN : DAY_ROLE_OUT;
    if (ptr == (p->role == DAY_ROLE_SCALAR))
        return cl_yaml_fail(d, item, err, "'%s' is %s, so its role cannot be %s", p->name,
                            param_types[p->type].c, ptr ? "scalar" : "a buffer's");
    if (constant && p->role != DAY_ROLE_IN)
        return cl_yaml_fail(d, item, err, "'%s' is %s: the kernel cannot write it, so it can only "
                            "be an input (role: in)", p->name, param_types[p->type].c);
    return CL_OK;
}

/* ---- kernels ---- */

typedef struct kernel_ctx {
    day_manifest *m;
    day_kernel *k;
} kernel_ctx;

static cl_status kernel_name(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_kernel *k = ((kernel_ctx *)t)->k;
    k->name_at = day_yaml_pos(v);
    return day_read_identifier(d, v, "a kernel's name", &k->name, err);
}

static cl_status kernel_summary(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return day_read_text(d, v, "a kernel's summary", &((kernel_ctx *)t)->k->summary, err);
}

static cl_status kernel_untouched(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return day_read_text(d, v, "'untouched'", &((kernel_ctx *)t)->k->untouched, err);
}

static cl_status kernel_optional(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return cl_yaml_bool(d, v, "'optional'", &((kernel_ctx *)t)->k->optional, err);
}

static cl_status kernel_cooperative(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return cl_yaml_bool(d, v, "'cooperative'", &((kernel_ctx *)t)->k->cooperative, err);
}

/* A file beside day.yaml: a plain name of a regular file that is there. */
static cl_status read_beside(cl_yaml_doc *d, yaml_node_t *v, const day_manifest *m,
                             const char *what, const char *ext, char **out, cl_error *err)
{
    cl_status st = day_read_name(d, v, what, out, err);
    size_t n = st == CL_OK ? strlen(*out) : 0, e = strlen(ext);
    if (st == CL_OK && (n <= e || strcmp(*out + n - e, ext)))
        st = cl_yaml_fail(d, v, err, "%s must name a file ending in %s, found '%s'", what, ext, *out);
    char *path = st == CL_OK ? cl_sprintf("%s/%s", m->dir, *out) : NULL;
    if (st == CL_OK && !cl_file_exists(path))
        st = cl_yaml_fail(d, v, err, "%s names '%s', which is not a file beside day.yaml; put it "
                          "in %s", what, *out, m->dir);
    free(path);
    if (st != CL_OK) {
        free(*out);
        *out = NULL;
    }
    return st;
}

static cl_status kernel_check(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    kernel_ctx *c = t;
    return read_beside(d, v, c->m, "'check'", ".lua", &c->k->check, err);
}

static cl_status kernel_oracle(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return day_read_identifier(d, v, "'oracle'", &((kernel_ctx *)t)->k->oracle, err);
}

static cl_status kernel_source(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    kernel_ctx *c = t;
    return read_beside(d, v, c->m, "'source'", ".cu", &c->k->source, err);
}

static cl_status kernel_bytes(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    kernel_ctx *c = t;
    return day_read_formula(d, v, "'bytes'", false, c->m, &c->k->bytes, err);
}

static cl_status kernel_compare(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    kernel_ctx *c = t;
    return day_read_compare(d, v, c->m, &c->k->compare, err);
}

static cl_status kernel_unit(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    kernel_ctx *c = t;
    return day_read_unit(d, v, c->m, c->k, err);
}

static cl_status kernel_points(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return day_read_points(d, v, ((kernel_ctx *)t)->k, err);
}

static cl_status kernel_gates(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return day_read_gates(d, v, ((kernel_ctx *)t)->k, err);
}

static cl_status kernel_params(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    kernel_ctx *c = t;
    day_kernel *k = c->k;
    size_t n;
    k->params_at = day_yaml_pos(v);
    cl_status st = cl_yaml_seq(d, v, "'params'", 0, 16, &n, err);
    if (st != CL_OK) return st;
    k->params = cl_calloc(n, sizeof *k->params);
    for (size_t i = 0; i < n && st == CL_OK; i++) {
        yaml_node_t *item = cl_yaml_item(d, v, i);
        param_ctx pc = {c->m, &k->params[i], false};
        k->params[i].at = day_yaml_pos(item);
        k->nparams = (int)i + 1;
        st = cl_yaml_mapping(d, item, "a parameter", param_fields, &pc, err);
        if (st == CL_OK) st = settle_role(d, item, &pc, err);
        for (size_t j = 0; j < i && st == CL_OK; j++)
            if (!strcmp(k->params[i].name, k->params[j].name))
                st = cl_yaml_fail(d, item, err, "two parameters are named '%s'", k->params[i].name);
    }
    return st;
}

static cl_status kernel_checks(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_kernel *k = ((kernel_ctx *)t)->k;
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
    return cl_yaml_mapping(d, v, "'limits'", limit_fields, &((kernel_ctx *)t)->k->limits, err);
}

/* ---- launch ---- */

typedef struct launch_ctx {
    day_manifest *m;
    day_launch *l;
    bool *set; /* block, grid, shared: given here (day_launch.given) */
} launch_ctx;

static cl_status launch_block(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    launch_ctx *c = t;
    size_t n = 1;
    bool seq = v->type == YAML_SEQUENCE_NODE;
    cl_status st = seq ? cl_yaml_seq(d, v, "'block'", 1, 3, &n, err) : CL_OK;
    long long prod = 1;
    c->l->block_at = day_yaml_pos(v);
    for (size_t i = 0; i < 3; i++) c->l->block[i] = 1;
    for (size_t i = 0; i < n && st == CL_OK; i++) {
        long long b;
        st = cl_yaml_int(d, seq ? cl_yaml_item(d, v, i) : v, "a block dimension", 1,
                         i ? 64 : 1024, &b, err);
        c->l->block[i] = (int)b;
        prod *= b;
    }
    if (st == CL_OK && (prod > 1024 || prod % 32))
        st = cl_yaml_fail(d, v, err, "a block must have a multiple of 32 threads, 1,024 at "
                          "most; this one has %lld", prod);
    c->set[0] = true;
    return st;
}

static cl_status launch_grid(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    launch_ctx *c = t;
    size_t n = 1;
    bool seq = v->type == YAML_SEQUENCE_NODE;
    cl_status st = seq ? cl_yaml_seq(d, v, "'grid'", 1, 3, &n, err) : CL_OK;
    c->l->grid_at = day_yaml_pos(v);
    for (size_t i = 0; i < n && st == CL_OK; i++)
        st = day_read_formula(d, seq ? cl_yaml_item(d, v, i) : v, "a grid dimension", false, c->m,
                              &c->l->grid[i], err);
    c->set[1] = true;
    return st;
}

static cl_status launch_shared(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    launch_ctx *c = t;
    c->set[2] = true;
    return day_read_formula(d, v, "'shared_bytes'", false, c->m, &c->l->shared, err);
}

static cl_status launch_about(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    launch_ctx *c = t;
    if (c->l != &c->m->launch)
        return cl_yaml_fail(d, v, err, "'about' belongs in the day's launch, not a kernel's");
    return day_read_text(d, v, "'about'", &c->m->grid, err);
}

static const cl_yaml_field launch_fields[] = {
    {"block", false, launch_block},
    {"grid", false, launch_grid},
    {"shared_bytes", false, launch_shared},
    {"about", false, launch_about},
    {NULL, false, NULL},
};

static cl_status kernel_launch(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    kernel_ctx *c = t;
    launch_ctx lc = {c->m, &c->k->launch, c->k->launch.given};
    return cl_yaml_mapping(d, v, "a kernel's 'launch'", launch_fields, &lc, err);
}

static const cl_yaml_field kernel_fields[] = {
    {"name", true, kernel_name},         {"summary", true, kernel_summary},
    {"params", true, kernel_params},     {"checks", true, kernel_checks},
    {"limits", false, kernel_limits},    {"optional", false, kernel_optional},
    {"compare", false, kernel_compare},  {"unit", false, kernel_unit},
    {"untouched", false, kernel_untouched}, {"bytes", false, kernel_bytes},
    {"launch", false, kernel_launch},    {"points", false, kernel_points},
    {"check", false, kernel_check},      {"oracle", false, kernel_oracle},
    {"gates", false, kernel_gates},      {"cooperative", false, kernel_cooperative},
    {NULL, false, NULL},
};

/* The baseline is a kernel of the course's own: no checks, a source. */
static const cl_yaml_field baseline_fields[] = {
    {"name", true, kernel_name},     {"summary", false, kernel_summary},
    {"source", true, kernel_source}, {"params", true, kernel_params},
    {"bytes", false, kernel_bytes},  {"launch", false, kernel_launch},
    {NULL, false, NULL},
};

void day_init_kernel(day_kernel *k, yaml_node_t *item)
{
    k->limits = (day_limits){-1, -1, -1, -1};
    k->line = cl_yaml_line(item);
    k->name_at = k->params_at = day_yaml_pos(item);
    for (int c = 0; c < DAY_CHECK_COUNT; c++) k->points[c] = -1;
}

cl_status day_read_params(cl_yaml_doc *d, yaml_node_t *v, day_manifest *m, day_kernel *k,
                          cl_error *err)
{
    kernel_ctx kc = {m, k};
    return kernel_params(d, v, &kc, err);
}

/* ---- sizes ---- */

static cl_status read_size(cl_yaml_doc *d, yaml_node_t *v, const char *what, day_size *s,
                           cl_error *err)
{
    if (v->type != YAML_MAPPING_NODE || v->data.mapping.pairs.start == v->data.mapping.pairs.top)
        return cl_yaml_fail(d, v, err, "%s must be a mapping of size names to integers, "
                            "such as {n: 1000}", what);
    size_t n = (size_t)(v->data.mapping.pairs.top - v->data.mapping.pairs.start);
    s->at = day_yaml_pos(v);
    s->keys = cl_calloc(n, sizeof *s->keys);
    s->values = cl_calloc(n, sizeof *s->values);
    s->key_at = cl_calloc(n, sizeof *s->key_at);
    for (yaml_node_pair_t *p = v->data.mapping.pairs.start; p < v->data.mapping.pairs.top; p++) {
        yaml_node_t *k = cl_yaml_node(d, p->key), *val = cl_yaml_node(d, p->value);
        char *key = NULL;
        cl_status st = day_read_identifier(d, k, "a size's name", &key, err);
        if (st != CL_OK) return st;
        s->keys[s->n] = key; /* owned by s from here, whatever follows */
        s->key_at[s->n] = day_yaml_pos(val);
        s->n++;
        if (!strcmp(key, "i"))
            return cl_yaml_fail(d, k, err, "'i' cannot name a size: it is an element's index in "
                                "expressions; rename it");
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

/* When the Gradescope autograder shows students the tests of the hidden
 * sizes: one of Gradescope's visibilities. */
static cl_status sizes_hidden_visibility(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    static const char *const known[] = {"after_published", "after_due_date", "hidden", "visible"};
    const char *s = cl_yaml_scalar(v);
    for (size_t i = 0; s && i < sizeof known / sizeof *known; i++)
        if (!strcmp(s, known[i]))
            return cl_yaml_string(d, v, "'hidden_visibility'", &((day_manifest *)t)->hidden_visibility, err);
    char *shown = cl_text_safe(s ? s : "not a string", 0);
    cl_status st = cl_yaml_fail(d, v, err, "'hidden_visibility' must be after_published, "
                                "after_due_date, hidden or visible (Gradescope's), found '%s'", shown);
    free(shown);
    return st;
}

static cl_status sizes_require(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return day_read_requires(d, v, t, err);
}

static const cl_yaml_field size_fields[] = {
    {"course", true, sizes_course},
    {"hidden", true, sizes_hidden},
    {"require", false, sizes_require},
    {"hidden_visibility", false, sizes_hidden_visibility},
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
STRING_READER(slug, day_read_name)
STRING_READER(title, day_read_text)
STRING_READER(topic, day_read_text)
STRING_READER(student_file, day_read_name)
STRING_READER(arch, read_arch)
#undef STRING_READER

static cl_status top_launch(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_manifest *m = t;
    launch_ctx lc = {m, &m->launch, m->launch.given};
    cl_status st = cl_yaml_mapping(d, v, "'launch'", launch_fields, &lc, err);
    if (st == CL_OK && (!m->launch.given[0] || !m->launch.given[1]))
        st = cl_yaml_fail(d, v, err, "the day's 'launch' needs a 'block' and a 'grid'");
    return st;
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
        day_init_kernel(k, item);
        kernel_ctx kc = {m, k};
        st = cl_yaml_mapping(d, item, "a kernel", kernel_fields, &kc, err);
        if (st != CL_OK) return st;
        for (size_t j = 0; j < i; j++)
            if (!strcmp(m->kernels[j].name, k->name))
                return cl_yaml_fail(d, item, err, "two kernels are named '%s'", k->name);
    }
    return CL_OK;
}

static cl_status top_baseline(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_manifest *m = t;
    m->baseline = cl_calloc(1, sizeof *m->baseline);
    day_init_kernel(m->baseline, v);
    kernel_ctx kc = {m, m->baseline};
    return cl_yaml_mapping(d, v, "'baseline'", baseline_fields, &kc, err);
}

static cl_status top_hints(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    day_manifest *m = t;
    size_t n;
    cl_status st = cl_yaml_seq(d, v, "'hints'", 0, 32, &n, err);
    if (st != CL_OK) return st;
    m->hints = cl_calloc(n, sizeof *m->hints);
    for (size_t i = 0; i < n && st == CL_OK; i++, m->nhints++)
        st = day_read_text(d, cl_yaml_item(d, v, i), "a hint", &m->hints[i], err);
    return st;
}

static cl_status top_constants(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err)
{
    return day_read_constants(d, v, t, err);
}

static const cl_yaml_field top_fields[] = {
    {"day", true, top_day},
    {"slug", true, top_slug},
    {"title", true, top_title},
    {"topic", true, top_topic},
    {"student_file", true, top_student_file},
    {"arch", false, top_arch},
    {"launch", false, top_launch}, /* required without a program (check_whole) */
    {"kernels", true, top_kernels},
    {"baseline", false, top_baseline},
    {"sizes", true, top_sizes},
    {"hints", false, top_hints},
    {"constants", false, top_constants},
    {"program", false, day_top_program},
    {NULL, false, NULL},
};

/* ---- the whole manifest ---- */

/* A kernel's launch: what it gave itself, the day's for the rest. */
static void merge_launch(const day_manifest *m, day_kernel *k)
{
    day_launch *l = &k->launch;
    if (!l->given[0]) {
        memcpy(l->block, m->launch.block, sizeof l->block);
        l->block_at = m->launch.block_at;
    }
    if (!l->given[1]) {
        memcpy(l->grid, m->launch.grid, sizeof l->grid);
        l->grid_at = m->launch.grid_at;
    }
    if (!l->given[2]) l->shared = m->launch.shared;
}

/* Points for gradebooks: 1 for each check the kernel lists, unless set. */
static cl_status settle_points(cl_yaml_doc *d, day_kernel *k, cl_error *err)
{
    for (int c = 0; c < DAY_CHECK_COUNT; c++) {
        bool listed = day_kernel_checks(k, (day_check)c);
        if (k->points[c] >= 0 && !listed)
            return day_fail_at(d->path, k->name_at, err, "%s gives points for '%s', which its "
                               "'checks' do not list; list the check or drop its points",
                               k->name, day_check_name((day_check)c));
        if (k->points[c] < 0) k->points[c] = listed ? 1 : 0;
    }
    return CL_OK;
}

/* A kernel judged against another kernel of the reference: one of the day's,
 * with the same parameters. */
static cl_status check_oracle(cl_yaml_doc *d, const day_manifest *m, const day_kernel *k,
                              cl_error *err)
{
    const day_kernel *o = k->oracle ? day_manifest_kernel(m, k->oracle) : NULL;
    if (!k->oracle) return CL_OK;
    bool same = o && o != k && o->nparams == k->nparams && !o->oracle;
    for (int i = 0; same && i < k->nparams; i++)
        same = o->params[i].type == k->params[i].type && o->params[i].role == k->params[i].role;
    if (same) return CL_OK;
    return day_fail_at(d->path, k->name_at, err, "%s's oracle must be another kernel of the day "
                       "with the same parameters (and no oracle of its own); '%s' is not",
                       k->name, k->oracle);
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
    for (int i = 0; i < m->nhidden; i++)
        for (int k = 0; k < m->course.n; k++)
            if (day_size_get(&m->hidden[i], m->course.keys[k], -1) < 0 ||
                m->hidden[i].n != m->course.n)
                return day_fail_at(d->path, m->hidden[i].at, err, "hidden size %d must name "
                                   "the same keys as the course size; give every size the same "
                                   "keys", i + 1);
    if (!m->program && !m->launch.given[0])
        return cl_yaml_fail(d, root, err, "the manifest is missing the required key 'launch' "
                            "(a day without a 'program' launches each kernel once)");
    m->block = m->launch.block[0] * m->launch.block[1] * m->launch.block[2];
    m->block_at = m->launch.block_at;
    cl_status st = m->program ? day_read_program(d, m, err) : CL_OK;
    if (st == CL_OK) st = day_compile_formulas(m, err);
    if (st == CL_OK && m->program) st = settle_points(d, &m->program->judged, err);
    if (st == CL_OK && m->program) st = day_check_kernel_data(m, &m->program->judged, err);
    for (int i = 0; i < m->nkernels && st == CL_OK; i++) {
        merge_launch(m, &m->kernels[i]);
        st = settle_points(d, &m->kernels[i], err);
        if (st == CL_OK && !m->kernels[i].in_program) st = day_check_kernel_data(m, &m->kernels[i], err);
        if (st == CL_OK) st = check_oracle(d, m, &m->kernels[i], err);
        if (st == CL_OK) st = day_check_gates(m, &m->kernels[i], err);
    }
    if (st == CL_OK && m->baseline) {
        merge_launch(m, m->baseline);
        m->baseline->compare.kind = DAY_COMPARE_NONE;
        st = day_check_kernel_data(m, m->baseline, err);
        for (int i = 0; i < m->nkernels && st == CL_OK; i++)
            if (!strcmp(m->kernels[i].name, m->baseline->name))
                st = day_fail_at(d->path, m->baseline->name_at, err, "the baseline is named "
                                 "'%s', as a kernel of the day is; give it a name of its own",
                                 m->baseline->name);
    }
    if (st == CL_OK) st = day_check_sizes(m, err);
    if (st == CL_OK) st = day_check_constants(m, err);
    return st;
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

void day_kernel_free(day_kernel *k)
{
    for (int j = 0; j < k->nparams; j++) {
        free(k->params[j].name);
        day_fill_free(&k->params[j].fill);
    }
    free(k->params);
    free(k->name);
    free(k->summary);
    free(k->unit);
    free(k->untouched);
    free(k->check);
    free(k->oracle);
    free(k->source);
    free(k->gates);
}

void day_manifest_free(day_manifest *m)
{
    if (!m) return;
    for (int i = 0; i < m->nkernels; i++) day_kernel_free(&m->kernels[i]);
    free(m->kernels);
    if (m->baseline) day_kernel_free(m->baseline);
    day_program_free(m->program);
    free(m->baseline);
    size_free(&m->course);
    for (int i = 0; i < m->nhidden; i++) size_free(&m->hidden[i]);
    free(m->hidden);
    for (int i = 0; i < m->nrequires; i++) free(m->requires[i].why);
    free(m->requires);
    for (int i = 0; i < m->nhints; i++) free(m->hints[i]);
    free(m->hints);
    day_constants_free(m);
    for (size_t i = 0; i < m->formulas.n; i++) {
        day_expr_free(m->formulas.v[i]->e);
        free(m->formulas.v[i]->text);
        free(m->formulas.v[i]);
    }
    free(m->formulas.v);
    free(m->path); free(m->dir); free(m->slug); free(m->title); free(m->topic);
    free(m->student_file); free(m->arch); free(m->grid); free(m->hidden_visibility);
    free(m);
}

const day_kernel *day_manifest_kernel(const day_manifest *m, const char *name)
{
    for (int i = 0; i < m->nkernels; i++)
        if (!strcmp(m->kernels[i].name, name)) return &m->kernels[i];
    if (m->program && m->program->judged.name && !strcmp(m->program->judged.name, name))
        return &m->program->judged;
    return NULL;
}

int day_kernel_points(const day_kernel *k, day_check c)
{
    if ((unsigned)c >= DAY_CHECK_COUNT || !(k->checks & (1u << c))) return 0;
    return (int)(k->points[c] + 0.5);
}

bool day_kernel_checks(const day_kernel *k, day_check c)
{
    return c == DAY_CHECK_COMPILE || c == DAY_CHECK_PERFORMANCE || (k->checks & (1u << c));
}

bool day_manifest_checks(const day_manifest *m, day_check c)
{
    for (int i = 0; i < m->nkernels; i++)
        if (day_kernel_checks(&m->kernels[i], c)) return true;
    return m->program && day_kernel_checks(&m->program->judged, c);
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
