/* classroom50.c - Classroom 50's result file (classroom50/result/v1) from the
 * result model: a test for each score the grade decided, so its points are
 * batch's and Gradescope's (docs/classroom/README.md). */
#include "table.h"

#include <cjson/cJSON.h>
#include <stdlib.h>

static void add_test(cJSON *tests, const char *name, bool passed, double score, double max)
{
    cJSON *t = cJSON_CreateObject();
    char *safe = cl_text_safe(name, 0);
    cJSON_AddStringToObject(t, "test-name", safe);
    free(safe);
    cJSON_AddBoolToObject(t, "passed", passed);
    cJSON_AddNumberToObject(t, "score", score);
    cJSON_AddNumberToObject(t, "max-score", max);
    cJSON_AddItemToArray(tests, t);
}

static void add_id(cJSON *o, const char *key, const char *value)
{
    char *safe = cl_text_safe(value ? value : "", 0);
    cJSON_AddStringToObject(o, key, safe);
    free(safe);
}

char *report_to_classroom50(const report_result *r, const day_manifest *m, const report_c50_id *id)
{
    cJSON *o = cJSON_CreateObject(), *tests = cJSON_CreateArray();
    double score = 0, max = 0;
    add_test(tests, "compile", r && r->checks[DAY_CHECK_COMPILE].passed, 0, 0);
    for (int i = 0; r && i < r->nscores; i++) {
        const report_score *s = &r->scores[i];
        char *name = cl_sprintf("%s: %s", s->kernel, day_check_name(s->check));
        add_test(tests, name, s->passed, s->points, s->max_points);
        free(name);
        score += s->points;
        max += s->max_points;
    }
    for (int i = 0; !r && i < day_manifest_nscored(m); i++) { /* could not grade: nothing earned */
        const day_kernel *k = day_manifest_scored(m, i);
        for (int c = 0; c < DAY_CHECK_COUNT && !k->optional; c++) {
            if (!(k->checks & (1u << c))) continue;
            char *name = cl_sprintf("%s: %s", k->name, day_check_name((day_check)c));
            add_test(tests, name, false, 0, day_kernel_points(k, (day_check)c));
            free(name);
            max += day_kernel_points(k, (day_check)c);
        }
    }
    cJSON_AddStringToObject(o, "schema", "classroom50/result/v1");
    add_id(o, "classroom", id->classroom);
    add_id(o, "assignment", id->assignment);
    add_id(o, "owner", id->owner);
    cJSON *users = cJSON_AddArrayToObject(o, "usernames");
    char *owner = cl_text_safe(id->owner ? id->owner : "", 0);
    cJSON_AddItemToArray(users, cJSON_CreateString(owner));
    free(owner);
    add_id(o, "submission", id->submission);
    add_id(o, "commit", id->commit);
    add_id(o, "release", id->release);
    add_id(o, "review", id->review);
    add_id(o, "datetime", id->datetime);
    cJSON_AddNumberToObject(o, "score", score);
    cJSON_AddNumberToObject(o, "max-score", max);
    cJSON_AddItemToObject(o, "tests", tests);
    char *text = cJSON_Print(o);
    char *out = cl_sprintf("%s\n", text);
    cJSON_free(text);
    cJSON_Delete(o);
    return out;
}
