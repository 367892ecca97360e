/* compile.c - build_compile: the plan, the cache, nvcc to PTX, ptxas to
 * cubins with the resource report, and what the student should hear. */
#include "build_internal.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

/* The names the tools see: cudalab's, never the student's. */
#define SOURCE_NAME "submission.cu"

#define MAIN_WARNING \
    "your file defines main(); cudalab runs only your kernels \xe2\x80\x94 host code is ignored"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static char *default_cache_dir(void)
{
    const char *c = getenv("CUDALAB_CACHE"), *x = getenv("XDG_CACHE_HOME");
    const char *h = getenv("HOME");
    if (c && c[0]) return cl_path_join(c, "build");
    if (x && x[0]) return cl_sprintf("%s/cudalab/build", x);
    if (h && h[0]) return cl_sprintf("%s/.cache/cudalab/build", h);
    return NULL;
}

char *build_cache_folder(const build_options *opt, const char *name)
{
    if (opt && opt->no_cache) return NULL;
    char *build = opt && opt->cache_dir ? cl_strdup(opt->cache_dir) : default_cache_dir();
    if (!name) return build;
    char *folder = build ? cl_path_join(build, name) : NULL;
    free(build);
    return folder;
}

/* "sm_75", "sm_90a": what ptxas accepts as a real architecture. */
static bool valid_arch(const char *a)
{
    if (strncmp(a, "sm_", 3) != 0 || !isdigit((unsigned char)a[3])) return false;
    size_t n = 3 + strspn(a + 3, "0123456789");
    return a[n] == '\0' || (islower((unsigned char)a[n]) && a[n + 1] == '\0');
}

/* The source's path made absolute from the working directory (links kept):
 * the PTX's .file names it, as it would had nvcc compiled it there. */
static char *absolute(const char *path)
{
    char cwd[PATH_MAX];
    if (path[0] != '/' && !getcwd(cwd, sizeof cwd)) return cl_strdup(path);
    return build_normalize_path(path, cwd);
}

/* A day header's name: "helpers.cuh". */
static bool header_name_ok(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (!dot || name[0] == '.' || (strcmp(dot, ".h") && strcmp(dot, ".cuh") && strcmp(dot, ".hpp")))
        return false;
    return strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") ==
           strlen(name);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The day's headers, sorted (the cache key hashes them in this order). */
static void list_headers(build_plan *plan)
{
    DIR *d = plan->headers_dir ? opendir(plan->headers_dir) : NULL;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        char *path = cl_path_join(plan->headers_dir, e->d_name);
        struct stat st;
        if (header_name_ok(e->d_name) && lstat(path, &st) == 0 && S_ISREG(st.st_mode))
            CL_VEC_PUSH(&plan->headers, cl_strdup(e->d_name));
        free(path);
    }
    if (d) closedir(d);
    if (plan->headers.n) qsort(plan->headers.v, plan->headers.n, sizeof *plan->headers.v, by_name);
    CL_VEC_PUSH(&plan->headers, NULL); /* NULL-terminated, for the scanner */
    plan->headers.n--;
}

static cl_status make_plan(const build_options *opt, build_plan *plan, cl_error *err)
{
    static const build_options defaults;
    if (!opt) opt = &defaults;
    memset(plan, 0, sizeof *plan);
    plan->arch = opt->arch ? opt->arch : BUILD_DEFAULT_ARCH;
    plan->cubin_arch = opt->cubin_arch;
    plan->flags = opt->flags;
    plan->timeout_s = opt->timeout_s > 0 ? opt->timeout_s : BUILD_DEFAULT_TIMEOUT_S;
    plan->cpu_s = opt->cpu_s > 0 ? opt->cpu_s : BUILD_DEFAULT_CPU_S;
    plan->mem_limit = opt->mem_limit ? opt->mem_limit : BUILD_DEFAULT_MEM_LIMIT;
    plan->cancel = opt->cancel;
    plan->budget = opt->budget;
    const char *bad = !valid_arch(plan->arch) ? plan->arch
                      : plan->cubin_arch && !valid_arch(plan->cubin_arch) ? plan->cubin_arch
                                                                          : NULL;
    if (bad)
        return cl_fail(err, CL_USAGE, "", 0, 0, "bad GPU architecture '%s': expected sm_NN", bad);
    if (!opt->no_cache)
        plan->cache_dir = opt->cache_dir ? cl_strdup(opt->cache_dir) : default_cache_dir();
    plan->headers_dir = opt->headers_dir ? absolute(opt->headers_dir) : NULL;
    list_headers(plan);
    return build_find_toolchain(opt, &plan->tc, err);
}

