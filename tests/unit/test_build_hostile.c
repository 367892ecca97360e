/* test_build_hostile.c - the real `cudalab grade` against hostile names and
 * includes, a killed cudalab, a full disk and an nvcc out of memory.
 *
 * Every name below holds something a shell would act on; a grade runs with
 * HOME set to the test's folder, so `cd;touch M` in a name would leave the
 * marker M there. Each grade must compile the file (or refuse it clearly),
 * name it as given, and leave no marker. Needs the CUDA Toolkit (skipped
 * without it); the disk-full case needs to mount a tmpfs (skipped when it
 * cannot). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/core.h"
#include "core/proc.h"

#define REAL_NVCC "/usr/local/cuda/bin/nvcc"
#define COURSE CUDALAB_TEST_DIR "/.."

/* Compiles with one warning (line 2: "unused" is never referenced); defines
 * none of the day's kernels, so the grade is quick and exits 1. */
#define QUIET_FILE "// a file that compiles with a warning\n" \
                   "__device__ int helper() { int unused; return 0; }\n"

static char top[64];
static char *marker;

#define NEED_NVCC()                                                              \
    do {                                                                         \
        if (!cl_file_exists(REAL_NVCC)) {                                        \
            print_message("skipped: " REAL_NVCC " is absent (no CUDA Toolkit)\n"); \
            skip();                                                              \
        }                                                                        \
    } while (0)

static int rm_entry(const char *p, const struct stat *s, int f, struct FTW *w)
{
    (void)s, (void)f, (void)w;
    return remove(p);
}

static int setup(void **state)
{
    (void)state;
    snprintf(top, sizeof top, "/tmp/cudalab-hostile-XXXXXX");
    if (!mkdtemp(top)) return -1;
    marker = cl_sprintf("%s/M", top);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    nftw(top, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(marker);
    return 0;
}

static void put(const char *path, const char *text)
{
    assert_int_equal(cl_write_file_atomic(path, text, strlen(text), NULL), CL_OK);
}

/* What a grade said. */
typedef struct graded {
    int rc;
    char *out, *err;
    cJSON *json; /* NULL when stdout is not JSON */
} graded;

static void graded_free(graded *g)
{
    free(g->out), free(g->err);
    cJSON_Delete(g->json);
}

/* cudalab grade 23 FILE --backend emu --json, from cwd, with the course,
 * cache and workspace given (NULL: the defaults of this test). */
static graded grade(const char *cwd, const char *file, const char *course, const char *cache,
                    const char *workspace)
{
    char *home = cl_sprintf("HOME=%s", top);
    char *c = cl_sprintf("CUDALAB_COURSE=%s", course ? course : COURSE);
    char *k = cache ? cl_sprintf("CUDALAB_CACHE=%s", cache) : cl_sprintf("CUDALAB_CACHE=%s/cache", top);
    char *w = workspace ? cl_sprintf("CUDALAB_WORKSPACE=%s", workspace)
                        : cl_sprintf("CUDALAB_WORKSPACE=%s/ws", top);
    const char *env[] = {home, c, k, w, "NO_COLOR=1", NULL};
    const char *argv[] = {CUDALAB_BINARY, "grade", "23", file, "--backend", "emu", "--json", NULL};
    if (!file) argv[3] = "--json", argv[6] = NULL; /* the workspace's file */
    cl_proc_result r;
    cl_error e = {0};
    assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = argv, .cwd = cwd, .env = env,
                                                 .timeout_s = 300}, &r, &e), CL_OK);
    graded g = {r.exit_code, r.out, r.err, cJSON_Parse(r.out)};
    free(home), free(c), free(k), free(w);
    return g;
}

static cJSON *check(const graded *g, int i)
{
    return cJSON_GetArrayItem(cJSON_GetObjectItem(g->json, "checks"), i);
}

/* The quiet file graded: compiled, its warning on line 2 of the file named
 * as shown (the base name as given), the reference built, no marker. */
static void assert_quiet_graded(const graded *g, const char *shown, const char *what)
{
    if (g->rc != 1 || !g->json)
        fail_msg("%s: exit %d, stderr: %s", what, g->rc, g->err);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(check(g, 0), "passed")));
    cJSON *d = cJSON_GetArrayItem(cJSON_GetObjectItem(g->json, "diagnostics"), 0);
    assert_non_null(d);
    if (shown) assert_string_equal(cJSON_GetObjectItem(d, "file")->valuestring, shown);
    assert_int_equal(cJSON_GetObjectItem(d, "line")->valueint, 2);
    if (cl_file_exists(marker)) fail_msg("%s: a command in a name ran", what);
}

