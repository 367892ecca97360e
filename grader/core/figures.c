/* figures.c - figures.h's counters table read: a program's sum over its
 * launches, and the rows' keys and words for the docs. */
#include "core/figures.h"

#include <stddef.h>

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