static char *human_bytes(uint64_t n)
{
    if (n >= (1u << 30) && n % (1u << 30) == 0) return cl_sprintf("%llu GiB", (unsigned long long)(n >> 30));
    if (n >= (1u << 20) && n % (1u << 20) == 0) return cl_sprintf("%llu MiB", (unsigned long long)(n >> 20));
    return cl_sprintf("%llu bytes", (unsigned long long)n);
}

/* needle on a line of its own making: not on an indented context line,
 * which quotes the student's source. */
static bool log_says(const char *log, const char *needle)
{
    for (const char *l = log; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] == '\n')) {
        if (*l == ' ' || *l == '\t') continue;
        const char *hit = strstr(l, needle);
        if (hit && hit < l + strcspn(l, "\n")) return true;
    }
    return false;
}

/* Ran out of its address space: killed, or said so on its way out. */
static bool starved(const cl_proc_result *res)
{
    static const char *const signs[] = {"error: out of memory", "Out of memory", "bad_alloc",
                                        "failed to map segment", "Cannot allocate memory",
                                        "Memory allocation failure", "died due to signal",
                                        "Segmentation fault", ": out of memory allocating",
                                        "virtual memory exhausted"};
    if (res->out_of_memory) return true;
    if (res->exit_code == 0) return false;
    for (size_t i = 0; i < sizeof signs / sizeof *signs; i++)
        if (log_says(res->err, signs[i]) || log_says(res->out, signs[i])) return true;
    return false;
}

/* The line of the log that says it ran out, or what killed it. */
static char *starved_reason(const cl_proc_result *res)
{
    static const char *const signs[] = {"out of memory", "Out of memory", "bad_alloc",
                                        "memory exhausted", "Cannot allocate memory",
                                        "Memory allocation failure", "failed to map segment"};
    for (int k = 0; k < 2; k++) {
        const char *log = k ? res->out : res->err;
        for (const char *l = log; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] == '\n')) {
            size_t n = strcspn(l, "\n");
            for (size_t i = 0; i < sizeof signs / sizeof *signs && *l != ' '; i++)
                if (memmem(l, n, signs[i], strlen(signs[i])))
                    return cl_sprintf("%.*s", (int)(n > 200 ? 200 : n), l);
        }
    }
    if (res->signal) return cl_sprintf("it was killed by signal %d", res->signal);
    return cl_strdup("it said so");
}

/* A tool that failed on a full disk: it said so, or the folder it writes
 * in has (almost) no room left. */
static bool disk_full(const cl_proc_result *res, const char *dir)
{
    struct statvfs v;
    if (log_says(res->err, "No space left on device") || log_says(res->out, "No space left"))
        return true;
    return statvfs(dir, &v) == 0 && (uint64_t)v.f_bavail * v.f_frsize < ((uint64_t)1 << 20);
}

/* Run one tool in the scratch folder under the plan's limits: each of its
 * processes the per-process CPU limit, and all of them together what is
 * left of the grade's budget (none is started with less than
 * BUDGET_FLOOR_NS left). CL_OK when it ran to its end (whatever its exit
 * status); CL_LIMIT, CL_CANCELLED, or CL_NO_NVCC (it could not be started)
 * otherwise. */
#define BUDGET_FLOOR_NS 50000000ull
bool build_tools_viewed(char *why, size_t size)
{
    const char *off = getenv("CUDALAB_SANDBOX");
    char no[128];
    if (off && !strcmp(off, "off")) {
        if (why && size) snprintf(why, size, "CUDALAB_SANDBOX=off");
        return false;
    }
    if (cl_proc_view_available(no, sizeof no)) return true;
    if (why && size) snprintf(why, size, "no user namespaces: %s", no);
    return false;
}

/* The folder a tool's path is in (caller frees); NULL for none. */
static char *dir_of(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash && slash != path ? cl_strndup(path, (size_t)(slash - path)) : NULL;
}