/* Names with what a shell expands, splits or chokes on. */
static const char *const names[] = {
    "x$(cd;touch M).cu", "x`cd;touch M`.cu", "x;cd;touch M;.cu", "q\"uote.cu", "s'quote.cu",
    "sp ace.cu", "new\nline.cu", "-dash.cu", "bad\xff\xfe.cu", "back\\slash.cu", "d$HOME.cu",
    "q\"$(cd;touch M)\".cu",
};
#define NNAMES (sizeof names / sizeof *names)

static bool utf8_plain(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80 || (unsigned char)*s < 0x20) return false;
    return true;
}

static void test_file_names(void **state)
{
    (void)state;
    NEED_NVCC();
    char *dir = cl_sprintf("%s/files", top);
    assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
    for (size_t i = 0; i < NNAMES; i++) {
        char *path = cl_path_join(dir, names[i]), *rel = cl_sprintf("./%s", names[i]);
        put(path, QUIET_FILE);
        graded g = grade(dir, rel, NULL, NULL, NULL);
        assert_quiet_graded(&g, utf8_plain(names[i]) ? names[i] : NULL, names[i]);
        graded_free(&g);
        free(path), free(rel);
    }
    free(dir);
}

static void test_folder_names(void **state)
{
    (void)state;
    NEED_NVCC();
    for (size_t i = 0; i < NNAMES; i++) {
        char *dir = cl_sprintf("%s/dirs/%s", top, names[i]);
        char *path = cl_path_join(dir, "shuffles.cu");
        assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
        put(path, QUIET_FILE);
        graded g = grade(top, path, NULL, NULL, NULL); /* absolute: the folder in every byte */
        assert_quiet_graded(&g, "shuffles.cu", names[i]);
        graded_free(&g);
        free(dir), free(path);
    }
}

/* A path beginning with '-' is a path (issue 34): a file named -x.cu that
 * exists is graded, as given; a bare -y.cu that names nothing is an
 * unknown option, refused by name with the way to give such a path. */
static void test_dash_path(void **state)
{
    (void)state;
    NEED_NVCC();
    char *dir = cl_sprintf("%s/dash", top), *path = cl_sprintf("%s/-x.cu", dir);
    assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
    put(path, QUIET_FILE);
    graded g = grade(dir, "-x.cu", NULL, NULL, NULL);
    assert_quiet_graded(&g, "-x.cu", "-x.cu");
    graded_free(&g);
    g = grade(dir, "-y.cu", NULL, NULL, NULL);
    assert_int_equal(g.rc, 2);
    assert_non_null(strstr(g.err, "unknown option '-y.cu'"));
    graded_free(&g);
    free(dir), free(path);
}

/* Copy the parts of the course that grading reads into dst. */
static void copy_course(const char *dst)
{
    assert_int_equal(cl_mkdirs(dst, NULL), CL_OK);
    const char *parts[] = {"days", "templates", "solutions", "grader"};
    for (size_t i = 0; i < 4; i++) {
        char *from = cl_sprintf("%s/%s", COURSE, parts[i]);
        const char *argv[] = {"cp", "-r", from, dst, NULL};
        cl_proc_result r;
        assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = argv}, &r, NULL), CL_OK);
        assert_int_equal(r.exit_code, 0);
        cl_proc_result_free(&r);
        free(from);
    }
}

/* The workspace, the course and the cache in folders named to run commands:
 * the student's file, the reference and the copy kernel all build. */
static void test_odd_workspace_course_cache(void **state)
{
    (void)state;
    NEED_NVCC();
    char *ws = cl_sprintf("%s/w$(cd;touch M)s \"x\xff", top);
    char *file = cl_sprintf("%s/day23-shuffles/shuffles.cu", ws);
    char *dir = cl_sprintf("%s/day23-shuffles", ws);
    assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
    put(file, QUIET_FILE);
    graded g = grade(top, NULL, NULL, NULL, ws);
    assert_quiet_graded(&g, "shuffles.cu", "workspace");
    graded_free(&g);

    char *course = cl_sprintf("%s/co`cd;touch M`urse $(cd;touch M) \"\n", top);
    copy_course(course);
    g = grade(top, file, course, NULL, NULL);
    assert_quiet_graded(&g, "shuffles.cu", "course");
    graded_free(&g);

    char *cache = cl_sprintf("%s/ca$(cd;touch M)che", top);
    g = grade(top, file, NULL, cache, NULL);
    assert_quiet_graded(&g, "shuffles.cu", "cache");
    graded_free(&g);
    free(ws), free(file), free(dir), free(course), free(cache);
}

