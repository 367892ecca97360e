/* figures_table.c - writes docs/contract.md's tables of the emulator's
 * figures from the tables the code is made from (core/figures.h): the
 * counters of each side of a kernel in the JSON, and the performance
 * figures (the JSON's `performance`, the text's rows, the keys of a day's
 * `gates:`). The tables sit between two marker lines of the page; with
 * --check FILE it exits 1 when they are not what it would write, so the
 * page cannot drift (CTest).
 *
 *   build/tests/figures_table docs/contract.md
 *   build/tests/figures_table --check docs/contract.md */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "core/figures.h"

#define BEGIN "<!-- figures: made by tests/docs/figures_table.c from core/figures.h -->\n"
#define END "<!-- end of figures -->\n"

static const char *merge_words(const char *merge)
{
    if (!strcmp(merge, "SUM")) return "summed";
    if (!strcmp(merge, "MEAN")) return "a launch's mean; a program's weighted by warp instructions";
    return "from the others, not read back";
}

static const char *ideal_words(cl_figure f)
{
    switch (cl_figure_ideal_of(f)) {
    case CL_IDEAL_NONE: return "none";
    case CL_IDEAL_ACCESS: return "its bytes contiguous (`ideal`)";
    case CL_IDEAL_NEEDED: return "the kernel's `bytes` (`needed`)";
    case CL_IDEAL_ZERO: return "0";
    case CL_IDEAL_WARP: return "32";
    }
    return "?";
}

static void tables(cl_str *s)
{
    cl_str_add(s, BEGIN "\n| key | counts | over blocks and launches |\n| --- | --- | --- |\n");
    for (int i = 0; i < cl_counter_count(); i++)
        cl_str_addf(s, "| `%s` | %s | %s |\n", cl_counter_key(i), cl_counter_what(i),
                    merge_words(cl_counter_merge(i)));
    cl_str_add(s, "\n| `performance` key | the text's row | a gate's key | better | ideal |\n"
                  "| --- | --- | --- | --- | --- |\n");
    for (int i = 0; i < CL_FIG_COUNT; i++) {
        cl_figure f = (cl_figure)i;
        const char *json = cl_figure_json(f), *ideal = cl_figure_ideal_json(f);
        cl_str_add(s, "| ");
        if (*json) cl_str_addf(s, "`%s`", json);
        if (*ideal) cl_str_addf(s, ", `%s`", ideal);
        if (!*json) cl_str_addf(s, "none: the counter `%s`", cl_figure_name(f));
        cl_str_addf(s, " | %s%s | ", cl_figure_label(f), cl_figure_label_suffix(f));
        if (cl_figure_gated(f))
            cl_str_addf(s, "`%s`", cl_figure_name(f));
        else
            cl_str_add(s, "none");
        cl_str_addf(s, " | %s | %s |\n", cl_figure_at_least(f) ? "higher" : "lower", ideal_words(f));
    }
    cl_str_add(s, "\n" END);
}

int main(int argc, char **argv)
{
    bool check = argc == 3 && !strcmp(argv[1], "--check");
    if (argc != 2 && !check) {
        fprintf(stderr, "usage: figures_table [--check] docs/contract.md\n");
        return 2;
    }
    const char *path = argv[argc - 1];
    char *have = NULL;
    size_t len = 0;
    if (cl_read_file(path, &have, &len, NULL) != CL_OK) {
        fprintf(stderr, "%s: cannot read it\n", path);
        return 2;
    }
    char *b = strstr(have, BEGIN), *e = b ? strstr(b, END) : NULL;
    int rc = 0;
    if (!e) {
        fprintf(stderr, "%s: no lines %s and %s", path, BEGIN, END);
        rc = 2;
        goto out;
    }
    e += strlen(END);
    cl_str s = {0};
    tables(&s);
    bool same = (size_t)(e - b) == s.len && !memcmp(b, cl_str_cstr(&s), s.len);
    if (check && !same) {
        fprintf(stderr, "%s's figures are out of date: run build/tests/figures_table %s\n", path, path);
        rc = 1;
    } else if (!check && !same) {
        cl_str page = {0};
        cl_str_addn(&page, have, (size_t)(b - have));
        cl_str_addn(&page, cl_str_cstr(&s), s.len);
        cl_str_addn(&page, e, len - (size_t)(e - have));
        rc = cl_write_file_atomic(path, cl_str_cstr(&page), page.len, NULL) == CL_OK ? 0 : 2;
        cl_str_free(&page);
    }
    cl_str_free(&s);
out:
    free(have);
    return rc;
}
