/* test_build_compile.c - build_compile end to end: with the real nvcc (these
 * tests skip when /usr/local/cuda/bin/nvcc is absent) and with fake nvccs
 * (shell scripts) for the limits, cancellation and a missing nvcc. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "build/build.h"

#define FIX CUDALAB_TEST_DIR "/fixtures/build/"
#define REAL_NVCC "/usr/local/cuda/bin/nvcc"
#define VERSION_LINE "Cuda compilation tools, release 13.0, V13.0.88"

#define NEED_NVCC()                                                              \
    do {                                                                         \
        if (!cl_file_exists(REAL_NVCC)) {                                        \
            print_message("skipped: " REAL_NVCC " is absent (no CUDA Toolkit)\n"); \
            skip();                                                              \
        }                                                                        \
    } while (0)

static char tmpdir[64];

static int rm_entry(const char *p, const struct stat *s, int f, struct FTW *w)
{
    (void)s, (void)f, (void)w;
    return remove(p);
}

static int setup(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/cudalab-build-test-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    return 0;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A fake nvcc (also usable as ptxas): answers --version, then runs body. */
static char *fake_tool(const char *name, const char *body)
{
    char *path = cl_sprintf("%s/%s", tmpdir, name);
    char *text = cl_sprintf("#!/bin/sh\ncase \"$1\" in --version) echo '" VERSION_LINE
                            "'; exit 0;; esac\n%s\n", body);
    assert_int_equal(cl_write_file_atomic(path, text, strlen(text), NULL), CL_OK);
    chmod(path, 0755);
    free(text);
    return path;
}

static void assert_no_children(void)
{
    errno = 0;
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
    assert_int_equal(errno, ECHILD);
}

/* The scratch folders under the cache folder are gone. */
static void assert_scratch_clean(const char *cache)
{
    char *cmd = cl_sprintf("test -z \"$(ls -A '%s/tmp' 2>/dev/null)\"", cache);
    assert_int_equal(system(cmd), 0);
    free(cmd);
}

static build_result *compile_ok(const build_options *o, const char *path)
{
    build_result *r = NULL;
    cl_error e = {0};
    cl_status st = build_compile(o, path, &r, &e);
    if (st != CL_OK) fail_msg("%s: %s %s", path, cl_status_name(st), e.message);
    assert_non_null(r);
    assert_true(build_ok(r));
    return r;
}

static void test_real_build(void **state)
{
    (void)state;
    NEED_NVCC();
    char *cache = cl_sprintf("%s/cache", tmpdir);
    build_options o = {.cubin_arch = "sm_90", .cache_dir = cache};
    build_result *r = compile_ok(&o, FIX "resources.cu");
    assert_false(build_from_cache(r));
    assert_string_equal(build_source_path(r), FIX "resources.cu");
    assert_non_null(strstr(build_nvcc_version(r), ", V"));
    assert_non_null(strstr(build_ptx(r), ".target sm_75"));
    assert_non_null(strstr(build_ptx(r), ".entry _Z13reduceCascadePKfPfm"));
    for (int i = 0; i < 2; i++) {
        size_t len = 0;
        const unsigned char *cubin = build_cubin(r, i, &len);
        assert_non_null(cubin);
        assert_true(len > 1000);
        assert_memory_equal(cubin, "\x7f" "ELF", 4);
    }
    assert_string_equal(build_cubin_arch(r, 0), "sm_75");
    assert_string_equal(build_cubin_arch(r, 1), "sm_90");
    assert_null(build_cubin(r, 2, NULL));
    size_t n;
    build_kernels(r, 0, &n);
    assert_int_equal(n, 4);
    build_kernels(r, 1, &n);
    assert_int_equal(n, 4);
    const build_kernel *k = build_find_kernel(r, "spiller");
    assert_non_null(k);
    assert_true(k->spill_stores > 0 && k->spill_loads > 0);
    assert_int_equal(build_find_kernel(r, "reduceCascade")->shared_bytes, 1024);
    build_diags(r, &n);
    assert_int_equal(n, 0);
    assert_true(build_seconds(r) > 0);
    assert_non_null(strstr(build_ptxas_log(r), "Compiling entry function '_Z7spillerPfPKfi' for 'sm_90'"));
    build_result_free(r);
    assert_scratch_clean(cache);
    assert_no_children();
    free(cache);
}

