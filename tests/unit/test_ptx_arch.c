/* test_ptx_arch.c - the architecture table (grader/ptx/archs.def, arch.c):
 * every row's sample instruction is read at the row's architecture and
 * refused one architecture below it, in words that name the construct and
 * the module's target; the FP8 conversions' forms (sm_89); and the other
 * refusals of the parser name the target too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "ptx/ptx.h"

typedef struct row { const char *id; unsigned sm; const char *construct, *sample; } row;

static const row rows[] = {
#define ARCH(id, sm, construct, sample) { #id, sm, construct, sample },
#include "ptx/archs.def"
#undef ARCH
};

static const unsigned archs[] = { 75, 80, 86, 89, 90 };

/* A module of one kernel whose body is `body`, for .target sm_<arch>. */
static cl_status parse_body(unsigned arch, const char *body, ptx_module **m, cl_error *e)
{
    char text[2048];
    snprintf(text, sizeof text,
             ".version 8.5\n.target sm_%u\n.address_size 64\n"
             ".visible .entry k(.param .u64 k_p)\n{\n.reg .b16 %%rs<8>;\n.reg .b32 %%r<40>;\n"
             ".reg .f32 %%f<20>;\n.reg .b64 %%rd<4>;\n.reg .pred %%p<4>;\n"
             "ld.param.u64 %%rd1, [k_p];\n%s\nret;\n}\n",
             arch, body);
    memset(e, 0, sizeof *e);
    *m = NULL;
    return ptx_parse(text, strlen(text), "t.ptx", m, e);
}

static void expect_ok(unsigned arch, const char *body)
{
    ptx_module *m;
    cl_error e;
    if (parse_body(arch, body, &m, &e) != CL_OK) fail_msg("sm_%u: '%s': %s", arch, body, e.message);
    ptx_module_free(m);
}

static void expect_refused(unsigned arch, const char *body, const char *needle)
{
    ptx_module *m;
    cl_error e;
    if (parse_body(arch, body, &m, &e) == CL_OK) fail_msg("sm_%u: '%s' was read", arch, body);
    if (!strstr(e.message, needle)) fail_msg("sm_%u: message '%s' lacks '%s'", arch, e.message, needle);
    ptx_module_free(m);
}

static void test_rows(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        const row *r = &rows[i];
        size_t at = 0;
        while (at < sizeof archs / sizeof *archs && archs[at] != r->sm) at++;
        if (at == 0 || at == sizeof archs / sizeof *archs) fail_msg("%s: sm_%u is not after sm_75", r->id, r->sm);
        for (size_t k = at; k < sizeof archs / sizeof *archs; k++) expect_ok(archs[k], r->sample);
        for (size_t k = 0; k < at; k++) {
            char want[256];
            snprintf(want, sizeof want, "%s needs sm_%u or later, and this module targets sm_%u", r->construct,
                     r->sm, archs[k]);
            expect_refused(archs[k], r->sample, want);
        }
    }
}

/* The forms nvcc writes for cuda_fp8.h's types at sm_89, and what is not
 * one of them. */
static void test_fp8_forms(void **state)
{
    (void)state;
    static const char *const ok[] = {
        "cvt.rn.satfinite.e4m3x2.f32 %rs1, %f1, %f2;",
        "cvt.rn.satfinite.e5m2x2.f32 %rs1, %f1, %f2;",
        "cvt.rn.satfinite.relu.e4m3x2.f32 %rs1, %f1, %f2;",
        "cvt.rn.satfinite.e4m3x2.f16x2 %rs1, %r1;",
        "cvt.rn.satfinite.e5m2x2.f16x2 %rs1, %r1;",
        "cvt.rn.f16x2.e4m3x2 %r1, %rs1;",
        "cvt.rn.relu.f16x2.e5m2x2 %r1, %rs1;",
        "cvt.rn.satfinite.f16.f32 %rs1, %f1;",
    };
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) expect_ok(89, ok[i]);
    expect_refused(89, "cvt.rn.e4m3x2.f32 %rs1, %f1, %f2;", "expected cvt.rn.satfinite");
    expect_refused(89, "cvt.rz.satfinite.e4m3x2.f32 %rs1, %f1, %f2;", "expected cvt.rn.satfinite");
    expect_refused(89, "cvt.rn.satfinite.e4m3x2.f32 %rs1, %f1;", "takes d, a, b");
    expect_refused(89, "cvt.rn.satfinite.e4m3x2.f16x2 %rs1, %rd1;", "operand 2 is a 64-bit register");
    expect_refused(89, "cvt.rn.f32.e4m3x2 %f1, %rs1;", "expected cvt.rn.satfinite");
    expect_refused(89, "mov.e4m3x2 %rs1, %rs2;", "FP8 pairs are converted by cvt only");
    expect_refused(86, "cvt.rn.f16x2.e4m3x2 %r1, %rs1;",
                   "'cvt.rn.f16x2.e4m3x2': an FP8 conversion (e4m3, e5m2) needs sm_89 or later, and this module "
                   "targets sm_86");
}

/* Whatever the parser refuses, it says which architecture the module is for. */
static void test_refusals_name_target(void **state)
{
    (void)state;
    expect_refused(80, "frobnicate.b32 %r1, %r2;", "is not an instruction the emulator knows (this module targets sm_80");
    expect_refused(89, "ld.global.nc.L2::cache_hint.f32 %f1, [%rd1], %rd1;", "this module targets sm_89");
    expect_refused(90, "tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [%rd1, {%r1,%r2}];", "this module targets sm_90");
    expect_refused(90, "wgmma.fence.sync.aligned;", "this module targets sm_90");
    expect_refused(86, "ldmatrix.sync.aligned.m8n8.x4.global.b16 {%r1,%r2,%r3,%r4}, [%rd1];",
                   "ldmatrix reads shared memory (this module targets sm_86");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows),
        cmocka_unit_test(test_fp8_forms),
        cmocka_unit_test(test_refusals_name_target),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
