/* test_sim_strides.c - a full warp's addresses as ld and st make them
 * (warp_access.c: full_addrs, full_warp) against the same facts found lane
 * by lane: whether every lane is at one stride (which the strided copies,
 * the sector count and the bank count trust without looking again), on
 * consecutive elements, the lowest and highest address (signed, as the
 * mapping compares them) and the alignment bits. Random base rows of 64 and
 * 32 bits at strides up and down, of 0, near the ends of the address space
 * (where a warp wraps around), huge, with one lane off and with one lane of
 * every four off (a stride within each four, another across them). And the
 * shared-run path of ld and st (shared_run: a partial warp's run of lanes on
 * consecutive 32-bit words of shared memory from a 32-bit base) against the same facts
 * lane by lane: taken exactly when every lane's address is the first's plus
 * 4 a lane, aligned and inside shared memory, for a plain 32-bit access;
 * the one-word path of ld (shared_one: lanes that all read one word) the
 * same way; the run paths' copy for every length; and the shared offsets of a shared atom found at once (the histogram's
 * bins) against the mapping of ld and st (sim_map_lanes). */
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
        /* a 32-bit base's sum wraps at 2^32 and reads as signed (warp_access.c's wrap32) */
        want[l] = b64 ? b64[l] + imm : b32 ? (uint64_t)(int64_t)(int32_t)(b32[l] + (uint32_t)imm) : imm;
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

/* A block with SHARED bytes of shared memory and one warp whose registers
 * are two rows: row 0 for the value, row 1 for the base (the shared-run and
 * one-word tests' machine), cleared. */
enum { SHARED = 4096 };
typedef struct shared_machine {
    sim_program prog;
    sim_block b;
    sim_warp w;
    uint32_t rows[2 * 32];
} shared_machine;

static shared_machine *shared_machine_new(void)
{
    static shared_machine sm;
    memset(&sm, 0, sizeof sm);
    sm.b.prog = &sm.prog;
    sm.b.shared_size = SHARED;
    sm.w.r32 = sm.rows;
    return &sm;
}

/* One shared ld or st: its base row, offset, lanes and flags at random near
 * every edge (the top of 32 bits, a negative offset, the end of shared
 * memory, a lane off, a mask that is not one run), checked lane by lane. */
static void test_shared_runs(void **state)
{
    (void)state;
    shared_machine *sm = shared_machine_new();
    sim_block *b = &sm->b;
    sim_warp *w = &sm->w;
    uint32_t *rows = sm->rows;
    unsigned taken = 0;
    for (int i = 0; i < 200000; i++) {
        uint32_t m;
        switch (next(4)) {
        case 0: m = SIM_FULL; break;
        case 1: { uint32_t lo = next(32), len = 1 + next(32 - lo); m = (len == 32 ? SIM_FULL : (1u << len) - 1) << lo; break; }
        case 2: m = SIM_FULL >> next(32); break;
        default: m = (uint32_t)next64() | 1u << next(32); break;
        }
        int f = __builtin_ctz(m);
        uint32_t a0;
        switch (next(4)) {
        case 0: a0 = UINT32_MAX - next(256); break;        /* the run wraps at 2^32 */
        case 1: a0 = next(SHARED + 256); break;
        case 2: a0 = SHARED - 4 * next(40); break;          /* ends at or past the end */
        default: a0 = (uint32_t)next64(); break;
        }
        if (next(4)) a0 &= ~3u;
        uint32_t *row = rows + 32;
        for (int l = 0; l < 32; l++) row[l] = a0 + 4 * (uint32_t)(l - f);
        if (next(6) == 0) row[next(32)] += 4 * (1 + next(3));   /* one lane off (maybe outside m) */
        int64_t imm = next(3) ? 0 : next(2) ? (int64_t)next(256) : -(int64_t)next(1 << 20);
        if (next(8) == 0) imm = -(int64_t)row[f] + 4 * (int64_t)next(SHARED / 4); /* first lane inside, from any base */
        sim_op op = { .x = X_LD, .s = { 0, SIM_NOSLOT, SIM_NOSLOT, SIM_NOSLOT, 1, SIM_NOSLOT },
                      .p = { SIM_MS_SHARED, 4, 1, SIM_MF_BASE32 }, .imm = imm };
        bool store = next(2);
        uint32_t flag = next(8) == 0 ? 1u << next(8) : 0;
        op.p[3] |= (uint8_t)flag;
        if (next(16) == 0) op.p[0] = SIM_MS_GENERIC;
        if (next(16) == 0) op.p[1] = 2;
        if (next(32) == 0) op.s[4] = SIM_NOSLOT;
        /* lane by lane */
        uint32_t lanes = m >> f;
        bool want = op.p[0] == SIM_MS_SHARED && op.p[1] == 4 && op.s[4] != SIM_NOSLOT && !(lanes & (lanes + 1)) &&
                    !(flag & (store ? SIM_MF_DST64 : SIM_MF_DST64 | SIM_MF_DST16));
        uint64_t first = (uint64_t)row[f] + (uint64_t)imm;
        for (int l = 0; want && l < 32; l++) {
            if (!(m >> l & 1u)) continue;
            uint64_t a = (uint64_t)row[l] + (uint64_t)imm;
            want = a == first + 4 * (uint64_t)(l - f) && !(a & 3) && a < SHARED && a + 4 <= SHARED;
        }
        uint32_t off = 0;
        bool got = sim_shared_run_of(b, w, &op, m, store, &off);
        if (got != want)
            fail_msg("case %d: m %08x a0 %08x imm %lld flag %x: shared run %d, lane by lane %d", i, m, a0,
                     (long long)imm, flag, got, want);
        if (got && off != first) fail_msg("case %d: offset %u, lane %d's address %llu", i, off, f, (unsigned long long)first);
        taken += got;
    }
    assert_true(taken > 10000);
    b->sync = (void *)b; /* sync mode (acquire and release): never */
    uint32_t off;
    for (int l = 0; l < 32; l++) rows[32 + l] = 4 * (uint32_t)l;
    sim_op op = { .x = X_LD, .s = { 0, SIM_NOSLOT, SIM_NOSLOT, SIM_NOSLOT, 1, SIM_NOSLOT },
                  .p = { SIM_MS_SHARED, 4, 1, SIM_MF_BASE32 } };
    assert_false(sim_shared_run_of(b, w, &op, 0xffff, false, &off));
    b->sync = NULL;
    assert_true(sim_shared_run_of(b, w, &op, 0xffff, false, &off));
}

