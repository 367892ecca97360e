/* build_internal.h - what the build module's files share with each other and
 * with its tests: the result's fields, the log parsers, the cache. Not for
 * other modules: they use build.h. */
#ifndef CUDALAB_BUILD_INTERNAL_H
#define CUDALAB_BUILD_INTERNAL_H

#include "build/build.h"
#include "core/demangle.h"
#include "core/proc.h"
#include "core/sha256.h"

typedef CL_VEC(build_diag) build_diag_vec;
typedef CL_VEC(build_kernel) build_kernel_vec;
typedef CL_VEC(char *) build_strings;

/* One cubin and ptxas's report on it. */
typedef struct build_target {
    char *arch;
    unsigned char *cubin; /* NULL when ptxas failed */
    size_t cubin_len;
    build_kernel_vec kernels; /* names owned */
} build_target;

#define BUILD_MAX_TARGETS 2
#define BUILD_MAX_DIAGS 200 /* more than this many are dropped */

/* The strings a result hands out are all owned by it. */
struct build_result {
    bool ok, from_cache;
    char *source;  /* the path as given */
    char *version; /* nvcc's */
    char *ptx;
    build_target targets[BUILD_MAX_TARGETS];
    int ntargets;
    build_diag_vec diags; /* strings owned */
    char *nvcc_log, *ptxas_log;
    double seconds;
    /* The files other than the toolkit's that the source includes (absolute),
     * from nvcc's dependency output; have_deps is false when nvcc wrote none. */
    build_strings deps;
    bool have_deps;
};

build_result *build_result_new(const char *source);
/* Append a diagnostic; the strings are copied (NULL reads as ""). */
void build_add_diag(build_result *r, const build_diag *d);
build_target *build_add_target(build_result *r, const char *arch);

/* How a path in a tool's output maps to the student's. */
typedef struct build_paths {
    const char *given;    /* the source path as the caller gave it */
    const char *compiled; /* the copy nvcc compiled: SCRATCH/submission.cu */
    const char *cwd;      /* where the tools ran (relative paths are from here) */
    const char *root;     /* the toolkit folder; NULL: unknown */
    const char *ptx;      /* the PTX text, to map ptxas's PTX line numbers; or NULL */
    const char *original; /* the source's absolute path, as the PTX's .file names it; or NULL */
} build_paths;

/* diag.c: nvcc's (EDG, host preprocessor, "nvcc fatal") and ptxas's
 * diagnostics from a log, appended to r->diags. */
void build_parse_nvcc_log(build_result *r, const char *log, const build_paths *p);
void build_parse_ptxas_log(build_result *r, const char *log, const build_paths *p);
/* Where a path points, and the path to show for it (caller frees). */
build_origin build_classify_path(const char *printed, const build_paths *p, char **shown);

/* resources.c: the per-kernel figures of `ptxas -v`. */
void build_parse_resources(const char *log, build_kernel_vec *out);
void build_kernels_free(build_kernel_vec *v);

/* hostcode.c: the line of a definition of main() outside comments, strings and
 * character literals; 0 when there is none. */
int build_find_main(const char *src, size_t len);

/* deps.c: the prerequisites of a make rule as nvcc -MD writes it, in order.
 * Escaped spaces ("\ ") and "$$" are undone. */
void build_parse_deps(const char *text, build_strings *out);
void build_strings_free(build_strings *v);
/* Lexically normalised absolute path: "." and ".." and "//" removed; a
 * relative path is taken from cwd. Caller frees. */
char *build_normalize_path(const char *path, const char *cwd);
/* A header that the cache need not hash: under the toolkit root or a system
 * include folder (/usr/include, /usr/lib, /usr/local/include). */
bool build_is_toolkit_path(const char *abs_path, const char *root);

/* scratch.c: a build's private folder, locked while the build runs. */
typedef struct build_scratch {
    char *dir;   /* plain (build_plain_path) */
    char *tmp;   /* dir/tmp: the tools' TMPDIR */
    int lock_fd; /* holds the flock on dir/lock; -1 when none */
    bool made;
} build_scratch;
/* A path with nothing a shell may expand: absolute, and only letters,
 * digits and "/._-+". */
bool build_plain_path(const char *path);
/* Make one under the cache folder (cache_dir/tmp) when that path is plain,
 * else under $TMPDIR when plain, else /tmp; the abandoned ones there are
 * swept first. CL_IO when it cannot. */
cl_status build_scratch_open(const char *cache_dir, build_scratch *s, cl_error *err);
/* Remove it with everything in it, and let go of the lock. */
void build_scratch_close(build_scratch *s);
/* Remove the scratch folders in base whose lock no process holds; the
 * second, in the base build_scratch_open would use (a build taken from the
 * cache sweeps too, so that the next run cleans up whatever it does). */
void build_sweep_scratch(const char *base);
void build_scratch_sweep(const char *cache_dir);
void build_remove_tree(const char *dir);

/* includes.c: check every directive of src that could bring in another
 * file (see the file's comment); each refusal is an error diagnostic on
 * given's line. headers: the day's header names, NULL-terminated, or NULL.
 * Returns how many were refused. */
int build_scan_includes(const char *src, size_t len, const char *given,
                        const char *const *headers, build_result *r);

/* What build_compile settled on: the options with their defaults filled. */
typedef struct build_plan {
    build_toolchain tc;
    const char *arch, *cubin_arch;
    const char *const *flags; /* may be NULL */
    char *cache_dir;          /* NULL: no cache */
    char *headers_dir;        /* the day's headers are here (absolute); NULL: none */
    build_strings headers;    /* their names */
    double timeout_s, cpu_s;
    uint64_t mem_limit;
    atomic_int *cancel;
    cl_cpu_budget *budget; /* may be NULL */
} build_plan;

/* cache.c: the key of everything known before compiling: toolchain, flags,
 * archs, the source's path as given (diagnostics name it) and as resolved
 * (the PTX's .file names it; relative #includes start there), its bytes. The
 * files it includes are checked against the hashes stored in the entry. */
void build_cache_key(const build_plan *plan, const char *given, const char *real_source,
                     const char *src, size_t len, char key[CL_SHA256_HEX]);
/* The entry for key, when there is one, it is whole, and every file it
 * depends on still hashes the same; else NULL. */
build_result *build_cache_load(const char *dir, const char *key, const char *given);
/* Write r as the entry for key (atomically). */
cl_status build_cache_store(const char *dir, const char *key, const build_result *r,
                            cl_error *err);
/* A file's SHA-256 in hex; false when it cannot be read. */
bool build_hash_file(const char *path, char hex[CL_SHA256_HEX]);

#endif
