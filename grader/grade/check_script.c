/* check_script.c - a kernel's check script (docs/day-format.md), run after
 * the comparison at each size. */
#include "grade_internal.h"

cl_status grade_check_script(grading *g, const harness_request *req, const grade_oracle *oracle,
                             harness_result *hr, cl_error *err)
{
    (void)oracle;
    (void)hr;
    if (!req->kernel->check) return CL_OK;
    return cl_fail(err, CL_INTERNAL, g->day->path, req->kernel->line, 0,
                   "%s names a check script, which this build of cudalab cannot run",
                   req->kernel->name);
}