static cl_status run_tool(const build_plan *plan, const char *tool, const char *const *argv,
                          const build_scratch *scratch, cl_proc_result *res, cl_error *err)
{
    uint64_t left = plan->budget ? cl_cpu_budget_left_ns(plan->budget) : UINT64_MAX;
    double limit = plan->budget ? (double)plan->budget->limit_ns * 1e-9 : 0;
    if (left < BUDGET_FLOOR_NS) {
        memset(res, 0, sizeof *res);
        return cl_fail(err, CL_LIMIT, "", 0, 0, "the grade's CPU budget of %g s (the compiler's processes "
                       "and the emulation together) ran out before %s could run", limit, tool);
    }
    char *tmpdir = cl_sprintf("TMPDIR=%s", scratch->tmp); /* its temporary files die with it */
    const char *env[] = {tmpdir, "LC_ALL=C", NULL};
    /* the tool sees the system's folders, the toolkit's and the scratch
       folder, nothing else: __has_include, however it is spelled, pasted or
       reached through a macro, can only find those (proc.h's visible) */
    char *nvcc_dir = dir_of(plan->tc.nvcc), *ptxas_dir = dir_of(plan->tc.ptxas);
    char *view = cl_path_join(scratch->dir, "view");
    const char *seen[5] = {scratch->dir};
    const char *more[] = {plan->tc.root, nvcc_dir, ptxas_dir};
    for (size_t i = 0, k = 1; i < 3; i++)
        if (more[i]) seen[k++] = more[i];
    cl_proc_spec spec = {.argv = argv, .cwd = scratch->dir, .env = env, .timeout_s = plan->timeout_s,
                         .mem_limit = plan->mem_limit, .cpu_limit_s = plan->cpu_s,
                         .tree_cpu_s = left == UINT64_MAX ? 0 : (double)left * 1e-9, .cancel = plan->cancel,
                         .visible = build_tools_viewed(NULL, 0) ? seen : NULL, .view_root = view};
    cl_error e = {0};
    uint64_t clock = cl_proc_cpu_ns();
    cl_status st = cl_proc_run(&spec, res, &e);
    if (st == CL_OK && plan->budget) cl_cpu_budget_charge(plan->budget, res, cl_proc_cpu_ns() - clock);
    if (st != CL_OK) {
        st = cl_fail(err, CL_NO_NVCC, "", 0, 0, "cannot run %s: %s", argv[0], e.message);
    } else if (res->cancelled) {
        st = cl_fail(err, CL_CANCELLED, "", 0, 0, "the build was cancelled");
    } else if (res->timed_out) {
        st = cl_fail(err, CL_LIMIT, "", 0, 0, "%s ran longer than %g s", tool, plan->timeout_s);
    } else if (res->cpu_spent) {
        st = cl_fail(err, CL_LIMIT, "", 0, 0, "%s and the processes it started used the rest of the "
                     "grade's CPU budget of %g s (the compiler's processes and the emulation together)",
                     tool, limit);
    } else if (res->signal == SIGXCPU || log_says(res->err, "died due to signal 24") ||
               log_says(res->err, "CPU time limit exceeded") ||
               log_says(res->out, "died due to signal 24")) {
        st = cl_fail(err, CL_LIMIT, "", 0, 0, "%s used more than %g s of CPU (cudalab's limit for "
                     "each of its processes)", tool, plan->cpu_s);
    } else if (starved(res)) {
        char *lim = human_bytes(plan->mem_limit), *why = starved_reason(res);
        st = cl_fail(err, CL_NOMEM, "", 0, 0, "%s ran out of memory under cudalab's limit of %s "
                     "per tool (%s); the machine's limit, not an error cudalab can show in the "
                     "file", tool, lim, why);
        free(lim);
        free(why);
    } else if (res->exit_code != 0 && disk_full(res, scratch->dir)) {
        st = cl_fail(err, CL_IO, scratch->dir, 0, 0, "the disk is full: %s could not write its "
                     "files here; free some space (or set CUDALAB_CACHE elsewhere)", tool);
    }
    if (st != CL_OK && st != CL_NO_NVCC) cl_proc_result_free(res);
    free(tmpdir);
    free(nvcc_dir);
    free(ptxas_dir);
    free(view);
    return st;
}

/* The raw log: stderr, then stdout when there was any. */
static char *raw_log(const cl_proc_result *res)
{
    if (!res->out_len) return cl_strdup(res->err);
    return cl_sprintf("%s%s%s", res->err, res->err_len ? "\n" : "", res->out);
}

