/* test_sim_blockflow.c - a kernel whose blocks may see each other's plain
 * global stores runs its blocks in index order (grader/sim/blockflow.c), so
 * its outcome does not depend on the host threads: every block writing one
 * element, a plain `+=` from every block, a scatter through loaded indices,
 * an in-place neighbour read across a block's edge. Kernels whose blocks
 * keep to their own elements stay parallel: a copy, an in-place scale, a
 * grid-stride loop, a local array through a generic pointer, a shared tile;
 * and two blocks that store to one element through an address that follows
 * the block index are caught while they run (grader/sim/collide.c), by
 * whole lines or by words of a shared line, down a column too. */
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
/* %rd1: the buffer (param a); %rd12: param b, a + 32768 words;
 * %r4: ctaid.x * ntid.x + tid.x; %rd3: &a[%r4] */
#define PROLOGUE(name)                                                        \
    ".visible .entry " name "(.param .u64 a, .param .u64 b)\n"               \
    "{\n"                                                                     \
    "  .reg .pred %p<4>; .reg .b32 %r<16>; .reg .b64 %rd<16>;\n"             \
    "  .local .align 4 .b8 depot[64];\n"                                      \
    "  .shared .align 4 .b8 tile[1024];\n"                                    \
    "  ld.param.u64 %rd9, [a];\n"                                             \
    "  ld.param.u64 %rd12, [b];\n"                                            \
    "  cvta.to.global.u64 %rd1, %rd9;\n"                                      \
    "  mov.u32 %r1, %ctaid.x;\n"                                              \
    "  mov.u32 %r2, %ntid.x;\n"                                               \
    "  mov.u32 %r3, %tid.x;\n"                                                \
    "  mad.lo.s32 %r4, %r1, %r2, %r3;\n"                                      \
    "  mul.wide.s32 %rd2, %r4, 4;\n"                                          \
    "  add.s64 %rd3, %rd1, %rd2;\n"

/* for tid < 48, a[ctaid * stride + tid] = ctaid */
#define ROWS(name, stride)                                                    \
    PROLOGUE(name)                                                            \
    "  setp.ge.u32 %p1, %r3, 48;\n"                                           \
    "  @%p1 bra DONE;\n"                                                      \
    "  mad.lo.s32 %r5, %r1, " stride ", %r3;\n"                               \
    "  mul.wide.u32 %rd4, %r5, 4;\n"                                          \
    "  add.s64 %rd5, %rd1, %rd4;\n"                                           \
    "  st.global.u32 [%rd5], %r1;\n"                                          \
    "DONE:\n"                                                                 \
    "  ret;\n"                                                                \
    "}\n"

/* a[tid] = tid; SYNC; a[tid + 1024] = a[tid ^ X] */
#define EXCHANGE(name, sync, x)                                               \
    PROLOGUE(name)                                                            \
    "  st.global.u32 [%rd3], %r3;\n"                                          \
    "  " sync ";\n"                                                           \
    "  xor.b32 %r5, %r3, " x ";\n"                                            \
    "  mul.wide.u32 %rd4, %r5, 4;\n"                                          \
    "  add.s64 %rd5, %rd1, %rd4;\n"                                           \
    "  ld.global.u32 %r6, [%rd5];\n"                                          \
    "  st.global.u32 [%rd3+4096], %r6;\n"                                     \
    "  ret;\n"                                                                \
    "}\n"

