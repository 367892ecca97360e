/* fuzz_check_script.c - a day's check script (check.lua, grader/days/script.c)
 * on any text, in the sandbox a grade runs it in (grade/check_script.c): the
 * same Lua state, libraries and wrappers, the instruction, memory and clock
 * budgets, but small ones (100,000 instructions, 4 MiB, a quarter of a
 * second), so that each input ends within a second. The
 * input is the script's text; bytes after its first NUL, if any, are the
 * student's outputs (t.outputs.y's floats, then t.outputs.count). The rest of
 * the fake kernel result is fixed: a size n=8, inputs x, w (float), idx
 * (int), flags (unsigned char), empty (float, none), and the reference's y
 * and count.
 *
 * Each input is validated (as a manifest's check: is) and then checked
 * twice. A script that errors, fails the student or runs out of a budget is
 * an ordinary outcome; a crash, a leak, a hang, an error without a message,
 * a failure beside an error, or two checks of the same script that say
 * different things (the sandbox promises the same text on every run; the
 * clock and the memory budget aside) are findings. Seeds: the course's check
 * scripts and hostile ones (corpus/check_script/, docs/fuzzing.md). */
#include "fuzz.h"

#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "days/script.h"

#define N 8

/* Small budgets: three runs of a script that loops end within a second. */
static const script_limits limits = {100000, (size_t)4 << 20, 0.25};

static const float x[N] = {1, 2, 3, 4, 5, 6, 7, 8};
static const float w[N] = {0.5f, -1.0f, 2.0f, 0.25f, 3.0f, -0.125f, 1.0f, 1e-3f};
static const int32_t idx[N] = {0, -1, 7, 2147483647, (-2147483647 - 1), 3, 5, 6};
static const uint8_t flags[N] = {0, 1, 2, 127, 128, 200, 254, 255};
static const uint32_t ref_count[1] = {8};

static char dir[] = "/tmp/cudalab-fuzz-script-XXXXXX";
static char *path; /* dir/check.lua */

static void remove_dir(void)
{
    unlink(path);
    rmdir(dir);
    free(path);
}

/* The script file every run reads; NULL if it cannot be written. */
static const char *script_file(const char *text, size_t len)
{
    if (!path) {
        if (!mkdtemp(dir)) return NULL;
        path = cl_path_join(dir, "check.lua");
        atexit(remove_dir);
    }
    FILE *fp = fopen(path, "wb"); /* not cl_write_file_atomic: its fsync is slow */
    if (!fp) return NULL;
    bool ok = fwrite(text, 1, len, fp) == len;
    return fclose(fp) == 0 && ok ? path : NULL;
}

/* One run: a documented status, a message with every error, a failure only
 * with CL_OK and never longer than the cap. */
static cl_status run(const char *file, const script_view *v, char **failure, cl_error *err)
{
    *err = (cl_error){0};
    *failure = NULL;
    cl_status st = script_check_limited(file, v, &limits, failure, err);
    FUZZ_ASSERT(st == CL_OK || st == CL_MANIFEST || st == CL_LIMIT || st == CL_NOMEM);
    FUZZ_ASSERT(st == CL_OK || (err->message[0] && !*failure));
    FUZZ_ASSERT(!*failure || strlen(*failure) <= SCRIPT_MAX_FAILURE);
    return st;
}

static void check_twice(const char *file, const script_view *v)
{
    char *f1, *f2;
    cl_error e1, e2;
    cl_status s1 = run(file, v, &f1, &e1), s2 = run(file, v, &f2, &e2);
    if (s1 != CL_LIMIT && s2 != CL_LIMIT) {
        FUZZ_ASSERT(s1 == s2 && !f1 == !f2 && (!f1 || !strcmp(f1, f2)));
        FUZZ_ASSERT(!strcmp(e1.message, e2.message) && e1.line == e2.line);
    }
    free(f1);
    free(f2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data, *nul = memchr(data, '\0', size);
    size_t len = nul ? (size_t)(nul - text) : size;
    float y[N];
    uint32_t count[1] = {N};
    for (int i = 0; i < N; i++) y[i] = w[i] * x[i];
    if (nul) { /* the student's outputs: y's bytes, then count's */
        size_t more = size - len - 1;
        size_t ny = more < sizeof y ? more : sizeof y;
        memcpy(y, nul + 1, ny);
        if (more > ny) memcpy(count, nul + 1 + ny, more - ny < sizeof count ? more - ny : sizeof count);
    }
    const script_buffer inputs[] = {
        {"x", SCRIPT_F32, x, N}, {"w", SCRIPT_F32, w, N}, {"idx", SCRIPT_I32, idx, N},
        {"flags", SCRIPT_U8, flags, N}, {"empty", SCRIPT_F32, NULL, 0},
    };
    float ref_y[N];
    for (int i = 0; i < N; i++) ref_y[i] = w[i] * x[i];
    const script_buffer mine[] = {{"y", SCRIPT_F32, y, N}, {"count", SCRIPT_U32, count, 1}};
    const script_buffer ref[] = {{"y", SCRIPT_F32, ref_y, N}, {"count", SCRIPT_U32, ref_count, 1}};
    static const char *const keys[] = {"n"};
    static const long long values[] = {N};
    const script_view v = {"weigh", keys, values, 1, inputs, 5, mine, 2, ref, 2};
    const char *file = script_file(text, len);
    if (!file) return 0;
    char *failure;
    cl_error err;
    run(file, NULL, &failure, &err); /* validate: the top level, and is there a check? */
    FUZZ_ASSERT(!failure);
    check_twice(file, &v);
    return 0;
}
