/* parse_decl.c - module directives, variables with initialisers, register
 * declarations; functions are parse_func.c's, instructions parse_insn.c's. */
#include "ptx/parse.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* A variable's bytes, declared (the machine that runs it has its own, lower,
 * limits), and an initialised variable's, which the parser allocates. */
#define PTX_MAX_VAR_BYTES (1ull << 48)
#define PTX_MAX_INIT_BYTES (64u << 20)


/* ---- small helpers ---- */

static bool tok_is_ident(const ptx_token *t, const char *s)
{
    return t->kind == TK_IDENT && t->len == strlen(s) && memcmp(t->text, s, t->len) == 0;
}

cl_status ptx_expect_int(ptx_parser *p, uint64_t *v)
{
    *v = 0; /* set on every path: callers test the status, and -O3 sees this */
    bool neg = ptx_accept_punct(p, '-');
    if (p->tok.kind != TK_INT) {
        char b[64];
        ptx_tok_str(&p->tok, b, sizeof b);
        return ptx_perr(p, CL_PTX, p->tok.line, p->tok.col, "expected a number, found '%s'", b);
    }
    *v = neg ? 0 - p->tok.ival : p->tok.ival;
    ptx_advance(p);
    return CL_OK;
}

cl_status ptx_parse_attrs(ptx_parser *p, decl_attrs *a)
{
    memset(a, 0, sizeof *a);
    a->vec = 1;
    while (p->tok.kind == TK_DOT) {
        const ptx_token t = p->tok;
        if (ptx_is_dot(&t, ".align")) {
            ptx_advance(p);
            uint64_t v;
            if (ptx_expect_int(p, &v) != CL_OK) return p->st;
            if (v == 0 || (v & (v - 1)) || v > 4096)
                return ptx_perr(p, CL_PTX, t.line, t.col, "bad alignment %llu",
                                (unsigned long long)v);
            a->align = (uint32_t)v;
        } else if (ptx_is_dot(&t, ".v2") || ptx_is_dot(&t, ".v4")) {
            a->vec = t.text[2] - '0';
            ptx_advance(p);
        } else if (ptx_is_dot(&t, ".ptr") || ptx_is_dot(&t, ".global") ||
                   ptx_is_dot(&t, ".shared") || ptx_is_dot(&t, ".const") ||
                   ptx_is_dot(&t, ".local")) {
            ptx_advance(p); /* pointer attributes of kernel parameters */
        } else {
            ptx_type ty = ptx_type_from_name(t.text + 1, t.len - 1);
            if (ty == PTX_T_NONE) break;
            a->type = ty;
            ptx_advance(p);
            if (p->tok.kind == TK_DOT && ptx_is_dot(&p->tok, ".ptr")) continue;
            break;
        }
    }
    if (a->type == PTX_T_NONE) {
        char b[64];
        ptx_tok_str(&p->tok, b, sizeof b);
        return ptx_perr(p, CL_UNSUPPORTED, p->tok.line, p->tok.col,
                        "expected a type in the declaration, found '%s'", b);
    }
    return CL_OK;
}

uint32_t ptx_add_name(ptx_parser *p, const char *s, size_t len)
{
    uint32_t off = (uint32_t)p->names.len;
    cl_str_addn(&p->names, s, len);
    cl_str_addc(&p->names, '\0');
    return off;
}

/* Declare `name` in the innermost scope (or the module when no function). */
cl_status ptx_declare(ptx_parser *p, const ptx_token *t, uint64_t value)
{
    ptx_map *m = p->fn >= 0 ? &p->scopes[p->depth - 1] : &p->globals;
    if (!ptx_map_put(m, t->text, t->len, value)) {
        char b[128];
        ptx_tok_str(t, b, sizeof b);
        return ptx_perr(p, CL_PTX, t->line, t->col, "'%s' is declared twice", b);
    }
    return CL_OK;
}

bool ptx_lookup(ptx_parser *p, const char *s, size_t len, uint64_t *value)
{
    for (int i = p->depth - 1; i >= 0; i--)
        if (ptx_map_get(&p->scopes[i], s, len, value)) return true;
    return ptx_map_get(&p->globals, s, len, value);
}

