/* parse_func.c - functions: .entry and .func headers (parameters, return
 * parameters, performance directives), prototypes, and bodies (nested
 * scopes, register and variable declarations, labels, instructions). */
#include "ptx/parse.h"

#include "core/demangle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
        if (ptx_parse_attrs(p, &a) != CL_OK) return p->st;
        const ptx_token name = p->tok;
        if (name.kind != TK_IDENT)
            return ptx_perr(p, CL_PTX, name.line, name.col, "expected a parameter name");
        ptx_advance(p);
        uint64_t count = 1;
        while (ptx_accept_punct(p, '[')) {
            uint64_t n;
            if (ptx_expect_int(p, &n) != CL_OK || ptx_expect_punct(p, ']') != CL_OK) return p->st;
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
        if (ptx_declare(p, &name, PTX_NAME_SYM(si)) != CL_OK) return p->st;
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
        if (ptx_expect_int(p, &v) != CL_OK) return p->st;
        if (n < maxn) dst[n] = (uint32_t)v;
        n++;
    } while (ptx_accept_punct(p, ','));
    return CL_OK;
}

cl_status ptx_parse_function(ptx_parser *p, bool is_entry, bool is_extern, bool is_visible)
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
        f.plain = cl_demangle_name(f.name);
        if (strlen(f.plain) > 511) f.plain[511] = '\0'; /* the cap the name always had */
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

