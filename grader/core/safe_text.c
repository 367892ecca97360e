/* safe_text.c - text from outside cudalab made safe to show: control characters
 * and invisible formatting as visible escapes, bytes that are not UTF-8 as
 * U+FFFD. The one convention every writer (text report, terminal UI, JSON,
 * CSV, error messages) goes through; docs/architecture.md describes it. */
#include "core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char replacement[] = "\xef\xbf\xbd"; /* U+FFFD */

static bool is_cont(unsigned char c)
{
    return (c & 0xc0) == 0x80;
}

/* Decode one UTF-8 character strictly (no overlong forms, no surrogates,
 * nothing past U+10FFFF). Returns its length, or 0 when s does not start one. */
static size_t decode(const unsigned char *s, size_t len, uint32_t *cp)
{
    unsigned char c = s[0];
    size_t n;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xc2 && c <= 0xdf) n = 2, v = c & 0x1f, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef) n = 3, v = c & 0x0f, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4) n = 4, v = c & 0x07, min = 0x10000;
    else return 0;
    if (len < n) return 0;
    for (size_t i = 1; i < n; i++) {
        if (!is_cont(s[i])) return 0;
        v = v << 6 | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return 0;
    *cp = v;
    return n;
}

/* Code points a terminal obeys or hides rather than shows: C1 controls
 * (U+009B is a CSI), bidirectional overrides and isolates (text that reads
 * differently from how it is stored), zero-width characters, line and
 * paragraph separators, the byte-order mark. */
static bool is_hidden(uint32_t cp)
{
    return (cp >= 0x80 && cp <= 0x9f) || cp == 0x061c || (cp >= 0x200b && cp <= 0x200f) ||
           (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x2069) || cp == 0xfeff;
}

static void ascii_escape(unsigned char c, char *repl)
{
    switch (c) {
    case 0x1b: strcpy(repl, "\\e"); break;
    case '\n': strcpy(repl, "\\n"); break;
    case '\r': strcpy(repl, "\\r"); break;
    case '\t': strcpy(repl, "\\t"); break;
    default: snprintf(repl, CL_TEXT_REPL_MAX, "\\x%02x", c); break;
    }
}

size_t cl_text_char(const char *s, size_t len, unsigned flags, char repl[CL_TEXT_REPL_MAX])
{
    const unsigned char *u = (const unsigned char *)s;
    uint32_t cp = 0;
    size_t n = len ? decode(u, len, &cp) : 0;
    repl[0] = '\0';
    if (!len) return 0;
    if (!n) {
        memcpy(repl, replacement, sizeof replacement);
        return 1;
    }
    if (cp < 0x20 || cp == 0x7f) {
        bool kept = (flags & CL_TEXT_KEEP_LINES) && (cp == '\n' || cp == '\t');
        if (!kept) ascii_escape((unsigned char)cp, repl);
    } else if (is_hidden(cp)) {
        snprintf(repl, CL_TEXT_REPL_MAX, "\\u%04x", (unsigned)cp);
    }
    return n;
}

void cl_str_add_safe(cl_str *b, const char *s, size_t len, unsigned flags)
{
    size_t at = 0, plain = 0;
    char repl[CL_TEXT_REPL_MAX];
    while (at < len) {
        size_t n = cl_text_char(s + at, len - at, flags, repl);
        if (repl[0]) {
            cl_str_addn(b, s + plain, at - plain);
            cl_str_add(b, repl);
            plain = at + n;
        }
        at += n;
    }
    cl_str_addn(b, s + plain, len - plain);
}

char *cl_text_safe(const char *s, unsigned flags)
{
    cl_str b = {0};
    cl_str_add(&b, "");
    if (s) cl_str_add_safe(&b, s, strlen(s), flags);
    return cl_str_take(&b);
}

bool cl_text_is_safe(const char *s, size_t len, unsigned flags)
{
    char repl[CL_TEXT_REPL_MAX];
    for (size_t at = 0; at < len;) {
        at += cl_text_char(s + at, len - at, flags, repl);
        if (repl[0]) return false;
    }
    return true;
}
