/* manifest_internal.h - what manifest.c (the document's shape) and
 * manifest_data.c (expressions, fills, comparisons, the rules every size
 * must keep) share. */
#ifndef CUDALAB_MANIFEST_INTERNAL_H
#define CUDALAB_MANIFEST_INTERNAL_H

#include "core/yamldoc.h"
#include "day.h"

day_pos day_yaml_pos(const yaml_node_t *n);
cl_status day_read_identifier(cl_yaml_doc *d, yaml_node_t *n, const char *what, char **out,
                              cl_error *err);
cl_status day_read_text(cl_yaml_doc *d, yaml_node_t *n, const char *what, char **out,
                        cl_error *err);
cl_status day_read_name(cl_yaml_doc *d, yaml_node_t *n, const char *what, char **out,
                        cl_error *err);
cl_status day_fail_at(const char *path, day_pos at, cl_error *err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* A number or a string holding an expression, kept in m until the manifest
 * is whole (day_compile_formulas). */
cl_status day_read_formula(cl_yaml_doc *d, yaml_node_t *n, const char *what, bool per_element,
                           day_manifest *m, day_formula **out, cl_error *err);
/* A plain number, with YAML's .nan, .inf and -.inf. */
cl_status day_read_number(cl_yaml_doc *d, yaml_node_t *n, const char *what, double *out,
                          cl_error *err);

cl_status day_read_fill(cl_yaml_doc *d, yaml_node_t *n, day_manifest *m, day_fill *out,
                        cl_error *err);
cl_status day_read_compare(cl_yaml_doc *d, yaml_node_t *n, day_manifest *m, day_compare *out,
                           cl_error *err);
cl_status day_read_unit(cl_yaml_doc *d, yaml_node_t *n, day_manifest *m, day_kernel *k,
                        cl_error *err);
cl_status day_read_points(cl_yaml_doc *d, yaml_node_t *n, day_kernel *k, cl_error *err);
cl_status day_read_requires(cl_yaml_doc *d, yaml_node_t *n, day_manifest *m, cl_error *err);

/* Once every key is read: compile the expressions against the size's
 * variables, then check each kernel's parameters and every size. */
cl_status day_compile_formulas(day_manifest *m, cl_error *err);
cl_status day_check_kernel_data(const day_manifest *m, const day_kernel *k, cl_error *err);
cl_status day_check_sizes(const day_manifest *m, cl_error *err);

void day_fill_free(day_fill *f);
/* The values p's fill makes fit its elements' type (manifest_data.c). */
cl_status day_check_fill_range(const day_manifest *m, const day_param *p, cl_error *err);

/* A kernel's `gates:` (manifest_gates.c), and what they need of the rest of
 * the kernel once the manifest is whole. */
cl_status day_read_gates(cl_yaml_doc *d, yaml_node_t *n, day_kernel *k, cl_error *err);
cl_status day_check_gates(const day_manifest *m, const day_kernel *k, cl_error *err);

/* The day's `constants:` (manifest_consts.c): read, checked at every size
 * once the manifest is whole, freed. */
cl_status day_read_constants(cl_yaml_doc *d, yaml_node_t *n, day_manifest *m, cl_error *err);
cl_status day_check_constants(const day_manifest *m, cl_error *err);
void day_constants_free(day_manifest *m);

/* ---- programs (manifest_program.c) ---- */

/* A kernel's defaults before its keys are read; its parameters read into it;
 * what it owns freed (manifest.c). */
void day_init_kernel(day_kernel *k, yaml_node_t *item);
cl_status day_read_params(cl_yaml_doc *d, yaml_node_t *v, day_manifest *m, day_kernel *k,
                          cl_error *err);
void day_kernel_free(day_kernel *k);
/* `program:` at the top level: kept as a node until every other key is read,
 * then read by day_read_program (before the expressions are compiled). */
cl_status day_top_program(cl_yaml_doc *d, yaml_node_t *v, void *t, cl_error *err);
cl_status day_read_program(cl_yaml_doc *d, day_manifest *m, cl_error *err);
/* The program's stages at one size (vars: day_size_vars's). */
cl_status day_check_program_at(const day_manifest *m, const day_size *s, const char *what,
                               const double *vars, cl_error *err);
void day_program_free(day_program *p);

#endif