static const char *const kernels =
    HEADER
    /* every block writes its index to a[0]: the last block's must stay */
    PROLOGUE("lastwriter")
    "  st.global.u32 [%rd1], %r1;\n"
    "  ret;\n"
    "}\n"
    /* a[tid] += 1 for tid < 8, plain, from every block (one thread a word
     * in a block: the race is between blocks) */
    PROLOGUE("plainadd")
    "  setp.ge.u32 %p1, %r3, 8;\n"
    "  @%p1 bra DONE_PA;\n"
    "  mul.wide.u32 %rd4, %r3, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  ld.global.u32 %r6, [%rd5];\n"
    "  add.u32 %r6, %r6, 1;\n"
    "  st.global.u32 [%rd5], %r6;\n"
    "DONE_PA:\n"
    "  ret;\n"
    "}\n"
    /* a[a[i] % 64] = i: the address comes from memory */
    PROLOGUE("scatter")
    "  ld.global.u32 %r5, [%rd3];\n"
    "  and.b32 %r5, %r5, 63;\n"
    "  add.u32 %r5, %r5, %r1;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  st.global.u32 [%rd5], %r4;\n"
    "  ret;\n"
    "}\n"
    /* a[tid % 8] += 1 in one block of two warps: lanes 0, 8, 16 and 24 of a
     * warp read a[0] and then store it (a race within the warp), and warp
     * 1 reads what warp 0 stored (a race between warps) */
    PROLOGUE("blockadd")
    "  and.b32 %r5, %r3, 7;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  ld.global.u32 %r6, [%rd5];\n"
    "  add.u32 %r6, %r6, 1;\n"
    "  st.global.u32 [%rd5], %r6;\n"
    "  ret;\n"
    "}\n"
    /* thread t stores a[t], then reads a[t ^ 32] (the other warp's): with
     * bar.sync between (quiet), with bar.warp.sync (a race between warps),
     * and a[t ^ 1] with bar.warp.sync (ordered: the same warp) */
    EXCHANGE("swapbar", "bar.sync 0", "32")
    EXCHANGE("swapwarpsync", "bar.warp.sync -1", "32")
    EXCHANGE("pairwarpsync", "bar.warp.sync -1", "1")
    /* 2^21 + 2 barrier epochs, each with a store and then a load of the
     * thread's own a[tid] (crossread.c's clock wraps at 2^21 and drops
     * its tables, at a store), then thread 0 stores a[0] and thread 32 loads it with
     * no barrier between */
    PROLOGUE("clockwrap")
    "  mov.u32 %r5, 0;\n"
    "LOOP_CW:\n"
    "  st.global.u32 [%rd3], %r5;\n"
    "  ld.global.u32 %r6, [%rd3];\n"
    "  bar.sync 0;\n"
    "  add.u32 %r5, %r5, 1;\n"
    "  setp.lt.u32 %p1, %r5, 2097154;\n"
    "  @%p1 bra LOOP_CW;\n"
    "  setp.ne.u32 %p2, %r3, 0;\n"
    "  @%p2 bra READ_CW;\n"
    "  st.global.u32 [%rd1], %r5;\n"
    "READ_CW:\n"
    "  bar.warp.sync -1;\n"
    "  setp.ne.u32 %p3, %r3, 32;\n"
    "  @%p3 bra DONE_CW;\n"
    "  ld.global.u32 %r7, [%rd1];\n"
    "DONE_CW:\n"
    "  ret;\n"
    "}\n"
    /* plainadd with a fence before the store: a program that may order
     * its blocks, which the cross-block read check leaves alone */
    PROLOGUE("fenceadd")
    "  and.b32 %r5, %r3, 7;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  ld.global.u32 %r6, [%rd5];\n"
    "  add.u32 %r6, %r6, 1;\n"
    "  membar.gl;\n"
    "  st.global.u32 [%rd5], %r6;\n"
    "  ret;\n"
    "}\n"
    /* a[tid % 8] += 1 with volatile loads and stores, and with atomics */
    PROLOGUE("volatileadd")
    "  and.b32 %r5, %r3, 7;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  ld.volatile.global.u32 %r6, [%rd5];\n"
    "  add.u32 %r6, %r6, 1;\n"
    "  st.volatile.global.u32 [%rd5], %r6;\n"
    "  ret;\n"
    "}\n"
    /* an atomic on b (blocks in index order), a store past the first
     * 16,384 words of a, then a read of a[tid % 8], which it never stores */
    PROLOGUE("readhead")
    "  cvta.to.global.u64 %rd13, %rd12;\n"
    "  atom.global.add.u32 %r9, [%rd13], 1;\n"
    "  st.global.u32 [%rd3+65536], %r3;\n"
    "  and.b32 %r5, %r3, 7;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  ld.global.u32 %r6, [%rd5];\n"
    "  ret;\n"
    "}\n"
    /* bytes: a[tid % 8] as unsigned chars, += 1 from every block (the
     * check keeps words: left out) */
    PROLOGUE("byteadd")
    "  and.b32 %r5, %r3, 7;\n"
    "  cvt.u64.u32 %rd4, %r5;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  ld.global.u8 %r6, [%rd5];\n"
    "  add.u32 %r6, %r6, 1;\n"
    "  st.global.u8 [%rd5], %r6;\n"
    "  ret;\n"
    "}\n"
    PROLOGUE("atomadd")
    "  and.b32 %r5, %r3, 7;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  atom.global.add.u32 %r6, [%rd5], 1;\n"
    "  ret;\n"
    "}\n"
    /* atomicAdd on a[tid % 8] from every block, each thread's ticket (the
     * old value) stored to its own element of b */
    PROLOGUE("atomticket")
    "  and.b32 %r5, %r3, 7;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  atom.global.add.u32 %r6, [%rd5], 1;\n"
    "  cvta.to.global.u64 %rd13, %rd12;\n"
    "  add.s64 %rd6, %rd13, %rd2;\n"
    "  st.global.u32 [%rd6], %r6;\n"
    "  ret;\n"
    "}\n"
    /* atomicAdd_block on a[tid % 8] from every block (a scope race) */
    PROLOGUE("ctaadd")
    "  and.b32 %r5, %r3, 7;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  atom.global.cta.add.u32 %r6, [%rd5], 1;\n"
    "  ret;\n"
    "}\n"
    /* the same through a generic address, red (no result), odd blocks
     * only: .gpu from the even ones (one of two of block scope still races) */
    PROLOGUE("ctamix")
    "  and.b32 %r5, %r3, 7;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd9, %rd4;\n"
    "  and.b32 %r7, %r1, 1;\n"
    "  setp.ne.u32 %p1, %r7, 0;\n"
    "  @%p1 red.cta.add.u32 [%rd5], 1;\n"
    "  @!%p1 red.add.u32 [%rd5], 1;\n"
    "  ret;\n"
    "}\n"
    /* honest: atomicAdd_block on the block's own word of a, atomicAdd
     * (device scope) on b's one counter, atomicAdd_block on shared words */
    PROLOGUE("ctaown")
    "  atom.global.cta.add.u32 %r6, [%rd3], 1;\n"
    "  cvta.to.global.u64 %rd13, %rd12;\n"
    "  atom.global.add.u32 %r9, [%rd13], 1;\n"
    "  mov.u32 %r8, tile;\n"
    "  shl.b32 %r5, %r3, 2;\n"
    "  add.s32 %r11, %r8, %r5;\n"
    "  st.shared.u32 [%r11], 0;\n"
    "  bar.sync 0;\n"
    "  and.b32 %r5, %r3, 7;\n"
    "  shl.b32 %r5, %r5, 2;\n"
    "  add.s32 %r8, %r8, %r5;\n"
    "  atom.shared.cta.add.u32 %r10, [%r8], 1;\n"
    "  ret;\n"
    "}\n"
    /* an atomic on b (blocks in index order), then each block stores its
     * own row of a and reads it back from the neighbouring lane, after a
     * __syncwarp() */
    PROLOGUE("ownrow")
    "  cvta.to.global.u64 %rd13, %rd12;\n"
    "  atom.global.add.u32 %r9, [%rd13], 1;\n"
    "  st.global.u32 [%rd3], %r3;\n"
    "  bar.warp.sync -1;\n"
    "  xor.b32 %r5, %r4, 1;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  ld.global.u32 %r6, [%rd5];\n"
    "  ret;\n"
    "}\n"
    /* an atomic on b (blocks in index order), a[i] = tid, then blocks
     * after the first read the previous block's row, a full warp's
     * consecutive words (the global short path) */
    PROLOGUE("prevrow")
    "  cvta.to.global.u64 %rd13, %rd12;\n"
    "  atom.global.add.u32 %r9, [%rd13], 1;\n"
    "  st.global.u32 [%rd3], %r3;\n"
    "  setp.eq.u32 %p1, %r1, 0;\n"
    "  @%p1 bra DONE;\n"
    "  ld.global.u32 %r6, [%rd3+-256];\n"
    "DONE:\n"
    "  ret;\n"
    "}\n"
    /* a[i] = a[i + 1] + 1 in place: block b reads what block b + 1 writes */
    PROLOGUE("stencil")
    "  ld.global.u32 %r5, [%rd3+4];\n"
    "  add.u32 %r5, %r5, 1;\n"
    "  st.global.u32 [%rd3], %r5;\n"
    "  ret;\n"
    "}\n"
    /* a[ctaid / 2] = ctaid from thread 0: the address follows the block
     * index, yet two blocks share each element (found as it happens) */
    PROLOGUE("halfindex")
    "  setp.ne.u32 %p1, %r3, 0;\n"
    "  @%p1 bra DONE;\n"
    "  shr.u32 %r5, %r1, 1;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  st.global.u32 [%rd5], %r1;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n"
    /* a[(ctaid / 2) * ntid + tid] = ctaid: blocks 2k and 2k + 1 store the
     * same whole lines */
    PROLOGUE("sameline")
    "  shr.u32 %r5, %r1, 1;\n"
    "  mad.lo.s32 %r6, %r5, %r2, %r3;\n"
    "  mul.wide.u32 %rd4, %r6, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  st.global.u32 [%rd5], %r1;\n"
    "  ret;\n"
    "}\n"
    /* a[tid * 256 + ctaid / 2] = ctaid: a column, blocks 2k and 2k + 1 on
     * the same words */
    PROLOGUE("samecol")
    "  shr.u32 %r5, %r1, 1;\n"
    "  shl.b32 %r6, %r3, 8;\n"
    "  add.u32 %r6, %r6, %r5;\n"
    "  mul.wide.u32 %rd4, %r6, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  st.global.u32 [%rd5], %r1;\n"
    "  ret;\n"
    "}\n"
    /* a[tid * 512 + ctaid] = ctaid: a column of each block's own words,
     * 32 blocks in each line */
    PROLOGUE("owncol")
    "  shl.b32 %r6, %r3, 9;\n"
    "  add.u32 %r6, %r6, %r1;\n"
    "  mul.wide.u32 %rd4, %r6, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  st.global.u32 [%rd5], %r1;\n"
    "  ret;\n"
    "}\n"
    /* a[ctaid] = ctaid from thread 0: 32 blocks share each 128-byte line,
     * each on a word of its own */
    PROLOGUE("ownword")
    "  setp.ne.u32 %p1, %r3, 0;\n"
    "  @%p1 bra DONE;\n"
    "  mul.wide.u32 %rd4, %r1, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  st.global.u32 [%rd5], %r1;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n"
    /* from thread 0, b[ctaid / 2] + 1 into a[ctaid / 2]: run with b = a,
     * blocks 2k and 2k + 1 add to one word through two parameters, which
     * the PTX cannot show; found as it happens, and run again from the
     * memory as it was, each word ends 2 up */
    PROLOGUE("twoptrs")
    "  setp.ne.u32 %p1, %r3, 0;\n"
    "  @%p1 bra DONE;\n"
    "  cvta.to.global.u64 %rd13, %rd12;\n"
    "  shr.u32 %r5, %r1, 1;\n"
    "  mul.wide.u32 %rd4, %r5, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  add.s64 %rd6, %rd13, %rd4;\n"
    "  ld.global.u32 %r6, [%rd6];\n"
    "  add.u32 %r6, %r6, 1;\n"
    "  st.global.u32 [%rd5], %r6;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n"
    /* for tid < 48, a[ctaid * 48 + tid] = ctaid: the second warp stores 16
     * lanes, and blocks share the lines at their edges, words apart */
    ROWS("rows48", "48")
    /* the same rows 40 apart: each block's last 8 words are the next one's
     * first 8 */
    ROWS("rows40", "40")
    /* the second warp's first 16 lanes: block 2k at word 64k + 20 + lane,
     * which runs 4 words into the next line, block 2k + 1 at 64k + 34 +
     * lane: they meet on two words of that next line, and only there */
    PROLOGUE("nextline")
    "  setp.lt.u32 %p1, %r3, 32;\n"
    "  @%p1 bra DONE;\n"
    "  setp.ge.u32 %p2, %r3, 48;\n"
    "  @%p2 bra DONE;\n"
    "  sub.u32 %r5, %r3, 32;\n"
    "  shr.u32 %r6, %r1, 1;\n"
    "  and.b32 %r7, %r1, 1;\n"
    "  mul.lo.u32 %r8, %r7, 14;\n"
    "  shl.b32 %r9, %r6, 6;\n"
    "  add.u32 %r10, %r9, %r8;\n"
    "  add.u32 %r10, %r10, 20;\n"
    "  add.u32 %r10, %r10, %r5;\n"
    "  mul.wide.u32 %rd4, %r10, 4;\n"
    "  add.s64 %rd5, %rd1, %rd4;\n"
    "  st.global.u32 [%rd5], %r1;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n"
    /* b[i] = a[i]: its own elements only */
    PROLOGUE("copy")
    "  ld.global.u32 %r5, [%rd3];\n"
    "  add.s64 %rd13, %rd12, %rd2;\n"
    "  st.global.u32 [%rd13], %r5;\n"
    "  ret;\n"
    "}\n"
    /* a[i] *= 3 in place */
    PROLOGUE("scale")
    "  ld.global.u32 %r5, [%rd3];\n"
    "  mul.lo.u32 %r5, %r5, 3;\n"
    "  st.global.u32 [%rd3], %r5;\n"
    "  ret;\n"
    "}\n"
    /* for (j = i; j < 32768; j += nctaid * ntid) a[j] = j, through a
     * local array reached by a generic pointer, and a shared tile */
    PROLOGUE("gridstride")
    "  mov.u64 %rd6, depot;\n"
    "  cvta.local.u64 %rd7, %rd6;\n"
    "  st.u32 [%rd7], %r4;\n"
    "  mov.u32 %r7, tile;\n"
    "  shl.b32 %r8, %r3, 2;\n"
    "  add.s32 %r9, %r7, %r8;\n"
    "  st.shared.u32 [%r9], %r4;\n"
    "  mov.u32 %r10, %nctaid.x;\n"
    "  mul.lo.s32 %r11, %r10, %r2;\n"
    "  mov.u32 %r12, %r4;\n"
    "LOOP:\n"
    "  setp.ge.s32 %p1, %r12, 32768;\n"
    "  @%p1 bra DONE;\n"
    "  ld.u32 %r13, [%rd7];\n"
    "  ld.shared.u32 %r14, [%r9];\n"
    "  mul.wide.s32 %rd10, %r12, 4;\n"
    "  add.s64 %rd11, %rd1, %rd10;\n"
    "  st.global.u32 [%rd11], %r12;\n"
    "  add.s32 %r12, %r12, %r11;\n"
    "  bra LOOP;\n"
    "DONE:\n"
    "  ret;\n"
    "}\n";

