/* test_sim_shadow.c - the shared-memory shadow's warp entry points
 * (sim_shadow_reads, sim_shadow_writes, sim_shadow_atomics, and for a run
 * of lanes on consecutive words sim_shadow_reads_run and
 * sim_shadow_writes_run, for a broadcast sim_shadow_reads_one: what ld, st
 * and atom call) against its lane entry points (sim_shadow_read,
 * sim_shadow_write): a warp's records
 * and reports must be exactly those of its lanes checked one at a time, in
 * lane order, so that a faster warp path (a vector check of a warp's
 * words, tried and measured on 3 December 2026: git log -p bench/README.md) has a test to pass. Random accesses by four warps to a small window (so that races,
 * uninitialised reads, re-reads and writes over one's own reads all occur),
 * with barriers, warp syncs and new blocks between, are run on two blocks,
 * one through each path, and every field of every entry and every hazard
 * record is compared after each access. The bytes an entry says the block
 * has written (init_mask, valid while w_epoch >= epoch_base: the entry has
 * no epoch of its own for it) are compared with a model of the block's
 * writes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/internal.h"

enum { WARPS = 4, SHARED = 8192, WINDOW = 96 /* words the accesses fall in */ };

typedef struct side {
    sim_block b;
    sim_warp w[WARPS];
} side;

static sim_program prog; /* no code: hazards keyed without lines */

static void side_init(side *s, unsigned checks)
{
    memset(s, 0, sizeof *s);
    s->b.prog = &prog;
    s->b.checks = checks;
    s->b.shadow = cl_calloc(SHARED / 4 + 2, sizeof *s->b.shadow);
    s->b.shared_size = SHARED;
    s->b.wsum = cl_calloc(SHARED / 128 + 1, sizeof *s->b.wsum); /* (the lane path never summarizes) */
    s->b.wsum_on = cl_calloc((SHARED / 128 + 64) / 64, sizeof *s->b.wsum_on);
    s->b.epoch = s->b.epoch_base = 1;
    for (unsigned i = 0; i < WARPS; i++) {
        s->w[i].id = i;
        s->w[i].wsync = 1;
    }
}

static void side_free(side *s)
{
    free(s->b.shadow);
    free(s->b.wsum);
    free(s->b.wsum_on);
    sim_hzset_free(&s->b.hz);
}

#define XORSHIFT_SEED 0x9e3779b97f4a7c15ull
#include "xorshift.h"

/* The warp path's entries as they are, its summarized lines' made (on a
 * copy: the walk goes on with the summaries), into out. */
static void entries_of(const side *a, sim_shadow *out)
{
    static uint64_t on[(SHARED / 128 + 64) / 64];
    sim_block c = a->b;
    memcpy(out, a->b.shadow, (SHARED / 4 + 2) * sizeof *out);
    memcpy(on, a->b.wsum_on, sizeof on);
    c.shadow = out;
    c.wsum_on = on;
    sim_shadow_expand_all(&c);
}

static sim_shadow ea[SHARED / 4 + 2]; /* the warp path's entries, made: same_sides' */

static void same_sides(const side *a, const side *b, int step)
{
    /* the entries, field by field where their bytes differ */
    entries_of(a, ea);
    bool differ = memcmp(ea, b->b.shadow, (SHARED / 4 + 2) * sizeof *ea) != 0;
    for (uint32_t i = 0; differ && i < SHARED / 4 + 2; i++) {
        const sim_shadow *x = &ea[i], *y = &b->b.shadow[i];
#define SAME(F)                                                                                          \
    if (x->F != y->F)                                                                                    \
        fail_msg("step %d: %s of word %u: %u by the warp path, %u lane by lane", step, #F, i, (unsigned)x->F, \
                 (unsigned)y->F);
        SAME(w_epoch) SAME(w_wsync) SAME(w_step) SAME(w_op) SAME(r_epoch) SAME(r_warps) SAME(r_wsync)
        SAME(r_op) SAME(r_op2) SAME(w_tid) SAME(r_tid) SAME(r_tid2) SAME(w_mask) SAME(r_mask) SAME(r_multi)
        SAME(w_atomic) SAME(init_mask)
#undef SAME
    }
    if (a->b.hz.n != b->b.hz.n)
        fail_msg("step %d: %zu hazard records by the warp path, %zu lane by lane", step, a->b.hz.n, b->b.hz.n);
    for (size_t i = 0; i < a->b.hz.n; i++) {
        const sim_hzrec *p = &a->b.hz.v[i], *q = &b->b.hz.v[i];
        assert_int_equal(p->first.kind, q->first.kind);
        assert_int_equal(p->first.warp, q->first.warp);
        assert_int_equal(p->first.lane, q->first.lane);
        assert_int_equal(p->first.lane2, q->first.lane2);
        assert_int_equal(p->first.thread2, q->first.thread2);
        assert_int_equal(p->first.op, q->first.op);
        assert_int_equal(p->first.op2, q->first.op2);
        assert_int_equal(p->first.addr, q->first.addr);
        assert_int_equal(p->instances, q->instances);
        assert_int_equal(p->warps, q->warps);
    }
}

