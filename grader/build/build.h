/* build.h - the build step: a student's .cu through nvcc to PTX, and through
 * ptxas to a cubin with its resource report, with diagnostics mapped back to
 * the student's file, and a content-addressed cache.
 *
 *   build_options opt = {0};                  (every field has a default)
 *   build_result *r = NULL;
 *   cl_status st = build_compile(&opt, "shuffles.cu", &r, &err);
 *   (CL_OK: compiled; CL_COMPILE: r holds the diagnostics; else r is NULL)
 *   const build_kernel *k = build_find_kernel(r, "reduceRowsPadded");
 *   build_result_free(r);
 *
 * Only device code is produced: the student's host code is compiled by
 * nvcc's host pass at most, and never linked or run. A definition of main()
 * is reported as a warning.
 *
 * No path of the caller's reaches a tool (nvcc runs its own tools through
 * `sh -c`): the source is scanned for includes (only the toolkit's headers
 * and the day's own, see headers_dir), then copied as submission.cu into a
 * scratch folder whose path holds no shell metacharacter, with the day's
 * headers beside it; nvcc and ptxas run there on relative names, each under
 * a wall-clock limit and an address-space limit, and the folder is removed
 * afterwards (or swept by a later build if cudalab was killed). The PTX's
 * .file names are mapped back to the student's path.
 *
 * The cache: an entry is keyed by the SHA-256 of the source bytes, its path,
 * the toolchain (nvcc's path and version, ptxas's path), the archs and flags
 * (and $NVCC_PREPEND_FLAGS / $NVCC_APPEND_FLAGS); it stores the hashes of the
 * files the source includes (from nvcc -MD; the toolkit's and the system's
 * headers are left out) and is a miss when one of them changed. A hit runs
 * no tool. Failed builds are cached too (the same inputs give the same
 * errors) when nvcc listed their inputs; a build stopped by a limit or a
 * cancellation, or one whose includes are unknown (a missing header), is
 * not. Entries are written atomically; a damaged one is rebuilt. Nothing is
 * evicted: the folder can be deleted at any time.
 *
 * Prefix: build_. */
#ifndef CUDALAB_BUILD_H
#define CUDALAB_BUILD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/core.h"
#include "core/proc.h"

#define BUILD_DEFAULT_ARCH "sm_75"
#define BUILD_DEFAULT_TIMEOUT_S 60.0
/* CPU seconds for each process of a tool (nvcc, cicc, ptxas...): the
 * heaviest CUB file of the corpus takes 4; a macro bomb stops here. */
#define BUILD_DEFAULT_CPU_S 10.0
#define BUILD_DEFAULT_MEM_LIMIT ((uint64_t)3 << 29) /* 1.5 GiB: CUB-heavy files build in 1 GiB */

typedef struct build_options {
    /* nvcc to run; NULL: $CUDALAB_NVCC, then nvcc in PATH, then
     * /usr/local/cuda/bin/nvcc. */
    const char *nvcc;
    /* ptxas to run; NULL: next to nvcc (as found, then as resolved through
     * links), then PATH, then /usr/local/cuda/bin/ptxas. */
    const char *ptxas;
    const char *arch;       /* PTX and first cubin; NULL: BUILD_DEFAULT_ARCH */
    const char *cubin_arch; /* a second cubin, e.g. "sm_90"; NULL: none */
    /* More nvcc flags (e.g. "-maxrregcount=32", "-DN=4"), NULL-terminated;
     * -maxrregcount and -Xptxas also reach ptxas (the PTX does not carry them). */
    const char *const *flags;
    /* The day's own headers: the files named *.h, *.cuh or *.hpp (letters,
     * digits, "._-" only) in this folder are copied beside the submission and
     * are the only files it may #include "name"; NULL: none. */
    const char *headers_dir;
    /* The cache folder; NULL: ${CUDALAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cudalab}/build. */
    const char *cache_dir;
    bool no_cache;      /* neither read nor write the cache */
    double timeout_s;   /* per tool run; 0: BUILD_DEFAULT_TIMEOUT_S */
    double cpu_s;       /* CPU seconds per process of a tool; 0: BUILD_DEFAULT_CPU_S */
    uint64_t mem_limit; /* address space per tool run; 0: BUILD_DEFAULT_MEM_LIMIT */
    atomic_int *cancel; /* set non-zero from another thread to stop the build */
    /* The budget the build shares with the rest of a grade: each tool run,
     * with every process it starts, may use what is left of it (CL_LIMIT
     * when it runs out, before a tool or while one runs); NULL: none. */
    cl_cpu_budget *budget;
} build_options;

/* The toolchain that build_compile uses: found once per process and option,
 * the strings live as long as the process. */
typedef struct build_toolchain {
    const char *nvcc;    /* as found: "/usr/local/cuda/bin/nvcc" */
    const char *ptxas;
    const char *version; /* "13.0, V13.0.88" */
    const char *root;    /* the toolkit folder: its headers are not the student's */
} build_toolchain;

/* Whether nvcc and ptxas run in a view of the files of their own (the
 * system's folders, the toolkit's and the scratch folder: proc.h's visible),
 * so that no spelling of __has_include can ask about any other file; when
 * not, why into why ("CUDALAB_SANDBOX=off", or the kernel's refusal). */
bool build_tools_viewed(char *why, size_t size);

/* CL_NO_NVCC, with a one-line message that says what to install or set. */
cl_status build_find_toolchain(const build_options *opt, build_toolchain *tc,
                               cl_error *err);

