/* test_sim.c - the emulator's public API on small hand-written PTX: device
 * memory, launch errors (cudalab's own, as cl_error), module variables, a
 * hazard record with its lane picture, printf caps, and the same report on
 * one and on several host threads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx.h"
#include "sim/sim.h"

#define HEADER ".version 9.0\n.target sm_75\n.address_size 64\n"

/* out[tid] = tid * 3 + gvar; lanes 4..15 of each warp read lane + 16 with a
 * shuffle whose mask (0x000fffff) does not name lanes 20..31. */
static const char *const kernels =
    HEADER
    ".global .align 4 .u32 gvar = 7;\n"
    ".const .align 4 .u32 cvar;\n"
    ".visible .entry fill(.param .u64 out)\n"
    "{\n"
    "  .reg .b32 %r<6>; .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mul.lo.s32 %r2, %r1, 3;\n"
    "  ld.global.u32 %r3, [gvar];\n"
    "  add.s32 %r2, %r2, %r3;\n"
    "  ld.const.u32 %r4, [cvar];\n"
    "  add.s32 %r2, %r2, %r4;\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r2;\n"
    "  ret;\n"
    "}\n"
    /* the parameters loaded one after another: one op (X_LDPARAMS) */
    ".visible .entry params(.param .u64 out, .param .u32 a, .param .u16 b, .param .u64 c)\n"
    "{\n"
    "  .reg .b32 %r<6>; .reg .b64 %rd<6>; .reg .b16 %h<2>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  ld.param.u32 %r1, [a];\n"
    "  ld.param.u16 %h1, [b];\n"
    "  ld.param.u64 %rd2, [c];\n"
    "  cvt.u32.u16 %r2, %h1;\n"
    "  cvt.u32.u64 %r3, %rd2;\n"
    "  mov.u32 %r4, %tid.x;\n"
    "  mul.wide.u32 %rd3, %r4, 16;\n"
    "  add.s64 %rd4, %rd1, %rd3;\n"
    "  st.global.v4.u32 [%rd4], {%r1, %r2, %r3, %r4};\n"
    "  ret;\n"
    "}\n"
    /* a shared load whose guard holds for no lane of the warp */
    ".visible .entry guardedshared(.param .u64 out)\n"
    "{\n"
    "  .reg .pred %p<2>; .reg .b32 %r<6>; .reg .b64 %rd<4>;\n"
    "  .shared .align 4 .b8 sh[256];\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mov.u32 %r2, 7;\n"
    "  mov.u32 %r5, 9;\n"
    "  mov.u32 %r3, sh;\n"
    "  shl.b32 %r4, %r1, 2;\n"
    "  add.s32 %r3, %r3, %r4;\n"
    "  st.shared.u32 [%r3], %r1;\n"
    "  setp.gt.u32 %p1, %r1, 100;\n"
    "  @%p1 ld.shared.u32 %r2, [%r3];\n"
    "  @%p1 ld.shared.u32 %r5, [sh];\n"
    "  add.s32 %r2, %r2, %r5;\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r2;\n"
    "  ret;\n"
    "}\n"
    /* its third ld.param reads past the 12 bytes of parameters */
    ".visible .entry pastparams(.param .u64 out, .param .u32 a)\n"
    "{\n"
    "  .reg .b32 %r<4>; .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  ld.param.u32 %r1, [a];\n"
    "  ld.param.u32 %r2, [a+4];\n"
    "  st.global.u32 [%rd1], %r1;\n"
    "  ret;\n"
    "}\n"
    ".visible .entry badmask(.param .u64 out)\n"
    "{\n"
    "  .reg .pred %p<3>; .reg .b32 %r<8>; .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %laneid;\n"
    "  setp.lt.u32 %p1, %r1, 20;\n"
    "  @!%p1 bra DONE;\n"
    "  shfl.sync.down.b32 %r2|%p2, %r1, 16, 31, 0x000fffff;\n"
    "  mov.u32 %r3, %tid.x;\n"
    "  mul.wide.u32 %rd2, %r3, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r2;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n"
    ".extern .func (.param .b32 r) vprintf(.param .b64 f, .param .b64 a);\n"
    ".global .align 1 .b8 fmt[9] = {116, 105, 100, 32, 37, 117, 10, 0};\n"
    ".visible .entry talk()\n"
    "{\n"
    "  .local .align 8 .b8 depot[8];\n"
    "  .reg .b32 %r<3>; .reg .b64 %rd<6>;\n"
    "  mov.u64 %rd1, depot;\n"
    "  cvta.local.u64 %rd2, %rd1;\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  st.local.u32 [%rd1], %r1;\n"
    "  mov.u64 %rd3, fmt;\n"
    "  cvta.global.u64 %rd4, %rd3;\n"
    "  { .param .b64 p0; st.param.b64 [p0+0], %rd4;\n"
    "    .param .b64 p1; st.param.b64 [p1+0], %rd2;\n"
    "    .param .b32 rv;\n"
    "    call.uni (rv), vprintf, (p0, p1);\n"
    "    ld.param.b32 %r2, [rv+0]; }\n"
    "  ret;\n"
    "}\n"
    ".func (.param .b32 r) rec(.param .b32 x)\n"
    "{\n"
    "  .reg .b32 %r<3>;\n"
    "  ld.param.b32 %r1, [x];\n"
    "  { .param .b32 a; st.param.b32 [a+0], %r1; .param .b32 b;\n"
    "    call.uni (b), rec, (a); ld.param.b32 %r2, [b+0]; }\n"
    "  st.param.b32 [r+0], %r2;\n"
    "  ret;\n"
    "}\n"
    ".visible .entry carry(.param .u64 out)\n"
    "{\n"
    "  .reg .b16 %rs<4>;\n"
    "  mov.u16 %rs1, 1;\n"
    "  add.cc.u16 %rs2, %rs1, %rs1;\n"
    "  ret;\n"
    "}\n"
    ".shared .align 4 .b32 tile[1056];\n"
    ".visible .entry banks(.param .u64 stride)\n" /* lane l stores word l * stride */
    "{\n"
    "  .reg .b32 %r<2>; .reg .b64 %rd<6>;\n"
    "  ld.param.u64 %rd1, [stride];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  cvt.u64.u32 %rd2, %r1;\n"
    "  mul.lo.u64 %rd3, %rd2, %rd1;\n"
    "  shl.b64 %rd4, %rd3, 2;\n"
    "  mov.u64 %rd5, tile;\n"
    "  add.s64 %rd5, %rd5, %rd4;\n"
    "  st.shared.u32 [%rd5], %r1;\n"
    "  ret;\n"
    "}\n"
    ".visible .entry banksq(.param .u64 stride)\n" /* lane l stores word (l / 4) stride + l % 4 */
    "{\n"
    "  .reg .b32 %r<4>; .reg .b64 %rd<6>;\n"
    "  ld.param.u64 %rd1, [stride];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  shr.u32 %r2, %r1, 2;\n"
    "  and.b32 %r3, %r1, 3;\n"
    "  cvt.u64.u32 %rd2, %r2;\n"
    "  mul.lo.u64 %rd3, %rd2, %rd1;\n"
    "  cvt.u64.u32 %rd4, %r3;\n"
    "  add.s64 %rd3, %rd3, %rd4;\n"
    "  mov.u64 %rd5, tile;\n"
    "  mad.lo.u64 %rd5, %rd3, 4, %rd5;\n"
    "  st.shared.u32 [%rd5], %r1;\n"
    "  ret;\n"
    "}\n"
    ".visible .entry traffic(.param .u64 buf)\n" /* lane l loads word 8 l; four atomics */
    "{\n"
    "  .reg .b32 %r<5>; .reg .b64 %rd<6>;\n"
    "  ld.param.u64 %rd1, [buf];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mul.wide.u32 %rd2, %r1, 32;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  ld.global.u32 %r2, [%rd3+4];\n"
    "  atom.global.add.u32 %r3, [%rd1], 1;\n"
    "  red.global.add.u32 [%rd1+8], 1;\n"
    "  atom.shared.add.u32 %r4, [tile], 1;\n"
    "  cvta.shared.u64 %rd4, tile;\n"
    "  atom.add.u32 %r4, [%rd4+4], 1;\n"
    "  ret;\n"
    "}\n"
    ".visible .entry gcol(.param .u64 in, .param .u64 out, .param .u64 lstep, .param .u64 sstep,\n"
    "  .param .u64 lat, .param .u64 sat)\n"
    "{\n" /* lane l copies the word at in + lat + l lstep to out + sat + l sstep */
    "  .reg .b32 %r<3>; .reg .b64 %rd<10>;\n"
    "  ld.param.u64 %rd1, [in];\n"
    "  ld.param.u64 %rd2, [out];\n"
    "  ld.param.u64 %rd3, [lstep];\n"
    "  ld.param.u64 %rd4, [sstep];\n"
    "  ld.param.u64 %rd5, [lat];\n"
    "  ld.param.u64 %rd6, [sat];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  cvt.u64.u32 %rd7, %r1;\n"
    "  mad.lo.s64 %rd8, %rd7, %rd3, %rd5;\n"
    "  add.s64 %rd8, %rd8, %rd1;\n"
    "  ld.global.u32 %r2, [%rd8];\n"
    "  mad.lo.s64 %rd9, %rd7, %rd4, %rd6;\n"
    "  add.s64 %rd9, %rd9, %rd2;\n"
    "  st.global.u32 [%rd9], %r2;\n"
    "  ret;\n"
    "}\n"
    ".visible .entry colread(.param .u64 out, .param .u32 stride, .param .u32 at, .param .u32 sync)\n"
    "{\n" /* lane l fills words l, l + 32, ... of tile with their numbers, then reads at + l stride bytes */
    "  .reg .pred %p<3>; .reg .b32 %r<12>; .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  ld.param.u32 %r1, [stride];\n"
    "  ld.param.u32 %r2, [at];\n"
    "  ld.param.u32 %r9, [sync];\n"
    "  mov.u32 %r3, %tid.x;\n"
    "  mov.u32 %r4, tile;\n"
    "  mov.u32 %r5, 0;\n"
    "$fill:\n"
    "  shl.b32 %r6, %r5, 5;\n"
    "  add.u32 %r6, %r6, %r3;\n"
    "  shl.b32 %r7, %r6, 2;\n"
    "  add.u32 %r7, %r7, %r4;\n"
    "  st.shared.u32 [%r7], %r6;\n"
    "  add.u32 %r5, %r5, 1;\n"
    "  setp.lt.u32 %p1, %r5, 33;\n"
    "  @%p1 bra $fill;\n"
    "  setp.eq.u32 %p2, %r9, 0;\n"
    "  @%p2 bra $nosync;\n"
    "  bar.warp.sync -1;\n"
    "$nosync:\n"
    "  mad.lo.u32 %r8, %r3, %r1, %r2;\n"
    "  add.u32 %r8, %r8, %r4;\n"
    "  ld.shared.u32 %r10, [%r8];\n"
    "  mul.wide.u32 %rd2, %r3, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r10;\n"
    "  ret;\n"
    "}\n"
    ".shared .align 4 .b32 bins[4];\n"
    ".visible .entry oldvals(.param .u64 out)\n" /* a warp's atomics on one word each */
    "{\n"
    "  .reg .pred %p<2>; .reg .b32 %r<6>; .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  setp.eq.u32 %p1, %r1, 0;\n"
    "  @%p1 st.shared.u32 [bins], 0;\n"
    "  bar.sync 0;\n"
    "  atom.shared.add.u32 %r2, [bins], 1;\n"
    "  atom.global.add.u32 %r3, [%rd1], 1;\n"
    "  atom.global.max.s32 %r4, [%rd1+260], %r1;\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.s64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3+4], %r2;\n"
    "  st.global.u32 [%rd3+132], %r3;\n"
    "  st.global.u32 [%rd3+264], %r4;\n"
    "  ret;\n"
    "}\n"
    ".visible .entry oldvals_uninit(.param .u64 out)\n" /* the same with bins never zeroed */
    "{\n"
    "  .reg .b32 %r<3>; .reg .b64 %rd<2>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  atom.shared.add.u32 %r2, [bins+4], 1;\n"
    "  st.global.u32 [%rd1], %r2;\n"
    "  ret;\n"
    "}\n"
    ".visible .entry recursive()\n"
    "{\n"
    "  .reg .b32 %r<3>;\n"
    "  { .param .b32 a; st.param.b32 [a+0], %r1; .param .b32 b;\n"
    "    call.uni (b), rec, (a); ld.param.b32 %r2, [b+0]; }\n"
    "  ret;\n"
    "}\n";

