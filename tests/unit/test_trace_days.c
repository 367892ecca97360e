/* test_trace_days.c - `cudalab show`, `cudalab hint` and
 * `cudalab trace --json` on every bundled day: show names the day's
 * kernels, hint reveals its first hint; trace runs on the day's
 * solution, every kernel its manifest names (an optional kernel the
 * solution does not write aside: day 23's counter-example, which
 * test_trace runs from its fixture): each must come out as a trace of a
 * warp that ran (exit 0, the launch completed, block 0's warp 0 ran its
 * instructions), the days of a program of launches included (the launch
 * traced is the kernel's first in the program, and says so). A day the
 * stepper refuses fails here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "days/day.h"
#include "run_cudalab.h"

static char tmp[64];

static int setup(void **state)
{
    (void)state;
    strcpy(tmp, "/tmp/cudalab-trace-days-XXXXXX");
    assert_non_null(mkdtemp(tmp));
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = cl_sprintf("rm -rf %s", tmp);
    int rc = system(cmd);
    free(cmd);
    return rc;
}

/* Whether the solution's text names the kernel (an optional kernel it may
 * not write). */
static bool writes_kernel(const char *solution, const char *kernel)
{
    char *text = NULL;
    assert_int_equal(cl_read_file(solution, &text, NULL, NULL), CL_OK);
    char *decl = cl_sprintf(" %s(", kernel);
    bool found = strstr(text, decl) != NULL;
    free(decl);
    free(text);
    return found;
}

/* Kernel k of day m traced from the solution: a warp that ran. */
static void trace_one(const day_manifest *m, const char *solution, const day_kernel *k, int *with_steps)
{
    cl_str out = {0}, err = {0};
    char *args = cl_sprintf("trace %d %s --kernel %s --json", m->day, solution, k->name);
    int rc = run_cudalab(tmp, "", args, &out, &err);
    if (rc != 0)
        fail_msg("day %d, kernel %s: cudalab %s exited %d: %s", m->day, k->name, args, rc, cl_str_cstr(&err));
    cJSON *o = cJSON_Parse(cl_str_cstr(&out));
    if (!o) fail_msg("day %d, kernel %s: not JSON:\n%s", m->day, k->name, cl_str_cstr(&out));
    const cJSON *outcome = cJSON_GetObjectItem(o, "outcome"), *program = cJSON_GetObjectItem(o, "program");
    if (!cJSON_IsString(outcome) || strcmp(outcome->valuestring, "completed") != 0)
        fail_msg("day %d, kernel %s: the launch did not complete:\n%s", m->day, k->name, cl_str_cstr(&out));
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(o, "ran")));
    assert_string_equal(cJSON_GetObjectItem(o, "kernel")->valuestring, k->name);
    if (cJSON_GetObjectItem(o, "instructions")->valuedouble < 5)
        fail_msg("day %d, kernel %s: the warp ran almost nothing:\n%s", m->day, k->name, cl_str_cstr(&out));
    assert_int_equal(cJSON_GetObjectItem(o, "launch")->valueint, 1);
    if (m->program)
        assert_string_equal(program->valuestring, m->program->judged.name);
    else
        assert_true(cJSON_IsNull(program));
    if (cJSON_GetArraySize(cJSON_GetObjectItem(o, "steps")) > 0) (*with_steps)++;
    cJSON_Delete(o);
    free(args);
    cl_str_free(&out);
    cl_str_free(&err);
}

/* `cudalab show N` and `cudalab hint N` on day m, as a learner without
 * the runner reads them: the exercise text (its kernels' names), and the
 * first hint, word for word, with the count of hints. */
static void show_and_hint(const day_manifest *m)
{
    cl_str out = {0}, err = {0};
    char *args = cl_sprintf("show %d", m->day);
    int rc = run_cudalab(tmp, "", args, &out, &err);
    if (rc != 0) fail_msg("day %d: cudalab %s exited %d: %s", m->day, args, rc, cl_str_cstr(&err));
    for (int j = 0; j < m->nkernels; j++)
        if (!m->kernels[j].optional && !strstr(cl_str_cstr(&out), m->kernels[j].name))
            fail_msg("day %d: cudalab show does not name kernel %s:\n%s", m->day, m->kernels[j].name,
                     cl_str_cstr(&out));
    free(args);
    cl_str_free(&out);
    cl_str_free(&err);
    if (m->nhints < 1) return;
    args = cl_sprintf("hint %d", m->day);
    rc = run_cudalab(tmp, "", args, &out, &err);
    if (rc != 0) fail_msg("day %d: cudalab %s exited %d: %s", m->day, args, rc, cl_str_cstr(&err));
    char *head = cl_sprintf("hint 1 of %d", m->nhints);
    char first[24] = ""; /* the hint's first words, before any markup */
    snprintf(first, sizeof first, "%s", m->hints[0]);
    if (!strstr(cl_str_cstr(&out), head) || !strstr(cl_str_cstr(&out), first))
        fail_msg("day %d: cudalab hint does not show '%s' and '%s':\n%s", m->day, head, first,
                 cl_str_cstr(&out));
    free(head);
    free(args);
    cl_str_free(&out);
    cl_str_free(&err);
}

static void test_every_day(void **state)
{
    (void)state;
    day_course *c = NULL;
    cl_error err = {0};
    assert_int_equal(day_course_load(day_course_root(), &c, &err), CL_OK);
    int days = 0, programs = 0, kernels = 0, with_steps = 0;
    for (int i = 0; i < c->ndays; i++) {
        const day_manifest *m = c->days[i].manifest;
        if (!m) fail_msg("day %s does not load: %s", c->days[i].slug, c->days[i].error.message);
        show_and_hint(m);
        char *solution = day_solution_path(c, m);
        for (int j = 0; j < m->nkernels; j++) {
            if (m->kernels[j].optional && !writes_kernel(solution, m->kernels[j].name)) continue;
            trace_one(m, solution, &m->kernels[j], &with_steps);
            kernels++;
        }
        free(solution);
        days++;
        programs += m->program != NULL;
    }
    /* the bundled course: 25 days, 6 of them programs (30, 31, 36, 42, 72, 81) */
    assert_true(days >= 25);
    assert_true(programs >= 6);
    assert_true(with_steps >= kernels / 2); /* most kernels shuffle, vote or wait at a barrier */
    print_message("traced %d kernels of %d days (%d of them programs); %d with steps\n", kernels, days,
                  programs, with_steps);
    day_course_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_day),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