/* Each failing fixture fails with its error where the student wrote it. */
static void test_real_errors(void **state)
{
    (void)state;
    NEED_NVCC();
    static const struct {
        const char *file, *err_file;
        int line, column;
        const char *message;
    } cases[] = {
        {"undefined.cu", "undefined.cu", 4, 33, "identifier \"factor\" is undefined"},
        {"semicolon.cu", "semicolon.cu", 4, 5, "expected a \";\""},
        {"missing_include.cu", "missing_include.cu", 1, 10,
         "no_such_helpers.cuh: No such file or directory"},
        {"too_much_shared.cu", "too_much_shared.cu", 1, 0,
         "Entry function 'hog(float*)' uses too much shared data (131072 bytes, 49152 max)"},
        {"inline_asm.cu", "inline_asm.cu", 4, 5, "Not a name of any known instruction: 'bogus'"},
        {"header_error.cu", "bad_header.cuh", 2, 57, "identifier \"y\" is undefined"},
    };
    /* The fixtures' headers (bad_header.cuh, helpers.cuh) are the day's. */
    build_options o = {.no_cache = true, .headers_dir = FIX};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *path = cl_sprintf(FIX "%s", cases[i].file);
        /* A day's header is named as the day names it; the source as given. */
        char *want = strstr(cases[i].err_file, ".cuh") ? cl_strdup(cases[i].err_file)
                                                       : cl_sprintf(FIX "%s", cases[i].err_file);
        build_result *r = NULL;
        cl_error e = {0};
        assert_int_equal(build_compile(&o, path, &r, &e), CL_COMPILE);
        assert_non_null(r);
        assert_false(build_ok(r));
        assert_string_equal(e.file, want);
        assert_int_equal(e.line, cases[i].line);
        assert_int_equal(e.column, cases[i].column);
        assert_string_equal(e.message, cases[i].message);
        assert_true(build_error_count(r) >= 1);
        build_result_free(r);
        free(path);
        free(want);
    }
    assert_no_children();
}

static void test_real_warnings(void **state)
{
    (void)state;
    NEED_NVCC();
    build_options o = {.no_cache = true};
    build_result *r = compile_ok(&o, FIX "host_main.cu");
    size_t n;
    const build_diag *d = build_diags(r, &n);
    assert_int_equal(n, 1);
    assert_int_equal(d[0].severity, BUILD_WARNING);
    assert_int_equal(d[0].line, 13);
    assert_string_equal(d[0].file, FIX "host_main.cu");
    assert_string_equal(d[0].message, "your file defines main(); cudalab runs only your kernels "
                                      "\xe2\x80\x94 host code is ignored");
    assert_non_null(build_cubin(r, 0, NULL));
    build_result_free(r);
    r = compile_ok(&o, FIX "warning.cu");
    d = build_diags(r, &n);
    assert_int_equal(n, 1);
    assert_string_equal(d[0].code, "177-D");
    assert_int_equal(d[0].column, 9);
    build_result_free(r);
}

/* A relative path: diagnostics name it as given; #include "helpers.cuh"
 * is found among the day's headers (a relative headers_dir), wherever
 * cudalab runs. */