enum { BLOCKS = 512, THREADS = 64, WORDS = 2 * BLOCKS * THREADS + 64 };

static ptx_module *module(void)
{
    ptx_module *m = NULL;
    cl_error e;
    if (ptx_parse(kernels, strlen(kernels), "f.ptx", &m, &e) != CL_OK)
        fail_msg("parse: %s (line %d)", e.message, e.line);
    return m;
}

static bool in_order(const ptx_module *m, const char *k)
{
    long entry = ptx_find_entry(m, k);
    assert_true(entry >= 0);
    return sim_blocks_in_order(m, entry);
}

/* The buffer after one launch of k on `threads` host threads, from the same
 * start (word i holds i * 2654435761, or `same` in every word when it is
 * not 0); how its blocks ran into *order. */
/* One launch of k on machine sm, whose first allocation is a: param a is
 * a, param b is a 32,768 words on, or a itself (alias). */
static sim_launch_result *launch_on(sim_machine *sm, uint64_t a, const ptx_module *m, const char *k, bool alias)
{
    cl_error e;
    uint64_t b = alias ? a : a + 4 * BLOCKS * THREADS;
    unsigned char blob[16];
    memcpy(blob, &a, 8);
    memcpy(blob + 8, &b, 8);
    sim_launch_result *r = NULL;
    if (sim_launch(sm, m, k, (sim_dim3){BLOCKS, 1, 1}, (sim_dim3){THREADS, 1, 1}, 0, blob, 16, &r, &e) != CL_OK)
        fail_msg("launch %s: %s", k, e.message);
    return r;
}

