/* status.c - status names and messages, and the error record. */
#include "core.h"

#include <stdio.h>
#include <stdlib.h>
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

/* The message holds names from outside (a student's file, a compiler's
 * words): it is made safe to show (core.h), then cut at a character. */
void cl_error_format(const cl_error *err, char *buf, size_t size)
{
    char raw[sizeof err->file + sizeof err->message + 32];
    if (!size) return;
    if (!err->file[0])
        snprintf(raw, sizeof raw, "%s", err->message);
    else if (err->line <= 0)
        snprintf(raw, sizeof raw, "%s: %s", err->file, err->message);
    else if (err->column <= 0)
        snprintf(raw, sizeof raw, "%s:%d: %s", err->file, err->line, err->message);
    else
        snprintf(raw, sizeof raw, "%s:%d:%d: %s", err->file, err->line, err->column,
                 err->message);
    char *safe = cl_text_safe(raw, 0);
    size_t n = strlen(safe);
    if (n >= size) {
        n = size - 1;
        while (n && ((unsigned char)safe[n] & 0xc0) == 0x80) n--;
    }
    memcpy(buf, safe, n);
    buf[n] = '\0';
    free(safe);
}
