/* test_sim_tensor.c - the tensor-core model (grader/sim/tensor_math.c)
 * against exact arithmetic and against the GPU.
 *
 * Always: every shape and type combination of wmma and mma.sync on small
 * integers, whose products and sums are exact (the result must equal a
 * double's); the fragment layouts (every element of a matrix held, by the
 * lanes and elements the PTX ISA says for mma.sync); the rounding model's
 * signature cases (truncation of an f32 result, terms below the block's
 * extra bits lost, round-to-nearest-even of an f16 result).
 *
 * With the H200's record (tests/golden/gpu/tensor.h200, written by
 * bench/tensor/tc_probe.cu; its format is at the top of that file): every
 * wmma, mma and ldmatrix case run through the model from the record's
 * inputs, and every output element compared bit for bit with the GPU's;
 * nvcc's wmma fragment layouts (the frag lines) compared with the
 * emulator's. Each difference is listed (the first ones of each kind), and
 * any fails the test. CUDALAB_TENSOR_RECORD names another record to judge. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx.h"
#include "sim/tensor.h"

#define XORSHIFT_SEED 0x2545f4914f6cdd1dull
#include "xorshift.h"

#ifndef CUDALAB_TEST_DIR
#define CUDALAB_TEST_DIR "tests"
#endif

/* ---- exact cases ---- */

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Small integers as bits of type t: f16, bf16, tf32 (as f32), s8, u8. */
static uint32_t small_int(unsigned t, int v)
{
    switch (t) {
    case PTX_TC_f16: {
        if (!v) return 0;
        unsigned s = v < 0, a = (unsigned)abs(v), e = 31u - (unsigned)__builtin_clz(a);
        return s << 15 | (e + 15) << 10 | ((a << (10 - e)) & 0x3ffu);
    }
    case PTX_TC_bf16: return f32_bits((float)v) >> 16;
    case PTX_TC_s8: case PTX_TC_u8: return (uint32_t)v & 0xffu;
    case PTX_TC_s32: return (uint32_t)v;
    default: return f32_bits((float)v);
    }
}

static double value_of(unsigned t, uint32_t b)
{
    switch (t) {
    case PTX_TC_f16: {
        unsigned e = b >> 10 & 31, m = b & 0x3ff;
        double v = e ? ldexp(1024 + m, (int)e - 25) : ldexp(m, -24);
        return (b >> 15) ? -v : v;
    }
    case PTX_TC_bf16: return bits_f32(b << 16);
    case PTX_TC_s8: return (int8_t)b;
    case PTX_TC_u8: return (uint8_t)b;
    case PTX_TC_s32: return (int32_t)b;
    default: return bits_f32(b);
    }
}

typedef struct combo { unsigned shape, ta, tb, tc, td; } combo;

static const combo combos[] = {
    { PTX_SHAPE_m16n16k16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f32, PTX_TC_f32 },
    { PTX_SHAPE_m16n16k16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f16 },
    { PTX_SHAPE_m32n8k16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f32 },
    { PTX_SHAPE_m8n32k16, PTX_TC_bf16, PTX_TC_bf16, PTX_TC_f32, PTX_TC_f32 },
    { PTX_SHAPE_m16n16k16, PTX_TC_s8, PTX_TC_s8, PTX_TC_s32, PTX_TC_s32 },
    { PTX_SHAPE_m32n8k16, PTX_TC_u8, PTX_TC_u8, PTX_TC_s32, PTX_TC_s32 },
    { PTX_SHAPE_m16n16k8, PTX_TC_tf32, PTX_TC_tf32, PTX_TC_f32, PTX_TC_f32 },
    { PTX_SHAPE_m16n8k8, PTX_TC_f16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f16 },
    { PTX_SHAPE_m16n8k16, PTX_TC_bf16, PTX_TC_bf16, PTX_TC_f32, PTX_TC_f32 },
    { PTX_SHAPE_m16n8k32, PTX_TC_s8, PTX_TC_u8, PTX_TC_s32, PTX_TC_s32 },
    { PTX_SHAPE_m16n8k4, PTX_TC_tf32, PTX_TC_tf32, PTX_TC_f32, PTX_TC_f32 },
};