static uint32_t *launch_from(const ptx_module *m, const char *k, unsigned threads, uint32_t same,
                             bool alias, sim_block_order *order)
{
    sim_options o = {0};
    o.threads = threads;
    sim_machine *sm = sim_new(&o);
    cl_error e;
    uint64_t a;
    uint32_t *words = malloc(WORDS * sizeof *words);
    for (uint32_t i = 0; i < WORDS; i++) words[i] = same ? same : i * 2654435761u;
    assert_int_equal(sim_alloc(sm, WORDS * 4, "a", &a, &e), CL_OK);
    assert_int_equal(sim_write(sm, a, words, WORDS * 4, &e), CL_OK);
    sim_launch_result *r = launch_on(sm, a, m, k, alias);
    assert_int_equal(r->status, SIM_COMPLETED);
    assert_int_equal(sim_read(sm, words, a, WORDS * 4, &e), CL_OK);
    if (order) *order = r->order;
    sim_launch_result_free(r);
    sim_free(sm);
    return words;
}

static void test_classified(void **state)
{
    (void)state;
    ptx_module *m = module();
    assert_true(in_order(m, "lastwriter"));
    assert_true(in_order(m, "plainadd"));
    assert_true(in_order(m, "scatter"));
    assert_true(in_order(m, "stencil"));
    assert_false(in_order(m, "halfindex")); /* the PTX does not show it: collide.c does */
    assert_false(in_order(m, "copy"));
    assert_false(in_order(m, "scale"));
    assert_false(in_order(m, "gridstride"));
    ptx_module_free(m);
}

static uint32_t *launch_how(const ptx_module *m, const char *k, unsigned threads, sim_block_order *order)
{
    return launch_from(m, k, threads, 0, false, order);
}

static uint32_t *launch(const ptx_module *m, const char *k, unsigned threads)
{
    return launch_how(m, k, threads, NULL);
}

