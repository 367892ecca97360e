/* doc.c - styled lines: building them (their text made safe to show) and
 * printing them with ANSI colour. */
#include "text.h"

#include <langinfo.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

report_line *report_doc_line(report_doc *d)
{
    d->lines = cl_realloc(d->lines, (size_t)(d->nlines + 1) * sizeof *d->lines);
    report_line *l = &d->lines[d->nlines++];
    memset(l, 0, sizeof *l);
    l->text = cl_strdup("");
    return l;
}

void report_line_add(report_line *l, report_style style, const char *fmt, ...)
{
    cl_str raw = {0}, add = {0};
    va_list ap;
    va_start(ap, fmt);
    cl_str_vaddf(&raw, fmt, ap);
    va_end(ap);
    /* Every line of every document is shown: whatever was formatted into it
     * (a kernel's name, a compiler's words, printf output) is made safe here,
     * once, for the terminal and the runner alike (core.h). */
    cl_str_add_safe(&add, cl_str_cstr(&raw), raw.len, 0);
    cl_str_free(&raw);
    if (!add.len) {
        cl_str_free(&add);
        return;
    }
    size_t old = strlen(l->text);
    l->text = cl_realloc(l->text, old + add.len + 1);
    memcpy(l->text + old, add.s, add.len + 1);
    if (style != REPORT_STYLE_PLAIN) {
        l->spans = cl_realloc(l->spans, (size_t)(l->nspans + 1) * sizeof *l->spans);
        l->spans[l->nspans++] = (report_span){(int)old, (int)add.len, style};
    }
    cl_str_free(&add);
}

char *report_doc_text(const report_doc *d)
{
    cl_str b = {0};
    for (int i = 0; d && i < d->nlines; i++) cl_str_addf(&b, "%s\n", d->lines[i].text);
    return b.s ? cl_str_take(&b) : cl_strdup("");
}

void report_doc_free(report_doc *d)
{
    if (!d) return;
    for (int i = 0; i < d->nlines; i++) {
        free(d->lines[i].text);
        free(d->lines[i].spans);
    }
    free(d->lines);
    free(d);
}

static const char *ansi(report_style s)
{
    switch (s) {
    case REPORT_STYLE_HEADING: return "\033[1m";
    case REPORT_STYLE_PASS: return "\033[32m";
    case REPORT_STYLE_FAIL: return "\033[1;31m";
    case REPORT_STYLE_WARN: return "\033[33m";
    case REPORT_STYLE_DIM: return "\033[2m";
    case REPORT_STYLE_CODE: return "\033[36m";
    case REPORT_STYLE_EMPH: return "\033[1m";
    default: return "";
    }
}

void report_doc_print(const report_doc *d, FILE *out, bool color)
{
    for (int i = 0; i < d->nlines; i++) {
        const report_line *l = &d->lines[i];
        int at = 0;
        for (int s = 0; color && s < l->nspans; s++) {
            const report_span *sp = &l->spans[s];
            fwrite(l->text + at, 1, (size_t)(sp->start - at), out);
            fprintf(out, "%s%.*s\033[0m", ansi(sp->style), sp->len, l->text + sp->start);
            at = sp->start + sp->len;
        }
        fputs(l->text + at, out);
        fputc('\n', out);
    }
}

bool report_want_color(FILE *out)
{
    const char *nc = getenv("NO_COLOR");
    const char *term = getenv("TERM");
    if (nc && *nc) return false;
    if (term && !strcmp(term, "dumb")) return false;
    return isatty(fileno(out));
}

bool report_want_unicode(void)
{
    const char *cs = nl_langinfo(CODESET);
    return cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
}
