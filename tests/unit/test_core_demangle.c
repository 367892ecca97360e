/* test_cl_demangle.c - Itanium demangling of kernel names, checked
 * against c++filt (binutils 2.40) with const written first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/demangle.h"

static void expect(const char *mangled, const char *full, const char *base)
{
    char *f = cl_demangle(mangled), *b = cl_demangle_base(mangled);
    if (!full) {
        if (f) fail_msg("%s: expected NULL, got '%s'", mangled, f);
        assert_null(b);
        return;
    }
    if (!f) fail_msg("%s: got NULL", mangled);
    assert_string_equal(f, full);
    assert_string_equal(b, base);
    free(f);
    free(b);
}

static void test_course_kernels(void **state)
{
    (void)state;
    expect("_Z13reduceCascadePKfPfm", "reduceCascade(const float*, float*, unsigned long)",
           "reduceCascade");
    expect("_Z20reduceCascadeShufflePKfPfm",
           "reduceCascadeShuffle(const float*, float*, unsigned long)", "reduceCascadeShuffle");
    expect("_Z16reduceRowsPaddedPKfPfiii",
           "reduceRowsPadded(const float*, float*, int, int, int)", "reduceRowsPadded");
    expect("_Z13reverseBlocksPKfPfi", "reverseBlocks(const float*, float*, int)",
           "reverseBlocks");
}

static void test_builtins_and_qualifiers(void **state)
{
    (void)state;
    expect("_Z1fv", "f()", "f");
    expect("_Z1fbcahstijlmxyfd",
           "f(bool, char, signed char, unsigned char, short, unsigned short, int, "
           "unsigned int, long, unsigned long, long long, unsigned long long, float, double)",
           "f");
    expect("_Z1fPPKfRiOd", "f(const float**, int&, double&&)", "f");
    expect("_Z1fPKPf", "f(float* const*)", "f");
    expect("_Z1fPVKi", "f(const volatile int*)", "f");
    expect("_Z1fKPi", "f(int* const)", "f");
    expect("_Z1fRKj", "f(const unsigned int&)", "f");
}

static void test_substitutions(void **state)
{
    (void)state;
    expect("_Z3addPKfS0_Pf", "add(const float*, const float*, float*)", "add");
    expect("_Z1fPKcS0_S_", "f(const char*, const char*, const char)", "f");
    expect("_Z1f6float4PS_", "f(float4, float4*)", "f");
    expect("_Z5saxpyfPKfPfS1_i", "saxpy(float, const float*, float*, float*, int)", "saxpy");
}

static void test_namespaces_and_classes(void **state)
{
    (void)state;
    expect("_ZN2ns6kernelEPf", "ns::kernel(float*)", "kernel");
    expect("_ZN2ns5inner6kernelEPfS1_", "ns::inner::kernel(float*, float*)", "kernel");
    expect("_Z1fN2ns4vec3EPS0_", "f(ns::vec3, ns::vec3*)", "f");
    expect("_ZN12_GLOBAL__N_16kernelEv", "(anonymous namespace)::kernel()", "kernel");
}

static void test_templates(void **state)
{
    (void)state;
    expect("_Z6kernelIfEvPT_i", "void kernel<float>(float*, int)", "kernel");
    expect("_Z6kernelIfLi256EEvPKT_PS0_i", "void kernel<float, 256>(const float*, float*, int)",
           "kernel");
    expect("_ZN2ns6kernelIdEEvPT_S2_", "void ns::kernel<double>(double*, double*)", "kernel");
    expect("_Z5firstIjLj4ELb1EEvPKT_", "void first<unsigned int, 4u, true>(const unsigned int*)",
           "first");
    expect("_Z1f3vecIfEPS0_", "f(vec<float>, vec<float>*)", "f");
}

static void test_not_understood(void **state)
{
    (void)state;
    expect("kernel", "kernel", "kernel"); /* extern "C" */
    expect("_Z1fPA10_f", NULL, NULL);     /* array types */
    expect("_ZN1aC1Ev", NULL, NULL);      /* constructors */
    expect("_Z1fSs", NULL, NULL);         /* std::string */
    expect("_Z1fPFviE", NULL, NULL);      /* function pointers */
    expect("_Z", NULL, NULL);
    expect("_Z1", NULL, NULL);
    expect("_Z99f", NULL, NULL);
    expect("_Z1fS5_", NULL, NULL);        /* a substitution that does not exist */
    expect("_Z1fT_", NULL, NULL);
    expect("_Z1fPKfq", NULL, NULL);       /* trailing junk */
    expect("", NULL, NULL);
    expect("2bad", NULL, NULL);
    expect("a b", NULL, NULL);
    assert_null(cl_demangle(NULL));
}

/* The plain name the PTX parser gives each function (ptx_entry_plain_name). */
static void test_plain_name(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"_Z20reduceRowsBallotDownPKfPfiii", "reduceRowsBallotDown"},
        {"_ZN2ns6kernelEPf", "ns::kernel"},
        {"_ZN2ns5inner6kernelEPfS1_", "ns::inner::kernel"},
        {"_Z6reduceILi256EEvPKfPfi", "reduce"},
        {"_ZN2ns6kernelIdEEvPT_S2_", "ns::kernel"},
        {"_ZL6kernelv", "kernel"},                    /* internal linkage */
        {"_Z1fPA10_f", "f"},                          /* parameters it cannot print */
        {"_ZN12_GLOBAL__N_16kernelEv", "(anonymous namespace)::kernel"},
        {"plain_c_kernel", "plain_c_kernel"},
        {"_ZN1aC1Ev", "_ZN1aC1Ev"},                   /* not understood: as it is */
        {"_Z", "_Z"},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *n = cl_demangle_name(cases[i][0]);
        assert_string_equal(n, cases[i][1]);
        free(n);
    }
    char *n = cl_demangle_name(NULL);
    assert_string_equal(n, "");
    free(n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_course_kernels),
        cmocka_unit_test(test_builtins_and_qualifiers),
        cmocka_unit_test(test_substitutions),
        cmocka_unit_test(test_namespaces_and_classes),
        cmocka_unit_test(test_templates),
        cmocka_unit_test(test_not_understood),
        cmocka_unit_test(test_plain_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
