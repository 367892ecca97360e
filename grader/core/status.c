/* status.c - status names and messages, and the error record. */
#include "core.h"

#include <stdio.h>
#include <string.h>

static const char *const status_names[] = {
#define CL_STATUS_NAME(name, msg) #name,
    CL_STATUS_CODES(CL_STATUS_NAME)
#undef CL_STATUS_NAME
};

static const char *const status_messages[] = {
#define CL_STATUS_MSG(name, msg) msg,
    CL_STATUS_CODES(CL_STATUS_MSG)
#undef CL_STATUS_MSG
};

const char *cl_status_name(cl_status s)
{
    return (unsigned)s < CL_STATUS_COUNT ? status_names[s] : "UNKNOWN";
}

const char *cl_status_message(cl_status s)
{
    return (unsigned)s < CL_STATUS_COUNT ? status_messages[s] : "unknown status";
}

cl_status cl_fail(cl_error *err, cl_status status, const char *file, int line,
                  int column, const char *fmt, ...)
{
    if (!err) return status;
    err->status = status;
    snprintf(err->file, sizeof err->file, "%s", file ? file : "");
    err->line = line;
    err->column = column;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return status;
}

void cl_error_format(const cl_error *err, char *buf, size_t size)
{
    if (!err->file[0])
        snprintf(buf, size, "%s", err->message);
    else if (err->line <= 0)
        snprintf(buf, size, "%s: %s", err->file, err->message);
    else if (err->column <= 0)
        snprintf(buf, size, "%s:%d: %s", err->file, err->line, err->message);
    else
        snprintf(buf, size, "%s:%d:%d: %s", err->file, err->line, err->column,
                 err->message);
}
