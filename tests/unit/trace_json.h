/* trace_json.h - the trace tests' reading of `cudalab trace --json`
 * (test_trace, test_trace_program): a key's number or string, which must
 * be there, and step i of the record. Included after cmocka.h. */
#ifndef CUDALAB_TEST_TRACE_JSON_H
#define CUDALAB_TEST_TRACE_JSON_H

#include <cjson/cJSON.h>

static inline double num(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    if (!cJSON_IsNumber(v)) fail_msg("no number '%s'", key);
    return v->valuedouble;
}

static inline const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    if (!cJSON_IsString(v)) fail_msg("no string '%s'", key);
    return v->valuestring;
}

static inline const cJSON *step(const cJSON *o, int i)
{
    const cJSON *s = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "steps"), i);
    assert_non_null(s);
    return s;
}

#endif
