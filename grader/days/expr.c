/* expr.c - a recursive-descent parser of the manifest's expressions into a
 * tree, and its evaluation. */
#include "expr.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"

/* The longest expression and the deepest nesting a manifest may write. */
#define EXPR_MAX_TEXT 1000
#define EXPR_MAX_DEPTH 64

/* Operators: X(ID, spelling, precedence level) for the binary ones. */
typedef enum expr_op {
    OP_NUM, OP_VAR, OP_NEG, OP_NOT, OP_COND,
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
    OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_AND, OP_OR,
    OP_CEIL, OP_FLOOR, OP_MIN, OP_MAX, OP_ABS, OP_LOG2, OP_SQRT, OP_POW,
} expr_op;

typedef struct node {
    expr_op op;
    double value; /* OP_NUM */
    int var;      /* OP_VAR */
    struct node *a, *b, *c;
} node;

struct day_expr {
    node *root;
    char *text;
    int height; /* nodes on the longest path from the root */
};

static const struct {
    const char *name;
    expr_op op;
    int args;
} functions[] = {
    {"ceil", OP_CEIL, 1}, {"floor", OP_FLOOR, 1}, {"min", OP_MIN, 2}, {"max", OP_MAX, 2},
    {"abs", OP_ABS, 1},   {"log2", OP_LOG2, 1},   {"sqrt", OP_SQRT, 1}, {"pow", OP_POW, 2},
};

typedef struct parser {
    const char *text, *p;
    const char *const *names;
    int nnames, depth;
    char *why;
    size_t whysize;
    bool failed;
} parser;

