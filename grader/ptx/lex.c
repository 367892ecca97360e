/* lex.c - PTX tokens: identifiers, .directives and .modifiers, numbers
 * (decimal, hex, octal, binary, 0f/0d float bits, decimal floats), strings
 * and punctuation; comments are skipped. */
#include "ptx/parse.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void ptx_lex_init(ptx_lexer *lx, const char *text, size_t len)
{
    lx->s = lx->p = lx->line_start = text;
    lx->end = text + len;
    lx->line = 1;
}

static bool is_ident_start(char c)
{
    return isalpha((unsigned char)c) || c == '_' || c == '$' || c == '%';
}

static bool is_ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '$';
}

/* Skip blanks and comments; true if anything was skipped. */
static bool skip_space(ptx_lexer *lx)
{
    const char *start = lx->p;
    while (lx->p < lx->end) {
        char c = *lx->p;
        if (c == '\n') {
            lx->line++;
            lx->p++;
            lx->line_start = lx->p;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            lx->p++;
        } else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '/') {
            while (lx->p < lx->end && *lx->p != '\n') lx->p++;
        } else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '*') {
            lx->p += 2;
            while (lx->p < lx->end && !(*lx->p == '*' && lx->p + 1 < lx->end && lx->p[1] == '/')) {
                if (*lx->p == '\n') {
                    lx->line++;
                    lx->line_start = lx->p + 1;
                }
                lx->p++;
            }
            lx->p = lx->p + 2 <= lx->end ? lx->p + 2 : lx->end;
        } else {
            break;
        }
    }
    return lx->p != start;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* 0f/0d literal: exactly 8 or 16 hex digits. */
static bool lex_float_bits(ptx_lexer *lx, ptx_token *t, int digits)
{
    const char *q = lx->p + 2;
    uint64_t v = 0;
    for (int i = 0; i < digits; i++, q++) {
        if (q >= lx->end || hex_value(*q) < 0) return false;
        v = v << 4 | (uint64_t)hex_value(*q);
    }
    if (q < lx->end && is_ident_char(*q)) return false;
    t->kind = digits == 8 ? TK_F32 : TK_F64;
    t->ival = v;
    lx->p = q;
    return true;
}

static void lex_number(ptx_lexer *lx, ptx_token *t)
{
    const char *p = lx->p;
    if (p[0] == '0' && p + 1 < lx->end && (p[1] == 'f' || p[1] == 'F') &&
        lex_float_bits(lx, t, 8))
        return;
    if (p[0] == '0' && p + 1 < lx->end && (p[1] == 'd' || p[1] == 'D') &&
        lex_float_bits(lx, t, 16))
        return;
    /* decimal float? */
    const char *q = p;
    while (q < lx->end && isdigit((unsigned char)*q)) q++;
    if (q < lx->end && (*q == '.' || *q == 'e' || *q == 'E') &&
        !(p[0] == '0' && p + 1 < lx->end && (p[1] == 'x' || p[1] == 'X'))) {
        char buf[64];
        size_t n = 0;
        const char *r = p;
        while (r < lx->end && n < sizeof buf - 1 &&
               (isdigit((unsigned char)*r) || *r == '.' || *r == 'e' || *r == 'E' ||
                ((*r == '+' || *r == '-') && (r[-1] == 'e' || r[-1] == 'E'))))
            buf[n++] = *r++;
        buf[n] = '\0';
        t->kind = TK_FLOAT;
        t->fval = strtod(buf, NULL);
        lx->p = r;
        return;
    }
    uint64_t v = 0;
    int base = 10;
    q = p;
    if (q[0] == '0' && q + 1 < lx->end && (q[1] == 'x' || q[1] == 'X')) {
        base = 16;
        q += 2;
    } else if (q[0] == '0' && q + 1 < lx->end && (q[1] == 'b' || q[1] == 'B')) {
        base = 2;
        q += 2;
    } else if (q[0] == '0' && q + 1 < lx->end && isdigit((unsigned char)q[1])) {
        base = 8;
        q += 1;
    }
    const char *digits = q;
    while (q < lx->end) {
        int d = hex_value(*q);
        if (d < 0 || d >= base) break;
        v = v * (uint64_t)base + (uint64_t)d;
        q++;
    }
    if (q == digits && base != 10) {
        t->kind = TK_PUNCT;
        t->c = '\0';
        lx->p = q;
        return;
    }
    if (q < lx->end && (*q == 'U' || *q == 'u')) q++;
    t->kind = TK_INT;
    t->ival = v;
    lx->p = q;
}