static void test_exact_products(void **state)
{
    (void)state;
    for (size_t ci = 0; ci < sizeof combos / sizeof *combos; ci++) {
        const combo *c = &combos[ci];
        unsigned M, N, K;
        sim_tc_shape_mnk(c->shape, &M, &N, &K);
        uint32_t a[512], b[512], cc[256], d[256];
        bool small = c->td == PTX_TC_f16 || c->tc == PTX_TC_f16; /* a half holds integers up to 2048 */
        for (unsigned i = 0; i < M * K; i++) a[i] = small_int(c->ta, (int)next(9) - 4 + (c->ta == PTX_TC_u8) * 4);
        for (unsigned i = 0; i < K * N; i++) b[i] = small_int(c->tb, (int)next(9) - 4 + (c->tb == PTX_TC_u8) * 4);
        for (unsigned i = 0; i < M * N; i++) cc[i] = small_int(c->tc, (int)next(small ? 64 : 100000) - (small ? 32 : 50000));
        sim_tc_mma(M, N, K, c->ta, c->tb, c->tc, c->td, false, a, b, cc, d);
        for (unsigned i = 0; i < M; i++)
            for (unsigned j = 0; j < N; j++) {
                double want = value_of(c->tc, cc[i * N + j]);
                for (unsigned k = 0; k < K; k++) want += value_of(c->ta, a[i * K + k]) * value_of(c->tb, b[k * N + j]);
                if (value_of(c->td, d[i * N + j]) != want)
                    fail_msg("combo %zu (%s): d[%u][%u] = %g, want %g", ci, ptx_tc_shape_name(c->shape), i, j,
                             value_of(c->td, d[i * N + j]), want);
            }
    }
}

/* The multiplicand (use A, B) or accumulator (C) type fits the shape. */
static bool valid(unsigned s, unsigned use, unsigned t)
{
    unsigned m, n, k;
    sim_tc_shape_mnk(s, &m, &n, &k);
    if (use == SIM_TC_USE_C)
        return t == PTX_TC_f32 || ((t == PTX_TC_f16 || t == PTX_TC_s32) && k >= 8 && s != PTX_SHAPE_m16n16k8 &&
                                   (t == PTX_TC_f16 || k != 8));
    switch (s) {
    case PTX_SHAPE_m16n16k8: case PTX_SHAPE_m16n8k4: return t == PTX_TC_tf32;
    case PTX_SHAPE_m16n8k8: return t == PTX_TC_f16 || t == PTX_TC_bf16 || t == PTX_TC_tf32;
    case PTX_SHAPE_m16n8k16: return t == PTX_TC_f16 || t == PTX_TC_bf16;
    case PTX_SHAPE_m16n8k32: return t == PTX_TC_s8;
    default: return t == PTX_TC_f16 || t == PTX_TC_bf16 || t == PTX_TC_s8;
    }
}

/* Every element of the matrix is held by some lane, and mma.sync's by
 * exactly one (lane, element). */
static void test_layouts_cover(void **state)
{
    (void)state;
    static const unsigned types[] = { PTX_TC_f16, PTX_TC_bf16, PTX_TC_s8, PTX_TC_tf32, PTX_TC_f32, PTX_TC_s32 };
    for (unsigned s = 1; s < PTX_SHAPE_COUNT; s++)
        for (unsigned use = 0; use < 3; use++)
            for (size_t ti = 0; ti < sizeof types / sizeof *types; ti++) {
                sim_tc_frag f;
                if (!valid(s, use, types[ti]) || !sim_tc_frag_of(s, use, types[ti], &f)) continue;
                unsigned char seen[512] = { 0 };
                for (unsigned l = 0; l < 32; l++)
                    for (unsigned e = 0; e < f.nelem; e++) {
                        unsigned r, c;
                        sim_tc_frag_pos(s, use, types[ti], l, e, &r, &c);
                        if (r >= f.rows || c >= f.cols)
                            fail_msg("%s use %u type %s: lane %u element %u at (%u, %u)", ptx_tc_shape_name(s), use,
                                     ptx_tc_type_name(types[ti]), l, e, r, c);
                        seen[r * f.cols + c]++;
                    }
                unsigned copies = f.nelem * 32 / (f.rows * f.cols);
                for (unsigned i = 0; i < f.rows * f.cols; i++)
                    if (seen[i] != copies)
                        fail_msg("%s use %u type %s: element %u held %u times, want %u", ptx_tc_shape_name(s), use,
                                 ptx_tc_type_name(types[ti]), i, seen[i], copies);
            }
    /* the PTX ISA's m16n8k16 A: lane 5 (group 1, thread 1), a2 a3 at row 9, columns 2, 3; a4 at row 1, column 10 */
    unsigned r, c;
    sim_tc_frag_pos(PTX_SHAPE_m16n8k16, SIM_TC_USE_A, PTX_TC_f16, 5, 3, &r, &c);
    assert_int_equal(r * 100 + c, 903);
    sim_tc_frag_pos(PTX_SHAPE_m16n8k16, SIM_TC_USE_A, PTX_TC_f16, 5, 4, &r, &c);
    assert_int_equal(r * 100 + c, 110);
    sim_tc_frag_pos(PTX_SHAPE_m16n8k8, SIM_TC_USE_A, PTX_TC_tf32, 6, 2, &r, &c); /* a2: (g, q + 4) */
    assert_int_equal(r * 100 + c, 106);
    sim_tc_frag_pos(PTX_SHAPE_m16n8k32, SIM_TC_USE_B, PTX_TC_s8, 7, 5, &r, &c); /* b5: k = 4q + 1 + 16, n = g */
    assert_int_equal(r * 100 + c, 2901);
}