typedef enum build_severity { BUILD_ERROR, BUILD_WARNING, BUILD_NOTE } build_severity;

/* Where a diagnostic points. */
typedef enum build_origin {
    BUILD_IN_SOURCE,  /* the student's .cu; file is its path as given */
    BUILD_IN_INCLUDE, /* another file of the student's that it includes */
    BUILD_IN_TOOLKIT, /* CUDA's or the system's headers */
    BUILD_NO_FILE,    /* a tool's complaint about no file: "nvcc fatal", ptxas */
} build_origin;

typedef struct build_diag {
    const char *file;   /* "" when there is none */
    int line, column;   /* 1-based; 0 when unknown */
    build_severity severity;
    build_origin origin;
    const char *code;    /* "20", "177-D", "" */
    const char *message; /* one line */
    const char *context; /* the source line and caret, notes' details; may be "" */
    const char *tool;    /* "nvcc", "ptxas", "cudalab" */
} build_diag;

/* ptxas's figures for one kernel, for one architecture. */
typedef struct build_kernel {
    const char *name; /* mangled: "_Z13reduceCascadePKfPfm" */
    int registers;
    int shared_bytes;  /* static shared memory (smem) */
    int stack_bytes;   /* stack frame */
    int spill_stores, spill_loads; /* bytes */
    int const_bytes;   /* cmem[0]: parameters and driver constants */
    int barriers;
} build_kernel;

typedef struct build_result build_result;

bool build_ok(const build_result *r);
bool build_from_cache(const build_result *r);
const char *build_source_path(const build_result *r); /* as given */
const char *build_nvcc_version(const build_result *r);
const char *build_ptx(const build_result *r); /* NUL-terminated; "" when failed */
/* The cubins: index 0 is for the arch of the options, 1 for cubin_arch. NULL
 * when there is none; *len (when len is non-NULL) gets the size. */
const void *build_cubin(const build_result *r, int which, size_t *len);
const char *build_cubin_arch(const build_result *r, int which);
/* The kernels of a cubin, in ptxas's order. */
const build_kernel *build_kernels(const build_result *r, int which, size_t *count);
const build_diag *build_diags(const build_result *r, size_t *count);
size_t build_error_count(const build_result *r);
const char *build_nvcc_log(const build_result *r);  /* raw stderr (then stdout) */
const char *build_ptxas_log(const build_result *r); /* raw, every ptxas run */
double build_seconds(const build_result *r);        /* 0 when from the cache */
void build_result_free(build_result *r);

/* Compile cu_path. Returns CL_OK with *out set when it compiled, CL_COMPILE
 * with *out set (its diagnostics say why) and err naming the first error when
 * it did not (a refused #include too); *out is NULL for anything else:
 * CL_NO_NVCC, CL_NOT_FOUND (no such source), CL_LIMIT ("nvcc ran longer than
 * 60 s"), CL_NOMEM ("nvcc ran out of memory under cudalab's limit of 4 GiB
 * per tool (<the tool's line>)"), CL_CANCELLED, CL_IO ("the disk is full: ..."
 * among others). */
cl_status build_compile(const build_options *opt, const char *cu_path, build_result **out,
                        cl_error *err);

/* A PTX file (the course's reference in a student edition, which ships no
 * solution source): nvcc does not run; ptxas does, for each arch of the
 * options, so the result has the same cubins and resource figures as one of
 * build_compile. The PTX is taken as it is (its .file names stay). Returns
 * as build_compile; CL_COMPILE when ptxas refuses it. */
cl_status build_compile_ptx(const build_options *opt, const char *ptx_path, build_result **out,
                            cl_error *err);

/* The kernel of r (first cubin) whose demangled base name is name
 * ("reduceCascade" finds "_Z13reduceCascadePKfPfm"); NULL when none. */
/* A folder of the cache for other content (the reference's outputs):
 * name inside the build cache, or the cache folder itself for name NULL;
 * NULL when the options say no cache. */
char *build_cache_folder(const build_options *opt, const char *name);

/* The size cap of the cache (cache_cap.c): CUDALAB_CACHE_MAX, bytes with an
 * optional K, M, G or T (powers of 1024; "512M", "2GiB"); 0 for no cap;
 * BUILD_CACHE_DEFAULT_CAP when unset or not a size. */
#define BUILD_CACHE_DEFAULT_CAP (1ull << 30)
uint64_t build_cache_cap(void);
cl_status build_cache_parse_size(const char *s, uint64_t *out);
typedef struct build_cache_usage {
    uint64_t bytes;
    size_t entries; /* builds and reference outputs; scratch folders not counted */
} build_cache_usage;
/* What the cache folder dir (build_cache_folder(opt, "") or the
 * build_options' folder) holds. */
void build_cache_measure(const char *dir, build_cache_usage *u);
/* Before an entry of incoming bytes is written to the cache in dir: remove
 * the least recently used entries (none used in the last minute) until the
 * cache and it fit in the cap. Safe with other graders at once. */
void build_cache_make_room(const char *dir, uint64_t incoming);
/* A new entry written to path, a file of one of the cache's folders
 * (oracle/HEX, input/HEX): the folder made, room made in the cache (that
 * folder's parent) first, the file written whole (a rename). Best effort:
 * a cache that cannot take it stays as it was. */
void build_cache_put(const char *path, const void *data, size_t len);
/* An entry was used: it becomes the most recently used. */
void build_cache_touch(const char *path);

const build_kernel *build_find_kernel(const build_result *r, const char *name);

const char *build_severity_name(build_severity s); /* "error", "warning", "note" */

#endif
