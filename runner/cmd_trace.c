/* cmd_trace.c - `cudalab trace DAY [FILE] --kernel K [--block B] [--warp W]
 * [--launch N] [--size S] [--seed N] [--steps N] [--json]`: the warp
 * stepper. One warp of the student's run on the emulator (on a day of a
 * program, in the Nth launch of K in the program), every collective and
 * barrier of it with each lane's mask, value, source lane and what it got
 * (grade_trace), as text for a plain terminal or as JSON (trace_model.h). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "grade/grade.h"
#include "trace_model.h"
#include "workspace.h"

typedef struct trace_args {
    const char *day, *file, *kernel, *size;
    unsigned block[3], warp, launch;
    uint64_t seed;
    size_t steps;
    bool json;
} trace_args;

enum { OPT_KERNEL = 0x100, OPT_BLOCK, OPT_WARP, OPT_LAUNCH, OPT_SIZE, OPT_SEED, OPT_STEPS, OPT_JSON };
static const struct option trace_options_table[] = {
    {"kernel", required_argument, NULL, OPT_KERNEL},
    {"block", required_argument, NULL, OPT_BLOCK},
    {"warp", required_argument, NULL, OPT_WARP},
    {"launch", required_argument, NULL, OPT_LAUNCH},
    {"size", required_argument, NULL, OPT_SIZE},
    {"seed", required_argument, NULL, OPT_SEED},
    {"steps", required_argument, NULL, OPT_STEPS},
    {"json", no_argument, NULL, OPT_JSON},
    {NULL, 0, NULL, 0},
};

/* "5" or "5,0,0": blockIdx. */
static int take_block(trace_args *a, const char *arg)
{
    char *end = NULL;
    const char *p = arg;
    for (int i = 0; i < 3; i++) {
        unsigned long v = strtoul(p, &end, 10);
        if (end == p || v > 0x7fffffffu || *p == '-' || *p == '+') break;
        a->block[i] = (unsigned)v;
        if (*end == '\0') return CLI_PASSED;
        if (*end != ',' || i == 2) break;
        p = end + 1;
    }
    return cli_cannot("--block takes the block's index, X or X,Y,Z (for example 0 or 3,1,0)");
}

static int take_option(void *ctx, int o, const char *arg)
{
    trace_args *a = ctx;
    unsigned long long v;
    switch (o) {
    case OPT_KERNEL: a->kernel = arg; return CLI_PASSED;
    case OPT_BLOCK: return take_block(a, arg);
    case OPT_WARP:
        if (cli_parse_number("--warp", arg, 0, 31, &v)) return CLI_CANNOT;
        a->warp = (unsigned)v;
        return CLI_PASSED;
    case OPT_LAUNCH:
        if (cli_parse_number("--launch", arg, 1, 1000000, &v)) return CLI_CANNOT;
        a->launch = (unsigned)v;
        return CLI_PASSED;
    case OPT_SIZE: a->size = arg; return CLI_PASSED;
    case OPT_SEED:
        if (cli_parse_number("--seed", arg, 0, UINT64_MAX, &v)) return CLI_CANNOT;
        a->seed = v;
        return CLI_PASSED;
    case OPT_STEPS:
        if (cli_parse_number("--steps", arg, 1, 20000, &v)) return CLI_CANNOT;
        a->steps = (size_t)v;
        return CLI_PASSED;
    case OPT_JSON: a->json = true; return CLI_PASSED;
    default: return CLI_CANNOT;
    }
}

static int parse_args(int argc, char **argv, trace_args *a)
{
    a->seed = 1;
    int first = 0, rc = cli_options(argc, argv, trace_options_table, take_option, a, &first);
    if (rc != CLI_GO) return rc;
    for (int i = first; i < argc; i++) {
        if (!a->day) a->day = argv[i];
        else if (!a->file) a->file = argv[i];
        else return cli_cannot("trace takes one DAY and at most one FILE; '%s' is one too many", argv[i]);
    }
    if (!a->day || !a->kernel)
        return cli_cannot("usage: cudalab trace DAY [FILE] --kernel K (for example: cudalab trace 23 "
                          "--kernel reduceRowsPadded)");
    return CLI_GO;
}

/* The largest value key takes in any size the day grades. */
static long long largest(const day_manifest *m, const char *key)
{
    long long top = day_size_get(&m->course, key, 0);
    for (int i = 0; i < m->nhidden; i++) {
        long long v = day_size_get(&m->hidden[i], key, 0);
        if (v > top) top = v;
    }
    return top;
}

/* --size: "course", or KEY=VALUE,... over the course size, each value at
 * most the largest the day grades, and the day's rules kept. The size's
 * arrays are the caller's to free (keys are the course's). */
