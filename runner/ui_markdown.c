/* ui_markdown.c - a small Markdown renderer: blocks are read a line at a
 * time, inline text becomes styled words, and words are laid out in lines. */
#include "ui_markdown.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ui.h"

typedef struct md {
    report_doc *doc;
    int width;
    bool unicode;
    cl_str para;        /* the paragraph being gathered */
    char *first, *hang; /* its first line's prefix and the others' */
    report_style prefix_style;
    bool in_list;       /* the paragraph is a list item */
    bool fence;         /* inside ``` */
    int fence_indent;
    CL_VEC(char *) table; /* the rows of a table being gathered */
} md;

/* ---- inline text: words of styled runs ---- */

enum { IN_CODE = 1, IN_STRONG = 2, IN_EM = 4 };

static report_style style_of(int flags)
{
    if (flags & IN_CODE) return REPORT_STYLE_CODE;
    if (flags & (IN_STRONG | IN_EM)) return REPORT_STYLE_EMPH;
    return REPORT_STYLE_PLAIN;
}

typedef struct words {
    report_doc *list; /* each line is one word */
    report_line *cur;
    cl_str run;
    report_style run_style;
} words;

static void flush_run(words *w)
{
    if (!w->run.len) return;
    if (!w->cur) w->cur = report_doc_line(w->list);
    report_line_add(w->cur, w->run_style, "%s", w->run.s);
    w->run.len = 0;
    w->run.s[0] = '\0';
}

static void add_char(words *w, const char *s, size_t n, report_style st)
{
    if (st != w->run_style) flush_run(w);
    w->run_style = st;
    cl_str_addn(&w->run, s, n);
}

static void end_word(words *w)
{
    flush_run(w);
    w->cur = NULL;
}

/* Whether delim (1 or 2 characters) closes somewhere after at, before the
 * end of the text, after a character that is not a space. */
static bool closes(const char *text, size_t at, const char *delim)
{
    size_t n = strlen(delim);
    for (const char *p = strstr(text + at, delim); p; p = strstr(p + 1, delim)) {
        if (p == text + at || p[-1] == ' ' || p[-1] == '\\') continue;
        /* An underscore closes only before a non-word character:
         * __syncthreads and snake_case stay words. */
        if (delim[0] == '_' && isalnum((unsigned char)p[n])) continue;
        return true;
    }
    return false;
}

static bool opens(const char *t, size_t i, const char *delim)
{
    size_t n = strlen(delim);
    char before = i ? t[i - 1] : ' ', after = t[i + n];
    if (!after || after == ' ') return false;
    if (isalnum((unsigned char)before)) return false; /* snake_case, a*b */
    return closes(t, i + n, delim);
}

/* [text](url): the text keeps the current style, the url is dimmed. Returns
 * how many bytes were used, 0 when t + i is not a link. */
static size_t link(words *w, const char *t, size_t i, int flags)
{
    const char *close = strchr(t + i, ']');
    if (!close || close[1] != '(') return 0;
    const char *end = strchr(close, ')');
    if (!end) return 0;
    for (const char *p = t + i + 1; p < close; p++) {
        if (*p == ' ') end_word(w);
        else add_char(w, p, 1, flags ? style_of(flags) : REPORT_STYLE_EMPH);
    }
    end_word(w);
    add_char(w, "(", 1, REPORT_STYLE_DIM);
    for (const char *p = close + 2; p < end; p++) add_char(w, p, 1, REPORT_STYLE_DIM);
    add_char(w, ")", 1, REPORT_STYLE_DIM);
    return (size_t)(end - (t + i)) + 1;
}

