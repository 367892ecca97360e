/* demangle.c - the part of the Itanium C++ ABI name mangling that kernels'
 * names use (itanium-cxx-abi.github.io/cxx-abi/abi.html#mangling):
 *
 *   _Z <name> <bare-function-type>
 *   <name>   ::= <source-name> | St <source-name> | N [r][V][K] <prefix>... E
 *              | <name> I <template-arg>+ E
 *   <type>   ::= <builtin> | P|R|O <type> | [r][V][K] <type> | <name>
 *              | S_ | S<seq-id>_ | T_ | T<n>_
 *
 * Types are printed the way people write them: "const float*", and
 * "float* const" where the const belongs to the pointer. Anything else (function
 * and array types, operators, special substitutions, vendor types) gives NULL.
 *
 * It is cudalab's one demangler: the PTX parser takes a function's plain
 * name ("ns::kernel") from cl_demangle_name. */
#include "core/core.h"
#include "core/demangle.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct tnode {
    char *s;
    bool declarator; /* ends with * or &: a cv-qualifier goes after it */
} tnode;

typedef struct dm {
    const char *s;
    bool fail;
    CL_VEC(tnode) subs;  /* substitution candidates, in order */
    CL_VEC(tnode) targs; /* the function's template arguments */
    char *base;          /* the function's own name */
} dm;

static const struct { char code; const char *name; } builtins[] = {
    {'v', "void"}, {'w', "wchar_t"}, {'b', "bool"}, {'c', "char"}, {'a', "signed char"},
    {'h', "unsigned char"}, {'s', "short"}, {'t', "unsigned short"}, {'i', "int"},
    {'j', "unsigned int"}, {'l', "long"}, {'m', "unsigned long"}, {'x', "long long"},
    {'y', "unsigned long long"}, {'n', "__int128"}, {'o', "unsigned __int128"},
    {'f', "float"}, {'d', "double"}, {'e', "long double"}, {'g', "__float128"},
    {'z', "..."},
};

static tnode node(char *s, bool declarator) { return (tnode){s, declarator}; }

static void add_sub(dm *d, tnode t)
{
    CL_VEC_PUSH(&d->subs, node(cl_strdup(t.s), t.declarator));
}

static tnode copy_node(tnode t) { return node(cl_strdup(t.s), t.declarator); }

static char *source_name(dm *d)
{
    if (!isdigit((unsigned char)*d->s)) {
        d->fail = true;
        return NULL;
    }
    char *end;
    long n = strtol(d->s, &end, 10);
    if (n <= 0 || (long)strnlen(end, (size_t)n) < n) {
        d->fail = true;
        return NULL;
    }
    d->s = end + n;
    return cl_strndup(end, (size_t)n);
}

/* "_" -> 0, "<base 36>_" -> value + 1; -1 when malformed. */
static long seq_id(dm *d)
{
    long v = 0;
    if (*d->s == '_') {
        d->s++;
        return 0;
    }
    for (; isdigit((unsigned char)*d->s) || isupper((unsigned char)*d->s); d->s++)
        v = v * 36 + (isdigit((unsigned char)*d->s) ? *d->s - '0' : *d->s - 'A' + 10);
    if (*d->s != '_') return -1;
    d->s++;
    return v + 1;
}

static tnode type(dm *d);
static char *name(dm *d, bool function, bool *templated);

static void free_nodes(void *vec_v, size_t n)
{
    tnode *v = vec_v;
    for (size_t i = 0; i < n; i++) free(v[i].s);
}

/* L <type> <value> E: an integer or bool template argument. */
static tnode literal(dm *d)
{
    d->s++;
    char t = *d->s++;
    bool neg = *d->s == 'n';
    if (neg) d->s++;
    size_t n = strspn(d->s, "0123456789");
    if (n == 0 || d->s[n] != 'E' || !strchr("bcahstijlmxy", t)) {
        d->fail = true;
        return node(cl_strdup(""), false);
    }
    char *v;
    if (t == 'b') v = cl_strdup(d->s[0] == '0' ? "false" : "true");
    else v = cl_sprintf("%s%.*s%s", neg ? "-" : "", (int)n, d->s,
                        t == 'j' ? "u" : t == 'l' ? "l" : t == 'm' ? "ul" : t == 'x' ? "ll"
                                                     : t == 'y' ? "ull" : "");
    d->s += n + 1;
    return node(v, false);
}

/* I <template-arg>+ E -> "<float, 256>"; the arguments go to *args when it is
 * non-NULL (the caller decides whether they are the function's). */
