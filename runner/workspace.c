/* workspace.c - the student's files: first copy of a template, resets with
 * timestamped backups. */
#include "workspace.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* work/ inside a course the student may write to (a checkout); else, for an
 * installed course, $XDG_DATA_HOME/cudalab/work (~/.local/share/cudalab/work). */
static char *default_root(const day_course *c)
{
    const char *data = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (access(c->root, W_OK) == 0 || !((data && *data) || (home && *home)))
        return cl_path_join(c->root, "work");
    if (data && *data) return cl_sprintf("%s/cudalab/work", data);
    return cl_sprintf("%s/.local/share/cudalab/work", home);
}

const char *ws_root(const day_course *c)
{
    /* Computed once per course folder; the pointer stays valid until a
     * different course is asked about. */
    static char *root, *for_course;
    if (root && !strcmp(for_course, c->root)) return root;
    const char *env = getenv("CUDALAB_WORKSPACE");
    free(root);
    free(for_course);
    root = env && *env ? cl_strdup(env) : default_root(c);
    for_course = cl_strdup(c->root);
    return root;
}

char *ws_student_path(const day_course *c, const day_manifest *m)
{
    char *dir = cl_path_join(ws_root(c), m->slug);
    char *path = cl_path_join(dir, m->student_file);
    free(dir);
    return path;
}

static cl_status copy_template(const day_course *c, const day_manifest *m, const char *to,
                               cl_error *err)
{
    char *from = day_template_path(c, m);
    char *dir = cl_path_join(ws_root(c), m->slug);
    cl_status st = cl_mkdirs(dir, err);
    if (st == CL_OK && !cl_file_exists(from))
        st = cl_fail(err, CL_NOT_FOUND, from, 0, 0, "the day's template is missing from the "
                     "course; the course checkout is incomplete");
    if (st == CL_OK) st = cl_copy_file(from, to, err);
    free(from);
    free(dir);
    return st;
}

cl_status ws_ensure_student_file(const day_course *c, const day_manifest *m, char **path,
                                 bool *created, cl_error *err)
{
    char *p = ws_student_path(c, m);
    cl_status st = CL_OK;
    if (created) *created = false;
    if (!cl_file_exists(p)) {
        st = copy_template(c, m, p, err);
        if (st == CL_OK && created) *created = true;
    }
    if (st == CL_OK && path)
        *path = p;
    else
        free(p);
    return st;
}

/* backups/<slug>/<file>.<stamp>, with -2, -3 ... when that name is taken. */
static char *backup_name(const day_course *c, const day_manifest *m, cl_error *err)
{
    char *dir = cl_sprintf("%s/backups/%s", ws_root(c), m->slug);
    if (cl_mkdirs(dir, err) != CL_OK) {
        free(dir);
        return NULL;
    }
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    char *path = cl_sprintf("%s/%s.%s", dir, m->student_file, stamp);
    for (int i = 2; cl_file_exists(path); i++) {
        free(path);
        path = cl_sprintf("%s/%s.%s-%d", dir, m->student_file, stamp, i);
    }
    free(dir);
    return path;
}

char *ws_last_report_path(const day_course *c, const day_manifest *m)
{
    return cl_sprintf("%s/%s/last-report.json", ws_root(c), m->slug);
}

cl_status ws_reset(const day_course *c, const day_manifest *m, char **backup, cl_error *err)
{
    char *p = ws_student_path(c, m);
    char *kept = NULL;
    cl_status st = CL_OK;
    if (cl_file_exists(p)) {
        kept = backup_name(c, m, err);
        st = kept ? cl_copy_file(p, kept, err) : CL_IO;
    }
    if (st == CL_OK) st = copy_template(c, m, p, err);
    if (st == CL_OK) {
        /* The file is the template now; the grade of the old one is no
           longer its status. Not being able to record that loses nothing:
           the next grade records the status again. */
        char *warning = NULL;
        cl_error ignored = {0};
        (void)ws_state_forget_grade(c, m->slug, &warning, &ignored);
        free(warning);
        char *last = ws_last_report_path(c, m); /* the old file's report */
        unlink(last);
        free(last);
    }
    if (st == CL_OK && backup)
        *backup = kept;
    else
        free(kept);
    free(p);
    return st;
}
