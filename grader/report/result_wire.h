/* result_wire.h - the whole result model as bytes and back, exactly: every
 * field, the ones the JSON leaves out included (timings, a program's trace).
 * A grade's sandboxed child (grade/isolate.c) hands its report to cudalab
 * this way. The reader trusts nothing: it is given what a child that may be
 * compromised wrote, and checks every count, length and enum against what
 * the model allows.
 *
 * Prefix: report_wire_. */
#ifndef CUDALAB_RESULT_WIRE_H
#define CUDALAB_RESULT_WIRE_H

#include "result.h"

/* r's bytes appended to out. */
void report_wire_put(const report_result *r, cl_str *out);
/* A report from exactly len bytes that report_wire_put wrote: CL_OK with
 * *out (caller frees with report_free), or CL_INTERNAL naming what was
 * wrong, and *out NULL. */
cl_status report_wire_get(const void *bytes, size_t len, report_result **out, cl_error *err);

#endif
