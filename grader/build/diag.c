/* diag.c - diagnostics out of nvcc's and ptxas's logs.
 *
 * nvcc's front end (EDG) writes a header line, then context lines indented
 * by spaces (the source line, a caret, "argument types are", "detected
 * during"), then a blank line; notes that belong to an error follow it with
 * headers of their own:
 *   /abs/shuffles.cu(4): error: identifier "factor" is undefined
 *   /abs/shuffles.cu(3): warning #177-D: variable "i" was declared but never referenced
 *   /usr/local/cuda/bin/../targets/x86_64-linux/include/sm_30_intrinsics.hpp(574): note #3326-D: ...
 * The host preprocessor (gcc) writes "path:LINE:COL: fatal error: message",
 * with "    1 | code" context; nvcc itself "nvcc fatal   : message"; ptxas
 * "ptxas error   : message" or "ptxas kernel.ptx, line 34; error   : message".
 * Counts ("1 error detected in ..."), remarks and "compilation terminated."
 * are dropped. */
#include "build_internal.h"

#include <ctype.h>
#include <pthread.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The line formats: one table, compiled once. */
enum {
    RX_EDG,       /* path(LINE): severity[ #CODE]: message */
    RX_GCC,       /* path:LINE:COL: severity: message */
    RX_GCC_NOCOL, /* path:LINE: severity: message */
    RX_TOOL,      /* nvcc fatal   : message; cc1plus: fatal error: message */
    RX_PTXAS_PTX, /* ptxas file.ptx, line N; error   : message */
    RX_SKIP,      /* lines that say nothing of their own */
    RX_COUNT
};
static const char *const rx_source[RX_COUNT] = {
    [RX_EDG] = "^(.+)\\(([0-9]+)\\): (catastrophic error|internal error|command-line error|"
               "error|warning|remark|note)( #([0-9]+(-D)?))?: (.*)$",
    [RX_GCC] = "^(.+):([0-9]+):([0-9]+): (fatal error|error|warning|note): (.*)$",
    [RX_GCC_NOCOL] = "^(.+):([0-9]+): (fatal error|error|warning|note): (.*)$",
    [RX_TOOL] = "^(nvcc|ptxas|cc1plus|cc1|cicc|cudafe\\+\\+|gcc|g\\+\\+|nvlink|fatbinary):? *"
                "(fatal error|fatal|error|warning) *: (.*)$",
    [RX_PTXAS_PTX] = "^ptxas (.+), line ([0-9]+); (fatal|error|warning) *: (.*)$",
    [RX_SKIP] = "^([0-9]+ (catastrophic )?errors? detected in the compilation of|"
                "Remark: The warnings can be suppressed|[Cc]ompilation terminated\\.|"
                "In file included from |ptxas info|nvcc info)",
};
static regex_t rx[RX_COUNT];
static pthread_once_t rx_once = PTHREAD_ONCE_INIT;

static void rx_compile(void)
{
    for (int i = 0; i < RX_COUNT; i++)
        if (regcomp(&rx[i], rx_source[i], REG_EXTENDED) != 0) abort(); /* a bug here */
}

#define MAX_GROUPS 8
typedef struct match {
    const char *line;
    regmatch_t m[MAX_GROUPS];
} match;

static bool rx_match(int which, const char *line, match *mt)
{
    mt->line = line;
    return regexec(&rx[which], line, MAX_GROUPS, mt->m, 0) == 0;
}

static char *group(const match *mt, int g) /* caller frees; "" when unset */
{
    if (mt->m[g].rm_so < 0) return cl_strdup("");
    return cl_strndup(mt->line + mt->m[g].rm_so, (size_t)(mt->m[g].rm_eo - mt->m[g].rm_so));
}

static int group_int(const match *mt, int g)
{
    char *s = group(mt, g);
    int v = atoi(s);
    free(s);
    return v;
}

static build_severity severity_of(const char *word)
{
    if (strstr(word, "error") || strstr(word, "fatal")) return BUILD_ERROR;
    if (strstr(word, "warning")) return BUILD_WARNING;
    return BUILD_NOTE;
}