static void test_relative_paths(void **state)
{
    (void)state;
    NEED_NVCC();
    char cwd[4096];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(CUDALAB_TEST_DIR "/fixtures"), 0);
    build_options o = {.no_cache = true, .headers_dir = "build"};
    build_result *r = compile_ok(&o, "build/with_header.cu");
    assert_non_null(build_find_kernel(r, "scale"));
    build_result_free(r);
    cl_error e = {0};
    assert_int_equal(build_compile(&o, "build/undefined.cu", &r, &e), CL_COMPILE);
    assert_string_equal(e.file, "build/undefined.cu");
    assert_string_equal(build_diags(r, NULL)[0].file, "build/undefined.cu");
    build_result_free(r);
    assert_int_equal(chdir(cwd), 0);
}

/* -maxrregcount is not in the PTX: ptxas must get it too. */
static void test_flags_reach_ptxas(void **state)
{
    (void)state;
    NEED_NVCC();
    const char *flags[] = {"-maxrregcount=32", "-DUNUSED=1", NULL};
    build_options o = {.no_cache = true, .flags = flags};
    build_result *r = compile_ok(&o, FIX "resources.cu");
    assert_true(build_find_kernel(r, "stacked")->registers <= 32);
    build_result_free(r);
}

/* cicc under a 64 MiB address space: out of memory, reported as the
 * limit's problem (CL_NOMEM: cudalab grade exits 2), with the reason. */
static void test_real_memory_limit(void **state)
{
    (void)state;
    NEED_NVCC();
    build_options o = {.no_cache = true, .mem_limit = (uint64_t)64 << 20};
    build_result *r = NULL;
    cl_error e = {0};
    assert_int_equal(build_compile(&o, FIX "resources.cu", &r, &e), CL_NOMEM);
    assert_null(r);
    assert_non_null(strstr(e.message, "nvcc ran out of memory under cudalab's limit of 64 MiB "
                                      "per tool ("));
    assert_no_children();
}

/* A hung nvcc: stopped at the limit, with its children, and the scratch
 * folder removed. */
static void test_time_limit(void **state)
{
    (void)state;
    char *nvcc = fake_tool("nvcc", "sleep 30 & sleep 30; echo never");
    char *cache = cl_sprintf("%s/cache", tmpdir);
    build_options o = {.nvcc = nvcc, .ptxas = nvcc, .timeout_s = 1, .cache_dir = cache};
    build_result *r = NULL;
    cl_error e = {0};
    double t0 = now_s();
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, &e), CL_LIMIT);
    double took = now_s() - t0;
    assert_true(took >= 1.0 && took < 3.0);
    assert_null(r);
    assert_string_equal(e.message, "nvcc ran longer than 1 s");
    assert_no_children();
    assert_scratch_clean(cache);
    /* The default limit reads as the brief says. */
    assert_true(BUILD_DEFAULT_TIMEOUT_S == 60.0);
    free(nvcc);
    free(cache);
}

/* The grade's budget bounds a tool and everything it starts together: a
 * tool whose two processes spin, each under its own CPU limit of 10 s, is
 * stopped when their sum passes what is left of the budget (0.5 s); with
 * the budget spent no tool starts at all. */
static void test_budget(void **state)
{
    (void)state;
    char *spins = fake_tool("nvcc-two", "(while :; do :; done) & while :; do :; done");
    cl_cpu_budget b;
    cl_cpu_budget_begin(&b, 0.5);
    build_options o = {.nvcc = spins, .ptxas = spins, .no_cache = true, .budget = &b};
    build_result *r = NULL;
    cl_error e = {0};
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, &e), CL_LIMIT);
    assert_non_null(strstr(e.message, "nvcc and the processes it started used the rest of the grade's "
                                      "CPU budget of 0.5 s"));
    assert_null(r);
    assert_no_children();
    assert_int_equal(cl_cpu_budget_left_ns(&b), 0);
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, &e), CL_LIMIT);
    assert_non_null(strstr(e.message, "the grade's CPU budget of 0.5 s (the compiler's processes and the "
                                      "emulation together) ran out before nvcc could run"));
    assert_null(r);
    free(spins);
}

