/* toolchain.c - finding nvcc and ptxas, nvcc's version and the toolkit's
 * folder; found once per process for each nvcc (nvcc --version takes a
 * tenth of a second or more). */
#include "build_internal.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_CUDA_BIN "/usr/local/cuda/bin"
#define INSTALL_HINT                                                                 \
    "install the CUDA Toolkit (https://developer.nvidia.com/cuda-downloads) or set " \
    "CUDALAB_NVCC to the path of its nvcc"

typedef struct known {
    char *key; /* nvcc path and the ptxas option */
    build_toolchain tc;
} known;

static pthread_mutex_t known_lock = PTHREAD_MUTEX_INITIALIZER;
static CL_VEC(known) known_list; /* never freed: the strings are handed out */

static bool executable(const char *path)
{
    return path && access(path, X_OK) == 0 && !cl_dir_exists(path);
}

static cl_status find_nvcc(const build_options *opt, char **path, cl_error *err)
{
    const char *env = getenv("CUDALAB_NVCC");
    cl_status st = CL_OK;
    *path = NULL;
    if (opt && opt->nvcc) {
        if (executable(opt->nvcc)) *path = cl_strdup(opt->nvcc);
        else st = cl_fail(err, CL_NO_NVCC, "", 0, 0, "nvcc not found: %s is not an executable "
                          "file; %s", opt->nvcc, INSTALL_HINT);
    } else if (env && env[0]) {
        if (executable(env)) *path = cl_strdup(env);
        else st = cl_fail(err, CL_NO_NVCC, "", 0, 0, "nvcc not found: CUDALAB_NVCC=%s is not "
                          "an executable file; unset it or point it at nvcc", env);
    } else if (!(*path = cl_proc_which("nvcc")) && executable(DEFAULT_CUDA_BIN "/nvcc")) {
        *path = cl_strdup(DEFAULT_CUDA_BIN "/nvcc");
    }
    if (st == CL_OK && !*path)
        st = cl_fail(err, CL_NO_NVCC, "", 0, 0, "nvcc not found (not in PATH, not in "
                     DEFAULT_CUDA_BIN "): " INSTALL_HINT);
    return st;
}

/* dir(path)/name, or NULL when it is not executable. */
static char *beside(const char *path, const char *name)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    if (!slash) return NULL;
    char *p = cl_sprintf("%.*s/%s", (int)(slash - path), path, name);
    if (executable(p)) return p;
    free(p);
    return NULL;
}

static cl_status find_ptxas(const build_options *opt, const char *nvcc, char **path,
                            cl_error *err)
{
    char real[PATH_MAX];
    *path = NULL;
    if (opt && opt->ptxas) {
        if (executable(opt->ptxas)) *path = cl_strdup(opt->ptxas);
    } else if (!(*path = beside(nvcc, "ptxas")) &&
               !(*path = beside(realpath(nvcc, real), "ptxas")) &&
               !(*path = cl_proc_which("ptxas")) && executable(DEFAULT_CUDA_BIN "/ptxas")) {
        *path = cl_strdup(DEFAULT_CUDA_BIN "/ptxas");
    }
    return *path ? CL_OK
                 : cl_fail(err, CL_NO_NVCC, "", 0, 0, "ptxas not found (not beside %s, not in "
                           "PATH): the CUDA Toolkit looks incomplete; reinstall it", nvcc);
}

/* The toolkit folder of a tool in its bin/: the folder above, when it holds
 * CUDA's headers. NULL otherwise. */
static char *toolkit_root(const char *tool)
{
    char real[PATH_MAX];
    if (!realpath(tool, real)) return NULL;
    char *slash = strrchr(real, '/');
    if (slash) *slash = '\0';
    slash = strrchr(real, '/');
    if (!slash || strcmp(slash, "/bin") != 0) return NULL;
    *slash = '\0';
    char *probe = cl_sprintf("%s/include/cuda_runtime.h", real);
    bool ok = cl_file_exists(probe);
    free(probe);
    return ok ? cl_strdup(real) : NULL;
}

/* "Cuda compilation tools, release 13.0, V13.0.88" -> "13.0, V13.0.88" */
static cl_status nvcc_version(const char *nvcc, char **version, cl_error *err)
{
    const char *argv[] = {nvcc, "--version", NULL};
    const char *env[] = {"LC_ALL=C", NULL};
    cl_proc_result res;
    cl_error e = {0};
    *version = NULL;
    if (cl_proc_run(&(cl_proc_spec){.argv = argv, .env = env, .timeout_s = 30}, &res, &e) != CL_OK)
        return cl_fail(err, CL_NO_NVCC, "", 0, 0, "cannot run %s: %s", nvcc, e.message);
    const char *rel = strstr(res.out, "release ");
    cl_status st = CL_OK;
    if (res.exit_code != 0 || !rel)
        st = cl_fail(err, CL_NO_NVCC, "", 0, 0, "`%s --version` failed (%s %d): %.200s", nvcc,
                     res.signal ? "signal" : "exit", res.signal ? res.signal : res.exit_code,
                     res.err[0] ? res.err : res.out);
    else
        *version = cl_strndup(rel + 8, strcspn(rel + 8, "\r\n"));
    cl_proc_result_free(&res);
    return st;
}

static bool lookup(const char *key, build_toolchain *tc)
{
    bool found = false;
    pthread_mutex_lock(&known_lock);
    for (size_t i = 0; i < known_list.n && !found; i++)
        if (strcmp(known_list.v[i].key, key) == 0) {
            *tc = known_list.v[i].tc;
            found = true;
        }
    pthread_mutex_unlock(&known_lock);
    return found;
}

/* Keep a newly found toolchain, unless another thread was quicker. */
static void remember(char *key, build_toolchain *tc)
{
    build_toolchain other;
    if (lookup(key, &other)) {
        free(key);
        free((char *)tc->nvcc), free((char *)tc->ptxas);
        free((char *)tc->version), free((char *)tc->root);
        *tc = other;
        return;
    }
    pthread_mutex_lock(&known_lock);
    CL_VEC_PUSH(&known_list, ((known){key, *tc}));
    pthread_mutex_unlock(&known_lock);
}

cl_status build_find_toolchain(const build_options *opt, build_toolchain *tc, cl_error *err)
{
    char *nvcc = NULL, *ptxas = NULL, *version = NULL, *key = NULL;
    memset(tc, 0, sizeof *tc);
    cl_status st = find_nvcc(opt, &nvcc, err);
    if (st != CL_OK) goto done;
    key = cl_sprintf("%s\n%s", nvcc, opt && opt->ptxas ? opt->ptxas : "");
    if (lookup(key, tc)) goto done;
    st = find_ptxas(opt, nvcc, &ptxas, err);
    if (st == CL_OK) st = nvcc_version(nvcc, &version, err);
    if (st != CL_OK) goto done;
    char *root = toolkit_root(nvcc);
    if (!root) root = toolkit_root(ptxas);
    *tc = (build_toolchain){nvcc, ptxas, version, root};
    remember(key, tc);
    nvcc = ptxas = version = key = NULL; /* kept for the life of the process */
done:
    free(nvcc);
    free(ptxas);
    free(version);
    free(key);
    return st;
}
