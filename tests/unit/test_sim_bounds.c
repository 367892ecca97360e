/* test_sim_bounds.c - every launch is bounded and its report does not depend
 * on the host threads: the per-block budget stops a runaway with the same
 * counters on 1, 2 and 4 threads (also when a late block runs away while
 * later ones finish), hazard records are capped, kernels that ask for more
 * than the machine's limits get a LIMIT hazard instead of an allocation,
 * local memory starts zeroed for every block (lazily), global atomics run
 * the blocks in index order, and a printf width cannot make a huge line.
 * Slow is not wrong: a block past its allowance completes with a warning,
 * a spin-wait yields to the warp it waits for, and the time cap is met by
 * launches of many short blocks too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx.h"
#include "sim/sim.h"
#include "sim/internal.h"

#define HEADER ".version 9.0\n.target sm_75\n.address_size 64\n"

static const char *const kernels =
    HEADER
    /* block `late` (the parameter) spins for ever; the others finish */
    ".visible .entry spin(.param .u32 late)\n"
    "{\n"
    "  .reg .pred %p<2>; .reg .b32 %r<4>;\n"
    "  ld.param.u32 %r1, [late];\n"
    "  mov.u32 %r2, %ctaid.x;\n"
    "  setp.ne.u32 %p1, %r1, %r2;\n"
    "  @%p1 bra DONE;\n"
    "LOOP:\n"
    "  add.u32 %r3, %r3, 1;\n"
    "  bra LOOP;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n"
    /* every thread counts to `iters` and the block completes */
    ".visible .entry work(.param .u32 iters)\n"
    "{\n"
    "  .reg .pred %p<2>; .reg .b32 %r<4>;\n"
    "  ld.param.u32 %r1, [iters];\n"
    "  mov.u32 %r2, 0;\n"
    "AGAIN:\n"
    "  add.u32 %r2, %r2, 1;\n"
    "  setp.lt.u32 %p1, %r2, %r1;\n"
    "  @%p1 bra AGAIN;\n"
    "  ret;\n"
    "}\n"
    /* thread 32 spins on a shared flag that thread 0 sets after 500 steps
       of a loop (64 threads: the two are in different warps; warp 1 arrives
       at the barrier last, so it runs first after it) */
    ".visible .entry handoff(.param .u32 unused)\n"
    "{\n"
    "  .shared .align 4 .b32 flag;\n"
    "  .reg .pred %p<3>; .reg .b32 %r<4>;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  setp.ne.u32 %p1, %r1, 0;\n"
    "  @%p1 bra SKIP;\n"
    "  st.volatile.shared.u32 [flag], 0;\n"
    "SKIP:\n"
    "  bar.sync 0;\n"
    "  setp.eq.u32 %p1, %r1, 32;\n"
    "  @%p1 bra WAIT;\n"
    "  setp.ne.u32 %p2, %r1, 0;\n"
    "  @%p2 bra DONE;\n"
    "  mov.u32 %r2, 0;\n"
    "WORK:\n"
    "  add.u32 %r2, %r2, 1;\n"
    "  setp.lt.u32 %p2, %r2, 500;\n"
    "  @%p2 bra WORK;\n"
    "  st.volatile.shared.u32 [flag], 1;\n"
    "  bra DONE;\n"
    "WAIT:\n"
    "  ld.volatile.shared.u32 %r3, [flag];\n"
    "  setp.eq.u32 %p2, %r3, 0;\n"
    "  @%p2 bra WAIT;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n"
    /* every lane names its own mask: thousands of distinct hazards */
    ".visible .entry manymasks(.param .u32 unused)\n"
    "{\n"
    "  .reg .b32 %r<8>;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mov.u32 %r2, %ctaid.x;\n"
    "  mad.lo.u32 %r3, %r2, 256, %r1;\n"
    "  mul.lo.u32 %r4, %r3, -1640531535;\n"
    "  mov.u32 %r5, %laneid;\n"
    "  shl.b32 %r6, 1, %r5;\n"
    "  or.b32 %r4, %r4, %r6;\n"
    "  shfl.sync.bfly.b32 %r7, %r1, 1, 31, %r4;\n"
    "  ret;\n"
    "}\n"
    ".global .align 1 .b8 big[8589934592];\n"
    ".visible .entry bigvar(.param .u32 unused)\n"
    "{\n"
    "  .reg .b32 %r<2>;\n"
    "  st.global.u8 [big], %r1;\n"
    "  ret;\n"
    "}\n"
    ".visible .entry biglocal(.param .u32 unused)\n"
    "{\n"
    "  .local .align 4 .b8 huge[3000000000];\n"
    "  .reg .b32 %r<2>;\n"
    "  st.local.u32 [huge], %r1;\n"
    "  ret;\n"
    "}\n"
    /* out[block * 64 + tid] = the thread's local word at 32768 + 4 * tid,
       which it then sets to 99: a later block must still read 0 */
    ".visible .entry localzero(.param .u64 out)\n"
    "{\n"
    "  .local .align 4 .b8 buf[65536];\n"
    "  .reg .b32 %r<6>; .reg .b64 %rd<6>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mov.u32 %r2, %ctaid.x;\n"
    "  mad.lo.u32 %r3, %r2, 64, %r1;\n"
    "  mov.u64 %rd2, buf;\n"
    "  mul.wide.u32 %rd3, %r1, 4;\n"
    "  add.s64 %rd4, %rd2, %rd3;\n"
    "  ld.local.u32 %r4, [%rd4+32768];\n"
    "  mov.u32 %r5, 99;\n"
    "  st.local.u32 [%rd4+32768], %r5;\n"
    "  mul.wide.u32 %rd3, %r3, 4;\n"
    "  add.s64 %rd5, %rd1, %rd3;\n"
    "  st.global.u32 [%rd5], %r4;\n"
    "  ret;\n"
    "}\n"
    /* thread 0 of each block takes a ticket and writes it to out[block] */
    ".global .align 4 .u32 next;\n"
    ".visible .entry ticket(.param .u64 out)\n"
    "{\n"
    "  .reg .pred %p<2>; .reg .b32 %r<4>; .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  setp.ne.u32 %p1, %r1, 0;\n"
    "  @%p1 bra DONE;\n"
    "  atom.global.add.u32 %r2, [next], 1;\n"
    "  mov.u32 %r3, %ctaid.x;\n"
    "  mul.wide.u32 %rd2, %r3, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r2;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n"
    ".extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);\n"
    ".global .align 1 .b8 wide[7] = {37, 42, 100, 124, 10, 0};\n"
    ".visible .entry widths(.param .u32 unused)\n"
    "{\n"
    "  .local .align 8 .b8 depot[8];\n"
    "  .reg .b32 %r<4>; .reg .b64 %rd<6>;\n"
    "  mov.u64 %rd1, depot;\n"
    "  cvta.local.u64 %rd2, %rd1;\n"
    "  mov.u32 %r1, 2000000000;\n"
    "  st.local.u32 [%rd1], %r1;\n"
    "  mov.u32 %r1, 7;\n"
    "  st.local.u32 [%rd1+4], %r1;\n"
    "  mov.u64 %rd3, wide;\n"
    "  cvta.global.u64 %rd4, %rd3;\n"
    "  { .param .b64 p0; st.param.b64 [p0+0], %rd4;\n"
    "    .param .b64 p1; st.param.b64 [p1+0], %rd2;\n"
    "    .param .b32 rv;\n"
    "    call.uni (rv), vprintf, (p0, p1);\n"
    "    ld.param.b32 %r2, [rv+0]; }\n"
    "  ret;\n"
    "}\n";