static void test_fake_out_of_memory(void **state)
{
    (void)state;
    /* A tool that spins: stopped at its CPU limit, said as a limit. */
    char *spins = fake_tool("nvcc-spins", "while :; do :; done");
    build_options spin = {.nvcc = spins, .ptxas = spins, .no_cache = true, .cpu_s = 1};
    build_result *sr = NULL;
    cl_error se = {0};
    assert_int_equal(build_compile(&spin, FIX "warning.cu", &sr, &se), CL_LIMIT);
    assert_non_null(strstr(se.message, "nvcc used more than 1 s of CPU"));
    build_result_free(sr);
    free(spins);
    char *killed = fake_tool("nvcc-killed", "kill -KILL $$");
    char *says = fake_tool("nvcc-says", "echo \"$PWD/x.cu(1): catastrophic error: out of memory\" >&2; "
                                        "exit 1");
    build_options o = {.nvcc = killed, .ptxas = killed, .no_cache = true};
    build_result *r = NULL;
    cl_error e = {0};
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, &e), CL_NOMEM);
    assert_non_null(strstr(e.message, "nvcc ran out of memory under cudalab's limit of 1536 MiB "
                                      "per tool (it was killed by signal 9)"));
    o.nvcc = o.ptxas = says;
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, &e), CL_NOMEM);
    assert_non_null(strstr(e.message, "x.cu(1): catastrophic error: out of memory)"));
    assert_null(r);
    free(killed);
    free(says);
}

static void *cancel_soon(void *flag)
{
    usleep(300000);
    atomic_store((atomic_int *)flag, 1);
    return NULL;
}

static void test_cancel(void **state)
{
    (void)state;
    char *nvcc = fake_tool("nvcc", "sleep 30");
    atomic_int flag = 0;
    build_options o = {.nvcc = nvcc, .ptxas = nvcc, .no_cache = true, .cancel = &flag};
    pthread_t t;
    pthread_create(&t, NULL, cancel_soon, &flag);
    build_result *r = NULL;
    cl_error e = {0};
    double t0 = now_s();
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, &e), CL_CANCELLED);
    pthread_join(t, NULL);
    assert_true(now_s() - t0 < 2.5);
    assert_null(r);
    /* Already cancelled: nothing runs. */
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, &e), CL_CANCELLED);
    assert_no_children();
    free(nvcc);
}

/* An nvcc that fails without a diagnostic we can read still fails clearly. */
static void test_unreadable_failure(void **state)
{
    (void)state;
    char *nvcc = fake_tool("nvcc", "echo 'something odd happened' >&2; exit 3");
    build_options o = {.nvcc = nvcc, .ptxas = nvcc, .no_cache = true};
    build_result *r = NULL;
    cl_error e = {0};
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, &e), CL_COMPILE);
    assert_non_null(r);
    assert_string_equal(e.message, "nvcc failed (exit status 3): something odd happened");
    assert_string_equal(build_nvcc_log(r), "something odd happened\n");
    build_result_free(r);
    free(nvcc);
}

/* Scratch folders that a killed cudalab left behind are swept by the next
 * build: one whose lock nobody holds at once, one without a lock file after
 * an hour; one whose lock is held (a build running) and other folders stay. */
