/* test_core_expect.c - the one reader of `// KEY: VERB REST` expectation
 * lines (core/expect.h): what it reads, what it leaves, and that a verb it
 * does not know fails at its line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <string.h>

#include "core/expect.h"

static const char *const expect_verbs[] = {"pass", "fail", "hazard", "NAME[", NULL};
static const char *const gpu_verbs[] = {"differs", "none", NULL};
static const cl_expect_key keys[] = {{"expect", expect_verbs}, {"gpu", gpu_verbs}, {"kernel", NULL}};

static void test_reads_keys_in_order(void **state)
{
    (void)state;
    const char *text = "// note: prose, not read\n"
                       "__global__ void k() {}  // expect: fail memory races\n"
                       "  //kernel:   reduce  \n"
                       "// expect: out[0..31] = 1 2 3\n"
                       "// gpu: differs, a race\n"
                       "// see https://example.org/x: not a key\n"
                       "// expect: pass";
    cl_expects v = {0};
    cl_error err = {0};
    assert_int_equal(cl_expect_read(text, "t.cu", keys, 3, &v, &err), CL_OK);
    assert_int_equal(v.n, 5);
    assert_int_equal(v.v[0].line, 2);
    assert_string_equal(v.v[0].key, "expect");
    assert_string_equal(v.v[0].verb, "fail");
    assert_string_equal(v.v[0].rest, "memory races");
    assert_string_equal(v.v[1].key, "kernel");
    assert_string_equal(v.v[1].text, "reduce");
    assert_string_equal(v.v[2].verb, "out[0..31]");
    assert_string_equal(v.v[2].rest, "= 1 2 3");
    assert_string_equal(v.v[3].verb, "differs");
    assert_string_equal(v.v[3].rest, "a race");
    assert_string_equal(v.v[4].verb, "pass");
    assert_int_equal(v.v[4].line, 7);
    cl_expects_free(&v);
    /* the last line has no newline */
    assert_int_equal(cl_expect_read("x\n// expect: pass", "t.cu", keys, 3, &v, &err), CL_OK);
    assert_int_equal(v.n, 1);
    assert_int_equal(v.v[0].line, 2);
    assert_string_equal(v.v[0].rest, "");
    cl_expects_free(&v);
}

static void test_unknown_verb_fails_at_its_line(void **state)
{
    (void)state;
    const char *text = "// expect: pass\n\n// expect: fial memory\n// expect: pass\n";
    cl_expects v = {0};
    cl_error err = {0};
    assert_int_equal(cl_expect_read(text, "t.cu", keys, 3, &v, &err), CL_USAGE);
    assert_int_equal(err.line, 3);
    assert_string_equal(err.file, "t.cu");
    assert_non_null(strstr(err.message, "unknown directive '// expect: fial'"));
    assert_int_equal(v.n, 1); /* the lines before it */
    cl_expects_free(&v);
    assert_int_equal(cl_expect_read("// gpu: nothing\n", "t.cu", keys, 3, &v, &err), CL_USAGE);
    assert_int_equal(cl_expect_read("// expect:\n", "t.cu", keys, 3, &v, &err), CL_USAGE);
    assert_non_null(strstr(err.message, "says nothing"));
    cl_expects_free(&v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_keys_in_order),
        cmocka_unit_test(test_unknown_verb_fails_at_its_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
