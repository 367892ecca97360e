/* expect.c - `// KEY: VERB REST` lines read from a text (expect.h). */
#include "core/expect.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The key a comment at c ("//...") names, and where its value starts; NULL
 * when the comment is not `// KEY:` for a key of keys. */
static const cl_expect_key *key_at(const char *c, const char *end, const cl_expect_key *keys,
                                   size_t nkeys, const char **value)
{
    const char *k = c + 2;
    while (k < end && (*k == ' ' || *k == '\t')) k++;
    const char *colon = k;
    while (colon < end && (isalnum((unsigned char)*colon) || *colon == '-' || *colon == '_')) colon++;
    if (colon == k || colon >= end || *colon != ':') return NULL;
    for (size_t i = 0; i < nkeys; i++)
        if (strlen(keys[i].key) == (size_t)(colon - k) && !strncmp(keys[i].key, k, (size_t)(colon - k))) {
            *value = colon + 1;
            return &keys[i];
        }
    return NULL;
}

static bool verb_known(const cl_expect_key *k, const char *verb)
{
    if (!k->verbs) return true;
    for (const char *const *v = k->verbs; *v; v++)
        if (!strcmp(*v, verb) || (!strcmp(*v, "NAME[") && strchr(verb, '['))) return true;
    return false;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
}

/* One line [p, end): its first `// KEY:` of keys, if any, into out. */
static cl_status read_line(const char *p, const char *end, int line, const char *path,
                           const cl_expect_key *keys, size_t nkeys, cl_expects *out, cl_error *err)
{
    const char *value = NULL;
    const cl_expect_key *k = NULL;
    for (const char *c = p; c + 1 < end && !k; c++)
        if (c[0] == '/' && c[1] == '/') k = key_at(c, end, keys, nkeys, &value);
    if (!k) return CL_OK;
    while (value < end && isspace((unsigned char)*value)) value++;
    cl_expect e = { .line = line, .key = k->key, .text = cl_strndup(value, (size_t)(end - value)) };
    trim(e.text);
    size_t vl = strcspn(e.text, " \t"), wl = vl;
    while (wl && strchr(",;:", e.text[wl - 1])) wl--; /* `// gpu: differs, on hardware` */
    e.verb = cl_strndup(e.text, wl);
    const char *r = e.text + vl;
    while (*r == ' ' || *r == '\t') r++;
    e.rest = cl_strdup(r);
    if (!*e.verb || !verb_known(k, e.verb)) {
        cl_status st = cl_fail(err, CL_USAGE, path ? path : "", line, 0,
                               !*e.verb ? "'// %s:' says nothing" : "unknown directive '// %s: %s'",
                               k->key, e.verb);
        free(e.text);
        free(e.verb);
        free(e.rest);
        return st;
    }
    CL_VEC_PUSH(out, e);
    return CL_OK;
}

cl_status cl_expect_read(const char *text, const char *path, const cl_expect_key *keys,
                         size_t nkeys, cl_expects *out, cl_error *err)
{
    cl_status st = CL_OK;
    int line = 1;
    for (const char *p = text; *p && st == CL_OK; line++) {
        const char *end = strchr(p, '\n');
        if (!end) end = p + strlen(p);
        st = read_line(p, end, line, path, keys, nkeys, out, err);
        p = *end ? end + 1 : end;
    }
    return st;
}

void cl_expects_free(cl_expects *v)
{
    for (size_t i = 0; i < v->n; i++) {
        free(v->v[i].text);
        free(v->v[i].verb);
        free(v->v[i].rest);
    }
    free(v->v);
    memset(v, 0, sizeof *v);
}
