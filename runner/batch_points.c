/* batch_points.c - what a submission's grade is worth, check by check
 * (batch.h). Each check a kernel lists in the day's manifest is worth its
 * `points:` there (1 when not named: day_kernel_points, the rule the
 * Gradescope autograder and the GitHub Classroom workflow use too); the
 * kernel earns them when that check holds for that kernel. Where the grader's report gives a check's points itself (a
 * "points" and a "max_points" number in its entry of "checks"), those win. */
#include "batch.h"

#include <cjson/cJSON.h>
#include <string.h>

double batch_points_max(const day_kernel *k, day_check c)
{
    return (double)day_kernel_points(k, c); /* 0 for a check it does not list */
}

static const report_kernel *find_kernel(const report_result *r, const char *name)
{
    for (int i = 0; i < r->nkernels; i++)
        if (!strcmp(r->kernels[i].name, name)) return &r->kernels[i];
    return NULL;
}

static bool right_everywhere(const report_kernel *k)
{
    if (!k->yours.ran || k->yours.wrong != 0) return false;
    for (int i = 0; i < k->nsizes; i++) {
        const report_size_result *z = &k->sizes[i];
        if (!z->ran || z->outcome || z->wrong != 0 || z->gpu_wrong > 0) return false;
    }
    return true;
}

/* No error of check c names kernel k (or names no kernel at all). */
static bool no_hazard(const report_result *r, const report_kernel *k, day_check c)
{
    for (int i = 0; i < r->nhazards; i++) {
        const report_hazard *h = &r->hazards[i];
        if (h->check == c && h->severity == REPORT_ERROR && (!h->kernel || !strcmp(h->kernel, k->name)))
            return false;
    }
    return r->checks[c].ran;
}

static bool within(long have, long limit) { return limit < 0 || have < 0 || have <= limit; }

static bool holds(const report_result *r, const day_kernel *dk, const report_kernel *k, day_check c)
{
    const report_side *y = &k->yours;
    switch (c) {
    case DAY_CHECK_CORRECTNESS: return right_everywhere(k);
    case DAY_CHECK_RESOURCES:
        return within(y->registers, dk->limits.registers) && within(y->shared_bytes, dk->limits.shared_bytes) &&
               within(y->spill_bytes, dk->limits.spill_bytes) && within(y->stack_bytes, dk->limits.stack_bytes);
    case DAY_CHECK_COMPILE:
    case DAY_CHECK_PERFORMANCE: return r->checks[c].ran && r->checks[c].passed;
    default: return no_hazard(r, k, c);
    }
}

/* The report's own points for a check, where it gives them. */
static void take_reported(const char *json, batch_points *out)
{
    cJSON *o = json ? cJSON_Parse(json) : NULL, *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(o, "checks")) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(c, "name");
        const cJSON *got = cJSON_GetObjectItemCaseSensitive(c, "points");
        const cJSON *max = cJSON_GetObjectItemCaseSensitive(c, "max_points");
        int id = cJSON_IsString(name) ? day_check_from_name(name->valuestring) : -1;
        if (id >= 0 && cJSON_IsNumber(got) && cJSON_IsNumber(max)) {
            out->earned[id] = got->valuedouble;
            out->max[id] = max->valuedouble;
        }
    }
    cJSON_Delete(o);
}

void batch_points_take(const day_manifest *m, const char *json, const report_result *r,
                       batch_points *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < m->nkernels; i++) {
        const day_kernel *dk = &m->kernels[i];
        const report_kernel *k = r && !dk->optional ? find_kernel(r, dk->name) : NULL;
        bool built = k && k->present && r->checks[DAY_CHECK_COMPILE].passed;
        for (int c = 0; c < DAY_CHECK_COUNT && !dk->optional; c++) {
            double worth = batch_points_max(dk, (day_check)c);
            out->max[c] += worth;
            if (built && worth > 0 && holds(r, dk, k, (day_check)c)) out->earned[c] += worth;
        }
    }
    out->known = r != NULL;
    if (r) take_reported(json, out);
}
