/* mem.c - allocation that never returns NULL, and growable strings. */
#include "core.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t n)
{
    fprintf(stderr, "cudalab: out of memory (asked for %zu bytes)\n", n);
    abort();
}

void *cl_malloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) out_of_memory(n);
    return p;
}

void *cl_calloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p) out_of_memory(count * size);
    return p;
}

void *cl_malloc_lines(size_t n)
{
    size_t r = n ? (n + 63) / 64 * 64 : 64; /* (aligned_alloc takes whole lines) */
    if (r < n) out_of_memory(n);
    void *p = aligned_alloc(64, r);
    if (!p) out_of_memory(n);
    return p;
}

void *cl_calloc_lines(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size) out_of_memory(SIZE_MAX);
    void *p = cl_malloc_lines(count * size);
    memset(p, 0, count * size);
    return p;
}

void *cl_realloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) out_of_memory(n);
    return q;
}

void cl_fill32(void *p, uint32_t word, size_t n)
{
    enum { BLOCK = 4096 }; /* copies come from the first block, which stays in the cache */
    unsigned char *d = p;
    size_t have = n < 64 ? n : 64, i = 0;
    for (; i + 4 <= have; i += 4) memcpy(d + i, &word, 4); /* little-endian, as the bytes say */
    for (; i < have; i++) d[i] = (unsigned char)(word >> (8 * (i & 3)));
    while (have < n && have < BLOCK) { /* the pattern so far, again: a multiple of 4 bytes */
        size_t k = have < n - have ? have : n - have;
        memcpy(d + have, d, k);
        have += k;
    }
    for (; have < n; have += BLOCK) memcpy(d + have, d, n - have < BLOCK ? n - have : BLOCK);
}

char *cl_strdup(const char *s)
{
    return cl_strndup(s, strlen(s));
}

char *cl_strndup(const char *s, size_t n)
{
    char *d = cl_malloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *cl_sprintf(const char *fmt, ...)
{
    cl_str b = {0};
    va_list ap;
    va_start(ap, fmt);
    cl_str_vaddf(&b, fmt, ap);
    va_end(ap);
    return cl_str_take(&b);
}

static void str_reserve(cl_str *b, size_t extra)
{
    size_t want = b->len + extra + 1;
    if (want <= b->cap) return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < want) cap *= 2;
    b->s = cl_realloc(b->s, cap);
    b->cap = cap;
}

void cl_str_addn(cl_str *b, const char *s, size_t n)
{
    str_reserve(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void cl_str_add(cl_str *b, const char *s)
{
    cl_str_addn(b, s, strlen(s));
}

void cl_str_addc(cl_str *b, char c)
{
    cl_str_addn(b, &c, 1);
}

void cl_str_vaddf(cl_str *b, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (n <= 0) {
        str_reserve(b, 0);
        b->s[b->len] = '\0';
        return;
    }
    str_reserve(b, (size_t)n);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void cl_str_addf(cl_str *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cl_str_vaddf(b, fmt, ap);
    va_end(ap);
}

const char *cl_group_digits(char *buf, size_t size, unsigned long long v)
{
    char raw[32];
    int n = snprintf(raw, sizeof raw, "%llu", v);
    size_t o = 0;
    for (int i = 0; i < n && o + 2 < size; i++) {
        if (i && (n - i) % 3 == 0) buf[o++] = ',';
        buf[o++] = raw[i];
    }
    if (size) buf[o] = '\0';
    return buf;
}

const char *cl_str_cstr(const cl_str *b)
{
    return b->s ? b->s : "";
}

char *cl_str_take(cl_str *b)
{
    char *s = b->s ? b->s : cl_strdup("");
    b->s = NULL;
    b->len = b->cap = 0;
    return s;
}

void cl_str_free(cl_str *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}
