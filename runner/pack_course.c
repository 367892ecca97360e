/* pack_course.c - the pieces of an edition: a day's files with its hidden
 * sizes taken out, the reference as PTX, the tool's source; and `pack
 * student`. */
#include "pack.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "build/build.h"
#include "core/yamldoc.h"

/* ---- day.yaml without its hidden sizes ---- */

/* The value of key in map, and where its key ends; NULL when none. */
static yaml_node_t *map_get(cl_yaml_doc *d, yaml_node_t *map, const char *key, size_t *key_end)
{
    if (!map || map->type != YAML_MAPPING_NODE) return NULL;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *kn = cl_yaml_node(d, p->key);
        const char *k = cl_yaml_scalar(kn);
        if (!k || strcmp(k, key)) continue;
        if (key_end) *key_end = kn->end_mark.index;
        return cl_yaml_node(d, p->value);
    }
    return NULL;
}

/* Where the hidden list's text ends: after its last item for a block
 * sequence (libyaml's end mark is the next key's start), at its end mark
 * for a flow one. */
static size_t seq_end(cl_yaml_doc *d, yaml_node_t *seq)
{
    yaml_node_item_t *top = seq->data.sequence.items.top;
    if (seq->data.sequence.style == YAML_FLOW_SEQUENCE_STYLE || top == seq->data.sequence.items.start)
        return seq->end_mark.index;
    return cl_yaml_node(d, top[-1])->end_mark.index;
}

/* The same day, no hidden size: what the splice must give. */
static cl_status same_day(const char *path, const char *before, size_t blen, const char *after,
                          cl_error *err)
{
    day_manifest *a = NULL, *b = NULL;
    cl_status st = day_manifest_parse(path, before, blen, &a, err);
    if (st == CL_OK) st = day_manifest_parse(path, after, strlen(after), &b, err);
    if (st == CL_OK && (b->nhidden != 0 || a->nkernels != b->nkernels || a->day != b->day ||
                        a->course.n != b->course.n || strcmp(a->slug, b->slug)))
        st = cl_fail(err, CL_INTERNAL, path, 0, 0, "taking the hidden sizes out changed the day");
    day_manifest_free(a);
    day_manifest_free(b);
    return st;
}

cl_status pack_strip_hidden(const char *path, const char *text, size_t len, char **out,
                            cl_error *err)
{
    cl_yaml_doc d;
    *out = NULL;
    cl_status st = cl_yaml_load(&d, path, text, len, err);
    size_t from = 0;
    yaml_node_t *sizes = st == CL_OK ? map_get(&d, cl_yaml_root(&d), "sizes", NULL) : NULL;
    yaml_node_t *hidden = map_get(&d, sizes, "hidden", &from);
    if (st == CL_OK && (!hidden || hidden->type != YAML_SEQUENCE_NODE))
        st = cl_fail(err, CL_MANIFEST, path, 0, 0, "no list sizes.hidden to take out");
    if (st != CL_OK) goto done;
    /* From the key's colon: a comment before the first item goes too. */
    while (from < len && text[from] != ':') from++;
    size_t to = seq_end(&d, hidden);
    cl_str b = {0};
    cl_str_addn(&b, text, from);
    cl_str_add(&b, ": []");
    cl_str_addn(&b, text + to, len - to);
    *out = cl_str_take(&b);
    st = same_day(path, text, len, *out, err);
    if (st != CL_OK) {
        free(*out);
        *out = NULL;
    }
done:
    cl_yaml_free(&d);
    return st;
}

/* ---- the reference as PTX ---- */

/* `.file N "/home/teacher/course/solutions/.../x.cu"` -> `.file N "x.cu"`:
 * the PTX names no folder of the machine that packed it. */
static char *plain_file_names(const char *ptx)
{
    cl_str out = {0};
    for (const char *l = ptx; *l;) {
        size_t len = strcspn(l, "\n");
        const char *t = l + strspn(l, " \t"), *q = memchr(l, '"', len);
        const char *e = q ? memchr(q + 1, '"', len - (size_t)(q + 1 - l)) : NULL;
        if (e && !strncmp(t, ".file", 5)) {
            const char *base = q + 1;
            for (const char *p = q + 1; p < e; p++)
                if (*p == '/') base = p + 1;
            cl_str_addn(&out, l, (size_t)(q + 1 - l));
            cl_str_addn(&out, base, len - (size_t)(base - l));
        } else {
            cl_str_addn(&out, l, len);
        }
        if (l[len] == '\n') cl_str_addc(&out, '\n');
        l += len + (l[len] == '\n');
    }
    return out.s ? cl_str_take(&out) : cl_strdup("");
}

