/* test_state.c - the progress file (runner/state.c): two processes updating
 * it at once lose nothing, writes are whole, and a FIFO, a device or a folder
 * as state.yaml is refused instead of hanging `cudalab list`. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/core.h"
#include "core/proc.h"
#include "workspace.h"

#define UPDATES 150 /* by each of two processes */

static char work[64];
/* Its root is work/ itself (never read): ws_root() computes the workspace
 * again for each test's new folder. */
static day_course course = {.root = work};

static int setup(void **state)
{
    (void)state;
    strcpy(work, "/tmp/cudalab-state-XXXXXX");
    if (!mkdtemp(work)) return -1;
    setenv("CUDALAB_WORKSPACE", work, 1);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    const char *argv[] = {"rm", "-rf", work, NULL};
    cl_proc_spec spec = {.argv = argv};
    cl_proc_result res = {0};
    int rc = cl_proc_run(&spec, &res, NULL) == CL_OK ? res.exit_code : -1;
    cl_proc_result_free(&res);
    return rc;
}

static char *at(const char *rel) { return cl_sprintf("%s/%s", work, rel); }

static void add_day(ws_state *s, void *ctx)
{
    ws_day_state *d = ws_state_day(s, ctx);
    d->status = WS_PASSING;
    d->last_graded = 1;
}

/* Two processes, each recording UPDATES days of its own as fast as it can:
 * every one of them is in the file at the end, and no temporary is left. */
