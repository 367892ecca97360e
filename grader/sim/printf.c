/* printf.c - device printf: the format string and the packed argument buffer
 * that nvcc hands to vprintf (each argument aligned to its size; integers of
 * int size or less take 4 bytes, long and long long 8, floats are promoted
 * to double, %s and %p take an 8-byte generic address). Formats with the
 * host's snprintf, one conversion at a time. */
#include "sim/internal.h"

#include <stdio.h>

#define FMT_MAX 4096
#define STR_MAX 1024
#define LINE_MAX 4096   /* a line's text; a width or precision is capped to it too */

static size_t read_cstr(uint64_t addr, char *buf, size_t cap, sim_reader rd, void *ctx)
{
    size_t n = 0;
    while (n + 1 < cap) {
        char c;
        if (!rd(ctx, addr + n, &c, 1) || c == '\0') break;
        buf[n++] = c;
    }
    buf[n] = '\0';
    return n;
}

typedef struct argbuf {
    uint64_t at;
    sim_reader rd;
    void *ctx;
    bool bad;
} argbuf;

static uint64_t take(argbuf *a, unsigned size)
{
    a->at = (a->at + size - 1) / size * size;
    uint64_t v = 0;
    if (!a->rd(a->ctx, a->at, &v, size)) a->bad = true;
    a->at += size;
    return v;
}

/* One conversion: spec holds "%[flags][width][.prec]" without the length
 * and conversion; returns the number of arguments used. */
static int convert(cl_str *out, char *spec, size_t sl, int len, char conv, argbuf *a, sim_reader rd,
                   void *ctx)
{
    char f[64];
    switch (conv) {
    case 'd': case 'i': {
        int64_t v = len >= 2 ? (int64_t)take(a, 8) : (int64_t)(int32_t)take(a, 4);
        if (len == -1) v = (int16_t)v;
        if (len == -2) v = (int8_t)v;
        snprintf(f, sizeof f, "%.*slld", (int)sl, spec);
        cl_str_addf(out, f, (long long)v);
        return 1;
    }
    case 'u': case 'x': case 'X': case 'o': case 'c': {
        uint64_t v = len >= 2 ? take(a, 8) : (uint64_t)(uint32_t)take(a, 4);
        if (len == -1) v = (uint16_t)v;
        if (len == -2) v = (uint8_t)v;
        if (conv == 'c') {
            snprintf(f, sizeof f, "%.*sc", (int)sl, spec);
            cl_str_addf(out, f, (int)(unsigned char)v);
        } else {
            snprintf(f, sizeof f, "%.*sll%c", (int)sl, spec, conv);
            cl_str_addf(out, f, (unsigned long long)v);
        }
        return 1;
    }
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
        double d = sim_u2d(take(a, 8));
        snprintf(f, sizeof f, "%.*s%c", (int)sl, spec, conv);
        cl_str_addf(out, f, d);
        return 1;
    }
    case 's': {
        uint64_t p = take(a, 8);
        char s[STR_MAX];
        if (p) read_cstr(p, s, sizeof s, rd, ctx);
        snprintf(f, sizeof f, "%.*ss", (int)sl, spec);
        cl_str_addf(out, f, p ? s : "(null)");
        return 1;
    }
    case 'p': {
        uint64_t p = take(a, 8);
        cl_str_addf(out, "0x%llx", (unsigned long long)p);
        return 1;
    }
    default:
        cl_str_addn(out, spec, sl);
        cl_str_addc(out, conv);
        return 0;
    }
}

int sim_format_printf(cl_str *out, uint64_t fmt, uint64_t args, sim_reader rd, void *ctx)
{
    char f[FMT_MAX];
    size_t n = read_cstr(fmt, f, sizeof f, rd, ctx);
    argbuf a = { args, rd, ctx, false };
    int used = 0;
    for (size_t i = 0; i < n && out->len < LINE_MAX;) {
        if (f[i] != '%') {
            cl_str_addc(out, f[i++]);
            continue;
        }
        if (i + 1 < n && f[i + 1] == '%') {
            cl_str_addc(out, '%');
            i += 2;
            continue;
        }
        char spec[64];
        size_t sl = 0;
        spec[sl++] = f[i++];
        while (i < n && sl < 40 && strchr("-+ #0", f[i])) spec[sl++] = f[i++];
        for (int part = 0; part < 2; part++) { /* width, then .precision */
            if (part == 1) {
                if (i >= n || f[i] != '.') break;
                spec[sl++] = f[i++];
            }
            long v = 0; /* capped, so that no conversion can make more than a line */
            bool have = false;
            if (i < n && f[i] == '*') {
                i++;
                v = (int32_t)take(&a, 4);
                have = true;
                used++;
            } else {
                for (; i < n && f[i] >= '0' && f[i] <= '9'; i++, have = true)
                    v = v > LINE_MAX ? v : v * 10 + (f[i] - '0');
            }
            if (v > LINE_MAX) v = LINE_MAX;
            if (v < -LINE_MAX) v = -LINE_MAX;
            if (have) sl += (size_t)snprintf(spec + sl, sizeof spec - sl, "%ld", v);
        }
        int len = 0;
        while (i < n && strchr("hlLzjt", f[i])) {
            if (f[i] == 'h') len = len == -1 ? -2 : -1;
            else len = len >= 1 ? 2 : (f[i] == 'l' ? 1 : 2);
            i++;
        }
        if (len == 1) len = 2; /* long is 8 bytes on the device */
        if (i >= n) {
            cl_str_addn(out, spec, sl);
            break;
        }
        used += convert(out, spec, sl, len, f[i++], &a, rd, ctx);
        if (a.bad) {
            cl_str_add(out, "<bad printf argument buffer>");
            break;
        }
    }
    return used;
}
