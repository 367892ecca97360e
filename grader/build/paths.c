/* paths.c - paths in the tools' output: normalising, telling the toolkit's
 * headers from the student's files, and nvcc's dependency (make) output. */
#include "build_internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

char *build_normalize_path(const char *path, const char *cwd)
{
    char *full = path[0] == '/' || !cwd ? cl_strdup(path) : cl_path_join(cwd, path);
    CL_VEC(char *) parts = {0};
    for (char *save = NULL, *c = strtok_r(full, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
        if (strcmp(c, ".") == 0) continue;
        if (strcmp(c, "..") == 0) {
            if (parts.n) parts.n--;
            continue;
        }
        CL_VEC_PUSH(&parts, c);
    }
    cl_str out = {0};
    for (size_t i = 0; i < parts.n; i++) cl_str_addf(&out, "/%s", parts.v[i]);
    if (parts.n == 0) cl_str_add(&out, "/");
    free(parts.v);
    free(full);
    return cl_str_take(&out);
}

static bool has_dir_prefix(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/') n--;
    return n > 0 && strncmp(path, dir, n) == 0 && path[n] == '/';
}

bool build_is_toolkit_path(const char *abs_path, const char *root)
{
    static const char *const system_dirs[] = {"/usr/include", "/usr/lib", "/usr/lib64",
                                              "/usr/local/include"};
    for (size_t i = 0; i < sizeof system_dirs / sizeof *system_dirs; i++)
        if (has_dir_prefix(abs_path, system_dirs[i])) return true;
    if (!root) return false;
    if (has_dir_prefix(abs_path, root)) return true;
    char real_path[PATH_MAX], real_root[PATH_MAX];
    return realpath(abs_path, real_path) && realpath(root, real_root) &&
           has_dir_prefix(real_path, real_root);
}

static bool same_file(const char *a, const char *b)
{
    char ra[PATH_MAX], rb[PATH_MAX];
    return realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

build_origin build_classify_path(const char *printed, const build_paths *p, char **shown)
{
    char *abs = build_normalize_path(printed, p->cwd);
    char *src = build_normalize_path(p->compiled, p->cwd);
    build_origin o;
    const char *slash = strrchr(src, '/');
    size_t dirlen = (size_t)(slash - src);
    if (strcmp(abs, src) == 0 || strcmp(printed, p->given) == 0 ||
        (p->original && strcmp(printed, p->original) == 0) || same_file(abs, src)) {
        o = BUILD_IN_SOURCE;
        *shown = cl_strdup(p->given);
    } else if (build_is_toolkit_path(abs, p->root)) {
        o = BUILD_IN_TOOLKIT;
        *shown = cl_strdup(abs);
    } else if (dirlen > 0 && strncmp(abs, src, dirlen + 1) == 0) {
        o = BUILD_IN_INCLUDE; /* a day's header, copied beside the source */
        *shown = cl_strdup(abs + dirlen + 1);
    } else {
        o = BUILD_IN_INCLUDE;
        *shown = cl_strdup(abs);
    }
    free(abs);
    free(src);
    return o;
}

/* One token of a make rule, escapes undone; *s moves past it. */
static char *deps_token(const char **s)
{
    cl_str t = {0};
    const char *p = *s;
    for (; *p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r'; p++) {
        if (p[0] == '\\' && p[1] == ' ') p++;
        else if (p[0] == '$' && p[1] == '$') p++;
        else if (p[0] == '\\' && (p[1] == '\n' || p[1] == '\r' || p[1] == '\0')) break;
        cl_str_addc(&t, *p);
    }
    *s = p;
    return cl_str_take(&t);
}

void build_parse_deps(const char *text, build_strings *out)
{
    const char *p = text;
    /* The target ends at the first ':' followed by a blank or the end. */
    while (*p && !(p[0] == ':' && (p[1] == ' ' || p[1] == '\t' || p[1] == '\n' || !p[1]))) p++;
    if (!*p) return;
    for (p++; *p;) {
        if (*p == ' ' || *p == '\t') { p++; continue; }
        if (p[0] == '\\' && p[1] == '\n') { p += 2; continue; }
        if (p[0] == '\\' && p[1] == '\r' && p[2] == '\n') { p += 3; continue; }
        if (*p == '\n' || *p == '\r') break; /* the end of the first rule */
        char *tok = deps_token(&p);
        if (tok && tok[0]) CL_VEC_PUSH(out, tok);
        else free(tok);
        if (*p == '\\' && !p[1]) break;
    }
}
