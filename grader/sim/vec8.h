/* vec8.h - eight 32-bit lanes a vector (GCC's and clang's vector
 * extensions: AVX2 in the x86-64-v3 clones of SIM_HOT functions), for the
 * loops over a warp's 32 lanes that the compiler would not vectorise
 * itself: a row is four of them. Internal to grader/sim. */
#ifndef CUDALAB_SIM_VEC8_H
#define CUDALAB_SIM_VEC8_H

#include <stdbool.h>
#include <stdint.h>

/* v8uu: a row's eight lanes at any alignment, which may alias the uint32_t
 * rows: rows are loaded straight into vectors through it. */
typedef uint32_t v8u __attribute__((vector_size(32)));
typedef int32_t v8i __attribute__((vector_size(32)));
typedef uint32_t v8uu __attribute__((vector_size(32), aligned(4), may_alias));

/* The OR of a vector's eight lanes. (Vectors go by address: a vector
 * argument or result of a function changes the ABI where AVX is not on.) */
static inline __attribute__((always_inline)) uint32_t hor8(const v8u *v)
{
    v8u x = *v;
    x |= __builtin_shufflevector(x, x, 4, 5, 6, 7, 0, 1, 2, 3);
    x |= __builtin_shufflevector(x, x, 2, 3, 0, 1, 6, 7, 4, 5);
    x |= __builtin_shufflevector(x, x, 1, 0, 3, 2, 5, 4, 7, 6);
    return x[0];
}

/* Lanes 8k .. 8k + 7 of a row. */
static inline __attribute__((always_inline)) void ld8(v8u *r, const uint32_t *row, int k)
{
    *r = *(const v8uu *)(row + 8 * k);
}

static inline __attribute__((always_inline)) void st8(uint32_t *row, int k, const v8u *x)
{
    *(v8uu *)(row + 8 * k) = *x;
}

/* All ones in the lanes of 8k .. 8k + 7 that m names. */
static inline __attribute__((always_inline)) void lanes8(v8u *r, uint32_t m, int k)
{
    const v8u bit = { 1, 2, 4, 8, 16, 32, 64, 128 }, zero = { 0, 0, 0, 0, 0, 0, 0, 0 };
    *r = (v8u)(((zero + (m >> (8 * k))) & bit) != zero);
}

/* Whether every lane of m in row holds v: the lanes' XOR with v, kept in
 * m's lanes, ORed together and tested once (four vector compares). */
static inline __attribute__((always_inline)) bool row_is(const uint32_t *row, uint32_t m, uint32_t v)
{
    const v8u zero = { 0, 0, 0, 0, 0, 0, 0, 0 };
    v8u differ = zero;
    for (int k = 0; k < 4; k++) {
        v8u x, mm;
        ld8(&x, row, k);
        x ^= zero + v;
        if (m != 0xffffffffu) {
            lanes8(&mm, m, k);
            x &= mm;
        }
        differ |= x;
    }
    return !hor8(&differ);
}

/* Whether lane l of row holds first + l step, for all 32 lanes, as 32-bit
 * numbers (four vector compares). */
static inline __attribute__((always_inline)) bool row_steps(const uint32_t *row, uint32_t first, uint32_t step)
{
    v8u differ = { 0 }, at = (v8u){ 0, 1, 2, 3, 4, 5, 6, 7 } * step + first, x;
    for (int k = 0; k < 4; k++, at += 8 * step) {
        ld8(&x, row, k);
        differ |= x ^ at;
    }
    return !hor8(&differ);
}

#endif
