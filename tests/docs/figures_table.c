/* figures_table.c - writes the docs' tables of the emulator's figures from
 * the tables the code is made from (core/figures.h): docs/contract.md's
 * counters of each side of a kernel in the JSON and its performance figures
 * (the JSON's `performance`, the text's rows, the keys of a day's `gates:`),
 * and docs/day-format.md's figures a gate may bound. Each table sits
 * between two marker lines of its page; with --check it exits 1 when one is
 * not what it would write, so the pages cannot drift (CTest).
 *
 *   build/tests/figures_table docs/contract.md docs/day-format.md
 *   build/tests/figures_table --check docs/contract.md docs/day-format.md */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "core/figures.h"
#include "days/day.h"

#define BEGIN(what) "<!-- " what ": made by tests/docs/figures_table.c from core/figures.h -->\n"
#define END(what) "<!-- end of " what " -->\n"

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

static void figures(cl_str *s)
{
    cl_str_add(s, BEGIN("figures") "\n| key | counts | over blocks and launches |\n| --- | --- | --- |\n");
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
    cl_str_add(s, "\n" END("figures"));
}

/* What a figure's value is beside its row's words, for an author. */
static const char *gate_note(cl_figure f)
{
    if (cl_figure_ideal_of(f) == CL_IDEAL_ZERO) return " (0 where nothing was accessed)";
    if (cl_figure_unit_of(f) == CL_UNIT_PERCENT) return " (a share, 0 to 1: 0.5 is 50%)";
    return cl_figure_label_suffix(f);
}

static void gates(cl_str *s)
{
    cl_str_add(s, BEGIN("gates") "\n| figure | the report's row | bounded | factors it takes |\n"
                  "| --- | --- | --- | --- |\n");
    for (int i = 0; i < CL_FIG_COUNT; i++) {
        cl_figure f = (cl_figure)i;
        if (!cl_figure_gated(f)) continue;
        cl_str_addf(s, "| `%s` | %s%s | %s | ", cl_figure_name(f), cl_figure_label(f), gate_note(f),
                    cl_figure_at_least(f) ? "at least" : "at most");
        int n = 0;
        for (int b = DAY_GATE_BASE_REFERENCE; b < DAY_GATE_BASE_COUNT; b++)
            if (day_gate_base_fits(f, (day_gate_base)b))
                cl_str_addf(s, "%s`%s`", n++ ? ", " : "", day_gate_base_key((day_gate_base)b));
        cl_str_add(s, " |\n");
    }
    cl_str_add(s, "\n" END("gates"));
}

typedef struct block {
    const char *begin, *end;
    void (*make)(cl_str *s);
} block;

static const block blocks[] = {
    {BEGIN("figures"), END("figures"), figures},
    {BEGIN("gates"), END("gates"), gates},
};

/* The page with each block it has made anew into *out; false when it has
 * none or a block has no end. */
static bool remake(const char *path, const char *have, cl_str *out)
{
    int found = 0;
    const char *at = have;
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
        const char *b = strstr(have, blocks[i].begin), *e = b ? strstr(b, blocks[i].end) : NULL;
        if (!b) continue;
        if (!e || b < at) {
            fprintf(stderr, "%s: %s without %s after it", path, blocks[i].begin, blocks[i].end);
            return false;
        }
        cl_str_addn(out, at, (size_t)(b - at));
        blocks[i].make(out);
        at = e + strlen(blocks[i].end);
        found++;
    }
    cl_str_add(out, at);
    if (!found) fprintf(stderr, "%s: no tables of figures to make\n", path);
    return found > 0;
}

int main(int argc, char **argv)
{
    bool check = argc >= 3 && !strcmp(argv[1], "--check");
    if (argc < 2 + check) {
        fprintf(stderr, "usage: figures_table [--check] docs/contract.md docs/day-format.md\n");
        return 2;
    }
    int rc = 0;
    for (int i = 1 + check; i < argc && rc != 2; i++) {
        char *have = NULL;
        size_t len = 0;
        cl_str page = {0};
        if (cl_read_file(argv[i], &have, &len, NULL) != CL_OK) {
            fprintf(stderr, "%s: cannot read it\n", argv[i]);
            rc = 2;
        } else if (!remake(argv[i], have, &page)) {
            rc = 2;
        } else if (page.len != len || memcmp(have, cl_str_cstr(&page), len)) {
            if (check) {
                fprintf(stderr, "%s's figures are out of date: run build/tests/figures_table %s\n",
                        argv[i], argv[i]);
                rc = 1;
            } else if (cl_write_file_atomic(argv[i], cl_str_cstr(&page), page.len, NULL) != CL_OK) {
                rc = 2;
            }
        }
        cl_str_free(&page);
        free(have);
    }
    return rc;
}