static void test_stale_scratch(void **state)
{
    (void)state;
    char *nvcc = fake_tool("nvcc", "exit 1");
    char *cache = cl_sprintf("%s/cache", tmpdir);
    char *dead = cl_sprintf("%s/tmp/cudalab-build-dead", cache);
    char *busy = cl_sprintf("%s/tmp/cudalab-build-busy", cache);
    char *old = cl_sprintf("%s/tmp/cudalab-build-old", cache);
    char *fresh = cl_sprintf("%s/tmp/cudalab-build-fresh", cache);
    char *other = cl_sprintf("%s/tmp/not-ours", cache);
    char *dead_lock = cl_sprintf("%s/lock", dead), *busy_lock = cl_sprintf("%s/lock", busy);
    const char *dirs[] = {dead, busy, old, fresh, other};
    for (size_t i = 0; i < 5; i++) assert_int_equal(cl_mkdirs(dirs[i], NULL), CL_OK);
    assert_int_equal(cl_write_file_atomic(dead_lock, "", 0, NULL), CL_OK);
    assert_int_equal(cl_write_file_atomic(busy_lock, "", 0, NULL), CL_OK);
    int held = open(busy_lock, O_RDONLY);
    assert_true(held >= 0);
    assert_int_equal(flock(held, LOCK_EX), 0);
    struct timespec two_hours_ago[2] = {{time(NULL) - 7200, 0}, {time(NULL) - 7200, 0}};
    assert_int_equal(utimensat(AT_FDCWD, old, two_hours_ago, 0), 0);
    assert_int_equal(utimensat(AT_FDCWD, other, two_hours_ago, 0), 0);
    build_options o = {.nvcc = nvcc, .ptxas = nvcc, .cache_dir = cache};
    build_result *r = NULL;
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, NULL), CL_COMPILE);
    build_result_free(r);
    assert_false(cl_dir_exists(dead));
    assert_false(cl_dir_exists(old));
    assert_true(cl_dir_exists(busy));
    assert_true(cl_dir_exists(fresh));
    assert_true(cl_dir_exists(other));
    close(held);
    free(nvcc), free(cache), free(dead), free(busy), free(old), free(fresh), free(other);
    free(dead_lock), free(busy_lock);
}

/* A header nvcc reads that is neither the toolkit's nor the day's (here
 * through an -I folder, which the scanner cannot see): where the tools see
 * every file (CUDALAB_SANDBOX=off, or a kernel without user namespaces) the
 * dependency check refuses the build and nothing nvcc said is kept; in the
 * tools' own view of the files nvcc cannot find it. */
static void test_outside_dependency(void **state)
{
    (void)state;
    NEED_NVCC();
    char *inc = cl_sprintf("%s/outside", tmpdir), *h = cl_sprintf("%s/outside/secret.h", tmpdir);
    char *src = cl_sprintf("%s/k.cu", tmpdir), *flag = cl_sprintf("-I%s", inc);
    assert_int_equal(cl_mkdirs(inc, NULL), CL_OK);
    assert_int_equal(cl_write_file_atomic(h, "SECRET_WORD here;\n", 18, NULL), CL_OK);
    assert_int_equal(cl_write_file_atomic(src, "#include <secret.h>\n", 20, NULL), CL_OK);
    const char *flags[] = {flag, NULL};
    build_options o = {.no_cache = true, .flags = flags};
    build_result *r = NULL;
    cl_error e = {0};
    setenv("CUDALAB_SANDBOX", "off", 1);
    assert_int_equal(build_compile(&o, src, &r, &e), CL_COMPILE);
    unsetenv("CUDALAB_SANDBOX");
    size_t n = 0;
    const build_diag *d = build_diags(r, &n);
    assert_int_equal(n, 1);
    assert_string_equal(d[0].code, "include");
    assert_non_null(strstr(d[0].message, "other than the toolkit's headers and the day's own"));
    assert_string_equal(build_nvcc_log(r), "");
    assert_string_equal(build_ptx(r), "");
    assert_null(strstr(e.message, "SECRET"));
    build_result_free(r);
    if (build_tools_viewed(NULL, 0)) {
        assert_int_equal(build_compile(&o, src, &r, &e), CL_COMPILE);
        assert_null(strstr(build_nvcc_log(r), "SECRET"));
        assert_non_null(strstr(build_nvcc_log(r), "secret.h"));
        assert_string_equal(build_ptx(r), "");
        build_result_free(r);
    }
    free(inc), free(h), free(src), free(flag);
}

