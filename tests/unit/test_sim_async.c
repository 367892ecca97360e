/* test_sim_async.c - the asynchronous copies and mbarriers as the parser
 * reads them (parse_async.c): every form the emulator runs reads back as PTX
 * spells it, and what it does not run is refused in words that name the
 * module's architecture. How they run: tests/golden/conformance/cf_async_sm80.cu. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ptx/ir.h"
#include "ptx/ptx.h"

static cl_status parse_body(unsigned arch, const char *body, ptx_module **m, cl_error *e)
{
    char text[2048];
    snprintf(text, sizeof text,
             ".version 8.0\n.target sm_%u\n.address_size 64\n"
             ".visible .entry k(.param .u64 k_p)\n{\n.reg .pred %%p<4>;\n.reg .b32 %%r<40>;\n.reg .b64 %%rd<4>;\n"
             ".shared .align 8 .b8 s[64];\nld.param.u64 %%rd1, [k_p];\n%s\nret;\n}\n",
             arch, body);
    memset(e, 0, sizeof *e);
    *m = NULL;
    return ptx_parse(text, strlen(text), "t.ptx", m, e);
}

static void expect_refused(unsigned arch, const char *body, const char *needle)
{
    ptx_module *m;
    cl_error e;
    if (parse_body(arch, body, &m, &e) == CL_OK) fail_msg("'%s' at sm_%u is not refused", body, arch);
    if (!strstr(e.message, needle)) fail_msg("message '%s' lacks '%s'", e.message, needle);
    ptx_module_free(m);
}

static void test_forms(void **state)
{
    (void)state;
    static const struct { const char *in, *text; } rows[] = {
        { "cp.async.ca.shared.global [%r1], [%rd1], 4;", "cp.async.ca.shared.global" },
        { "cp.async.ca.shared.global [%r1], [%rd1], 8, %r2;", "cp.async.ca.shared.global" },
        { "cp.async.cg.shared.global [%r1+16], [%rd1+32], 16, 0;", "cp.async.cg.shared.global" },
        { "cp.async.ca.shared.global [%r1], [%rd1], 4, %p1;", "cp.async.ca.shared.global" }, /* ignore-src */
        { "cp.async.ca.shared.global.L2::cache_hint [%r1], [%rd1], 8, %p1, %rd2;", "cp.async.ca.shared.global.L2::cache_hint" },
        { "cp.async.cg.shared.global.L2::128B [s], [%rd1], 16;", "cp.async.cg.shared.global" },
        { "cp.async.ca.shared.global.L2::cache_hint [%r1], [%rd1], 4, %rd2;", "cp.async.ca.shared.global.L2::cache_hint" },
        { "cp.async.commit_group;", "cp.async.commit_group" },
        { "cp.async.wait_group 1;", "cp.async.wait_group" },
        { "cp.async.wait_all;", "cp.async.wait_all" },
        { "cp.async.mbarrier.arrive.shared.b64 [%r1];", "cp.async.mbarrier.arrive.shared.b64" },
        { "cp.async.mbarrier.arrive.noinc.shared.b64 [%r1];", "cp.async.mbarrier.arrive.noinc.shared.b64" },
        { "mbarrier.init.shared.b64 [%r1], %r2;", "mbarrier.init.shared.b64" },
        { "mbarrier.init.shared::cta.b64 [s], 64;", "mbarrier.init.shared.b64" },
        { "mbarrier.arrive.shared.b64 %rd2, [%r1];", "mbarrier.arrive.shared.b64" },
        { "mbarrier.arrive.noComplete.shared.b64 %rd2, [%r1], 2;", "mbarrier.arrive.noComplete.shared.b64" },
        { "mbarrier.arrive_drop.shared.b64 %rd2, [%r1];", "mbarrier.arrive_drop.shared.b64" },
        { "mbarrier.test_wait.shared.b64 %p1, [%r1], %rd2;", "mbarrier.test_wait.shared.b64" },
        { "mbarrier.test_wait.parity.shared.b64 %p1, [%r1], %r3;", "mbarrier.test_wait.parity.shared.b64" },
        { "mbarrier.inval.shared.b64 [%r1];", "mbarrier.inval.shared.b64" },
        { "mbarrier.arrive.b64 %rd2, [%rd1];", "mbarrier.arrive.b64" },
        { "mbarrier.pending_count.b64 %r2, %rd2;", "mbarrier.pending_count.b64" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        ptx_module *m;
        cl_error e;
        if (parse_body(80, rows[i].in, &m, &e) != CL_OK) fail_msg("%s: %s", rows[i].in, e.message);
        char buf[512];
        ptx_disasm(m, m->entries[0], 1, buf, sizeof buf);
        if (strncmp(buf, rows[i].text, strlen(rows[i].text)) != 0 ||
            !strchr(" ;", buf[strlen(rows[i].text)]))
            fail_msg("'%s' reads back as '%s'", rows[i].in, buf);
        ptx_module_free(m);
    }
    /* try_wait is sm_90's */
    ptx_module *m;
    cl_error e;
    assert_int_equal(parse_body(90, "mbarrier.try_wait.parity.shared.b64 %p1, [%r1], %r3;", &m, &e), CL_OK);
    ptx_module_free(m);
}

static void test_refusals(void **state)
{
    (void)state;
    /* the architecture the module targets, named */
    expect_refused(75, "cp.async.ca.shared.global [%r1], [%rd1], 4;", "needs sm_80 or later, and this module targets sm_75");
    expect_refused(75, "cp.async.wait_all;", "this module targets sm_75");
    expect_refused(75, "mbarrier.init.shared.b64 [%r1], %r2;", "needs sm_80 or later, and this module targets sm_75");
    expect_refused(80, "mbarrier.try_wait.shared.b64 %p1, [%r1], %rd2;", "needs sm_90 or later, and this module targets sm_80");
    expect_refused(90, "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 16, [%r2];",
                   "bulk copies (sm_90)");
    expect_refused(90, "mbarrier.expect_tx.shared.b64 [%r1], 16;", "this module targets sm_90");
    /* forms the PTX ISA has not */
    expect_refused(80, "cp.async.cg.shared.global [%r1], [%rd1], 8;", "cp.async.cg copies 16 bytes");
    expect_refused(80, "cp.async.ca.shared.global [%r1], [%rd1], 12;", "4, 8 or 16 bytes");
    expect_refused(80, "cp.async.ca.global.shared [%r1], [%rd1], 4;", "not a form of cp.async");
    expect_refused(80, "cp.async.ca.shared.global [%r1], [%rd1], 4, !%p1;", "ignore-src is a predicate register");
    expect_refused(80, "cp.async.wait_group %r1;", "an immediate");
    expect_refused(80, "mbarrier.test_wait.shared.b64 %r1, [%r1], %rd2;", "operand 1");
    expect_refused(80, "mbarrier.pending_count.b64 %r2, %rd2, 1;", "takes count, state");
    expect_refused(75, "mbarrier.pending_count.b64 %r2, %rd2;", "needs sm_80 or later, and this module targets sm_75");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forms),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
