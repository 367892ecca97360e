/* classroom_steps.c - the GitHub Classroom workflow of docs/classroom/
 * exercised: its steps read from the YAML and run as GitHub's runner runs
 * them (`run:` through bash -eo pipefail, each autograding test's command
 * through bash, its max-score when it exits 0), in a student edition with a
 * student's file at SUBMISSION. Checkout, the steps named "Install..." and
 * "Build..." (the built cudalab stands in) and the reporter are not run.
 * Each check's max-score must be the sum of the day's points for it, and the
 * edition's copy of the workflow must name this machine's CUDA release. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/proc.h"
#include "core/yamldoc.h"
#include "days/day.h"

#define REPO CUDALAB_TEST_DIR "/.."
#define WORKFLOW REPO "/docs/classroom/classroom.yml"
#define SUBMISSIONS CUDALAB_TEST_DIR "/e2e/submissions/day14"

typedef struct workflow {
    cl_yaml_doc doc;
    char *text;
    yaml_node_t *env, *steps;
    char *top, *repo; /* the assignment: a student edition, in top */
    CL_VEC(char *) environ; /* NAME=value, the workflow's env */
} workflow;

static yaml_node_t *get(workflow *w, yaml_node_t *map, const char *key)
{
    if (!map || map->type != YAML_MAPPING_NODE) return NULL;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        const char *k = cl_yaml_scalar(cl_yaml_node(&w->doc, p->key));
        if (k && !strcmp(k, key)) return cl_yaml_node(&w->doc, p->value);
    }
    return NULL;
}

static const char *get_str(workflow *w, yaml_node_t *map, const char *key)
{
    return cl_yaml_scalar(get(w, map, key));
}

static int run_in(const workflow *w, const char *const *argv, double timeout_s, char **out)
{
    cl_proc_spec spec = {.argv = argv, .cwd = w->repo, .env = (const char *const *)w->environ.v,
                         .timeout_s = timeout_s};
    cl_proc_result res;
    cl_error err = {0};
    assert_int_equal(cl_proc_run(&spec, &res, &err), CL_OK);
    int rc = res.timed_out ? 124 : res.exit_code;
    if (out) *out = cl_sprintf("%s%s", res.out, res.err);
    cl_proc_result_free(&res);
    return rc;
}

static void load(workflow *w)
{
    cl_error err = {0};
    assert_int_equal(cl_read_file(WORKFLOW, &w->text, NULL, &err), CL_OK);
    assert_int_equal(cl_yaml_load(&w->doc, WORKFLOW, w->text, strlen(w->text), &err), CL_OK);
    yaml_node_t *root = cl_yaml_root(&w->doc), *jobs = get(w, root, "jobs");
    assert_non_null(jobs);
    yaml_node_t *job = cl_yaml_node(&w->doc, jobs->data.mapping.pairs.start->value);
    w->env = get(w, root, "env");
    w->steps = get(w, job, "steps");
    assert_non_null(w->env);
    assert_non_null(w->steps);
    for (yaml_node_pair_t *p = w->env->data.mapping.pairs.start; p < w->env->data.mapping.pairs.top; p++)
        CL_VEC_PUSH(&w->environ, cl_sprintf("%s=%s", cl_yaml_scalar(cl_yaml_node(&w->doc, p->key)),
                                            cl_yaml_scalar(cl_yaml_node(&w->doc, p->value))));
    CL_VEC_PUSH(&w->environ, NULL);
    w->environ.n--;
}