/* A mask: the full warp, a run of lanes, a prefix, or random lanes. */
static uint32_t some_mask(void)
{
    switch (next(4)) {
    case 0: return SIM_FULL;
    case 1: {
        uint32_t lo = next(32), len = 1 + next(32 - lo);
        return (len == 32 ? SIM_FULL : ((1u << len) - 1)) << lo;
    }
    case 2: return SIM_FULL >> next(32);
    default: { /* (each draw its own statement: the walk the same in every build) */
        uint32_t hi = next(0x7fffffff) * 2u, lo = next(2), one = next(32);
        return (hi + lo) | 1u << one;
    }
    }
}

/* n random accesses with the given checks. */
static void run_steps(unsigned checks, int n)
{
    /* stride 0 (a broadcast) only without the memory check: plain_reads'
       broadcast shortcut (a lane reading the word the lane before read) does
       not count each lane's uninitialised read again, but its reader records,
       and those of the lanes it skips, must be the lane path's */
    static const int32_t strides[] = {1, 1, 1, -1, -1, 2, 32, 33, -3, 0, 0};
    size_t nstrides = sizeof strides / sizeof strides[0] - ((checks & SIM_CHECK_MEMORY) ? 2 : 0);
    side *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    static uint8_t written[SHARED / 4 + 2]; /* the model: bytes of each word this block wrote */
    memset(written, 0, sizeof written);
    int runs = 0, ones = 0, summarized = 0;
    side_init(a, checks);
    side_init(b, checks);
    for (int step = 0; step < n; step++) {
        uint32_t r = next(100);
        if (r < 3) { /* a barrier */
            a->b.epoch++, b->b.epoch++;
            continue;
        }
        if (r < 4) { /* the next block on this slot */
            a->b.epoch_base = ++a->b.epoch;
            b->b.epoch_base = ++b->b.epoch;
            memset(written, 0, sizeof written);
            continue;
        }
        unsigned k = next(WARPS);
        if (r < 9) { /* __syncwarp */
            a->w[k].wsync++, b->w[k].wsync++;
            continue;
        }
        if (r < 13) { /* a tile's store: warp k's whole line, a barrier, the same store again */
            const uint32_t line = 224 + 32 * next(3), op = next(6);
            a->b.wsum_resume = 0; /* (summaries on, though the walk's other accesses made them rest) */
            for (int t = 0; t < 2; t++) {
                a->w[k].minst++, b->w[k].minst++;
                sim_shadow_writes_run(&a->b, &a->w[k], SIM_FULL, line * 4, op);
                for (int l = 0; l < 32; l++) sim_shadow_write(&b->b, &b->w[k], l, (line + (uint32_t)l) * 4, 4, op, 0);
                for (int l = 0; l < 32; l++) written[line + (uint32_t)l] = 0xf;
                same_sides(a, b, step);
                summarized += a->b.nwsum > 0;
                if (!t) a->b.epoch++, b->b.epoch++;
            }
            continue;
        }
        uint32_t m = some_mask(), soff[32];
        int32_t d = strides[next((uint32_t)nstrides)];
        int f = __builtin_ctz(m);
        uint32_t base = 200 + next(WINDOW); /* word of lane f */
        if (m == SIM_FULL && next(4) == 0) { /* a whole line (32 words from 128 bytes) */
            base = 224 + 32 * next(3);
            d = 1;
        }
        for (int l = 0; l < 32; l++) {
            int64_t word = (int64_t)base + (int64_t)(l - f) * d;
            soff[l] = (m >> l & 1u) ? (uint32_t)word * 4 : 0xdeadbeefu; /* others: unset */
        }
        int last = 31 - __builtin_clz(m), before = last == f ? -1 : 31 - __builtin_clz(m & ~(1u << last));
        if (before >= 0 && next(10) == 0) /* off the stride: maybe another lane's word, not the lane before's */
            soff[last] = soff[before] + 4 * (1 + next(8));
        /* mostly whole words; some 1- and 2-byte accesses at one place in each
           lane's word, so that words are partly written (init_mask) */
        int kind = (int)next(3); /* 0 read, 1 write, 2 atomic (whole words) */
        unsigned size = kind == 2 || next(8) ? 4 : next(2) ? 2 : 1, at = size == 4 ? 0 : size * next(4 / size);
        if (kind == 0 && size == 4 && next(16) == 0) size = next(2) ? 8 : 16; /* ld.shared.v2 / .v4 of words */
        for (int l = 0; l < 32; l++)
            if (m >> l & 1u) soff[l] += at;
        uint32_t op = next(6);
        if (kind == 2) {
            /* a histogram's bins: the same word in runs of lanes and again
               after others (stride 0, or a few words at random), whole
               words; now and then a lane off the word (an odd offset, as
               the lane path takes it) or outside shared memory (SIM_NONE) */
            uint32_t few = 1 + next(4), pick = next(4);
            for (int l = 0; l < 32; l++) {
                if (!(m >> l & 1u)) continue;
                if (pick == 0) soff[l] = base * 4;
                else if (pick == 1) soff[l] = (base + next(few)) * 4;
                if (next(40) == 0) soff[l] = next(3) == 0 ? SIM_NONE : soff[l] + 1 + next(3);
            }
        }
        a->w[k].minst++, b->w[k].minst++;
        /* a run of lanes on consecutive whole words (a warp's slice of an
           array, a tree's `lane < offset`) also has its own entry points,
           which ld and st take: half the time when it is one */
        bool run = kind != 2 && size == 4 && !((m >> f) & ((m >> f) + 1));
        for (int l = f + 1; run && l <= last; l++) run = soff[l] == soff[f] + 4 * (uint32_t)(l - f);
        bool one = kind == 0;
        for (int l = f + 1; one && l <= last; l++) one = !(m >> l & 1u) || soff[l] == soff[f];
        if (one && next(2)) {
            ones++;
            sim_shadow_reads_one(&a->b, &a->w[k], m, soff[f], size, op);
        } else if (run && next(2)) {
            runs++;
            if (kind == 1) sim_shadow_writes_run(&a->b, &a->w[k], m, soff[f], op);
            else sim_shadow_reads_run(&a->b, &a->w[k], m, soff[f], op);
        } else if (kind == 2) sim_shadow_atomics(&a->b, &a->w[k], m, soff, 4, op);
        else if (kind == 1) sim_shadow_writes(&a->b, &a->w[k], m, soff, size, op);
        else sim_shadow_reads(&a->b, &a->w[k], m, soff, size, op);
        for (int l = 0; l < 32; l++) {
            if (!(m >> l & 1u)) continue;
            if (kind == 2) {
                if (soff[l] != SIM_NONE) sim_shadow_write(&b->b, &b->w[k], l, soff[l], 4, op, m);
            } else if (kind == 1) sim_shadow_write(&b->b, &b->w[k], l, soff[l], size, op, 0);
            else sim_shadow_read(&b->b, &b->w[k], l, soff[l], size, op);
        }
        if (getenv("SHADOW_TRACE"))
            fprintf(stderr, "step %d: warp %u %s m=%08x d=%d base=%u size=%u at=%u op=%u\n", step, k,
                    kind == 2 ? "atomic" : kind == 1 ? "write" : "read", m, d, base, size, at, op);
        same_sides(a, b, step);
        summarized += a->b.nwsum > 0;
        for (int l = 0; kind && l < 32; l++) /* the bytes each writing lane wrote */
            for (unsigned len = kind == 2 ? 4 : size, i = 0; (m >> l & 1u) && soff[l] != SIM_NONE && i < len; i++)
                written[(soff[l] + i) / 4] |= (uint8_t)(1u << ((soff[l] + i) & 3));
        for (uint32_t i = 0; i < SHARED / 4 + 2; i++) {
            const sim_shadow *x = &ea[i];
            unsigned init = x->w_epoch >= a->b.epoch_base ? x->init_mask : 0;
            if (init != written[i])
                fail_msg("step %d: word %u: init bytes %x, the block wrote %x", step, i, init, written[i]);
        }
    }
    assert_true(a->b.hz.n > 0); /* the walk found hazards to compare */
    assert_true(runs > n / 20); /* and took the run entry points often */
    assert_true(ones > n / 200); /* and the broadcast's */
    assert_true(summarized > n / 50); /* and kept lines' summaries between accesses */
    side_free(a), side_free(b);
    free(a), free(b);
}

static void test_warp_path_is_the_lane_path(void **state)
{
    (void)state;
    run_steps(SIM_CHECK_RACES | SIM_CHECK_MEMORY, 40000);
}

static void test_warp_path_races_only(void **state)
{
    (void)state;
    run_steps(SIM_CHECK_RACES, 10000);
}

static void test_warp_path_memory_only(void **state)
{
    (void)state;
    run_steps(SIM_CHECK_MEMORY, 10000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_warp_path_is_the_lane_path),
        cmocka_unit_test(test_warp_path_races_only),
        cmocka_unit_test(test_warp_path_memory_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
