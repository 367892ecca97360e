/* parse_loc.c - .file and .loc: where each instruction came from. A .loc in a
 * CUDA header (an inlined intrinsic) is reported at the user's line: the
 * first location, walking out along inlined_at, that lies in a user file. */
#include "ptx/parse.h"

#include <stdlib.h>
#include <string.h>

bool ptx_is_system_file(const char *path)
{
    if (!path) return false;
    return strstr(path, "/targets/") != NULL || strstr(path, "/cuda/include/") != NULL ||
           strstr(path, "/crt/") != NULL ||
           (strstr(path, "cuda") != NULL && strstr(path, "/include/") != NULL);
}

static cl_status expect_uint(ptx_parser *p, uint32_t *v)
{
    if (p->tok.kind != TK_INT)
        return ptx_perr(p, CL_PTX, p->tok.line, p->tok.col, "expected a number in .loc/.file");
    *v = (uint32_t)p->tok.ival;
    ptx_advance(p);
    return CL_OK;
}

/* .file N "path" [, timestamp, size] */
cl_status ptx_parse_file_directive(ptx_parser *p)
{
    ptx_advance(p);
    uint32_t n = 0;
    if (expect_uint(p, &n) != CL_OK) return p->st;
    if (p->tok.kind != TK_STRING)
        return ptx_perr(p, CL_PTX, p->tok.line, p->tok.col, "expected a path after .file %u", n);
    if (n > 100000) return ptx_perr(p, CL_LIMIT, p->tok.line, p->tok.col, "file index too large");
    while (p->files.n <= n) CL_VEC_PUSH(&p->files, NULL);
    free(p->files.v[n]);
    p->files.v[n] = cl_strndup(p->tok.text, p->tok.len);
    ptx_advance(p);
    while (ptx_accept_punct(p, ',')) {
        if (p->tok.kind != TK_INT)
            return ptx_perr(p, CL_PTX, p->tok.line, p->tok.col, "bad .file attribute");
        ptx_advance(p);
    }
    return CL_OK;
}

/* .loc f l c [, function_name label[+n]] [, inlined_at f l c] */
cl_status ptx_parse_loc(ptx_parser *p)
{
    ptx_advance(p);
    ptx_loc l = {0};
    if (expect_uint(p, &l.file) != CL_OK || expect_uint(p, &l.line) != CL_OK ||
        expect_uint(p, &l.col) != CL_OK)
        return p->st;
    uint32_t ifile = 0, iline = 0, icol = 0;
    while (ptx_accept_punct(p, ',')) {
        const ptx_token t = p->tok;
        if (t.kind == TK_IDENT && t.len == 13 && memcmp(t.text, "function_name", 13) == 0) {
            ptx_advance(p);
            if (p->tok.kind != TK_IDENT)
                return ptx_perr(p, CL_PTX, t.line, t.col, "expected a label after function_name");
            ptx_advance(p);
            if (ptx_accept_punct(p, '+')) ptx_advance(p);
        } else if (t.kind == TK_IDENT && t.len == 10 && memcmp(t.text, "inlined_at", 10) == 0) {
            ptx_advance(p);
            if (expect_uint(p, &ifile) != CL_OK || expect_uint(p, &iline) != CL_OK ||
                expect_uint(p, &icol) != CL_OK)
                return p->st;
        } else {
            return ptx_perr(p, CL_PTX, t.line, t.col, "unexpected attribute in .loc");
        }
    }
    /* ufile/uline are filled by ptx_resolve_locs; keep the inlined_at for it */
    l.ufile = ifile;
    l.uline = iline;
    l.pfile = ifile;
    (void)icol;
    /* a line 0 location is compiler-made code: keep the last real line */
    if (l.line == 0 && p->last_user_loc) {
        p->cur_loc = p->last_user_loc;
        return CL_OK;
    }
    /* reuse the previous entry when identical */
    if (p->locs.n > 1) {
        const ptx_loc *q = &p->locs.v[p->locs.n - 1];
        if (q->file == l.file && q->line == l.line && q->col == l.col && q->ufile == l.ufile &&
            q->uline == l.uline && q->pfile == l.pfile) {
            p->cur_loc = (uint32_t)p->locs.n - 1;
            p->last_user_loc = p->cur_loc;
            return CL_OK;
        }
    }
    CL_VEC_PUSH(&p->locs, l);
    p->cur_loc = (uint32_t)p->locs.n - 1;
    if (l.line) p->last_user_loc = p->cur_loc;
    return CL_OK;
}

static bool is_user(const ptx_parser *p, uint32_t file)
{
    return file < p->files.n && p->files.v[file] && !ptx_is_system_file(p->files.v[file]);
}

/* Replace (ufile, uline) = inlined_at by the user location. The .file table
 * comes at the end of the module, so this runs after parsing. */
void ptx_resolve_locs(ptx_parser *p)
{
    size_t n = p->locs.n;
    uint32_t *inl_file = cl_calloc(n, sizeof *inl_file);
    uint32_t *inl_line = cl_calloc(n, sizeof *inl_line);
    for (size_t i = 0; i < n; i++) {
        inl_file[i] = p->locs.v[i].ufile;
        inl_line[i] = p->locs.v[i].uline;
    }
    for (size_t i = 1; i < n; i++) {
        ptx_loc *l = &p->locs.v[i];
        uint32_t f = l->file, ln = l->line;
        uint32_t nf = inl_file[i], nl = inl_line[i];
        /* walk out while we are in a system file and there is somewhere to go */
        for (int hops = 0; !is_user(p, f) && nl && hops < 16; hops++) {
            f = nf;
            ln = nl;
            nf = 0;
            nl = 0;
            /* the frame's nearest location before this one (a header line
               inlined in several places, as a grid sync in two kernels, has
               one location each), else the first after it */
            size_t at = 0;
            for (size_t j = i; j >= 1 && !at; j--)
                if (p->locs.v[j].file == f && p->locs.v[j].line == ln && inl_line[j]) at = j;
            for (size_t j = i + 1; j < n && !at; j++)
                if (p->locs.v[j].file == f && p->locs.v[j].line == ln && inl_line[j]) at = j;
            if (at) {
                nf = inl_file[at];
                nl = inl_line[at];
            }
        }
        l->ufile = f;
        l->uline = ln;
    }
    free(inl_file);
    free(inl_line);
}