/* ---- initialisers ---- */

static void put_scalar(uint8_t *dst, ptx_type ty, const ptx_token *t, bool neg)
{
    unsigned size = ptx_type_size(ty);
    uint64_t bits;
    if (ptx_type_kind_of(ty) == PTX_K_FLOAT && size >= 4) {
        double d = t->kind == TK_FLOAT ? t->fval
                 : t->kind == TK_INT  ? (double)t->ival : 0;
        if (t->kind == TK_F32 && size == 4) {
            bits = t->ival;
        } else if (t->kind == TK_F64 && size == 8) {
            bits = t->ival;
        } else {
            if (t->kind == TK_F32) {
                float f;
                uint32_t b32 = (uint32_t)t->ival;
                memcpy(&f, &b32, 4);
                d = f;
            } else if (t->kind == TK_F64) {
                memcpy(&d, &t->ival, 8);
            }
            if (neg) d = -d;
            neg = false;
            if (size == 4) {
                float f = (float)d;
                uint32_t b32;
                memcpy(&b32, &f, 4);
                bits = b32;
            } else {
                memcpy(&bits, &d, 8);
            }
        }
        if (neg) bits ^= size == 4 ? 0x80000000u : 0x8000000000000000ull;
    } else {
        bits = neg ? 0 - t->ival : t->ival;
    }
    memcpy(dst, &bits, size); /* little-endian host */
}

static cl_status parse_init_list(ptx_parser *p, ptx_symbol *s, uint64_t *pos, uint32_t sym_index);

static cl_status parse_init_value(ptx_parser *p, ptx_symbol *s, uint64_t *pos, uint32_t sym_index)
{
    unsigned esize = ptx_type_size(s->type);
    if (ptx_is_punct(&p->tok, '{')) return parse_init_list(p, s, pos, sym_index);
    const ptx_token t0 = p->tok;
    if (*pos + esize > s->size)
        return ptx_perr(p, CL_PTX, t0.line, t0.col, "too many initialisers for '%s'", s->name);
    bool generic = false;
    if (tok_is_ident(&p->tok, "generic")) {
        generic = true;
        ptx_advance(p);
        if (ptx_expect_punct(p, '(') != CL_OK) return p->st;
    }
    if (p->tok.kind == TK_IDENT) {
        uint64_t v;
        const ptx_token nt = p->tok;
        if (!ptx_map_get(&p->globals, nt.text, nt.len, &v) || PTX_NAME_KIND(v) != 2) {
            char b[128];
            ptx_tok_str(&nt, b, sizeof b);
            return ptx_perr(p, CL_PTX, nt.line, nt.col, "unknown symbol '%s' in an initialiser", b);
        }
        ptx_advance(p);
        int64_t addend = 0;
        if (ptx_accept_punct(p, '+')) {
            uint64_t a;
            if (ptx_expect_int(p, &a) != CL_OK) return p->st;
            addend = (int64_t)a;
        }
        if (generic && ptx_expect_punct(p, ')') != CL_OK) return p->st;
        if (esize != 8)
            return ptx_perr(p, CL_UNSUPPORTED, nt.line, nt.col,
                            "a symbol address in an initialiser needs 8-byte elements");
        ptx_symbol *sv = &p->syms.v[sym_index];
        sv->relocs = cl_realloc(sv->relocs, (sv->nrelocs + 1) * sizeof *sv->relocs);
        sv->relocs[sv->nrelocs++] = (ptx_reloc){ *pos, PTX_NAME_INDEX(v), addend, generic };
        *pos += esize;
        return CL_OK;
    }
    bool neg = ptx_accept_punct(p, '-');
    const ptx_token t = p->tok;
    if (t.kind != TK_INT && t.kind != TK_F32 && t.kind != TK_F64 && t.kind != TK_FLOAT) {
        char b[64];
        ptx_tok_str(&t, b, sizeof b);
        return ptx_perr(p, CL_PTX, t.line, t.col, "bad initialiser '%s'", b);
    }
    put_scalar(s->init + *pos, s->type, &t, neg);
    *pos += esize;
    ptx_advance(p);
    return CL_OK;
}

