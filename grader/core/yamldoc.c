/* yamldoc.c - libyaml documents walked through field tables. */
#include "yamldoc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A file is one document: a second one (after `---`) would be ignored
 * without a word, so it is refused where it starts. */
static cl_status refuse_more(cl_yaml_doc *d, yaml_parser_t *parser, cl_error *err)
{
    yaml_document_t next;
    if (!yaml_parser_load(parser, &next))
        return cl_fail(err, d->fail_status, d->path, (int)parser->problem_mark.line + 1,
                       (int)parser->problem_mark.column + 1, "not valid YAML: %s%s%s",
                       parser->problem ? parser->problem : "parse error",
                       parser->context ? " " : "", parser->context ? parser->context : "");
    bool more = yaml_document_get_root_node(&next) != NULL;
    yaml_mark_t at = next.start_mark;
    yaml_document_delete(&next);
    if (!more) return CL_OK;
    return cl_fail(err, d->fail_status, d->path, (int)at.line + 1, (int)at.column + 1,
                   "a second YAML document starts here, and the file must hold one; remove "
                   "this '---' and what follows it (or merge it into the first)");
}

cl_status cl_yaml_load(cl_yaml_doc *d, const char *path, const char *text, size_t len,
                       cl_error *err)
{
    yaml_parser_t parser;
    cl_status st = CL_OK;
    memset(d, 0, sizeof *d);
    d->path = path;
    d->fail_status = CL_MANIFEST;
    if (!yaml_parser_initialize(&parser))
        return cl_fail(err, CL_NOMEM, path, 0, 0, "cannot start the YAML parser");
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    if (!yaml_parser_load(&parser, &d->doc)) {
        st = cl_fail(err, CL_MANIFEST, path, (int)parser.problem_mark.line + 1,
                     (int)parser.problem_mark.column + 1, "not valid YAML: %s%s%s",
                     parser.problem ? parser.problem : "parse error",
                     parser.context ? " " : "", parser.context ? parser.context : "");
        goto done;
    }
    d->loaded = true;
    if (!yaml_document_get_root_node(&d->doc))
        st = cl_fail(err, d->fail_status, path, 1, 1, "the file is empty");
    else
        st = refuse_more(d, &parser, err);
done:
    yaml_parser_delete(&parser);
    return st;
}

void cl_yaml_free(cl_yaml_doc *d)
{
    if (d->loaded) yaml_document_delete(&d->doc);
    d->loaded = false;
}

yaml_node_t *cl_yaml_root(cl_yaml_doc *d)
{
    return yaml_document_get_root_node(&d->doc);
}

yaml_node_t *cl_yaml_node(cl_yaml_doc *d, int id)
{
    return yaml_document_get_node(&d->doc, id);
}

int cl_yaml_line(const yaml_node_t *n)
{
    return (int)n->start_mark.line + 1;
}

cl_status cl_yaml_fail(cl_yaml_doc *d, const yaml_node_t *n, cl_error *err,
                       const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return cl_fail(err, d->fail_status ? d->fail_status : CL_MANIFEST, d->path, n ? (int)n->start_mark.line + 1 : 0,
                   n ? (int)n->start_mark.column + 1 : 0, "%s", msg);
}

const char *cl_yaml_scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static const char *node_kind(const yaml_node_t *n)
{
    switch (n->type) {
    case YAML_SCALAR_NODE: return "a scalar";
    case YAML_SEQUENCE_NODE: return "a list";
    case YAML_MAPPING_NODE: return "a mapping";
    default: return "nothing";
    }
}

cl_status cl_yaml_int(cl_yaml_doc *d, yaml_node_t *n, const char *what, long long min,
                      long long max, long long *out, cl_error *err)
{
    const char *s = cl_yaml_scalar(n);
    if (!s) return cl_yaml_fail(d, n, err, "%s must be an integer, found %s", what, node_kind(n));
    char *end = NULL;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (!*s || *end || errno)
        return cl_yaml_fail(d, n, err, "%s must be an integer, found '%s'", what, s);
    if (v < min || v > max)
        return cl_yaml_fail(d, n, err, "%s must be between %lld and %lld, found %lld", what,
                            min, max, v);
    *out = v;
    return CL_OK;
}

