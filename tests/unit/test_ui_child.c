/* test_ui_child.c - children that never block the runner: output read as it
 * comes, exit status, and a cancel that reaches the whole process group. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <signal.h>
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

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_output_and_status),
        cmocka_unit_test(test_big_output),
        cmocka_unit_test(test_cannot_start),
        cmocka_unit_test(test_cancel_reaches_the_group),
        cmocka_unit_test(test_free_kills),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
