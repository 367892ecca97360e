/* expr.h - the manifest's expressions: "rows * stride", "ceil(n / 256)",
 * "i % stride < live". Parsed once against a list of variable names,
 * evaluated in double precision as often as needed (once an element for a
 * fill), so evaluation is a walk of a small tree with no lookups.
 *
 * Prefix: day_expr_. The grammar is docs/day-format.md's. */
#ifndef CUDALAB_DAY_EXPR_H
#define CUDALAB_DAY_EXPR_H

#include <stdbool.h>
#include <stddef.h>

typedef struct day_expr day_expr;

/* Parse text; names[0..nnames) are the variables it may use, numbered by
 * their place. On failure returns NULL and writes why (with the column) to
 * why[0..whysize). */
day_expr *day_expr_parse(const char *text, const char *const *names, int nnames, char *why,
                         size_t whysize);
/* The value with vars[k] for variable k. */
double day_expr_eval(const day_expr *e, const double *vars);
/* The values for vars[k] = from, from + 1, ..., from + count - 1 (each as
 * day_expr_eval gives it) into out[0..count): many elements of a fill at
 * once. vars[k] is left as it was. */
void day_expr_eval_span(const day_expr *e, double *vars, int k, size_t from, size_t count,
                        double *out);
/* Whether e reads variable k. */
bool day_expr_uses(const day_expr *e, int k);
/* The text it was parsed from. */
const char *day_expr_text(const day_expr *e);
void day_expr_free(day_expr *e);

#endif
