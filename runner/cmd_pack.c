/* cmd_pack.c - `cudalab pack student DIR [DAY...]`, `cudalab pack gradescope DAY
 * FILE.zip`, and `cudalab autograde DAY [--root DIR]` (what a Gradescope
 * run_autograder runs). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "grade/grade.h"
#include "pack.h"
#include "report/table.h"
#include "report/text.h"

static int cannot(const cl_error *err)
{
    char line[1600];
    cl_error_format(err, line, sizeof line);
    return cli_cannot("%s", line);
}

static void say_written(const char *what, const char *where, const pack_sink *s)
{
    printf("%s: %zu files, %.1f MiB, in %s\n", what, pack_sink_files(s),
           (double)pack_sink_bytes(s) / (1024.0 * 1024.0), where);
}

/* The days named (ndays of them) into the edition at dir; none named: every day. */
static int pack_student_cmd(day_course *c, const char *dir, char **names, int ndays)
{
    const day_manifest **days = ndays ? cl_calloc((size_t)ndays, sizeof *days) : NULL;
    pack_sink *s = NULL;
    cl_error err = {0};
    int rc = CLI_CANNOT;
    for (int i = 0; i < ndays; i++)
        if (!(days[i] = cli_find_day(c, names[i]))) goto done;
    cl_status st = pack_student_days(c, dir, days, ndays, &s, &err);
    rc = st == CL_OK ? CLI_PASSED : cannot(&err);
    if (st == CL_OK) {
        say_written("the student edition", dir, s);
        printf("%s: the public size only (hidden: []), the reference as PTX, no solution "
               "source; grade with CUDALAB_COURSE=%s\n", ndays ? "the days named" : "every day", dir);
    }
done:
    pack_sink_free(s);
    free(days);
    return rc;
}

static int pack_gradescope_cmd(day_course *c, const char *day, const char *zip)
{
    const day_manifest *m = cli_find_day(c, day);
    if (!m) return CLI_CANNOT;
    pack_sink *s = NULL;
    cl_error err = {0};
    cl_status st = pack_gradescope(c, m, zip, &s, &err);
    int rc = st == CL_OK ? CLI_PASSED : cannot(&err);
    if (st == CL_OK) {
        say_written("the Gradescope autograder", zip, s);
        printf("%s with %d hidden size%s; upload it as the assignment's autograder (zip)\n",
               m->slug, m->nhidden, m->nhidden == 1 ? "" : "s");
    }
    pack_sink_free(s);
    return rc;
}

int cmd_pack(int argc, char **argv)
{
    char **op = NULL;
    int n = 0, rc = cli_operands(argc, argv, 0, argc, &op, &n);
    if (rc != CLI_GO) return rc;
    bool student = n && !strcmp(op[0], "student"), gs = n && !strcmp(op[0], "gradescope");
    if (!(student && n >= 2) && !(gs && n == 3))
        return cli_cannot("usage: cudalab pack student DIR [DAY...] | cudalab pack gradescope DAY FILE.zip");
    day_course *c = cli_load_course();
    if (!c) return CLI_CANNOT;
    rc = student ? pack_student_cmd(c, op[1], op + 2, n - 2) : pack_gradescope_cmd(c, op[1], op[2]);
    day_course_free(c);
    return rc;
}

/* ---- autograde ---- */

typedef struct autograde_args {
    const char *day, *root;
    grade_options opt;
} autograde_args;

enum { OPT_ROOT = 0x100, OPT_SEED, OPT_BACKEND };
static const struct option autograde_options[] = {
    {"root", required_argument, NULL, OPT_ROOT},
    {"seed", required_argument, NULL, OPT_SEED},
    {"backend", required_argument, NULL, OPT_BACKEND},
    {NULL, 0, NULL, 0},
};

static int autograde_take(void *ctx, int id, const char *v)
{
    autograde_args *a = ctx;
    unsigned long long n;
    int b;
    switch (id) {
    case OPT_ROOT: a->root = v; return CLI_PASSED;
    case OPT_SEED:
        if (cli_parse_number("--seed", v, 0, UINT64_MAX, &n)) return CLI_CANNOT;
        a->opt.seed = n;
        return CLI_PASSED;
    case OPT_BACKEND:
        if ((b = grade_backend_from_name(v)) < 0) return cli_cannot("--backend takes auto, emu or gpu");
        a->opt.backend = (grade_backend)b;
        return CLI_PASSED;
    default: return CLI_CANNOT;
    }
}

/* CLI_GO with the arguments read, CLI_PASSED when --help or -V answered. */
static int autograde_args_parse(int argc, char **argv, autograde_args *a)
{
    const char *env = getenv("CUDALAB_AUTOGRADER_ROOT");
    a->root = env && *env ? env : "/autograder";
    a->opt.seed = 1;
    int first = 0, rc = cli_options(argc, argv, autograde_options, autograde_take, a, &first);
    if (rc != CLI_GO) return rc;
    if (argc - first != 1) return cli_cannot("usage: cudalab autograde DAY [--root DIR] [--seed N] [--backend B]");
    a->day = argv[first];
    return CLI_GO;
}

/* The instructor's view on stdout (Gradescope keeps it as results/stdout). */
static void print_text(const report_result *r)
{
    report_text_options opt = {false, 100};
    report_doc *doc = report_render(r, &opt);
    report_doc_print(doc, stdout, false);
    report_doc_free(doc);
    fflush(stdout);
}

/* Grade the submission; *r NULL and *why set when it could not be graded. */
static void grade_submission(const day_course *c, const day_manifest *m, const autograde_args *a,
                             report_result **r, char **why)
{
    cl_error err = {0};
    char *dir = cl_path_join(a->root, "submission");
    char *file = pack_find_submission(dir, m, &err);
    char line[1600];
    if (file && grade_day(c, m, file, &a->opt, r, &err) == CL_OK) {
        print_text(*r);
    } else {
        cl_error_format(&err, line, sizeof line);
        *why = cl_strdup(line);
        printf("cudalab could not grade this submission: %s\n", line);
    }
    free(file);
    free(dir);
}

int cmd_autograde(int argc, char **argv)
{
    autograde_args a = {0};
    int parsed = autograde_args_parse(argc, argv, &a);
    if (parsed != CLI_GO) return parsed;
    day_course *c = cli_load_course();
    if (!c) return CLI_CANNOT;
    const day_manifest *m = cli_find_day(c, a.day);
    int rc = CLI_CANNOT;
    report_result *r = NULL;
    char *why = NULL, *results = cl_path_join(a.root, "results"), *json = NULL, *path = NULL;
    cl_error err = {0};
    if (!m) goto done;
    grade_submission(c, m, &a, &r, &why);
    json = report_to_gradescope(r, m, why);
    path = cl_path_join(results, "results.json");
    if (cl_mkdirs(results, &err) != CL_OK || cl_write_file_atomic(path, json, strlen(json), &err) != CL_OK)
        cannot(&err);
    else
        rc = CLI_PASSED; /* the grade is in results.json, whatever it is */
done:
    report_free(r);
    free(why);
    free(results);
    free(json);
    free(path);
    day_course_free(c);
    return rc;
}
