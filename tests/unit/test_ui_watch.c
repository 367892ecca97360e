/* test_ui_watch.c - watch mode's inotify: the ways editors save (write in
 * place, rename over), other files in the folder ignored, and the debounce. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui_watch.h"

static char dir[64];
static char *file;

static int setup(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/cudalab-watch-XXXXXX");
    assert_non_null(mkdtemp(dir));
    file = cl_sprintf("%s/shuffles.cu", dir);
    assert_int_equal(cl_write_file_atomic(file, "a\n", 2, NULL), CL_OK);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char *cmd = cl_sprintf("rm -rf %s", dir);
    int rc = system(cmd);
    free(cmd);
    free(file);
    return rc;
}

static void append(const char *path, const char *text)
{
    FILE *f = fopen(path, "a");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_saves(void **state)
{
    (void)state;
    ui_watch *w = NULL;
    assert_int_equal(ui_watch_start(file, &w, NULL), CL_OK);
    assert_false(ui_watch_read(w, 1000));
    assert_int_equal(ui_watch_timeout(w, 1000), -1);

    char *other = cl_sprintf("%s/notes.txt", dir);
    append(other, "not the student's file\n");
    assert_false(ui_watch_read(w, 1000));

    append(file, "b\n"); /* write in place: IN_CLOSE_WRITE */
    assert_true(ui_watch_read(w, 1000));
    assert_int_equal(ui_watch_timeout(w, 1050), UI_WATCH_DEBOUNCE_MS - 50);
    assert_false(ui_watch_due(w, 1100));
    assert_true(ui_watch_due(w, 1000 + UI_WATCH_DEBOUNCE_MS));
    assert_false(ui_watch_due(w, 5000)); /* once */

    /* Write elsewhere, rename over: IN_MOVED_TO. */
    assert_int_equal(cl_write_file_atomic(file, "c\n", 2, NULL), CL_OK);
    assert_true(ui_watch_read(w, 2000));
    /* A second save inside the debounce starts it again. */
    append(file, "d\n");
    assert_true(ui_watch_read(w, 2150));
    assert_false(ui_watch_due(w, 2000 + UI_WATCH_DEBOUNCE_MS));
    assert_true(ui_watch_due(w, 2150 + UI_WATCH_DEBOUNCE_MS));

    /* Deleted and created again: IN_CREATE. */
    unlink(file);
    append(file, "e\n");
    assert_true(ui_watch_read(w, 3000));
    free(other);
    ui_watch_free(w);
}

static void test_missing_folder(void **state)
{
    (void)state;
    ui_watch *w = NULL;
    cl_error e = {0};
    assert_int_not_equal(ui_watch_start("/no/such/folder/x.cu", &w, &e), CL_OK);
    assert_null(w);
    assert_non_null(strstr(e.message, "cannot watch"));
}

/* Where inotify is silent (its events never read here stand in for a file
 * system that sends none), a save the file's stamp shows switches the watch
 * to polling after UI_WATCH_SILENT_MS, and every later save is a change; a
 * save inotify did report never switches it. */
static void test_silent_inotify_falls_back_to_polling(void **state)
{
    (void)state;
    ui_watch *w = NULL;
    assert_int_equal(ui_watch_start(file, &w, NULL), CL_OK);
    assert_int_equal(ui_watch_tick(w, 1000), UI_WATCH_SAME);
    append(file, "saved where no event comes\n");
    assert_int_equal(ui_watch_tick(w, 1200), UI_WATCH_SAME); /* within a tick of the last */
    assert_int_equal(ui_watch_tick(w, 1600), UI_WATCH_SAME); /* an event may be on its way */
    assert_int_equal(ui_watch_tick(w, 2200), UI_WATCH_SAME);
    assert_false(ui_watch_polling(w));
    assert_int_equal(ui_watch_tick(w, 2700), UI_WATCH_NOW_POLLING); /* 1,100 ms unreported */
    assert_true(ui_watch_polling(w));
    assert_true(ui_watch_due(w, 2700 + UI_WATCH_DEBOUNCE_MS));
    assert_int_equal(ui_watch_tick(w, 3300), UI_WATCH_SAME);
    append(file, "and again\n");
    assert_int_equal(ui_watch_tick(w, 3900), UI_WATCH_CHANGED); /* polling: at once */
    assert_true(ui_watch_due(w, 3900 + UI_WATCH_DEBOUNCE_MS));
    ui_watch_free(w);

    /* inotify reports the save: the stamp is accounted for, no switch */
    assert_int_equal(ui_watch_start(file, &w, NULL), CL_OK);
    append(file, "reported\n");
    assert_true(ui_watch_read(w, 5000));
    for (int64_t t = 5000; t <= 9000; t += 500) assert_int_equal(ui_watch_tick(w, t), UI_WATCH_SAME);
    assert_false(ui_watch_polling(w));
    ui_watch_force_poll(w); /* --poll */
    assert_true(ui_watch_polling(w));
    ui_watch_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_saves),
        cmocka_unit_test(test_missing_folder),
        cmocka_unit_test(test_silent_inotify_falls_back_to_polling),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
