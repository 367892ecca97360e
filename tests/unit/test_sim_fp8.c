/* test_sim_fp8.c - the FP8 conversions of sm_89's cvt (grader/sim/fp8.c,
 * alu_float.c) against an oracle that knows nothing of bit tricks: the
 * nearest of the format's finite values by search, ties to the even
 * encoding, .satfinite beyond the largest. Exhaustive where cheap: every f16
 * input (both formats, with and without .relu), every FP8 value's round
 * trip through f16, the f32 values on both sides of every rounding
 * boundary; a million random f32 besides. And the packing of the PTX ISA's
 * pair forms: a to the upper byte, b to the lower.
 *
 * With a GPU's record (tests/golden/gpu/fp8.gpu, written by
 * bench/fp8/fp8_probe.cu; its format is at the top of that file): every
 * f32 bit pattern, as the step function the GPU's cvt is of the bits (the
 * emulator's must give the GPU's byte at both ends of every step, and is
 * monotone in between), every f16 and every FP8 byte back to f16, in both
 * formats, with and without .relu; each difference listed, any fails. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/internal.h"

#ifndef CUDALAB_TEST_DIR
#define CUDALAB_TEST_DIR "tests"
#endif

#define XORSHIFT_SEED 0x9e3779b97f4a7c15ull
#include "xorshift.h"

/* The value of an FP8 byte that is not a NaN. */
static double fp8_value(uint8_t b, bool e5m2)
{
    unsigned mb = e5m2 ? 2 : 3, eb = 7 - mb, bias = e5m2 ? 15 : 7;
    unsigned e = (b >> mb) & ((1u << eb) - 1), m = b & ((1u << mb) - 1);
    double v = e ? ldexp((double)(m | (1u << mb)), (int)e - (int)bias - (int)mb)
                 : ldexp((double)m, 1 - (int)bias - (int)mb);
    return (b & 0x80) ? -v : v;
}

static uint8_t largest(bool e5m2)
{
    return e5m2 ? 0x7b : 0x7e;
}

/* The oracle: the nearest finite value by search, ties to the even byte. */
static uint8_t oracle(double x, bool e5m2, bool relu)
{
    if (x != x) return 0x7f;
    if (relu && signbit(x)) x = 0;
    uint8_t sign = signbit(x) ? 0x80 : 0;
    double a = fabs(x);
    if (a >= fp8_value(largest(e5m2), e5m2)) return sign | largest(e5m2);
    uint8_t best = 0;
    for (uint8_t b = 1; b <= largest(e5m2); b++) {
        double d = fabs(fp8_value(b, e5m2) - a), db = fabs(fp8_value(best, e5m2) - a);
        if (d < db || (d == db && !(b & 1))) best = b;
    }
    return sign | best;
}

static float f32_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static void test_every_half(void **state)
{
    (void)state;
    for (unsigned fmt = 0; fmt < 2; fmt++)
        for (unsigned relu = 0; relu < 2; relu++)
            for (uint32_t h = 0; h < 0x10000; h++) {
                double x = sim_f16_to_f32((uint16_t)h);
                uint8_t got = sim_to_fp8(x, fmt, relu), want = oracle(x, fmt, relu);
                if (got != want) fail_msg("%s%s of f16 0x%04x (%g): 0x%02x, want 0x%02x", fmt ? "e5m2" : "e4m3",
                                          relu ? " relu" : "", h, x, got, want);
            }
}

/* Every boundary between two neighbouring FP8 values (and past the
 * largest), with the f32 on each side of it and on it. */
