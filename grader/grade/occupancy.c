/* occupancy.c - theoretical occupancy on sm_75 (Turing), from its limits:
 * 32 warps and 16 blocks an SM, 65,536 registers allocated 256 at a time a
 * warp, 64 KiB of shared memory allocated 256 bytes at a time; and the
 * blocks the course GPU (a Tesla T4, 40 of those SMs) holds at once, which
 * bounds a cooperative launch's grid. */
#include "grade.h"

#include <stdio.h>

#define SM75_MAX_WARPS 32
#define SM75_MAX_BLOCKS 16
#define SM75_REGISTERS 65536
#define SM75_REG_UNIT 256
#define SM75_SHARED 65536
#define SM75_SHARED_UNIT 256

static int round_up(int v, int unit)
{
    return (v + unit - 1) / unit * unit;
}

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* Blocks of `block` threads an SM holds at once. */
static int blocks_per_sm(int block, int registers, int shared)
{
    if (block <= 0 || block > 1024 || registers > 255 || shared > SM75_SHARED) return 0;
    int warps = (block + 31) / 32;
    int blocks = min_int(SM75_MAX_BLOCKS, SM75_MAX_WARPS / warps);
    if (registers > 0) {
        int per_warp = round_up(registers * 32, SM75_REG_UNIT);
        blocks = min_int(blocks, (SM75_REGISTERS / per_warp) / warps);
    }
    if (shared > 0) blocks = min_int(blocks, SM75_SHARED / round_up(shared, SM75_SHARED_UNIT));
    return blocks;
}

double grade_occupancy_sm75(int block, int registers, int shared)
{
    return (double)(blocks_per_sm(block, registers, shared) * ((block + 31) / 32)) / SM75_MAX_WARPS;
}

long grade_resident_blocks(int block, int registers, int shared, char *why, size_t n)
{
    int per = blocks_per_sm(block, registers, shared);
    char bytes[32];
    cl_group_digits(bytes, sizeof bytes, (uint64_t)(shared > 0 ? shared : 0));
    snprintf(why, n, "an SM holds %d block%s of %d threads with %d registers a thread and %s bytes of shared "
             "memory a block, and it has %d SMs", per, per == 1 ? "" : "s", block, registers, bytes, GRADE_COURSE_SMS);
    return (long)per * GRADE_COURSE_SMS;
}