/* How k's blocks ran on 4 host threads. */
static sim_block_order order_of(const ptx_module *m, const char *k)
{
    sim_block_order o;
    free(launch_how(m, k, 4, &o));
    return o;
}

/* Four threads give what one gives, on every try. */
static void check_same(const char *k)
{
    ptx_module *m = module();
    uint32_t *one = launch(m, k, 1);
    for (int attempt = 0; attempt < 4; attempt++) {
        uint32_t *four = launch(m, k, 4);
        for (uint32_t i = 0; i < WORDS; i++)
            if (one[i] != four[i]) fail_msg("%s, try %d: word %u is %u on 4 threads, %u on 1", k, attempt, i, four[i], one[i]);
        free(four);
    }
    free(one);
    ptx_module_free(m);
}

static void test_last_writer(void **state)
{
    (void)state;
    ptx_module *m = module();
    uint32_t *w = launch(m, "lastwriter", 4);
    assert_int_equal(w[0], BLOCKS - 1);
    free(w);
    ptx_module_free(m);
    check_same("lastwriter");
}

/* Two blocks on one element: the launch runs again in index order, from the
 * memory as it was, so the later block's value stays (and the rest of the
 * buffer is as it was: the first run's stores were put back). */
static void test_collision_found_running(void **state)
{
    (void)state;
    ptx_module *m = module();
    uint32_t *w = launch(m, "halfindex", 4);
    for (uint32_t k = 0; k < BLOCKS / 2; k++) assert_int_equal(w[k], 2 * k + 1);
    for (uint32_t i = BLOCKS / 2; i < WORDS; i++) assert_int_equal(w[i], i * 2654435761u);
    free(w);
    assert_int_equal(order_of(m, "halfindex"), SIM_RAN_AGAIN_IN_ORDER);
    /* a buffer of one word over and over (an output's sentinels) is put
       back from that word, not from a copy */
    sim_block_order o;
    w = launch_from(m, "halfindex", 4, 0x7fc0deadu, false, &o);
    assert_int_equal(o, SIM_RAN_AGAIN_IN_ORDER);
    for (uint32_t k = 0; k < BLOCKS / 2; k++) assert_int_equal(w[k], 2 * k + 1);
    for (uint32_t i = BLOCKS / 2; i < WORDS; i++) assert_int_equal(w[i], 0x7fc0deadu);
    free(w);
    /* the second run reads what the first stored, unless it was put back:
       from a copy (words apart) and from the one word (all alike) */
    assert_false(in_order(m, "twoptrs"));
    for (int same = 0; same < 2; same++)
        for (int attempt = 0; attempt < 4; attempt++) {
            uint32_t start = same ? 1000u : 0;
            w = launch_from(m, "twoptrs", 4, start, true, &o);
            assert_int_equal(o, SIM_RAN_AGAIN_IN_ORDER);
            for (uint32_t k = 0; k < BLOCKS / 2; k++)
                assert_int_equal(w[k], (same ? 1000u : k * 2654435761u) + 2);
            free(w);
        }
    ptx_module_free(m);
    check_same("halfindex");
}

/* Blocks are noted per 128-byte line, and per word where two share a line:
 * the same whole lines from every block are a collision, words of their
 * own in shared lines are not, and neither are blocks on lines apart. */
static void test_collision_by_line_and_word(void **state)
{
    (void)state;
    ptx_module *m = module();
    assert_false(in_order(m, "sameline"));
    assert_false(in_order(m, "ownword"));
    assert_int_equal(order_of(m, "sameline"), SIM_RAN_AGAIN_IN_ORDER);
    uint32_t *w = launch(m, "sameline", 4);
    for (uint32_t i = 0; i < BLOCKS / 2 * THREADS; i++) assert_int_equal(w[i], i / THREADS * 2 + 1);
    free(w);
    check_same("sameline");
    for (int attempt = 0; attempt < 4; attempt++) {
        assert_int_equal(order_of(m, "ownword"), SIM_RAN_SPREAD);
        assert_int_equal(order_of(m, "copy"), SIM_RAN_SPREAD);
        assert_int_equal(order_of(m, "gridstride"), SIM_RAN_SPREAD);
    }
    /* a partial warp's run of words, shifted onto one line or two */
    assert_false(in_order(m, "rows48"));
    assert_false(in_order(m, "rows40"));
    for (int attempt = 0; attempt < 4; attempt++) {
        assert_int_equal(order_of(m, "rows48"), SIM_RAN_SPREAD);
        assert_int_equal(order_of(m, "rows40"), SIM_RAN_AGAIN_IN_ORDER);
    }
    assert_false(in_order(m, "nextline"));
    for (int attempt = 0; attempt < 4; attempt++)
        assert_int_equal(order_of(m, "nextline"), SIM_RAN_AGAIN_IN_ORDER);
    w = launch(m, "nextline", 4);
    for (uint32_t k = 0; k < BLOCKS / 2; k++) {
        assert_int_equal(w[64 * k + 33], 2 * k);
        assert_int_equal(w[64 * k + 34], 2 * k + 1);
        assert_int_equal(w[64 * k + 35], 2 * k + 1);
    }
    free(w);
    w = launch(m, "rows40", 4);
    for (uint32_t i = 0; i < BLOCKS * 40 + 8; i++) /* the later block's value stays */
        assert_int_equal(w[i], i / 40 < BLOCKS ? i / 40 : BLOCKS - 1);
    free(w);
    check_same("rows40");
    w = launch(m, "ownword", 4);
    for (uint32_t k = 0; k < BLOCKS; k++) assert_int_equal(w[k], k);
    free(w);
    /* a full warp's column (the global short path's scatter) alike: the
       same words from two blocks, words of their own in shared lines */
    assert_false(in_order(m, "samecol"));
    assert_false(in_order(m, "owncol"));
    for (int attempt = 0; attempt < 4; attempt++) {
        assert_int_equal(order_of(m, "samecol"), SIM_RAN_AGAIN_IN_ORDER);
        assert_int_equal(order_of(m, "owncol"), SIM_RAN_SPREAD);
    }
    w = launch(m, "samecol", 4);
    for (uint32_t t = 0; t < THREADS; t++)
        for (uint32_t k = 0; k < BLOCKS / 2; k++) assert_int_equal(w[t * 256 + k], 2 * k + 1);
    free(w);
    check_same("samecol");
    w = launch(m, "owncol", 4);
    for (uint32_t t = 0; t < THREADS; t++)
        for (uint32_t k = 0; k < BLOCKS; k++) assert_int_equal(w[t * 512 + k], k);
    free(w);
    sim_block_order o;
    uint32_t *one = launch_how(m, "copy", 1, &o);
    assert_int_equal(o, SIM_RAN_IN_ORDER);
    free(one);
    ptx_module_free(m);
}