static void inline_words(words *w, const char *t)
{
    int flags = 0;
    size_t used;
    for (size_t i = 0; t[i];) {
        char c = t[i];
        if (c == '`') {
            flags ^= IN_CODE;
            i++;
        } else if (flags & IN_CODE) {
            if (c == ' ') end_word(w);
            else add_char(w, &t[i], 1, REPORT_STYLE_CODE);
            i++;
        } else if (c == '\\' && t[i + 1] && ispunct((unsigned char)t[i + 1])) {
            add_char(w, &t[i + 1], 1, style_of(flags));
            i += 2;
        } else if ((c == '*' || c == '_') && t[i + 1] == c &&
                   ((flags & IN_STRONG) || opens(t, i, c == '*' ? "**" : "__"))) {
            flags ^= IN_STRONG;
            i += 2;
        } else if ((c == '*' || c == '_') &&
                   ((flags & IN_EM) || opens(t, i, c == '*' ? "*" : "_"))) {
            flags ^= IN_EM;
            i++;
        } else if (c == '[' && (used = link(w, t, i, flags)) > 0) {
            i += used;
        } else if (c == ' ') {
            end_word(w);
            i++;
        } else {
            add_char(w, &t[i], 1, style_of(flags));
            i++;
        }
    }
    end_word(w);
}

/* ---- laying out words in lines ---- */

/* Append src's text and spans to dst. */
static void line_append(report_line *dst, const report_line *src)
{
    int at = 0, len = (int)strlen(src->text);
    for (int s = 0; s <= src->nspans; s++) {
        const report_span *sp = s < src->nspans ? &src->spans[s] : NULL;
        int plain_end = sp ? sp->start : len;
        if (plain_end > at)
            report_line_add(dst, REPORT_STYLE_PLAIN, "%.*s", plain_end - at, src->text + at);
        if (!sp) break;
        report_line_add(dst, sp->style, "%.*s", sp->len, src->text + sp->start);
        at = sp->start + sp->len;
    }
}

static int width_of(const char *s)
{
    return ui_text_width(s, (int)strlen(s));
}

/* Lay out text's words in lines of m->width: the first line starts with
 * first, the others with hang (styled prefix_style). */
static void layout(md *m, const char *text, const char *first, const char *hang,
                   report_style prefix_style)
{
    words w = {.list = cl_calloc(1, sizeof(report_doc))};
    inline_words(&w, text);
    report_line *l = report_doc_line(m->doc);
    report_line_add(l, prefix_style, "%s", first);
    int col = width_of(first), start = col, hang_w = width_of(hang);
    for (int i = 0; i < w.list->nlines; i++) {
        const report_line *word = &w.list->lines[i];
        int ww = width_of(word->text);
        if (col > start && col + 1 + ww > m->width) {
            l = report_doc_line(m->doc);
            report_line_add(l, prefix_style, "%s", hang);
            col = start = hang_w;
        } else if (col > start) {
            report_line_add(l, REPORT_STYLE_PLAIN, " ");
            col++;
        }
        line_append(l, word);
        col += ww;
    }
    report_doc_free(w.list);
    cl_str_free(&w.run);
}

/* ---- blocks ---- */

static bool last_blank(const md *m)
{
    return !m->doc->nlines || !*m->doc->lines[m->doc->nlines - 1].text;
}

static void blank(md *m)
{
    if (!last_blank(m)) report_doc_line(m->doc);
}

static void flush_para(md *m)
{
    if (m->para.len)
        layout(m, m->para.s, m->first ? m->first : "", m->hang ? m->hang : "", m->prefix_style);
    m->para.len = 0;
    if (m->para.s) m->para.s[0] = '\0';
    free(m->first);
    free(m->hang);
    m->first = m->hang = NULL;
    m->prefix_style = REPORT_STYLE_PLAIN;
    m->in_list = false;
}

static void para_add(md *m, const char *text)
{
    while (*text == ' ' || *text == '\t') text++;
    if (m->para.len) cl_str_addc(&m->para, ' ');
    cl_str_add(&m->para, text);
}

static void rule(md *m, const char *glyph, report_style st, int cols)
{
    report_line *l = report_doc_line(m->doc);
    for (int i = 0; i < cols; i++) report_line_add(l, st, "%s", glyph);
}