/* A shared ld whose lanes all read one word (a row's lanes reading back its
 * tree's result): its base row, offset, lanes and flags at random near every
 * edge, one lane off (inside the lanes or outside them), checked lane by
 * lane: taken exactly when every lane's address is the first's, aligned and
 * wholly inside shared memory, for a plain 32-bit load. */
static void test_shared_one(void **state)
{
    (void)state;
    shared_machine *sm = shared_machine_new();
    sim_block *b = &sm->b;
    sim_warp *w = &sm->w;
    uint32_t *rows = sm->rows;
    unsigned taken = 0, refused = 0;
    for (int i = 0; i < 200000; i++) {
        uint32_t m = next(4) ? (uint32_t)next64() | 1u << next(32) : 1u << next(32) | 1u << next(32);
        uint32_t a0;
        switch (next(4)) {
        case 0: a0 = UINT32_MAX - next(8); break;            /* wraps at 2^32 with an offset */
        case 1: a0 = SHARED - next(8); break;                /* at or past the end */
        case 2: a0 = next(SHARED); break;
        default: a0 = (uint32_t)next64(); break;
        }
        if (next(4)) a0 &= ~3u;
        uint32_t *row = rows + 32;
        for (int l = 0; l < 32; l++) row[l] = a0;
        if (next(4) == 0) row[next(32)] += 4 * (1 + next(3)); /* one lane off (maybe outside m) */
        int64_t imm = next(3) ? 0 : next(2) ? (int64_t)next(64) : -(int64_t)next(1 << 20);
        sim_op op = { .x = X_LD, .s = { 0, SIM_NOSLOT, SIM_NOSLOT, SIM_NOSLOT, 1, SIM_NOSLOT },
                      .p = { SIM_MS_SHARED, 4, 1, SIM_MF_BASE32 }, .imm = imm };
        uint32_t flag = next(8) == 0 ? 1u << next(8) : 0;
        op.p[3] |= (uint8_t)flag;
        if (next(16) == 0) op.p[0] = SIM_MS_GLOBAL;
        if (next(16) == 0) op.p[2] = 2;
        if (next(32) == 0) op.s[0] = SIM_NOSLOT;
        /* lane by lane */
        int f = __builtin_ctz(m);
        bool want = op.p[0] == SIM_MS_SHARED && op.p[2] == 1 && op.s[0] != SIM_NOSLOT &&
                    !(flag & (SIM_MF_DST64 | SIM_MF_DST16));
        uint64_t first = (uint64_t)row[f] + (uint64_t)imm;
        for (int l = 0; want && l < 32; l++)
            if (m >> l & 1u) want = (uint64_t)row[l] + (uint64_t)imm == first;
        want = want && !(first & 3) && first + 4 <= SHARED;
        uint32_t off = 0;
        bool got = sim_shared_one_of(b, w, &op, m, &off);
        if (got != want)
            fail_msg("case %d: m %08x a0 %08x imm %lld flag %x: one word %d, lane by lane %d", i, m, a0,
                     (long long)imm, flag, got, want);
        if (got && off != first) fail_msg("case %d: offset %u, the lanes' address %llu", i, off, (unsigned long long)first);
        taken += got;
        refused += !got;
    }
    assert_true(taken > 10000);
    assert_true(refused > 10000);
    b->sync = (void *)b; /* sync mode (acquire and release): never */
    uint32_t off;
    for (int l = 0; l < 32; l++) rows[32 + l] = 8;
    sim_op op = { .x = X_LD, .s = { 0, SIM_NOSLOT, SIM_NOSLOT, SIM_NOSLOT, 1, SIM_NOSLOT },
                  .p = { SIM_MS_SHARED, 4, 1, SIM_MF_BASE32 } };
    assert_false(sim_shared_one_of(b, w, &op, 0xff00ff, &off));
    b->sync = NULL;
    assert_true(sim_shared_one_of(b, w, &op, 0xff00ff, &off));
    assert_int_equal(off, 8);
}

