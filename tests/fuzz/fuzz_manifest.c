/* fuzz_manifest.c - the manifest loader (day_manifest_parse, the in-memory
 * half of day_manifest_load) on any bytes, then what the grader and the
 * runner read of a manifest it accepted. The loader checks the slug against
 * the manifest's folder, so the path is made from the input's own `slug:`
 * line: inputs that get past every key reach the cross-field checks too.
 * Seeds: days/day.yaml files and test manifests (scripts/fuzz-seeds.sh). */
#include "fuzz.h"

#include <ctype.h>
#include <string.h>

#include "days/day.h"

/* "/course/days/<slug>/day.yaml", the slug taken from a line "slug: <slug>". */
static void path_for(const char *text, char *path, size_t size)
{
    const char *s = strstr(text, "slug:");
    char slug[65] = "day00-none";
    if (s && (s == text || s[-1] == '\n')) {
        s += 5;
        while (*s == ' ') s++;
        size_t n = 0;
        while (n + 1 < sizeof slug && (isalnum((unsigned char)s[n]) || s[n] == '-' || s[n] == '_'))
            n++;
        if (n) {
            memcpy(slug, s, n);
            slug[n] = '\0';
        }
    }
    snprintf(path, size, "/course/days/%s/day.yaml", slug);
}

/* What the harness evaluates at each size of a manifest that loaded: the
 * loader promised whole lengths of 0 or more and grids of 1 or more. */
static void read_sizes(const day_manifest *m, const day_kernel *k, const day_size *s)
{
    for (int d = 0; d < 3; d++) {
        double g = k->launch.grid[d] ? day_formula_eval(m, k->launch.grid[d], s) : 1;
        FUZZ_ASSERT(g >= 1 && g == (double)(long long)g);
    }
    for (int p = 0; p < k->nparams; p++) {
        const day_param *q = &k->params[p];
        if (q->role == DAY_ROLE_SCALAR) {
            FUZZ_ASSERT(q->value && q->value->e);
            continue;
        }
        double len = day_formula_eval(m, q->length, s);
        FUZZ_ASSERT(len >= 0 && len == (double)(long long)len);
        FUZZ_ASSERT((q->role == DAY_ROLE_OUT) == (q->fill.nrules == 0));
        if (q->fill.nrules) FUZZ_ASSERT(!q->fill.rules[q->fill.nrules - 1].where);
    }
}

static void read_kernel(const day_manifest *m, const day_kernel *k)
{
    for (int c = 0; c < DAY_CHECK_COUNT; c++)
        FUZZ_ASSERT(k->points[c] >= 0 && (k->points[c] == 0 || day_kernel_checks(k, (day_check)c)));
    FUZZ_ASSERT(k->compare.kind != DAY_COMPARE_NONE || k->check || k->source);
    if (k->oracle) FUZZ_ASSERT(day_manifest_kernel(m, k->oracle));
    read_sizes(m, k, &m->course);
    for (int h = 0; h < m->nhidden; h++) read_sizes(m, k, &m->hidden[h]);
}

static void read_back(const day_manifest *m)
{
    FUZZ_ASSERT(m->slug && m->title && m->student_file && m->arch && m->dir);
    for (int i = 0; i < m->nkernels; i++) {
        const day_kernel *k = &m->kernels[i];
        FUZZ_ASSERT(day_manifest_kernel(m, k->name));
        char *sig = day_kernel_signature(k);
        FUZZ_ASSERT(sig && strstr(sig, k->name));
        free(sig);
        for (int p = 0; p < k->nparams; p++)
            FUZZ_ASSERT(day_param_type_bytes(k->params[p].type) > 0);
        read_kernel(m, k);
    }
    if (m->baseline) read_sizes(m, m->baseline, &m->course);
    for (int i = 0; i < m->course.n; i++)
        (void)day_size_get(&m->course, m->course.keys[i], -1);
    for (int h = 0; h < m->nhidden; h++)
        for (int i = 0; i < m->hidden[h].n; i++)
            (void)day_size_get(&m->hidden[h], m->hidden[h].keys[i], -1);
    for (int i = 0; i < m->nhints; i++) FUZZ_ASSERT(m->hints[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_strndup(data, size);
    char path[128];
    path_for(text, path, sizeof path);
    day_manifest *m = NULL;
    cl_error err = {0};
    cl_status st = day_manifest_parse(path, (const char *)data, size, &m, &err);
    if (st == CL_OK) {
        FUZZ_ASSERT(m);
        read_back(m);
    } else {
        FUZZ_ASSERT(!m && err.message[0]);
    }
    day_manifest_free(m);
    free(text);
    return 0;
}