static int read_size(const day_manifest *m, const char *spec, day_size *s)
{
    *s = m->course;
    s->values = cl_calloc((size_t)m->course.n + 1, sizeof *s->values);
    memcpy(s->values, m->course.values, (size_t)m->course.n * sizeof *s->values);
    if (!spec || !strcmp(spec, "course")) return CLI_GO;
    char *copy = cl_strdup(spec), *save = NULL;
    int rc = CLI_GO;
    for (char *tok = strtok_r(copy, ",", &save); tok && rc == CLI_GO; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '='), *end = NULL;
        int k = -1;
        if (eq) *eq = '\0';
        for (int i = 0; eq && i < s->n; i++)
            if (!strcmp(s->keys[i], tok)) k = i;
        long long v = eq ? strtoll(eq + 1, &end, 10) : 0;
        if (k < 0 || !end || end == eq + 1 || *end)
            rc = cli_cannot("--size takes `course` or NAME=VALUE,... over the course size (day %d: %s)", m->day,
                            "its names are those of day.yaml's `sizes: course:`");
        else if (v < 0 || v > largest(m, tok))
            rc = cli_cannot("--size: %s=%lld is outside 0 to %lld, the largest the day grades", tok, v,
                            largest(m, tok));
        else
            s->values[k] = v;
    }
    for (int i = 0; i < m->nrequires && rc == CLI_GO; i++)
        if (day_formula_eval(m, m->requires[i].that, s) == 0)
            rc = cli_cannot("--size breaks the day's rule \"%s\": %s", m->requires[i].that->text,
                            m->requires[i].why);
    free(copy);
    return rc;
}

/* The file's lines (to quote), or NULL. */
static char **read_lines(const char *path, int *n, char **text)
{
    *n = 0;
    if (cl_read_file(path, text, NULL, NULL) != CL_OK) return NULL;
    char **lines = NULL;
    for (char *p = *text, *nl; p; p = nl ? nl + 1 : NULL) {
        nl = strchr(p, '\n');
        if (nl) *nl = '\0';
        lines = cl_realloc(lines, (size_t)(*n + 1) * sizeof *lines);
        lines[(*n)++] = p;
    }
    return lines;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The run into the model trace_model.h writes. */
static void to_model(const day_manifest *m, const trace_args *a, const char *file, grade_trace_result *g,
                     trace_run *t)
{
    memset(t, 0, sizeof *t);
    t->day = m->day;
    t->slug = cl_strdup(m->slug);
    t->file = cl_strdup(base_name(file));
    t->kernel = cl_strdup(a->kernel);
    t->program = m->program ? cl_strdup(m->program->judged.name) : NULL;
    t->launch = g->launch;
    t->instructions = g->instructions;
    t->size = g->size;
    g->size = NULL;
    t->seed = a->seed;
    memcpy(t->block, a->block, sizeof t->block);
    t->warp = a->warp;
    memcpy(t->grid, g->grid, sizeof t->grid);
    memcpy(t->block_dim, g->block_dim, sizeof t->block_dim);
    t->outcome = g->outcome;
    t->detail = g->detail;
    g->outcome = g->detail = NULL;
    t->ran = g->ran;
    t->dropped = g->dropped;
    t->nsteps = g->nsteps;
    t->steps = g->steps;
    g->steps = NULL;
    g->nsteps = 0;
}

static void print_run(const trace_run *t, const char *file, bool json)
{
    if (json) {
        char *text = trace_to_json(t);
        puts(text);
        free(text);
        return;
    }
    char *text = NULL;
    int n = 0;
    char **lines = read_lines(file, &n, &text);
    trace_print_text(t, lines, n, stdout);
    free(lines);
    free(text);
}

int cmd_trace(int argc, char **argv)
{
    trace_args a = {0};
    int rc = parse_args(argc, argv, &a);
    if (rc != CLI_GO) return rc;
    day_course *c = cli_load_course();
    if (!c) return CLI_CANNOT;
    rc = CLI_CANNOT;
    char *mine = NULL;
    day_size size = {0};
    cl_error err = {0};
    grade_trace_result g = {0};
    const day_manifest *m = cli_find_gradable_day(c, a.day);
    if (!m || read_size(m, a.size, &size) != CLI_GO) goto done;
    if (a.file && !cl_file_exists(a.file)) {
        cli_cannot("%s: no such file (or it cannot be read)", a.file);
        goto done;
    }
    if (!a.file && ws_ensure_student_file(c, m, &mine, NULL, &err) != CL_OK) goto failed;
    const char *file = a.file ? a.file : mine;
    grade_trace_request q = {a.kernel, {a.block[0], a.block[1], a.block[2]}, a.warp, &size, a.seed, a.steps,
                             a.launch};
    if (grade_trace(c, m, file, &q, &g, &err) != CL_OK) goto failed;
    trace_run t;
    to_model(m, &a, file, &g, &t);
    print_run(&t, file, a.json);
    rc = CLI_PASSED;
    if (!t.ran) /* the contract's line on stderr */
        rc = cli_cannot("block (%u,%u,%u), warp %u did not run: the launch is (%u,%u,%u) blocks of %u threads",
                        t.block[0], t.block[1], t.block[2], t.warp, t.grid[0], t.grid[1], t.grid[2],
                        t.block_dim[0] * t.block_dim[1] * t.block_dim[2]);
    trace_run_free(&t);
    goto done;
failed:;
    char line[1600];
    cl_error_format(&err, line, sizeof line);
    cli_cannot("%s", line);
done:
    grade_trace_result_free(&g);
    free(size.values);
    free(mine);
    day_course_free(c);
    return rc;
}