static char *with_ext(const char *path, const char *ext)
{
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    size_t n = dot && (!slash || dot > slash) ? (size_t)(dot - path) : strlen(path);
    return cl_sprintf("%.*s%s", (int)n, path, ext);
}

static cl_status add_reference(pack_sink *s, const day_course *c, const day_manifest *m,
                               const char *name, cl_error *err)
{
    char *cu = day_solution_path(c, m), *ptx = with_ext(cu, ".ptx");
    char *tmpl = day_template_path(c, m), *slash = strrchr(tmpl, '/');
    if (slash) *slash = '\0';
    build_options bo = {.arch = m->arch, .headers_dir = tmpl};
    build_result *r = NULL;
    cl_status st;
    if (!cl_file_exists(cu) && cl_file_exists(ptx)) {
        st = pack_add_file(s, name, ptx, err); /* packed from an edition already */
        goto done;
    }
    st = build_compile(&bo, cu, &r, err);
    if (st == CL_COMPILE) {
        char msg[1100];
        cl_error_format(err, msg, sizeof msg);
        st = cl_fail(err, CL_INTERNAL, cu, 0, 0, "the reference does not build: %s", msg);
    }
    if (st == CL_OK) {
        char *text = plain_file_names(build_ptx(r));
        st = pack_add(s, name, text, strlen(text), false, err);
        free(text);
    }
done:
    build_result_free(r);
    free(cu);
    free(ptx);
    free(tmpl);
    return st;
}

/* ---- folders ---- */

typedef enum { FILES_ONLY, RECURSIVE } walk_depth;

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of dir, sorted, dot files left out. */
static char **list_dir(const char *dir, size_t *n)
{
    CL_VEC(char *) names = {0};
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.') CL_VEC_PUSH(&names, cl_strdup(e->d_name));
    if (d) closedir(d);
    if (names.n) qsort(names.v, names.n, sizeof *names.v, by_name);
    *n = names.n;
    return names.v;
}

/* Every regular file of dir as prefix/name; skip is one name to leave out. */
static cl_status add_dir(pack_sink *s, const char *dir, const char *prefix, walk_depth depth,
                         const char *skip, cl_error *err)
{
    size_t n = 0;
    char **names = list_dir(dir, &n);
    cl_status st = CL_OK;
    for (size_t i = 0; i < n; i++) {
        char *from = cl_path_join(dir, names[i]), *to = cl_sprintf("%s/%s", prefix, names[i]);
        struct stat sb;
        if (st == CL_OK && lstat(from, &sb) == 0) {
            if (S_ISREG(sb.st_mode) && !(skip && !strcmp(names[i], skip)))
                st = pack_add_file(s, to, from, err);
            else if (S_ISDIR(sb.st_mode) && depth == RECURSIVE)
                st = add_dir(s, from, to, depth, NULL, err);
        }
        free(from);
        free(to);
        free(names[i]);
    }
    free(names);
    return st;
}

static cl_status add_day(pack_sink *s, const day_course *c, const day_manifest *m,
                         const pack_course_options *o, cl_error *err)
{
    const char *p = o->prefix ? o->prefix : "";
    char *days = cl_sprintf("%sdays/%s", p, m->slug), *yaml = cl_sprintf("%s/day.yaml", days);
    char *tmpl = day_template_path(c, m), *slash = strrchr(tmpl, '/');
    char *tdst = cl_sprintf("%stemplates/%s", p, m->slug), *stem = with_ext(m->student_file, ".ptx");
    char *ref = cl_sprintf("%ssolutions/%s/%s", p, m->slug, stem), *text = NULL, *stripped = NULL;
    size_t len = 0;
    if (slash) *slash = '\0';
    cl_status st = add_dir(s, m->dir, days, FILES_ONLY, "day.yaml", err);
    if (st == CL_OK) st = cl_read_file(m->path, &text, &len, err);
    if (st == CL_OK && !o->keep_hidden) st = pack_strip_hidden(m->path, text, len, &stripped, err);
    if (st == CL_OK)
        st = pack_add(s, yaml, stripped ? stripped : text, stripped ? strlen(stripped) : len, false, err);
    if (st == CL_OK) st = add_dir(s, tmpl, tdst, FILES_ONLY, NULL, err);
    if (st == CL_OK) st = add_reference(s, c, m, ref, err);
    free(days), free(yaml), free(tmpl), free(tdst), free(stem), free(ref);
    free(text), free(stripped);
    return st;
}

cl_status pack_course(pack_sink *s, const day_course *c, const pack_course_options *o,
                      cl_error *err)
{
    cl_status st = CL_OK;
    for (int i = 0; i < c->ndays && st == CL_OK; i++) {
        const day_entry *e = &c->days[i];
        if (!e->manifest) {
            if (err) *err = e->error;
            return e->error.status ? e->error.status : CL_MANIFEST;
        }
        if (!o->only || o->only == e->manifest) st = add_day(s, c, e->manifest, o, err);
    }
    return st;
}

