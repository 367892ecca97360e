/* test_ui_child.c - children that never block the runner: output read as it
 * comes, exit status, and a cancel that reaches the whole process group. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ui_child.h"

/* Wait in poll() the way the runner does, until the child is over. */
static void run_out(ui_child *c, int limit_ms)
{
    int waited = 0;
    while (!ui_child_pump(c)) {
        struct pollfd fds[2];
        int n = ui_child_pollfds(c, fds, 2);
        poll(fds, (nfds_t)n, 50);
        waited += 50; /* at most; enough for a bound */
        if (waited > limit_ms) fail_msg("the child did not finish in %d ms", limit_ms);
    }
}

static void test_output_and_status(void **state)
{
    (void)state;
    char *argv[] = {"sh", "-c", "echo out; echo err >&2; read x; echo \"[$x]\"; exit 3", NULL};
    ui_child *c = NULL;
    assert_int_equal(ui_child_start(argv, &c, NULL), CL_OK);
    run_out(c, 5000);
    assert_true(WIFEXITED(ui_child_wait_status(c)));
    assert_int_equal(WEXITSTATUS(ui_child_wait_status(c)), 3);
    assert_string_equal(ui_child_stdout(c), "out\n[]\n"); /* stdin is /dev/null */
    assert_string_equal(ui_child_stderr(c), "err\n");
    assert_true(ui_child_elapsed_ms(c) >= 0);
    ui_child_free(c);
}

static void test_big_output(void **state)
{
    (void)state;
    char *argv[] = {"sh", "-c", "head -c 300000 /dev/zero | tr '\\0' x", NULL};
    ui_child *c = NULL;
    assert_int_equal(ui_child_start(argv, &c, NULL), CL_OK);
    run_out(c, 5000);
    assert_int_equal(strlen(ui_child_stdout(c)), 300000);
    ui_child_free(c);
}

static void test_cannot_start(void **state)
{
    (void)state;
    char *argv[] = {"/no/such/program", NULL};
    ui_child *c = NULL;
    cl_error e = {0};
    assert_int_not_equal(ui_child_start(argv, &c, &e), CL_OK);
    assert_null(c);
    assert_non_null(strstr(e.message, "cannot run /no/such/program"));
}

/* The runner's children start as cl_proc_run's do (one spawner,
 * core/proc.c): every signal at its default, even one the runner ignores
 * (an ignored disposition would survive exec), none blocked, and a process
 * group of their own. */
static void test_same_start_as_cl_proc_run(void **state)
{
    (void)state;
    struct sigaction ign = {.sa_handler = SIG_IGN}, old_usr1, old_alrm;
    sigaction(SIGUSR1, &ign, &old_usr1);
    sigaction(SIGALRM, &ign, &old_alrm);
    sigset_t block, old_mask;
    sigemptyset(&block);
    sigaddset(&block, SIGUSR2);
    sigprocmask(SIG_BLOCK, &block, &old_mask);
    char *argv[] = {"sh", "-c", "grep -E '^(SigBlk|SigIgn):' /proc/self/status; cut -d' ' -f5 /proc/$$/stat; "
                                "echo $$; kill -USR1 $$; echo survived", NULL};
    ui_child *c = NULL;
    assert_int_equal(ui_child_start(argv, &c, NULL), CL_OK);
    sigaction(SIGUSR1, &old_usr1, NULL);
    sigaction(SIGALRM, &old_alrm, NULL);
    sigprocmask(SIG_SETMASK, &old_mask, NULL);
    run_out(c, 5000);
    const char *o = ui_child_stdout(c);
    assert_true(WIFSIGNALED(ui_child_wait_status(c)));
    assert_int_equal(WTERMSIG(ui_child_wait_status(c)), SIGUSR1);
    assert_null(strstr(o, "survived"));
    assert_non_null(strstr(o, "SigBlk:\t0000000000000000\n"));
    /* grep reports its own dispositions: nothing ignored that sh did not ignore */
    const char *ignored = strstr(o, "SigIgn:\t");
    assert_non_null(ignored);
    unsigned long long mask = strtoull(ignored + 8, NULL, 16);
    assert_false(mask & (1ull << (SIGUSR1 - 1)));
    assert_false(mask & (1ull << (SIGALRM - 1)));
    long pgid = 0, pid = 0;
    const char *line = strchr(strchr(ignored, '\n') + 1, '\n'); /* after the pgid line */
    assert_int_equal(sscanf(strchr(ignored, '\n') + 1, "%ld", &pgid), 1);
    assert_int_equal(sscanf(line + 1, "%ld", &pid), 1);
    assert_int_equal(pgid, pid); /* sh leads its own group */
    ui_child_free(c);
}