/* A hazard in a file in an odd folder is placed at the file's own name and
 * line (the PTX's .file names map back from the scratch copy). */
static void test_hazard_names_the_file(void **state)
{
    (void)state;
    NEED_NVCC();
    char *dir = cl_sprintf("%s/haz $(cd;touch M)", top);
    char *path = cl_sprintf("%s/ballot down.cu", dir), *src = NULL;
    assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
    assert_int_equal(cl_read_file(CUDALAB_TEST_DIR "/fixtures/day23/ballot_down.cu", &src, NULL,
                                  NULL), CL_OK);
    put(path, src);
    graded g = grade(top, path, NULL, NULL, NULL);
    assert_int_equal(g.rc, 1);
    cJSON *h = cJSON_GetArrayItem(cJSON_GetObjectItem(g.json, "hazards"), 0);
    assert_non_null(h);
    assert_string_equal(cJSON_GetObjectItem(h, "file")->valuestring, "ballot down.cu");
    assert_int_equal(cJSON_GetObjectItem(h, "line")->valueint, 21);
    assert_false(cl_file_exists(marker));
    graded_free(&g);
    free(dir), free(path), free(src);
}

/* Includes that reach outside: refused at their line, before nvcc runs,
 * with nothing of the file named in the report. */
static void test_includes_refused(void **state)
{
    (void)state;
    NEED_NVCC();
    static const struct {
        const char *text;
        int line;
        const char *says;
    } cases[] = {
        {"#include \"/etc/shadow\"\n", 1, "an absolute path"},
        {"// x\n#include \"../../solutions/day23-shuffles/shuffles.cu\"\n", 2, "'..'"},
        {"#include \"other.cu\"\n", 1, "not one of the day's headers"},
        {"#include </dev/zero>\n", 1, "an absolute path"},
        {"#define F \"/etc/passwd\"\n#include F\n", 2, "of a macro"},
        {"#include_next <stdio.h>\n", 1, "#include_next is not allowed"},
        {"#import \"x.h\"\n", 1, "#import is not allowed"},
        {"%:include \"/etc/passwd\"\n", 1, "an absolute path"},
        {"#  inc\\\nlude \"/etc/passwd\"\n", 1, "an absolute path"},
        {"# /* a comment */ include \"/etc/passwd\"\n", 1, "an absolute path"},
        {"/* a\ncomment */ #include <../x>\n", 2, "'..'"},
        {"#if __has_include(\"/etc/shadow\")\n#endif\n", 1, "__has_include (a test of whether a file exists)"},
        {"#define H __has_include\n#if H(\"/etc/shadow\")\n#endif\n", 1, "not allowed in any spelling"},
        {"#pragma GCC dependency \"/etc/shadow\"\n", 1, "#pragma dependency"},
        {"#if 0\n#include \"/etc/shadow\"\n#endif\n", 2, "an absolute path"},
    };
    char *dir = cl_sprintf("%s/inc", top), *path = cl_sprintf("%s/inc/shuffles.cu", top);
    assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        put(path, cases[i].text);
        graded g = grade(dir, "shuffles.cu", NULL, NULL, NULL);
        if (g.rc != 1 || !g.json) fail_msg("case %zu: exit %d: %s", i, g.rc, g.err);
        cJSON *c = check(&g, 0);
        if (cJSON_IsTrue(cJSON_GetObjectItem(c, "passed"))) fail_msg("case %zu compiled", i);
        const char *detail = cJSON_GetObjectItem(c, "detail")->valuestring;
        char *where = cl_sprintf("shuffles.cu:%d: ", cases[i].line);
        if (strncmp(detail, where, strlen(where)) != 0 || !strstr(detail, cases[i].says))
            fail_msg("case %zu: '%s'", i, detail);
        assert_null(strstr(g.out, "root:")); /* nothing of /etc/passwd or shadow */
        graded_free(&g);
        free(where);
    }
    /* <stdio.h> and the toolkit's headers still build. */
    put(path, "#include <cstdio>\n#include <cuda_runtime.h>\n" QUIET_FILE);
    graded g = grade(dir, "shuffles.cu", NULL, NULL, NULL);
    assert_int_equal(g.rc, 1);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(check(&g, 0), "passed")));
    graded_free(&g);
    free(dir), free(path);
}