static void test_no_nvcc(void **state)
{
    (void)state;
    build_options o = {.nvcc = "/nonexistent/nvcc"};
    build_result *r = (build_result *)&o; /* must be reset to NULL */
    cl_error e = {0};
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, &e), CL_NO_NVCC);
    assert_null(r);
    assert_non_null(strstr(e.message, "/nonexistent/nvcc"));
    assert_non_null(strstr(e.message, "CUDA Toolkit"));
    assert_null(strchr(e.message, '\n'));
    build_toolchain tc;
    setenv("CUDALAB_NVCC", "/nonexistent/nvcc-env", 1);
    assert_int_equal(build_find_toolchain(NULL, &tc, &e), CL_NO_NVCC);
    assert_non_null(strstr(e.message, "CUDALAB_NVCC=/nonexistent/nvcc-env"));
    unsetenv("CUDALAB_NVCC");
    /* A nvcc that is there but whose --version says nothing useful. */
    char *bad = cl_sprintf("%s/nvcc-broken", tmpdir);
    assert_int_equal(cl_write_file_atomic(bad, "#!/bin/sh\nexit 1\n", 17, NULL), CL_OK);
    chmod(bad, 0755);
    o.nvcc = o.ptxas = bad;
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, &e), CL_NO_NVCC);
    assert_non_null(strstr(e.message, "--version"));
    free(bad);
}

static void test_bad_input(void **state)
{
    (void)state;
    char *nvcc = fake_tool("nvcc", "exit 0");
    build_options o = {.nvcc = nvcc, .ptxas = nvcc, .no_cache = true};
    build_result *r = NULL;
    cl_error e = {0};
    assert_int_equal(build_compile(&o, FIX "no_such_file.cu", &r, &e), CL_NOT_FOUND);
    assert_null(r);
    o.arch = "compute_75";
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, &e), CL_USAGE);
    o.arch = NULL;
    o.cubin_arch = "sm_9x0";
    assert_int_equal(build_compile(&o, FIX "warning.cu", &r, &e), CL_USAGE);
    assert_non_null(strstr(e.message, "sm_9x0"));
    o.cubin_arch = NULL;
    /* A FIFO (it would block the read) and a device (it would never end). */
    char *fifo = cl_sprintf("%s/fifo.cu", tmpdir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(build_compile(&o, fifo, &r, &e), CL_USAGE);
    assert_non_null(strstr(e.message, "not a regular file"));
    assert_int_equal(build_compile(&o, "/dev/zero", &r, &e), CL_USAGE);
    assert_null(r);
    free(fifo);
    free(nvcc);
}

static void test_toolchain(void **state)
{
    (void)state;
    char *nvcc = fake_tool("nvcc", "exit 0");
    build_options o = {.nvcc = nvcc, .ptxas = nvcc};
    build_toolchain a, b;
    assert_int_equal(build_find_toolchain(&o, &a, NULL), CL_OK);
    assert_string_equal(a.version, "13.0, V13.0.88");
    assert_string_equal(a.nvcc, nvcc);
    assert_int_equal(build_find_toolchain(&o, &b, NULL), CL_OK);
    assert_ptr_equal(a.version, b.version); /* found once per process */
    free(nvcc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_real_build, setup, teardown),
        cmocka_unit_test_setup_teardown(test_real_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_real_warnings, setup, teardown),
        cmocka_unit_test_setup_teardown(test_relative_paths, setup, teardown),
        cmocka_unit_test_setup_teardown(test_flags_reach_ptxas, setup, teardown),
        cmocka_unit_test_setup_teardown(test_real_memory_limit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_time_limit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_budget, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fake_out_of_memory, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cancel, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unreadable_failure, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stale_scratch, setup, teardown),
        cmocka_unit_test_setup_teardown(test_outside_dependency, setup, teardown),
        cmocka_unit_test_setup_teardown(test_no_nvcc, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_input, setup, teardown),
        cmocka_unit_test_setup_teardown(test_toolchain, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
