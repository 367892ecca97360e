/* fuzz_util.c - helpers shared by the fuzz targets. */
#include "fuzz.h"

#include <string.h>

#include "core/core.h"

char *fuzz_strndup(const uint8_t *data, size_t size)
{
    char *s = cl_malloc(size + 1);
    if (size) memcpy(s, data, size);
    s[size] = '\0';
    return s;
}