/* A FIFO or a device as the file: refused at once (exit 2), not read (the
 * command line refuses it; build_compile would too: test_build_compile). */
static void test_not_a_file(void **state)
{
    (void)state;
    NEED_NVCC();
    char *fifo = cl_sprintf("%s/fifo.cu", top);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    const char *files[] = {fifo, "/dev/zero"};
    for (int i = 0; i < 2; i++) {
        graded g = grade(top, files[i], NULL, NULL, NULL);
        assert_int_equal(g.rc, 2);
        if (!strstr(g.err, "not a regular file") && !strstr(g.err, "cannot be read"))
            fail_msg("%s: %s", files[i], g.err);
        graded_free(&g);
    }
    free(fifo);
}

/* A file of more than 1 MiB (a kernel behind 2 MiB of comment) is refused
 * before anything reads or compiles it: compile fails with the size and
 * what to do (it took 2.9 GiB and 16 s, then passed, at 1 GB). */
static void test_source_too_big(void **state)
{
    (void)state;
    NEED_NVCC();
    char *path = cl_sprintf("%s/big.cu", top);
    size_t n = (2u << 20) + 64;
    char *text = cl_malloc(n + 1);
    memset(text, ' ', n);
    memcpy(text, "//", 2);
    text[n] = '\0';
    assert_int_equal(cl_write_file_atomic(path, text, n, NULL), CL_OK);
    graded g = grade(top, path, NULL, NULL, NULL);
    assert_int_equal(g.rc, 1);
    assert_non_null(g.json);
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(check(&g, 0), "passed")));
    const char *why = cJSON_GetObjectItem(check(&g, 0), "detail")->valuestring;
    if (!strstr(why, "more than the 1024 KiB cudalab compiles")) fail_msg("compile: %s", why);
    graded_free(&g);
    free(text), free(path);
}

/* A macro bomb: nvcc's preprocessor runs out of its 1.5 GiB; the grade says
 * so as the limit's problem (exit 2) with the tool's reason. */
static void test_macro_bomb(void **state)
{
    (void)state;
    NEED_NVCC();
    char *path = cl_sprintf("%s/bomb.cu", top);
    cl_str s = {0};
    cl_str_add(&s, "#define A0 x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x\n");
    for (int i = 1; i <= 7; i++) {
        cl_str_addf(&s, "#define A%d ", i);
        for (int k = 0; k < 16; k++) cl_str_addf(&s, "%sA%d", k ? "," : "", i - 1);
        cl_str_add(&s, "\n");
    }
    cl_str_add(&s, "#define G(...) 0\n#define F(...) G(__VA_ARGS__)\nint v = F(A7);\n");
    put(path, cl_str_cstr(&s));
    graded g = grade(top, path, NULL, NULL, NULL);
    if (g.rc == 1 && (strstr(g.out, "nvcc ran longer than 60 s") || strstr(g.out, "s of CPU"))) {
        /* 17 s on an idle 2-core machine; a loaded one reaches the time
         * limit first (test_build_compile's 64 MiB case covers the rest). */
        print_message("skipped: nvcc reached the time limit before the memory limit\n");
        graded_free(&g);
        cl_str_free(&s);
        free(path);
        skip();
    }
    assert_int_equal(g.rc, 2);
    if (!strstr(g.err, "nvcc ran out of memory under cudalab's limit of 1536 MiB per tool (") ||
        (!strstr(g.err, "out of memory allocating") && !strstr(g.err, "memory exhausted")))
        fail_msg("stderr: %s", g.err);
    graded_free(&g);
    cl_str_free(&s);
    free(path);
}

/* A fake nvcc (and ptxas) that blocks with a child of its own, noting both
 * pids; with quick present it fails at once. Both files are in its own
 * folder: a tool sees that one, the toolkit's and its scratch folder. */
static char *fake_nvcc(const char *dir)
{
    char *nvcc = cl_sprintf("%s/bin/nvcc", dir), *ptxas = cl_sprintf("%s/bin/ptxas", dir);
    char *bin = cl_sprintf("%s/bin", dir);
    char *script = cl_sprintf(
        "#!/bin/sh\n"
        "if [ \"$1\" = --version ]; then echo 'Cuda compilation tools, release 13.0, V13.0.88';"
        " exit 0; fi\n"
        "if [ -e '%s/quick' ]; then echo 'x.cu(1): error: no' >&2; exit 1; fi\n"
        "sleep 120 & echo $$ $! > '%s/pids.new'; mv '%s/pids.new' '%s/pids'\n"
        "exec sleep 120\n", bin, bin, bin, bin);
    assert_int_equal(cl_mkdirs(bin, NULL), CL_OK);
    put(nvcc, script);
    put(ptxas, script);
    chmod(nvcc, 0755);
    chmod(ptxas, 0755);
    free(ptxas), free(bin), free(script);
    return nvcc;
}

