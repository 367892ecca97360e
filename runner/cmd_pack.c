/* cmd_pack.c - `cudalab pack student DIR`, `cudalab pack gradescope DAY
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

static int pack_student_cmd(day_course *c, const char *dir)
{
    pack_sink *s = NULL;
    cl_error err = {0};
    cl_status st = pack_student(c, dir, &s, &err);
    int rc = st == CL_OK ? CLI_PASSED : cannot(&err);
    if (st == CL_OK) {
        say_written("the student edition", dir, s);
        printf("every day's public size only (hidden: []), the references as PTX, no "
               "solution source; grade with CUDALAB_COURSE=%s\n", dir);
    }
    pack_sink_free(s);
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
    const char *kind = argc > 1 ? argv[1] : NULL;
    bool student = kind && !strcmp(kind, "student"), gs = kind && !strcmp(kind, "gradescope");
    if (!(student && argc == 3) && !(gs && argc == 4))
        return cli_cannot("usage: cudalab pack student DIR | cudalab pack gradescope DAY FILE.zip");
    day_course *c = cli_load_course();
    if (!c) return CLI_CANNOT;
    int rc = student ? pack_student_cmd(c, argv[2]) : pack_gradescope_cmd(c, argv[2], argv[3]);
    day_course_free(c);
    return rc;
}

/* ---- autograde ---- */

typedef struct autograde_args {
    const char *day, *root;
    grade_options opt;
} autograde_args;

static int autograde_args_parse(int argc, char **argv, autograde_args *a)
{
    const char *env = getenv("CUDALAB_AUTOGRADER_ROOT");
    a->root = env && *env ? env : "/autograder";
    a->opt.seed = 1;
    for (int i = 1; i < argc; i++) {
        unsigned long long v;
        if (!strcmp(argv[i], "--root") && i + 1 < argc) {
            a->root = argv[++i];
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            if (cli_parse_number("--seed", argv[++i], 0, UINT64_MAX, &v)) return CLI_CANNOT;
            a->opt.seed = v;
        } else if (!strcmp(argv[i], "--backend") && i + 1 < argc) {
            int b = grade_backend_from_name(argv[++i]);
            if (b < 0) return cli_cannot("--backend takes auto, emu or gpu");
            a->opt.backend = (grade_backend)b;
        } else if (!a->day && argv[i][0] != '-') {
            a->day = argv[i];
        } else {
            return cli_cannot("autograde: '%s' is not DAY, --root DIR, --seed N or --backend B",
                              argv[i]);
        }
    }
    if (!a->day) return cli_cannot("usage: cudalab autograde DAY [--root DIR]");
    return CLI_PASSED;
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
    if (autograde_args_parse(argc, argv, &a) != CLI_PASSED) return CLI_CANNOT;
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