/* One error for a tool that failed without saying why in a form we read. */
static void add_tool_failure(build_result *r, const char *tool, const cl_proc_result *res)
{
    const char *log = res->err_len ? res->err : res->out;
    char *msg = cl_sprintf("%s failed (%s %d)%s%.*s", tool, res->signal ? "signal" : "exit status",
                           res->signal ? res->signal : res->exit_code, log[0] ? ": " : "",
                           (int)strcspn(log, "\n"), log);
    build_diag d = {.severity = BUILD_ERROR, .origin = BUILD_NO_FILE, .message = msg, .tool = tool};
    build_add_diag(r, &d);
    free(msg);
}

/* One build in progress. */
typedef struct job {
    const build_plan *plan;
    const char *given;
    char *abs; /* the source path nvcc gets: absolute, links not resolved */
    char *src;
    size_t len;
    build_scratch scratch;
    char *compiled; /* scratch/SOURCE_NAME */
    build_paths paths;
    bool outside; /* nvcc read a file that is not the toolkit's nor the day's */
    build_result *r;
} job;

/* The flags of nvcc's command line that ptxas must see too, since they do
 * not travel in the PTX: -maxrregcount and -Xptxas. */
static void ptxas_flags(const char *const *flags, build_strings *out)
{
    for (size_t i = 0; flags && flags[i]; i++) {
        const char *f = flags[i], *v = NULL;
        if (strncmp(f, "-maxrregcount", 13) == 0 || strncmp(f, "--maxrregcount", 14) == 0) {
            v = strchr(f, '=') ? strchr(f, '=') + 1 : flags[i + 1] ? flags[++i] : NULL;
            if (v) CL_VEC_PUSH(out, cl_sprintf("-maxrregcount=%s", v));
            continue;
        }
        if (strncmp(f, "-Xptxas", 7) == 0 || strncmp(f, "--ptxas-options", 15) == 0)
            v = strchr(f, '=') ? strchr(f, '=') + 1 : flags[i + 1] ? flags[++i] : NULL;
        for (const char *p = v; p && *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] == ',')) {
            size_t n = strcspn(p, ",");
            if (n) CL_VEC_PUSH(out, cl_strndup(p, n));
        }
    }
}

/* A dependency nvcc listed, as the cache should hash it: a day header in
 * the scratch folder is the course's file. NULL for the source itself, the
 * toolkit's, and a name that is no file (a #line name: nothing was read);
 * "" for anything else (outside: the build is refused). */
static char *own_dep(const job *j, const char *abs)
{
    const char *dir = j->scratch.dir;
    size_t n = strlen(dir);
    struct stat st;
    if (strcmp(abs, j->compiled) == 0 || build_is_toolkit_path(abs, j->plan->tc.root) ||
        (lstat(abs, &st) != 0 && errno == ENOENT))
        return NULL;
    for (size_t i = 0; i < j->plan->headers.n; i++)
        if (strncmp(abs, dir, n) == 0 && abs[n] == '/' &&
            strcmp(abs + n + 1, j->plan->headers.v[i]) == 0)
            return cl_path_join(j->plan->headers_dir, j->plan->headers.v[i]);
    return cl_strdup("");
}

static void read_deps(job *j)
{
    char *path = cl_path_join(j->scratch.dir, "deps.d"), *text = NULL;
    build_strings all = {0};
    if (cl_read_file(path, &text, NULL, NULL) == CL_OK) {
        build_parse_deps(text, &all);
        for (size_t i = 0; i < all.n; i++) {
            char *abs = build_normalize_path(all.v[i], j->scratch.dir);
            char *mine = own_dep(j, abs);
            if (mine && !mine[0]) j->outside = true;
            if (mine && mine[0]) CL_VEC_PUSH(&j->r->deps, mine);
            else free(mine);
            free(abs);
        }
        j->r->have_deps = true;
    }
    build_strings_free(&all);
    free(text);
    free(path);
}

/* nvcc read a file it should not have (the scanner let a way through that
 * it does not know): nothing of what it said may reach a report. */