static void test_cancel_reaches_the_group(void **state)
{
    (void)state;
    char pidfile[] = "/tmp/cudalab-child-XXXXXX";
    int fd = mkstemp(pidfile);
    assert_true(fd >= 0);
    close(fd);
    char *script = cl_sprintf("sleep 30 & echo $! > %s; wait", pidfile);
    char *argv[] = {"sh", "-c", script, NULL};
    ui_child *c = NULL;
    assert_int_equal(ui_child_start(argv, &c, NULL), CL_OK);
    long grandchild = 0;
    for (int i = 0; i < 100 && !grandchild; i++) {
        FILE *f = fopen(pidfile, "r");
        if (f && fscanf(f, "%ld", &grandchild) != 1) grandchild = 0;
        if (f) fclose(f);
        if (!grandchild) usleep(20000);
    }
    assert_true(grandchild > 0);
    ui_child_cancel(c);
    run_out(c, 5000);
    assert_true(WIFSIGNALED(ui_child_wait_status(c)));
    bool gone = false; /* the sleep was in the group: it is gone too */
    for (int i = 0; i < 100 && !gone; i++) {
        gone = kill((pid_t)grandchild, 0) != 0;
        if (!gone) usleep(20000);
    }
    assert_true(gone);
    ui_child_free(c);
    unlink(pidfile);
    free(script);
}

static void test_free_kills(void **state)
{
    (void)state;
    char *argv[] = {"sleep", "30", NULL};
    ui_child *c = NULL;
    assert_int_equal(ui_child_start(argv, &c, NULL), CL_OK);
    ui_child_free(c); /* kills and reaps; does not wait 30 s */
}

/* Whether pid has ended (gone, or a zombie waiting for its new parent). */
static bool ended(pid_t pid)
{
    char path[64], stat[256] = "";
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return true;
    size_t n = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[n] = '\0';
    const char *paren = strrchr(stat, ')');
    return paren && (paren[2] == 'Z' || paren[2] == 'X');
}

/* The runner killed with kill -9 while a grade runs: its guard kills the
 * grade's whole group (the child and what it started), instead of leaving
 * them to run until their own limits. */
static void test_runner_killed(void **state)
{
    (void)state;
    int p[2];
    assert_int_equal(pipe(p), 0);
    pid_t runner = fork();
    if (runner == 0) {
        char *argv[] = {"sh", "-c", "sleep 60 & echo $!; sleep 60", NULL};
        ui_child *c = NULL;
        if (ui_child_start(argv, &c, NULL) != CL_OK) _exit(3);
        for (int i = 0; i < 100 && !strchr(ui_child_stdout(c), '\n'); i++) {
            ui_child_pump(c);
            usleep(20000);
        }
        pid_t kids[2] = {0, (pid_t)atoi(ui_child_stdout(c))};
        kids[0] = getpgid(kids[1]);
        if (write(p[1], kids, sizeof kids) != sizeof kids) _exit(4);
        raise(SIGKILL);
    }
    close(p[1]);
    pid_t kids[2] = {0, 0};
    assert_int_equal(read(p[0], kids, sizeof kids), (ssize_t)sizeof kids);
    close(p[0]);
    int status;
    assert_int_equal(waitpid(runner, &status, 0), runner);
    assert_true(WIFSIGNALED(status));
    assert_true(kids[0] > 0 && kids[1] > 0);
    bool gone = false;
    for (int i = 0; i < 100 && !gone; i++) {
        gone = ended(kids[0]) && ended(kids[1]);
        if (!gone) usleep(20000);
    }
    if (!gone) {
        kill(-kids[0], SIGKILL);
        fail_msg("the grade (pid %d) and what it started (pid %d) outlived the runner's kill -9",
                 (int)kids[0], (int)kids[1]);
    }
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_output_and_status),
        cmocka_unit_test(test_big_output),
        cmocka_unit_test(test_cannot_start),
        cmocka_unit_test(test_same_start_as_cl_proc_run),
        cmocka_unit_test(test_cancel_reaches_the_group),
        cmocka_unit_test(test_free_kills),
        cmocka_unit_test(test_runner_killed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