/* A diagnostic being read: its context lines follow its header. */
typedef struct pending {
    bool active;
    build_diag d;    /* strings below */
    char *file;      /* as shown */
    char *abs;       /* where to read the original line; NULL: nowhere */
    char *code, *message;
    cl_str context;
    bool caret;      /* EDG: the column is the caret's */
} pending;

typedef struct parser {
    build_result *r;
    const build_paths *p;
    const char *tool;
    pending cur;
    int errors; /* from this log */
} parser;

/* Line n (1-based) of a file, without its newline; NULL when unreadable. */
static char *read_line(const char *path, int n)
{
    FILE *f = path && n > 0 ? fopen(path, "r") : NULL;
    if (!f) return NULL;
    cl_str b = {0};
    int c, line = 1;
    while ((c = fgetc(f)) != EOF && line <= n) {
        if (c == '\n') line++;
        else if (line == n && c != '\r') cl_str_addc(&b, (char)c);
    }
    fclose(f);
    if (line < n) {
        cl_str_free(&b);
        return NULL;
    }
    return b.s ? cl_str_take(&b) : cl_strdup("");
}

static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Offset of the k-th (0-based) occurrence of tok in s at or after from 0,
 * as a whole word when tok is an identifier; -1 when there is none. With
 * limit >= 0, instead count the occurrences that start before limit. */
static int find_token(const char *s, const char *tok, size_t n, int k, long limit)
{
    bool word = ident_char(tok[0]);
    int seen = 0;
    for (const char *p = s; (p = strstr(p, tok)) != NULL; p++) {
        if (limit >= 0 && p - s >= limit) break;
        if (word && ((p > s && ident_char(p[-1])) || ident_char(p[n]))) continue;
        if (limit < 0 && seen == k) return (int)(p - s);
        seen++;
    }
    return limit >= 0 ? seen : -1;
}

/* EDG prints the source line (indented by two, after macro expansion) and a
 * caret under the token. The column is that token's place in the original
 * line: the same occurrence of the same token. 0 when it cannot be told. */
static int caret_column(const char *context, const char *abs, int line)
{
    const char *printed = NULL, *prev = NULL;
    size_t printed_len = 0, prev_len = 0;
    long pos = -1;
    for (const char *l = context; *l && pos < 0;) {
        size_t len = strcspn(l, "\n"), sp = strspn(l, " ");
        if (sp + 1 == len && l[sp] == '^' && prev) {
            printed = prev;
            printed_len = prev_len;
            pos = (long)sp - 2; /* the caret's offset in the code */
        }
        prev = l;
        prev_len = len;
        l += len + (l[len] == '\n');
    }
    if (!printed || pos < 0 || printed_len < 2 || (size_t)pos >= printed_len - 2) return 0;
    char *code = cl_strndup(printed + 2, printed_len - 2);
    char *orig = read_line(abs, line);
    int col = 0;
    if (!orig || strcmp(code, orig) == 0) {
        col = (int)pos + 1;
    } else {
        size_t n = 1;
        while (ident_char(code[pos]) && ident_char(code[pos + (long)n])) n++;
        char *tok = cl_strndup(code + pos, n);
        int k = find_token(code, tok, n, 0, pos);
        int at = find_token(orig, tok, n, k, -1);
        col = at >= 0 ? at + 1 : 0;
        free(tok);
    }
    free(code);
    free(orig);
    return col;
}

/* s with every from replaced by to. Caller frees. */
static char *replace_all(const char *s, const char *from, const char *to)
{
    cl_str b = {0};
    size_t n = from ? strlen(from) : 0;
    for (const char *hit; n && (hit = strstr(s, from)) != NULL; s = hit + n) {
        cl_str_addn(&b, s, (size_t)(hit - s));
        cl_str_add(&b, to);
    }
    cl_str_add(&b, s);
    return cl_str_take(&b);
}

static void start(parser *ps, const char *printed, int line, int col, build_severity sev,
                  const char *code, const char *msg, bool caret)
{
    pending *c = &ps->cur;
    c->active = true;
    c->d = (build_diag){.line = line, .column = col, .severity = sev};
    if (printed && printed[0]) {
        c->d.origin = build_classify_path(printed, ps->p, &c->file);
        /* The original line is read from the file nvcc read (in the scratch
         * folder); the student's own file stands in for the source's copy
         * when that is gone. Never a file of the same name elsewhere. */
        c->abs = build_normalize_path(printed, ps->p->cwd);
        if (!cl_file_exists(c->abs) && c->d.origin == BUILD_IN_SOURCE) {
            free(c->abs);
            c->abs = cl_strdup(ps->p->given);
        }
    } else {
        c->d.origin = BUILD_NO_FILE;
        c->file = cl_strdup("");
    }
    c->code = cl_strdup(code ? code : "");
    c->message = replace_all(msg, ps->p->compiled, ps->p->given);
    c->caret = caret;
}

