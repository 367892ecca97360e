/* pack_course.c - the pieces of an edition: a day's files with its hidden
 * sizes taken out, the reference as PTX, the tool's source; and `pack
 * student`, which checks every byte it wrote for the hidden sizes. */
#include "pack.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The same day, no hidden size: what the edition's day.yaml must give. */
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

/* Node id of d copied into out (ids kept in made[]: a node two keys share,
 * an anchor's, stays one, and the emitter anchors it again); the node
 * `hidden` becomes an empty list. 0 when libyaml could not add it. */
static int copy_node(yaml_document_t *d, int id, yaml_document_t *out, int *made, int hidden)
{
    if (made[id]) return made[id];
    yaml_node_t *n = yaml_document_get_node(d, id);
    int to = 0;
    if (id == hidden) {
        to = yaml_document_add_sequence(out, NULL, YAML_FLOW_SEQUENCE_STYLE);
    } else if (n->type == YAML_SCALAR_NODE) {
        to = yaml_document_add_scalar(out, n->tag, n->data.scalar.value, (int)n->data.scalar.length,
                                      n->data.scalar.style);
    } else if (n->type == YAML_SEQUENCE_NODE) {
        to = yaml_document_add_sequence(out, n->tag, n->data.sequence.style);
        for (yaml_node_item_t *i = n->data.sequence.items.start; to && i < n->data.sequence.items.top; i++) {
            int item = copy_node(d, *i, out, made, hidden);
            if (!item || !yaml_document_append_sequence_item(out, to, item)) to = 0;
        }
    } else if (n->type == YAML_MAPPING_NODE) {
        to = yaml_document_add_mapping(out, n->tag, n->data.mapping.style);
        for (yaml_node_pair_t *p = n->data.mapping.pairs.start; to && p < n->data.mapping.pairs.top; p++) {
            int k = copy_node(d, p->key, out, made, hidden), v = k ? copy_node(d, p->value, out, made, hidden) : 0;
            if (!v || !yaml_document_append_mapping_pair(out, to, k, v)) to = 0;
        }
    }
    made[id] = to;
    return to;
}

static int emit_to(void *data, unsigned char *buffer, size_t size)
{
    cl_str_addn(data, (const char *)buffer, size);
    return 1;
}

/* The document with node `hidden` an empty list, emitted (caller frees);
 * NULL when libyaml failed. */
static char *emit_without(cl_yaml_doc *d, int hidden, const char *slug)
{
    yaml_document_t out;
    yaml_emitter_t e;
    cl_str b = {0};
    int nodes = (int)(d->doc.nodes.top - d->doc.nodes.start);
    int *made = cl_calloc((size_t)nodes + 1, sizeof *made);
    bool ok = yaml_document_initialize(&out, NULL, NULL, NULL, 1, 1);
    ok = ok && copy_node(&d->doc, 1, &out, made, hidden) != 0;
    free(made);
    if (!ok) {
        yaml_document_delete(&out);
        return NULL;
    }
    cl_str_addf(&b, "# %s: the student edition's day.yaml, written by `cudalab pack student`\n"
                "# from the course's manifest: no hidden size, no comment.\n", slug);
    ok = yaml_emitter_initialize(&e);
    if (ok) {
        yaml_emitter_set_output(&e, emit_to, &b);
        yaml_emitter_set_unicode(&e, 1);
        yaml_emitter_set_width(&e, 100);
        ok = yaml_emitter_open(&e);
    }
    if (ok) /* dump takes the document, whatever happens */
        ok = yaml_emitter_dump(&e, &out) && yaml_emitter_close(&e) && yaml_emitter_flush(&e);
    else
        yaml_document_delete(&out);
    yaml_emitter_delete(&e);
    if (!ok) cl_str_free(&b);
    return ok ? cl_str_take(&b) : NULL;
}