/* The model's signature: an f32 result truncated; products below the
 * block's 2 extra bits lost; an f16 result rounded to nearest even. */
static void test_rounding_model(void **state)
{
    (void)state;
    uint32_t a[16] = { 0 }, b[16] = { 0 };
    /* C = 1, one product 3 * 2^-25 (3 * 2^-13 times 2^-12, in halves): exactly
       1 + 3 * 2^-25, truncated to 1 (nearest would give 1 + 2^-23) */
    a[0] = 0x0600; /* 3 * 2^-13: exponent -12, significand 1.5 */
    b[0] = 0x0c00; /* 2^-12 */
    assert_int_equal(sim_tc_dot(16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f32, PTX_TC_f32, false, a, b, 0x3f800000u),
                     0x3f800000u);
    /* eight products of 2^-26 with C = 1: each below 2^-25, lost; the exact
       sum 1 + 2^-23 is an f32, yet the result is 1 */
    for (int i = 0; i < 8; i++) {
        a[i] = 0x0800; /* 2^-13 */
        b[i] = 0x0800;
    }
    assert_int_equal(sim_tc_dot(16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f32, PTX_TC_f32, false, a, b, 0x3f800000u),
                     0x3f800000u);
    /* the same products with C = 0: exact, 2^-23 */
    assert_int_equal(sim_tc_dot(16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f32, PTX_TC_f32, false, a, b, 0), 0x34000000u);
    /* f16 result: 1 + 2^-11 is a tie, to even 1; 1 + 3 * 2^-11 rounds up to 1 + 2^-9 */
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    a[0] = 0x3c00;
    b[0] = 0x3c00; /* 1 */
    a[1] = 0x1000; /* 2^-11 */
    b[1] = 0x3c00;
    assert_int_equal(sim_tc_dot(16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f16, false, a, b, 0), 0x3c00u);
    a[1] = 0x1600; /* 3 * 2^-11 */
    assert_int_equal(sim_tc_dot(16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f16, false, a, b, 0), 0x3c02u);
    /* NaN and infinities; integers wrap or clamp */
    a[0] = 0x7c00; /* inf */
    b[1] = 0;      /* 3 * 2^-11 times 0 */
    assert_int_equal(sim_tc_dot(16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f32, PTX_TC_f32, false, a, b, 0), 0x7f800000u);
    b[0] = 0;      /* inf times 0 */
    assert_int_equal(sim_tc_dot(16, PTX_TC_f16, PTX_TC_f16, PTX_TC_f32, PTX_TC_f32, false, a, b, 0), 0x7fffffffu);
    uint32_t ia[4] = { 127, 127, 0, 0 }, ib[4] = { 127, 127, 0, 0 };
    assert_int_equal(sim_tc_dot(4, PTX_TC_s8, PTX_TC_s8, PTX_TC_s32, PTX_TC_s32, false, ia, ib, 0x7fffffffu),
                     (uint32_t)(0x7fffffffu + 2u * 127 * 127));
    assert_int_equal(sim_tc_dot(4, PTX_TC_s8, PTX_TC_s8, PTX_TC_s32, PTX_TC_s32, true, ia, ib, 0x7fffffffu),
                     0x7fffffffu);
}

/* ---- the fast path against the general one ---- */

/* Random bits of float type t (f16, bf16, tf32 or f32) whose exponent
 * field lies within spread of center: zeros, subnormals, values far below
 * the block's largest, signs both ways, now and then an infinity or a NaN. */
static uint32_t rand_float(unsigned t, int center, int spread)
{
    unsigned ebits = t == PTX_TC_f16 ? 5 : 8, fbits = t == PTX_TC_f16 ? 10 : t == PTX_TC_bf16 ? 7 : 23;
    unsigned top = (1u << ebits) - 1, r = (unsigned)next(200);
    int e = center - spread + (int)next((uint64_t)(2 * spread + 1));
    e = e < 0 ? 0 : e > (int)top - 1 ? (int)top - 1 : e;
    uint32_t m = (uint32_t)next64() & ((1u << fbits) - 1), sign = (uint32_t)next(2);
    if (r < 2) e = (int)top, m = r ? m | 1u : 0; /* a NaN or an infinity */
    else if (r < 20) e = 0, m = r < 10 ? 0 : m; /* a zero or a subnormal */
    else if (r < 30) m = 0;                      /* a power of two: cancellations */
    return sign << (ebits + fbits) | (uint32_t)e << fbits | m;
}