static void flush(parser *ps)
{
    pending *c = &ps->cur;
    if (!c->active) return;
    const char *ctx = cl_str_cstr(&c->context);
    bool kept = ps->r->diags.n < BUILD_MAX_DIAGS; /* else build_add_diag drops it */
    if (kept && c->caret && c->d.line > 0) c->d.column = caret_column(ctx, c->abs, c->d.line);
    c->d.file = c->file;
    c->d.code = c->code;
    c->d.message = c->message;
    c->d.context = ctx;
    c->d.tool = ps->tool;
    build_add_diag(ps->r, &c->d);
    ps->errors += c->d.severity == BUILD_ERROR;
    free(c->file);
    free(c->abs);
    free(c->code);
    free(c->message);
    cl_str_free(&c->context);
    memset(c, 0, sizeof *c);
}

/* The path of `.file N "path"` in the PTX; NULL when absent. Caller frees. */
static char *ptx_file(const char *ptx, int n)
{
    for (const char *l = ptx; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        int k;
        const char *s = l + strspn(l, " \t");
        if (strncmp(s, ".file", 5) != 0 || sscanf(s + 5, "%d", &k) != 1 || k != n) continue;
        const char *q = strchr(s, '"'), *e = q ? strchr(q + 1, '"') : NULL;
        if (e) return cl_strndup(q + 1, (size_t)(e - q - 1));
    }
    return NULL;
}

/* Parse `.loc F L C` at l; true when it is one. */
static bool ptx_loc(const char *l, int *f, int *line, int *col)
{
    const char *s = l + strspn(l, " \t");
    return strncmp(s, ".loc", 4) == 0 && sscanf(s + 4, "%d %d %d", f, line, col) == 3;
}

/* Where PTX line n came from: the last .loc before it; or, with after set,
 * the first .loc after the line that contains after (an entry's header). */
static char *ptx_place(const char *ptx, int n, const char *after, int *line, int *col)
{
    int f = 0, cur = 1;
    bool armed = after == NULL;
    for (const char *l = ptx; *l && (after || cur < n); cur++) {
        size_t len = strcspn(l, "\n");
        int ff, ll, cc;
        if (!armed && memmem(l, len, after, strlen(after))) {
            armed = true;
        } else if (armed && ptx_loc(l, &ff, &ll, &cc)) {
            f = ff, *line = ll, *col = cc;
            if (after) break;
        }
        l += len + (l[len] == '\n');
    }
    return f ? ptx_file(ptx, f) : NULL;
}

/* ptxas names kernels mangled and sizes in hex: "Entry function '_Z3hogPf'
 * uses too much shared data (0x20000 bytes, 0xc000 max)" becomes "Entry
 * function 'hog(float*)' uses too much shared data (131072 bytes, 49152
 * max)". *mangled gets the name (caller frees), or NULL. */
static char *polish_ptxas(const char *msg, char **mangled)
{
    cl_str b = {0};
    *mangled = NULL;
    for (const char *s = msg; *s;) {
        const char *e = s[0] == '\'' && s[1] == '_' && s[2] == 'Z' ? strchr(s + 1, '\'') : NULL;
        char *nice = NULL;
        if (e && !*mangled) {
            *mangled = cl_strndup(s + 1, (size_t)(e - s - 1));
            nice = cl_demangle(*mangled);
        }
        if (nice) {
            cl_str_addf(&b, "'%s'", nice);
            free(nice);
            s = e + 1;
        } else if (s[0] == '0' && s[1] == 'x' && isxdigit((unsigned char)s[2]) &&
                   (s == msg || !ident_char(s[-1]))) {
            char *end;
            unsigned long long v = strtoull(s, &end, 16);
            cl_str_addf(&b, "%llu", v);
            s = end;
        } else {
            cl_str_addc(&b, *s++);
        }
    }
    return b.s ? cl_str_take(&b) : cl_strdup("");
}