static void test_concurrent_updates_keep_all(void **state)
{
    (void)state;
    pid_t kids[2];
    for (int k = 0; k < 2; k++) {
        kids[k] = fork();
        assert_true(kids[k] >= 0);
        if (kids[k]) continue;
        int bad = 0;
        for (int i = 0; i < UPDATES; i++) {
            char slug[32], *warning = NULL;
            snprintf(slug, sizeof slug, "p%d-day%03d", k, i);
            cl_error err = {0};
            bad += ws_state_update(&course, add_day, slug, &warning, &err) != CL_OK || warning;
            free(warning);
        }
        _exit(bad ? 1 : 0);
    }
    for (int k = 0; k < 2; k++) {
        int status;
        assert_int_equal(waitpid(kids[k], &status, 0), kids[k]);
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    char *warning = NULL;
    ws_state *s = ws_state_load(&course, &warning);
    assert_null(warning);
    assert_int_equal(s->ndays, 2 * UPDATES);
    ws_state_free(s);
    DIR *d = opendir(work);
    int others = 0;
    for (struct dirent *e; (e = readdir(d));)
        others += e->d_name[0] != '.' && strcmp(e->d_name, "state.yaml") &&
                  strcmp(e->d_name, "state.yaml.lock");
    closedir(d);
    assert_int_equal(others, 0);
}

/* A FIFO as state.yaml: load warns at once (no reader waits on it), save and
 * update refuse, and the FIFO is left as it was. */
static void test_fifo_state_refused(void **state)
{
    (void)state;
    char *path = at("state.yaml");
    assert_int_equal(mkfifo(path, 0644), 0);
    char *warning = NULL;
    ws_state *s = ws_state_load(&course, &warning);
    assert_non_null(warning);
    assert_non_null(strstr(warning, "is a FIFO, not a file"));
    assert_int_equal(s->ndays, 0);
    free(warning);
    cl_error err = {0};
    assert_int_equal(ws_state_save(&course, s, &err), CL_IO);
    assert_non_null(strstr(err.message, "is a FIFO, not a file"));
    warning = NULL;
    assert_int_not_equal(ws_state_update(&course, add_day, "day01", &warning, &err), CL_OK);
    free(warning);
    ws_state_free(s);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_true(S_ISFIFO(sb.st_mode));
    unlink(path);
    /* A link to a device and a folder are refused the same way. */
    assert_int_equal(symlink("/dev/null", path), 0);
    s = ws_state_load(&course, &warning);
    assert_non_null(strstr(warning, "is a device, not a file"));
    free(warning);
    assert_int_equal(ws_state_save(&course, s, &err), CL_IO);
    ws_state_free(s);
    unlink(path);
    assert_int_equal(mkdir(path, 0755), 0);
    s = ws_state_load(&course, &warning);
    assert_non_null(strstr(warning, "is a folder, not a file"));
    free(warning);
    ws_state_free(s);
    rmdir(path);
    free(path);
}

/* `cudalab list` with a FIFO as state.yaml ends at once, says why on stderr,
 * and still lists the course. */
static void test_list_with_fifo_state(void **state)
{
    (void)state;
    char *path = at("state.yaml"), *ws = cl_sprintf("CUDALAB_WORKSPACE=%s", work);
    assert_int_equal(mkfifo(path, 0644), 0);
    const char *argv[] = {CUDALAB_BINARY, "list", NULL}, *env[] = {ws, NULL};
    cl_proc_spec spec = {.argv = argv, .env = env, .timeout_s = 20};
    cl_proc_result res = {0};
    assert_int_equal(cl_proc_run(&spec, &res, NULL), CL_OK);
    assert_false(res.timed_out);
    assert_true(res.wall_s < 5);
    assert_int_equal(res.exit_code, 0);
    assert_non_null(strstr(res.err, "state.yaml is a FIFO, not a file"));
    assert_non_null(strstr(res.out, "day14"));
    cl_proc_result_free(&res);
    unlink(path);
    free(path);
    free(ws);
}

/* A corrupt state file is moved aside and a fresh one written whole. */
static void test_corrupt_state_moved_aside(void **state)
{
    (void)state;
    char *path = at("state.yaml");
    assert_int_equal(cl_write_file_atomic(path, "version: [\n", 11, NULL), CL_OK);
    char *warning = NULL;
    cl_error err = {0};
    assert_int_equal(ws_state_update(&course, add_day, "day02", &warning, &err), CL_OK);
    assert_non_null(strstr(warning, "kept it as"));
    free(warning);
    ws_state *s = ws_state_load(&course, &warning);
    assert_null(warning);
    assert_int_equal(s->ndays, 1);
    assert_string_equal(s->days[0].slug, "day02");
    ws_state_free(s);
    free(path);
}

/* Hints revealed are remembered: each reveal counts one more, up to the
 * day's number of hints; a grade recorded later (or a reset forgetting it)
 * keeps them; the next day to work on is the first not passing. */
static void test_hints_remembered(void **state)
{
    (void)state;
    char *hints[] = {"first", "second"};
    day_manifest m = {.slug = "day23-shuffles", .day = 23, .hints = hints, .nhints = 2};
    char *warning = NULL;
    cl_error err = {0};
    int shown = 0;
    for (int want = 1; want <= 3; want++) {
        assert_int_equal(ws_reveal_hint(&course, &m, &shown, &warning, &err), CL_OK);
        assert_int_equal(shown, want < 2 ? want : 2); /* two hints: the third reveal shows none more */
    }
    assert_int_equal(ws_state_update(&course, add_day, "day23-shuffles", &warning, &err), CL_OK);
    assert_int_equal(ws_state_forget_grade(&course, "day23-shuffles", &warning, &err), CL_OK);
    ws_state *s = ws_state_load(&course, &warning);
    assert_null(warning);
    assert_int_equal(ws_hints_revealed(s, &m), 2);
    /* a state.yaml that says more than the day has shows what the day has */
    s->days[0].hints = 7;
    assert_int_equal(ws_hints_revealed(s, &m), 2);
    ws_state_free(s);
    char *path = at("state.yaml"), *text = NULL;
    assert_int_equal(cl_read_file(path, &text, NULL, NULL), CL_OK);
    assert_non_null(strstr(text, "    hints: 2\n"));
    free(text);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_concurrent_updates_keep_all, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fifo_state_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_list_with_fifo_state, setup, teardown),
        cmocka_unit_test_setup_teardown(test_corrupt_state_moved_aside, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hints_remembered, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