/* One launch of k on `threads` host threads with the races check on or
 * off; its result (the caller frees it). */
static sim_machine *machine_with_a(unsigned threads, bool races, uint64_t *a)
{
    sim_options o = {0};
    o.threads = threads;
    o.checks_off = races ? 0 : SIM_CHECK_RACES;
    sim_machine *sm = sim_new(&o);
    cl_error e;
    assert_int_equal(sim_alloc(sm, WORDS * 4, "a", a, &e), CL_OK);
    assert_int_equal(sim_fill(sm, *a, 0, WORDS * 4, &e), CL_OK);
    return sm;
}

static sim_launch_result *launch_result(const ptx_module *m, const char *k, unsigned threads, bool races)
{
    uint64_t a;
    sim_machine *sm = machine_with_a(threads, races, &a);
    sim_launch_result *r = launch_on(sm, a, m, k, false);
    sim_free(sm);
    return r;
}

/* A block that reads a word another block stored with a plain store, in a
 * kernel whose blocks run in index order and that nothing orders
 * (crossread.c): `a[tid] += 1` (tid < 8) from every block is one race-global
 * hazard, block 1's first read of block 0's store, the same on 1 and 4
 * threads, and none with the races check off. A fence, volatile accesses,
 * atomics, bytes, a block reading its own stores, and a kernel whose blocks keep
 * to their own elements (spread over threads, not looked at) give none. */
static void test_cross_block_reads(void **state)
{
    (void)state;
    ptx_module *m = module();
    for (unsigned threads = 1; threads <= 4; threads += 3) {
        sim_launch_result *r = launch_result(m, "plainadd", threads, true);
        assert_int_equal(r->status, SIM_COMPLETED);
        assert_int_equal(r->nhazards, 1);
        const sim_hazard *h = &r->hazards[0];
        assert_int_equal(h->kind, CL_HZ_RACE_GLOBAL);
        assert_int_equal(cl_hazard_family_of(h->kind), CL_FAMILY_RACE);
        assert_int_equal(h->severity, CL_SEV_ERROR);
        assert_int_equal(h->block.x, 1);
        assert_int_equal(h->warp, 0);
        assert_int_equal(h->lane, 0);
        assert_string_equal(h->alloc, "a");
        if (!strstr(h->message, "block 1 reads byte 0 of 'a'") || !strstr(h->message, "which block 0 stored"))
            fail_msg("message: %s", h->message);
        /* warp 0 of every block after the first */
        assert_int_equal(h->count, BLOCKS - 1);
        sim_launch_result_free(r);
    }
    /* the same through the global short path: a full warp's row */
    sim_launch_result *r = launch_result(m, "prevrow", 4, true);
    assert_int_equal(r->nhazards, 1);
    assert_int_equal(r->hazards[0].kind, CL_HZ_RACE_GLOBAL);
    assert_int_equal(r->hazards[0].block.x, 1);
    assert_int_equal(r->hazards[0].count, 2 * (BLOCKS - 1)); /* both warps of every block after the first */
    if (!strstr(r->hazards[0].message, "block 1 reads byte 0 of 'a'")) fail_msg("message: %s", r->hazards[0].message);
    sim_launch_result_free(r);
    r = launch_result(m, "plainadd", 1, false);
    assert_int_equal(r->nhazards, 0);
    sim_launch_result_free(r);
    static const char *const quiet[] = {"fenceadd", "volatileadd", "atomadd", "byteadd", "ownrow", "copy", "scale"};
    for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++) {
        r = launch_result(m, quiet[i], 1, true);
        if (r->nhazards) fail_msg("%s: %s", quiet[i], r->hazards[0].message);
        sim_launch_result_free(r);
    }
    assert_true(in_order(m, "ownrow")); /* looked at, and nothing found */
    ptx_module_free(m);
}

/* Atomics of block scope (atom.cta, atomicAdd_block) on a global word
 * that two blocks update are not atomic with respect to each other (the
 * PTX memory model: neither one's scope holds the other's thread): a
 * race-scope hazard under races naming both blocks and the scope, the same
 * on 1 and 4 threads, also where only one side is .cta and through a
 * generic address; none with the races check off, none for a block's own
 * word, a device-scope counter or shared words. */
