/* man_page.c - writes docs/cudalab.1 from docs/cudalab.1.in and the tables
 * the program is built from: the command table (runner/commands.h: each
 * command's arguments, summary and --help text) makes SYNOPSIS and
 * COMMANDS, the key table (runner/ui_keys.c) makes KEYS. The template holds
 * the prose and the markers @VERSION@, @SYNOPSIS@, @COMMANDS@ and @KEYS@,
 * each on a line of its own. With --check it exits 1 when the page is not
 * what it would write, so the page cannot drift from --help (CTest).
 *
 *   build/tests/man_page docs/cudalab.1.in > docs/cudalab.1
 *   build/tests/man_page --check docs/cudalab.1.in docs/cudalab.1 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ui_keys.h"

/* Text as roff reads it: backslashes and minus signs escaped, and a line
 * that would start with a control character guarded. */
static void add_roff(cl_str *s, const char *text, size_t len, bool line_start)
{
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (line_start && (c == '.' || c == '\'')) cl_str_add(s, "\\&");
        line_start = c == '\n';
        if (c == '\\') cl_str_add(s, "\\e");
        else if (c == '-') cl_str_add(s, "\\-");
        else cl_str_addc(s, c);
    }
}

static void add_roff_line(cl_str *s, const char *text)
{
    add_roff(s, text, strlen(text), true);
    cl_str_addc(s, '\n');
}

static void synopsis(cl_str *s)
{
    cl_str_add(s, ".B cudalab\n");
    for (const cli_command *c = cli_commands; c->name; c++) {
        cl_str_add(s, ".br\n.B cudalab ");
        add_roff(s, c->name, strlen(c->name), false);
        cl_str_addc(s, '\n');
        if (c->args[0]) add_roff_line(s, c->args);
    }
}

static size_t indent_of(const char *line)
{
    return strspn(line, " ");
}

/* Where a command's --help text is: its first line, a paragraph (last line
 * flush left or indented by two), or a list of options. */
typedef enum { AT_START, AT_FLUSH, AT_INDENTED, AT_OPTIONS } help_place;

/* One line of a command's --help: "  --opt ARG   what it does" starts an
 * option (a tagged paragraph) and a line indented deeper goes on with it; a
 * flush-left line after an indented one, or one that says the exit status,
 * starts a paragraph; other lines go on with the paragraph (filled). */
static void help_line(cl_str *s, const char *line, help_place *at)
{
    size_t ind = indent_of(line);
    const char *text = line + ind;
    if (ind == 2 && text[0] == '-') {
        const char *gap = strstr(text, "   ");
        size_t tag = gap ? (size_t)(gap - text) : strlen(text);
        cl_str_add(s, *at == AT_OPTIONS ? ".TP\n.B " : ".RS\n.TP\n.B ");
        *at = AT_OPTIONS;
        add_roff(s, text, tag, false);
        cl_str_addc(s, '\n');
        if (gap) add_roff_line(s, gap + strspn(gap, " "));
        return;
    }
    if (*at == AT_OPTIONS && ind >= 3) {
        add_roff_line(s, text);
        return;
    }
    if (*at == AT_OPTIONS) cl_str_add(s, ".RE\n.IP\n");
    else if (*at == AT_START) cl_str_add(s, ".br\n");
    else if (!ind && (*at == AT_INDENTED || !strncmp(text, "Exit status:", 12))) cl_str_add(s, ".IP\n");
    *at = ind ? AT_INDENTED : AT_FLUSH;
    add_roff_line(s, text);
}

static void commands(cl_str *s)
{
    for (const cli_command *c = cli_commands; c->name; c++) {
        cl_str_add(s, ".TP\n.B ");
        add_roff(s, c->name, strlen(c->name), false);
        cl_str_addc(s, '\n');
        char *summary = cl_strdup(c->summary);
        summary[0] = (char)toupper((unsigned char)summary[0]);
        add_roff(s, summary, strlen(summary), true);
        cl_str_add(s, ".\n");
        free(summary);
        if (!c->help) continue;
        help_place at = AT_START;
        for (const char *p = c->help; *p;) {
            size_t n = strcspn(p, "\n");
            char *line = cl_strndup(p, n);
            help_line(s, line, &at);
            free(line);
            p += n + (p[n] == '\n');
        }
        if (at == AT_OPTIONS) cl_str_add(s, ".RE\n");
    }
}

/* The help screen's lines, as the runner shows them on ?. */
static void keys(cl_str *s)
{
    report_doc *d = ui_keys_help();
    cl_str_add(s, ".PD 0\n");
    for (int i = 0; i < d->nlines; i++) {
        const char *t = d->lines[i].text;
        if (!*t) continue;
        if (t[0] != ' ') {
            cl_str_add(s, i ? ".PD\n.SS " : ".SS ");
            add_roff_line(s, t);
            cl_str_add(s, ".PD 0\n");
            continue;
        }
        t += strspn(t, " ");
        const char *gap = strstr(t, "  ");
        size_t tag = gap ? (size_t)(gap - t) : strlen(t);
        cl_str_add(s, ".TP\n.B ");
        add_roff(s, t, tag, false);
        cl_str_addc(s, '\n');
        if (gap) add_roff_line(s, gap + strspn(gap, " "));
    }
    cl_str_add(s, ".PD\n");
    report_doc_free(d);
}

static int page(const char *template_path, cl_str *s)
{
    char *in = NULL;
    if (cl_read_file(template_path, &in, NULL, NULL) != CL_OK) {
        fprintf(stderr, "man_page: cannot read %s\n", template_path);
        return 2;
    }
    for (const char *p = in; *p;) {
        size_t n = strcspn(p, "\n");
        if (n == 9 && !strncmp(p, "@VERSION@", 9)) cl_str_add(s, CUDALAB_VERSION "\n");
        else if (n == 10 && !strncmp(p, "@SYNOPSIS@", 10)) synopsis(s);
        else if (n == 10 && !strncmp(p, "@COMMANDS@", 10)) commands(s);
        else if (n == 6 && !strncmp(p, "@KEYS@", 6)) keys(s);
        else if (strstr(p, "@VERSION@") && strstr(p, "@VERSION@") < p + n) {
            const char *v = strstr(p, "@VERSION@");
            cl_str_addn(s, p, (size_t)(v - p));
            cl_str_add(s, CUDALAB_VERSION);
            cl_str_addn(s, v + 9, n - (size_t)(v + 9 - p));
            cl_str_addc(s, '\n');
        } else {
            cl_str_addn(s, p, n);
            cl_str_addc(s, '\n');
        }
        p += n + (p[n] == '\n');
    }
    free(in);
    return 0;
}

int main(int argc, char **argv)
{
    bool check = argc == 4 && !strcmp(argv[1], "--check");
    if (!check && argc != 2) {
        fprintf(stderr, "usage: man_page [--check] TEMPLATE [PAGE]\n");
        return 2;
    }
    cl_str s = {0};
    int rc = page(argv[check ? 2 : 1], &s);
    if (rc || !check) {
        if (!rc) fwrite(cl_str_cstr(&s), 1, s.len, stdout);
        cl_str_free(&s);
        return rc;
    }
    char *have = NULL;
    size_t len = 0;
    bool same = cl_read_file(argv[3], &have, &len, NULL) == CL_OK && len == s.len &&
                memcmp(have, cl_str_cstr(&s), len) == 0;
    if (!same)
        fprintf(stderr, "%s is out of date: run build/tests/man_page %s > %s\n", argv[3], argv[2],
                argv[3]);
    free(have);
    cl_str_free(&s);
    return same ? 0 : 1;
}
