/* test_sim_regs.c - the packing of registers into shared rows (zero.c:
 * sim_pack_registers). A kernel with a chain of short-lived 64-bit
 * registers, a register live across a divergent if/else whose sides make
 * temporaries of their own, a guarded write, a register read before any
 * write (zero) and a shuffle reading its neighbour's register must give the
 * values a model of it gives, packed (the default) and unpacked (the
 * reference_alu option keeps every row), on one and on two host threads;
 * and the chain's registers must in fact share rows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/internal.h"

static const char *const ptx =
    ".version 9.0\n.target sm_75\n.address_size 64\n"
    ".visible .entry chain(.param .u64 out, .param .u32 n)\n"
    "{\n"
    "  .reg .pred %p<4>; .reg .b32 %r<8>; .reg .b64 %rd<30>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  ld.param.u32 %r1, [n];\n"
    "  mov.u32 %r7, %ctaid.x;\n"
    "  mov.u32 %r6, %ntid.x;\n"
    "  mov.u32 %r2, %tid.x;\n"
    "  mad.lo.s32 %r2, %r7, %r6, %r2;\n"
    "  cvt.u64.u32 %rd2, %r2;\n"
    "  add.s64 %rd3, %rd2, 1;\n"
    "  mul.lo.s64 %rd4, %rd3, 3;\n"
    "  add.s64 %rd5, %rd4, %rd2;\n"
    "  sub.s64 %rd6, %rd5, 2;\n"
    "  xor.b64 %rd7, %rd6, %rd3;\n"
    "  add.s64 %rd8, %rd7, 5;\n"
    "  mul.lo.s64 %rd9, %rd8, %rd8;\n"
    "  add.s64 %rd10, %rd9, %rd2;\n"
    "  and.b32 %r3, %r2, 1;\n"
    "  setp.eq.s32 %p1, %r3, 0;\n"
    "  @%p1 bra EVEN;\n"
    "  add.s64 %rd11, %rd10, 7;\n"
    "  mul.lo.s64 %rd12, %rd11, 11;\n"
    "  sub.s64 %rd13, %rd12, %rd2;\n"
    "  xor.b64 %rd20, %rd13, 0;\n"
    "  bra.uni JOIN;\n"
    "EVEN:\n"
    "  mul.lo.s64 %rd14, %rd10, 13;\n"
    "  add.s64 %rd15, %rd14, %rd9;\n"
    "  @%p1 add.s64 %rd16, %rd15, 1;\n"
    "  xor.b64 %rd20, %rd16, %rd15;\n"
    "JOIN:\n"
    "  add.s64 %rd22, %rd20, %rd21;\n"
    "  add.s64 %rd22, %rd22, %rd10;\n"
    "  cvt.u32.u64 %r4, %rd22;\n"
    "  shfl.sync.down.b32 %r5, %r4, 1, 31, -1;\n"
    "  cvt.u64.u32 %rd23, %r5;\n"
    "  add.s64 %rd24, %rd22, %rd23;\n"
    "  mul.wide.u32 %rd25, %r2, 8;\n"
    "  add.s64 %rd26, %rd1, %rd25;\n"
    "  setp.lt.u32 %p2, %r2, %r1;\n"
    "  @%p2 st.global.u64 [%rd26], %rd24;\n"
    "  ret;\n"
    "}\n";

/* What lane t's %rd22 holds. */
static uint64_t model22(uint64_t t)
{
    uint64_t rd3 = t + 1, rd5 = rd3 * 3 + t, rd7 = (rd5 - 2) ^ rd3, rd9 = (rd7 + 5) * (rd7 + 5), rd10 = rd9 + t;
    uint64_t rd20;
    if (t & 1) {
        rd20 = (rd10 + 7) * 11 - t;
    } else {
        uint64_t rd15 = rd10 * 13 + rd9;
        rd20 = (rd15 + 1) ^ rd15;
    }
    return rd20 + rd10;
}

static ptx_module *module(void)
{
    ptx_module *m = NULL;
    cl_error e;
    if (ptx_parse(ptx, strlen(ptx), "k.ptx", &m, &e) != CL_OK) fail_msg("parse: %s (line %d)", e.message, e.line);
    return m;
}