cl_status pack_strip_hidden(const char *path, const char *text, size_t len, char **out,
                            cl_error *err)
{
    cl_yaml_doc d;
    *out = NULL;
    cl_status st = cl_yaml_load(&d, path, text, len, err);
    yaml_node_t *root = st == CL_OK ? cl_yaml_root(&d) : NULL;
    yaml_node_t *sizes = map_get(&d, root, "sizes", NULL);
    yaml_node_t *hidden = map_get(&d, sizes, "hidden", NULL);
    yaml_node_t *slug = map_get(&d, root, "slug", NULL);
    if (st == CL_OK && (!hidden || hidden->type != YAML_SEQUENCE_NODE))
        st = cl_fail(err, CL_MANIFEST, path, 0, 0, "no list sizes.hidden to take out");
    if (st != CL_OK) goto done;
    *out = emit_without(&d, (int)(hidden - d.doc.nodes.start) + 1,
                        cl_yaml_scalar(slug) ? cl_yaml_scalar(slug) : "a day");
    if (!*out) st = cl_fail(err, CL_INTERNAL, path, 0, 0, "libyaml could not write the day back");
    if (st == CL_OK) st = same_day(path, text, len, *out, err);
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

/* Whether o names m (or names no day: every day goes). */
static bool wanted(const pack_course_options *o, const day_manifest *m)
{
    for (int i = 0; o->only && i < o->nonly; i++)
        if (o->only[i] == m) return true;
    return !o->only || o->nonly == 0;
}

cl_status pack_course(pack_sink *s, const day_course *c, const pack_course_options *o,
                      cl_error *err)
{
    cl_status st = CL_OK;
    bool every = !o->only || o->nonly == 0;
    for (int i = 0; i < c->ndays && st == CL_OK; i++) {
        const day_entry *e = &c->days[i];
        if (!e->manifest && every) { /* a day that does not load is only ours when it goes */
            if (err) *err = e->error;
            return e->error.status ? e->error.status : CL_MANIFEST;
        }
        if (e->manifest && wanted(o, e->manifest)) st = add_day(s, c, e->manifest, o, err);
    }
    return st;
}

cl_status pack_tool_source(pack_sink *s, const char *root, const char *prefix, bool readme,
                           cl_error *err)
{
    static const char *const files[] = {"CMakeLists.txt", "cudalab", "README.md"};
    static const char *const dirs[] = {"grader", "runner", "scripts", "docs"};
    char *probe = cl_path_join(root, "grader/CMakeLists.txt");
    bool ok = cl_file_exists(probe);
    free(probe);
    if (!ok)
        return cl_fail(err, CL_NOT_FOUND, root, 0, 0, "no cudalab source here (an installed "
                       "course?): pack from the checkout, or set CUDALAB_COURSE to it");
    cl_status st = CL_OK;
    size_t nfiles = sizeof files / sizeof *files - !readme; /* README.md is last */
    for (size_t i = 0; i < nfiles && st == CL_OK; i++) {
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

/* ---- no hidden value in any byte shipped ---- */

typedef CL_VEC(char *) needles;

/* What would give a hidden size away, as the course writes it: each item
 * of sizes.hidden as its text stands in day.yaml ("{n: 1000}"), and each of
 * its values with its key, as a manifest writes it ("n: 1000") and as a
 * report labels it ("n=1000"), unless the course size has that value too. */
static cl_status hidden_needles(const day_manifest *m, needles *out, cl_error *err)
{
    char *text = NULL;
    size_t len = 0;
    cl_yaml_doc d;
    cl_status st = cl_read_file(m->path, &text, &len, err);
    if (st == CL_OK) st = cl_yaml_load(&d, m->path, text, len, err);
    if (st != CL_OK) {
        free(text);
        return st;
    }
    yaml_node_t *sizes = map_get(&d, cl_yaml_root(&d), "sizes", NULL);
    yaml_node_t *hidden = map_get(&d, sizes, "hidden", NULL), *course = map_get(&d, sizes, "course", NULL);
    for (yaml_node_item_t *i = hidden && hidden->type == YAML_SEQUENCE_NODE
                                   ? hidden->data.sequence.items.start : NULL;
         i && i < hidden->data.sequence.items.top; i++) {
        yaml_node_t *item = cl_yaml_node(&d, *i);
        size_t from = item->start_mark.index, to = item->end_mark.index;
        if (to > from && to <= len) CL_VEC_PUSH(out, cl_strndup(text + from, to - from));
        for (yaml_node_pair_t *p = item->type == YAML_MAPPING_NODE ? item->data.mapping.pairs.start : NULL;
             p && p < item->data.mapping.pairs.top; p++) {
            const char *k = cl_yaml_scalar(cl_yaml_node(&d, p->key)), *v = cl_yaml_scalar(cl_yaml_node(&d, p->value));
            const char *pub = cl_yaml_scalar(map_get(&d, course, k, NULL));
            if (!k || !v || (pub && !strcmp(pub, v))) continue; /* the course size's value is public */
            CL_VEC_PUSH(out, cl_sprintf("%s: %s", k, v));
            CL_VEC_PUSH(out, cl_sprintf("%s=%s", k, v));
        }
    }
    cl_yaml_free(&d);
    free(text);
    return CL_OK;
}

static bool word_char(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* needle in text as a whole: no letter, digit or '_' just before it, and
 * none (nor a decimal point: 1000.5) just after. */
static bool holds(const char *text, size_t len, const char *needle)
{
    size_t n = strlen(needle);
    for (const char *at = text; n && (at = memmem(at, len - (size_t)(at - text), needle, n)); at++) {
        bool before = at > text && word_char(at[-1]) && word_char(needle[0]);
        const char *end = at + n;
        bool point = end + 1 < text + len && *end == '.' && end[1] >= '0' && end[1] <= '9';
        bool after = end < text + len && (word_char(*end) || point) && word_char(needle[n - 1]);
        if (!before && !after) return true;
    }
    return false;
}

/* The tool's program (its code, the same for every course): it holds
 * generic examples ({n: 1}, {n: 257}) that no course's sizes are. */
static bool tool_code(const char *rel)
{
    static const char *const code[] = {"grader/", "runner/", "scripts/"};
    for (size_t i = 0; i < sizeof code / sizeof *code; i++)
        if (!strncmp(rel, code[i], strlen(code[i]))) return true;
    return !strcmp(rel, "CMakeLists.txt") || !strcmp(rel, "cudalab");
}

/* Every regular file under dir (rel: its path in the edition) but the
 * tool's code against the needles; the first hit fails. */
static cl_status grep_tree(const char *dir, const char *rel, const needles *nd, cl_error *err)
{
    size_t n = 0;
    char **names = list_dir(dir, &n);
    cl_status st = CL_OK;
    for (size_t i = 0; i < n; i++) {
        char *path = cl_path_join(dir, names[i]);
        char *r = *rel ? cl_sprintf("%s/%s", rel, names[i]) : cl_strdup(names[i]);
        struct stat sb;
        char *text = NULL;
        size_t len = 0;
        if (st == CL_OK && lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            st = grep_tree(path, r, nd, err);
        } else if (st == CL_OK && !tool_code(r) && lstat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
            st = cl_read_file(path, &text, &len, err);
            for (size_t k = 0; st == CL_OK && k < nd->n; k++)
                if (holds(text, len, nd->v[k]))
                    st = cl_fail(err, CL_INTERNAL, path, 0, 0, "the student edition holds a hidden "
                                 "size of the course: %s (\"%s\"); nothing was left out of it",
                                 r, nd->v[k]);
        }
        free(text);
        free(path);
        free(r);
        free(names[i]);
    }
    free(names);
    return st;
}

/* No byte of the edition at dir holds a hidden size of the course c. */
static cl_status no_hidden_bytes(const day_course *c, const char *dir, cl_error *err)
{
    needles nd = {0};
    cl_status st = CL_OK;
    for (int i = 0; st == CL_OK && i < c->ndays; i++)
        if (c->days[i].manifest) st = hidden_needles(c->days[i].manifest, &nd, err);
    if (st == CL_OK) st = grep_tree(dir, "", &nd, err);
    for (size_t i = 0; i < nd.n; i++) free(nd.v[i]);
    free(nd.v);
    return st;
}

/* The edition may not be written inside the course: it would copy itself
 * (docs/ into docs/...) without end. The deepest folder of dir that exists
 * is compared with the course's root, both resolved. */
static cl_status outside_course(const char *root, const char *dir, cl_error *err)
{
    char course[PATH_MAX], at[PATH_MAX] = "", *probe = cl_strdup(*dir ? dir : ".");
    cl_status st = CL_OK;
    while (!realpath(probe, at)) {
        char *slash = strrchr(probe, '/');
        at[0] = '\0';
        if (!strcmp(probe, ".") || !strcmp(probe, "/")) break; /* nothing left to resolve */
        if (!slash) snprintf(probe, strlen(probe) + 1, ".");    /* relative: the working folder */
        else if (slash == probe) probe[1] = '\0';               /* "/x": "/" */
        else *slash = '\0';
    }
    size_t n = at[0] && realpath(root, course) ? strlen(course) : 0;
    if (n && !strncmp(at, course, n) && (at[n] == '\0' || at[n] == '/' || n == 1))
        st = cl_fail(err, CL_USAGE, dir, 0, 0, "is inside the course (%s): the edition would be "
                     "copied into itself; write it to a folder outside the course", course);
    free(probe);
    return st;
}

/* The edition's file rel (when it has one), the value after its first
 * `key` (which ends in a quote) set to value, up to the closing quote. */
static cl_status set_value_in(const char *dir, const char *rel, const char *key, const char *value,
                              cl_error *err)
{
    char *path = cl_path_join(dir, rel), *text = NULL;
    cl_status st = cl_file_exists(path) ? cl_read_file(path, &text, NULL, err) : CL_OK;
    char *at = st == CL_OK && text ? strstr(text, key) : NULL;
    if (at) {
        char *from = at + strlen(key), *end = strchr(from, '"');
        char *fixed = end ? cl_sprintf("%.*s%s%s", (int)(from - text), text, value, end) : NULL;
        if (fixed) st = cl_write_file_atomic(path, fixed, strlen(fixed), err);
        free(fixed);
    }
    free(text);
    free(path);
    return st;
}

/* The GitHub Classroom workflow and the Classroom 50 autograder in the
 * edition install the nvcc release that made its PTX (ptxas must be as
 * new): their `CUDA: "X-Y"` and `CUDA = "X-Y"` set. An edition of one day
 * (one assignment) also sets the autograder's DAY and SUBMISSION to that
 * day's (the GitHub Classroom workflow's tests are day 14's: it is kept as
 * it is). */
static cl_status set_workflow_values(const char *dir, const day_manifest *const *days, int ndays,
                                     cl_error *err)
{
    static const char *const py = "docs/classroom/autograder.py";
    char *cuda = pack_cuda_release();
    cl_status st = set_value_in(dir, "docs/classroom/classroom.yml", "\n  CUDA: \"", cuda, err);
    if (st == CL_OK) st = set_value_in(dir, py, "\nCUDA = \"", cuda, err);
    if (st == CL_OK && ndays == 1) {
        char *day = cl_sprintf("%d", days[0]->day);
        char *sub = cl_sprintf("work/%s/%s", days[0]->slug, days[0]->student_file);
        st = set_value_in(dir, py, "\nDAY = \"", day, err);
        if (st == CL_OK) st = set_value_in(dir, py, "\nSUBMISSION = \"", sub, err);
        free(day);
        free(sub);
    }
    free(cuda);
    return st;
}

/* ---- the edition's README ---- */

char *pack_student_readme(const day_course *c, const day_manifest *const *days, int ndays)
{
    cl_str b = {0};
    pack_course_options o = {.only = days, .nonly = ndays};
    const day_manifest *first = NULL;
    cl_str_add(&b, "# The CUDA course: your edition\n\n"
               "This folder is the course as your instructor hands it out: the exercise\n"
               "text, the starter file, and cudalab, the runner that grades your kernels\n"
               "against the reference solution (shipped as PTX, not as source) on any\n"
               "machine, with or without a GPU. It holds:\n\n");
    for (int i = 0; i < c->ndays; i++) {
        const day_manifest *m = c->days[i].manifest;
        if (!m || !wanted(&o, m)) continue;
        if (!first) first = m;
        cl_str_addf(&b, "- day %d, %s: `days/%s/README.md`; your file is `work/%s/%s`\n", m->day,
                    m->title ? m->title : m->slug, m->slug, m->slug, m->student_file);
    }
    int n = first ? first->day : 1;
    cl_str_addf(&b, "\n## The two commands you need\n\n"
                "On a Debian or Ubuntu machine with gcc, cmake and the CUDA toolkit\n"
                "(`/usr/local/cuda`), from this folder:\n\n"
                "```sh\n./cudalab\n./cudalab grade %d\n```\n\n"
                "The first installs what is missing (with `apt-get`), builds cudalab (a\n"
                "minute or two the first time) and opens the course in the terminal: pick\n"
                "the day, press `e` to edit your file, `g` to grade it, `h` for a hint,\n"
                "`?` for every key. The second grades your file without the full-screen\n"
                "runner, for any terminal or a script (`--json` for a program).\n\n"
                "Your file is made from the day's template the first time you open the\n"
                "day, under `work/` (or `$CUDALAB_WORKSPACE`). Grading here uses the\n"
                "day's public size only; your instructor grades the same file with more\n"
                "sizes, so make your kernel right for any size the exercise allows.\n\n"
                "## More\n\n"
                "`docs/student-guide.md` walks through a day, `docs/runner.md` lists\n"
                "the runner's keys, `docs/glossary.md` the words the reports use.\n"
                "`./cudalab --help` lists every command.\n", n);
    return cl_str_take(&b);
}

cl_status pack_student(const day_course *c, const char *dir, pack_sink **written, cl_error *err)
{
    return pack_student_days(c, dir, NULL, 0, written, err);
}

cl_status pack_student_days(const day_course *c, const char *dir, const day_manifest *const *days,
                            int ndays, pack_sink **written, cl_error *err)
{
    pack_sink *s = NULL;
    pack_course_options o = {.only = days, .nonly = ndays, .keep_hidden = false, .prefix = ""};
    char *readme = pack_student_readme(c, days, ndays);
    cl_status st = outside_course(c->root, dir, err);
    if (st == CL_OK) st = empty_or_new(dir, err);
    if (st == CL_OK) s = pack_sink_dir(dir);
    if (st == CL_OK) st = pack_course(s, c, &o, err);
    if (st == CL_OK) st = pack_tool_source(s, c->root, "", false, err);
    if (st == CL_OK) st = pack_add(s, "README.md", readme, strlen(readme), false, err);
    if (st == CL_OK) st = pack_add(s, ".gitignore", "/build*/\n", 9, false, err);
    if (st == CL_OK) st = set_workflow_values(dir, days, ndays, err);
    if (st == CL_OK) st = check_student(dir, err);
    if (st == CL_OK) st = no_hidden_bytes(c, dir, err);
    free(readme);
    *written = s;
    return st;
}