static ptx_module *module(void)
{
    ptx_module *m = NULL;
    cl_error e;
    if (ptx_parse(kernels, strlen(kernels), "k.ptx", &m, &e) != CL_OK) fail_msg("parse: %s (line %d)", e.message, e.line);
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

/* A zeroed buffer of the machine's device memory. */
static uint64_t zeroed(sim_machine *sm, size_t bytes)
{
    cl_error e;
    uint64_t buf;
    assert_int_equal(sim_alloc(sm, bytes, "buf", &buf, &e), CL_OK);
    assert_int_equal(sim_fill(sm, buf, 0, bytes, &e), CL_OK);
    return buf;
}

static void test_memory(void **state)
{
    (void)state;
    sim_machine *sm = sim_new(NULL);
    cl_error e;
    uint64_t a, b;
    assert_int_equal(sim_alloc(sm, 100, "a", &a, &e), CL_OK);
    assert_int_equal(sim_alloc(sm, 50, "b", &b, &e), CL_OK);
    assert_true(b > a + 100);
    unsigned char buf[100];
    for (int i = 0; i < 100; i++) buf[i] = (unsigned char)i;
    assert_int_equal(sim_write(sm, a, buf, 100, &e), CL_OK);
    assert_int_equal(sim_fill(sm, a + 10, 0xee, 5, &e), CL_OK);
    unsigned char back[100];
    assert_int_equal(sim_read(sm, back, a, 100, &e), CL_OK);
    assert_int_equal(back[9], 9);
    assert_int_equal(back[10], 0xee);
    assert_int_equal(back[15], 15);
    assert_int_equal(sim_write(sm, a + 90, buf, 20, &e), CL_USAGE); /* past the end */
    assert_int_equal(sim_free_mem(sm, a + 1, &e), CL_USAGE);
    assert_int_equal(sim_free_mem(sm, a, &e), CL_OK);
    assert_int_equal(sim_read(sm, back, a, 1, &e), CL_USAGE);
    sim_free(sm);
}

/* Where an allocation lands depends only on what is live: after frees, the
 * same allocations get the same addresses as on a fresh machine; and a
 * module's variables keep their addresses whichever module used its own
 * first (a cold grade runs the reference before the student's kernel). */
static void test_layout_depends_on_what_is_live(void **state)
{
    (void)state;
    cl_error e;
    uint64_t first[3], again[3], x;
    sim_machine *fresh = sim_new(NULL);
    for (int i = 0; i < 3; i++) assert_int_equal(sim_alloc(fresh, 1000 * (size_t)(i + 1), "f", &first[i], &e), CL_OK);
    sim_machine *used = sim_new(NULL);
    for (int k = 0; k < 5; k++) { /* allocations made and freed, as a reference's run */
        assert_int_equal(sim_alloc(used, 4096, "old", &x, &e), CL_OK);
        assert_int_equal(sim_free_mem(used, x, &e), CL_OK);
    }
    for (int i = 0; i < 3; i++) assert_int_equal(sim_alloc(used, 1000 * (size_t)(i + 1), "f", &again[i], &e), CL_OK);
    for (int i = 0; i < 3; i++) assert_true(first[i] == again[i]);
    assert_true(first[0] < first[1] && first[1] < first[2]);
    /* a gap stays between live allocations, and a freed one in the middle
       is not filled by the next: it goes past the highest */
    assert_int_equal(sim_free_mem(used, again[1], &e), CL_OK);
    assert_int_equal(sim_alloc(used, 10, "n", &x, &e), CL_OK);
    assert_true(x > again[2] + 3000);
    sim_free(fresh);
    sim_free(used);

    /* two modules with variables: registered in one order, used in either */
    ptx_module *a = module(), *b = module();
    uint64_t va[2], vb[2];
    size_t size;
    for (int order = 0; order < 2; order++) {
        sim_machine *sm = sim_new(NULL);
        sim_register_module(sm, a);
        sim_register_module(sm, b);
        uint64_t buf;
        assert_int_equal(sim_alloc(sm, 64, "buf", &buf, &e), CL_OK);
        if (order == 0) {
            assert_int_equal(sim_symbol(sm, a, "gvar", &va[order], &size, &e), CL_OK);
            assert_int_equal(sim_symbol(sm, b, "gvar", &vb[order], &size, &e), CL_OK);
        } else {
            assert_int_equal(sim_symbol(sm, b, "gvar", &vb[order], &size, &e), CL_OK);
            assert_int_equal(sim_symbol(sm, a, "gvar", &va[order], &size, &e), CL_OK);
        }
        assert_true(buf == first[0]);
        uint64_t next;
        assert_int_equal(sim_alloc(sm, 64, "next", &next, &e), CL_OK);
        assert_true(next > buf && next < va[order] && next < vb[order]); /* not past the variables */
        sim_free(sm);
    }
    assert_true(va[0] == va[1] && vb[0] == vb[1] && va[0] != vb[0]);
    ptx_module_free(a);
    ptx_module_free(b);
}

static void test_launch_errors(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = sim_new(NULL);
    sim_launch_result *r = NULL;
    cl_error e;
    unsigned char blob[8] = {0};
    assert_int_equal(sim_launch(sm, m, "nosuch", (sim_dim3){ 1, 1, 1 }, (sim_dim3){ 32, 1, 1 }, 0, blob, 8, &r, &e),
                     CL_NOT_FOUND);
    assert_non_null(strstr(e.message, "nosuch"));
    assert_int_equal(sim_launch(sm, m, "fill", (sim_dim3){ 1, 1, 1 }, (sim_dim3){ 32, 1, 1 }, 0, blob, 4, &r, &e),
                     CL_SIGNATURE);
    assert_int_equal(sim_launch(sm, m, "fill", (sim_dim3){ 1, 1, 1 }, (sim_dim3){ 2048, 1, 1 }, 0, blob, 8, &r, &e),
                     CL_USAGE);
    assert_int_equal(sim_launch(sm, m, "recursive", (sim_dim3){ 1, 1, 1 }, (sim_dim3){ 32, 1, 1 }, 0, NULL, 0, &r, &e),
                     CL_UNSUPPORTED);
    assert_non_null(strstr(e.message, "recursive device functions"));
    assert_null(r);
    assert_int_equal(sim_launch(sm, m, "carry", (sim_dim3){ 1, 1, 1 }, (sim_dim3){ 32, 1, 1 }, 0, blob, 8, &r, &e),
                     CL_UNSUPPORTED);
    assert_non_null(strstr(e.message, "add.cc.u16 %rs2, %rs1, %rs1"));
    assert_non_null(strstr(e.message, "carry flag works on 32- and 64-bit integers only"));
    assert_true(e.line > 0);
    sim_free(sm);
    ptx_module_free(m);
}

/* A warp's atomics on one word run in lane order, each lane getting the
 * value before its own: lane l reads l from a counter, and max(0..l-1)
 * from a running maximum. An atomic on shared memory nobody wrote reads an
 * uninitialised word. */
static void test_atomics_in_lane_order(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = sim_new(NULL);
    cl_error e;
    uint64_t buf = zeroed(sm, 512);
    sim_launch_result *r = run(sm, m, "oldvals", 1, 32, buf);
    assert_int_equal(r->status, SIM_COMPLETED);
    assert_int_equal(r->nhazards, 0);
    assert_int_equal(r->counters.shared_atomics, 32);
    assert_int_equal(r->counters.global_atomics, 64);
    uint32_t v[98];
    assert_int_equal(sim_read(sm, v, buf, sizeof v, &e), CL_OK);
    assert_int_equal(v[0], 32);
    assert_int_equal(v[65], 31);
    for (uint32_t l = 0; l < 32; l++) {
        assert_int_equal(v[1 + l], l);
        assert_int_equal(v[33 + l], l);
        assert_int_equal(v[66 + l], l ? l - 1 : 0);
    }
    sim_launch_result_free(r);
    r = run(sm, m, "oldvals_uninit", 1, 32, buf);
    assert_int_equal(r->nhazards, 1);
    assert_int_equal(r->hazards[0].kind, CL_HZ_UNINIT_SHARED);
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

/* Bank conflicts are the extra passes a warp's shared access needs: a word
 * stride of 32 puts all 32 lanes in one bank (31 extra), 16 puts 16 lanes in
 * each of two banks (15), 2 pairs them (1), 33 spreads them over all 32 (0).
 * Rows of four words (banksq) at a stride of 32 put 8 words in each of four
 * banks (7), at 8 two in each of 32 (1), at 4 they are consecutive (0). */
static void test_bank_conflicts(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = sim_new(NULL);
    static const struct { uint64_t stride, extra; } cases[] = { { 32, 31 }, { 16, 15 }, { 2, 1 }, { 33, 0 }, { 1, 0 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sim_launch_result *r = run(sm, m, "banks", 1, 32, cases[i].stride);
        assert_int_equal(r->status, SIM_COMPLETED);
        assert_int_equal(r->counters.shared_store_requests, 1);
        assert_int_equal(r->counters.bank_conflicts, cases[i].extra);
        sim_launch_result_free(r);
    }
    static const struct { uint64_t stride, extra; } rows[] = { { 32, 7 }, { 8, 1 }, { 4, 0 } };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sim_launch_result *r = run(sm, m, "banksq", 1, 32, rows[i].stride);
        assert_int_equal(r->status, SIM_COMPLETED);
        assert_int_equal(r->counters.bank_conflicts, rows[i].extra);
        sim_launch_result_free(r);
    }
    sim_free(sm);
    ptx_module_free(m);
}

/* Lane l loads 4 bytes at 32 l + 4: 32 lanes touch 32 sectors for the 128
 * bytes they ask for. Atomics count one a lane, by the space they reach (a
 * generic address into shared memory counts as shared). */
static void test_traffic_counters(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = sim_new(NULL);
    cl_error e;
    uint64_t buf = zeroed(sm, 32 * 32);
    sim_launch_result *r = run(sm, m, "traffic", 2, 32, buf);
    assert_int_equal(r->status, SIM_COMPLETED);
    assert_int_equal(r->counters.global_load_requests, 2);
    assert_int_equal(r->counters.global_load_sectors, 2 * 32);
    assert_int_equal(r->counters.global_load_bytes, 2 * 128);
    assert_int_equal(r->counters.global_store_requests, 0);
    assert_int_equal(r->counters.global_atomics, 2 * 64);
    assert_int_equal(r->counters.shared_atomics, 2 * 64);
    uint32_t v[3];
    assert_int_equal(sim_read(sm, v, buf, sizeof v, &e), CL_OK);
    assert_int_equal(v[0], 64);
    assert_int_equal(v[2], 64);
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

static void test_module_variables(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = sim_new(NULL);
    cl_error e;
    uint64_t out, cv;
    size_t size;
    assert_int_equal(sim_alloc(sm, 64 * 4, "out", &out, &e), CL_OK);
    assert_int_equal(sim_symbol(sm, m, "cvar", &cv, &size, &e), CL_OK);
    assert_int_equal(size, 4);
    uint32_t hundred = 100;
    assert_int_equal(sim_write(sm, cv, &hundred, 4, &e), CL_OK);
    sim_launch_result *r = run(sm, m, "fill", 2, 32, out);
    assert_int_equal(r->status, SIM_COMPLETED);
    assert_int_equal(r->nhazards, 0);
    uint32_t v[64];
    assert_int_equal(sim_read(sm, v, out, sizeof v, &e), CL_OK);
    assert_int_equal(v[0], 107);
    assert_int_equal(v[31], 93 + 107);
    assert_int_equal(r->counters.warp_instructions, 2 * 11);
    assert_int_equal(r->counters.lane_instructions, 64 * 11);
    assert_int_equal(r->counters.global_store_requests, 2);
    assert_int_equal(r->counters.global_store_sectors, 8);
    sim_launch_result_free(r);
    assert_int_equal(sim_symbol(sm, m, "nosuch", &cv, &size, &e), CL_NOT_FOUND);
    sim_free(sm);
    ptx_module_free(m);
}

static void test_hazard_record(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = sim_new(NULL);
    cl_error e;
    uint64_t out;
    assert_int_equal(sim_alloc(sm, 128 * 4, "out", &out, &e), CL_OK);
    sim_launch_result *r = run(sm, m, "badmask", 2, 64, out);
    assert_int_equal(r->nhazards, 1);
    const sim_hazard *h = &r->hazards[0];
    assert_int_equal(h->kind, CL_HZ_MASK_UNDEFINED_READ);
    assert_int_equal(cl_hazard_family_of(h->kind), CL_FAMILY_MASK);
    assert_int_equal(h->severity, CL_SEV_ERROR);
    assert_string_equal(h->kernel, "badmask");
    assert_int_equal(h->lane, 4);
    assert_int_equal(h->source_lane, 20);
    assert_int_equal(h->mask, 0x000fffffu);
    assert_int_equal(h->count, 4);           /* two warps in each of two blocks */
    assert_int_equal(h->instances, 4 * 12);  /* lanes 4..15 */
    assert_int_equal(h->block.x, 0);
    assert_int_equal(h->warp, 0);
    assert_true(h->has_picture);
    assert_true(h->picture[0].took_part);
    assert_int_equal(h->picture[0].source, 16);
    assert_int_equal(h->picture[0].read, SIM_READ_VALID);
    assert_int_equal(h->picture[4].read, SIM_READ_UNDEFINED);
    assert_int_equal(h->picture[16].read, SIM_READ_OWN);
    assert_false(h->picture[20].took_part);
    assert_non_null(strstr(h->ptx, "shfl.sync.down.b32"));
    uint32_t v[20];
    assert_int_equal(sim_read(sm, v, out, sizeof v, &e), CL_OK);
    assert_int_equal(v[0], 16);
    assert_int_equal(v[4], SIM_POISON32);
    assert_int_equal(v[16], 16);
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

/* A kernel's parameters loaded as one op give each lane what one ld.param
 * at a time would (sizes 8, 4, 2 and 8, at their offsets), and an ld.param
 * past the parameters, third of such a run, faults at its own line after
 * the two before it ran. */
static void test_parameter_runs(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = sim_new(NULL);
    cl_error e;
    uint64_t out = zeroed(sm, 40 * 16);
    unsigned char blob[32] = { 0 };
    size_t ps = ptx_entry_param_size(m, (size_t)ptx_find_entry(m, "params"));
    assert_int_equal(ps, 24); /* 8, 4, 2, then 8 at offset 16 */
    uint32_t a = 0xa1a2a3a4u;
    uint16_t b = 0xb1b2;
    uint64_t c = 0x0102030405060708ull;
    memcpy(blob, &out, 8);
    memcpy(blob + 8, &a, 4);
    memcpy(blob + 12, &b, 2);
    memcpy(blob + 16, &c, 8);
    sim_launch_result *r = NULL;
    assert_int_equal(sim_launch(sm, m, "params", (sim_dim3){ 1, 1, 1 }, (sim_dim3){ 40, 1, 1 }, 0, blob, ps, &r, &e),
                     CL_OK);
    assert_int_equal(r->status, SIM_COMPLETED);
    assert_int_equal(r->nhazards, 0);
    uint32_t v[40 * 4];
    assert_int_equal(sim_read(sm, v, out, sizeof v, &e), CL_OK);
    for (int t = 0; t < 40; t++) {
        assert_int_equal(v[4 * t], a);
        assert_int_equal(v[4 * t + 1], b);
        assert_int_equal(v[4 * t + 2], 0x05060708u);
        assert_int_equal(v[4 * t + 3], (uint32_t)t);
    }
    sim_launch_result_free(r);

    ps = ptx_entry_param_size(m, (size_t)ptx_find_entry(m, "pastparams"));
    assert_int_equal(ps, 12); /* (run()'s blob has 8 bytes) */
    memset(blob, 0, sizeof blob);
    memcpy(blob, &out, 8);
    memcpy(blob + 8, &a, 4);
    assert_int_equal(sim_launch(sm, m, "pastparams", (sim_dim3){ 1, 1, 1 }, (sim_dim3){ 32, 1, 1 }, 0, blob, ps, &r, &e),
                     CL_OK);
    assert_int_not_equal(r->status, SIM_COMPLETED);
    assert_true(r->nhazards >= 1);
    assert_non_null(strstr(r->hazards[0].ptx, "[a+4]"));
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

/* A shared load (a run of words, one word) whose guard holds for no lane
 * of a full warp loads nothing: every lane keeps its register. */
static void test_shared_load_no_lane(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = sim_new(NULL);
    cl_error e;
    uint64_t out = zeroed(sm, 64 * 4);
    sim_launch_result *r = run(sm, m, "guardedshared", 1, 64, out);
    assert_int_equal(r->status, SIM_COMPLETED);
    assert_int_equal(r->nhazards, 0);
    uint32_t v[64];
    assert_int_equal(sim_read(sm, v, out, sizeof v, &e), CL_OK);
    for (int t = 0; t < 64; t++) assert_int_equal(v[t], 16);
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

/* A warp's shared load at one stride (a tile's column, the transposes'
 * `tile[tx][ty]`): each lane gets its word, and the load is one request
 * with gcd(stride in words, 32) - 1 extra wavefronts, up or down (a
 * block's slots read in reverse); a column that runs past either end of
 * shared memory (the general path: out of bounds), a run and one word (the
 * other paths) alike; without the __syncwarp() between the fill and the
 * column, the lanes reading words another lane wrote race. */
static void test_shared_columns(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_machine *sm = sim_new(NULL);
    cl_error e;
    uint64_t out = zeroed(sm, 32 * 4);
    size_t ps = ptx_entry_param_size(m, (size_t)ptx_find_entry(m, "colread"));
    static const struct { uint32_t stride, at, sync, extra, oob; } cases[] = {
        { 128, 0, 1, 31, 0 },  { 132, 4, 1, 0, 0 },  { 8, 0, 1, 1, 0 },    { 64, 12, 1, 15, 0 },
        { 96, 8, 1, 7, 0 },    { 4, 0, 1, 0, 0 },    { 0, 20, 1, 0, 0 },   { 128, 256, 1, 31, 1 },
        { (uint32_t)-128, 3968, 1, 31, 0 }, { (uint32_t)-4, 124, 1, 0, 0 }, { (uint32_t)-132, 4100, 1, 0, 0 },
        { (uint32_t)-128, 64, 1, UINT32_MAX, 31 }, { 128, 0, 0, 31, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned char blob[24] = { 0 };
        memcpy(blob, &out, 8);
        memcpy(blob + 8, &cases[i].stride, 4);
        memcpy(blob + 12, &cases[i].at, 4);
        memcpy(blob + 16, &cases[i].sync, 4);
        assert_int_equal(sim_fill(sm, out, 0xff, 32 * 4, &e), CL_OK);
        sim_launch_result *r = NULL;
        assert_int_equal(sim_launch(sm, m, "colread", (sim_dim3){ 1, 1, 1 }, (sim_dim3){ 32, 1, 1 }, 0, blob, ps, &r, &e),
                         CL_OK);
        uint32_t v[32];
        assert_int_equal(sim_read(sm, v, out, sizeof v, &e), CL_OK);
        for (uint32_t l = 0; l < 32 - cases[i].oob; l++) {
            uint32_t want = (cases[i].at + l * cases[i].stride) / 4;
            if (v[l] != want) fail_msg("case %zu: lane %u read %u, not %u", i, l, v[l], want);
        }
        assert_int_equal(r->counters.shared_load_requests, 1);
        if (cases[i].extra != UINT32_MAX && r->counters.bank_conflicts != cases[i].extra)
            fail_msg("case %zu: %llu extra wavefronts, not %u", i, (unsigned long long)r->counters.bank_conflicts, cases[i].extra);
        if (cases[i].oob) {
            assert_int_equal(r->status, SIM_FAULTED);
            assert_true(r->nhazards >= 1);
            assert_int_equal(r->hazards[0].kind, CL_HZ_OOB);
        } else if (!cases[i].sync) {
            assert_true(r->nhazards >= 1);
            assert_int_equal(r->hazards[0].kind, CL_HZ_RACE_WARP);
        } else {
            assert_int_equal(r->status, SIM_COMPLETED);
            assert_int_equal(r->nhazards, 0);
        }
        sim_launch_result_free(r);
    }
    sim_free(sm);
    ptx_module_free(m);
}

/* The sectors a full warp's 4-byte words at a0 + l d touch, lane by lane. */
static uint64_t sectors_of(uint64_t a0, int64_t d)
{
    uint64_t s[32], n = 0;
    for (int l = 0; l < 32; l++) {
        uint64_t x = (a0 + (uint64_t)l * (uint64_t)d) >> 5;
        bool seen = false;
        for (uint64_t i = 0; i < n; i++) seen = seen || s[i] == x;
        if (!seen) s[n++] = x;
    }
    return n;
}

/* A full warp's plain 32-bit global loads and stores (the global short
 * path, X_LDG and X_STG, and the general path it leaves the rest to): a row
 * from any word, columns up and down, strides under a sector, one word,
 * and lanes that leave the buffer by either end, by a huge stride or by a
 * misaligned start. Each lane moves its own word and no other word of out
 * changes; one request each way, with the sectors found lane by lane; and a
 * lane outside the buffer or misaligned is a fault, the lanes inside it
 * still moved. */
static void test_global_rows_and_columns(void **state)
{
    (void)state;
    enum { BYTES = 1 << 16 };
    ptx_module *m = module();
    sim_machine *sm = sim_new(NULL);
    cl_error e;
    uint64_t in, out;
    assert_int_equal(sim_alloc(sm, BYTES, "in", &in, &e), CL_OK);
    assert_int_equal(sim_alloc(sm, BYTES, "out", &out, &e), CL_OK);
    static uint32_t words[BYTES / 4], back[BYTES / 4];
    for (uint32_t i = 0; i < BYTES / 4; i++) words[i] = i;
    assert_int_equal(sim_write(sm, in, words, BYTES, &e), CL_OK);
    size_t ps = ptx_entry_param_size(m, (size_t)ptx_find_entry(m, "gcol"));
    enum { OK, OOB_LD, OOB_ST, MISALIGNED };
    static const struct { int64_t lstep, sstep; uint64_t lat, sat; int fault; } cases[] = {
        { 4, 4, 0, 0, OK },                 { 4, 4, 4, 12, OK },              { 4, 4, BYTES - 128, 0, OK },
        { 128, 256, 8, 4, OK },             { -128, -132, 32 * 128 + 8, 40000, OK },
        { 2048, -2048, 0, BYTES - 4, OK }, { 2044, 32, 4, 0, OK },          { 8, 36, 0, 0, OK },
        { -4, 4, 124, 0, OK },              { 0, 32, 20, 0, OK },             { 4, 0, 0, 64, OK },
        { 4096, 4, 4096, 0, OOB_LD },       { -128, 4, 64, 0, OOB_LD },       { (int64_t)1 << 40, 4, 0, 0, OOB_LD },
        { 4, 4, BYTES - 124, 0, OOB_LD },   { 4, 4096, 0, 4096, OOB_ST },     { 4, -128, 0, 64, OOB_ST },
        { 4, 4, 2, 0, MISALIGNED },         { 4, 128, 0, 2, MISALIGNED },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned char blob[48];
        uint64_t p[6] = { in, out, (uint64_t)cases[i].lstep, (uint64_t)cases[i].sstep, cases[i].lat, cases[i].sat };
        memcpy(blob, p, sizeof p);
        assert_int_equal(sim_fill(sm, out, 0xff, BYTES, &e), CL_OK);
        sim_launch_result *r = NULL;
        assert_int_equal(sim_launch(sm, m, "gcol", (sim_dim3){ 1, 1, 1 }, (sim_dim3){ 32, 1, 1 }, 0, blob, ps, &r, &e),
                         CL_OK);
        assert_int_equal(sim_read(sm, back, out, BYTES, &e), CL_OK);
        /* what the lanes store, in lane order (the last writer wins) */
        static uint32_t want[BYTES / 4];
        static bool any[BYTES / 4]; /* a lane whose load faulted stores the emulator's poison */
        memset(want, 0xff, sizeof want);
        memset(any, 0, sizeof any);
        unsigned moved = 0;
        for (uint32_t l = 0; l < 32; l++) {
            uint64_t from = cases[i].lat + l * (uint64_t)cases[i].lstep, to = cases[i].sat + l * (uint64_t)cases[i].sstep;
            if (to <= BYTES - 4 && from > BYTES - 4) any[to / 4] = true;
            if (from > BYTES - 4 || to > BYTES - 4 || cases[i].fault == MISALIGNED) continue;
            want[to / 4] = (uint32_t)(from / 4);
            moved++;
        }
        for (uint32_t w = 0; w < BYTES / 4; w++)
            if (back[w] != want[w] && !any[w] && cases[i].fault != MISALIGNED)
                fail_msg("case %zu: word %u of out is %u, not %u", i, w, back[w], want[w]);
        if (cases[i].fault == OK) {
            if (moved != 32) fail_msg("case %zu: %u lanes moved", i, moved);
            assert_int_equal(r->status, SIM_COMPLETED);
            assert_int_equal(r->nhazards, 0);
            assert_int_equal(r->counters.global_load_requests, 1);
            assert_int_equal(r->counters.global_store_requests, 1);
            assert_int_equal(r->counters.global_load_bytes, 128);
            assert_int_equal(r->counters.global_store_bytes, 128);
            if (r->counters.global_load_sectors != sectors_of(in + cases[i].lat, cases[i].lstep) ||
                r->counters.global_store_sectors != sectors_of(out + cases[i].sat, cases[i].sstep))
                fail_msg("case %zu: %llu and %llu sectors, not %llu and %llu", i,
                         (unsigned long long)r->counters.global_load_sectors,
                         (unsigned long long)r->counters.global_store_sectors,
                         (unsigned long long)sectors_of(in + cases[i].lat, cases[i].lstep),
                         (unsigned long long)sectors_of(out + cases[i].sat, cases[i].sstep));
        } else {
            assert_int_equal(r->status, SIM_FAULTED);
            assert_true(r->nhazards >= 1);
            assert_int_equal(r->hazards[0].kind, cases[i].fault == MISALIGNED ? CL_HZ_MISALIGNED : CL_HZ_OOB);
            if (cases[i].fault != MISALIGNED) assert_true(moved < 32);
        }
        sim_launch_result_free(r);
    }
    sim_free(sm);
    ptx_module_free(m);
}

static void test_printf_cap(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_options o = { 0 };
    o.printf_lines = 10;
    sim_machine *sm = sim_new(&o);
    sim_launch_result *r = run(sm, m, "talk", 2, 32, 0);
    assert_int_equal(r->nprintf, 10);
    assert_int_equal(r->printf_dropped_lines, 54);
    assert_string_equal(r->printf_lines[3].text, "tid 3\n");
    assert_int_equal(r->printf_lines[3].thread.x, 3);
    assert_non_null(strstr(r->printf_text, "[block (0,0,0) thread (9,0,0)] tid 9\n"));
    assert_non_null(strstr(r->printf_text, "54 more lines"));
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

static void test_threads_agree(void **state)
{
    (void)state;
    ptx_module *m = module();
    sim_launch_result *r[2];
    for (int i = 0; i < 2; i++) {
        sim_options o = { 0 };
        o.threads = i ? 4 : 1;
        sim_machine *sm = sim_new(&o);
        cl_error e;
        uint64_t out;
        assert_int_equal(sim_alloc(sm, 64 * 64 * 4, "out", &out, &e), CL_OK);
        r[i] = run(sm, m, "badmask", 64, 64, out);
        sim_free(sm);
    }
    assert_int_equal(r[0]->nhazards, r[1]->nhazards);
    assert_int_equal(r[0]->hazards[0].count, 128);
    assert_int_equal(r[0]->hazards[0].count, r[1]->hazards[0].count);
    assert_int_equal(r[0]->hazards[0].instances, r[1]->hazards[0].instances);
    assert_string_equal(r[0]->hazards[0].message, r[1]->hazards[0].message);
    assert_memory_equal(&r[0]->counters, &r[1]->counters, sizeof r[0]->counters);
    sim_launch_result_free(r[0]);
    sim_launch_result_free(r[1]);
    ptx_module_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_memory),
        cmocka_unit_test(test_layout_depends_on_what_is_live),
        cmocka_unit_test(test_launch_errors),
        cmocka_unit_test(test_module_variables),
        cmocka_unit_test(test_bank_conflicts),
        cmocka_unit_test(test_atomics_in_lane_order),
        cmocka_unit_test(test_traffic_counters),
        cmocka_unit_test(test_hazard_record),
        cmocka_unit_test(test_parameter_runs),
        cmocka_unit_test(test_shared_load_no_lane),
        cmocka_unit_test(test_shared_columns),
        cmocka_unit_test(test_global_rows_and_columns),
        cmocka_unit_test(test_printf_cap),
        cmocka_unit_test(test_threads_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