static void refuse_outside(job *j)
{
    build_result *r = j->r;
    for (size_t i = 0; i < r->diags.n; i++) {
        free((char *)r->diags.v[i].file), free((char *)r->diags.v[i].code);
        free((char *)r->diags.v[i].message), free((char *)r->diags.v[i].context);
        free((char *)r->diags.v[i].tool);
    }
    r->diags.n = 0;
    free(r->nvcc_log);
    r->nvcc_log = cl_strdup("");
    free(r->ptx);
    r->ptx = cl_strdup("");
    build_strings_free(&r->deps);
    r->have_deps = false;
    build_diag d = {.file = j->given, .severity = BUILD_ERROR, .origin = BUILD_IN_SOURCE,
                    .code = "include", .tool = "cudalab",
                    .message = "your file made nvcc read a file other than the toolkit's "
                               "headers and the day's own; only those can be included: a "
                               "submission is one file"};
    build_add_diag(r, &d);
}

static void warn_about_main(job *j)
{
    int line = build_find_main(j->src, j->len);
    if (!line) return;
    build_diag d = {.file = j->given, .line = line, .severity = BUILD_WARNING,
                    .origin = BUILD_IN_SOURCE, .code = "host-code", .message = MAIN_WARNING,
                    .tool = "cudalab"};
    build_add_diag(j->r, &d);
}

/* nvcc -ptx: *ok when it produced PTX. */
static cl_status run_nvcc(job *j, bool *ok, cl_error *err)
{
    const build_plan *plan = j->plan;
    CL_VEC(const char *) argv = {0};
    char *arch = cl_sprintf("-arch=%s", plan->arch), *ptx_path = NULL;
    const char *head[] = {plan->tc.nvcc, "-ptx", "-lineinfo", arch};
    for (size_t i = 0; i < 4; i++) CL_VEC_PUSH(&argv, head[i]);
    for (size_t i = 0; plan->flags && plan->flags[i]; i++) CL_VEC_PUSH(&argv, plan->flags[i]);
    const char *tail[] = {"-MD", "-MF", "deps.d", "-o", "kernel.ptx", SOURCE_NAME, NULL};
    for (size_t i = 0; i < 7; i++) CL_VEC_PUSH(&argv, tail[i]);
    cl_proc_result res;
    *ok = false;
    cl_status st = run_tool(plan, "nvcc", argv.v, &j->scratch, &res, err);
    if (st != CL_OK) goto done;
    free(j->r->nvcc_log);
    j->r->nvcc_log = raw_log(&res);
    build_parse_nvcc_log(j->r, j->r->nvcc_log, &j->paths);
    warn_about_main(j);
    read_deps(j);
    if (j->outside) {
        refuse_outside(j);
        cl_proc_result_free(&res);
        goto done;
    }
    ptx_path = cl_path_join(j->scratch.dir, "kernel.ptx");
    if (res.exit_code == 0 && res.signal == 0) {
        free(j->r->ptx);
        j->r->ptx = NULL;
        *ok = cl_read_file(ptx_path, &j->r->ptx, NULL, NULL) == CL_OK;
        if (!j->r->ptx) j->r->ptx = cl_strdup("");
    }
    if (!*ok && build_error_count(j->r) == 0) add_tool_failure(j->r, "nvcc", &res);
    cl_proc_result_free(&res);
done:
    free(argv.v);
    free(arch);
    free(ptx_path);
    return st;
}

/* ptxas -v for one architecture: *ok when it produced a cubin. */
static cl_status run_ptxas(job *j, const char *arch, bool *ok, cl_error *err)
{
    const build_plan *plan = j->plan;
    build_target *t = build_add_target(j->r, arch);
    build_strings extra = {0};
    CL_VEC(const char *) argv = {0};
    char *a = cl_sprintf("-arch=%s", arch), *out = cl_sprintf("%s.cubin", arch);
    char *cubin_path = cl_path_join(j->scratch.dir, out);
    ptxas_flags(plan->flags, &extra);
    const char *head[] = {plan->tc.ptxas, a, "-v", "-lineinfo"};
    for (size_t i = 0; i < 4; i++) CL_VEC_PUSH(&argv, head[i]);
    for (size_t i = 0; i < extra.n; i++) CL_VEC_PUSH(&argv, extra.v[i]);
    const char *tail[] = {"-o", out, "kernel.ptx", NULL};
    for (size_t i = 0; i < 4; i++) CL_VEC_PUSH(&argv, tail[i]);
    cl_proc_result res;
    *ok = false;
    cl_status st = run_tool(plan, "ptxas", argv.v, &j->scratch, &res, err);
    if (st != CL_OK) goto done;
    char *log = raw_log(&res), *all = cl_sprintf("%s%s", j->r->ptxas_log, log);
    free(j->r->ptxas_log);
    j->r->ptxas_log = all;
    size_t errors = build_error_count(j->r);
    build_parse_ptxas_log(j->r, log, &j->paths);
    build_parse_resources(log, &t->kernels);
    char *cubin = NULL;
    if (res.exit_code == 0 && res.signal == 0 &&
        cl_read_file(cubin_path, &cubin, &t->cubin_len, NULL) == CL_OK) {
        t->cubin = (unsigned char *)cubin;
        *ok = true;
    }
    if (!*ok && build_error_count(j->r) == errors) add_tool_failure(j->r, "ptxas", &res);
    free(log);
    cl_proc_result_free(&res);
done:
    build_strings_free(&extra);
    free(argv.v);
    free(a);
    free(out);
    free(cubin_path);
    return st;
}