static int scratch_folders(const char *cache)
{
    char *tmp = cl_sprintf("%s/build/tmp", cache);
    int n = 0;
    char *cmd = cl_sprintf("ls -1 '%s' 2>/dev/null | grep -c '^cudalab-build-'", tmp);
    FILE *p = popen(cmd, "r"); /* the test's own fixed path: no names of a student */
    if (p && fscanf(p, "%d", &n) != 1) n = 0;
    if (p) pclose(p);
    free(cmd), free(tmp);
    return n;
}

static bool gone(pid_t pid)
{
    for (int i = 0; i < 200; i++) {
        char path[64], buf[512] = "";
        snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
        FILE *f = fopen(path, "r");
        if (!f) return true;
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[n] = '\0';
        const char *paren = strrchr(buf, ')');
        if (paren && (paren[2] == 'Z' || paren[2] == 'X')) return true;
        usleep(10000);
    }
    return false;
}

/* kill -9 of cudalab while nvcc runs: nvcc and its child die within 2 s;
 * the scratch folder left behind is swept by the next run. */
static void test_kill_9(void **state)
{
    (void)state;
    char *dir = cl_sprintf("%s/kill", top), *cache = cl_sprintf("%s/kill/cache", top);
    char *nvcc = fake_nvcc(dir), *file = cl_sprintf("%s/shuffles.cu", dir);
    char *pids = cl_sprintf("%s/bin/pids", dir), *quick = cl_sprintf("%s/bin/quick", dir);
    put(file, QUIET_FILE);
    char *env_nvcc = cl_sprintf("CUDALAB_NVCC=%s", nvcc), *env_cache = cl_sprintf("CUDALAB_CACHE=%s", cache);
    pid_t cudalab = fork();
    assert_true(cudalab >= 0);
    if (cudalab == 0) {
        putenv(env_nvcc), putenv(env_cache), setenv("CUDALAB_COURSE", COURSE, 1);
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1), dup2(null, 2);
        execl(CUDALAB_BINARY, CUDALAB_BINARY, "grade", "23", file, "--backend", "emu", (char *)NULL);
        _exit(127);
    }
    char *text = NULL;
    for (int i = 0; i < 1000 && cl_read_file(pids, &text, NULL, NULL) != CL_OK; i++) usleep(10000);
    assert_non_null(text);
    int child = 0, grandchild = 0;
    assert_int_equal(sscanf(text, "%d %d", &child, &grandchild), 2);
    assert_int_equal(scratch_folders(cache), 1);
    assert_int_equal(kill(cudalab, SIGKILL), 0);
    assert_int_equal(waitpid(cudalab, NULL, 0), cudalab);
    if (!gone(child) || !gone(grandchild)) {
        kill(child, SIGKILL), kill(grandchild, SIGKILL);
        fail_msg("nvcc or its child outlived cudalab's kill -9 by 2 s");
    }
    assert_int_equal(scratch_folders(cache), 1); /* left behind, unlocked */
    put(quick, "");
    cl_proc_result r;
    const char *argv[] = {CUDALAB_BINARY, "grade", "23", file, "--backend", "emu", NULL};
    const char *env[] = {env_nvcc, env_cache, NULL};
    assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = argv, .env = env}, &r, NULL), CL_OK);
    assert_int_equal(r.exit_code, 1); /* the fake's error: a failed compile */
    cl_proc_result_free(&r);
    assert_int_equal(scratch_folders(cache), 0);
    free(dir), free(cache), free(nvcc), free(file), free(pids), free(quick), free(text);
    free(env_nvcc), free(env_cache);
}

/* Fill the tmpfs at dir, then give `left` bytes back. */
static void fill(const char *dir, off_t left)
{
    char *path = cl_sprintf("%s/filler", dir);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0);
    static char block[4096];
    off_t size = 0;
    while (write(fd, block, sizeof block) == (ssize_t)sizeof block) size += (off_t)sizeof block;
    assert_int_equal(errno, ENOSPC);
    if (left) assert_int_equal(ftruncate(fd, size > left ? size - left : 0), 0);
    close(fd);
    free(path);
}