static char *template_args(dm *d, void *args_v)
{
    CL_VEC(tnode) *args = args_v;
    cl_str b = {0};
    cl_str_addc(&b, '<');
    d->s++;
    for (int i = 0; *d->s && *d->s != 'E' && !d->fail; i++) {
        tnode a = *d->s == 'L' ? literal(d) : type(d);
        if (i) cl_str_add(&b, ", ");
        cl_str_add(&b, a.s ? a.s : "");
        if (args && a.s) CL_VEC_PUSH(args, a);
        else free(a.s);
    }
    if (*d->s == 'E') d->s++;
    else d->fail = true;
    cl_str_addc(&b, '>');
    return cl_str_take(&b);
}

/* The function's template arguments are those of the last part of its name. */
static void keep_targs(dm *d, void *args_v, bool keep)
{
    CL_VEC(tnode) *args = args_v;
    if (keep) {
        free_nodes(d->targs.v, d->targs.n);
        free(d->targs.v);
        d->targs.v = args->v, d->targs.n = args->n, d->targs.cap = args->cap;
    } else {
        free_nodes(args->v, args->n);
        free(args->v);
    }
}

static char *pretty_source_name(char *s)
{
    if (s && strncmp(s, "_GLOBAL__N", 10) == 0) {
        free(s);
        return cl_strdup("(anonymous namespace)");
    }
    return s;
}

/* N <prefix>... E */
static char *nested(dm *d, bool function, bool *templated)
{
    cl_str full = {0};
    d->s++;
    while (*d->s && *d->s != 'E' && !d->fail) {
        *templated = false;
        if (d->s[0] == 'S' && d->s[1] == 't' && full.len == 0) {
            d->s += 2;
            cl_str_add(&full, "std");
            continue;
        } else if (*d->s == 'S' && full.len == 0) {
            d->s++;
            long k = seq_id(d);
            if (k < 0 || (size_t)k >= d->subs.n) d->fail = true;
            else cl_str_add(&full, d->subs.v[k].s);
            continue; /* a substitution is not a new candidate */
        } else if (isdigit((unsigned char)*d->s)) {
            char *c = pretty_source_name(source_name(d));
            if (!c) break;
            if (full.len) cl_str_add(&full, "::");
            cl_str_add(&full, c);
            if (function) free(d->base), d->base = c;
            else free(c);
        } else if (*d->s == 'I' && full.len) {
            CL_VEC(tnode) args = {0};
            char *t = template_args(d, &args);
            cl_str_add(&full, t);
            free(t);
            keep_targs(d, &args, function && *d->s == 'E');
            *templated = true;
        } else {
            d->fail = true; /* constructors, operators, cv-qualified members */
        }
        if (*d->s != 'E' && !d->fail) add_sub(d, node((char *)cl_str_cstr(&full), false));
    }
    if (*d->s == 'E') d->s++;
    else d->fail = true;
    return full.s ? cl_str_take(&full) : cl_strdup("");
}

static char *name(dm *d, bool function, bool *templated)
{
    *templated = false;
    if (*d->s == 'N') return nested(d, function, templated);
    char *n;
    if (d->s[0] == 'S' && d->s[1] == 't') {
        d->s += 2;
        char *c = source_name(d);
        n = cl_sprintf("std::%s", c ? c : "");
        if (function) d->base = c;
        else free(c);
    } else {
        n = pretty_source_name(source_name(d));
        if (function && n) d->base = cl_strdup(n);
    }
    if (!n || d->fail) return n;
    if (*d->s == 'I') {
        add_sub(d, node(n, false)); /* the template's name is a candidate */
        CL_VEC(tnode) args = {0};
        char *t = template_args(d, &args);
        keep_targs(d, &args, function);
        char *full = cl_sprintf("%s%s", n, t);
        free(n);
        free(t);
        n = full;
        *templated = true;
    }
    return n;
}

/* [r][V][K] <type>: "const float", "float* const". */
static tnode qualified(dm *d)
{
    bool r = false, v = false, k = false;
    if (*d->s == 'r') r = true, d->s++;
    if (*d->s == 'V') v = true, d->s++;
    if (*d->s == 'K') k = true, d->s++;
    tnode in = type(d);
    if (d->fail) return in;
    const char *cv = k && v ? "const volatile" : k ? "const" : v ? "volatile" : "";
    char *s;
    if (in.declarator)
        s = cl_sprintf("%s%s%s%s", in.s, cv[0] ? " " : "", cv, r ? " __restrict__" : "");
    else
        s = cl_sprintf("%s%s%s", cv, cv[0] ? " " : "", in.s);
    free(in.s);
    tnode t = node(s, in.declarator);
    add_sub(d, t);
    return t;
}

