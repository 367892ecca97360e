/* replay.c - the fuzz targets without libFuzzer: a main() that hands every
 * file of the folders it is given to the target's LLVMFuzzerTestOneInput, in
 * name order, so the ordinary (gcc, ASan+UBSan) test suite replays the seed
 * corpus and every crasher ever found on each run.
 *
 *   fuzz_replay_<target> CORPUS [CRASHERS]
 *
 * CORPUS must hold at least one input; CRASHERS may be absent or empty.
 * README files are not inputs. A crash or sanitizer report fails the test;
 * before each input its name is printed, so the log says which one. */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>

#include "core/core.h"

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

static int keep(const struct dirent *d)
{
    return d->d_name[0] != '.' && strncmp(d->d_name, "README", 6) != 0;
}

static int run_one(const char *dir, const char *name)
{
    char *path = cl_path_join(dir, name), *data = NULL;
    size_t len = 0;
    cl_error err = {0};
    int ok = cl_read_file(path, &data, &len, &err) == CL_OK;
    if (ok) {
        fprintf(stderr, "replay %s (%zu bytes)\n", path, len);
        LLVMFuzzerTestOneInput((const uint8_t *)data, len);
    } else {
        fprintf(stderr, "replay: cannot read %s: %s\n", path, err.message);
    }
    free(data);
    free(path);
    return ok;
}

/* The number of inputs replayed, or -1 when the folder could not be read. */
static int run_dir(const char *dir)
{
    struct dirent **names = NULL;
    int n = scandir(dir, &names, keep, by_name), done = 0;
    if (n < 0) return errno == ENOENT ? 0 : -1;
    for (int i = 0; i < n; i++) {
        if (done >= 0) done = run_one(dir, names[i]->d_name) ? done + 1 : -1;
        free(names[i]);
    }
    free(names);
    return done;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s CORPUS [CRASHERS]\n", argv[0]);
        return 2;
    }
    int seeds = run_dir(argv[1]);
    int crashers = argc == 3 ? run_dir(argv[2]) : 0;
    if (seeds < 1 || crashers < 0) {
        fprintf(stderr, "replay: %s has no readable inputs\n", seeds < 1 ? argv[1] : argv[2]);
        return 1;
    }
    printf("replayed %d seeds and %d crashers\n", seeds, crashers);
    return 0;
}
