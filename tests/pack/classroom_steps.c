/* classroom_steps.c - the GitHub Classroom workflow of docs/classroom/
 * exercised: its steps read from the YAML and run as GitHub's runner runs
 * them (`run:` through bash -eo pipefail, each autograding test's command
 * through bash, its max-score when it exits 0), in a student edition with a
 * student's file at SUBMISSION. Checkout, the steps named "Install..." and
 * "Build..." (the built cudalab stands in) and the reporter are not run.
 * Each kernel's check's max-score must be the day's points for it, and the
 * edition's copy of the workflow must name this machine's CUDA release.
 *
 * Then one class graded every way an instructor can (one rule for points,
 * docs/instructor-guide.md): `cudalab batch`'s CSV, Gradescope's
 * results.json from `cudalab autograde`, this workflow's tests,
 * `grade --classroom50`'s result file and Classroom 50's autograder
 * (docs/classroom/autograder.py, run as its runner runs it) must give each
 * file the same points.
 * Every path grades against the checkout's course (CUDALAB_COURSE), hidden
 * sizes included. */
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

#include <cjson/cJSON.h>

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
    yml = cl_path_join(w->repo, "docs/classroom/autograder.py"); /* and the Classroom 50 autograder */
    assert_int_equal(cl_read_file(yml, &text, NULL, &err), CL_OK);
    if (!strstr(text, "\nCUDA = \"12-4\"")) fail_msg("the edition's autograder.py: %.300s", strstr(text, "CUDA ="));
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

