/* test_build_resources.c - the per-kernel figures of real `ptxas -v` output
 * (fixtures/build/resources.cu: four kernels, one that spills, one with a
 * stack array, one with shared memory and a barrier), and finding a kernel
 * by its name. Needs no CUDA. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "build/build_internal.h"

#define FIX CUDALAB_TEST_DIR "/fixtures/build/"

static build_kernel_vec parse_fixture(const char *name)
{
    char *path = cl_sprintf(FIX "%s", name), *log = NULL;
    assert_int_equal(cl_read_file(path, &log, NULL, NULL), CL_OK);
    build_kernel_vec v = {0};
    build_parse_resources(log, &v);
    free(path);
    free(log);
    return v;
}

static void assert_kernel(const build_kernel *k, const char *name, int regs, int smem,
                          int stack, int stores, int loads, int cmem, int barriers)
{
    assert_string_equal(k->name, name);
    assert_int_equal(k->registers, regs);
    assert_int_equal(k->shared_bytes, smem);
    assert_int_equal(k->stack_bytes, stack);
    assert_int_equal(k->spill_stores, stores);
    assert_int_equal(k->spill_loads, loads);
    assert_int_equal(k->const_bytes, cmem);
    assert_int_equal(k->barriers, barriers);
}

static void test_sm75(void **state)
{
    (void)state;
    build_kernel_vec v = parse_fixture("resources.ptxas.log");
    assert_int_equal(v.n, 4);
    assert_kernel(&v.v[0], "_Z7spillerPfPKfi", 64, 0, 56, 88, 96, 372, 0);
    assert_kernel(&v.v[1], "_Z7stackedPfPKii", 68, 0, 256, 0, 0, 372, 0);
    assert_kernel(&v.v[2], "_Z10polynomialPfPKfi", 10, 0, 0, 0, 0, 372, 0);
    assert_kernel(&v.v[3], "_Z13reduceCascadePKfPfm", 12, 1024, 0, 0, 0, 376, 1);
    build_kernels_free(&v);
}

/* sm_90's report has no cmem[0] figure: it stays 0. */
static void test_sm90(void **state)
{
    (void)state;
    build_kernel_vec v = parse_fixture("resources.sm_90.ptxas.log");
    assert_int_equal(v.n, 4);
    assert_kernel(&v.v[0], "_Z7spillerPfPKfi", 64, 0, 48, 100, 116, 0, 0);
    assert_kernel(&v.v[3], "_Z13reduceCascadePKfPfm", 11, 1024, 0, 0, 0, 0, 1);
    build_kernels_free(&v);
}

/* ptxas reports the kernel that failed too. */
static void test_failed_kernel(void **state)
{
    (void)state;
    build_kernel_vec v = parse_fixture("too_much_shared.ptxas.log");
    assert_int_equal(v.n, 1);
    assert_kernel(&v.v[0], "_Z3hogPf", 10, 131072, 0, 0, 0, 360, 1);
    build_kernels_free(&v);
}

/* A device function that was not inlined has "Function properties" of its
 * own: they are not the kernel's. Older ptxas had no barrier count. */
static void test_device_function_and_old_format(void **state)
{
    (void)state;
    const char *log =
        "ptxas info    : 0 bytes gmem\n"
        "ptxas info    : Function properties for _Z6helperPf\n"
        "    32 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads\n"
        "ptxas info    : Compiling entry function '_Z1kPf' for 'sm_75'\n"
        "ptxas info    : Function properties for _Z6helperPf\n"
        "    32 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads\n"
        "ptxas info    : Function properties for _Z1kPf\n"
        "    16 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
        "ptxas info    : Used 20 registers, 360 bytes cmem[0], 8 bytes cmem[2]\n";
    build_kernel_vec v = {0};
    build_parse_resources(log, &v);
    assert_int_equal(v.n, 1);
    assert_kernel(&v.v[0], "_Z1kPf", 20, 0, 16, 0, 0, 360, 0);
    build_kernels_free(&v);
    build_parse_resources("", &v);
    assert_int_equal(v.n, 0);
}

static void test_find_kernel(void **state)
{
    (void)state;
    build_result *r = build_result_new("resources.cu");
    build_target *t = build_add_target(r, "sm_75");
    t->kernels = parse_fixture("resources.ptxas.log");
    const build_kernel *k = build_find_kernel(r, "reduceCascade");
    assert_non_null(k);
    assert_string_equal(k->name, "_Z13reduceCascadePKfPfm");
    assert_int_equal(build_find_kernel(r, "spiller")->spill_stores, 88);
    assert_null(build_find_kernel(r, "reduce"));
    assert_null(build_find_kernel(r, "_Z7spillerPfPKfi"));
    assert_null(build_find_kernel(r, NULL));
    size_t n;
    assert_non_null(build_kernels(r, 0, &n));
    assert_int_equal(n, 4);
    assert_null(build_kernels(r, 1, &n));
    assert_int_equal(n, 0);
    build_result_free(r);
    assert_null(build_find_kernel(NULL, "x"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sm75),
        cmocka_unit_test(test_sm90),
        cmocka_unit_test(test_failed_kernel),
        cmocka_unit_test(test_device_function_and_old_format),
        cmocka_unit_test(test_find_kernel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