/* Write a file of the scratch folder; a full disk is named as such. */
static cl_status put_file(const char *path, const char *data, size_t len, cl_error *err)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    size_t done = 0;
    while (fd >= 0 && done < len) {
        ssize_t n = write(fd, data + done, len - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    int e = errno;
    if (fd >= 0 && close(fd) != 0 && done == len) e = errno, done = len + 1;
    if (fd >= 0 && done == len) return CL_OK;
    if (e == ENOSPC || e == EDQUOT)
        return cl_fail(err, CL_IO, path, 0, 0, "the disk is full: cannot write the build's "
                       "files here; free some space (or set CUDALAB_CACHE elsewhere)");
    return cl_fail(err, CL_IO, path, 0, 0, "cannot write the build's copy: %s", strerror(e));
}

/* The submission, under cudalab's name, and the day's headers beside it. */
static cl_status fill_scratch(job *j, cl_error *err)
{
    const build_plan *plan = j->plan;
    j->compiled = cl_path_join(j->scratch.dir, SOURCE_NAME);
    cl_status st = put_file(j->compiled, j->src, j->len, err);
    for (size_t i = 0; st == CL_OK && i < plan->headers.n; i++) {
        char *from = cl_path_join(plan->headers_dir, plan->headers.v[i]);
        char *to = cl_path_join(j->scratch.dir, plan->headers.v[i]), *data = NULL;
        size_t len = 0;
        st = cl_read_file(from, &data, &len, err);
        if (st == CL_OK) st = put_file(to, data, len, err);
        free(data);
        free(from);
        free(to);
    }
    return st;
}

/* A path as ptxas holds it in quotes: it takes ASCII only, so '"', control
 * bytes and every byte of a non-ASCII character become '?'. */
static void add_ptx_path(cl_str *out, const char *path)
{
    for (const unsigned char *p = (const unsigned char *)path; *p; p++)
        cl_str_addc(out, *p == '"' || *p < 0x20 || *p >= 0x7f ? '?' : (char)*p);
}

/* What a .file path of nvcc's PTX stands for: the student's file or the
 * course's header for the scratch copies, NULL for the others. */
static char *ptx_file_for(const job *j, const char *path, const char *real_dir)
{
    const char *dirs[] = {j->scratch.dir, real_dir};
    for (int k = 0; k < 2; k++) {
        size_t n = dirs[k] ? strlen(dirs[k]) : 0;
        if (!n || strncmp(path, dirs[k], n) != 0 || path[n] != '/') continue;
        const char *name = path + n + 1;
        if (strcmp(name, SOURCE_NAME) == 0) return cl_strdup(j->abs);
        for (size_t i = 0; i < j->plan->headers.n; i++)
            if (strcmp(name, j->plan->headers.v[i]) == 0)
                return cl_path_join(j->plan->headers_dir, name);
    }
    return NULL;
}

/* The PTX's `.file N "path"` lines name the student's file (and the day's
 * headers) instead of the scratch copies: hazards and ptxas's messages are
 * placed through them. Lines keep their numbers. */
static void rename_ptx_files(job *j)
{
    char real_dir[PATH_MAX];
    const char *rd = realpath(j->scratch.dir, real_dir) ? real_dir : NULL;
    cl_str out = {0};
    for (const char *l = j->r->ptx; *l;) {
        size_t len = strcspn(l, "\n");
        const char *t = l + strspn(l, " \t"), *q = memchr(l, '"', len);
        const char *e = q ? memchr(q + 1, '"', len - (size_t)(q + 1 - l)) : NULL;
        char *path = e && strncmp(t, ".file", 5) == 0 ? cl_strndup(q + 1, (size_t)(e - q - 1)) : NULL;
        char *mine = path ? ptx_file_for(j, path, rd) : NULL;
        if (mine) {
            cl_str_addn(&out, l, (size_t)(q + 1 - l));
            add_ptx_path(&out, mine);
            cl_str_addn(&out, e, len - (size_t)(e - l));
        } else {
            cl_str_addn(&out, l, len);
        }
        if (l[len] == '\n') cl_str_addc(&out, '\n');
        l += len + (l[len] == '\n');
        free(path);
        free(mine);
    }
    free(j->r->ptx);
    j->r->ptx = out.s ? cl_str_take(&out) : cl_strdup("");
}

/* The PTX with the student's names, for ptxas too: its cubins carry the
 * names in their line tables, the same from one build to the next. */
static cl_status renamed_ptx(job *j, cl_error *err)
{
    rename_ptx_files(j);
    char *path = cl_path_join(j->scratch.dir, "kernel.ptx");
    unlink(path);
    cl_status st = put_file(path, j->r->ptx, strlen(j->r->ptx), err);
    free(path);
    return st;
}

/* nvcc, then ptxas for each architecture. CL_OK when the tools ran (the
 * build may still have failed: r->ok says). */
static cl_status compile_fresh(job *j, cl_error *err)
{
    bool ok = false;
    cl_status st = run_nvcc(j, &ok, err);
    if (st == CL_OK && ok) st = renamed_ptx(j, err);
    j->paths.ptx = j->r->ptx;
    const char *archs[] = {j->plan->arch, j->plan->cubin_arch};
    for (int i = 0; i < 2 && st == CL_OK && ok; i++) {
        if (!archs[i]) continue;
        bool this_ok = false;
        st = run_ptxas(j, archs[i], &this_ok, err);
        ok = ok && this_ok;
    }
    j->r->ok = ok && build_error_count(j->r) == 0;
    return st;
}

static cl_status first_error(const build_result *r, cl_error *err)
{
    for (size_t i = 0; i < r->diags.n; i++) {
        const build_diag *d = &r->diags.v[i];
        if (d->severity == BUILD_ERROR)
            return cl_fail(err, CL_COMPILE, d->file, d->line, d->column, "%s", d->message);
    }
    return cl_fail(err, CL_COMPILE, r->source, 0, 0, "compilation failed");
}

/* Failed builds are cached too when nvcc named every file it read (its
 * dependency output): the same inputs give the same errors. A build that
 * stopped at a limit, or whose includes are unknown (a missing header), is
 * not, so that creating the header is noticed. */
static bool cacheable(const build_result *r)
{
    return r->have_deps && (r->ok || build_error_count(r) > 0);
}

/* A FIFO would block the read, a device never end it: only a regular file
 * (or a link to one) is a source. */
/* A source larger than this is refused before anything reads it: a day's
 * kernels fit in a few KiB, and a file of a gigabyte of comment cost 2.9 GiB
 * and 16 s before it passed. */
#define BUILD_MAX_SOURCE (1u << 20)

static cl_status regular_source(const char *path, cl_error *err)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return cl_fail(err, CL_NOT_FOUND, path, 0, 0, "cannot read: %s", strerror(errno));
    if (!S_ISREG(st.st_mode))
        return cl_fail(err, CL_USAGE, path, 0, 0, "not a regular file (a folder, a FIFO or a "
                       "device): only a .cu file can be graded");
    if ((uint64_t)st.st_size > BUILD_MAX_SOURCE)
        return cl_fail(err, CL_LIMIT, path, 0, 0, "the file is %llu bytes, more than the %u KiB "
                       "cudalab compiles: a day's kernels fit in a few KiB; remove what the "
                       "kernels do not need (data tables, pasted output, long comments)",
                       (unsigned long long)st.st_size, BUILD_MAX_SOURCE >> 10);
    return CL_OK;
}