/* Every float combination on random tiles of every kind above: the vector
 * fast path (sim_tc_mma_steps, reference false) gives the general path's
 * bits (reference true, dot_dec for every dot product), element by element. */
static void test_fast_equals_general(void **state)
{
    (void)state;
    static const unsigned outs[][2] = { { PTX_TC_f32, PTX_TC_f32 }, { PTX_TC_f16, PTX_TC_f16 },
                                        { PTX_TC_f16, PTX_TC_f32 }, { PTX_TC_f32, PTX_TC_f16 } };
    unsigned tiles = 0, elems = 0;
    for (size_t ci = 0; ci < sizeof combos / sizeof *combos; ci++)
        for (size_t oi = 0; oi < sizeof outs / sizeof *outs; oi++) {
            const combo *c = &combos[ci];
            if (c->ta == PTX_TC_s8 || c->ta == PTX_TC_u8) continue;
            unsigned M, N, K, tc = outs[oi][0], td = outs[oi][1], step = sim_tc_wmma_step(c->shape, c->ta);
            sim_tc_shape_mnk(c->shape, &M, &N, &K);
            for (int n = 0; n < 300; n++) {
                uint32_t a[512], b[512], cc[256], fast[256], general[256];
                int top = c->ta == PTX_TC_f16 ? 30 : 254, center = 1 + (int)next((uint64_t)top);
                int spread = (int)next(n % 3 ? 6 : 40), cspread = (int)next(30);
                for (unsigned i = 0; i < M * K; i++) a[i] = rand_float(c->ta, center, spread);
                for (unsigned i = 0; i < K * N; i++) b[i] = rand_float(c->ta, center, spread);
                int ccenter = tc == PTX_TC_f16 ? (int)next(31) : center * 2 - 127 + (c->ta == PTX_TC_f16 ? 100 : 0);
                for (unsigned i = 0; i < M * N; i++) cc[i] = rand_float(tc, ccenter, cspread);
                sim_tc_mma_steps(M, N, K, step, c->ta, c->tb, tc, td, false, false, a, b, cc, fast);
                sim_tc_mma_steps(M, N, K, step, c->ta, c->tb, tc, td, false, true, a, b, cc, general);
                for (unsigned i = 0; i < M * N; i++)
                    if (fast[i] != general[i])
                        fail_msg("%s %s -> %s, tile %d, element %u: fast 0x%08x, general 0x%08x",
                                 ptx_tc_shape_name(c->shape), ptx_tc_type_name(c->ta), ptx_tc_type_name(td), n, i,
                                 fast[i], general[i]);
                tiles++;
                elems += M * N;
            }
        }
    printf("  fast path = general path: %u tiles, %u elements\n", tiles, elems);
}

/* ---- parsing ---- */

/* A module of one kernel whose body is `body`, for .target sm_<arch>. */
static cl_status parse_body(unsigned arch, const char *body, ptx_module **m, cl_error *e)
{
    char text[2048];
    snprintf(text, sizeof text,
             ".version 8.0\n.target sm_%u\n.address_size 64\n"
             ".visible .entry k(.param .u64 k_p)\n{\n.reg .b32 %%r<40>;\n.reg .f32 %%f<20>;\n.reg .b64 %%rd<4>;\n"
             "ld.param.u64 %%rd1, [k_p];\n%s\nret;\n}\n",
             arch, body);
    memset(e, 0, sizeof *e);
    *m = NULL;
    return ptx_parse(text, strlen(text), "t.ptx", m, e);
}

static void expect_refused(unsigned arch, const char *body, const char *needle)
{
    ptx_module *m;
    cl_error e;
    assert_int_not_equal(parse_body(arch, body, &m, &e), CL_OK);
    if (!strstr(e.message, needle)) fail_msg("message '%s' lacks '%s'", e.message, needle);
    ptx_module_free(m);
}

