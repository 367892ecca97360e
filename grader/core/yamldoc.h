/* yamldoc.h - reading YAML documents (libyaml) into typed C structs through
 * field tables, with errors that carry file:line:column and what was expected.
 *
 * A reader describes a mapping as a table of fields {key, required, read}; the
 * walker rejects unknown and repeated keys, reports missing required ones at the
 * mapping, and hands each value node to its read function. Prefix: cl_yaml_. */
#ifndef CUDALAB_YAMLDOC_H
#define CUDALAB_YAMLDOC_H

#include <yaml.h>

#include "core.h"

typedef struct cl_yaml_doc {
    yaml_document_t doc;
    const char *path; /* for messages; not owned */
    bool loaded;
    cl_status fail_status; /* what cl_yaml_fail returns: CL_MANIFEST unless set */
} cl_yaml_doc;

/* Parse text as one YAML document. An empty document is an error. */
cl_status cl_yaml_load(cl_yaml_doc *d, const char *path, const char *text, size_t len,
                       cl_error *err);
void cl_yaml_free(cl_yaml_doc *d);
yaml_node_t *cl_yaml_root(cl_yaml_doc *d);

/* Fail at a node's position: "path:line:col: <what>". */
cl_status cl_yaml_fail(cl_yaml_doc *d, const yaml_node_t *n, cl_error *err,
                       const char *fmt, ...) __attribute__((format(printf, 4, 5)));
int cl_yaml_line(const yaml_node_t *n);
/* A scalar's text, or NULL when the node is not a scalar. */
const char *cl_yaml_scalar(const yaml_node_t *n);
yaml_node_t *cl_yaml_node(cl_yaml_doc *d, int id);

/* Typed scalars. `what` names the value in messages ("'block'"). */
cl_status cl_yaml_int(cl_yaml_doc *d, yaml_node_t *n, const char *what, long long min,
                      long long max, long long *out, cl_error *err);
cl_status cl_yaml_bool(cl_yaml_doc *d, yaml_node_t *n, const char *what, bool *out,
                       cl_error *err);
/* A non-empty string (caller frees *out). */
cl_status cl_yaml_string(cl_yaml_doc *d, yaml_node_t *n, const char *what, char **out,
                         cl_error *err);
/* A sequence: count its items, get item i. */
cl_status cl_yaml_seq(cl_yaml_doc *d, yaml_node_t *n, const char *what, size_t min,
                      size_t max, size_t *count, cl_error *err);
yaml_node_t *cl_yaml_item(cl_yaml_doc *d, yaml_node_t *seq, size_t i);

/* Field tables. */
typedef cl_status (*cl_yaml_read_fn)(cl_yaml_doc *d, yaml_node_t *value, void *target,
                                     cl_error *err);
typedef struct cl_yaml_field {
    const char *key;
    bool required;
    cl_yaml_read_fn read;
} cl_yaml_field;

/* Walk a mapping node: every key must be in fields (terminated by key NULL),
 * none twice, every required one present. Calls read(d, value, target, err). */
cl_status cl_yaml_mapping(cl_yaml_doc *d, yaml_node_t *n, const char *what,
                          const cl_yaml_field *fields, void *target, cl_error *err);

#endif