static void test_boundaries(void **state)
{
    (void)state;
    for (unsigned fmt = 0; fmt < 2; fmt++)
        for (uint8_t b = 0; b <= largest(fmt); b++) {
            double lo = fp8_value(b, fmt), hi = b < largest(fmt) ? fp8_value((uint8_t)(b + 1), fmt)
                                                                  : 2 * lo - fp8_value((uint8_t)(b - 1), fmt);
            float mid = (float)((lo + hi) / 2);
            float xs[] = { mid, nextafterf(mid, 0), nextafterf(mid, INFINITY), -mid, (float)lo, (float)hi };
            for (size_t i = 0; i < sizeof xs / sizeof *xs; i++) {
                uint8_t got = sim_to_fp8(xs[i], fmt, false), want = oracle(xs[i], fmt, false);
                if (got != want)
                    fail_msg("%s of %a: 0x%02x, want 0x%02x", fmt ? "e5m2" : "e4m3", (double)xs[i], got, want);
            }
        }
    /* the PTX ISA's rules, case by case */
    assert_int_equal(sim_to_fp8(448.0, false, false), 0x7e);
    assert_int_equal(sim_to_fp8(464.0, false, false), 0x7e);  /* a tie, to the even 448 */
    assert_int_equal(sim_to_fp8(1e30, false, false), 0x7e);   /* .satfinite */
    assert_int_equal(sim_to_fp8(-INFINITY, false, false), 0xfe);
    assert_int_equal(sim_to_fp8(61440.0, true, false), 0x7b); /* a tie that rounds up: still the largest */
    assert_int_equal(sim_to_fp8(INFINITY, true, false), 0x7b);
    assert_int_equal(sim_to_fp8(0x1p-10, false, false), 0x00);     /* half the smallest: to even 0 */
    assert_int_equal(sim_to_fp8(0x3p-10, false, false), 0x02);     /* 1.5 times it: to even 2 */
    assert_int_equal(sim_to_fp8(-0x1p-11, false, false), 0x80);    /* a negative zero */
    assert_int_equal(sim_to_fp8(-NAN, false, false), 0x7f);
    assert_int_equal(sim_to_fp8(NAN, true, true), 0x7f);
    assert_int_equal(sim_to_fp8(-3.0, true, true), 0x00);          /* .relu */
}

static void test_random_floats(void **state)
{
    (void)state;
    for (unsigned i = 0; i < 1000000; i++) {
        uint32_t u = (uint32_t)next64();
        float x = f32_of(u);
        bool fmt = i & 1;
        uint8_t got = sim_to_fp8(x, fmt, false), want = oracle(x, fmt, false);
        if (got != want) fail_msg("%s of 0x%08x: 0x%02x, want 0x%02x", fmt ? "e5m2" : "e4m3", u, got, want);
    }
}

/* Every FP8 value to f16 is exact and comes back; the NaNs and e5m2's
 * infinities. */
static void test_round_trips(void **state)
{
    (void)state;
    for (unsigned fmt = 0; fmt < 2; fmt++)
        for (unsigned b = 0; b < 256; b++) {
            uint16_t h = sim_fp8_to_f16((uint8_t)b, fmt, false);
            bool nan = fmt ? (b & 0x7f) > 0x7c : (b & 0x7f) == 0x7f, inf = fmt && (b & 0x7f) == 0x7c;
            if (nan) {
                assert_int_equal(h, 0x7fff);
                continue;
            }
            double v = sim_f16_to_f32(h);
            if (inf) {
                assert_true(isinf(v) && (v < 0) == (b >= 0x80));
                continue;
            }
            if (v != fp8_value((uint8_t)b, fmt) || signbit(v) != (b >= 0x80))
                fail_msg("%s 0x%02x: f16 0x%04x is %g, want %g", fmt ? "e5m2" : "e4m3", b, h, v,
                         fp8_value((uint8_t)b, fmt));
            assert_int_equal(sim_to_fp8(v, fmt, false), b);
        }
    assert_int_equal(sim_fp8_to_f16(0xb8, false, true), 0);   /* -1 with .relu */
    assert_int_equal(sim_fp8_to_f16(0xff, false, true), 0x7fff);
}

/* The instruction: d[15:8] from a, d[7:0] from b (two f32, or the halves
 * of an f16x2); back, the upper byte to the upper half. */
static void test_packing(void **state)
{
    (void)state;
    ptx_insn in;
    memset(&in, 0, sizeof in);
    in.op = PTX_OP_cvt;
    in.rnd = PTX_RND_RN;
    in.flags = PTX_F_SATFINITE;
    in.type[0] = PTX_T_e4m3x2;
    in.type[1] = PTX_T_f32;
    in.nopd = 3;
    float one = 1.0f, m2 = -2.0f;
    uint64_t v[6] = { 0 };
    uint32_t u;
    memcpy(&u, &one, 4);
    v[1] = u;
    memcpy(&u, &m2, 4);
    v[2] = u;
    sim_alu_cvt(&in, v);
    assert_int_equal(v[0], 0x38c0); /* 1.0 = 0x38, -2.0 = 0xc0 */
    in.type[1] = PTX_T_f16x2;
    in.type[0] = PTX_T_e5m2x2;
    in.nopd = 2;
    v[1] = 0x3c00c000; /* {1.0, -2.0} */
    sim_alu_cvt(&in, v);
    assert_int_equal(v[0], 0x3cc0); /* e5m2 is the top byte of an f16 */
    in.type[0] = PTX_T_f16x2;
    in.type[1] = PTX_T_e4m3x2;
    in.flags = 0;
    v[1] = 0x38c0;
    sim_alu_cvt(&in, v);
    assert_int_equal(v[0], 0x3c00c000);
    in.flags = PTX_F_RELU;
    sim_alu_cvt(&in, v);
    assert_int_equal(v[0], 0x3c000000);
}