static void test_cross_block_scope(void **state)
{
    (void)state;
    ptx_module *m = module();
    for (unsigned threads = 1; threads <= 4; threads += 3) {
        sim_launch_result *r = launch_result(m, "ctaadd", threads, true);
        assert_int_equal(r->status, SIM_COMPLETED);
        assert_int_equal(r->nhazards, 1);
        const sim_hazard *h = &r->hazards[0];
        assert_int_equal(h->kind, CL_HZ_RACE_SCOPE);
        assert_int_equal(cl_hazard_family_of(h->kind), CL_FAMILY_RACE);
        assert_int_equal(h->block.x, 1);
        assert_int_equal(h->lane, 0);
        if (!strstr(h->message, "blocks 0 (line") || !strstr(h->message, "and 1 (line") ||
            !strstr(h->message, "byte 0 of 'a'") || !strstr(h->message, "both are of block scope"))
            fail_msg("message: %s", h->message);
        if (!strstr(h->advice, "use atomicAdd (not atomicAdd_block)")) fail_msg("advice: %s", h->advice);
        /* warp 0 of every block after the first (warp 1 meets its own block's notes) */
        assert_int_equal(h->count, BLOCKS - 1);
        /* explored: .cta atomics are not taken to commute; an atomic with a
           result is a ticket, so the last-started and held orders run too */
        assert_int_equal(r->orders, 30);
        sim_launch_result_free(r);
        /* block 1's .cta after block 0's .gpu, block 2's .gpu after block 1's .cta */
        r = launch_result(m, "ctamix", threads, true);
        assert_int_equal(r->nhazards, 2);
        for (unsigned k = 0; k < 2; k++) {
            h = &r->hazards[k];
            assert_int_equal(h->kind, CL_HZ_RACE_SCOPE);
            assert_int_equal(h->block.x, strstr(h->message, "the second is of block scope") ? 1 : 2);
            if (!strstr(h->message, h->block.x == 1 ? "blocks 0 (line" : "blocks 1 (line"))
                fail_msg("message: %s", h->message);
        }
        sim_launch_result_free(r);
        r = launch_result(m, "ctaown", threads, true);
        if (r->nhazards) fail_msg("ctaown: %s", r->hazards[0].message);
        sim_launch_result_free(r);
    }
    sim_launch_result *r = launch_result(m, "ctaadd", 1, false);
    assert_int_equal(r->nhazards, 0);
    sim_launch_result_free(r);
    ptx_module_free(m);
}

/* Threads of one block on global memory (crossread.c's notes within a
 * block): a plain load of a word that a thread of another warp stored in
 * the same barrier epoch, or of the same warp with no warp-level
 * synchronisation naming both, is a race-global hazard naming the other
 * thread; so is a store to a word such a thread read. A barrier between
 * them, or bar.warp.sync between lanes of one warp, orders them. */
