// Golden: the carry chains (add.cc, addc, sub.cc, subc, mad.cc, madc) that
// 64-bit and wider arithmetic compiles to, and packed-half comparisons.
#include <cuda_fp16.h>

// case: 32-bit carry and borrow chains
// kernel: carry32
// launch: grid 1 block 1
// buffer: in u32 4 = list 0xffffffff 1 2 3
// buffer: out u32 10 = 0
// params: in out
// expect: out[0..9] = list 0 6 0xfffffffe 0xffffffff 1 4 2 0xfffffffd 0xffffffff 7
// expect: no hazards
__global__ void carry32(const unsigned* in, unsigned* out)
{
    unsigned r0, r1, r2;
    asm("add.cc.u32 %0, %2, %3;\n\taddc.u32 %1, %4, %5;"
        : "=r"(r0), "=r"(r1) : "r"(in[0]), "r"(in[1]), "r"(in[2]), "r"(in[3]));
    out[0] = r0; out[1] = r1;                 // 0 with a carry; 2 + 3 + 1
    asm("sub.cc.u32 %0, %2, %3;\n\tsubc.u32 %1, %4, %5;"
        : "=r"(r0), "=r"(r1) : "r"(in[0]), "r"(in[1]), "r"(in[2]), "r"(in[3]));
    out[2] = r0; out[3] = r1;                 // no borrow: 2 - 3
    asm("mad.lo.cc.u32 %0, %2, %3, %4;\n\tmadc.hi.u32 %1, %2, %3, %5;"
        : "=r"(r0), "=r"(r1) : "r"(in[0]), "r"(in[1]), "r"(in[2]), "r"(in[3]));
    out[4] = r0; out[5] = r1;                 // 0xffffffff + 2 carries; 0 + 3 + 1
    // a borrow that ripples through three words: {1, 0, 0} - {0xffffffff, 2, 0}
    asm("sub.cc.u32 %0, %3, %4;\n\tsubc.cc.u32 %1, %5, %6;\n\tsubc.u32 %2, %5, %5;"
        : "=r"(r0), "=r"(r1), "=r"(r2) : "r"(in[1]), "r"(in[0]), "r"(0u), "r"(in[2]));
    out[6] = r0; out[7] = r1; out[8] = r2;    // 2, 0 - 2 - 1, 0 - 0 - 1
    unsigned c;
    asm("add.cc.u32 %0, %1, %1;\n\taddc.cc.u32 %0, %0, %0;\n\taddc.u32 %0, 0, 0;" : "=r"(c) : "r"(in[0]));
    out[9] = c + 6;                           // one carry out of the chain: 1 + 6
}

// case: 64-bit and 128-bit products
// kernel: wide
// launch: grid 1 block 1
// buffer: in u64 4 = list 123456789012345 987654321098765 5 0xfffffffffffffffe
// buffer: out u64 5 = 0
// params: in out
// expect: out[0..4] = list 6609981178 6609981178 0xc816a30e51c2292a 0xfffffffffffffffd 9
// expect: no hazards
__global__ void wide(const unsigned long long* in, unsigned long long* out)
{
    unsigned long long a = in[0], b = in[1];
    out[0] = __umul64hi(a, b);
    unsigned __int128 x = (unsigned __int128)a * b + in[2];
    out[1] = (unsigned long long)(x >> 64);
    out[2] = (unsigned long long)x;
    unsigned __int128 y = (unsigned __int128)0xffffffffffffffffull * in[3] + 7;
    out[3] = (unsigned long long)(y >> 64);
    out[4] = (unsigned long long)y;
}

// case: packed-half comparisons: set and setp on .f16x2, per half
// kernel: halves
// launch: grid 1 block 1
// buffer: in u32 2 = list 0x3c003c00 0x40003c00
// buffer: out u32 8 = 0
// params: in out
// expect: out[0..7] = list 0 1 0x3c00 0x3c000000 0xffff0000 0x0000ffff 1 0
// expect: no hazards
__global__ void halves(const __half2* in, unsigned* out)
{
    __half2 a = in[0], b = in[1];                // a = (1, 1), b = (1, 2) as (low, high)
    out[0] = __hbeq2(a, b);                      // not both equal
    out[1] = __hble2(a, b);                      // both <=
    __half2 m = __hmax2(a, b);
    out[2] = __half_as_ushort(m.x);              // 1.0
    __half2 lt = __hlt2(a, b);
    out[3] = *(unsigned*)&lt;                    // low 0.0, high 1.0
    unsigned r, s, pl, ph;
    unsigned ua = *(const unsigned*)&in[0], ub = *(const unsigned*)&in[1];
    asm("set.lt.u32.f16x2 %0, %1, %2;" : "=r"(r) : "r"(ua), "r"(ub));
    out[4] = r;                                  // high half true
    asm("set.eq.u32.f16x2 %0, %1, %2;" : "=r"(s) : "r"(ua), "r"(ub));
    out[5] = s;                                  // low half true
    asm("{ .reg .pred p, q; setp.eq.f16x2 p|q, %2, %3; selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }"
        : "=r"(pl), "=r"(ph) : "r"(ua), "r"(ub));
    out[6] = pl; out[7] = ph;                    // low equal, high not
}
