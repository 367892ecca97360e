/* test_proc.c - child processes: exit codes, signals, capture and its cap,
 * time limit, cancellation, the memory-limited path, no zombies or strays. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/core.h"
#include "core/proc.h"

#define SH(...) ((const char *const[]){"/bin/sh", "-c", __VA_ARGS__, NULL})

static cl_proc_result run_spec(cl_proc_spec spec)
{
    cl_proc_result r;
    cl_error e = {0};
    assert_int_equal(cl_proc_run(&spec, &r, &e), CL_OK);
    return r;
}

static cl_proc_result run_sh(const char *script)
{
    return run_spec((cl_proc_spec){.argv = SH(script)});
}

/* This process has no child left, running or zombie. */
static void assert_no_children(void)
{
    errno = 0;
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
    assert_int_equal(errno, ECHILD);
}

/* pid is gone or a zombie waiting for init: not running. */
static bool process_gone(pid_t pid)
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

static void test_exit_codes(void **state)
{
    (void)state;
    cl_proc_result r = run_sh("exit 0");
    assert_int_equal(r.exit_code, 0);
    assert_int_equal(r.signal, 0);
    cl_proc_result_free(&r);
    r = run_sh("exit 3");
    assert_int_equal(r.exit_code, 3);
    assert_false(r.timed_out || r.cancelled || r.out_of_memory);
    assert_true(r.wall_s >= 0 && r.wall_s < 5);
    cl_proc_result_free(&r);
    assert_no_children();
}

static void test_signal(void **state)
{
    (void)state;
    cl_proc_result r = run_sh("kill -TERM $$");
    assert_int_equal(r.exit_code, -1);
    assert_int_equal(r.signal, SIGTERM);
    assert_false(r.out_of_memory);
    cl_proc_result_free(&r);
    assert_no_children();
}

static void test_capture(void **state)
{
    (void)state;
    cl_proc_result r = run_sh("echo out; echo err >&2; echo more");
    assert_string_equal(r.out, "out\nmore\n");
    assert_string_equal(r.err, "err\n");
    assert_int_equal(r.out_len, 9);
    assert_false(r.out_truncated || r.err_truncated);
    cl_proc_result_free(&r);
    r = run_sh("true");
    assert_non_null(r.out);
    assert_string_equal(r.out, "");
    cl_proc_result_free(&r);
}

static void test_capped(void **state)
{
    (void)state;
    cl_proc_result r = run_spec((cl_proc_spec){
        .argv = SH("head -c 100000 /dev/zero | tr '\\0' x; echo e >&2"), .out_cap = 1000});
    assert_int_equal(r.out_len, 1000);
    assert_true(r.out_truncated);
    assert_false(r.err_truncated);
    assert_string_equal(r.err, "e\n");
    assert_int_equal(r.exit_code, 0);
    cl_proc_result_free(&r);
    /* More than the default cap on both streams at once: no deadlock. */
    r = run_sh("head -c 6000000 /dev/zero & head -c 6000000 /dev/zero >&2; wait");
    assert_int_equal(r.out_len, CL_PROC_DEFAULT_CAP);
    assert_int_equal(r.err_len, CL_PROC_DEFAULT_CAP);
    assert_true(r.out_truncated && r.err_truncated);
    assert_int_equal(r.exit_code, 0);
    cl_proc_result_free(&r);
}

static void test_cwd_and_env(void **state)
{
    (void)state;
    const char *env[] = {"CUDALAB_PROC_TEST=bar", "HOME=/nowhere", NULL};
    cl_proc_result r = run_spec((cl_proc_spec){
        .argv = SH("pwd; echo $CUDALAB_PROC_TEST $HOME; echo ${PATH:+has-path}"),
        .cwd = "/", .env = env});
    assert_string_equal(r.out, "/\nbar /nowhere\nhas-path\n");
    cl_proc_result_free(&r);
    /* The same through the memory-limited path. */
    r = run_spec((cl_proc_spec){.argv = SH("pwd; echo $CUDALAB_PROC_TEST"), .cwd = "/",
                                .env = env, .mem_limit = (uint64_t)1 << 30});
    assert_string_equal(r.out, "/\nbar\n");
    assert_int_equal(r.exit_code, 0);
    cl_proc_result_free(&r);
    assert_no_children();
}