static void test_within_block(void **state)
{
    (void)state;
    ptx_module *m = module();
    uint64_t a;
    sim_machine *sm = machine_with_a(1, true, &a);
    sim_dim3 one = {1, 1, 1}, two_warps = {64, 1, 1};
    uint8_t blob[16];
    memcpy(blob, &a, 8);
    uint64_t b = a + 4 * 32768;
    memcpy(blob + 8, &b, 8);
    static const struct {
        const char *k;
        const char *said[2]; /* what the hazards say; NULL: none */
    } cases[] = {
        /* warp 0's reads, before any store in the launch, are noted too:
           a is a buffer the kernel stores through */
        {"blockadd", {"thread 0 of block 0 stores to byte 0 of 'a' (line 0), which thread 24 of the same block read earlier with no __syncwarp() between",
                      "thread 32 of block 0 reads byte 0 of 'a' (line 0), which thread 24 of the same block stored (line 0) with no __syncthreads() between"}},
        {"swapbar", {NULL, NULL}},
        /* warp 0 runs first: warp 1's store meets warp 0's read, and warp
           1's read warp 0's store */
        {"swapwarpsync", {"thread 32 of block 0 stores to byte 128 of 'a' (line 0), which thread 0 of the same block read earlier with no __syncthreads() between",
                          "thread 32 of block 0 reads byte 0 of 'a' (line 0), which thread 0 of the same block stored (line 0) with no __syncthreads() between"}},
        {"pairwarpsync", {NULL, NULL}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sim_launch_result *r = NULL;
        cl_error e;
        assert_int_equal(sim_launch(sm, m, cases[i].k, one, two_warps, 0, blob, 16, &r, &e), CL_OK);
        size_t want = (cases[i].said[0] != NULL) + (cases[i].said[1] != NULL);
        if (r->nhazards != want) fail_msg("%s: %zu hazards, the first: %s", cases[i].k, r->nhazards,
                                          r->nhazards ? r->hazards[0].message : "");
        for (size_t h = 0; h < want; h++) { /* each said by one of them */
            size_t k = 0;
            while (k < r->nhazards && !strstr(r->hazards[k].message, cases[i].said[h])) k++;
            if (k == r->nhazards) {
                for (k = 0; k < r->nhazards; k++) fprintf(stderr, "  said: %s\n", r->hazards[k].message);
                fail_msg("%s: none says \"%s\"", cases[i].k, cases[i].said[h]);
            }
            assert_int_equal(r->hazards[k].kind, CL_HZ_RACE_GLOBAL);
        }
        sim_launch_result_free(r);
    }
    sim_free(sm);
    ptx_module_free(m);
}

/* crossread.c's clock for the notes within a block wraps at 2^21 values
 * (one a block's barrier epoch that touches them) and drops every table:
 * a launch that runs past it goes on, and a race after the wrap is still
 * seen. */
static void test_within_block_clock_wraps(void **state)
{
    (void)state;
    ptx_module *m = module();
    uint64_t a;
    sim_machine *sm = machine_with_a(1, true, &a);
    sim_set_budget(sm, 1ull << 26, 0);
    uint8_t blob[16];
    uint64_t b = a + 4 * 32768;
    memcpy(blob, &a, 8);
    memcpy(blob + 8, &b, 8);
    sim_launch_result *r = NULL;
    cl_error e;
    assert_int_equal(sim_launch(sm, m, "clockwrap", (sim_dim3){1, 1, 1}, (sim_dim3){64, 1, 1}, 0, blob, 16, &r, &e),
                     CL_OK);
    assert_int_equal(r->status, SIM_COMPLETED);
    if (r->nhazards != 1) fail_msg("%zu hazards, the first: %s", r->nhazards, r->nhazards ? r->hazards[0].message : "");
    assert_int_equal(r->hazards[0].kind, CL_HZ_RACE_GLOBAL);
    if (!strstr(r->hazards[0].message, "thread 32 of block 0 reads byte 0 of 'a'") ||
        !strstr(r->hazards[0].message, "which thread 0 of the same block stored"))
        fail_msg("message: %s", r->hazards[0].message);
    sim_launch_result_free(r);
    sim_free(sm);
    ptx_module_free(m);
}

/* The notes keep a launch's number in 8 bits: 255 launches after
 * plainadd noted a[0..7], a launch with plainadd's number again reads those
 * words (and stores elsewhere in a, so it looks) and must not take the old
 * notes for its own launch's. */
static void test_cross_block_notes_wrap(void **state)
{
    (void)state;
    ptx_module *m = module();
    uint64_t a;
    sim_machine *sm = machine_with_a(1, true, &a);
    sim_launch_result *r = launch_on(sm, a, m, "plainadd", false);
    assert_int_equal(r->nhazards, 1);
    sim_launch_result_free(r);
    for (int i = 0; i < 300; i++) {
        r = launch_on(sm, a, m, i == 299 ? "plainadd" : "readhead", false);
        if (i == 299) assert_int_equal(r->nhazards, 1);
        /* readhead's store of a[32768] by block 256 meets the atomic on b (the
           same word): the order decides it (order.c), a hazard of its own */
        for (size_t k = 0; i < 299 && k < r->nhazards; k++)
            if (r->hazards[k].kind != CL_HZ_ORDER_DEPENDENT)
                fail_msg("launch %d: %s", i + 2, r->hazards[k].message);
        sim_launch_result_free(r);
    }
    sim_free(sm);
    ptx_module_free(m);
}

/* The other block orders (order.c). Atomics on a[tid % 8] from every block
 * whose old values go to each thread's element of b end the same in the
 * reverse, the interleaved and the last-started order (all three judged:
 * the tickets are the same words in another order); with the old values unused, the atomics alone
 * commute and no other order runs (blockflow.c; atomicAdd_block ones do
 * not count, test_cross_block_scope); every
 * block storing its index to a[0] ends 0 in the reverse order: one
 * ORDER_DEPENDENT hazard under races with both stores and both values, the
 * memory as the index order left it, the same on 4 threads; with the races
 * check off no other order runs. */
static void test_other_orders(void **state)
{
    (void)state;
    ptx_module *m = module();
    for (unsigned threads = 1; threads <= 4; threads += 3) {
        sim_launch_result *r = launch_result(m, "atomticket", threads, true);
        assert_int_equal(r->orders, 30); /* reverse, interleaved, last started ahead, held (tickets) */
        assert_int_equal(r->nhazards, 0);
        sim_launch_result_free(r);
        r = launch_result(m, "atomadd", threads, true);
        assert_int_equal(r->orders, 0);
        assert_int_equal(r->nhazards, 0);
        sim_launch_result_free(r);
        uint64_t a;
        sim_machine *sm = machine_with_a(threads, true, &a);
        r = launch_on(sm, a, m, "lastwriter", false);
        assert_int_equal(r->orders, 2); /* the reverse order found it: the interleaved one does not run */
        assert_int_equal(r->nhazards, 1);
        const sim_hazard *h = &r->hazards[0];
        assert_int_equal(h->kind, CL_HZ_ORDER_DEPENDENT);
        assert_int_equal(cl_hazard_family_of(h->kind), CL_FAMILY_RACE);
        assert_int_equal(h->block.x, BLOCKS - 1);
        if (!strstr(h->message, "byte 0 of 'a': 511 in index order, 0 in reverse order") ||
            !strstr(h->message, "block 511's store") || !strstr(h->message, "block 0's store"))
            fail_msg("message: %s", h->message);
        if (!strstr(h->advice, "give each block its own elements")) fail_msg("advice: %s", h->advice);
        sim_launch_result_free(r);
        cl_error e;
        uint32_t w[2];
        assert_int_equal(sim_read(sm, w, a, sizeof w, &e), CL_OK);
        assert_int_equal(w[0], BLOCKS - 1);
        assert_int_equal(w[1], 0);
        sim_free(sm);
    }
    sim_launch_result *r = launch_result(m, "atomadd", 1, false);
    assert_int_equal(r->orders, 0);
    sim_launch_result_free(r);
    ptx_module_free(m);
}

static void test_plain_add(void **state) { (void)state; check_same("plainadd"); }
static void test_scatter(void **state) { (void)state; check_same("scatter"); }
static void test_stencil(void **state) { (void)state; check_same("stencil"); }

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classified),
        cmocka_unit_test(test_last_writer),
        cmocka_unit_test(test_collision_found_running),
        cmocka_unit_test(test_collision_by_line_and_word),
        cmocka_unit_test(test_cross_block_reads),
        cmocka_unit_test(test_cross_block_scope),
        cmocka_unit_test(test_cross_block_notes_wrap),
        cmocka_unit_test(test_within_block),
        cmocka_unit_test(test_within_block_clock_wraps),
        cmocka_unit_test(test_other_orders),
        cmocka_unit_test(test_plain_add),
        cmocka_unit_test(test_scatter),
        cmocka_unit_test(test_stencil),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