static void test_parse(void **state)
{
    (void)state;
    ptx_module *m;
    cl_error e;
    /* every form the emulator runs reads back as PTX spells it */
    static const char *const ok[] = {
        "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r1,%r2,%r3,%r4,%r5,%r6,%r7,%r8}, [%rd1], %r9;",
        "wmma.store.d.sync.aligned.col.m32n8k16.f32 [%rd1], {%f1,%f2,%f3,%f4,%f5,%f6,%f7,%f8}, 16;",
        ("wmma.mma.sync.aligned.row.col.m16n16k16.f32.f16 {%f1,%f2,%f3,%f4,%f5,%f6,%f7,%f8}, "
         "{%r1,%r2,%r3,%r4,%r5,%r6,%r7,%r8}, {%r9,%r10,%r11,%r12,%r13,%r14,%r15,%r16}, {%r17,%r18,%r19,%r20};"),
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, {%r5,%r6}, {%f5,%f6,%f7,%f8};",
        "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32 {%r1,%r2,%r3,%r4}, {%r5,%r6,%r7,%r8}, {%r9,%r10}, {%r11,%r12,%r13,%r14};",
        "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r1,%r2,%r3,%r4}, [%r5];",
    };
    static const char *const text[] = {
        "wmma.load.a.sync.aligned.row.m16n16k16.global.f16",
        "wmma.store.d.sync.aligned.col.m32n8k16.f32",
        "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f16",
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
        "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32",
        "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16",
    };
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        if (parse_body(80, ok[i], &m, &e) != CL_OK) fail_msg("%s: %s", ok[i], e.message);
        char buf[512];
        ptx_disasm(m, m->entries[0], 1, buf, sizeof buf);
        if (strncmp(buf, text[i], strlen(text[i])) != 0) fail_msg("'%s' reads back as '%s'", ok[i], buf);
        ptx_module_free(m);
    }
    /* what it does not run, in words that name the module's architecture */
    expect_refused(75, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, {%r5,%r6}, {%f5,%f6,%f7,%f8};",
                   "needs sm_80 or later, and this module targets sm_75");
    expect_refused(90, "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 16, [%r2];",
                   "this module targets sm_90");
    expect_refused(90, "wgmma.fence.sync.aligned;", "an sm_90 instruction");
    expect_refused(80, "wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r1,%r2,%r3,%r4}, [%rd1];",
                   "expected a vector operand of the instruction's width");
    expect_refused(80, "mma.sync.aligned.m16n8k16.row.col.f32.s8.s8.f32 {%f1,%f2,%f3,%f4}, {%r1,%r2,%r3,%r4}, {%r5,%r6}, {%f5,%f6,%f7,%f8};",
                   "a type combination the PTX ISA has not");
    expect_refused(80, "ldmatrix.sync.aligned.m8n8.x3.shared.b16 {%r1,%r2,%r3}, [%r5];", "unsupported modifier '.x3'");
}

/* ---- the GPU's record ---- */

static unsigned type_named(const char *s)
{
    for (unsigned t = 1; t < PTX_TC_COUNT; t++)
        if (!strcmp(ptx_tc_type_name(t), s)) return t;
    return 0;
}

static unsigned shape_named(const char *s)
{
    for (unsigned t = 1; t < PTX_SHAPE_COUNT; t++)
        if (!strcmp(ptx_tc_shape_name(t), s)) return t;
    return 0;
}

/* The value of key= in a record line ("" when absent). */
static const char *field(const char *line, const char *key, char *out, size_t n)
{
    size_t kl = strlen(key);
    const char *p = line;
    out[0] = '\0';
    while ((p = strstr(p, key))) {
        if ((p == line || p[-1] == ' ') && p[kl] == '=') {
            p += kl + 1;
            size_t i = 0;
            while (p[i] && p[i] != ' ' && p[i] != '\n' && i + 1 < n) {
                out[i] = p[i];
                i++;
            }
            out[i] = '\0';
            return out;
        }
        p++;
    }
    return out;
}

/* Hex elements of `digits` digits each; their count. */
static size_t hex_elems(const char *hex, unsigned digits, uint32_t *out, size_t max)
{
    size_t n = strlen(hex) / digits;
    if (n > max) n = max;
    for (size_t i = 0; i < n; i++) {
        char b[9];
        memcpy(b, hex + i * digits, digits);
        b[digits] = '\0';
        out[i] = (uint32_t)strtoul(b, NULL, 16);
    }
    return n;
}

typedef struct tally {
    unsigned cases, elems, bad_cases, bad_elems, shown;
} tally;

/* Cases by kind, shape, types and class, to see where a difference lives. */
typedef struct group {
    char key[96];
    unsigned cases, bad;
} group;
static group groups[256];
static unsigned ngroups;

