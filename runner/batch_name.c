/* batch_name.c - `--name-from PATTERN`: a student id from each path, by a
 * pattern with one capture (batch.h). No shell, no regex, no fnmatch: the
 * pattern is a list of tokens matched by a table, so any path takes time
 * proportional to its length times the pattern's, whatever it holds. */
#include "batch.h"

#include <stdio.h>
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

/* ---- one id for several files ---- */

typedef struct named {
    char *id, *file;     /* the id; the file the path names (realpath, else the path) */
    const batch_sub *s;
} named;

static int by_id(const void *a, const void *b)
{
    const named *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    if (!c) c = strcmp(x->file, y->file);
    return c ? c : strcmp(x->s->shown, y->s->shown);
}

/* Whether pattern gives each file of g (n, one entry a file) an id of its own. */
static bool tells_apart(const char *pattern, const named *g, size_t n)
{
    char **ids = cl_calloc(n + 1, sizeof *ids);
    bool apart = true;
    for (size_t i = 0; i < n && apart; i++) {
        ids[i] = batch_pattern_id(pattern, g[i].s->path);
        apart = ids[i] != NULL;
        for (size_t j = 0; j < i && apart; j++) apart = strcmp(ids[i], ids[j]) != 0;
    }
    for (size_t i = 0; i < n; i++) free(ids[i]);
    free(ids);
    return apart;
}

/* A pattern that tells the files of g apart: {id} over the last part where
 * they differ ({id}.cu or {id} for the file's name; for its folder {id}
 * and one slash-star, a part further up one more), or NULL when none of the
 * last eight parts does (caller frees). */
static char *apart_pattern(const named *g, size_t n)
{
    bool all_cu = true;
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(g[i].s->path);
        all_cu = all_cu && len > 3 && !strcmp(g[i].s->path + len - 3, ".cu");
    }
    char *found = all_cu && tells_apart("{id}.cu", g, n) ? cl_strdup("{id}.cu") : NULL;
    cl_str p = {0};
    cl_str_add(&p, "{id}");
    for (int up = 0; up < 8 && !found; up++, cl_str_add(&p, "/*"))
        if (tells_apart(cl_str_cstr(&p), g, n)) found = cl_strdup(cl_str_cstr(&p));
    cl_str_free(&p);
    return found;
}

/* One line on stderr for the files of g (n of them, sorted by file), which
 * share one id. */
static void warn_group(const char *pattern, const named *g, size_t n, size_t files)
{
    cl_str paths = {0};
    size_t listed = 0;
    for (size_t i = 0; i < n && listed < 3; i++)
        if (!i || strcmp(g[i].file, g[i - 1].file)) cl_str_addf(&paths, "%s%s", listed++ ? ", " : "", g[i].s->shown);
    if (files > listed) cl_str_addf(&paths, " and %zu more", files - listed);
    named *one = cl_calloc(files + 1, sizeof *one); /* a path a file, for apart_pattern */
    for (size_t i = 0, k = 0; i < n; i++)
        if (!i || strcmp(g[i].file, g[i - 1].file)) one[k++] = g[i];
    char *apart = apart_pattern(one, files), *shown = apart ? batch_shown(apart) : NULL;
    fprintf(stderr, "cudalab: --name-from '%s' gives %zu files the one id '%s' (%s); each keeps its own row, "
            "but their student cells are alike: %s%s%s\n", pattern, files, g[0].id, cl_str_cstr(&paths),
            shown ? "--name-from '" : "no pattern of their paths' last parts tells them apart",
            shown ? shown : "", shown ? "' would tell them apart" : "");
    free(shown);
    free(apart);
    free(one);
    cl_str_free(&paths);
}

void batch_warn_shared_ids(const batch *b)
{
    size_t n = 0, groups = 0;
    named *all = cl_calloc(b->subs.n + 1, sizeof *all);
    for (size_t i = 0; i < b->subs.n; i++) {
        char *id = batch_pattern_id(b->name_from, b->subs.v[i].path), *real = realpath(b->subs.v[i].path, NULL);
        if (id) all[n++] = (named){id, real ? real : cl_strdup(b->subs.v[i].path), &b->subs.v[i]};
        else free(real);
    }
    qsort(all, n, sizeof *all, by_id);
    char *pattern = batch_shown(b->name_from);
    for (size_t i = 0, end; i < n; i = end) {
        size_t files = 1;
        for (end = i + 1; end < n && !strcmp(all[end].id, all[i].id); end++)
            files += strcmp(all[end].file, all[end - 1].file) != 0;
        if (files < 2) continue;
        if (groups++ < 5) warn_group(pattern, all + i, end - i, files);
    }
    if (groups > 5)
        fprintf(stderr, "cudalab: --name-from '%s' gives one id to several files for %zu more ids\n", pattern,
                groups - 5);
    for (size_t i = 0; i < n; i++) {
        free(all[i].id);
        free(all[i].file);
    }
    free(all);
    free(pattern);
}
