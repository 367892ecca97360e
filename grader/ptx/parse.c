/* parse.c - ptx_parse: runs the parser over the text and hands over the
 * module; the token helpers every parse_*.c file uses. */
#include "ptx/parse.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

cl_status ptx_perr(ptx_parser *p, cl_status st, uint32_t line, uint32_t col, const char *fmt, ...)
{
    if (p->st != CL_OK) return p->st;
    p->st = st;
    if (p->err) {
        char msg[sizeof p->err->message];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        cl_fail(p->err, st, p->name, (int)line, (int)col, "%s", msg);
    }
    return st;
}

void ptx_advance(ptx_parser *p)
{
    if (p->has_ahead) {
        p->tok = p->ahead;
        p->has_ahead = false;
        return;
    }
    ptx_lex_next(&p->lx, &p->tok);
}

const ptx_token *ptx_peek(ptx_parser *p)
{
    if (!p->has_ahead) {
        ptx_lex_next(&p->lx, &p->ahead);
        p->has_ahead = true;
    }
    return &p->ahead;
}

bool ptx_is_punct(const ptx_token *t, char c)
{
    return t->kind == TK_PUNCT && t->c == c;
}

bool ptx_is_dot(const ptx_token *t, const char *word)
{
    return t->kind == TK_DOT && t->len == strlen(word) && memcmp(t->text, word, t->len) == 0;
}

bool ptx_accept_punct(ptx_parser *p, char c)
{
    if (!ptx_is_punct(&p->tok, c)) return false;
    ptx_advance(p);
    return true;
}

void ptx_tok_str(const ptx_token *t, char *buf, size_t n)
{
    if (t->kind == TK_EOF) {
        snprintf(buf, n, "end of file");
        return;
    }
    size_t len = t->len ? t->len : 1;
    if (len > n - 1) len = n - 1;
    snprintf(buf, n, "%.*s", (int)len, t->text);
}

cl_status ptx_expect_punct(ptx_parser *p, char c)
{
    if (ptx_accept_punct(p, c)) return CL_OK;
    char b[64];
    ptx_tok_str(&p->tok, b, sizeof b);
    return ptx_perr(p, CL_PTX, p->tok.line, p->tok.col, "expected '%c', found '%s'", c, b);
}

static void free_symbols(ptx_symbol *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(s[i].name);
        free(s[i].init);
        free(s[i].relocs);
    }
    free(s);
}

static void free_functions(ptx_function *f, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(f[i].name);
        free(f[i].plain);
        free(f[i].params);
        free(f[i].rets);
        for (int b = 0; b < PTX_BANK_COUNT; b++) free(f[i].regs[b]);
        free(f[i].insns);
        free(f[i].vec);
        free(f[i].labels);
    }
    free(f);
}

void ptx_module_free(ptx_module *m)
{
    if (!m) return;
    free(m->name);
    free_symbols(m->syms, m->nsyms);
    free_functions(m->funcs, m->nfuncs);
    free(m->entries);
    for (uint32_t i = 0; i < m->nfiles; i++) free(m->files[i]);
    free(m->files);
    free(m->locs);
    free(m->names);
    free(m);
}

static void parser_free(ptx_parser *p)
{
    free_symbols(p->syms.v, p->syms.n);
    free_functions(p->funcs.v, p->funcs.n);
    for (size_t i = 0; i < p->files.n; i++) free(p->files.v[i]);
    free(p->files.v);
    free(p->locs.v);
    cl_str_free(&p->names);
    ptx_map_free(&p->globals);
    free(p->insns.v);
    free(p->vec.v);
    free(p->labels.v);
    free(p->fixups.v);
    for (int b = 0; b < PTX_BANK_COUNT; b++) free(p->regs[b].v);
    while (p->depth > 0) ptx_map_free(&p->scopes[--p->depth]);
    ptx_map_free(&p->label_map);
}

/* Every called function must have a body (the machine's own excepted) and every
 * .entry must be defined. */
static cl_status check_module(ptx_parser *p)
{
    for (size_t i = 0; i < p->funcs.n; i++) {
        const ptx_function *f = &p->funcs.v[i];
        if (f->has_body || ptx_builtin_function(f->name)) continue;
        for (size_t j = 0; j < p->funcs.n; j++) {
            const ptx_function *g = &p->funcs.v[j];
            for (uint32_t k = 0; k < g->ninsns; k++) {
                const ptx_insn *in = &g->insns[k];
                if (in->op != PTX_OP_call || in->opd[0].index != i) continue;
                if (!strcmp(f->name, "malloc") || !strcmp(f->name, "free"))
                    return ptx_perr(p, CL_UNSUPPORTED, in->line, 0,
                                    "device-side %s() is not supported: the emulator has no device "
                                    "heap; use the buffers the day passes in (PTX line %u)",
                                    f->name, in->line);
                return ptx_perr(p, CL_UNSUPPORTED, in->line, 0,
                                "call of '%s', which has no body in the module: the emulator runs "
                                "only device code compiled from your file (PTX line %u)",
                                f->name, in->line);
            }
        }
    }
    return CL_OK;
}