static node *fail(parser *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static node *fail(parser *ps, const char *fmt, ...)
{
    if (ps->failed) return NULL;
    ps->failed = true;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(ps->why, ps->whysize, "at column %d of \"%s\": %s", (int)(ps->p - ps->text) + 1,
             ps->text, msg);
    return NULL;
}

static void node_free(node *n)
{
    if (!n) return;
    node_free(n->a);
    node_free(n->b);
    node_free(n->c);
    free(n);
}

static node *make(expr_op op, node *a, node *b)
{
    node *n = cl_calloc(1, sizeof *n);
    n->op = op;
    n->a = a;
    n->b = b;
    return n;
}

static void skip(parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t') ps->p++;
}

static bool take(parser *ps, const char *tok)
{
    skip(ps);
    size_t n = strlen(tok);
    if (strncmp(ps->p, tok, n)) return false;
    /* "<" must not take the first half of "<=", "!" of "!=", and so on */
    if (n == 1 && strchr("<>!=", tok[0]) && ps->p[1] == '=') return false;
    if (n == 1 && (tok[0] == '&' || tok[0] == '|')) return false;
    ps->p += n;
    return true;
}

static node *parse_cond(parser *ps);

static node *parse_call(parser *ps, const char *name, size_t len)
{
    for (size_t f = 0; f < sizeof functions / sizeof *functions; f++) {
        if (strlen(functions[f].name) != len || strncmp(functions[f].name, name, len)) continue;
        node *n = make(functions[f].op, NULL, NULL);
        n->a = parse_cond(ps);
        if (functions[f].args == 2) {
            if (!take(ps, ",")) {
                node_free(n);
                return fail(ps, "%s takes two arguments, separated by a comma", functions[f].name);
            }
            n->b = parse_cond(ps);
        }
        if (!take(ps, ")")) {
            node_free(n);
            return fail(ps, "expected ')' to close %s(", functions[f].name);
        }
        if (ps->failed) {
            node_free(n);
            return NULL;
        }
        return n;
    }
    return fail(ps, "'%.*s' is not a function; use ceil, floor, min, max, abs, log2, sqrt or pow",
                (int)len, name);
}

static node *parse_name(parser *ps)
{
    const char *start = ps->p;
    while (isalnum((unsigned char)*ps->p) || *ps->p == '_') ps->p++;
    size_t len = (size_t)(ps->p - start);
    if (take(ps, "(")) return parse_call(ps, start, len);
    for (int k = 0; k < ps->nnames; k++)
        if (strlen(ps->names[k]) == len && !strncmp(ps->names[k], start, len)) {
            node *n = make(OP_VAR, NULL, NULL);
            n->var = k;
            return n;
        }
    cl_str known = {0};
    for (int k = 0; k < ps->nnames; k++) cl_str_addf(&known, "%s%s", k ? ", " : "", ps->names[k]);
    ps->p = start;
    node *r = fail(ps, "'%.*s' is not a variable here; the variables are %s", (int)len, start,
                   known.len ? known.s : "(none)");
    cl_str_free(&known);
    return r;
}

static node *parse_primary(parser *ps)
{
    skip(ps);
    if (++ps->depth > EXPR_MAX_DEPTH) return fail(ps, "nested too deeply");
    node *n = NULL;
    if (take(ps, "(")) {
        n = parse_cond(ps);
        if (!ps->failed && !take(ps, ")")) {
            node_free(n);
            n = fail(ps, "expected ')'");
        }
    } else if (take(ps, "-")) {
        n = make(OP_NEG, parse_primary(ps), NULL);
    } else if (take(ps, "+")) {
        n = parse_primary(ps);
    } else if (take(ps, "!")) {
        n = make(OP_NOT, parse_primary(ps), NULL);
    } else if (isdigit((unsigned char)*ps->p) || (*ps->p == '.' && isdigit((unsigned char)ps->p[1]))) {
        char *end;
        double v = strtod(ps->p, &end);
        n = make(OP_NUM, NULL, NULL);
        n->value = v;
        ps->p = end;
    } else if (isalpha((unsigned char)*ps->p) || *ps->p == '_') {
        n = parse_name(ps);
    } else {
        n = fail(ps, *ps->p ? "expected a number, a variable or '('" : "the expression ends early");
    }
    ps->depth--;
    if (ps->failed) {
        node_free(n);
        return NULL;
    }
    return n;
}

/* The binary operators by level, loosest first. */
static const struct {
    const char *tok;
    expr_op op;
    int level;
} binary[] = {
    {"||", OP_OR, 0}, {"&&", OP_AND, 1}, {"==", OP_EQ, 2}, {"!=", OP_NE, 2},
    {"<=", OP_LE, 3}, {">=", OP_GE, 3},  {"<", OP_LT, 3},  {">", OP_GT, 3},
    {"+", OP_ADD, 4}, {"-", OP_SUB, 4},  {"*", OP_MUL, 5}, {"/", OP_DIV, 5},
    {"%", OP_MOD, 5},
};
#define EXPR_LEVELS 6

static node *parse_level(parser *ps, int level)
{
    if (level == EXPR_LEVELS) return parse_primary(ps);
    node *left = parse_level(ps, level + 1);
    for (bool more = true; more && !ps->failed;) {
        more = false;
        for (size_t i = 0; i < sizeof binary / sizeof *binary; i++) {
            if (binary[i].level != level || !take(ps, binary[i].tok)) continue;
            left = make(binary[i].op, left, parse_level(ps, level + 1));
            more = true;
            break;
        }
    }
    if (ps->failed) {
        node_free(left);
        return NULL;
    }
    return left;
}

static node *parse_cond(parser *ps)
{
    node *c = parse_level(ps, 0);
    if (ps->failed || !take(ps, "?")) return c;
    node *n = make(OP_COND, parse_cond(ps), NULL);
    n->c = c;
    if (!ps->failed && !take(ps, ":")) fail(ps, "expected ':' after 'c ? a'");
    if (!ps->failed) n->b = parse_cond(ps);
    if (ps->failed) {
        node_free(n);
        return NULL;
    }
    return n;
}

static int height(const node *n)
{
    if (!n) return 0;
    int a = height(n->a), b = height(n->b), c = height(n->c);
    return 1 + (a > b ? (a > c ? a : c) : (b > c ? b : c));
}

day_expr *day_expr_parse(const char *text, const char *const *names, int nnames, char *why,
                         size_t whysize)
{
    parser ps = {text, text, names, nnames, 0, why, whysize, false};
    if (strlen(text) > EXPR_MAX_TEXT) {
        snprintf(why, whysize, "an expression may be %d characters long at most", EXPR_MAX_TEXT);
        return NULL;
    }
    node *root = parse_cond(&ps);
    skip(&ps);
    if (!ps.failed && *ps.p) fail(&ps, "unexpected '%c'", *ps.p);
    if (ps.failed) {
        node_free(root);
        return NULL;
    }
    day_expr *e = cl_malloc(sizeof *e);
    e->root = root;
    e->text = cl_strdup(text);
    e->height = height(root);
    return e;
}

/* fmod, exact either way: whole numbers below 2^53 (an index modulo a
 * size, as fills ask once an element) by integer division, which is many
 * times faster than the library's; the sign of a zero result is a's. */
static double mod(double a, double b)
{
    const double big = 9007199254740992.0;
    if (!signbit(a) && a < big && b >= 1 && b < big && a == (double)(int64_t)a && b == (double)(int64_t)b)
        return (double)((int64_t)a % (int64_t)b);
    return fmod(a, b);
}

static double eval(const node *n, const double *v)
{
    switch (n->op) {
    case OP_NUM: return n->value;
    case OP_VAR: return v[n->var];
    case OP_NEG: return -eval(n->a, v);
    case OP_NOT: return eval(n->a, v) == 0;
    case OP_COND: return eval(n->c, v) != 0 ? eval(n->a, v) : eval(n->b, v);
    case OP_ADD: return eval(n->a, v) + eval(n->b, v);
    case OP_SUB: return eval(n->a, v) - eval(n->b, v);
    case OP_MUL: return eval(n->a, v) * eval(n->b, v);
    case OP_DIV: return eval(n->a, v) / eval(n->b, v);
    case OP_MOD: return mod(eval(n->a, v), eval(n->b, v));
    case OP_LT: return eval(n->a, v) < eval(n->b, v);
    case OP_LE: return eval(n->a, v) <= eval(n->b, v);
    case OP_GT: return eval(n->a, v) > eval(n->b, v);
    case OP_GE: return eval(n->a, v) >= eval(n->b, v);
    case OP_EQ: return eval(n->a, v) == eval(n->b, v);
    case OP_NE: return eval(n->a, v) != eval(n->b, v);
    case OP_AND: return eval(n->a, v) != 0 && eval(n->b, v) != 0;
    case OP_OR: return eval(n->a, v) != 0 || eval(n->b, v) != 0;
    case OP_CEIL: return ceil(eval(n->a, v));
    case OP_FLOOR: return floor(eval(n->a, v));
    case OP_MIN: return fmin(eval(n->a, v), eval(n->b, v));
    case OP_MAX: return fmax(eval(n->a, v), eval(n->b, v));
    case OP_ABS: return fabs(eval(n->a, v));
    case OP_LOG2: return log2(eval(n->a, v));
    case OP_SQRT: return sqrt(eval(n->a, v));
    case OP_POW: return pow(eval(n->a, v), eval(n->b, v));
    }
    return NAN;
}

double day_expr_eval(const day_expr *e, const double *vars)
{
    return eval(e->root, vars);
}

static bool uses(const node *n, int k)
{
    return n && ((n->op == OP_VAR && n->var == k) || uses(n->a, k) || uses(n->b, k) || uses(n->c, k));
}

/* ---- a span of values at once: v[k] = from, from + 1, ... ----
 * Each node's values for SPAN elements in one pass (a loop the compiler
 * can vectorise, not a walk of the tree per element), each value the one
 * eval gives: the same operations on the same doubles, and both sides of
 * &&, || and ?: are pure, so evaluating both changes no value. A subtree
 * that does not read v[k] is evaluated once. */
#define SPAN 64
#define SPAN_HEIGHT 24 /* taller trees go element by element */

#define EACH(expr)                                                       \
    do {                                                                 \
        for (int j = 0; j < cnt; j++) out[j] = (expr);                   \
    } while (0)

static void span(const node *n, double *v, int k, double from, int cnt, double *out, double *scratch)
{
    if (!uses(n, k)) {
        double x = eval(n, v);
        EACH(x);
        return;
    }
    if (n->op == OP_VAR) {
        EACH(from + (double)j);
        return;
    }
    double *a = scratch, *b = scratch + SPAN, *below = scratch + 2 * SPAN;
    if (n->a) span(n->a, v, k, from, cnt, a, below);
    if (n->b) span(n->b, v, k, from, cnt, b, below);
    switch (n->op) {
    case OP_NUM:
    case OP_VAR: return; /* above */
    case OP_NEG: EACH(-a[j]); return;
    case OP_NOT: EACH(a[j] == 0); return;
    case OP_COND:
        span(n->c, v, k, from, cnt, out, below);
        EACH(out[j] != 0 ? a[j] : b[j]);
        return;
    case OP_ADD: EACH(a[j] + b[j]); return;
    case OP_SUB: EACH(a[j] - b[j]); return;
    case OP_MUL: EACH(a[j] * b[j]); return;
    case OP_DIV: EACH(a[j] / b[j]); return;
    case OP_MOD: EACH(mod(a[j], b[j])); return;
    case OP_LT: EACH(a[j] < b[j]); return;
    case OP_LE: EACH(a[j] <= b[j]); return;
    case OP_GT: EACH(a[j] > b[j]); return;
    case OP_GE: EACH(a[j] >= b[j]); return;
    case OP_EQ: EACH(a[j] == b[j]); return;
    case OP_NE: EACH(a[j] != b[j]); return;
    case OP_AND: EACH(a[j] != 0 && b[j] != 0); return;
    case OP_OR: EACH(a[j] != 0 || b[j] != 0); return;
    case OP_CEIL: EACH(ceil(a[j])); return;
    case OP_FLOOR: EACH(floor(a[j])); return;
    case OP_MIN: EACH(fmin(a[j], b[j])); return;
    case OP_MAX: EACH(fmax(a[j], b[j])); return;
    case OP_ABS: EACH(fabs(a[j])); return;
    case OP_LOG2: EACH(log2(a[j])); return;
    case OP_SQRT: EACH(sqrt(a[j])); return;
    case OP_POW: EACH(pow(a[j], b[j])); return;
    }
    EACH(NAN);
}

#undef EACH

void day_expr_eval_span(const day_expr *e, double *vars, int k, size_t from, size_t count,
                        double *out)
{
    if (e->height > SPAN_HEIGHT) {
        double keep = vars[k];
        for (size_t i = 0; i < count; i++) {
            vars[k] = (double)(from + i);
            out[i] = eval(e->root, vars);
        }
        vars[k] = keep;
        return;
    }
    double scratch[2 * SPAN * SPAN_HEIGHT];
    for (size_t done = 0; done < count; done += SPAN) {
        int cnt = count - done < SPAN ? (int)(count - done) : SPAN;
        span(e->root, vars, k, (double)(from + done), cnt, out + done, scratch);
    }
}

bool day_expr_uses(const day_expr *e, int k)
{
    return uses(e->root, k);
}

const char *day_expr_text(const day_expr *e)
{
    return e->text;
}

void day_expr_free(day_expr *e)
{
    if (!e) return;
    node_free(e->root);
    free(e->text);
    free(e);
}
