/* resources.c - the per-kernel figures of `ptxas -v`:
 *
 *   ptxas info    : Compiling entry function '_Z7spillerPfPKfi' for 'sm_75'
 *   ptxas info    : Function properties for _Z7spillerPfPKfi
 *       56 bytes stack frame, 88 bytes spill stores, 96 bytes spill loads
 *   ptxas info    : Used 64 registers, used 0 barriers, 56 bytes cumulative stack
 *   size, 372 bytes cmem[0]            (one line; also "1024 bytes smem")
 *
 * "Function properties" also appear for device functions that were not
 * inlined; those are not kernels and are skipped. */
#include "build_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text between the first pair of single quotes after prefix, or NULL. */
static char *quoted_after(const char *line, const char *prefix)
{
    const char *p = strstr(line, prefix);
    if (!p) return NULL;
    const char *a = strchr(p + strlen(prefix), '\'');
    const char *b = a ? strchr(a + 1, '\'') : NULL;
    return b ? cl_strndup(a + 1, (size_t)(b - a - 1)) : NULL;
}

/* "Used 64 registers, used 0 barriers, 1024 bytes smem, 372 bytes cmem[0]" */
static void parse_used(const char *s, build_kernel *k)
{
    while (*s) {
        int n;
        char what[64];
        while (*s == ' ' || *s == ',') s++;
        if (sscanf(s, "Used %d registers", &n) == 1) k->registers = n;
        else if (sscanf(s, "used %d barriers", &n) == 1) k->barriers = n;
        else if (sscanf(s, "%d bytes %63[^,\n]", &n, what) == 2) {
            if (strcmp(what, "smem") == 0) k->shared_bytes = n;
            else if (strcmp(what, "cmem[0]") == 0) k->const_bytes = n;
        }
        s += strcspn(s, ",\n");
    }
}

/* "56 bytes stack frame, 88 bytes spill stores, 96 bytes spill loads" */
static void parse_properties(const char *s, build_kernel *k)
{
    int stack, stores, loads;
    if (sscanf(s, " %d bytes stack frame, %d bytes spill stores, %d bytes spill loads",
               &stack, &stores, &loads) == 3) {
        k->stack_bytes = stack;
        k->spill_stores = stores;
        k->spill_loads = loads;
    }
}

void build_parse_resources(const char *log, build_kernel_vec *out)
{
    build_kernel *cur = NULL;  /* the entry being compiled */
    bool props_for_cur = false; /* the last "Function properties" named it */
    for (const char *line = log; line && *line;) {
        const char *end = strchr(line, '\n');
        char *l = cl_strndup(line, end ? (size_t)(end - line) : strlen(line));
        char *name = quoted_after(l, "Compiling entry function");
        const char *fp = strstr(l, "Function properties for ");
        const char *used = strstr(l, ": Used ");
        if (name) {
            CL_VEC_PUSH(out, ((build_kernel){.name = name}));
            cur = &out->v[out->n - 1];
            props_for_cur = false;
        } else if (fp) {
            props_for_cur = cur && strcmp(fp + strlen("Function properties for "), cur->name) == 0;
        } else if (strstr(l, "bytes stack frame")) {
            if (props_for_cur) parse_properties(l, cur);
            props_for_cur = false;
        } else if (used && cur) {
            parse_used(used + 2, cur);
        }
        free(l);
        line = end ? end + 1 : NULL;
    }
}
