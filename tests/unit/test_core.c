/* test_core.c - status table, error formatting, strings, atomic writes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/core.h"

static void test_status_table(void **state)
{
    (void)state;
    assert_string_equal(cl_status_name(CL_MANIFEST), "MANIFEST");
    assert_string_equal(cl_status_message(CL_NO_NVCC), "nvcc not found");
    assert_string_equal(cl_status_name((cl_status)999), "UNKNOWN");
}

static void test_error_format(void **state)
{
    (void)state;
    cl_error e;
    char buf[256];
    assert_int_equal(cl_fail(&e, CL_MANIFEST, "day.yaml", 3, 7, "unknown key '%s'", "titel"),
                     CL_MANIFEST);
    cl_error_format(&e, buf, sizeof buf);
    assert_string_equal(buf, "day.yaml:3:7: unknown key 'titel'");
    cl_fail(&e, CL_IO, "", 0, 0, "plain");
    cl_error_format(&e, buf, sizeof buf);
    assert_string_equal(buf, "plain");
}

static void test_strings(void **state)
{
    (void)state;
    cl_str b = {0};
    assert_string_equal(cl_str_cstr(&b), "");
    for (int i = 0; i < 1000; i++) cl_str_addf(&b, "%d,", i);
    assert_true(strncmp(b.s, "0,1,2,", 6) == 0);
    assert_int_equal(b.len, strlen(b.s));
    char *s = cl_str_take(&b);
    assert_null(b.s);
    free(s);
    char *j = cl_path_join("a/", "b");
    assert_string_equal(j, "a/b");
    free(j);
}

static void test_atomic_write(void **state)
{
    (void)state;
    char dir[] = "/tmp/cudalab-test-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *sub = cl_sprintf("%s/x/y", dir);
    assert_int_equal(cl_mkdirs(sub, NULL), CL_OK);
    char *path = cl_sprintf("%s/f.txt", sub);
    assert_int_equal(cl_write_file_atomic(path, "hello", 5, NULL), CL_OK);
    assert_int_equal(cl_write_file_atomic(path, "bye", 3, NULL), CL_OK);
    char *data;
    size_t len;
    assert_int_equal(cl_read_file(path, &data, &len, NULL), CL_OK);
    assert_int_equal(len, 3);
    assert_string_equal(data, "bye");
    free(data);
    cl_error e;
    char *missing = cl_sprintf("%s/nope", dir);
    assert_int_equal(cl_read_file(missing, &data, &len, &e), CL_NOT_FOUND);
    assert_string_equal(e.file, missing);
    unlink(path);
    char *cmd = cl_sprintf("rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    free(cmd); free(missing); free(path); free(sub);
}

/* A FIFO (no writer: a plain open would wait forever), a device and a folder
 * are refused at once, by their kind, to read or to map. */
static void test_read_refuses_non_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/cudalab-test-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *fifo = cl_sprintf("%s/fifo", dir);
    assert_int_equal(mkfifo(fifo, 0644), 0);
    const char *paths[] = {fifo, "/dev/zero", dir}, *kinds[] = {"a FIFO", "a device", "a folder"};
    for (int i = 0; i < 3; i++) {
        char *data = NULL;
        cl_error e = {0};
        assert_int_equal(cl_read_file(paths[i], &data, NULL, &e), CL_IO);
        assert_null(data);
        assert_non_null(strstr(e.message, kinds[i]));
        assert_non_null(strstr(e.message, "not a regular file"));
        const void *map = NULL;
        size_t len = 0;
        cl_error m = {0};
        assert_int_equal(cl_map_file(paths[i], &map, &len, &m), CL_IO); /* mapped: the same */
        assert_null(map);
        assert_non_null(strstr(m.message, kinds[i]));
    }
    /* a file maps whole; an empty one, a missing one and no err are refused */
    char *file = cl_sprintf("%s/file", dir), *empty = cl_sprintf("%s/empty", dir);
    cl_error e = {0};
    assert_int_equal(cl_write_file_atomic(file, "mapped bytes", 12, &e), CL_OK);
    assert_int_equal(cl_write_file_atomic(empty, "", 0, &e), CL_OK);
    const void *map = NULL;
    size_t len = 0;
    assert_int_equal(cl_map_file(file, &map, &len, &e), CL_OK);
    assert_int_equal(len, 12);
    assert_memory_equal(map, "mapped bytes", 12);
    cl_unmap_file(map, len);
    map = NULL;
    assert_int_equal(cl_map_file(empty, &map, &len, &e), CL_IO);
    assert_non_null(strstr(e.message, "empty"));
    assert_null(map);
    assert_int_equal(cl_map_file(fifo, &map, &len, NULL), CL_IO);
    unlink(fifo);
    assert_int_equal(cl_map_file(fifo, &map, &len, NULL), CL_NOT_FOUND);
    unlink(file);
    unlink(empty);
    rmdir(dir);
    free(fifo);
    free(file);
    free(empty);
}

/* Thousands grouped; a buffer too small cuts the text and still ends it. */
/* cl_fill32 lays the pattern's bytes in order over any length, the tail
 * past the last whole word and the copies past its first 4 KiB included,
 * and touches nothing after. */
static void test_fill32(void **state)
{
    (void)state;
    static const size_t sizes[] = { 0, 1, 3, 4, 5, 63, 64, 65, 127, 1000, 4096, 4099, 8192, 10001 };
    static unsigned char buf[10240];
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        memset(buf, 0x11, sizeof buf);
        cl_fill32(buf, 0x7fbadbadu, sizes[k]);
        for (size_t i = 0; i < sizes[k]; i++) assert_int_equal(buf[i], "\xad\xdb\xba\x7f"[i % 4] & 0xff);
        assert_int_equal(buf[sizes[k]], 0x11);
    }
}

static void test_group_digits(void **state)
{
    (void)state;
    char b[32];
    assert_string_equal(cl_group_digits(b, sizeof b, 0), "0");
    assert_string_equal(cl_group_digits(b, sizeof b, 999), "999");
    assert_string_equal(cl_group_digits(b, sizeof b, 1000), "1,000");
    assert_string_equal(cl_group_digits(b, sizeof b, 32820), "32,820");
    assert_string_equal(cl_group_digits(b, sizeof b, 153353216), "153,353,216");
    assert_string_equal(cl_group_digits(b, sizeof b, 18446744073709551615ull), "18,446,744,073,709,551,615");
    char small[5];
    assert_string_equal(cl_group_digits(small, sizeof small, 1234567), "1,2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_status_table),
        cmocka_unit_test(test_error_format),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_group_digits),
        cmocka_unit_test(test_fill32),
        cmocka_unit_test(test_atomic_write),
        cmocka_unit_test(test_read_refuses_non_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