static ptx_module *module(void)
{
    ptx_module *m = NULL;
    cl_error e;
    if (ptx_parse(kernels, strlen(kernels), "b.ptx", &m, &e) != CL_OK) fail_msg("parse: %s (line %d)", e.message, e.line);
    return m;
}

static sim_launch_result *run(sim_machine *sm, ptx_module *m, const char *k, unsigned blocks, unsigned threads,
                              uint64_t arg)
{
    unsigned char blob[8];
    memcpy(blob, &arg, 8);
    sim_launch_result *r = NULL;
    cl_error e;
    size_t ps = ptx_entry_param_size(m, (size_t)ptx_find_entry(m, k));
    if (sim_launch(sm, m, k, (sim_dim3){ blocks, 1, 1 }, (sim_dim3){ threads, 1, 1 }, 0, blob, ps, &r, &e) != CL_OK)
        fail_msg("launch %s: %s", k, e.message);
    return r;
}

static sim_machine *machine(unsigned threads, uint64_t budget)
{
    sim_options o = { 0 };
    o.threads = threads;
    o.budget = budget;
    return sim_new(&o);
}

/* A runaway block `late` of 64: on 1, 2 and 4 threads the same status,
 * hazard and counters (blocks after it that finished are not counted). */
static void check_runaway(unsigned late, const char *words)
{
    ptx_module *m = module();
    sim_launch_result *r[3];
    for (int i = 0; i < 3; i++) {
        sim_machine *sm = machine(1u << i, 20000);
        r[i] = run(sm, m, "spin", 64, 64, late);
        sim_free(sm);
        assert_int_equal(r[i]->status, SIM_BUDGET_EXHAUSTED);
        assert_int_equal(r[i]->nhazards, 1);
        assert_int_equal(r[i]->hazards[0].kind, CL_HZ_BUDGET);
        assert_int_equal(r[i]->hazards[0].block.x, late);
        assert_non_null(strstr(r[i]->hazards[0].message, words));
        assert_int_equal(r[i]->counters.blocks, late + 1);
        assert_memory_equal(&r[0]->counters, &r[i]->counters, sizeof r[0]->counters);
        assert_string_equal(r[0]->hazards[0].message, r[i]->hazards[0].message);
    }
    for (int i = 0; i < 3; i++) sim_launch_result_free(r[i]);
    ptx_module_free(m);
}