#define MAX_TESTS 32
typedef struct outcome {
    int grade_rc; /* the Grade step's exit status */
    double score, max;
    char names[MAX_TESTS][64];
    double got[MAX_TESTS], of[MAX_TESTS];
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
        assert_true(o->ntests < MAX_TESTS);
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

/* compile is worth nothing; each "kernel: check" test its points in the
 * day's manifest, and every kernel's listed check has its test. */
static void check_points(const workflow *w, const outcome *o)
{
    day_course *c = NULL;
    const day_entry *e = NULL;
    cl_error err = {0};
    int listed = 0;
    assert_int_equal(day_course_load(REPO, &c, &err), CL_OK);
    assert_int_equal(day_course_find(c, env_of(w, "DAY"), &e, &err), CL_OK);
    for (int k = 0; k < e->manifest->nkernels; k++)
        for (int check = 0; check < DAY_CHECK_COUNT; check++)
            listed += (e->manifest->kernels[k].checks >> check) & 1;
    assert_int_equal(o->ntests, 1 + listed);
    for (int i = 0; i < o->ntests; i++) {
        if (!strcmp(o->names[i], "compile")) {
            assert_true(o->of[i] == 0);
            continue;
        }
        char *colon = strstr(o->names[i], ": ");
        assert_non_null(colon);
        char *kernel = cl_sprintf("%.*s", (int)(colon - o->names[i]), o->names[i]);
        const day_kernel *k = day_manifest_kernel(e->manifest, kernel);
        int check = day_check_from_name(colon + 2);
        assert_non_null(k);
        assert_true(check > 0 && day_kernel_checks(k, (day_check)check));
        assert_int_equal((int)o->of[i], day_kernel_points(k, (day_check)check));
        free(kernel);
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
    assert_true(o.score == o.max && o.max > 0);
    check_points(&w, &o);

    hand_in(&w, "sums_no_barrier.cu"); /* the reference with a race in blockSums */
    run_steps(&w, &o);
    assert_int_equal(o.grade_rc, 0); /* exit 1 of grade: graded, not passed */
    assert_true(got(&o, "blockSums: races") == 0);
    assert_true(got(&o, "reverseBlocks: races") == 1 && got(&o, "reverseBlocks: memory") == 1);
    /* blockSums is wrong at the course size: none of its checks earn */
    assert_true(got(&o, "blockSums: memory") == 0 && o.score == 5);

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

/* ---- one class, every gradebook ---- */

typedef struct class_file {
    const char *label, *source; /* source as hand_in takes it */
    char *path;                 /* the pasted copy batch and autograde grade */
    double batch, gradescope, classroom, classroom50, max;
} class_file;

/* The file as a student hands it in, at top/class/<label>.cu. */
static void write_class_file(const workflow *w, class_file *f)
{
    char *from = cl_sprintf("%s/%s", f->source[0] == '/' ? "" : SUBMISSIONS, f->source), *text = NULL;
    char *dir = cl_path_join(w->top, "class");
    cl_error err = {0};
    assert_int_equal(cl_read_file(from, &text, NULL, &err), CL_OK);
    text = pasted(text);
    assert_int_equal(cl_mkdirs(dir, &err), CL_OK);
    f->path = cl_sprintf("%s/%s.cu", dir, f->label);
    assert_int_equal(cl_write_file_atomic(f->path, text, strlen(text), &err), CL_OK);
    free(text);
    free(from);
    free(dir);
}

static void spit_stale(const char *path)
{
    cl_error err = {0};
    assert_int_equal(cl_write_file_atomic(path, "{\"score\": 99}\n", 14, &err), CL_OK);
}

static cJSON *read_json(const char *path)
{
    char *text = NULL;
    cl_error err = {0};
    assert_int_equal(cl_read_file(path, &text, NULL, &err), CL_OK);
    cJSON *o = cJSON_Parse(text);
    assert_non_null(o);
    free(text);
    return o;
}

static double number(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    assert_true(cJSON_IsNumber(v));
    return v->valuedouble;
}

/* Gradescope: `cudalab autograde` on a submission folder holding the file
 * (NULL: nothing handed in); its score, and the compile test's status. */
static double gradescope_score(const workflow *w, const char *file, bool *compiled)
{
    char *root = cl_path_join(w->top, "gradescope"), *sub = cl_path_join(root, "submission");
    char *to = cl_path_join(sub, "syncthreads.cu"), *results = cl_path_join(root, "results/results.json");
    char *text = NULL;
    cl_error err = {0};
    const char *rm[] = {"rm", "-rf", root, NULL};
    run_in(w, rm, 60, NULL);
    assert_int_equal(cl_mkdirs(sub, &err), CL_OK);
    if (file) {
        assert_int_equal(cl_read_file(file, &text, NULL, &err), CL_OK);
        assert_int_equal(cl_write_file_atomic(to, text, strlen(text), &err), CL_OK);
    }
    const char *argv[] = {CUDALAB_BINARY, "autograde", "--root", root, "--", env_of(w, "DAY"), NULL};
    assert_int_equal(run_in(w, argv, 600, NULL), 0);
    cJSON *o = read_json(results), *t;
    double score = number(o, "score");
    *compiled = false;
    cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(o, "tests"))
    {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(t, "name");
        const cJSON *status = cJSON_GetObjectItemCaseSensitive(t, "status");
        if (cJSON_IsString(name) && !strcmp(name->valuestring, "compile"))
            *compiled = cJSON_IsString(status) && !strcmp(status->valuestring, "passed");
    }
    cJSON_Delete(o);
    free(text), free(root), free(sub), free(to), free(results);
    return score;
}

/* Classroom 50: `grade --classroom50`'s result file; its score, checked to
 * be the sum of its tests' and its max-score theirs. */
static double classroom50_score(const workflow *w, const char *day, const char *file, double *max)
{
    char *out = cl_path_join(w->top, "result.json");
    const char *argv[] = {CUDALAB_BINARY, "grade", "--classroom50", out, "--", day, file, NULL};
    unlink(out);
    int rc = run_in(w, argv, 600, NULL);
    assert_true(rc == 0 || rc == 1);
    cJSON *o = read_json(out), *t;
    const cJSON *schema = cJSON_GetObjectItemCaseSensitive(o, "schema");
    assert_true(cJSON_IsString(schema) && !strcmp(schema->valuestring, "classroom50/result/v1"));
    double score = number(o, "score"), sum = 0, of = 0;
    *max = number(o, "max-score");
    cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(o, "tests"))
    {
        sum += number(t, "score");
        of += number(t, "max-score");
    }
    assert_true(sum == score && of == *max);
    cJSON_Delete(o);
    free(out);
    return score;
}

/* Classroom 50's autograder (docs/classroom/autograder.py) as its runner
 * calls it: in the student's checkout (the file at SUBMISSION, or none),
 * with the runner's identity in the environment, the course beside it as
 * cudalab/ (here the checkout's, hidden sizes and all, as batch grades) and
 * the built cudalab as CUDALAB_BIN. It must exit 0 with ./result.json
 * written, its identity the runner's; its score. */
static double autograder_py_score(const workflow *w, double *max)
{
    char *bundle = cl_path_join(w->top, "c50"), *py = cl_path_join(bundle, "autograder.py");
    char *course = cl_path_join(bundle, "cudalab"), *result = cl_path_join(w->repo, "result.json");
    char *text = NULL;
    cl_error err = {0};
    if (!cl_file_exists(py)) {
        assert_int_equal(cl_mkdirs(bundle, &err), CL_OK);
        assert_int_equal(cl_read_file(REPO "/docs/classroom/autograder.py", &text, NULL, &err), CL_OK);
        assert_int_equal(cl_write_file_atomic(py, text, strlen(text), &err), CL_OK);
        free(text);
        assert_int_equal(symlink(REPO, course), 0);
    }
    spit_stale(result); /* a result.json the student committed is never taken */
    static const char *const env[] = {"CLASSROOM=cuda-fall", "ASSIGNMENT=day14", "USERNAME=alice",
                                      "SUBMISSION_TAG=submit/2026-12-05T10-00-00Z-abc1234",
                                      "COMMIT_URL=https://example.invalid/c", "RELEASE_URL=https://example.invalid/r",
                                      "REVIEW_URL=https://example.invalid/v", "CUDALAB_BIN=" CUDALAB_BINARY, NULL};
    const char *argv[] = {"python3", py, NULL};
    cl_proc_spec spec = {.argv = argv, .cwd = w->repo, .env = env, .timeout_s = 600};
    cl_proc_result res;
    assert_int_equal(cl_proc_run(&spec, &res, &err), CL_OK);
    if (res.exit_code != 0) fail_msg("autograder.py exited %d: %s%s", res.exit_code, res.out, res.err);
    cl_proc_result_free(&res);
    cJSON *o = read_json(result);
    static const char *const ids[][2] = {{"schema", "classroom50/result/v1"}, {"classroom", "cuda-fall"},
                                         {"assignment", "day14"}, {"owner", "alice"},
                                         {"submission", "submit/2026-12-05T10-00-00Z-abc1234"},
                                         {"commit", "https://example.invalid/c"}};
    for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, ids[i][0]);
        if (!cJSON_IsString(v) || strcmp(v->valuestring, ids[i][1])) fail_msg("result.json's %s", ids[i][0]);
    }
    double score = number(o, "score");
    *max = number(o, "max-score");
    cJSON_Delete(o);
    free(bundle), free(py), free(course), free(result);
    return score;
}