void ptx_lex_next(ptx_lexer *lx, ptx_token *t)
{
    memset(t, 0, sizeof *t);
    t->space_before = skip_space(lx);
    t->line = lx->line;
    t->col = (uint32_t)(lx->p - lx->line_start) + 1;
    t->text = lx->p;
    if (lx->p >= lx->end) {
        t->kind = TK_EOF;
        return;
    }
    char c = *lx->p;
    if (is_ident_start(c)) {
        lx->p++;
        while (lx->p < lx->end && is_ident_char(*lx->p)) lx->p++;
        t->kind = TK_IDENT;
    } else if (c == '.' && lx->p + 1 < lx->end && (is_ident_char(lx->p[1]))) {
        lx->p++;
        while (lx->p < lx->end) {
            if (is_ident_char(*lx->p)) {
                lx->p++;
            } else if (*lx->p == ':' && lx->p + 2 < lx->end && lx->p[1] == ':' &&
                       is_ident_char(lx->p[2])) {
                lx->p += 2;
            } else {
                break;
            }
        }
        t->kind = TK_DOT;
    } else if (isdigit((unsigned char)c)) {
        lex_number(lx, t);
    } else if (c == '"') {
        lx->p++;
        t->text = lx->p;
        while (lx->p < lx->end && *lx->p != '"' && *lx->p != '\n') {
            if (*lx->p == '\\' && lx->p + 1 < lx->end) lx->p++;
            lx->p++;
        }
        t->kind = TK_STRING;
        t->len = (size_t)(lx->p - t->text);
        if (lx->p < lx->end && *lx->p == '"') lx->p++;
        return;
    } else {
        t->kind = TK_PUNCT;
        t->c = strchr(",;:{}[]()+-!|<>=@", c) ? c : '\0';
        lx->p++;
    }
    t->len = (size_t)(lx->p - t->text);
}

/* ---- maps ---- */

static uint64_t hash_str(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

void ptx_map_free(ptx_map *m)
{
    for (size_t i = 0; i < m->cap; i++) free((char *)m->slots[i].key);
    free(m->slots);
    memset(m, 0, sizeof *m);
}

static void map_grow(ptx_map *m)
{
    size_t cap = m->cap ? m->cap * 2 : 64;
    ptx_map_slot *slots = cl_calloc(cap, sizeof *slots);
    for (size_t i = 0; i < m->cap; i++) {
        ptx_map_slot *s = &m->slots[i];
        if (!s->key) continue;
        size_t j = hash_str(s->key, s->len) & (cap - 1);
        while (slots[j].key) j = (j + 1) & (cap - 1);
        slots[j] = *s;
    }
    free(m->slots);
    m->slots = slots;
    m->cap = cap;
}

bool ptx_map_put(ptx_map *m, const char *key, size_t len, uint64_t value)
{
    if ((m->count + 1) * 2 > m->cap) map_grow(m);
    size_t j = hash_str(key, len) & (m->cap - 1);
    while (m->slots[j].key) {
        if (m->slots[j].len == len && memcmp(m->slots[j].key, key, len) == 0) return false;
        j = (j + 1) & (m->cap - 1);
    }
    m->slots[j].key = cl_strndup(key, len);
    m->slots[j].len = (uint32_t)len;
    m->slots[j].value = value;
    m->count++;
    return true;
}

bool ptx_map_get(const ptx_map *m, const char *key, size_t len, uint64_t *value)
{
    if (!m->cap) return false;
    size_t j = hash_str(key, len) & (m->cap - 1);
    while (m->slots[j].key) {
        if (m->slots[j].len == len && memcmp(m->slots[j].key, key, len) == 0) {
            *value = m->slots[j].value;
            return true;
        }
        j = (j + 1) & (m->cap - 1);
    }
    return false;
}
