/* figures.c - figures.h's tables read: a program's sum over its launches,
 * the counters' keys and words for the docs, and each figure's columns and
 * how it is shown. */
#include "core/figures.h"

#include <stdio.h>

typedef struct counter_row {
    const char *key, *what, *merge;
} counter_row;

static const counter_row rows[] = {
#define CL_COUNTER_ROW(name, type, key, merge, what) {key, what, #merge},
    CL_COUNTERS(CL_COUNTER_ROW)
#undef CL_COUNTER_ROW
};

#define NROWS ((int)(sizeof rows / sizeof rows[0]))

/* The mean a warp instruction of two runs, each weighted by its warp
 * instructions. */
static double mean(double a, uint64_t a_warps, double b, uint64_t b_warps)
{
    double warps = (double)a_warps + (double)b_warps;
    return warps > 0 ? (a * (double)a_warps + b * (double)b_warps) / warps : a;
}

void cl_counters_add(cl_counters *to, const cl_counters *c)
{
    const cl_counters was = *to; /* the weights before any sum */
    (void)was;
#define ADD_SUM(name) to->name += c->name;
#define ADD_MEAN(name) to->name = mean(was.name, was.warp_instructions, c->name, c->warp_instructions);
#define ADD_DERIVED(name)
#define ADD(name, type, key, merge, what) ADD_##merge(name)
    CL_COUNTERS(ADD)
#undef ADD
#undef ADD_DERIVED
#undef ADD_MEAN
#undef ADD_SUM
}

int cl_counter_count(void)
{
    return NROWS;
}

const char *cl_counter_key(int i)
{
    return i >= 0 && i < NROWS ? rows[i].key : NULL;
}

const char *cl_counter_what(int i)
{
    return i >= 0 && i < NROWS ? rows[i].what : NULL;
}

const char *cl_counter_merge(int i)
{
    return i >= 0 && i < NROWS ? rows[i].merge : NULL;
}

/* ---- figures ---- */

typedef struct figure_row {
    const char *name, *json, *ideal_json, *label;
    bool gated, at_least;
    cl_figure_unit unit;
    cl_figure_ideal ideal;
    cl_figure_shown shown;
} figure_row;

#define GATED_GATE true
#define GATED_NO_GATE false
#define BETTER_LOWER false
#define BETTER_HIGHER true
static const figure_row figures[] = {
#define CL_FIGURE_ROW(id, name, gated, json, ideal_json, label, unit, better, ideal, shown) \
    {#name, json, ideal_json, label, GATED_##gated, BETTER_##better, CL_UNIT_##unit, CL_IDEAL_##ideal, \
     CL_SHOWN_##shown},
    CL_FIGURES(CL_FIGURE_ROW)
#undef CL_FIGURE_ROW
};

static const struct {
    const char *fmt, *suffix;
} units[] = {
#define CL_FIGURE_UNIT_ROW(id, fmt, suffix) {fmt, suffix},
    CL_FIGURE_UNITS(CL_FIGURE_UNIT_ROW)
#undef CL_FIGURE_UNIT_ROW
};

static const figure_row *figure(cl_figure f)
{
    static const figure_row none = {"?", "", "", "?", false, false, CL_UNIT_COUNT, CL_IDEAL_NONE,
                                    CL_SHOWN_ALWAYS};
    return (unsigned)f < CL_FIG_COUNT ? &figures[f] : &none;
}

const char *cl_figure_name(cl_figure f) { return figure(f)->name; }
bool cl_figure_gated(cl_figure f) { return figure(f)->gated; }
const char *cl_figure_json(cl_figure f) { return figure(f)->json; }
const char *cl_figure_ideal_json(cl_figure f) { return figure(f)->ideal_json; }
const char *cl_figure_label(cl_figure f) { return figure(f)->label; }
const char *cl_figure_label_suffix(cl_figure f) { return units[figure(f)->unit].suffix; }
cl_figure_unit cl_figure_unit_of(cl_figure f) { return figure(f)->unit; }
bool cl_figure_at_least(cl_figure f) { return figure(f)->at_least; }
cl_figure_ideal cl_figure_ideal_of(cl_figure f) { return figure(f)->ideal; }
cl_figure_shown cl_figure_shown_of(cl_figure f) { return figure(f)->shown; }

const char *cl_format_bytes(char *buf, size_t size, double v)
{
    static const char *const unit[] = {"B", "kB", "MB", "GB", "TB"};
    int u = 0;
    while (v >= 1000 && u < 4) {
        v /= 1000;
        u++;
    }
    snprintf(buf, size, u ? "%.1f %s" : "%.0f %s", v, unit[u]);
    return buf;
}

const char *cl_figure_format(char *buf, size_t size, cl_figure f, double v)
{
    cl_figure_unit u = figure(f)->unit;
    if (u == CL_UNIT_BYTES)
        cl_format_bytes(buf, size, v);
    else
        snprintf(buf, size, units[u].fmt, u == CL_UNIT_PERCENT ? 100 * v : v);
    return buf;
}