static cl_status parse_init_list(ptx_parser *p, ptx_symbol *s, uint64_t *pos, uint32_t sym_index)
{
    if (ptx_expect_punct(p, '{') != CL_OK) return p->st;
    if (ptx_accept_punct(p, '}')) return CL_OK;
    do {
        if (parse_init_value(p, &p->syms.v[sym_index], pos, sym_index) != CL_OK) return p->st;
    } while (ptx_accept_punct(p, ','));
    return ptx_expect_punct(p, '}');
}

/* ---- variables ---- */

/* After the state space: [.align N] [.vN] .type name [dims] [= init] ; */
cl_status ptx_parse_var(ptx_parser *p, int32_t func, ptx_space space, bool is_extern,
                        bool is_visible, uint32_t *sym_out)
{
    decl_attrs a;
    if (ptx_parse_attrs(p, &a) != CL_OK) return p->st;
    if (a.type == PTX_T_pred || a.type == PTX_T_b128)
        return ptx_perr(p, CL_UNSUPPORTED, p->tok.line, p->tok.col,
                        "variables of type .%s are not supported", ptx_type_name(a.type));
    const ptx_token name = p->tok;
    if (name.kind != TK_IDENT)
        return ptx_perr(p, CL_PTX, name.line, name.col, "expected a variable name");
    ptx_advance(p);
    uint64_t count = a.vec;
    bool unsized = false;
    while (ptx_accept_punct(p, '[')) {
        if (ptx_accept_punct(p, ']')) {
            unsized = true;
            continue;
        }
        uint64_t n;
        const ptx_token dim = p->tok;
        if (ptx_expect_int(p, &n) != CL_OK || ptx_expect_punct(p, ']') != CL_OK) return p->st;
        if (n && count > PTX_MAX_VAR_BYTES / n)
            return ptx_perr(p, CL_LIMIT, dim.line, dim.col,
                            "'%.*s' is too large (more than 2^48 bytes)", (int)name.len, name.text);
        count *= n;
    }
    if (count > PTX_MAX_VAR_BYTES / 16)
        return ptx_perr(p, CL_LIMIT, name.line, name.col,
                        "'%.*s' is too large (more than 2^48 bytes)", (int)name.len, name.text);
    ptx_symbol s = {0};
    s.name = cl_strndup(name.text, name.len);
    s.kind = PTX_SYM_VAR;
    s.space = (uint8_t)space;
    s.type = (uint8_t)a.type;
    s.is_extern = is_extern;
    s.is_visible = is_visible;
    s.unsized = unsized;
    s.size = unsized ? 0 : count * ptx_type_size(a.type);
    s.align = a.align ? a.align : ptx_type_size(a.type) * a.vec;
    s.func = func;
    s.param = -1;
    s.line = name.line;
    uint32_t index = (uint32_t)p->syms.n;
    CL_VEC_PUSH(&p->syms, s);
    if (ptx_declare(p, &name, PTX_NAME_SYM(index)) != CL_OK) return p->st;
    if (ptx_accept_punct(p, '=')) {
        ptx_symbol *sv = &p->syms.v[index];
        if (unsized || sv->size == 0)
            return ptx_perr(p, CL_PTX, name.line, name.col, "cannot initialise '%s'", sv->name);
        if (sv->size > PTX_MAX_INIT_BYTES)
            return ptx_perr(p, CL_LIMIT, name.line, name.col,
                            "the initialised variable '%s' declares %llu bytes; an initialised "
                            "variable may hold at most %u MiB",
                            sv->name, (unsigned long long)sv->size, PTX_MAX_INIT_BYTES >> 20);
        sv->init = cl_calloc(1, sv->size);
        uint64_t pos = 0;
        if (parse_init_value(p, sv, &pos, index) != CL_OK) return p->st;
    }
    if (sym_out) *sym_out = index;
    return ptx_expect_punct(p, ';');
}