/* The student edition with the built cudalab as build/cudalab. */
static void make_repo(workflow *w)
{
    char tmpl[] = "/tmp/cudalab-classroom-XXXXXX";
    assert_non_null(mkdtemp(tmpl));
    w->top = cl_strdup(tmpl);
    w->repo = cl_sprintf("%s/assignment", tmpl);
    /* An nvcc that calls itself release 12.4 and is the real one otherwise. */
    char *fake = cl_sprintf("%s/bin/nvcc", tmpl), *fake_dir = cl_sprintf("%s/bin", tmpl);
    char *env_nvcc = cl_sprintf("CUDALAB_NVCC=%s", fake);
    static const char script[] =
        "#!/bin/sh\n"
        "[ \"$1\" = --version ] && { echo 'Cuda compilation tools, release 12.4, V12.4.131'; exit 0; }\n"
        "exec /usr/local/cuda/bin/nvcc \"$@\"\n";
    cl_error e = {0};
    assert_int_equal(cl_mkdirs(fake_dir, &e), CL_OK);
    assert_int_equal(cl_write_file_atomic(fake, script, strlen(script), &e), CL_OK);
    assert_int_equal(chmod(fake, 0755), 0);
    const char *env[] = {env_nvcc, NULL};
    const char *argv[] = {CUDALAB_BINARY, "pack", "student", w->repo, NULL};
    cl_proc_spec spec = {.argv = argv, .env = env, .timeout_s = 300};
    cl_proc_result res;
    cl_error err = {0};
    assert_int_equal(cl_proc_run(&spec, &res, &err), CL_OK);
    assert_int_equal(res.exit_code, 0);
    cl_proc_result_free(&res);
    free(fake), free(fake_dir), free(env_nvcc);
    /* The edition's workflow installs the nvcc that made its PTX: packed
     * with an nvcc that says it is release 12.4, it says 12-4. */
    char *yml = cl_path_join(w->repo, "docs/classroom/classroom.yml"), *text = NULL;
    assert_int_equal(cl_read_file(yml, &text, NULL, &err), CL_OK);
    if (!strstr(text, "\n  CUDA: \"12-4\"")) fail_msg("the edition's classroom.yml: %.300s", strstr(text, "CUDA:"));
    free(text);
    free(yml);
    char *build = cl_path_join(w->repo, "build"), *link = cl_path_join(build, "cudalab");
    assert_int_equal(cl_mkdirs(build, &err), CL_OK);
    assert_int_equal(symlink(CUDALAB_BINARY, link), 0);
    free(build);
    free(link);
}

static const char *env_of(const workflow *w, const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < w->environ.n; i++)
        if (!strncmp(w->environ.v[i], name, n) && w->environ.v[i][n] == '=') return w->environ.v[i] + n + 1;
    return NULL;
}

/* An e2e file as a student hands it in: the reference pasted where it says
 * `// e2e-paste: solutions/...`. */
static char *pasted(char *text)
{
    char *at = strstr(text, "// e2e-paste: "), *ref = NULL, *body = NULL;
    cl_error err = {0};
    if (!at) return text;
    size_t n = strcspn(at, "\n");
    ref = cl_sprintf("%s/%.*s", REPO, (int)(n - 14), at + 14);
    assert_int_equal(cl_read_file(ref, &body, NULL, &err), CL_OK);
    char *result = cl_sprintf("%.*s%s%s", (int)(at - text), text, body, at + n);
    free(ref);
    free(body);
    free(text);
    return result;
}

/* The student's file at SUBMISSION (NULL: none), as a student commits it. */
static void hand_in(const workflow *w, const char *name)
{
    char *path = cl_path_join(w->repo, env_of(w, "SUBMISSION")), *slash = strrchr(path, '/');
    cl_error err = {0};
    unlink(path);
    if (name) {
        char *from = cl_sprintf("%s/%s", name[0] == '/' ? "" : SUBMISSIONS, name), *text = NULL;
        assert_int_equal(cl_read_file(from, &text, NULL, &err), CL_OK);
        text = pasted(text);
        *slash = '\0';
        assert_int_equal(cl_mkdirs(path, &err), CL_OK);
        *slash = '/';
        assert_int_equal(cl_write_file_atomic(path, text, strlen(text), &err), CL_OK);
        free(text);
        free(from);
    }
    free(path);
}

typedef struct outcome {
    int grade_rc; /* the Grade step's exit status */
    double score, max;
    char names[8][32];
    double got[8], of[8];
    int ntests;
} outcome;

static bool skipped(workflow *w, yaml_node_t *step)
{
    const char *name = get_str(w, step, "name"), *uses = get_str(w, step, "uses");
    if (name && (!strncmp(name, "Install", 7) || !strncmp(name, "Build", 5))) return true;
    return uses && (strstr(uses, "actions/checkout") || strstr(uses, "grading-reporter"));
}

