/* batch_points.c - what a submission's grade is worth, check by check
 * (batch.h): the grade's own points (report_score, decided once by the
 * grade: docs/instructor-guide.md, "Points"), summed over the day's kernels.
 * Nothing here judges a check; a submission that could not be graded earns
 * nothing of what the day's kernels are worth. */
#include "batch.h"

#include <string.h>

double batch_points_max(const day_kernel *k, day_check c)
{
    return (double)day_kernel_points(k, c); /* 0 for a check it does not list */
}

void batch_points_take(const day_manifest *m, const char *json, const report_result *r,
                       batch_points *out)
{
    (void)json;
    memset(out, 0, sizeof *out);
    out->known = r != NULL;
    if (r) {
        for (int c = 0; c < DAY_CHECK_COUNT; c++) {
            out->earned[c] = r->checks[c].points;
            out->max[c] = r->checks[c].max_points;
        }
        return;
    }
    for (int i = 0; i < day_manifest_nscored(m); i++)
        for (int c = 0; c < DAY_CHECK_COUNT && !day_manifest_scored(m, i)->optional; c++)
            out->max[c] += batch_points_max(day_manifest_scored(m, i), (day_check)c);
}