static void test_not_found(void **state)
{
    (void)state;
    cl_proc_result r;
    cl_error e = {0};
    const char *a1[] = {"cudalab-no-such-program", NULL};
    const char *a2[] = {"/nonexistent/prog", NULL};
    assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = a1}, &r, &e), CL_NOT_FOUND);
    assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = a2}, &r, &e), CL_NOT_FOUND);
    assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = a2, .mem_limit = 1 << 30}, &r, &e),
                     CL_NOT_FOUND);
    /* A file that exists but cannot be executed, through both spawners. */
    const char *a3[] = {"/etc/hostname", NULL};
    if (cl_file_exists("/etc/hostname") && access("/etc/hostname", X_OK) != 0)
        assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = a3}, &r, &e), CL_NOT_FOUND);
    const char *a4[] = {"/bin/sh", "-c", "exit 0", NULL};
    assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = a4, .cwd = "/nonexistent"}, &r, &e),
                     CL_NOT_FOUND);
    assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = a4, .cwd = "/nonexistent",
                                                 .mem_limit = 1 << 30},
                                 &r, &e),
                     CL_NOT_FOUND);
    /* Executable but not a program: exec fails, through both spawners. */
    char junk[] = "/tmp/cudalab-proc-junk-XXXXXX";
    int fd = mkstemp(junk);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "junk\n", 5), 5);
    close(fd);
    chmod(junk, 0755);
    const char *a5[] = {junk, NULL};
    assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = a5}, &r, &e), CL_IO);
    assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = a5, .mem_limit = 1 << 30}, &r, &e),
                     CL_IO);
    unlink(junk);
    const char *none[] = {NULL};
    assert_int_equal(cl_proc_run(&(cl_proc_spec){.argv = none}, &r, &e), CL_USAGE);
    assert_no_children();
}

static void test_timeout(void **state)
{
    (void)state;
    cl_proc_result r = run_spec((cl_proc_spec){.argv = SH("sleep 10"), .timeout_s = 0.3});
    assert_true(r.timed_out);
    assert_false(r.cancelled);
    assert_true(r.signal == SIGTERM || r.signal == SIGKILL);
    assert_true(r.wall_s >= 0.3 && r.wall_s < 2.0);
    cl_proc_result_free(&r);
    /* One that ignores SIGTERM is killed after the grace period. */
    r = run_spec((cl_proc_spec){.argv = SH("trap '' TERM; sleep 10; echo survived"),
                                .timeout_s = 0.2});
    assert_true(r.timed_out);
    assert_int_equal(r.signal, SIGKILL);
    assert_true(r.wall_s < 3.0);
    assert_string_equal(r.out, "");
    cl_proc_result_free(&r);
    assert_no_children();
}

/* tree_cpu_s bounds the CPU of the child and everything it starts, together:
 * two busy processes of one group (a shell and the child it started) are
 * stopped once their sum passes 0.3 s, whatever the wall clock allows, and
 * a group that stays under it is left alone. A budget counts all of it. */
static void test_tree_cpu(void **state)
{
    (void)state;
    cl_cpu_budget b;
    cl_cpu_budget_begin(&b, 60);
    uint64_t before = cl_proc_cpu_ns();
    cl_proc_result r = run_spec((cl_proc_spec){.argv = SH("(while :; do :; done) & while :; do :; done"),
                                               .tree_cpu_s = 0.3, .timeout_s = 60});
    assert_true(r.cpu_spent);
    assert_false(r.timed_out || r.cancelled || r.out_of_memory);
    assert_true(r.signal == SIGTERM || r.signal == SIGKILL);
    assert_true(r.group_cpu_s >= 0.3);
    /* the shell's own part is on the clock once waited for; the subshell's,
       which no one of ours waited for, comes in through the charge */
    cl_cpu_budget_charge(&b, &r, cl_proc_cpu_ns() - before);
    assert_true(cl_cpu_budget_left_ns(&b) <= 60000000000ull - 300000000ull);
    cl_proc_result_free(&r);
    assert_no_children();
    r = run_spec((cl_proc_spec){.argv = SH("echo quiet"), .tree_cpu_s = 5});
    assert_false(r.cpu_spent);
    assert_int_equal(r.exit_code, 0);
    cl_proc_result_free(&r);
    cl_cpu_budget none = {0};
    assert_int_equal(cl_cpu_budget_left_ns(&none), UINT64_MAX);
    cl_cpu_budget_begin(&b, 1e-9); /* spent at once */
    while (cl_proc_cpu_ns() - b.start_ns < 2000000ull) {}
    assert_int_equal(cl_cpu_budget_left_ns(&b), 0);
}