/* ptxas: "ptxas error   : message" and "ptxas kernel.ptx, line 34; error : message" */
static void ptxas_header(parser *ps, const char *word, const char *msg, int ptx_line)
{
    build_severity sev = severity_of(word);
    if (sev == BUILD_ERROR && ps->errors > 0 && strstr(msg, "aborted due to errors")) return;
    char *mangled = NULL, *nice = polish_ptxas(msg, &mangled);
    int line = 0, col = 0;
    char *file = NULL;
    if (ps->p->ptx && ptx_line > 0) {
        file = ptx_place(ps->p->ptx, ptx_line, NULL, &line, &col);
    } else if (ps->p->ptx && mangled) {
        char *entry = cl_sprintf(".entry %s(", mangled);
        file = ptx_place(ps->p->ptx, 0, entry, &line, &col);
        free(entry);
        col = 0; /* the kernel's first line, not a token on it */
    }
    if (!file && ptx_line > 0) {
        char *m = cl_sprintf("PTX line %d: %s", ptx_line, nice);
        free(nice);
        nice = m;
    }
    start(ps, file, file ? line : 0, file ? col : 0, sev, "", nice, false);
    free(file);
    free(mangled);
    free(nice);
}

static void header(parser *ps, const char *line)
{
    match mt;
    char *a = NULL, *b = NULL, *c = NULL, *d = NULL;
    if (rx_match(RX_SKIP, line, &mt)) return;
    if (rx_match(RX_PTXAS_PTX, line, &mt)) {
        ptxas_header(ps, (a = group(&mt, 3)), (b = group(&mt, 4)), group_int(&mt, 2));
    } else if (rx_match(RX_TOOL, line, &mt)) {
        a = group(&mt, 1);
        if (strcmp(a, "ptxas") == 0) ptxas_header(ps, (b = group(&mt, 2)), (c = group(&mt, 3)), 0);
        else start(ps, NULL, 0, 0, severity_of((b = group(&mt, 2))), "", (c = group(&mt, 3)), false);
    } else if (rx_match(RX_EDG, line, &mt)) {
        a = group(&mt, 1), b = group(&mt, 3), c = group(&mt, 5), d = group(&mt, 7);
        start(ps, a, group_int(&mt, 2), 0, severity_of(b), c, d, true);
    } else if (rx_match(RX_GCC, line, &mt)) {
        a = group(&mt, 1), b = group(&mt, 4), c = group(&mt, 5);
        start(ps, a, group_int(&mt, 2), group_int(&mt, 3), severity_of(b), "", c, false);
    } else if (rx_match(RX_GCC_NOCOL, line, &mt)) {
        a = group(&mt, 1), b = group(&mt, 3), c = group(&mt, 4);
        start(ps, a, group_int(&mt, 2), 0, severity_of(b), "", c, false);
    }
    free(a);
    free(b);
    free(c);
    free(d);
}

static void feed(parser *ps, const char *line)
{
    if (!line[0] || (line[0] != ' ' && line[0] != '\t')) flush(ps);
    if (!line[0]) return;
    if (line[0] == ' ' || line[0] == '\t') {
        if (!ps->cur.active) return;
        if (ps->cur.context.len) cl_str_addc(&ps->cur.context, '\n');
        cl_str_add(&ps->cur.context, line);
        return;
    }
    header(ps, line);
}

static void parse_log(build_result *r, const char *log, const build_paths *p, const char *tool)
{
    pthread_once(&rx_once, rx_compile);
    parser ps = {.r = r, .p = p, .tool = tool};
    for (const char *l = log; l && *l;) {
        size_t len = strcspn(l, "\n");
        char *line = cl_strndup(l, len);
        if (len && line[len - 1] == '\r') line[len - 1] = '\0';
        feed(&ps, line);
        free(line);
        l += len + (l[len] == '\n');
    }
    flush(&ps);
}

void build_parse_nvcc_log(build_result *r, const char *log, const build_paths *p)
{
    parse_log(r, log, p, "nvcc");
}

void build_parse_ptxas_log(build_result *r, const char *log, const build_paths *p)
{
    parse_log(r, log, p, "ptxas");
}