/* A cache on a full disk: the grade exits 2 with one line that says the
 * disk is full and where, both when the copy of the file cannot be written
 * and when nvcc's own files cannot. */
static void test_disk_full(void **state)
{
    (void)state;
    NEED_NVCC();
    char *mnt = cl_sprintf("%s/full", top), *cache = cl_sprintf("%s/full/cache", top);
    char *tmp = cl_sprintf("%s/build/tmp", cache), *file = cl_sprintf("%s/f.cu", top);
    assert_int_equal(cl_mkdirs(mnt, NULL), CL_OK);
    if (mount("tmpfs", mnt, "tmpfs", 0, "size=1m") != 0) {
        print_message("skipped: cannot mount a tmpfs (%s)\n", strerror(errno));
        free(mnt), free(cache), free(tmp), free(file);
        skip();
    }
    put(file, QUIET_FILE);
    for (int pass = 0; pass < 2; pass++) {
        assert_int_equal(cl_mkdirs(tmp, NULL), CL_OK); /* a cache that was there before */
        fill(mnt, pass ? 48 << 10 : 0);                /* full; then nearly */
        graded g = grade(top, file, NULL, cache, NULL);
        char *filler = cl_sprintf("%s/filler", mnt);
        unlink(filler);
        free(filler);
        if (g.rc != 2 || !strstr(g.err, "the disk is full") || !strstr(g.err, mnt) ||
            strchr(g.err, '\n') != g.err + strlen(g.err) - 1)
            fail_msg("pass %d: exit %d: %s", pass, g.rc, g.err);
        graded_free(&g);
    }
    umount(mnt);
    free(mnt), free(cache), free(tmp), free(file);
}

/* cudalab batch over odd names (one with a leading '-', given as ./-d.cu):
 * each is graded, none runs a command. */
static void test_batch_names(void **state)
{
    (void)state;
    NEED_NVCC();
    char *dir = cl_sprintf("%s/batch", top);
    assert_int_equal(cl_mkdirs(dir, NULL), CL_OK);
    const char *files[] = {"a$(cd;touch M).cu", "q\"`cd;touch M`.cu", "-d.cu"};
    for (size_t i = 0; i < 3; i++) {
        char *p = cl_path_join(dir, files[i]);
        put(p, QUIET_FILE);
        free(p);
    }
    char *home = cl_sprintf("HOME=%s", top), *cache = cl_sprintf("CUDALAB_CACHE=%s/cache", top);
    const char *env[] = {home, cache, "CUDALAB_COURSE=" COURSE, NULL};
    const char *argv[] = {CUDALAB_BINARY, "batch", "23", files[0], files[1], "./-d.cu",
                          "--out", "out", NULL};
    cl_proc_result r;
    assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = argv, .cwd = dir, .env = env,
                                                 .timeout_s = 300}, &r, NULL), CL_OK);
    if (r.exit_code != 1) fail_msg("exit %d: %s", r.exit_code, r.err);
    /* batch names its reports with safe characters only: three of them,
     * each a grade that reached the compile check */
    char *out = cl_path_join(dir, "out");
    DIR *d = opendir(out);
    struct dirent *e;
    int reports = 0;
    while (d && (e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 5, ".json") != 0) continue;
        char *p = cl_path_join(out, e->d_name), *text = NULL;
        assert_int_equal(cl_read_file(p, &text, NULL, NULL), CL_OK);
        assert_non_null(strstr(text, "\"compile\""));
        free(text), free(p);
        reports++;
    }
    if (d) closedir(d);
    free(out);
    assert_int_equal(reports, 3);
    assert_false(cl_file_exists(marker));
    cl_proc_result_free(&r);
    free(dir), free(home), free(cache);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dash_path),
        cmocka_unit_test(test_kill_9),
        cmocka_unit_test(test_includes_refused),
        cmocka_unit_test(test_file_names),
        cmocka_unit_test(test_folder_names),
        cmocka_unit_test(test_odd_workspace_course_cache),
        cmocka_unit_test(test_hazard_names_the_file),
        cmocka_unit_test(test_batch_names),
        cmocka_unit_test(test_disk_full),
        cmocka_unit_test(test_not_a_file),
        cmocka_unit_test(test_source_too_big),
        cmocka_unit_test(test_macro_bomb),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