/* The run paths' copy of n 32-bit elements, for every n from 1 to 32 and
 * every start in a window: exactly the n elements, nothing beside them. */
static void test_copy_run(void **state)
{
    (void)state;
    uint32_t src[80], dst[80];
    for (int i = 0; i < 80; i++) src[i] = 0x1000u + (uint32_t)i;
    for (unsigned n = 1; n <= 32; n++) {
        for (unsigned at = 0; at < 8; at++) {
            for (int i = 0; i < 80; i++) dst[i] = 0xdeadbeefu;
            sim_copy_run(dst + 8 + at, src + 8 + (7 - at), n);
            for (unsigned i = 0; i < 80; i++) {
                uint32_t want = i >= 8 + at && i < 8 + at + n ? src[i - at + (7 - at)] : 0xdeadbeefu;
                if (dst[i] != want) fail_msg("n %u at %u: element %u is %08x, not %08x", n, at, i, dst[i], want);
            }
        }
    }
}

/* A shared atom's lanes: the offsets found at once must be those the
 * mapping finds, and be found whenever the mapping finds every lane aligned
 * in shared memory with an offset from 0 to the end of it. */
static void test_shared_atom_offsets(void **state)
{
    (void)state;
    static uint8_t mem[SHARED];
    static sim_op code[1];
    static sim_program prog;
    static sim_block b;
    static sim_warp w;
    static uint32_t rows[2 * 32];
    memset(&b, 0, sizeof b);
    prog.code = code;
    b.prog = &prog;
    b.shared = mem;
    b.shared_size = SHARED;
    w.r32 = rows;
    unsigned found = 0, mapped = 0;
    for (int i = 0; i < 200000; i++) {
        uint32_t m = next(2) ? SIM_FULL : (uint32_t)next64() | 1u << next(32), *row = rows + 32;
        unsigned size = next(4) ? 4 : 8;
        uint32_t few = next(3) == 0 ? 1 : next(2) ? 256 : SHARED / size + 8; /* one bin, a histogram's, past the end */
        uint32_t bin = size * next(256);
        for (int l = 0; l < 32; l++) row[l] = few == 1 ? bin : size * next(few);
        if (few == 1 && next(2)) row[next(32)] = size * next(3);    /* one lane on another bin (or 0), maybe outside m */
        if (next(8) == 0) row[next(32)] += 1 + next(3);             /* a lane misaligned (maybe outside m) */
        if (next(16) == 0) row[next(32)] = UINT32_MAX - next(16);   /* near the top of 32 bits */
        int64_t imm;
        switch (next(4)) {
        case 0: case 1: imm = 0; break;
        case 2: imm = (int64_t)(size * next(SHARED / size + 4)); break;
        default: imm = next(2) ? -(int64_t)(size * (1 + next(4))) : -(int64_t)next(1 << 20); break; /* below 0: mapped lane by lane */
        }
        code[0] = (sim_op){ .x = X_ATOM, .s = { 0, 0, SIM_NOSLOT, SIM_NOSLOT, 1, SIM_NOSLOT },
                            .p = { SIM_MS_SHARED, (uint8_t)size, 1, SIM_MF_BASE32 }, .imm = imm };
        uint32_t got[32], want[32];
        uintptr_t host[32];
        bool u1 = false, u2 = false, shared = false;
        bool g = sim_shared_offsets_of(&b, &w, &code[0], m, got, &u1);
        bool ok = sim_map_lanes(&b, &w, 0, m, true, host, want, &shared, &u2) && shared;
        bool in_range = imm >= 0 && imm <= SHARED - (int64_t)size, wraps = false;
        for (int l = 0; l < 32; l++) /* a sum past 2^32 wraps into range: the mapping's, lane by lane */
            wraps |= (m >> l & 1u) && (uint64_t)row[l] + (uint64_t)imm > UINT32_MAX;
        if (g && !ok) fail_msg("case %d: offsets found at once where the mapping fails", i);
        if (ok && in_range && !wraps && !g) fail_msg("case %d: m %08x imm %lld: the mapping finds every lane, not at once", i, m, (long long)imm);
        if (g) {
            for (int l = 0; l < 32; l++)
                if ((m >> l & 1u) && got[l] != want[l]) fail_msg("case %d: lane %d at %u, mapped at %u", i, l, got[l], want[l]);
            if (u1 != u2) fail_msg("case %d: one word %d, mapped %d", i, u1, u2);
        }
        found += g;
        mapped += ok;
    }
    assert_true(found > 50000);
    assert_true(mapped > found);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wide_rows),
        cmocka_unit_test(test_narrow_rows),
        cmocka_unit_test(test_shared_runs),
        cmocka_unit_test(test_shared_one),
        cmocka_unit_test(test_copy_run),
        cmocka_unit_test(test_shared_atom_offsets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
