/* test_sim_strides.c - a full warp's addresses as ld and st make them
 * (warp_access.c: full_addrs, full_warp) against the same facts found lane
 * by lane: whether every lane is at one stride (which the strided copies,
 * the sector count and the bank count trust without looking again), on
 * consecutive elements, the lowest and highest address (signed, as the
 * mapping compares them) and the alignment bits. Random base rows of 64 and
 * 32 bits at strides up and down, of 0, near the ends of the address space
 * (where a warp wraps around), huge, with one lane off and with one lane of
 * every four off (a stride within each four, another across them). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/internal.h"

#define XORSHIFT_SEED 0x9e3779b97f4a7c15ull
#include "xorshift.h"

/* Check one warp's facts against a lane-by-lane pass; true when strided. */
static bool same_facts(const uint64_t *b64, const uint32_t *b32, uint64_t imm, unsigned total, int i)
{
    uint64_t addr[32], mis;
    int64_t lo, hi;
    bool contig, strided = sim_full_warp_of(b64, b32, imm, total, addr, &lo, &hi, &mis, &contig);
    uint64_t want[32], d, o = 0;
    int64_t wl = INT64_MAX, wh = INT64_MIN;
    for (int l = 0; l < 32; l++) {
        want[l] = (b64 ? b64[l] : b32 ? b32[l] : 0) + imm;
        o |= want[l];
        wl = (int64_t)want[l] < wl ? (int64_t)want[l] : wl;
        wh = (int64_t)want[l] > wh ? (int64_t)want[l] : wh;
    }
    d = want[1] - want[0];
    bool ws = true;
    for (int l = 0; l < 32; l++) ws = ws && want[l] == want[0] + (uint64_t)l * d;
    unsigned unit = total < 32 ? total : 32;
    if (memcmp(addr, want, sizeof want)) fail_msg("case %d: the addresses differ", i);
    if (strided != ws) fail_msg("case %d: strided %d, lane by lane %d (stride %lld)", i, strided, ws, (long long)d);
    if (contig != (ws && d == unit)) fail_msg("case %d: contig %d (stride %lld, total %u)", i, contig, (long long)d, total);
    if (lo != wl || hi != wh)
        fail_msg("case %d: lowest %llx highest %llx, lane by lane %llx %llx (stride %lld)", i, (unsigned long long)lo,
                 (unsigned long long)hi, (unsigned long long)wl, (unsigned long long)wh, (long long)d);
    if ((mis & (total - 1)) != 0 && (o & (total - 1)) == 0)
        fail_msg("case %d: misaligned, but every lane is aligned to %u", i, total);
    if ((mis & (total - 1)) == 0 && (o & (total - 1)) != 0)
        fail_msg("case %d: aligned, but a lane is not aligned to %u", i, total);
    return ws;
}

static void test_wide_rows(void **state)
{
    (void)state;
    static const int64_t strides[] = {0, 1, 2, 4, 8, 16, 32, 128, 132, 4096, 1 << 20};
    static const unsigned totals[] = {1, 2, 4, 8, 16, 32};
    unsigned strided = 0;
    for (int i = 0; i < 200000; i++) {
        int64_t d = strides[next(sizeof strides / sizeof strides[0])];
        if (next(8) == 0) d = (int64_t)next(1 << 16);
        if (next(16) == 0) d = (int64_t)(next64() >> next(64)); /* huge: a warp may wrap */
        if (next(2)) d = -d;
        uint64_t a0;
        switch (next(4)) {
        case 0: a0 = next(1 << 20); break;                        /* low: a downward warp wraps */
        case 1: a0 = UINT64_MAX - next(1 << 20); break;           /* high: an upward one does */
        case 2: a0 = (uint64_t)INT64_MAX - next(1 << 20); break;  /* across the signed top */
        default: a0 = next64(); break;
        }
        uint64_t row[32];
        for (int l = 0; l < 32; l++) row[l] = a0 + (uint64_t)l * (uint64_t)d;
        if (next(4) == 0) row[next(32)] += 1 + next(64);          /* one lane off */
        if (next(8) == 0) {                                       /* one lane of every four off */
            uint64_t off = 1 + next(64);
            for (int l = (int)next(4); l < 32; l += 4) row[l] += off;
        }
        if (next(16) == 0)
            for (int l = 0; l < 32; l++) row[l] = next64();       /* scattered */
        uint64_t imm = next(4) ? 0 : next(256);
        strided += same_facts(row, NULL, imm, totals[next(sizeof totals / sizeof totals[0])], i);
    }
    assert_true(strided > 100000);
}

static void test_narrow_rows(void **state)
{
    (void)state;
    static const unsigned totals[] = {1, 2, 4, 8, 16, 32};
    unsigned strided = 0;
    for (int i = 0; i < 100000; i++) {
        uint32_t d = next(2) ? (uint32_t)next(300) : (uint32_t)next64(), a0 = (uint32_t)next64(), row[32];
        if (next(2)) d = 0 - d;
        for (int l = 0; l < 32; l++) row[l] = a0 + (uint32_t)l * d; /* wraps at 2^32: not a stride as 64 bits */
        if (next(4) == 0) row[next(32)] ^= 1u << next(32);
        strided += same_facts(NULL, row, next(2) ? 0 : next(1 << 12), totals[next(6)], i);
    }
    assert_true(strided > 1000);
    for (int i = 0; i < 100; i++) assert_true(same_facts(NULL, NULL, next64(), totals[next(6)], i)); /* imm alone */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wide_rows),
        cmocka_unit_test(test_narrow_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
