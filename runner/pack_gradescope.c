/* pack_gradescope.c - a Gradescope autograder for one day: setup.sh (the
 * image: packages, the CUDA toolkit's nvcc, cudalab built from the source
 * in the zip, the reference's outputs cached by warm_cache), run_autograder
 * (cudalab autograde), and the course of that day with its hidden sizes and
 * its reference as PTX. */
#include "pack.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "batch.h"
#include "build/build.h"

/* Gradescope builds the image once from setup.sh, as root, in
 * /autograder/source. The toolkit is the packing machine's release (the
 * reference's PTX is that nvcc's: ptxas must be as new). */
static const char setup_sh[] =
    "#!/usr/bin/env bash\n"
    "# setup.sh: Gradescope runs this once, as root, to build the autograder's image\n"
    "# (Ubuntu). Made by `cudalab pack gradescope`. No GPU is needed: cudalab's\n"
    "# emulator runs the kernels; nvcc only compiles them.\n"
    "set -euo pipefail\n"
    "here=\"$(cd \"$(dirname \"$0\")\" && pwd)\"\n"
    "cuda=\"%s\"   # the CUDA release of the machine that packed this (X-Y)\n"
    "export DEBIAN_FRONTEND=noninteractive\n"
    "apt-get update\n"
    "apt-get install -y --no-install-recommends build-essential cmake pkg-config \\\n"
    "    libyaml-dev libcjson-dev libncurses-dev liblua5.4-dev ca-certificates wget\n"
    "if [ ! -x /usr/local/cuda/bin/nvcc ]; then\n"
    "    . /etc/os-release\n"
    "    repo=\"ubuntu${VERSION_ID/./}\"\n"
    "    wget -q -O /tmp/cuda-keyring.deb \\\n"
    "        \"https://developer.download.nvidia.com/compute/cuda/repos/$repo/x86_64/cuda-keyring_1.1-1_all.deb\"\n"
    "    dpkg -i /tmp/cuda-keyring.deb\n"
    "    apt-get update\n"
    "    apt-get install -y --no-install-recommends \"cuda-nvcc-$cuda\" \"cuda-cudart-dev-$cuda\" \\\n"
    "        \"cuda-cccl-$cuda\"\n"
    "    ln -sfn \"/usr/local/cuda-${cuda/-/.}\" /usr/local/cuda\n"
    "fi\n"
    "cmake -S \"$here/cudalab\" -B \"$here/build\" -DCMAKE_BUILD_TYPE=Release -DCUDALAB_TESTS=OFF\n"
    "cmake --build \"$here/build\" -j \"$(nproc)\"\n"
    "# the build log shows what run_autograder will use: this course, this cache\n"
    "CUDALAB_COURSE=\"$here/cudalab\" CUDALAB_CACHE=\"$here/cache\" \"$here/build/cudalab\" doctor || true\n"
    "\"$here/warm_cache\" || true\n";

/* setup.sh runs this once: the reference's outputs at every size go into the
 * image's cache (the template graded), so that a submission's grade runs
 * only the submission's kernels. */
static const char warm_cache[] =
    "#!/bin/sh\n"
    "# warm_cache: setup.sh runs this once, after building cudalab. Made by `cudalab\n"
    "# pack gradescope`: it grades the day's template, so that the reference's\n"
    "# outputs at every size are in the cache that run_autograder uses\n"
    "# (source/cache) and each submission's grade runs only its own kernels.\n"
    "here=\"$(cd \"$(dirname \"$0\")\" && pwd)\"\n"
    "cudalab=\"${CUDALAB_AUTOGRADER_BIN:-$here/build/cudalab}\"\n"
    "CUDALAB_COURSE=\"$here/cudalab\" CUDALAB_CACHE=\"${CUDALAB_CACHE:-$here/cache}\" \\\n"
    "    CUDALAB_WORKSPACE=\"$here/warm\" \"$cudalab\" grade --json -- %s \\\n"
    "    \"$here/cudalab/templates/%s/%s\" >/dev/null\n"
    "exit 0\n";

/* Gradescope runs this for each submission, in /autograder. */
static const char run_autograder[] =
    "#!/bin/sh\n"
    "# run_autograder: Gradescope runs this for each submission. Made by `cudalab pack\n"
    "# gradescope`: it grades the submission folder against %s and writes\n"
    "# results/results.json. CUDALAB_AUTOGRADER_ROOT replaces /autograder (a test lays\n"
    "# Gradescope's folders out elsewhere), CUDALAB_AUTOGRADER_BIN the cudalab that\n"
    "# setup.sh built.\n"
    "root=\"${CUDALAB_AUTOGRADER_ROOT:-/autograder}\"\n"
    "cudalab=\"${CUDALAB_AUTOGRADER_BIN:-$root/source/build/cudalab}\"\n"
    "CUDALAB_COURSE=\"$root/source/cudalab\"\n"
    "CUDALAB_CACHE=\"${CUDALAB_CACHE:-$root/source/cache}\"   # warmed by setup.sh\n"
    "export CUDALAB_COURSE CUDALAB_CACHE\n"
    "exec \"$cudalab\" autograde %s --root \"$root\"\n";

/* "13.0, V13.0.88" -> "13-0"; "12-8" when the version is unknown. */
char *pack_cuda_release(void)
{
    build_toolchain tc;
    cl_error err = {0};
    int major = 0, minor = 0;
    if (build_find_toolchain(NULL, &tc, &err) == CL_OK && tc.version &&
        sscanf(tc.version, "%d.%d", &major, &minor) == 2 && major > 0)
        return cl_sprintf("%d-%d", major, minor);
    return cl_strdup("12-8");
}