static void free_plan(build_plan *plan)
{
    free(plan->cache_dir);
    free(plan->headers_dir);
    build_strings_free(&plan->headers);
}

cl_status build_compile(const build_options *opt, const char *cu_path, build_result **out,
                        cl_error *err)
{
    build_plan plan = {0};
    job j = {.plan = &plan, .given = cu_path, .scratch = {.lock_fd = -1}};
    double t0 = now_s();
    char key[CL_SHA256_HEX];
    *out = NULL;
    cl_status st = make_plan(opt, &plan, err);
    if (st == CL_OK) st = regular_source(cu_path, err);
    if (st == CL_OK) st = cl_read_file(cu_path, &j.src, &j.len, err);
    if (st != CL_OK) goto done;
    j.abs = absolute(cu_path);
    j.r = build_result_new(cu_path);
    free(j.r->version);
    j.r->version = cl_strdup(plan.tc.version);
    if (build_scan_includes(j.src, j.len, cu_path, (const char *const *)plan.headers.v, j.r))
        goto finish; /* refused before any tool ran */
    build_cache_key(&plan, cu_path, j.abs, j.src, j.len, key);
    build_result *hit = plan.cache_dir ? build_cache_load(plan.cache_dir, key, cu_path) : NULL;
    if (hit) {
        build_scratch_sweep(plan.cache_dir);
        build_result_free(j.r);
        j.r = hit;
        goto finish;
    }
    if (plan.cancel && atomic_load(plan.cancel)) {
        st = cl_fail(err, CL_CANCELLED, "", 0, 0, "the build was cancelled");
        goto done;
    }
    st = build_scratch_open(plan.cache_dir, &j.scratch, err);
    if (st == CL_OK) st = fill_scratch(&j, err);
    if (st != CL_OK) goto done;
    j.paths = (build_paths){cu_path, j.compiled, j.scratch.dir, plan.tc.root, NULL, j.abs};
    st = compile_fresh(&j, err);
    if (st != CL_OK) goto done;
    j.r->seconds = now_s() - t0;
    if (plan.cache_dir && cacheable(j.r)) build_cache_store(plan.cache_dir, key, j.r, NULL);
finish:
    st = j.r->ok ? CL_OK : first_error(j.r, err);
    *out = j.r;
    j.r = NULL;
done:
    build_scratch_close(&j.scratch);
    build_result_free(j.r);
    free(j.compiled);
    free(j.abs);
    free(j.src);
    free_plan(&plan);
    return st;
}