cl_status cl_yaml_bool(cl_yaml_doc *d, yaml_node_t *n, const char *what, bool *out,
                       cl_error *err)
{
    const char *s = cl_yaml_scalar(n);
    if (s && (!strcmp(s, "true") || !strcmp(s, "false"))) {
        *out = s[0] == 't';
        return CL_OK;
    }
    return cl_yaml_fail(d, n, err, "%s must be true or false, found %s%s%s", what,
                        s ? "'" : node_kind(n), s ? s : "", s ? "'" : "");
}

cl_status cl_yaml_string(cl_yaml_doc *d, yaml_node_t *n, const char *what, char **out,
                         cl_error *err)
{
    const char *s = cl_yaml_scalar(n);
    if (!s) return cl_yaml_fail(d, n, err, "%s must be a string, found %s", what, node_kind(n));
    if (!*s) return cl_yaml_fail(d, n, err, "%s must not be empty", what);
    *out = cl_strdup(s);
    return CL_OK;
}

cl_status cl_yaml_seq(cl_yaml_doc *d, yaml_node_t *n, const char *what, size_t min,
                      size_t max, size_t *count, cl_error *err)
{
    if (n->type != YAML_SEQUENCE_NODE)
        return cl_yaml_fail(d, n, err, "%s must be a list, found %s", what, node_kind(n));
    size_t c = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
    if (c < min || c > max)
        return cl_yaml_fail(d, n, err, "%s must hold %zu to %zu items, found %zu", what, min,
                            max, c);
    *count = c;
    return CL_OK;
}

yaml_node_t *cl_yaml_item(cl_yaml_doc *d, yaml_node_t *seq, size_t i)
{
    return cl_yaml_node(d, seq->data.sequence.items.start[i]);
}

static void list_keys(const cl_yaml_field *fields, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (const cl_yaml_field *f = fields; f->key && used < size; f++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", f == fields ? "" : ", ",
                                 f->key);
}

cl_status cl_yaml_mapping(cl_yaml_doc *d, yaml_node_t *n, const char *what,
                          const cl_yaml_field *fields, void *target, cl_error *err)
{
    if (n->type != YAML_MAPPING_NODE)
        return cl_yaml_fail(d, n, err, "%s must be a mapping of keys to values, found %s", what,
                            node_kind(n));
    size_t nfields = 0;
    while (fields[nfields].key) nfields++;
    bool seen[64] = {0};
    if (nfields > 64) return cl_fail(err, CL_INTERNAL, d->path, 0, 0, "field table too long");
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = cl_yaml_node(d, p->key), *v = cl_yaml_node(d, p->value);
        const char *key = cl_yaml_scalar(k);
        if (!key) return cl_yaml_fail(d, k, err, "a key in %s must be a plain word", what);
        size_t i = 0;
        while (i < nfields && strcmp(fields[i].key, key)) i++;
        if (i == nfields) {
            char keys[512];
            list_keys(fields, keys, sizeof keys);
            return cl_yaml_fail(d, k, err, "unknown key '%s' in %s; expected one of: %s", key,
                                what, keys);
        }
        if (seen[i]) return cl_yaml_fail(d, k, err, "'%s' appears twice in %s", key, what);
        seen[i] = true;
        cl_status st = fields[i].read(d, v, target, err);
        if (st != CL_OK) return st;
    }
    for (size_t i = 0; i < nfields; i++)
        if (fields[i].required && !seen[i])
            return cl_yaml_fail(d, n, err, "%s is missing the required key '%s'", what,
                                fields[i].key);
    return CL_OK;
}