static void heading(md *m, int level, const char *text)
{
    flush_para(m);
    blank(m);
    int before = m->doc->nlines;
    layout(m, text, "", "", REPORT_STYLE_PLAIN);
    /* The whole heading is one style. */
    for (int i = before; i < m->doc->nlines; i++) {
        report_line *l = &m->doc->lines[i];
        free(l->spans);
        l->spans = cl_malloc(sizeof *l->spans);
        l->spans[0] = (report_span){0, (int)strlen(l->text), REPORT_STYLE_HEADING};
        l->nspans = 1;
    }
    if (level <= 2) {
        int w = width_of(m->doc->lines[m->doc->nlines - 1].text);
        rule(m, level == 1 ? (m->unicode ? "═" : "=") : (m->unicode ? "─" : "-"),
             REPORT_STYLE_DIM, w);
    }
}

static void code_line(md *m, const char *text)
{
    cl_str b = {0};
    for (const char *p = text; *p; p++) /* tabs to spaces, by columns of 4 */
        if (*p == '\t')
            do cl_str_addc(&b, ' '); while (b.len % 4);
        else
            cl_str_addc(&b, *p);
    report_line_add(report_doc_line(m->doc), REPORT_STYLE_CODE, "    %s", cl_str_cstr(&b));
    cl_str_free(&b);
}

static char *trim(const char *s, size_t n)
{
    while (n && isspace((unsigned char)*s)) s++, n--;
    while (n && isspace((unsigned char)s[n - 1])) n--;
    return cl_strndup(s, n);
}

/* A table's rows as lines, cells padded to their column's width. */
static void flush_table(md *m)
{
    if (!m->table.n) return;
    CL_VEC(char *) cells = {0};
    int ncols = 0, widths[32] = {0};
    for (size_t r = 0; r < m->table.n; r++) {
        const char *s = m->table.v[r];
        if (*s == '|') s++;
        int c = 0;
        while (*s && c < 32) {
            const char *bar = strchr(s, '|');
            size_t n = bar ? (size_t)(bar - s) : strlen(s);
            char *cell = trim(s, n);
            if (!bar && !*cell) {
                free(cell);
                break;
            }
            CL_VEC_PUSH(&cells, cell);
            int w = width_of(cell);
            if (strspn(cell, "-: ") != strlen(cell) && w > widths[c]) widths[c] = w;
            c++;
            s += n + (bar ? 1 : 0);
        }
        for (; c < 32 && c < ncols; c++) CL_VEC_PUSH(&cells, cl_strdup(""));
        if (c > ncols) ncols = c;
        free(m->table.v[r]);
    }
    size_t at = 0;
    for (size_t r = 0; r < m->table.n; r++) {
        report_line *l = report_doc_line(m->doc);
        report_line_add(l, REPORT_STYLE_PLAIN, "  ");
        bool sep = true;
        for (int c = 0; c < ncols && at + (size_t)c < cells.n; c++)
            sep &= strspn(cells.v[at + c], "-: ") == strlen(cells.v[at + c]);
        for (int c = 0; c < ncols; c++) {
            const char *cell = at < cells.n ? cells.v[at++] : "";
            if (sep) {
                for (int i = 0; i < widths[c]; i++)
                    report_line_add(l, REPORT_STYLE_DIM, "%s", m->unicode ? "─" : "-");
            } else {
                report_line_add(l, r == 0 ? REPORT_STYLE_HEADING : REPORT_STYLE_PLAIN, "%s", cell);
                report_line_add(l, REPORT_STYLE_PLAIN, "%*s", widths[c] - width_of(cell), "");
            }
            if (c + 1 < ncols)
                report_line_add(l, REPORT_STYLE_DIM, " %s ",
                                sep ? (m->unicode ? "┼" : "+") : (m->unicode ? "│" : "|"));
        }
    }
    for (size_t i = 0; i < cells.n; i++) free(cells.v[i]);
    free(cells.v);
    m->table.n = 0;
}

/* "- item", "* item", "1. item": the marker's length, 0 when not an item. */
static int list_marker(const char *s)
{
    if ((*s == '-' || *s == '*' || *s == '+') && s[1] == ' ') return 2;
    int n = 0;
    while (isdigit((unsigned char)s[n])) n++;
    if (n && n < 4 && (s[n] == '.' || s[n] == ')') && s[n + 1] == ' ') return n + 2;
    return 0;
}