/* batch: every file in one run; each row's points from the CSV. */
static void batch_scores(const workflow *w, class_file *files, int n)
{
    char *csv = cl_path_join(w->top, "class.csv"), *text = NULL;
    const char *argv[16] = {CUDALAB_BINARY, "batch", "--csv", csv, "--", env_of(w, "DAY")};
    int argc = 6;
    cl_error err = {0};
    for (int i = 0; i < n; i++) argv[argc++] = files[i].path;
    argv[argc] = NULL;
    assert_int_equal(run_in(w, argv, 900, NULL), 1); /* some did not pass */
    assert_int_equal(cl_read_file(csv, &text, NULL, &err), CL_OK);
    /* header: submission,student,passed,points,... (plain paths: no quotes) */
    assert_true(!strncmp(text, "submission,student,passed,points,", 33));
    for (char *row = strchr(text, '\n'); row && row[1]; row = strchr(row + 1, '\n')) {
        char *cells[5] = {row + 1};
        for (int c = 1; c < 5; c++) {
            cells[c] = strchr(cells[c - 1], ',');
            assert_non_null(cells[c]);
            cells[c]++;
        }
        for (int i = 0; i < n; i++)
            if (!strncmp(cells[0], files[i].path, strlen(files[i].path)) &&
                cells[0][strlen(files[i].path)] == ',')
                files[i].batch = atof(cells[3]);
    }
    free(text);
    free(csv);
}