/* A child that ends at once but leaves a grandchild holding its stdout: the
 * grandchild is killed, and the wait does not last as long as it would. */
static void test_no_strays(void **state)
{
    (void)state;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    cl_proc_result r = run_sh("sleep 30 & echo $!");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    assert_int_equal(r.exit_code, 0);
    assert_true((double)(t1.tv_sec - t0.tv_sec) < 5);
    pid_t grandchild = (pid_t)atoi(r.out);
    assert_true(grandchild > 0);
    assert_true(process_gone(grandchild));
    cl_proc_result_free(&r);
    assert_no_children();
}

static void *cancel_later(void *flag)
{
    usleep(200000);
    atomic_store((atomic_int *)flag, 1);
    return NULL;
}

static void test_cancel(void **state)
{
    (void)state;
    atomic_int flag = 0;
    pthread_t t;
    pthread_create(&t, NULL, cancel_later, &flag);
    cl_proc_result r = run_spec((cl_proc_spec){.argv = SH("sleep 10"), .cancel = &flag,
                                               .timeout_s = 20});
    pthread_join(t, NULL);
    assert_true(r.cancelled);
    assert_false(r.timed_out);
    assert_true(r.wall_s >= 0.15 && r.wall_s < 2.0);
    cl_proc_result_free(&r);
    assert_no_children();
}