static bool is_rule(const char *s)
{
    char c = *s;
    if (c != '-' && c != '*' && c != '_') return false;
    int n = 0;
    for (; *s; s++) {
        if (*s == c) n++;
        else if (*s != ' ') return false;
    }
    return n >= 3;
}

static void list_item(md *m, int indent, const char *s, int marker)
{
    flush_para(m);
    int depth = indent / 2 * 2;
    char bullet[16];
    if (marker == 2 && !isdigit((unsigned char)*s))
        snprintf(bullet, sizeof bullet, "%s", m->unicode ? "•" : "-");
    else
        snprintf(bullet, sizeof bullet, "%.*s", marker - 1, s);
    m->first = cl_sprintf("%*s%s ", depth + 2, "", bullet);
    m->hang = cl_sprintf("%*s", depth + 2 + width_of(bullet) + 1, "");
    m->in_list = true;
    para_add(m, s + marker);
}

static void block_line(md *m, const char *line)
{
    int indent = (int)strspn(line, " ");
    const char *s = line + indent;
    if (m->fence) {
        if (!strncmp(s, "```", 3) || !strncmp(s, "~~~", 3)) m->fence = false;
        else code_line(m, (int)strlen(line) >= m->fence_indent ? line + m->fence_indent : s);
        return;
    }
    if (*s != '|') flush_table(m);
    if (!*s) {
        flush_para(m);
        blank(m);
    } else if (!strncmp(s, "```", 3) || !strncmp(s, "~~~", 3)) {
        flush_para(m);
        m->fence = true;
        m->fence_indent = indent;
    } else if (*s == '#') {
        int level = (int)strspn(s, "#");
        const char *t = s + level;
        if (level > 6 || (*t && *t != ' ')) para_add(m, s);
        else heading(m, level, t + strspn(t, " "));
    } else if (m->para.len && !m->in_list && (strspn(s, "=") == strlen(s) ||
                                              strspn(s, "-") == strlen(s))) {
        char *text = cl_strdup(m->para.s);
        m->para.len = 0;
        heading(m, *s == '=' ? 1 : 2, text);
        free(text);
    } else if (is_rule(s)) {
        flush_para(m);
        rule(m, m->unicode ? "─" : "-", REPORT_STYLE_DIM, m->width < 60 ? m->width : 60);
    } else if (list_marker(s)) {
        list_item(m, indent, s, list_marker(s));
    } else if (*s == '|') {
        flush_para(m);
        CL_VEC_PUSH(&m->table, cl_strdup(s));
    } else if (*s == '>') {
        if (!m->para.len || m->prefix_style != REPORT_STYLE_DIM) {
            flush_para(m);
            m->first = cl_strdup(m->unicode ? "  │ " : "  | ");
            m->hang = cl_strdup(m->first);
            m->prefix_style = REPORT_STYLE_DIM;
        }
        para_add(m, s + 1);
    } else if (indent >= 4 && !m->para.len) {
        code_line(m, line + 4);
    } else {
        para_add(m, s);
    }
}

void ui_markdown_append(report_doc *doc, const char *text, int width, bool unicode)
{
    md m = {.doc = doc, .width = width < 20 ? 20 : width, .unicode = unicode};
    while (*text) {
        const char *nl = strchr(text, '\n');
        size_t n = nl ? (size_t)(nl - text) : strlen(text);
        char *line = cl_strndup(text, n);
        if (n && line[n - 1] == '\r') line[n - 1] = '\0';
        block_line(&m, line);
        free(line);
        text += n + (nl ? 1 : 0);
    }
    flush_para(&m);
    flush_table(&m);
    free(m.table.v);
    cl_str_free(&m.para);
    /* No blank line at the end. */
    while (doc->nlines && !*doc->lines[doc->nlines - 1].text) {
        doc->nlines--;
        free(doc->lines[doc->nlines].text);
        free(doc->lines[doc->nlines].spans);
    }
}

report_doc *ui_markdown_render(const char *text, int width, bool unicode)
{
    report_doc *d = cl_calloc(1, sizeof *d);
    ui_markdown_append(d, text, width, unicode);
    return d;
}