/* ---- registers ---- */

static unsigned bank_of_type(ptx_type t)
{
    if (t == PTX_T_pred) return PTX_BANK_PRED;
    return ptx_type_size(t) == 8 ? PTX_BANK_B64 : PTX_BANK_B32;
}

static cl_status add_register(ptx_parser *p, const ptx_token *at, const char *name, size_t len,
                              ptx_type type)
{
    unsigned bank = bank_of_type(type);
    uint32_t idx = (uint32_t)p->regs[bank].n;
    ptx_reg_info ri = { ptx_add_name(p, name, len), (uint8_t)type };
    CL_VEC_PUSH(&p->regs[bank], ri);
    ptx_map *m = &p->scopes[p->depth - 1];
    if (!ptx_map_put(m, name, len, PTX_NAME_REG(bank, idx)))
        return ptx_perr(p, CL_PTX, at->line, at->col, "register '%.*s' is declared twice",
                        (int)len, name);
    return CL_OK;
}

/* .reg .type %r<32>, %x, %y; */
cl_status ptx_parse_reg_decl(ptx_parser *p)
{
    const ptx_token start = p->tok;
    decl_attrs a;
    if (ptx_parse_attrs(p, &a) != CL_OK) return p->st;
    if (a.vec != 1 || a.type == PTX_T_b128)
        return ptx_perr(p, CL_UNSUPPORTED, start.line, start.col,
                        "vector or 128-bit registers are not supported");
    do {
        const ptx_token name = p->tok;
        if (name.kind != TK_IDENT)
            return ptx_perr(p, CL_PTX, name.line, name.col, "expected a register name");
        ptx_advance(p);
        if (ptx_accept_punct(p, '<')) {
            uint64_t n;
            if (ptx_expect_int(p, &n) != CL_OK || ptx_expect_punct(p, '>') != CL_OK) return p->st;
            if (n > 65536)
                return ptx_perr(p, CL_LIMIT, name.line, name.col, "too many registers");
            char buf[256];
            for (uint64_t i = 0; i < n; i++) {
                int k = snprintf(buf, sizeof buf, "%.*s%llu", (int)name.len, name.text,
                                 (unsigned long long)i);
                if (add_register(p, &name, buf, (size_t)k, a.type) != CL_OK) return p->st;
            }
        } else if (add_register(p, &name, name.text, name.len, a.type) != CL_OK) {
            return p->st;
        }
    } while (ptx_accept_punct(p, ','));
    return ptx_expect_punct(p, ';');
}

/* ---- module ---- */

static cl_status parse_version(ptx_parser *p)
{
    ptx_advance(p);
    const ptx_token t = p->tok;
    /* major.minor as major * 10 + minor; anything past 99.9 is no PTX ISA */
    if (t.kind == TK_FLOAT && t.fval >= 0 && t.fval < 100) {
        p->version = (unsigned)(t.fval * 10 + 0.5);
    } else if (t.kind == TK_INT && t.ival < 100) {
        p->version = (unsigned)t.ival * 10;
    } else {
        return ptx_perr(p, CL_PTX, t.line, t.col, "bad .version (a PTX ISA version such as 8.5)");
    }
    ptx_advance(p);
    return CL_OK;
}

static cl_status parse_target(ptx_parser *p)
{
    ptx_advance(p);
    do {
        const ptx_token t = p->tok;
        if (t.kind != TK_IDENT) return ptx_perr(p, CL_PTX, t.line, t.col, "bad .target");
        if (t.len > 3 && memcmp(t.text, "sm_", 3) == 0) {
            p->target = (unsigned)strtoul(t.text + 3, NULL, 10);
            p->saw_target = true;
        } else if (!(t.len == 9 && memcmp(t.text, "texmode_u", 9) == 0) &&
                   !tok_is_ident(&t, "debug") && !tok_is_ident(&t, "map_f64_to_f32") &&
                   !(t.len > 8 && memcmp(t.text, "texmode_", 8) == 0)) {
            return ptx_perr(p, CL_UNSUPPORTED, t.line, t.col, "unsupported target '%.*s'",
                            (int)t.len, t.text);
        }
        ptx_advance(p);
    } while (ptx_accept_punct(p, ','));
    return CL_OK;
}

