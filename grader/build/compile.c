/* compile.c - build_compile: the plan, the cache, nvcc to PTX, ptxas to
 * cubins with the resource report, and what the student should hear. */
#include "build_internal.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

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

/* "sm_75", "sm_90a": what ptxas accepts as a real architecture. */
static bool valid_arch(const char *a)
{
    if (strncmp(a, "sm_", 3) != 0 || !isdigit((unsigned char)a[3])) return false;
    size_t n = 3 + strspn(a + 3, "0123456789");
    return a[n] == '\0' || (islower((unsigned char)a[n]) && a[n + 1] == '\0');
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
    plan->mem_limit = opt->mem_limit ? opt->mem_limit : BUILD_DEFAULT_MEM_LIMIT;
    plan->cancel = opt->cancel;
    const char *bad = !valid_arch(plan->arch) ? plan->arch
                      : plan->cubin_arch && !valid_arch(plan->cubin_arch) ? plan->cubin_arch
                                                                          : NULL;
    if (bad)
        return cl_fail(err, CL_USAGE, "", 0, 0, "bad GPU architecture '%s': expected sm_NN", bad);
    if (!opt->no_cache)
        plan->cache_dir = opt->cache_dir ? cl_strdup(opt->cache_dir) : default_cache_dir();
    return build_find_toolchain(opt, &plan->tc, err);
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

#define SCRATCH_PREFIX "cudalab-build-"
#define STALE_SCRATCH_S (24 * 3600) /* surely left by a cudalab that was killed */

/* Remove scratch folders that a killed cudalab left in base. */
static void sweep_stale(const char *base)
{
    DIR *d = opendir(base);
    struct dirent *e;
    time_t now = time(NULL);
    while (d && (e = readdir(d)) != NULL) {
        struct stat st;
        if (strncmp(e->d_name, SCRATCH_PREFIX, strlen(SCRATCH_PREFIX)) != 0) continue;
        char *path = cl_path_join(base, e->d_name);
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && now - st.st_mtime > STALE_SCRATCH_S)
            nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
        free(path);
    }
    if (d) closedir(d);
}

/* A private folder for one build: under the cache folder when there is one
 * (same file system as the entries; stale ones are swept there), else under
 * $TMPDIR. */
static char *make_scratch(const build_plan *plan, cl_error *err)
{
    const char *tmp = getenv("TMPDIR");
    char *dir = NULL, *base = plan->cache_dir ? cl_path_join(plan->cache_dir, "tmp") : NULL;
    if (base && cl_mkdirs(base, NULL) == CL_OK) {
        sweep_stale(base);
    } else {
        free(base);
        base = cl_strdup(tmp && tmp[0] ? tmp : "/tmp");
    }
    dir = cl_sprintf("%s/" SCRATCH_PREFIX "XXXXXX", base);
    if (!mkdtemp(dir)) {
        cl_fail(err, CL_IO, base, 0, 0, "cannot create a scratch folder: %s", strerror(errno));
        free(dir);
        dir = NULL;
    }
    free(base);
    return dir;
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
                                        "Segmentation fault"};
    if (res->out_of_memory) return true;
    if (res->exit_code == 0) return false;
    for (size_t i = 0; i < sizeof signs / sizeof *signs; i++)
        if (log_says(res->err, signs[i]) || log_says(res->out, signs[i])) return true;
    return false;
}

/* Run one tool in the scratch folder under the plan's limits. CL_OK when it
 * ran to its end (whatever its exit status); CL_LIMIT, CL_CANCELLED, or
 * CL_NO_NVCC (it could not be started) otherwise. */