static void run_steps(workflow *w, outcome *o)
{
    memset(o, 0, sizeof *o);
    for (size_t i = 0; i < (size_t)(w->steps->data.sequence.items.top - w->steps->data.sequence.items.start); i++) {
        yaml_node_t *step = cl_yaml_item(&w->doc, w->steps, i);
        const char *run = get_str(w, step, "run"), *uses = get_str(w, step, "uses");
        if (skipped(w, step)) continue;
        if (run) {
            const char *argv[] = {"bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", run, NULL};
            char *out = NULL;
            o->grade_rc = run_in(w, argv, 600, &out);
            printf("--- %s: exit %d\n%s", get_str(w, step, "name"), o->grade_rc, out);
            free(out);
            continue;
        }
        assert_non_null(strstr(uses, "autograding-command-grader"));
        yaml_node_t *with = get(w, step, "with");
        const char *cmd = get_str(w, with, "command");
        double max = atof(get_str(w, with, "max-score")), minutes = atof(get_str(w, with, "timeout"));
        const char *argv[] = {"bash", "-c", cmd, NULL};
        int rc = run_in(w, argv, 60 * minutes, NULL);
        assert_true(o->ntests < 8);
        snprintf(o->names[o->ntests], sizeof o->names[0], "%s", get_str(w, with, "test-name"));
        o->of[o->ntests] = max;
        o->got[o->ntests] = rc == 0 ? max : 0;
        o->score += o->got[o->ntests];
        o->max += max;
        o->ntests++;
    }
}

static double got(const outcome *o, const char *name)
{
    for (int i = 0; i < o->ntests; i++)
        if (!strcmp(o->names[i], name)) return o->got[i];
    fail_msg("no test %s", name);
    return -1;
}

/* Each check's max-score is the sum of its points over the day's kernels. */
static void check_points(const workflow *w, const outcome *o)
{
    day_course *c = NULL;
    const day_entry *e = NULL;
    cl_error err = {0};
    assert_int_equal(day_course_load(REPO, &c, &err), CL_OK);
    assert_int_equal(day_course_find(c, env_of(w, "DAY"), &e, &err), CL_OK);
    for (int i = 0; i < o->ntests; i++) {
        int check = day_check_from_name(o->names[i]);
        assert_true(check >= 0);
        if (check == DAY_CHECK_COMPILE) continue;
        int sum = 0;
        for (int k = 0; k < e->manifest->nkernels; k++)
            sum += day_kernel_points(&e->manifest->kernels[k], (day_check)check);
        assert_true(sum > 0);
        assert_int_equal((int)o->of[i], sum);
    }
    day_course_free(c);
}

static void test_classroom_workflow(void **state)
{
    (void)state;
    char *jq = cl_proc_which("jq");
    if (!jq) skip(); /* GitHub's runners have it; the workflow installs it too */
    free(jq);
    workflow w = {0};
    outcome o;
    load(&w);
    make_repo(&w);

    hand_in(&w, REPO "/solutions/day14-syncthreads/syncthreads.cu");
    run_steps(&w, &o);
    assert_int_equal(o.grade_rc, 0);
    assert_int_equal(o.ntests, 6);
    assert_true(o.score == o.max && o.max > 0);
    check_points(&w, &o);

    hand_in(&w, "sums_no_barrier.cu"); /* self-contained: a race in blockSums */
    run_steps(&w, &o);
    assert_int_equal(o.grade_rc, 0); /* exit 1 of grade: graded, not passed */
    assert_true(got(&o, "races") == 0);
    assert_true(got(&o, "compile") == 1 && got(&o, "memory") == 2);

    hand_in(&w, "compile_error.cu");
    run_steps(&w, &o);
    assert_int_equal(o.grade_rc, 0);
    assert_true(o.score == 0);

    hand_in(&w, NULL); /* nothing committed: could not grade */
    run_steps(&w, &o);
    assert_int_equal(o.grade_rc, 1);
    assert_true(o.score == 0);

    const char *argv[] = {"rm", "-rf", w.top, NULL};
    run_in(&w, argv, 60, NULL);
    free(w.top);
    for (size_t i = 0; i < w.environ.n; i++) free(w.environ.v[i]);
    free(w.environ.v);
    cl_yaml_free(&w.doc);
    free(w.text);
    free(w.repo);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classroom_workflow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