static void group_note(const char *line, bool bad)
{
    char key[96] = "", v[32];
    const char *keys[] = { "shape", "a", "b", "c", "d", "class", "satf", "tf32", "num", "trans", "use", "type" };
    snprintf(key, sizeof key, "%.*s", (int)strcspn(line, " "), line);
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        const char *k = keys[i];
        size_t kl = strlen(k);
        const char *p = line;
        while ((p = strstr(p, k)) && !((p == line || p[-1] == ' ') && p[kl] == '=')) p++;
        if (!p) continue;
        snprintf(v, sizeof v, "%.*s", (int)strcspn(p + kl + 1, " "), p + kl + 1);
        size_t n = strlen(key);
        snprintf(key + n, sizeof key - n, " %s=%s", k, v);
    }
    for (unsigned i = 0; i < ngroups; i++)
        if (!strcmp(groups[i].key, key)) {
            groups[i].cases++;
            groups[i].bad += bad;
            return;
        }
    if (ngroups < 256) {
        snprintf(groups[ngroups].key, sizeof groups[ngroups].key, "%s", key);
        groups[ngroups].cases = 1;
        groups[ngroups++].bad = bad;
    }
}

static void differ(tally *t, const char *what, const char *head, unsigned idx, uint32_t got, uint32_t want)
{
    t->bad_elems++;
    if (t->shown++ < 12) printf("  %s differs: %.90s ... element %u: emulator 0x%08x, H200 0x%08x\n", what, head, idx, got, want);
}

static unsigned digits_of(unsigned t)
{
    return sim_tc_type_bits(t) / 4;
}

static char *big(size_t n)
{
    char *p = malloc(n);
    assert_non_null(p);
    return p;
}

#define HEXMAX (1u << 16)

static void check_wmma(const char *line, tally *t)
{
    char v[64], *hex = big(HEXMAX);
    unsigned shape = shape_named(field(line, "shape", v, sizeof v)), M, N, K;
    sim_tc_shape_mnk(shape, &M, &N, &K);
    unsigned ta = type_named(field(line, "a", v, sizeof v)), tc = type_named(field(line, "c", v, sizeof v));
    unsigned td = type_named(field(line, "d", v, sizeof v));
    bool arow = !strcmp(field(line, "la", v, sizeof v), "row"), brow = !strcmp(field(line, "lb", v, sizeof v), "row");
    bool crow = !strcmp(field(line, "lc", v, sizeof v), "row");
    bool satf = !strcmp(field(line, "satf", v, sizeof v), "1");
    unsigned lda = 0, ldb = 0, ldc = 0;
    sscanf(field(line, "ld", v, sizeof v), "%u,%u,%u", &lda, &ldb, &ldc);
    static uint32_t A[4096], B[4096], C[4096], D[4096], mine[4096], a[512], b[512], c[512], d[512];
    size_t nd = hex_elems(field(line, "D", hex, HEXMAX), digits_of(td), D, 4096);
    hex_elems(field(line, "A", hex, HEXMAX), digits_of(ta), A, 4096);
    hex_elems(field(line, "B", hex, HEXMAX), digits_of(ta), B, 4096);
    hex_elems(field(line, "C", hex, HEXMAX), digits_of(tc), C, 4096);
    free(hex);
    for (unsigned i = 0; i < M; i++)
        for (unsigned k = 0; k < K; k++) a[i * K + k] = A[arow ? i * lda + k : k * lda + i];
    for (unsigned k = 0; k < K; k++)
        for (unsigned j = 0; j < N; j++) b[k * N + j] = B[brow ? k * ldb + j : j * ldb + k];
    for (unsigned i = 0; i < M; i++)
        for (unsigned j = 0; j < N; j++) c[i * N + j] = C[crow ? i * ldc + j : j * ldc + i];
    sim_tc_mma_steps(M, N, K, sim_tc_wmma_step(shape, ta), ta, ta, tc, td, satf, false, a, b, c, d);
    static uint32_t general[512]; /* the general path (the reference mode) gives the same bits */
    sim_tc_mma_steps(M, N, K, sim_tc_wmma_step(shape, ta), ta, ta, tc, td, satf, true, a, b, c, general);
    for (unsigned i = 0; i < M * N; i++)
        if (general[i] != d[i])
            differ(t, "wmma's general path (the H200 column: the fast path)", line, i, general[i], d[i]);
    uint32_t sentinel = sim_tc_type_bits(td) == 32 ? 0xa5a5a5a5u : 0xa5a5u;
    for (size_t i = 0; i < nd; i++) mine[i] = sentinel;
    for (unsigned i = 0; i < M; i++)
        for (unsigned j = 0; j < N; j++) mine[crow ? i * ldc + j : j * ldc + i] = d[i * N + j];
    unsigned before = t->bad_elems;
    for (size_t i = 0; i < nd; i++) {
        t->elems++;
        if (mine[i] != D[i]) differ(t, "wmma", line, (unsigned)i, mine[i], D[i]);
    }
    t->cases++;
    t->bad_cases += t->bad_elems != before;
    group_note(line, t->bad_elems != before);
}