/* The course's reference as PTX (a student edition ships no solution
 * source): no nvcc, only ptxas for each architecture, for the resource
 * figures and the GPU's cubin. Not cached: ptxas alone is quick. */
cl_status build_compile_ptx(const build_options *opt, const char *ptx_path, build_result **out,
                            cl_error *err)
{
    build_plan plan = {0};
    job j = {.plan = &plan, .given = ptx_path, .scratch = {.lock_fd = -1}};
    double t0 = now_s();
    bool ok = true;
    *out = NULL;
    cl_status st = make_plan(opt, &plan, err);
    if (st == CL_OK) st = regular_source(ptx_path, err);
    if (st == CL_OK) st = cl_read_file(ptx_path, &j.src, &j.len, err);
    if (st == CL_OK) st = build_scratch_open(plan.cache_dir, &j.scratch, err);
    if (st != CL_OK) goto done;
    j.r = build_result_new(ptx_path);
    free(j.r->version);
    j.r->version = cl_strdup(plan.tc.version);
    free(j.r->ptx);
    j.r->ptx = cl_strndup(j.src, j.len);
    char *kernel = cl_path_join(j.scratch.dir, "kernel.ptx");
    st = put_file(kernel, j.src, j.len, err);
    free(kernel);
    j.paths = (build_paths){ptx_path, ptx_path, j.scratch.dir, plan.tc.root, j.r->ptx, NULL};
    const char *archs[] = {plan.arch, plan.cubin_arch};
    for (int i = 0; i < 2 && st == CL_OK && ok; i++) {
        if (!archs[i]) continue;
        bool this_ok = false;
        st = run_ptxas(&j, archs[i], &this_ok, err);
        ok = ok && this_ok;
    }
    if (st != CL_OK) goto done;
    j.r->ok = ok && build_error_count(j.r) == 0;
    j.r->seconds = now_s() - t0;
    st = j.r->ok ? CL_OK : first_error(j.r, err);
    *out = j.r;
    j.r = NULL;
done:
    build_scratch_close(&j.scratch);
    build_result_free(j.r);
    free(j.src);
    free_plan(&plan);
    return st;
}