static ptx_module *take_module(ptx_parser *p, const char *name)
{
    static atomic_uint_fast64_t next_id = 1;
    ptx_module *m = cl_calloc(1, sizeof *m);
    m->id = atomic_fetch_add(&next_id, 1);
    m->name = cl_strdup(name);
    m->version = p->version;
    m->target = p->target;
    m->address_size = p->address_size ? p->address_size : 64;
    m->syms = p->syms.v;
    m->nsyms = (uint32_t)p->syms.n;
    m->funcs = p->funcs.v;
    m->nfuncs = (uint32_t)p->funcs.n;
    m->files = p->files.v;
    m->nfiles = (uint32_t)p->files.n;
    m->locs = p->locs.v;
    m->nlocs = (uint32_t)p->locs.n;
    m->names_len = p->names.len;
    m->names = cl_str_take(&p->names);
    memset(&p->syms, 0, sizeof p->syms);
    memset(&p->funcs, 0, sizeof p->funcs);
    memset(&p->files, 0, sizeof p->files);
    memset(&p->locs, 0, sizeof p->locs);
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        if (!m->funcs[i].is_entry || !m->funcs[i].has_body) continue;
        m->entries = cl_realloc(m->entries, (m->nentries + 1) * sizeof *m->entries);
        m->entries[m->nentries++] = i;
    }
    return m;
}

cl_status ptx_parse(const char *text, size_t len, const char *name, ptx_module **out,
                    cl_error *err)
{
    ptx_parser *p = cl_calloc(1, sizeof *p);
    cl_status st;
    *out = NULL;
    p->name = name ? name : "<ptx>";
    p->err = err;
    p->fn = -1;
    ptx_lex_init(&p->lx, text, len);
    ptx_loc none = {0};
    CL_VEC_PUSH(&p->locs, none);
    cl_str_addc(&p->names, '\0');
    ptx_advance(p);
    if ((st = ptx_parse_module(p)) != CL_OK) goto done;
    if ((st = check_module(p)) != CL_OK) goto done;
    ptx_resolve_locs(p);
    *out = take_module(p, p->name);
done:
    parser_free(p);
    free(p);
    return st;
}

static bool is_directive(const ptx_token *t, const char *name)
{
    return t->kind == TK_DOT && t->len == strlen(name) && memcmp(t->text, name, t->len) == 0;
}

bool ptx_user_location(const char *text, size_t len, uint32_t ptx_line, char **file,
                       uint32_t *line)
{
    ptx_parser *p = cl_calloc(1, sizeof *p);
    ptx_loc none = {0};
    uint32_t at = 0;
    bool found = false;
    *file = NULL;
    *line = 0;
    p->name = "<ptx>";
    p->fn = -1;
    ptx_lex_init(&p->lx, text, len);
    CL_VEC_PUSH(&p->locs, none);
    cl_str_addc(&p->names, '\0');
    ptx_advance(p);
    while (p->tok.kind != TK_EOF && p->st == CL_OK) {
        uint32_t tline = p->tok.line;
        if (is_directive(&p->tok, ".loc")) {
            ptx_parse_loc(p);
            if (tline <= ptx_line) at = p->cur_loc;
        } else if (is_directive(&p->tok, ".file")) {
            ptx_parse_file_directive(p);
        } else {
            ptx_advance(p);
        }
    }
    if (at) {
        ptx_resolve_locs(p);
        const ptx_loc *l = &p->locs.v[at];
        if (l->ufile < p->files.n && p->files.v[l->ufile] && l->uline) {
            *file = cl_strdup(p->files.v[l->ufile]);
            *line = l->uline;
            found = true;
        }
    }
    parser_free(p);
    free(p);
    return found;
}

cl_status ptx_parse_file(const char *path, ptx_module **out, cl_error *err)
{
    char *text = NULL;
    size_t len = 0;
    cl_status st = cl_read_file(path, &text, &len, err);
    if (st == CL_OK) {
        const char *base = strrchr(path, '/');
        st = ptx_parse(text, len, base ? base + 1 : path, out, err);
    }
    free(text);
    return st;
}