/* ---- the GPU's record ---- */

static unsigned hexval(char c)
{
    return c <= '9' ? (unsigned)(c - '0') : (unsigned)(c | 0x20) - 'a' + 10;
}

typedef struct steps { uint32_t u[4096]; uint8_t r[4096]; unsigned n; } steps;

/* One variant's steps: between two, the emulator gives the GPU's byte at
 * both ends and halfway (it rounds monotonically, so in between too); after
 * the last, up to 0xffffffff. */
static unsigned check_steps(const steps *s, bool e5, bool relu, const char *name)
{
    unsigned bad = 0;
    for (unsigned k = 0; k < s->n; k++) {
        uint32_t lo = s->u[k], hi = k + 1 < s->n ? s->u[k + 1] - 1 : 0xffffffffu;
        uint32_t ends[3] = { lo, lo + (hi - lo) / 2, hi };
        for (int j = 0; j < 3; j++) {
            uint8_t got = sim_to_fp8(f32_of(ends[j]), e5, relu);
            if (got != s->r[k] && bad++ < 8)
                fprintf(stderr, "%s: f32 0x%08x gives 0x%02x, the GPU 0x%02x\n", name, ends[j], got, s->r[k]);
        }
    }
    return bad;
}

static void test_gpu_record(void **state)
{
    (void)state;
    const char *path = getenv("CUDALAB_FP8_RECORD");
    if (!path || !*path) path = CUDALAB_TEST_DIR "/golden/gpu/fp8.gpu";
    FILE *f = fopen(path, "r");
    if (!f) skip();
    static char line[300000];
    static steps st[4];
    unsigned bad = 0, tables = 0;
    while (fgets(line, sizeof line, f)) {
        char kind[8], fmt[8];
        unsigned relu;
        int at = 0;
        if (line[0] == '#' || sscanf(line, "%7s %7s %u %n", kind, fmt, &relu, &at) != 3) continue;
        bool e5 = !strcmp(fmt, "e5m2");
        unsigned v = (e5 ? 2 : 0) + (relu ? 1 : 0);
        char name[32];
        snprintf(name, sizeof name, "%s%s", fmt, relu ? " relu" : "");
        const char *hex = line + at;
        if (!strcmp(kind, "t32")) {
            unsigned u, r;
            assert_int_equal(sscanf(hex, "%x %x", &u, &r), 2);
            assert_true(st[v].n < 4096);
            st[v].u[st[v].n] = u;
            st[v].r[st[v].n++] = (uint8_t)r;
        } else if (!strcmp(kind, "f16")) {
            tables++;
            for (uint32_t h = 0; h < 0x10000; h++) {
                uint8_t want = (uint8_t)(hexval(hex[2 * h]) << 4 | hexval(hex[2 * h + 1]));
                uint8_t got = sim_to_fp8(sim_f16_to_f32((uint16_t)h), e5, relu);
                if (got != want && bad++ < 8)
                    fprintf(stderr, "%s: f16 0x%04x gives 0x%02x, the GPU 0x%02x\n", name, h, got, want);
            }
        } else if (!strcmp(kind, "to16")) {
            tables++;
            for (unsigned b = 0; b < 256; b++) {
                unsigned want = hexval(hex[4 * b]) << 12 | hexval(hex[4 * b + 1]) << 8 |
                                hexval(hex[4 * b + 2]) << 4 | hexval(hex[4 * b + 3]);
                unsigned got = sim_fp8_to_f16((uint8_t)b, e5, relu);
                if (got != want && bad++ < 8)
                    fprintf(stderr, "%s: byte 0x%02x gives f16 0x%04x, the GPU 0x%04x\n", name, b, got, want);
            }
        }
    }
    fclose(f);
    static const char *const names[4] = { "e4m3", "e4m3 relu", "e5m2", "e5m2 relu" };
    for (unsigned v = 0; v < 4; v++) {
        if (!st[v].n || st[v].u[0] != 0) fail_msg("%s: the record's steps do not start at 0", names[v]);
        bad += check_steps(&st[v], v >= 2, v & 1, names[v]);
    }
    if (tables != 8) fail_msg("the record holds %u tables of 8", tables);
    if (bad) fail_msg("%u conversions differ from the GPU's", bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_half),
        cmocka_unit_test(test_boundaries),
        cmocka_unit_test(test_random_floats),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_packing),
        cmocka_unit_test(test_gpu_record),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