static void test_one_class_one_rule(void **state)
{
    (void)state;
    char *jq = cl_proc_which("jq"), *python = cl_proc_which("python3");
    if (!jq || !python) skip(); /* the workflow's tests use jq; Classroom 50's autograder, Python */
    free(jq);
    free(python);
    workflow w = {0};
    outcome o;
    load(&w);
    make_repo(&w);
    class_file files[] = {
        {.label = "solution", .source = REPO "/solutions/day14-syncthreads/syncthreads.cu"},
        {.label = "template", .source = REPO "/templates/day14-syncthreads/syncthreads.cu"},
        {.label = "compile_error", .source = "compile_error.cu"},
        {.label = "short_chunk", .source = "short_chunk.cu"}, /* reverseBlocks faults at a size */
        {.label = "sums_no_barrier", .source = "sums_no_barrier.cu"}, /* a race in blockSums */
    };
    int n = (int)(sizeof files / sizeof *files);
    for (int i = 0; i < n; i++) files[i].batch = -1;
    for (int i = 0; i < n; i++) write_class_file(&w, &files[i]);
    batch_scores(&w, files, n);
    for (int i = 0; i < n; i++) {
        class_file *f = &files[i];
        bool compiled;
        f->gradescope = gradescope_score(&w, f->path, &compiled);
        assert_true(compiled == (strcmp(f->label, "compile_error") != 0));
        f->classroom50 = classroom50_score(&w, env_of(&w, "DAY"), f->path, &f->max);
        hand_in(&w, f->source);
        run_steps(&w, &o);
        f->classroom = o.score;
        assert_true(o.max == f->max);
        double py_max = 0, py = autograder_py_score(&w, &py_max);
        printf("%-16s batch %g, Gradescope %g, Classroom %g, Classroom 50 %g, its autograder.py %g "
               "(of %g)\n", f->label, f->batch, f->gradescope, f->classroom, f->classroom50, py, f->max);
        assert_true(f->batch == f->gradescope && f->gradescope == f->classroom &&
                    f->classroom == f->classroom50 && py == f->classroom50 && py_max == f->max);
    }
    /* Nothing at SUBMISSION: autograder.py still writes result.json, 0 points. */
    char *sub = cl_path_join(w.repo, env_of(&w, "SUBMISSION"));
    unlink(sub);
    free(sub);
    double py_max = 0;
    assert_true(autograder_py_score(&w, &py_max) == 0 && py_max == files[0].max);
    assert_true(files[0].batch == files[0].max && files[0].max > 0); /* the solution: all */
    assert_true(files[1].batch == 0); /* the untouched template: its compile points, none */
    assert_true(files[2].batch == 0);
    for (int i = 3; i < n; i++) assert_true(files[i].batch > 0 && files[i].batch < files[i].max);

    /* Every day's untouched template: no points (compile is worth none),
     * in the JSON's scores and in Classroom 50's file alike. */
    day_course *course = NULL;
    cl_error err = {0};
    assert_int_equal(day_course_load(REPO, &course, &err), CL_OK);
    for (int i = 0; i < course->ndays; i++) {
        const day_manifest *m = course->days[i].manifest;
        if (!m) continue;
        char *tmpl = cl_sprintf("%s/templates/%s/%s", REPO, m->slug, m->student_file);
        char *out = NULL, *day = cl_sprintf("%d", m->day);
        const char *grade[] = {CUDALAB_BINARY, "grade", "--json", "--", day, tmpl, NULL};
        assert_int_equal(run_in(&w, grade, 600, &out), 1);
        cJSON *report = cJSON_Parse(out);
        assert_non_null(report);
        double max = 0, points = number(report, "points"), c50 = classroom50_score(&w, day, tmpl, &max);
        printf("%s's template: %g of %g points (Classroom 50 %g)\n", m->slug, points, max, c50);
        assert_true(points == 0 && c50 == 0 && max > 0 && number(report, "max_points") == max);
        cJSON_Delete(report);
        free(tmpl), free(out), free(day);
    }
    day_course_free(course);

    /* Nothing handed in: Gradescope's compile test fails, no points. */
    bool compiled = true;
    assert_true(gradescope_score(&w, NULL, &compiled) == 0);
    assert_false(compiled);

    const char *argv[] = {"rm", "-rf", w.top, NULL};
    run_in(&w, argv, 60, NULL);
    for (int i = 0; i < n; i++) free(files[i].path);
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
        cmocka_unit_test(test_one_class_one_rule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