/* Registers (lane-major, n a lane) to the matrix of a fragment. */
static void regs_to_matrix(unsigned shape, unsigned use, unsigned type, const uint32_t *regs, unsigned n,
                           uint32_t *m)
{
    sim_tc_frag f;
    sim_tc_frag_of(shape, use, type, &f);
    unsigned per = 32 / f.bits;
    for (unsigned l = 0; l < 32; l++)
        for (unsigned e = 0; e < f.nelem && e / per < n; e++) {
            unsigned r, c;
            sim_tc_frag_pos(shape, use, type, l, e, &r, &c);
            uint32_t v = regs[l * n + e / per];
            m[r * f.cols + c] = f.bits == 32 ? v : (v >> (e % per * f.bits)) & ((1u << f.bits) - 1);
        }
}

static void check_mma(const char *line, tally *t)
{
    char v[64], *hex = big(HEXMAX);
    unsigned shape = shape_named(field(line, "shape", v, sizeof v)), M, N, K;
    sim_tc_shape_mnk(shape, &M, &N, &K);
    unsigned ta = type_named(field(line, "a", v, sizeof v)), tb = type_named(field(line, "b", v, sizeof v));
    unsigned tc = type_named(field(line, "c", v, sizeof v)), td = type_named(field(line, "d", v, sizeof v));
    bool satf = !strcmp(field(line, "satf", v, sizeof v), "1");
    static uint32_t A[256], B[128], C[128], D[128], a[512], b[512], c[256], d[256], mine[128];
    size_t na = hex_elems(field(line, "A", hex, HEXMAX), 8, A, 256) / 32;
    size_t nb = hex_elems(field(line, "B", hex, HEXMAX), 8, B, 128) / 32;
    size_t nc = hex_elems(field(line, "C", hex, HEXMAX), 8, C, 128) / 32;
    size_t nd = hex_elems(field(line, "D", hex, HEXMAX), 8, D, 128);
    free(hex);
    regs_to_matrix(shape, SIM_TC_USE_A, ta, A, (unsigned)na, a);
    regs_to_matrix(shape, SIM_TC_USE_B, tb, B, (unsigned)nb, b);
    regs_to_matrix(shape, SIM_TC_USE_C, tc, C, (unsigned)nc, c);
    sim_tc_mma(M, N, K, ta, tb, tc, td, satf, a, b, c, d);
    static uint32_t general[256]; /* the general path (the reference mode) gives the same bits */
    sim_tc_mma_steps(M, N, K, 0, ta, tb, tc, td, satf, true, a, b, c, general);
    for (unsigned i = 0; i < M * N; i++)
        if (general[i] != d[i])
            differ(t, "mma's general path (the H200 column: the fast path)", line, i, general[i], d[i]);
    sim_tc_frag f;
    sim_tc_frag_of(shape, SIM_TC_USE_C, td, &f);
    unsigned per = 32 / f.bits, n = (unsigned)nd / 32;
    memset(mine, 0, sizeof mine);
    for (unsigned l = 0; l < 32; l++)
        for (unsigned e = 0; e < f.nelem; e++) {
            unsigned r, cc;
            sim_tc_frag_pos(shape, SIM_TC_USE_C, td, l, e, &r, &cc);
            mine[l * n + e / per] |= d[r * N + cc] << (e % per * f.bits);
        }
    unsigned before = t->bad_elems;
    for (size_t i = 0; i < nd; i++) {
        t->elems++;
        if (mine[i] != D[i]) differ(t, "mma", line, (unsigned)i, mine[i], D[i]);
    }
    t->cases++;
    t->bad_cases += t->bad_elems != before;
    group_note(line, t->bad_elems != before);
}

static void check_ldmatrix(const char *line, tally *t)
{
    char v[64], *hex = big(HEXMAX);
    unsigned num = (unsigned)atoi(field(line, "num", v, sizeof v) + 1);
    bool trans = !strcmp(field(line, "trans", v, sizeof v), "1");
    static uint32_t S[1024], P[32], D[128];
    hex_elems(field(line, "S", hex, HEXMAX), 4, S, 1024);
    hex_elems(field(line, "P", hex, HEXMAX), 4, P, 32);
    size_t nd = hex_elems(field(line, "D", hex, HEXMAX), 8, D, 128);
    free(hex);
    unsigned before = t->bad_elems;
    for (unsigned l = 0; l < 32; l++)
        for (unsigned i = 0; i < num && l * num + i < nd; i++) {
            unsigned r, c;
            sim_tc_ldmatrix_pos(l, trans, &r, &c);
            uint32_t lo, hi;
            if (!trans) {
                lo = S[(P[8 * i + r] + 2 * c) / 2 % 1024];
                hi = S[(P[8 * i + r] + 2 * c) / 2 % 1024 + 1];
            } else {
                lo = S[(P[8 * i + r] / 2 + c) % 1024];
                hi = S[(P[8 * i + r + 1] / 2 + c) % 1024];
            }
            uint32_t mine = lo | hi << 16;
            t->elems++;
            if (mine != D[l * num + i]) differ(t, "ldmatrix", line, l * num + i, mine, D[l * num + i]);
        }
    t->cases++;
    t->bad_cases += t->bad_elems != before;
    group_note(line, t->bad_elems != before);
}

