/* parse_decl.c - module directives, variables with initialisers, functions and
 * their parameters, register declarations, and function bodies (scopes,
 * labels); instructions are parse_insn.c's. */
#include "ptx/parse.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static cl_status parse_function(ptx_parser *p, bool is_entry, bool is_extern, bool is_visible);

/* ---- small helpers ---- */

static bool tok_is_ident(const ptx_token *t, const char *s)
{
    return t->kind == TK_IDENT && t->len == strlen(s) && memcmp(t->text, s, t->len) == 0;
}

static cl_status expect_int(ptx_parser *p, uint64_t *v)
{
    bool neg = ptx_accept_punct(p, '-');
    if (p->tok.kind != TK_INT) {
        char b[64];
        ptx_tok_str(&p->tok, b, sizeof b);
        return ptx_perr(p, CL_PTX, p->tok.line, p->tok.col, "expected a number, found '%s'", b);
    }
    *v = neg ? (uint64_t)-(int64_t)p->tok.ival : p->tok.ival;
    ptx_advance(p);
    return CL_OK;
}

/* .type after optional .align/.v2/.v4/.ptr attributes. */
typedef struct decl_attrs {
    uint32_t align;
    unsigned vec;
    ptx_type type;
} decl_attrs;

static cl_status parse_attrs(ptx_parser *p, decl_attrs *a)
{
    memset(a, 0, sizeof *a);
    a->vec = 1;
    while (p->tok.kind == TK_DOT) {
        const ptx_token t = p->tok;
        if (ptx_is_dot(&t, ".align")) {
            ptx_advance(p);
            uint64_t v;
            if (expect_int(p, &v) != CL_OK) return p->st;
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
static cl_status declare(ptx_parser *p, const ptx_token *t, uint64_t value)
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
        bits = neg ? (uint64_t)-(int64_t)t->ival : t->ival;
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
            if (expect_int(p, &a) != CL_OK) return p->st;
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
    (void)s;
    return ptx_expect_punct(p, '}');
}

/* ---- variables ---- */

/* After the state space: [.align N] [.vN] .type name [dims] [= init] ; */
cl_status ptx_parse_var(ptx_parser *p, int32_t func, ptx_space space, bool is_extern,
                        bool is_visible, uint32_t *sym_out)
{
    decl_attrs a;
    if (parse_attrs(p, &a) != CL_OK) return p->st;
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
        if (expect_int(p, &n) != CL_OK || ptx_expect_punct(p, ']') != CL_OK) return p->st;
        count *= n;
    }
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
    if (declare(p, &name, PTX_NAME_SYM(index)) != CL_OK) return p->st;
    if (ptx_accept_punct(p, '=')) {
        ptx_symbol *sv = &p->syms.v[index];
        if (unsized || sv->size == 0)
            return ptx_perr(p, CL_PTX, name.line, name.col, "cannot initialise '%s'", sv->name);
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
    if (parse_attrs(p, &a) != CL_OK) return p->st;
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
            if (expect_int(p, &n) != CL_OK || ptx_expect_punct(p, '>') != CL_OK) return p->st;
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

/* ---- function bodies ---- */

static cl_status push_scope(ptx_parser *p, const ptx_token *at)
{
    if (p->depth == PTX_MAX_SCOPES)
        return ptx_perr(p, CL_LIMIT, at->line, at->col, "blocks nested too deeply");
    memset(&p->scopes[p->depth], 0, sizeof p->scopes[0]);
    p->depth++;
    return CL_OK;
}

static void pop_scope(ptx_parser *p)
{
    p->depth--;
    ptx_map_free(&p->scopes[p->depth]);
}

static cl_status parse_label(ptx_parser *p)
{
    const ptx_token name = p->tok;
    ptx_advance(p); /* name */
    ptx_advance(p); /* : */
    ptx_label l = { ptx_add_name(p, name.text, name.len), (uint32_t)p->insns.n };
    if (!ptx_map_put(&p->label_map, name.text, name.len, p->labels.n))
        return ptx_perr(p, CL_PTX, name.line, name.col, "label '%.*s' is defined twice",
                        (int)name.len, name.text);
    CL_VEC_PUSH(&p->labels, l);
    return CL_OK;
}

static cl_status parse_body_directive(ptx_parser *p)
{
    const ptx_token t = p->tok;
    if (ptx_is_dot(&t, ".reg")) {
        ptx_advance(p);
        return ptx_parse_reg_decl(p);
    }
    if (ptx_is_dot(&t, ".loc")) return ptx_parse_loc(p);
    if (ptx_is_dot(&t, ".pragma")) {
        while (p->tok.kind != TK_EOF && !ptx_is_punct(&p->tok, ';')) ptx_advance(p);
        return ptx_expect_punct(p, ';');
    }
    static const struct { const char *dir; ptx_space space; } spaces[] = {
        {".local", PTX_SPACE_LOCAL}, {".shared", PTX_SPACE_SHARED},
        {".param", PTX_SPACE_PARAM}, {".const", PTX_SPACE_CONST},
        {".global", PTX_SPACE_GLOBAL},
    };
    for (size_t i = 0; i < sizeof spaces / sizeof spaces[0]; i++) {
        if (ptx_is_dot(&t, spaces[i].dir)) {
            ptx_advance(p);
            return ptx_parse_var(p, p->fn, spaces[i].space, false, false, NULL);
        }
    }
    char b[64];
    ptx_tok_str(&t, b, sizeof b);
    return ptx_perr(p, CL_UNSUPPORTED, t.line, t.col, "unsupported directive '%s' in a function body", b);
}

static cl_status resolve_fixups(ptx_parser *p)
{
    for (size_t i = 0; i < p->fixups.n; i++) {
        ptx_fixup *f = &p->fixups.v[i];
        uint64_t li;
        if (!ptx_map_get(&p->label_map, f->name, f->len, &li))
            return ptx_perr(p, CL_PTX, f->line, f->col, "unknown label '%.*s'", (int)f->len, f->name);
        ptx_operand *o = f->vec != PTX_NONE ? &p->vec.v[f->vec] : &p->insns.v[f->insn].opd[f->slot];
        o->kind = PTX_OPD_LABEL;
        o->index = p->labels.v[li].pc;
    }
    return CL_OK;
}

/* Move the per-function vectors into the function. */
static void finish_function(ptx_parser *p)
{
    ptx_function *f = &p->funcs.v[p->fn];
    f->insns = p->insns.v;
    f->ninsns = (uint32_t)p->insns.n;
    f->vec = p->vec.v;
    f->nvec = (uint32_t)p->vec.n;
    f->labels = p->labels.v;
    f->nlabels = (uint32_t)p->labels.n;
    for (int b = 0; b < PTX_BANK_COUNT; b++) {
        f->regs[b] = p->regs[b].v;
        f->nregs[b] = (uint32_t)p->regs[b].n;
        memset(&p->regs[b], 0, sizeof p->regs[b]);
    }
    memset(&p->insns, 0, sizeof p->insns);
    memset(&p->vec, 0, sizeof p->vec);
    memset(&p->labels, 0, sizeof p->labels);
}

static void reset_function_state(ptx_parser *p)
{
    free(p->insns.v);
    free(p->vec.v);
    free(p->labels.v);
    memset(&p->insns, 0, sizeof p->insns);
    memset(&p->vec, 0, sizeof p->vec);
    memset(&p->labels, 0, sizeof p->labels);
    for (int b = 0; b < PTX_BANK_COUNT; b++) {
        free(p->regs[b].v);
        memset(&p->regs[b], 0, sizeof p->regs[b]);
    }
    free(p->fixups.v);
    memset(&p->fixups, 0, sizeof p->fixups);
    while (p->depth > 0) pop_scope(p);
    ptx_map_free(&p->label_map);
    p->fn = -1;
}

static cl_status parse_body(ptx_parser *p)
{
    const ptx_token open = p->tok;
    if (ptx_expect_punct(p, '{') != CL_OK) return p->st;
    int base = p->depth;
    p->cur_loc = 0;
    p->last_user_loc = 0;
    for (;;) {
        const ptx_token t = p->tok;
        if (t.kind == TK_EOF)
            return ptx_perr(p, CL_PTX, open.line, open.col, "function body is not closed");
        if (ptx_is_punct(&t, '{')) {
            ptx_advance(p);
            if (push_scope(p, &t) != CL_OK) return p->st;
        } else if (ptx_is_punct(&t, '}')) {
            ptx_advance(p);
            if (p->depth == base) break;
            pop_scope(p);
        } else if (t.kind == TK_DOT) {
            if (parse_body_directive(p) != CL_OK) return p->st;
        } else if (t.kind == TK_IDENT && ptx_is_punct(ptx_peek(p), ':')) {
            if (parse_label(p) != CL_OK) return p->st;
        } else if (t.kind == TK_IDENT || ptx_is_punct(&t, '@')) {
            if (ptx_parse_insn(p) != CL_OK) return p->st;
        } else {
            char b[64];
            ptx_tok_str(&t, b, sizeof b);
            return ptx_perr(p, CL_PTX, t.line, t.col, "unexpected '%s' in a function body", b);
        }
    }
    return resolve_fixups(p);
}

/* ---- function headers ---- */

static void layout_param(ptx_function *f, ptx_fparam *fp, const ptx_symbol *s, uint32_t *offset)
{
    unsigned align = s->align ? s->align : 1;
    fp->info.size = (unsigned)s->size;
    fp->info.align = align;
    *offset = (*offset + align - 1) & ~(align - 1);
    fp->info.offset = *offset;
    *offset += (uint32_t)s->size;
    ptx_type_kind k = ptx_type_kind_of((ptx_type)s->type);
    unsigned ts = ptx_type_size((ptx_type)s->type);
    if (s->size != ts)
        fp->info.kind = PTX_PARAM_BYTES;
    else if (k == PTX_K_FLOAT)
        fp->info.kind = ts == 8 ? PTX_PARAM_F64 : ts == 4 ? PTX_PARAM_F32 : PTX_PARAM_BYTES;
    else
        fp->info.kind = ts == 8 ? PTX_PARAM_U64 : ts == 4 ? PTX_PARAM_U32 : PTX_PARAM_BYTES;
    (void)f;
}

/* ( .param ... , .param ... ) into f's params or rets. */
static cl_status parse_param_list(ptx_parser *p, bool rets)
{
    if (ptx_expect_punct(p, '(') != CL_OK) return p->st;
    uint32_t offset = 0;
    if (ptx_accept_punct(p, ')')) return CL_OK;
    do {
        const ptx_token t = p->tok;
        if (!ptx_is_dot(&t, ".param"))
            return ptx_perr(p, CL_UNSUPPORTED, t.line, t.col,
                            "only .param parameters are supported");
        ptx_advance(p);
        uint32_t si;
        decl_attrs a;
        if (parse_attrs(p, &a) != CL_OK) return p->st;
        const ptx_token name = p->tok;
        if (name.kind != TK_IDENT)
            return ptx_perr(p, CL_PTX, name.line, name.col, "expected a parameter name");
        ptx_advance(p);
        uint64_t count = 1;
        while (ptx_accept_punct(p, '[')) {
            uint64_t n;
            if (expect_int(p, &n) != CL_OK || ptx_expect_punct(p, ']') != CL_OK) return p->st;
            count *= n;
        }
        ptx_symbol s = {0};
        s.name = cl_strndup(name.text, name.len);
        s.kind = PTX_SYM_VAR;
        s.space = PTX_SPACE_PARAM;
        s.type = (uint8_t)a.type;
        s.size = count * ptx_type_size(a.type);
        s.align = a.align ? a.align : ptx_type_size(a.type);
        s.func = p->fn;
        s.line = name.line;
        si = (uint32_t)p->syms.n;
        ptx_function *f = &p->funcs.v[p->fn];
        s.param = rets ? -2 - (int32_t)f->nrets : (int32_t)f->nparams;
        CL_VEC_PUSH(&p->syms, s);
        if (declare(p, &name, PTX_NAME_SYM(si)) != CL_OK) return p->st;
        ptx_fparam fp = { si, { p->syms.v[si].name, 0, 0, 0, 0 }, (uint8_t)a.type };
        layout_param(f, &fp, &p->syms.v[si], &offset);
        if (rets) {
            f->rets = cl_realloc(f->rets, (f->nrets + 1) * sizeof *f->rets);
            f->rets[f->nrets++] = fp;
        } else {
            f->params = cl_realloc(f->params, (f->nparams + 1) * sizeof *f->params);
            f->params[f->nparams++] = fp;
            f->param_size = offset;
        }
    } while (ptx_accept_punct(p, ','));
    return ptx_expect_punct(p, ')');
}

static cl_status parse_perf_directive(ptx_parser *p, ptx_function *f)
{
    const ptx_token t = p->tok;
    uint32_t *dst = NULL;
    unsigned maxn = 1;
    uint32_t dummy[3];
    if (ptx_is_dot(&t, ".maxntid")) dst = f->maxntid, maxn = 3;
    else if (ptx_is_dot(&t, ".reqntid")) dst = f->reqntid, maxn = 3;
    else if (ptx_is_dot(&t, ".minnctapersm")) dst = &f->minnctapersm;
    else if (ptx_is_dot(&t, ".maxnctapersm")) dst = dummy;
    else if (ptx_is_dot(&t, ".maxnreg")) dst = &f->maxnreg;
    else if (ptx_is_dot(&t, ".noreturn")) {
        ptx_advance(p);
        return CL_OK;
    } else if (ptx_is_dot(&t, ".pragma")) {
        while (p->tok.kind != TK_EOF && !ptx_is_punct(&p->tok, ';')) ptx_advance(p);
        return ptx_expect_punct(p, ';');
    } else {
        char b[64];
        ptx_tok_str(&t, b, sizeof b);
        return ptx_perr(p, CL_UNSUPPORTED, t.line, t.col, "unsupported function directive '%s'", b);
    }
    if (dst == dummy) maxn = 1;
    ptx_advance(p);
    unsigned n = 0;
    do {
        uint64_t v;
        if (expect_int(p, &v) != CL_OK) return p->st;
        if (n < maxn) dst[n] = (uint32_t)v;
        n++;
    } while (ptx_accept_punct(p, ','));
    return CL_OK;
}

static cl_status parse_function(ptx_parser *p, bool is_entry, bool is_extern, bool is_visible)
{
    cl_status st = CL_OK;
    bool ret_list = ptx_is_punct(&p->tok, '(');
    /* the return list comes before the name: parse it once the function exists */
    ptx_lexer save_lx = p->lx;
    ptx_token save_tok = p->tok;
    if (ret_list) { /* skip to find the name */
        int depth = 0;
        do {
            if (ptx_is_punct(&p->tok, '(')) depth++;
            if (ptx_is_punct(&p->tok, ')')) depth--;
            ptx_advance(p);
        } while (depth > 0 && p->tok.kind != TK_EOF);
    }
    const ptx_token name = p->tok;
    if (name.kind != TK_IDENT)
        return ptx_perr(p, CL_PTX, name.line, name.col, "expected a function name");
    uint64_t v;
    int32_t fi;
    if (ptx_map_get(&p->globals, name.text, name.len, &v)) {
        const ptx_symbol *s = &p->syms.v[PTX_NAME_INDEX(v)];
        if (s->kind != PTX_SYM_FUNC || p->funcs.v[s->func].has_body)
            return ptx_perr(p, CL_PTX, name.line, name.col, "'%s' is declared twice", s->name);
        fi = s->func; /* a prototype seen before: define it now (params again) */
        ptx_function *f = &p->funcs.v[fi];
        free(f->params);
        free(f->rets);
        f->params = f->rets = NULL;
        f->nparams = f->nrets = 0;
    } else {
        ptx_function f = {0};
        f.name = cl_strndup(name.text, name.len);
        char plain[512];
        ptx_demangle(f.name, plain, sizeof plain);
        f.plain = cl_strdup(plain);
        fi = (int32_t)p->funcs.n;
        CL_VEC_PUSH(&p->funcs, f);
        ptx_symbol s = {0};
        s.name = cl_strndup(name.text, name.len);
        s.kind = PTX_SYM_FUNC;
        s.func = fi;
        s.param = -1;
        s.line = name.line;
        uint32_t si = (uint32_t)p->syms.n;
        CL_VEC_PUSH(&p->syms, s);
        ptx_map_put(&p->globals, name.text, name.len, PTX_NAME_SYM(si));
    }
    ptx_function *f = &p->funcs.v[fi];
    f->is_entry = is_entry;
    f->is_extern = is_extern;
    f->is_visible = is_visible;
    f->line = name.line;
    p->fn = fi;
    if ((st = push_scope(p, &name)) != CL_OK) goto done;
    if (ret_list) {
        ptx_lexer after_lx = p->lx;
        ptx_token after_tok = p->tok;
        p->lx = save_lx;
        p->tok = save_tok;
        if ((st = parse_param_list(p, true)) != CL_OK) goto done;
        p->lx = after_lx;
        p->tok = after_tok;
    }
    ptx_advance(p); /* name */
    if (ptx_is_punct(&p->tok, '(') && (st = parse_param_list(p, false)) != CL_OK) goto done;
    while (p->tok.kind == TK_DOT)
        if ((st = parse_perf_directive(p, &p->funcs.v[fi])) != CL_OK) goto done;
    if (ptx_accept_punct(p, ';')) goto done; /* a prototype */
    p->funcs.v[fi].has_body = true;
    if ((st = parse_body(p)) != CL_OK) goto done;
    finish_function(p);
done:
    reset_function_state(p);
    return st;
}

/* ---- module ---- */

static cl_status parse_version(ptx_parser *p)
{
    ptx_advance(p);
    const ptx_token t = p->tok;
    if (t.kind == TK_FLOAT) {
        p->version = (unsigned)(t.fval * 10 + 0.5);
    } else if (t.kind == TK_INT) {
        p->version = (unsigned)t.ival * 10;
    } else {
        return ptx_perr(p, CL_PTX, t.line, t.col, "bad .version");
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
            return parse_function(p, t.text[1] == 'e', is_extern, is_visible);
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
            if (expect_int(p, &v) != CL_OK) return p->st;
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