static tnode type(dm *d)
{
    char c = *d->s;
    for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++)
        if (builtins[i].code == c) {
            d->s++;
            return node(cl_strdup(builtins[i].name), false);
        }
    if (c == 'D' && d->s[1] == 'n') {
        d->s += 2;
        return node(cl_strdup("decltype(nullptr)"), false);
    }
    if (c == 'P' || c == 'R' || c == 'O') {
        d->s++;
        tnode in = type(d);
        if (d->fail) return in;
        tnode t = node(cl_sprintf("%s%s", in.s, c == 'P' ? "*" : c == 'R' ? "&" : "&&"), true);
        free(in.s);
        add_sub(d, t);
        return t;
    }
    if (c == 'r' || c == 'V' || c == 'K') return qualified(d);
    if ((c == 'S' && d->s[1] != 't') || c == 'T') {
        d->s++;
        long k = seq_id(d);
        void *from = c == 'S' ? (void *)&d->subs : (void *)&d->targs;
        CL_VEC(tnode) *v = from;
        if (k < 0 || (size_t)k >= v->n) {
            d->fail = true;
            return node(NULL, false);
        }
        tnode t = copy_node(v->v[k]);
        if (c == 'T') add_sub(d, t);
        return t;
    }
    if (c == 'N' || isdigit((unsigned char)c) || c == 'S') {
        bool templated;
        tnode t = node(name(d, false, &templated), false);
        if (!d->fail) add_sub(d, t);
        return t;
    }
    d->fail = true;
    return node(NULL, false);
}

/* _Z <name> [<return type>] <parameter types>; *base gets the function's
 * own name. */
static char *demangle(const char *mangled, char **base)
{
    *base = NULL;
    if (!mangled) return NULL;
    if (strncmp(mangled, "_Z", 2) != 0) {
        bool ident = mangled[0] && !isdigit((unsigned char)mangled[0]);
        for (const char *p = mangled; *p && ident; p++)
            ident = isalnum((unsigned char)*p) || *p == '_';
        if (ident) *base = cl_strdup(mangled);
        return ident ? cl_strdup(mangled) : NULL;
    }
    dm d = {.s = mangled + 2};
    bool templated;
    cl_str out = {0};
    char *fname = name(&d, true, &templated);
    tnode ret = {0};
    if (templated && !d.fail) ret = type(&d);
    if (ret.s) cl_str_addf(&out, "%s ", ret.s);
    cl_str_addf(&out, "%s(", fname ? fname : "");
    if (d.s[0] == 'v' && d.s[1] == '\0') d.s++;
    for (int i = 0; *d.s && !d.fail; i++) {
        tnode t = type(&d);
        if (!d.fail) cl_str_addf(&out, "%s%s", i ? ", " : "", t.s);
        free(t.s);
    }
    cl_str_addc(&out, ')');
    bool ok = !d.fail && fname && d.s > mangled + 2;
    free(fname);
    free(ret.s);
    free_nodes(d.subs.v, d.subs.n);
    free(d.subs.v);
    free_nodes(d.targs.v, d.targs.n);
    free(d.targs.v);
    if (ok) *base = d.base;
    else free(d.base);
    if (!ok) cl_str_free(&out);
    return ok ? cl_str_take(&out) : NULL;
}

char *cl_demangle(const char *mangled)
{
    char *base = NULL, *full = demangle(mangled, &base);
    free(base);
    return full;
}

char *cl_demangle_base(const char *mangled)
{
    char *base = NULL, *full = demangle(mangled, &base);
    free(full);
    return base;
}

/* Drops every balanced <...> of s in place: "ns::f<float, 4>" -> "ns::f". */
static void drop_template_args(char *s)
{
    char *w = s;
    int depth = 0;
    for (const char *r = s; *r; r++) {
        if (*r == '<') depth++;
        else if (*r == '>' && depth > 0) depth--;
        else if (depth == 0) *w++ = *r;
    }
    *w = '\0';
}

char *cl_demangle_name(const char *mangled)
{
    if (!mangled || strncmp(mangled, "_Z", 2) != 0) return cl_strdup(mangled ? mangled : "");
    dm d = {.s = mangled + 2};
    if (*d.s == 'L') d.s++; /* internal linkage */
    bool templated;
    char *n = name(&d, false, &templated);
    free_nodes(d.subs.v, d.subs.n);
    free(d.subs.v);
    free_nodes(d.targs.v, d.targs.n);
    free(d.targs.v);
    free(d.base);
    if (!d.fail && n && *n) {
        drop_template_args(n);
        return n;
    }
    free(n);
    return cl_strdup(mangled);
}
