/* test_sim_sectors.c - the global-memory sector count's shortcuts for a full
 * warp at a constant stride of a sector or more (warp_access.c:
 * sectors_strided) and for packed lanes (sectors_packed) against the general
 * count they stand for: random full warps at strides on both sides of a
 * sector, up and down, of every access size, aligned or not, near the ends
 * of the address space, and with one lane off the stride, random masks
 * of packed lanes, with one lane off or not, and full warps whose
 * half-warps are each a run of 16 words or one word (sectors_halves), near
 * each other in every order, must count the same either way. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/internal.h"

#define XORSHIFT_SEED 0x2545f4914f6cdd1dull
#include "xorshift.h"

static void same_count(const uint64_t *addr, uint32_t m, unsigned total, int i)
{
    uint64_t fast = sim_sectors_of(addr, m, total, false), general = sim_sectors_of(addr, m, total, true);
    if (fast != general)
        fail_msg("case %d: %llu sectors with the shortcut, %llu the general way (total %u, addr[0] %llx, "
                 "stride %lld)", i, (unsigned long long)fast, (unsigned long long)general, total,
                 (unsigned long long)addr[0], (long long)(addr[1] - addr[0]));
}

static void test_strided_warps(void **state)
{
    (void)state;
    static const int64_t strides[] = {32, 36, 40, 48, 64, 96, 128, 132, 4096, 4100, 1 << 20,
                                      4, 8, 16, 24, 31, 33, 0, 1};
    static const unsigned totals[] = {1, 2, 4, 8, 16, 32, 12, 64};
    unsigned thirty_two = 0;
    for (int i = 0; i < 200000; i++) {
        int64_t d = strides[next(sizeof strides / sizeof strides[0])];
        if (next(8) == 0) d = (int64_t)next(1 << 16);
        if (next(2)) d = -d;
        unsigned total = totals[next(sizeof totals / sizeof totals[0])];
        uint64_t a0;
        switch (next(4)) {
        case 0: a0 = next(1 << 20); break;                        /* low: a downward warp may wrap */
        case 1: a0 = UINT64_MAX - next(1 << 20); break;           /* high: an upward one may */
        case 2: a0 = (1ull << 40) + next(1 << 24); break;
        default: a0 = next64(); break;
        }
        if (next(4)) a0 &= ~(uint64_t)(total - 1); /* mostly aligned */
        uint64_t addr[32];
        for (int l = 0; l < 32; l++) addr[l] = a0 + (uint64_t)l * (uint64_t)d;
        if (next(10) == 0) addr[next(32)] += (uint64_t)(int64_t)(next(2) ? 32 : -32) * (1 + next(3));
        same_count(addr, SIM_FULL, total, i);
        thirty_two += sim_sectors_of(addr, SIM_FULL, total, true) == 32;
    }
    assert_true(thirty_two > 10000); /* many warps of one sector a lane */
}

/* Huge strides: the shortcut's limit (2^58) and wrap-around within the span. */
static void test_huge_strides(void **state)
{
    (void)state;
    static const unsigned totals[] = {1, 4, 8, 32};
    for (int i = 0; i < 20000; i++) {
        int sh = 50 + (int)next(14);
        uint64_t d = (1ull << sh) + next(4) * 32;
        if (next(2)) d = 0 - d;
        unsigned total = totals[next(4)];
        uint64_t a0 = next64() & ~(uint64_t)31, addr[32];
        for (int l = 0; l < 32; l++) addr[l] = a0 + (uint64_t)l * d;
        same_count(addr, SIM_FULL, total, i);
    }
}

/* Half-warps each a run of 16 words or one word (sectors_halves), the
 * second half at random distances either side of the first (inside its
 * span, a sector or two apart, far), mostly aligned, near the top of the
 * address space too, and some with one lane off. */
static void test_half_warps(void **state)
{
    (void)state;
    unsigned shortcut = 0;
    for (int i = 0; i < 200000; i++) {
        uint64_t a0 = next(4) ? (1ull << 32) + next(1 << 12) * 4 : UINT64_MAX - next(256) * 4;
        int64_t gap = next(3) ? (int64_t)next(256) - 128 : (int64_t)next(1 << 20) - (1 << 19);
        uint64_t a1 = a0 + (uint64_t)(gap * 4), d0 = next(2) ? 4 : 0, d1 = next(2) ? 4 : 0, addr[32];
        if (next(8) == 0) a1 += 1 + next(3); /* misaligned */
        for (int l = 0; l < 16; l++) addr[l] = a0 + (uint64_t)l * d0;
        for (int l = 16; l < 32; l++) addr[l] = a1 + (uint64_t)(l - 16) * d1;
        if (next(10) == 0) addr[next(32)] += 4 * (1 + next(8));
        same_count(addr, SIM_FULL, 4, i);
        shortcut += ((a0 | a1) & 3) == 0;
    }
    assert_true(shortcut > 100000);
}

/* Partial warps whose lanes are packed (sectors_packed): the k-th lane of
 * a random mask at a0 + k total, near the ends of the address space too,
 * and some with one lane off by an element or two or on the lane before's. */
static void test_packed_lanes(void **state)
{
    (void)state;
    static const unsigned totals[] = {1, 2, 4, 8, 16, 32, 12, 64};
    unsigned packed = 0;
    for (int i = 0; i < 200000; i++) {
        unsigned total = totals[next(sizeof totals / sizeof totals[0])];
        uint32_t m = (uint32_t)next64();
        if (next(8) == 0) m &= (uint32_t)next64(); /* sparser */
        if (!m) m = 1u << next(32);
        uint64_t a0;
        switch (next(4)) {
        case 0: a0 = next(1 << 20); break;
        case 1: a0 = UINT64_MAX - next(1 << 12); break; /* a span that may wrap */
        case 2: a0 = (1ull << 40) + next(1 << 24); break;
        default: a0 = next64(); break;
        }
        if (next(2)) a0 &= ~(uint64_t)(total - 1);
        uint64_t addr[32], at = a0;
        for (int l = 0; l < 32; l++) {
            addr[l] = next64(); /* lanes outside m: anything */
            if (m >> l & 1u) {
                addr[l] = at;
                at += total;
            }
        }
        bool off = next(4) == 0;
        if (off) {
            int l = (int)next(32);
            if (m >> l & 1u) addr[l] += (uint64_t)(int64_t)(next(2) ? 1 : -1) * total * (1 + next(2));
        }
        same_count(addr, m, total, i);
        packed += !off;
    }
    assert_true(packed > 100000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strided_warps),
        cmocka_unit_test(test_huge_strides),
        cmocka_unit_test(test_half_warps),
        cmocka_unit_test(test_packed_lanes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