static cl_status skip_section(ptx_parser *p)
{
    while (p->tok.kind != TK_EOF && !ptx_is_punct(&p->tok, '{')) ptx_advance(p);
    int depth = 0;
    do {
        if (ptx_is_punct(&p->tok, '{')) depth++;
        if (ptx_is_punct(&p->tok, '}')) depth--;
        ptx_advance(p);
    } while (depth > 0 && p->tok.kind != TK_EOF);
    return CL_OK;
}

static cl_status parse_toplevel(ptx_parser *p)
{
    bool is_extern = false, is_visible = false;
    for (;;) {
        const ptx_token t = p->tok;
        if (t.kind != TK_DOT) {
            char b[64];
            ptx_tok_str(&t, b, sizeof b);
            return ptx_perr(p, CL_PTX, t.line, t.col, "unexpected '%s' at module level", b);
        }
        if (ptx_is_dot(&t, ".extern")) { is_extern = true; ptx_advance(p); continue; }
        if (ptx_is_dot(&t, ".visible") || ptx_is_dot(&t, ".weak") || ptx_is_dot(&t, ".common")) {
            is_visible = true;
            ptx_advance(p);
            continue;
        }
        if (ptx_is_dot(&t, ".entry") || ptx_is_dot(&t, ".func")) {
            ptx_advance(p);
            return ptx_parse_function(p, t.text[1] == 'e', is_extern, is_visible);
        }
        static const struct { const char *dir; ptx_space space; } spaces[] = {
            {".global", PTX_SPACE_GLOBAL}, {".const", PTX_SPACE_CONST},
            {".shared", PTX_SPACE_SHARED}, {".local", PTX_SPACE_LOCAL},
        };
        for (size_t i = 0; i < sizeof spaces / sizeof spaces[0]; i++) {
            if (ptx_is_dot(&t, spaces[i].dir)) {
                ptx_advance(p);
                return ptx_parse_var(p, -1, spaces[i].space, is_extern, is_visible, NULL);
            }
        }
        if (is_extern || is_visible) {
            char b[64];
            ptx_tok_str(&t, b, sizeof b);
            return ptx_perr(p, CL_PTX, t.line, t.col, "unexpected '%s' after a linkage directive", b);
        }
        if (ptx_is_dot(&t, ".version")) return parse_version(p);
        if (ptx_is_dot(&t, ".target")) return parse_target(p);
        if (ptx_is_dot(&t, ".address_size")) {
            ptx_advance(p);
            uint64_t v;
            if (ptx_expect_int(p, &v) != CL_OK) return p->st;
            if (v != 64)
                return ptx_perr(p, CL_UNSUPPORTED, t.line, t.col,
                                ".address_size %llu is not supported (only 64)", (unsigned long long)v);
            p->address_size = 64;
            return CL_OK;
        }
        if (ptx_is_dot(&t, ".file")) return ptx_parse_file_directive(p);
        if (ptx_is_dot(&t, ".section")) return skip_section(p);
        if (ptx_is_dot(&t, ".pragma")) {
            while (p->tok.kind != TK_EOF && !ptx_is_punct(&p->tok, ';')) ptx_advance(p);
            return ptx_expect_punct(p, ';');
        }
        char b[64];
        ptx_tok_str(&t, b, sizeof b);
        return ptx_perr(p, CL_UNSUPPORTED, t.line, t.col, "unsupported directive '%s'", b);
    }
}

cl_status ptx_parse_module(ptx_parser *p)
{
    while (p->tok.kind != TK_EOF)
        if (parse_toplevel(p) != CL_OK) return p->st;
    if (!p->saw_target) return ptx_perr(p, CL_PTX, 1, 0, "the module has no .target");
    return CL_OK;
}