static void test_runaway_first_block(void **state)
{
    (void)state;
    check_runaway(0, "block 0 of 64 ran past its budget of 20,000 warp instructions");
}

static void test_runaway_late_block(void **state)
{
    (void)state;
    check_runaway(37, "block 37 of 64 ran past its budget of 20,000 warp instructions");
}

/* A time cap already passed stops a runaway at its first look at the clock,
 * long before its (huge) instruction budget. */
static void test_time_cap(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = machine(2, 1ull << 40);
    sim_set_deadline(sm, sim_now_ns());
    sim_launch_result *r = run(sm, m, "spin", 8, 64, 3);
    assert_int_equal(r->status, SIM_BUDGET_EXHAUSTED);
    assert_true(r->nhazards >= 1);
    assert_int_equal(r->hazards[0].kind, CL_HZ_BUDGET);
    assert_non_null(strstr(r->hazards[0].message, "when the grade's cap on emulation time ran out"));
    assert_true(r->counters.warp_instructions < (1ull << 24));
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

/* Many short blocks (each far below the steps between two looks at the
 * clock) still meet a time cap: the looks are counted across blocks. */
static void test_time_cap_short_blocks(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = machine(1, 1ull << 40);
    sim_set_deadline(sm, sim_now_ns());
    sim_launch_result *r = run(sm, m, "work", 20000, 32, 100);
    assert_int_equal(r->status, SIM_BUDGET_EXHAUSTED);
    assert_true(r->timed_out);
    assert_true(r->counters.blocks < 20000);
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

/* Slow is not wrong: a block past the allowance completes, with one
 * OVER_ALLOWANCE warning (resources) that gives its figures; one within it
 * draws nothing. */
static void test_allowance(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = machine(2, 1ull << 30);
    sim_set_budget(sm, 1ull << 30, 5000);
    sim_launch_result *r = run(sm, m, "work", 4, 64, 1000);
    assert_int_equal(r->status, SIM_COMPLETED);
    assert_false(r->timed_out);
    assert_int_equal(r->counters.blocks, 4);
    assert_true(r->nhazards >= 1);
    assert_int_equal(r->hazards[0].kind, CL_HZ_OVER_ALLOWANCE);
    assert_int_equal(r->hazards[0].severity, CL_SEV_WARNING);
    assert_int_equal(cl_hazard_family_of(r->hazards[0].kind), CL_FAMILY_RESOURCES);
    assert_non_null(strstr(r->hazards[0].message, "past the day's allowance of 5,000"));
    sim_launch_result_free(r);
    r = run(sm, m, "work", 4, 64, 10);
    assert_int_equal(r->status, SIM_COMPLETED);
    assert_int_equal(r->nhazards, 0);
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

/* A spin on a flag another warp sets yields: the launch costs about the
 * setter's work (some 1,500 warp instructions), not a warp's whole turn
 * (65,536) of spinning first. */
static void test_spin_yields(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = machine(1, 1ull << 30);
    sim_launch_result *r = run(sm, m, "handoff", 1, 64, 0);
    assert_int_equal(r->status, SIM_COMPLETED);
    assert_true(r->counters.warp_instructions < 5000);
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

/* Host threads share one memory budget: 256 threads a block with 256 KiB of
 * local memory each (64 MiB a context) run on at most 16 host threads of 64
 * asked (1 GiB), a block of small threads on all 64, and one context that is
 * larger than the budget still on one. */
static void test_threads_for_memory(void **state)
{
    (void)state;
    sim_program p;
    sim_run L;
    memset(&p, 0, sizeof p);
    memset(&L, 0, sizeof L);
    L.block = (sim_dim3){ 256, 1, 1 };
    p.nrow32 = 16;
    p.local_size = 256u << 10;
    unsigned n = sim_threads_for_memory(&p, &L, 64);
    assert_true(n >= 1 && n <= 16);
    assert_true((uint64_t)n * 256 * p.local_size <= SIM_CONTEXTS_BYTES);
    p.local_size = 0;
    assert_int_equal(sim_threads_for_memory(&p, &L, 64), 64);
    L.block = (sim_dim3){ 1024, 1, 1 };
    p.local_size = 2u << 20;
    assert_int_equal(sim_threads_for_memory(&p, &L, 64), 1);
}

static void test_hazards_capped(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_launch_result *r[2];
    for (int i = 0; i < 2; i++) {
        sim_machine *sm = machine(i ? 4 : 1, 0);
        r[i] = run(sm, m, "manymasks", 256, 256, 0);
        sim_free(sm);
    }
    assert_true(r[0]->nhazards > 100);
    assert_true(r[0]->nhazards <= 256 + CL_HZ_COUNT);
    assert_int_equal(r[0]->nhazards, r[1]->nhazards);
    size_t capped = 0;
    uint64_t instances = 0;
    for (size_t i = 0; i < r[0]->nhazards; i++) {
        capped += strstr(r[0]->hazards[i].message, "the list of hazards is capped") != NULL;
        assert_string_equal(r[0]->hazards[i].message, r[1]->hazards[i].message);
        instances += r[0]->hazards[i].instances;
    }
    assert_true(capped >= 1);
    assert_true(instances >= 256 * 8); /* at least one a warp: none is lost past the cap */
    sim_launch_result_free(r[0]);
    sim_launch_result_free(r[1]);
    ptx_module_free(m);
}

static void check_limit(const char *kernel, const char *words)
{
    ptx_module *m = module();
    sim_machine *sm = machine(2, 0);
    sim_launch_result *r = run(sm, m, kernel, 1024, 256, 0);
    assert_int_equal(r->status, SIM_FAULTED);
    assert_int_equal(r->nhazards, 1);
    assert_int_equal(r->hazards[0].kind, CL_HZ_LIMIT);
    assert_int_equal(cl_hazard_family_of(r->hazards[0].kind), CL_FAMILY_MEMORY);
    if (!strstr(r->hazards[0].message, words)) fail_msg("message: %s", r->hazards[0].message);
    assert_int_equal(r->counters.blocks, 0);
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

static void test_limits(void **state)
{
    (void)state;
    check_limit("bigvar", "the module variable 'big' (8,589,934,592 bytes");
    check_limit("biglocal", "3,000,000,000 bytes of local memory a thread");
}

static void test_local_starts_zeroed(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = machine(1, 0); /* one thread: the blocks reuse one block's memory */
    cl_error e;
    uint64_t out;
    assert_int_equal(sim_alloc(sm, 8 * 64 * 4, "out", &out, &e), CL_OK);
    assert_int_equal(sim_fill(sm, out, 0x55, 8 * 64 * 4, &e), CL_OK);
    sim_launch_result *r = run(sm, m, "localzero", 8, 64, out);
    assert_int_equal(r->status, SIM_COMPLETED);
    uint32_t got[8 * 64];
    assert_int_equal(sim_read(sm, got, out, sizeof got, &e), CL_OK);
    for (int i = 0; i < 8 * 64; i++) assert_int_equal(got[i], 0);
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

static void test_atomics_in_block_order(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = machine(4, 0);
    cl_error e;
    uint64_t out;
    assert_int_equal(sim_alloc(sm, 512 * 4, "out", &out, &e), CL_OK);
    sim_launch_result *r = run(sm, m, "ticket", 512, 64, out);
    uint32_t got[512];
    assert_int_equal(sim_read(sm, got, out, sizeof got, &e), CL_OK);
    for (uint32_t i = 0; i < 512; i++) assert_int_equal(got[i], i);
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

static void test_printf_width_capped(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = machine(1, 0);
    sim_launch_result *r = run(sm, m, "widths", 1, 1, 0);
    assert_int_equal(r->nprintf, 1);
    size_t len = strlen(r->printf_lines[0].text);
    assert_true(len > 1000 && len <= 4096);
    assert_non_null(strstr(r->printf_lines[0].text, "   7"));
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_runaway_first_block),
        cmocka_unit_test(test_runaway_late_block),
        cmocka_unit_test(test_time_cap),
        cmocka_unit_test(test_time_cap_short_blocks),
        cmocka_unit_test(test_allowance),
        cmocka_unit_test(test_spin_yields),
        cmocka_unit_test(test_threads_for_memory),
        cmocka_unit_test(test_hazards_capped),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_local_starts_zeroed),
        cmocka_unit_test(test_atomics_in_block_order),
        cmocka_unit_test(test_printf_width_capped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
