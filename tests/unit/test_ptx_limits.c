/* test_ptx_limits.c - the PTX front end's bounds on what a module declares:
 * an initialised variable is allocated only up to a cap (a clear error past
 * it), array dimensions cannot overflow, and a .version past any PTX ISA is
 * an error (no undefined float-to-unsigned conversion). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx.h"

static cl_status parse(const char *version, const char *decl, cl_error *e)
{
    char *text = cl_sprintf(".version %s\n.target sm_75\n.address_size 64\n%s\n"
                            ".visible .entry k()\n{\n\tret;\n}\n", version, decl);
    ptx_module *m = NULL;
    memset(e, 0, sizeof *e);
    cl_status st = ptx_parse(text, strlen(text), "t.ptx", &m, e);
    if (st == CL_OK) assert_non_null(m);
    else assert_null(m);
    ptx_module_free(m);
    free(text);
    return st;
}

static void test_initialised_variable_cap(void **state)
{
    (void)state;
    cl_error e;
    /* 1 TiB with one initial byte: refused before anything is allocated */
    assert_int_equal(parse("8.5", ".global .align 1 .b8 big[1099511627776] = {1};", &e), CL_LIMIT);
    assert_non_null(strstr(e.message, "the initialised variable 'big' declares 1099511627776 bytes"));
    assert_int_equal(e.line, 4);
    /* at the cap it is fine; one element past it is not */
    assert_int_equal(parse("8.5", ".global .align 4 .b32 t[16777216] = {1, 2};", &e), CL_OK);
    assert_int_equal(parse("8.5", ".global .align 4 .b32 t[16777217] = {1, 2};", &e), CL_LIMIT);
    /* an uninitialised variable is only declared: the machine decides */
    assert_int_equal(parse("8.5", ".global .align 1 .b8 big[8589934592];", &e), CL_OK);
}

static void test_dimension_overflow(void **state)
{
    (void)state;
    cl_error e;
    assert_int_equal(parse("8.5", ".global .b8 x[4294967296][4294967296];", &e), CL_LIMIT);
    assert_non_null(strstr(e.message, "'x' is too large"));
    assert_int_equal(parse("8.5", ".global .b64 x[18446744073709551615];", &e), CL_LIMIT);
    assert_int_equal(parse("8.5", ".local .b8 x[3000000000];", &e), CL_OK);
}

static void test_version(void **state)
{
    (void)state;
    cl_error e;
    assert_int_equal(parse("8.5", "", &e), CL_OK);
    assert_int_equal(parse("9", "", &e), CL_OK);
    assert_int_equal(parse("1e300", "", &e), CL_PTX);
    assert_non_null(strstr(e.message, "bad .version"));
    assert_int_equal(parse("99999999999999999999.0", "", &e), CL_PTX);
    assert_int_equal(parse("18446744073709551615", "", &e), CL_PTX);
    assert_int_equal(parse("4294967296", "", &e), CL_PTX);
    assert_int_equal(parse("-1.0", "", &e), CL_PTX);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_initialised_variable_cap),
        cmocka_unit_test(test_dimension_overflow),
        cmocka_unit_test(test_version),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