static void test_memory_limit(void **state)
{
    (void)state;
    uint64_t gib = (uint64_t)1 << 30;
    /* Well within the limit: runs normally. */
    cl_proc_result r = run_spec((cl_proc_spec){.argv = SH("echo fine"), .mem_limit = gib});
    assert_int_equal(r.exit_code, 0);
    assert_string_equal(r.out, "fine\n");
    assert_false(r.out_of_memory);
    cl_proc_result_free(&r);
    /* The limit is in force in the child (sh's ulimit -v counts KiB). */
    r = run_spec((cl_proc_spec){.argv = SH("ulimit -v"), .mem_limit = gib});
    assert_string_equal(r.out, "1048576\n");
    cl_proc_result_free(&r);
    /* A crash under a memory limit reads as running out of memory. */
    r = run_spec((cl_proc_spec){.argv = SH("kill -SEGV $$"), .mem_limit = gib});
    assert_int_equal(r.signal, SIGSEGV);
    assert_true(r.out_of_memory);
    cl_proc_result_free(&r);
    /* A program that cannot even load under a tiny limit fails, and says so. */
    const char *argv[] = {"/bin/true", NULL};
    r = run_spec((cl_proc_spec){.argv = argv, .mem_limit = 1000000});
    assert_true(r.exit_code != 0 || r.out_of_memory);
    cl_proc_result_free(&r);
    assert_no_children();
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A process that runs a child (with a grandchild) under cl_proc_run and is
 * killed with SIGKILL, with and without a memory limit: within 2 s neither
 * the child nor the grandchild is alive. */
static void killed_runner(uint64_t mem_limit)
{
    char dir[] = "/tmp/cudalab-proc-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *pids = cl_sprintf("%s/pids", dir);
    char *script = cl_sprintf("sleep 60 & echo $$ $! > %s.new; mv %s.new %s; "
                              "exec 0<&-; sleep 60", pids, pids, pids);
    pid_t runner = fork();
    assert_true(runner >= 0);
    if (runner == 0) {
        cl_proc_result r;
        cl_proc_run(&(cl_proc_spec){.argv = SH(script), .mem_limit = mem_limit}, &r, NULL);
        _exit(3); /* never: it is killed first */
    }
    char *text = NULL;
    for (double t0 = now_s(); now_s() - t0 < 10 && cl_read_file(pids, &text, NULL, NULL) != CL_OK;)
        usleep(10000);
    assert_non_null(text);
    int child = 0, grandchild = 0;
    assert_int_equal(sscanf(text, "%d %d", &child, &grandchild), 2);
    assert_int_equal(kill(child, 0), 0);
    assert_int_equal(kill(grandchild, 0), 0);
    /* The guard is forked just after the child starts (it needs the child's
     * group); the child may write its pids first. Give the runner the time a
     * fork takes under a sanitizer before killing it. */
    usleep(200000);
    assert_int_equal(kill(runner, SIGKILL), 0);
    int status;
    assert_int_equal(waitpid(runner, &status, 0), runner);
    assert_true(WIFSIGNALED(status));
    if (!process_gone(child) || !process_gone(grandchild)) { /* 2 s each at most */
        kill(child, SIGKILL), kill(grandchild, SIGKILL);
        fail_msg("a descendant outlived its killed runner by 2 s");
    }
    unlink(pids);
    rmdir(dir);
    free(text), free(pids), free(script);
}

static void test_dies_with_runner(void **state)
{
    (void)state;
    killed_runner(0);
    killed_runner((uint64_t)1 << 30);
}

static void test_which(void **state)
{
    (void)state;
    char *sh = cl_proc_which("sh");
    assert_non_null(sh);
    assert_true(sh[0] == '/');
    free(sh);
    assert_null(cl_proc_which("cudalab-no-such-program"));
    assert_null(cl_proc_which(""));
    char *abs = cl_proc_which("/bin/sh");
    assert_string_equal(abs, "/bin/sh");
    free(abs);
}

/* A child with a view of its own sees the system's folders and the visible
 * one, not a file beside it; without the view it sees both. */
static void test_own_view(void **state)
{
    (void)state;
    char why[128], work[] = "/tmp/cudalab-view-XXXXXX";
    if (!cl_proc_view_available(why, sizeof why)) {
        printf("no view on this kernel: %s\n", why);
        skip();
    }
    assert_non_null(mkdtemp(work));
    char *seen = cl_sprintf("%s/seen", work), *hidden = cl_sprintf("%s/hidden/reference.cu", work);
    char *root = cl_sprintf("%s/root", work);
    char *script = cl_sprintf("test -f %s/a && test -x /bin/sh && test -e /usr && "
                              "if test -e %s; then echo seen; else echo unseen; fi",
                              seen, hidden);
    cl_mkdirs(seen, NULL);
    cl_mkdirs(root, NULL);
    char *a = cl_sprintf("%s/a", seen);
    assert_int_equal(cl_write_file_atomic(a, "x", 1, NULL), CL_OK);
    char *hidden_dir = cl_sprintf("%s/hidden", work);
    cl_mkdirs(hidden_dir, NULL);
    free(hidden_dir);
    assert_int_equal(cl_write_file_atomic(hidden, "x", 1, NULL), CL_OK);
    const char *visible[] = {seen, NULL};
    cl_proc_result r = run_spec((cl_proc_spec){.argv = SH(script), .mem_limit = (uint64_t)1 << 30,
                                               .visible = visible, .view_root = root});
    assert_int_equal(r.exit_code, 0);
    assert_string_equal(r.out, "unseen\n");
    cl_proc_result_free(&r);
    r = run_spec((cl_proc_spec){.argv = SH(script), .mem_limit = (uint64_t)1 << 30});
    assert_string_equal(r.out, "seen\n");
    cl_proc_result_free(&r);
    char *rm = cl_sprintf("rm -rf %s", work);
    assert_int_equal(system(rm), 0);
    free(rm);
    free(a);
    free(script);
    free(root);
    free(hidden);
    free(seen);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exit_codes),   cmocka_unit_test(test_signal),
        cmocka_unit_test(test_capture),      cmocka_unit_test(test_capped),
        cmocka_unit_test(test_cwd_and_env),  cmocka_unit_test(test_not_found),
        cmocka_unit_test(test_timeout),      cmocka_unit_test(test_tree_cpu),
        cmocka_unit_test(test_no_strays),
        cmocka_unit_test(test_cancel),       cmocka_unit_test(test_memory_limit),
        cmocka_unit_test(test_which),        cmocka_unit_test(test_dies_with_runner),
        cmocka_unit_test(test_own_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
