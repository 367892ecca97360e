/* batch_name.c - `--name-from PATTERN`: a student id from each path, by a
 * pattern with one capture (batch.h). No shell, no regex, no fnmatch: the
 * pattern is a list of tokens matched by a table, so any path takes time
 * proportional to its length times the pattern's, whatever it holds. */
#include "batch.h"

#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define PATTERN_MAX 256 /* bytes of a pattern */
#define PART_MAX 4096   /* bytes of one part of a path that is matched */

typedef enum tok_kind { TOK_CHAR, TOK_STAR, TOK_ID_FIRST, TOK_ID_REST, TOK_END } tok_kind;

typedef struct tok {
    tok_kind kind;
    char c;
} tok;

/* Why pattern is no pattern, or NULL. */
static const char *pattern_problem(const char *p)
{
    size_t len = strlen(p);
    int ids = 0;
    if (!len) return "is empty";
    if (len > PATTERN_MAX) return "is longer than 256 bytes";
    if (p[0] == '/') return "starts with '/': it matches the last parts of a path, so leave the start out";
    if (p[len - 1] == '/' || strstr(p, "//")) return "has an empty part";
    for (const char *q = p; *q; q++) {
        bool id = !strncmp(q, "{id}", 4);
        if (id && ++ids > 1) return "has {id} twice; it takes one";
        if (!id && (*q == '{' || *q == '}')) return "has a brace that is not part of {id}";
        if (*q == '*' && (q[1] == '*' || !strncmp(q + 1, "{id}", 4)))
            return "has two wildcards side by side ('**', '*{id}' or '{id}*'); put a character between them";
        if (id && q[4] == '*')
            return "has two wildcards side by side ('**', '*{id}' or '{id}*'); put a character between them";
        if (id) q += 3;
    }
    return ids ? NULL : "has no {id}: say where the student's id is, e.g. '{id}/*' or '{id}.cu'";
}

int batch_pattern_check(const char *pattern)
{
    const char *why = pattern_problem(pattern);
    if (!why) return CLI_PASSED;
    char *shown = batch_shown(pattern);
    cli_cannot("--name-from '%s' %s; see `cudalab batch --help`", shown, why);
    free(shown);
    return CLI_CANNOT;
}

/* The tokens of one part of a pattern (n bytes at p), TOK_END last. */
static tok *tokens(const char *p, size_t n, size_t *count)
{
    tok *t = cl_calloc(n + 2, sizeof *t);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!strncmp(p + i, "{id}", 4)) {
            t[k++].kind = TOK_ID_FIRST;
            t[k++].kind = TOK_ID_REST;
            i += 3;
        } else {
            t[k].kind = p[i] == '*' ? TOK_STAR : TOK_CHAR;
            t[k++].c = p[i];
        }
    }
    t[k].kind = TOK_END;
    *count = k;
    return t;
}

/* Whether tokens t match s (n bytes); where {id} is, its capture. reach[i][j]
 * says whether t from i matches s from j; the walk then takes the fewest
 * characters at each wildcard that still lets the rest match. */
static bool match_part(const tok *t, size_t nt, const char *s, size_t n, const char **id, size_t *idlen)
{
    size_t w = n + 1;
    bool *reach = cl_calloc((nt + 1) * w, sizeof *reach);
#define R(i, j) reach[(i) * w + (j)]
    R(nt, n) = true;
    for (size_t i = nt; i-- > 0;)
        for (size_t j = n + 1; j-- > 0;) {
            bool more = j < n;
            switch (t[i].kind) {
            case TOK_CHAR: R(i, j) = more && s[j] == t[i].c && R(i + 1, j + 1); break;
            case TOK_ID_FIRST: R(i, j) = more && R(i + 1, j + 1); break;
            default: R(i, j) = R(i + 1, j) || (more && R(i, j + 1)); break;
            }
        }
    bool ok = R(0, 0);
    for (size_t i = 0, j = 0; ok && i < nt;) {
        if (t[i].kind == TOK_ID_FIRST) *id = s + j;
        if ((t[i].kind == TOK_STAR || t[i].kind == TOK_ID_REST) && !R(i + 1, j)) {
            j++;
            continue;
        }
        if (t[i].kind == TOK_CHAR || t[i].kind == TOK_ID_FIRST) j++;
        if (t[i].kind == TOK_ID_REST) *idlen = (size_t)(s + j - *id);
        i++;
    }
#undef R
    free(reach);
    return ok;
}

/* The parts of a path or a pattern: split at '/', without "" and "." parts
 * (a pattern has none). */
typedef CL_VEC(const char *) part_list;
typedef CL_VEC(size_t) len_list;

static void split(const char *s, part_list *parts, len_list *lens)
{
    for (const char *p = s; *p;) {
        size_t n = strcspn(p, "/");
        if (n && !(n == 1 && *p == '.')) {
            CL_VEC_PUSH(parts, p);
            CL_VEC_PUSH(lens, n);
        }
        p += n + (p[n] == '/');
    }
}

char *batch_pattern_id(const char *pattern, const char *path)
{
    part_list pp = {0}, sp = {0};
    len_list pl = {0}, sl = {0};
    split(pattern, &pp, &pl);
    split(path, &sp, &sl);
    const char *id = NULL;
    size_t idlen = 0;
    bool ok = pp.n && sp.n >= pp.n;
    for (size_t i = 0; ok && i < pp.n; i++) {
        size_t at = sp.n - pp.n + i, nt;
        tok *t = tokens(pp.v[i], pl.v[i], &nt);
        ok = sl.v[at] <= PART_MAX && match_part(t, nt, sp.v[at], sl.v[at], &id, &idlen);
        free(t);
    }
    char *out = NULL;
    if (ok && id && idlen) {
        char *raw = cl_strndup(id, idlen);
        out = batch_shown(raw);
        free(raw);
    }
    free(pp.v);
    free(sp.v);
    free(pl.v);
    free(sl.v);
    return out;
}