/* The values of one launch of 3 blocks of 64 threads, n = 150. */
static void launch(ptx_module *m, bool reference, unsigned threads, uint64_t *out)
{
    sim_options opt = { .threads = threads, .reference_alu = reference };
    sim_machine *sm = sim_new(&opt);
    cl_error e;
    uint64_t buf;
    assert_int_equal(sim_alloc(sm, 192 * 8, "out", &buf, &e), CL_OK);
    assert_int_equal(sim_fill(sm, buf, 0xee, 192 * 8, &e), CL_OK);
    unsigned char blob[16] = { 0 };
    uint32_t n = 150;
    memcpy(blob, &buf, 8);
    memcpy(blob + 8, &n, 4);
    sim_launch_result *r = NULL;
    assert_int_equal(sim_launch(sm, m, "chain", (sim_dim3){ 3, 1, 1 }, (sim_dim3){ 64, 1, 1 }, 0, blob,
                                ptx_entry_param_size(m, 0), &r, &e),
                     CL_OK);
    assert_int_equal(r->status, SIM_COMPLETED);
    assert_int_equal(r->nhazards, 0);
    assert_int_equal(sim_read(sm, out, buf, 192 * 8, &e), CL_OK);
    sim_launch_result_free(r);
    sim_free(sm);
}

static void test_packed_values(void **state)
{
    (void)state;
    ptx_module *m = module();
    uint64_t want[192], got[192];
    for (uint64_t t = 0; t < 192; t++) {
        uint64_t next = (t % 32) == 31 ? t : t + 1; /* shfl.down by 1, lane 31 keeps its own */
        want[t] = t < 150 ? model22(t) + (uint32_t)model22(next) : 0xeeeeeeeeeeeeeeeeull;
    }
    for (int reference = 0; reference < 2; reference++)
        for (unsigned threads = 1; threads <= 2; threads++) {
            launch(m, reference, threads, got);
            for (int t = 0; t < 192; t++)
                if (got[t] != want[t])
                    fail_msg("%s, %u host threads: out[%d] = %llx, the model %llx", reference ? "unpacked" : "packed",
                             threads, t, (unsigned long long)got[t], (unsigned long long)want[t]);
        }
    ptx_module_free(m);
}

/* The 64-bit rows the ALU ops of the chain write. */
static unsigned rows_written(const sim_program *p, bool *named)
{
    unsigned n = 0;
    memset(named, 0, p->nreg64);
    for (uint32_t pc = 0; pc < p->ncode; pc++) {
        const sim_op *op = &p->code[pc];
        if (op->x != X_ADD64 && op->x != X_SUB64 && op->x != X_MUL64 && op->x != X_XOR64) continue;
        if (op->s[0] < p->nreg64 && !named[op->s[0]]) named[op->s[0]] = true, n++;
    }
    return n;
}

static void test_rows_shared(void **state)
{
    (void)state;
    ptx_module *m = module();
    cl_error e;
    bool named[64];
    sim_machine *sm = sim_new(NULL);
    sim_program *p = NULL;
    assert_int_equal(sim_program_build(sm, m, 0, &p, &e), CL_OK);
    assert_true(p->nreg64 <= 64);
    /* the 18 registers the chain's adds, subtractions, multiplications and
       xors write share 10 rows: the shuffle's slots are kept in both banks
       (the packing does not know its operands' banks), so rows 4, 5, 12
       and 14 are not taken, nor %rd16's */
    assert_int_equal(rows_written(p, named), 10);
    /* %rd21 is read before any write and %rd16 written under a guard (so
       read too): both are zeroed, and keep their own rows */
    bool read21 = false;
    for (uint32_t pc = 0; pc < p->ncode; pc++)
        if (p->code[pc].x == X_ADD64 && (p->code[pc].s[1] == 21 || p->code[pc].s[2] == 21)) read21 = true;
    assert_true(read21);
    assert_true(named[16]);
    sim_program_free(p);
    sim_free(sm);
    ptx_module_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_packed_values),
        cmocka_unit_test(test_rows_shared),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
