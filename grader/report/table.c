/* table.c - CSV rows and Gradescope results from the result model. */
#include "table.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void quoted(cl_str *b, const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
        cl_str_add(b, s);
        return;
    }
    cl_str_addc(b, '"');
    for (const char *p = s; *p; p++) {
        if (*p == '"') cl_str_addc(b, '"');
        cl_str_addc(b, *p);
    }
    cl_str_addc(b, '"');
}

/* A CSV cell, made safe to show (core.h: a path's newline becomes \n), then
 * quoted when it holds a comma or a quote. */
static void cell(cl_str *b, bool first, const char *raw)
{
    if (!first) cl_str_addc(b, ',');
    if (!raw) return;
    char *s = cl_text_safe(raw, 0);
    quoted(b, s);
    free(s);
}

static const char *const kernel_columns[] = {"wrong", "total", "registers", "shared_bytes",
                                             "spill_bytes", "instructions", "ms", "gbps"};
#define NCOLS (sizeof kernel_columns / sizeof *kernel_columns)

static void header(report_csv_table *t, const day_manifest *m)
{
    cell(&t->text, true, "submission");
    cell(&t->text, false, "passed");
    cell(&t->text, false, "error");
    for (int c = 0; c < DAY_CHECK_COUNT; c++) cell(&t->text, false, day_check_name((day_check)c));
    for (int k = 0; k < m->nkernels; k++)
        for (size_t i = 0; i < NCOLS; i++) {
            char name[160];
            snprintf(name, sizeof name, "%s.%s", m->kernels[k].name, kernel_columns[i]);
            cell(&t->text, false, name);
        }
    cl_str_addc(&t->text, '\n');
    t->header_done = true;
}

static void kernel_cells(cl_str *b, const report_kernel *k)
{
    const report_side *s = k ? &k->yours : NULL;
    double v[NCOLS] = {0};
    bool known[NCOLS] = {0};
    if (s && s->ran) {
        v[0] = (double)s->wrong, known[0] = s->wrong >= 0;
        v[1] = (double)s->total, known[1] = s->total >= 0;
        v[5] = (double)s->instructions, known[5] = s->instructions > 0;
        v[6] = s->ms, known[6] = s->has_ms;
        v[7] = s->gbps, known[7] = s->has_ms;
    }
    if (s) {
        v[2] = (double)s->registers, known[2] = s->registers >= 0;
        v[3] = (double)s->shared_bytes, known[3] = s->shared_bytes >= 0;
        v[4] = (double)s->spill_bytes, known[4] = s->spill_bytes >= 0;
    }
    for (size_t i = 0; i < NCOLS; i++) {
        char num[64];
        snprintf(num, sizeof num, "%.10g", v[i]);
        cell(b, false, known[i] ? num : NULL);
    }
}

void report_csv_add(report_csv_table *t, const day_manifest *m, const char *path,
                    const report_result *r, const char *reason)
{
    if (!t->header_done) header(t, m);
    cell(&t->text, true, path);
    cell(&t->text, false, r ? (r->passed ? "yes" : "no") : NULL);
    cell(&t->text, false, reason);
    for (int c = 0; c < DAY_CHECK_COUNT; c++) {
        const report_check *k = r ? &r->checks[c] : NULL;
        cell(&t->text, false, k && !k->applies ? "n/a" : !k || !k->ran ? NULL
                                                       : k->passed ? "pass" : "fail");
    }
    for (int i = 0; i < m->nkernels; i++) {
        const report_kernel *k = NULL;
        for (int j = 0; r && j < r->nkernels && !k; j++)
            if (!strcmp(r->kernels[j].name, m->kernels[i].name)) k = &r->kernels[j];
        kernel_cells(&t->text, k);
    }
    cl_str_addc(&t->text, '\n');
}

char *report_csv_finish(report_csv_table *t)
{
    t->header_done = false;
    return cl_str_take(&t->text);
}

char *report_to_gradescope(const report_result *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON *tests = cJSON_AddArrayToObject(o, "tests");
    int score = 0, max = 0;
    for (int c = 0; c < DAY_CHECK_COUNT; c++) {
        const report_check *k = &r->checks[c];
        if (c == DAY_CHECK_PERFORMANCE && !k->ran) continue;
        bool ok = k->ran && k->passed;
        cJSON *t = cJSON_CreateObject();
        cJSON_AddStringToObject(t, "name", day_check_name((day_check)c));
        cJSON_AddNumberToObject(t, "score", ok ? 1 : 0);
        cJSON_AddNumberToObject(t, "max_score", 1);
        cJSON_AddStringToObject(t, "status", ok ? "passed" : "failed");
        char *output = cl_text_safe(k->detail && *k->detail ? k->detail : k->ran ? "" : "not run", 0);
        cJSON_AddStringToObject(t, "output", output);
        free(output);
        cJSON_AddItemToArray(tests, t);
        score += ok;
        max++;
    }
    cJSON_AddNumberToObject(o, "score", score);
    cJSON_AddNumberToObject(o, "max_score", max);
    char *text = cJSON_Print(o);
    char *out = cl_strdup(text);
    cJSON_free(text);
    cJSON_Delete(o);
    return out;
}

char *report_could_not_grade_json(const char *file, const char *reason)
{
    cJSON *o = cJSON_CreateObject();
    char *safe = cl_text_safe(file, 0);
    cJSON_AddStringToObject(o, "file", safe);
    free(safe);
    cJSON_AddStringToObject(o, "error", "could not grade");
    if (reason) {
        safe = cl_text_safe(reason, 0);
        cJSON_AddStringToObject(o, "reason", safe);
        free(safe);
    }
    char *text = cJSON_Print(o);
    char *out = cl_sprintf("%s\n", text);
    cJSON_free(text);
    cJSON_Delete(o);
    return out;
}