static bool slug_ok(const char *slug)
{
    return slug[0] && strspn(slug, "abcdefghijklmnopqrstuvwxyz0123456789-") == strlen(slug);
}

/* The student's file name goes into warm_cache: letters, digits, . _ - */
static bool file_ok(const char *name)
{
    return name[0] && name[0] != '.' && name[0] != '-' &&
           strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == strlen(name);
}

static cl_status add_scripts(pack_sink *s, const day_manifest *m, cl_error *err)
{
    char *cuda = pack_cuda_release();
    char *setup = cl_sprintf(setup_sh, cuda);
    char *run = cl_sprintf(run_autograder, m->slug, m->slug);
    char *warm = cl_sprintf(warm_cache, m->slug, m->slug, m->student_file);
    cl_status st = pack_add(s, "setup.sh", setup, strlen(setup), true, err);
    if (st == CL_OK) st = pack_add(s, "run_autograder", run, strlen(run), true, err);
    if (st == CL_OK) st = pack_add(s, "warm_cache", warm, strlen(warm), true, err);
    free(cuda);
    free(setup);
    free(run);
    free(warm);
    return st;
}

/* The bundle's path: it ends in .zip, and what is there already is a zip
 * (kept as a backup when it is replaced), never a folder or another file. */
static cl_status zip_path_ok(const char *path, cl_error *err)
{
    size_t n = strlen(path), got = 0;
    struct stat sb;
    char magic[2] = "";
    bool there = stat(path, &sb) == 0, file = there && S_ISREG(sb.st_mode);
    FILE *f = file ? fopen(path, "rb") : NULL;
    if (f) got = fread(magic, 1, sizeof magic, f), fclose(f);
    if (n < 5 || strcasecmp(path + n - 4, ".zip") || path[n - 5] == '/')
        return cl_fail(err, CL_USAGE, path, 0, 0, "an autograder is a .zip: name the file NAME.zip");
    if (there && !file)
        return cl_fail(err, CL_USAGE, path, 0, 0, "is %s, not a file; nothing was written", cl_file_kind(sb.st_mode));
    if (file && sb.st_size > 0 && (got < 2 || memcmp(magic, "PK", 2)))
        return cl_fail(err, CL_USAGE, path, 0, 0, "exists and is not a zip: name a new file, or move that one "
                       "away; nothing was written");
    return CL_OK;
}

cl_status pack_gradescope(const day_course *c, const day_manifest *m, const char *zip_path,
                          pack_sink **written, cl_error *err)
{
    pack_sink *s = pack_sink_zip();
    pack_course_options o = {.only = &m, .nonly = 1, .keep_hidden = true, .prefix = "cudalab/"};
    cl_status st = zip_path_ok(zip_path, err);
    *written = s;
    if (st != CL_OK) return st;
    if (!slug_ok(m->slug))
        return cl_fail(err, CL_USAGE, m->path, 0, 0, "the day's slug '%s' is not lower-case "
                       "letters, digits and '-'", m->slug);
    if (!file_ok(m->student_file))
        return cl_fail(err, CL_USAGE, m->path, 0, 0, "the day's file name is not letters, "
                       "digits, '.', '_' and '-'");
    st = add_scripts(s, m, err);
    if (st == CL_OK) st = pack_tool_source(s, c->root, "cudalab/", true, err);
    if (st == CL_OK) st = pack_course(s, c, &o, err);
    if (st == CL_OK) st = batch_keep_old(zip_path, err);
    if (st == CL_OK) st = pack_sink_write_zip(s, zip_path, err);
    return st;
}

/* ---- the submission in Gradescope's folder ---- */

typedef struct found {
    char *best;     /* the shallowest file named as the day's */
    int best_depth, best_ties;
    CL_VEC(char *) cu; /* every .cu */
} found;

static void walk(const char *dir, int depth, const char *want, found *f)
{
    DIR *d = depth < 8 ? opendir(dir) : NULL;
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.' || !strcmp(e->d_name, "__MACOSX")) continue;
        char *path = cl_path_join(dir, e->d_name);
        struct stat sb;
        size_t n = strlen(e->d_name);
        if (lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
            walk(path, depth + 1, want, f);
        } else if (lstat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
            if (!strcmp(e->d_name, want) && (!f->best || depth <= f->best_depth)) {
                f->best_ties = f->best && depth == f->best_depth ? f->best_ties + 1 : 1;
                free(f->best);
                f->best = cl_strdup(path);
                f->best_depth = depth;
            }
            if (n > 3 && !strcmp(e->d_name + n - 3, ".cu")) CL_VEC_PUSH(&f->cu, cl_strdup(path));
        }
        free(path);
    }
    if (d) closedir(d);
}

char *pack_find_submission(const char *dir, const day_manifest *m, cl_error *err)
{
    found f = {0};
    char *pick = NULL;
    walk(dir, 0, m->student_file, &f);
    if (f.best && f.best_ties == 1) {
        pick = f.best;
        f.best = NULL;
    } else if (f.best) {
        cl_fail(err, CL_USAGE, dir, 0, 0, "the submission has %d files named %s at one depth; "
                "hand in one", f.best_ties, m->student_file);
    } else if (f.cu.n == 1) {
        pick = f.cu.v[0];
        f.cu.v[0] = NULL;
    } else {
        cl_fail(err, CL_USAGE, dir, 0, 0, "the submission has no %s%s", m->student_file,
                f.cu.n ? ", and more than one .cu file: name yours as the template is named"
                       : " (nor any .cu file)");
    }
    for (size_t i = 0; i < f.cu.n; i++) free(f.cu.v[i]);
    free(f.cu.v);
    free(f.best);
    return pick;
}