/* A frag line: nvcc's wmma layout against the emulator's. */
static void check_frag(const char *line, tally *t)
{
    char v[64], *hex = big(HEXMAX);
    unsigned shape = shape_named(field(line, "shape", v, sizeof v));
    const char *u = field(line, "use", v, sizeof v);
    unsigned use = u[0] == 'a' ? SIM_TC_USE_A : u[0] == 'b' ? SIM_TC_USE_B : SIM_TC_USE_C;
    unsigned type = type_named(field(line, "type", v, sizeof v));
    bool hi = !strcmp(field(line, "part", v, sizeof v), "hi");
    unsigned n = (unsigned)atoi(field(line, "n", v, sizeof v));
    static uint32_t X[32 * 64];
    unsigned digits = type == PTX_TC_tf32 ? 8 : digits_of(type);
    size_t nx = hex_elems(field(line, "X", hex, HEXMAX), digits, X, 32 * 64);
    free(hex);
    sim_tc_frag f;
    sim_tc_frag_of(shape, use, type, &f);
    unsigned before = t->bad_elems;
    t->cases++;
    if (n != f.nelem || nx != 32u * n) {
        differ(t, "fragment size", line, 0, f.nelem, n);
        t->bad_cases++;
        return;
    }
    for (unsigned l = 0; l < 32; l++)
        for (unsigned e = 0; e < n; e++) {
            unsigned r, c;
            sim_tc_frag_pos(shape, use, type, l, e, &r, &c);
            uint32_t idx = r * f.cols + c, got = X[l * n + e];
            if (type == PTX_TC_tf32) got = (got >> 13) & 0x1ffffu;
            else if (f.bits == 8) idx = hi ? idx >> 8 : idx & 0xffu;
            t->elems++;
            if (idx != got) differ(t, "wmma fragment layout", line, l * n + e, idx, got);
        }
    t->bad_cases += t->bad_elems != before;
    group_note(line, t->bad_elems != before);
}

static void test_h200_record(void **state)
{
    (void)state;
    const char *path = getenv("CUDALAB_TENSOR_RECORD"); /* another record to judge (a fresh run) */
    if (!path || !*path) path = CUDALAB_TEST_DIR "/golden/gpu/tensor.h200";
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("  no %s yet: the GPU comparison is skipped\n", path);
        skip();
    }
    size_t cap = 1u << 20;
    char *line = big(cap);
    tally wmma = { 0 }, mma = { 0 }, ldm = { 0 }, frag = { 0 };
    while (fgets(line, (int)cap, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (!strncmp(line, "wmma ", 5)) check_wmma(line, &wmma);
        else if (!strncmp(line, "mma ", 4)) check_mma(line, &mma);
        else if (!strncmp(line, "ldmatrix ", 9)) check_ldmatrix(line, &ldm);
        else if (!strncmp(line, "frag ", 5)) check_frag(line, &frag);
    }
    fclose(f);
    free(line);
    const tally *all[] = { &wmma, &mma, &ldm, &frag };
    const char *names[] = { "wmma", "mma.sync", "ldmatrix", "wmma fragment layouts" };
    unsigned bad = 0;
    for (int i = 0; i < 4; i++) {
        printf("  %-22s %4u cases, %6u elements: %u cases (%u elements) differ from the H200\n", names[i],
               all[i]->cases, all[i]->elems, all[i]->bad_cases, all[i]->bad_elems);
        bad += all[i]->bad_elems;
    }
    for (unsigned i = 0; i < ngroups; i++)
        if (groups[i].bad) printf("  differ: %-70s %u of %u cases\n", groups[i].key, groups[i].bad, groups[i].cases);
    assert_true(wmma.cases + mma.cases + ldm.cases > 0);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_products),
        cmocka_unit_test(test_layouts_cover),
        cmocka_unit_test(test_rounding_model),
        cmocka_unit_test(test_fast_equals_general),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_h200_record),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