cl_status pack_tool_source(pack_sink *s, const char *root, const char *prefix, cl_error *err)
{
    static const char *const files[] = {"CMakeLists.txt", "README.md", "cudalab"};
    static const char *const dirs[] = {"grader", "runner", "scripts", "docs"};
    char *probe = cl_path_join(root, "grader/CMakeLists.txt");
    bool ok = cl_file_exists(probe);
    free(probe);
    if (!ok)
        return cl_fail(err, CL_NOT_FOUND, root, 0, 0, "no cudalab source here (an installed "
                       "course?): pack from the checkout, or set CUDALAB_COURSE to it");
    cl_status st = CL_OK;
    for (size_t i = 0; i < sizeof files / sizeof *files && st == CL_OK; i++) {
        char *from = cl_path_join(root, files[i]), *to = cl_sprintf("%s%s", prefix, files[i]);
        st = pack_add_file(s, to, from, err);
        free(from);
        free(to);
    }
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs && st == CL_OK; i++) {
        char *from = cl_path_join(root, dirs[i]), *to = cl_sprintf("%s%s", prefix, dirs[i]);
        st = add_dir(s, from, to, RECURSIVE, NULL, err);
        free(from);
        free(to);
    }
    return st;
}

/* ---- pack student ---- */

static cl_status empty_or_new(const char *dir, cl_error *err)
{
    struct stat sb;
    if (lstat(dir, &sb) != 0) return cl_mkdirs(dir, err);
    if (!S_ISDIR(sb.st_mode))
        return cl_fail(err, CL_USAGE, dir, 0, 0, "exists and is %s, not a folder",
                       cl_file_kind(sb.st_mode));
    DIR *d = opendir(dir);
    struct dirent *e;
    bool empty = d != NULL;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) empty = false;
    if (d) closedir(d);
    if (!empty)
        return cl_fail(err, CL_USAGE, dir, 0, 0, "is not empty: the student edition goes into "
                       "a new or empty folder");
    return CL_OK;
}

/* What was written must load as a course with no hidden size and no
 * solution source. */
static cl_status check_student(const char *dir, cl_error *err)
{
    day_course *c = NULL;
    cl_status st = day_course_load(dir, &c, err);
    for (int i = 0; st == CL_OK && i < c->ndays; i++) {
        const day_entry *e = &c->days[i];
        char *cu = e->manifest ? day_solution_path(c, e->manifest) : NULL;
        if (!e->manifest) {
            if (err) *err = e->error;
            st = CL_INTERNAL;
        } else if (e->manifest->nhidden || cl_file_exists(cu)) {
            st = cl_fail(err, CL_INTERNAL, e->manifest->path, 0, 0, "the student edition kept a "
                         "hidden size or a solution source");
        }
        free(cu);
    }
    day_course_free(c);
    return st;
}

/* The GitHub Classroom workflow in the edition installs the nvcc release
 * that made its PTX (ptxas must be as new): its `CUDA: "X-Y"` line set. */
static cl_status set_workflow_cuda(const char *dir, cl_error *err)
{
    char *path = cl_path_join(dir, "docs/classroom/classroom.yml"), *text = NULL;
    cl_status st = cl_read_file(path, &text, NULL, err);
    char *at = st == CL_OK ? strstr(text, "\n  CUDA: \"") : NULL;
    if (at) {
        char *value = at + 10, *end = strchr(value, '"');
        char *cuda = pack_cuda_release();
        char *fixed = end ? cl_sprintf("%.*s%s%s", (int)(value - text), text, cuda, end) : NULL;
        if (fixed) st = cl_write_file_atomic(path, fixed, strlen(fixed), err);
        free(fixed);
        free(cuda);
    }
    free(text);
    free(path);
    return st;
}

cl_status pack_student(const day_course *c, const char *dir, pack_sink **written, cl_error *err)
{
    pack_sink *s = NULL;
    pack_course_options o = {.keep_hidden = false, .prefix = ""};
    cl_status st = empty_or_new(dir, err);
    if (st == CL_OK) s = pack_sink_dir(dir);
    if (st == CL_OK) st = pack_course(s, c, &o, err);
    if (st == CL_OK) st = pack_tool_source(s, c->root, "", err);
    if (st == CL_OK) st = pack_add(s, ".gitignore", "/build*/\n", 9, false, err);
    if (st == CL_OK) st = set_workflow_cuda(dir, err);
    if (st == CL_OK) st = check_student(dir, err);
    *written = s;
    return st;
}