static cl_status run_tool(const build_plan *plan, const char *tool, const char *const *argv,
                          const char *scratch, cl_proc_result *res, cl_error *err)
{
    char *tmpdir = cl_sprintf("TMPDIR=%s", scratch); /* its temporary files die with it */
    const char *env[] = {tmpdir, "LC_ALL=C", NULL};
    cl_proc_spec spec = {.argv = argv, .cwd = scratch, .env = env, .timeout_s = plan->timeout_s,
                         .mem_limit = plan->mem_limit, .cancel = plan->cancel};
    cl_error e = {0};
    cl_status st = cl_proc_run(&spec, res, &e);
    if (st != CL_OK) {
        st = cl_fail(err, CL_NO_NVCC, "", 0, 0, "cannot run %s: %s", argv[0], e.message);
    } else if (res->cancelled) {
        st = cl_fail(err, CL_CANCELLED, "", 0, 0, "the build was cancelled");
    } else if (res->timed_out) {
        st = cl_fail(err, CL_LIMIT, "", 0, 0, "%s ran longer than %g s", tool, plan->timeout_s);
    } else if (starved(res)) {
        char *lim = human_bytes(plan->mem_limit);
        st = cl_fail(err, CL_LIMIT, "", 0, 0, "%s needed more than %s", tool, lim);
        free(lim);
    }
    if (st != CL_OK && st != CL_NO_NVCC) cl_proc_result_free(res);
    free(tmpdir);
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
    char *scratch;
    build_paths paths;
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

static void read_deps(job *j)
{
    char *path = cl_path_join(j->scratch, "deps.d"), *text = NULL;
    build_strings all = {0};
    if (cl_read_file(path, &text, NULL, NULL) == CL_OK) {
        build_parse_deps(text, &all);
        char *src = build_normalize_path(j->abs, NULL);
        for (size_t i = 0; i < all.n; i++) {
            char *abs = build_normalize_path(all.v[i], j->scratch);
            if (strcmp(abs, src) != 0 && !build_is_toolkit_path(abs, j->plan->tc.root))
                CL_VEC_PUSH(&j->r->deps, abs);
            else
                free(abs);
        }
        free(src);
        j->r->have_deps = true;
    }
    build_strings_free(&all);
    free(text);
    free(path);
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
    const char *tail[] = {"-MD", "-MF", "deps.d", "-o", "kernel.ptx", j->abs, NULL};
    for (size_t i = 0; i < 7; i++) CL_VEC_PUSH(&argv, tail[i]);
    cl_proc_result res;
    *ok = false;
    cl_status st = run_tool(plan, "nvcc", argv.v, j->scratch, &res, err);
    if (st != CL_OK) goto done;
    free(j->r->nvcc_log);
    j->r->nvcc_log = raw_log(&res);
    build_parse_nvcc_log(j->r, j->r->nvcc_log, &j->paths);
    warn_about_main(j);
    read_deps(j);
    ptx_path = cl_path_join(j->scratch, "kernel.ptx");
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
    char *cubin_path = cl_path_join(j->scratch, out);
    ptxas_flags(plan->flags, &extra);
    const char *head[] = {plan->tc.ptxas, a, "-v", "-lineinfo"};
    for (size_t i = 0; i < 4; i++) CL_VEC_PUSH(&argv, head[i]);
    for (size_t i = 0; i < extra.n; i++) CL_VEC_PUSH(&argv, extra.v[i]);
    const char *tail[] = {"-o", out, "kernel.ptx", NULL};
    for (size_t i = 0; i < 4; i++) CL_VEC_PUSH(&argv, tail[i]);
    cl_proc_result res;
    *ok = false;
    cl_status st = run_tool(plan, "ptxas", argv.v, j->scratch, &res, err);
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

/* nvcc, then ptxas for each architecture. CL_OK when the tools ran (the
 * build may still have failed: r->ok says). */
static cl_status compile_fresh(job *j, cl_error *err)
{
    bool ok = false;
    cl_status st = run_nvcc(j, &ok, err);
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

/* The source's path made absolute from the working directory (links kept,
 * so that #include "x.h" looks beside the file as the student named it). */
static char *absolute(const char *path)
{
    char cwd[PATH_MAX];
    if (path[0] != '/' && !getcwd(cwd, sizeof cwd)) return cl_strdup(path);
    return build_normalize_path(path, cwd);
}

/* Failed builds are cached too when nvcc named every file it read (its
 * dependency output): the same inputs give the same errors. A build that
 * stopped at a limit, or whose includes are unknown (a missing header), is
 * not, so that creating the header is noticed. */
static bool cacheable(const build_result *r)
{
    return r->have_deps && (r->ok || build_error_count(r) > 0);
}

cl_status build_compile(const build_options *opt, const char *cu_path, build_result **out,
                        cl_error *err)
{
    build_plan plan = {0};
    job j = {.plan = &plan, .given = cu_path};
    double t0 = now_s();
    char key[CL_SHA256_HEX];
    *out = NULL;
    cl_status st = make_plan(opt, &plan, err);
    if (st == CL_OK) st = cl_read_file(cu_path, &j.src, &j.len, err);
    if (st != CL_OK) goto done;
    j.abs = absolute(cu_path);
    build_cache_key(&plan, cu_path, j.abs, j.src, j.len, key);
    if (plan.cache_dir && (j.r = build_cache_load(plan.cache_dir, key, cu_path))) goto finish;
    if (plan.cancel && atomic_load(plan.cancel)) {
        st = cl_fail(err, CL_CANCELLED, "", 0, 0, "the build was cancelled");
        goto done;
    }
    if (!(j.scratch = make_scratch(&plan, err))) {
        st = CL_IO;
        goto done;
    }
    j.paths = (build_paths){cu_path, j.abs, j.scratch, plan.tc.root, NULL};
    j.r = build_result_new(cu_path);
    free(j.r->version);
    j.r->version = cl_strdup(plan.tc.version);
    st = compile_fresh(&j, err);
    if (st != CL_OK) goto done;
    j.r->seconds = now_s() - t0;
    if (plan.cache_dir && cacheable(j.r)) build_cache_store(plan.cache_dir, key, j.r, NULL);
finish:
    st = j.r->ok ? CL_OK : first_error(j.r, err);
    *out = j.r;
    j.r = NULL;
done:
    if (j.scratch) nftw(j.scratch, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    build_result_free(j.r);
    free(j.scratch);
    free(j.abs);
    free(j.src);
    free(plan.cache_dir);
    return st;
}
