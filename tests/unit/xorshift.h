/* xorshift.h - the unit tests' random numbers: Marsaglia's xorshift64
 * (shifts 13, 7, 17), one stream a test program, from the seed the file
 * defines as XORSHIFT_SEED before including this. */
#ifndef CUDALAB_TESTS_XORSHIFT_H
#define CUDALAB_TESTS_XORSHIFT_H

#include <stdint.h>

static uint64_t rng = XORSHIFT_SEED;

static inline uint64_t next64(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A number below n (n > 0). */
static inline uint64_t next(uint64_t n)
{
    return next64() % n;
}

#endif
