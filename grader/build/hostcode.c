/* hostcode.c - a cheap look for host code in the student's file: a
 * definition of main(), outside comments, strings, character literals and
 * preprocessor lines. cudalab never runs host code; the student is told so. */
#include "build_internal.h"

#include <ctype.h>
#include <string.h>

typedef struct scan {
    const char *s;
    size_t i, len;
    int line;
} scan;

static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Skip what cannot hold code at s->i: a comment, a string or character
 * literal, a preprocessor line. True when something was skipped. */
static bool skip_non_code(scan *s, bool line_start)
{
    const char *p = s->s;
    size_t i = s->i;
    if (p[i] == '/' && i + 1 < s->len && p[i + 1] == '/') {
        while (i < s->len && p[i] != '\n') i++;
    } else if (p[i] == '/' && i + 1 < s->len && p[i + 1] == '*') {
        for (i += 2; i < s->len && !(p[i] == '*' && i + 1 < s->len && p[i + 1] == '/'); i++)
            s->line += p[i] == '\n';
        i += 2;
    } else if (p[i] == '"' || p[i] == '\'') {
        char q = p[i];
        for (i++; i < s->len && p[i] != q && p[i] != '\n'; i++)
            if (p[i] == '\\' && i + 1 < s->len && p[i + 1] != '\n') i++;
        if (i < s->len && p[i] == q) i++; /* unterminated: stop at the newline */
    } else if (p[i] == '#' && line_start) {
        for (; i < s->len && p[i] != '\n'; i++) {
            if (p[i] == '\\' && i + 1 < s->len && p[i + 1] == '\n') {
                s->line++;
                i++;
            }
        }
    } else {
        return false;
    }
    s->i = i < s->len ? i : s->len;
    return true;
}

int build_find_main(const char *src, size_t len)
{
    scan s = {src, 0, len, 1};
    bool line_start = true;
    char prev[16] = ""; /* the identifier just before, if the last token was one */
    while (s.i < s.len) {
        char c = src[s.i];
        if (c == '\n') { s.line++; line_start = true; s.i++; continue; }
        if (isspace((unsigned char)c)) { s.i++; continue; }
        if (skip_non_code(&s, line_start)) continue;
        line_start = false;
        if (!ident_char(c)) { prev[0] = '\0'; s.i++; continue; }
        size_t start = s.i;
        while (s.i < s.len && ident_char(src[s.i])) s.i++;
        size_t n = s.i - start;
        bool is_main = n == 4 && memcmp(src + start, "main", 4) == 0;
        if (is_main && (!strcmp(prev, "int") || !strcmp(prev, "void") || !strcmp(prev, "auto"))) {
            size_t j = s.i;
            while (j < s.len && isspace((unsigned char)src[j])) j++;
            if (j < s.len && src[j] == '(') return s.line;
        }
        if (n < sizeof prev) {
            memcpy(prev, src + start, n);
            prev[n] = '\0';
        } else {
            prev[0] = '\0';
        }
    }
    return 0;
}
