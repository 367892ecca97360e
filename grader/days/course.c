/* course.c - the days found under a course folder, and finding one by name. */
#include "day.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* An installed cudalab (cmake --install) finds its course in
 * PREFIX/share/cudalab, beside PREFIX/bin/cudalab. */
static const char *installed_course(void)
{
    static char dir[PATH_MAX];
    char exe[PATH_MAX], days[PATH_MAX + 8];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return NULL;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash) return NULL;
    *slash = '\0';
    if ((size_t)snprintf(dir, sizeof dir, "%s/../share/cudalab", exe) >= sizeof dir) return NULL;
    snprintf(days, sizeof days, "%s/days", dir);
    struct stat st;
    return stat(days, &st) == 0 && S_ISDIR(st.st_mode) ? dir : NULL;
}

const char *day_course_root(void)
{
    const char *env = getenv("CUDALAB_COURSE"), *installed;
    if (env && *env) return env;
    return (installed = installed_course()) ? installed : CUDALAB_COURSE_DIR;
}

static int entry_number(const day_entry *e)
{
    return e->manifest ? e->manifest->day : atoi(e->slug + 3);
}

static int compare_entries(const void *a, const void *b)
{
    const day_entry *x = a, *y = b;
    int dx = entry_number(x), dy = entry_number(y);
    if (dx != dy) return dx < dy ? -1 : 1;
    return strcmp(x->slug, y->slug);
}

static bool looks_like_day(const char *name)
{
    return !strncmp(name, "day", 3) && isdigit((unsigned char)name[3]);
}

/* What a day needs beyond its manifest to be graded: the reference
 * solution (its source, or its PTX in a student edition) and the template. */
static char *why_ungradable(const day_course *c, const day_manifest *m)
{
    char *sol = day_solution_path(c, m), *tpl = day_template_path(c, m), *why = NULL;
    char *ptx = cl_sprintf("%.*sptx", (int)strlen(sol) - 2, sol); /* student_file ends in .cu */
    if (!cl_file_exists(sol) && !cl_file_exists(ptx))
        why = cl_sprintf("no reference solution: %s is missing (the reference's outputs are "
                         "what the student's are judged against)", sol);
    else if (!cl_file_exists(tpl))
        why = cl_sprintf("no template: %s is missing (it is the student's starting file)", tpl);
    free(sol);
    free(tpl);
    free(ptx);
    return why;
}

cl_status day_course_load(const char *root, day_course **out, cl_error *err)
{
    char *days_dir = cl_path_join(root, "days");
    cl_status st = CL_OK;
    day_course *c = cl_calloc(1, sizeof *c);
    c->root = cl_strdup(root);
    CL_VEC(day_entry) entries = {0};
    DIR *dir = opendir(days_dir);
    *out = NULL;
    if (!dir) {
        st = cl_fail(err, CL_NOT_FOUND, days_dir, 0, 0,
                     "no course here: the folder days/ is missing (set CUDALAB_COURSE to "
                     "the course checkout)");
        goto done;
    }
    struct dirent *de;
    while ((de = readdir(dir))) {
        if (!looks_like_day(de->d_name)) continue;
        char *folder = cl_path_join(days_dir, de->d_name);
        char *yaml = cl_path_join(folder, "day.yaml");
        if (cl_dir_exists(folder) && cl_file_exists(yaml)) {
            day_entry e = {.slug = cl_strdup(de->d_name)};
            if (day_manifest_load(yaml, &e.manifest, &e.error) == CL_OK)
                e.ungradable = why_ungradable(c, e.manifest);
            CL_VEC_PUSH(&entries, e);
        }
        free(folder);
        free(yaml);
    }
    closedir(dir);
    if (entries.n) qsort(entries.v, entries.n, sizeof *entries.v, compare_entries);
    c->days = entries.v;
    c->ndays = (int)entries.n;
    *out = c;
    c = NULL;
done:
    day_course_free(c);
    free(days_dir);
    return st;
}

void day_course_free(day_course *c)
{
    if (!c) return;
    for (int i = 0; i < c->ndays; i++) {
        free(c->days[i].slug);
        free(c->days[i].ungradable);
        day_manifest_free(c->days[i].manifest);
    }
    free(c->days);
    free(c->root);
    free(c);
}

/* "23" -> 23; "day23" -> 23; anything else -> -1. */
static int day_number(const char *s)
{
    if (!strncmp(s, "day", 3)) s += 3;
    if (!*s || strlen(s) > 3) return -1;
    for (const char *p = s; *p; p++)
        if (!isdigit((unsigned char)*p)) return -1;
    return atoi(s);
}

cl_status day_course_find(const day_course *c, const char *which, const day_entry **out,
                          cl_error *err)
{
    int want = day_number(which);
    const day_entry *found = NULL;
    int matches = 0;
    for (int i = 0; i < c->ndays; i++) {
        const day_entry *e = &c->days[i];
        bool hit = want >= 0 ? entry_number(e) == want
                             : !strncmp(e->slug, which, strlen(which));
        if (want < 0 && !strcmp(e->slug, which)) {
            found = e;
            matches = 1;
            break;
        }
        if (hit) {
            found = e;
            matches++;
        }
    }
    *out = NULL;
    if (matches == 0)
        return cl_fail(err, CL_NOT_FOUND, "", 0, 0,
                       "no day '%s' in %s/days; `cudalab list` shows the days", which, c->root);
    if (matches > 1)
        return cl_fail(err, CL_USAGE, "", 0, 0, "'%s' names more than one day; give the "
                       "whole name, such as %s", which, found->slug);
    if (!found->manifest) {
        if (err) *err = found->error;
        return found->error.status ? found->error.status : CL_MANIFEST;
    }
    *out = found;
    return CL_OK;
}

static char *day_file(const day_course *c, const char *folder, const day_manifest *m)
{
    char *dir = cl_sprintf("%s/%s/%s", c->root, folder, m->slug);
    char *path = cl_path_join(dir, m->student_file);
    free(dir);
    return path;
}

char *day_template_path(const day_course *c, const day_manifest *m)
{
    return day_file(c, "templates", m);
}

char *day_solution_path(const day_course *c, const day_manifest *m)
{
    return day_file(c, "solutions", m);
}

char *day_readme_path(const day_manifest *m)
{
    return cl_path_join(m->dir, "README.md");
}
