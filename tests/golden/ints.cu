// Golden: integer and bit instructions on values whose results are known
// exactly (the operands come from memory, so nvcc cannot fold them).

// case: 32-bit arithmetic and bits
// kernel: ints32
// launch: grid 1 block 1
// buffer: in u32 16 = list 0xffffffff 1 0x80000000 4 0xfffffffe 0x40000000 0xfffffff9 2 33 0xfffffff8 40 0xf0f0 0xabcd1234 0x33221100 0x77665544 0x9abcdef0
// buffer: out u32 32 = 0
// params: in out
// expect: out[0..15] = list 0 2 0xffffffff 0xfffffffd 0xffffffff 0 0xffffffff 8 31 0x80000000 0x12 0xfffffff8 0x000000f0 0x55441100 0xbcdef012 104
// expect: out[16..26] = list 6 20 0x7fffffff 0xffffffff 0x80000000 5 0x926d2004 1 3 1 0xffffffff
// expect: no hazards
__global__ void ints32(const unsigned* in, unsigned* out)
{
    unsigned a = in[0], one = in[1], hi = in[2], four = in[3];
    int m2 = (int)in[4], q = (int)in[5], m7 = (int)in[6], two = (int)in[7];
    unsigned s33 = in[8];
    int m8 = (int)in[9];
    unsigned s40 = in[10], f0 = in[11], x = in[12], pa = in[13], pb = in[14], fh = in[15];
    out[0] = a + one;                         // wraps to 0
    out[1] = __umulhi(hi, four);              // 2
    out[2] = (unsigned)__mulhi(m2, q);        // -1
    out[3] = (unsigned)(m7 / two);            // -3
    out[4] = (unsigned)(m7 % two);            // -1
    unsigned r;
    asm("shl.b32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(s33));
    out[5] = r;                               // shift past the width: 0
    asm("shr.s32 %0, %1, %2;" : "=r"(r) : "r"(m8), "r"(s40));
    out[6] = r;                               // sign-filled: -1
    out[7] = __popc(f0);                      // 8
    out[8] = __clz(one);                      // 31
    out[9] = __brev(one);                     // 0x80000000
    asm("bfe.u32 %0, %1, 8, 8;" : "=r"(r) : "r"(x));
    out[10] = r;                              // 0x12
    asm("bfe.s32 %0, %1, 12, 4;" : "=r"(r) : "r"(0x00008000u + (a & 0)));
    out[11] = r;                              // 0b1000 sign-extended
    asm("bfi.b32 %0, %1, %2, 4, 4;" : "=r"(r) : "r"(0xfu + (a & 0)), "r"(one - 1));
    out[12] = r;                              // 0xf0
    out[13] = __byte_perm(pa, pb, 0x5410);    // 0x55441100
    out[14] = __funnelshift_l(0x12345678u + (a & 0), fh, 8); // 0xbcdef012
    out[15] = __sad(5 + (int)(a & 0), 9, 100);           // 104
    out[16] = __mul24(0x01000003 + (int)(a & 0), two);   // 24-bit operands: 6
    out[17] = __dp4a(0x01020304 + (int)(a & 0), 0x01010101, 10); // 20
    int sat;
    asm("add.sat.s32 %0, %1, %2;" : "=r"(sat) : "r"(0x7fffffff + (int)(a & 0)), "r"((int)one));
    out[18] = sat;                            // 0x7fffffff
    asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r) : "r"(a), "r"(hi), "r"(0x7fffffffu + (a & 0) + one));
    out[19] = r;                              // a ^ b ^ c
    out[20] = (unsigned)(-(int)hi);           // 0x80000000
    out[21] = __ffs(f0);                      // 5
    out[22] = 1640531525u * (unsigned)x;      // a wrapping product
    out[23] = (unsigned)(min(m8, m2) == m8);  // 1
    out[24] = __fns(0xaaaaaaaau + (a & 0), 2, 1);  // the first set bit from 2 up: 3
    out[25] = __fns(0xaaaaaaaau + (a & 0), 2, -1); // down: 1
    out[26] = __fns(0xaaaaaaaau + (a & 0), 0, -2); // none: all ones
}

// case: 64-bit arithmetic
// kernel: ints64
// launch: grid 1 block 1
// buffer: in u64 6 = list 0x8000000000000000 4 0xfffffffffffffffd 5 1000000007 0x123456789abcdef0
// buffer: out u64 8 = 0
// params: in out
// expect: out[0..7] = list 2 0xfffffffffffffff1 0x0515bc0c39405671 1000000007 2 0x123456789 15 0x4320fedcba986250
// expect: no hazards
__global__ void ints64(const unsigned long long* in, unsigned long long* out)
{
    unsigned long long big = in[0], four = in[1], m3 = in[2], five = in[3], p = in[4], x = in[5];
    out[0] = __umul64hi(big, four);                                    // 2
    out[1] = (unsigned long long)((long long)(int)m3 * (long long)(int)five); // mul.wide.s32: -15
    out[2] = x ^ (x >> 7) * 0x9e3779b97f4a7c15ull + m3 * 0;            // mixed ops
    out[3] = (p * 5000000000ull) / (five * 1000000000ull);             // div.u64: p
    out[4] = (unsigned long long)((long long)m3 % 5 == -3 ? 2 : 9);     // rem.s64
    out[5] = x >> 28;                                                   // shr.u64
    out[6] = (unsigned long long)__popcll(x) - 17;                      // 32 - 17
    out[7] = x * 0x123 + (x << 3) - __brevll(x & 0);                    // mul.lo.s64
}

// case: bmsk, which CUB's radix digits use: b one bits from bit a
// kernel: bmsks
// launch: grid 1 block 1
// buffer: in u32 4 = list 4 8 30 40
// buffer: out u32 6 = 0
// params: in out
// expect: out[0..5] = list 0x00000ff0 0xc0000000 0 0x0000fff0 0xffffffff 0x000000ff
// expect: no hazards
__global__ void bmsks(const unsigned* in, unsigned* out)
{
    unsigned r;
    asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(r) : "r"(in[0]), "r"(in[1])); out[0] = r;  // 8 bits from 4
    asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(r) : "r"(in[2]), "r"(in[1])); out[1] = r;  // cut at bit 31
    asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(r) : "r"(in[3]), "r"(in[1])); out[2] = r;  // from 40: none
    asm("bmsk.wrap.b32 %0, %1, %2;" : "=r"(r) : "r"(in[0]), "r"(in[3] - 28)); out[3] = r; // 12 bits from 4
    asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(r) : "r"(0u), "r"(in[3])); out[4] = r;      // width 40: all
    asm("bmsk.wrap.b32 %0, %1, %2;" : "=r"(r) : "r"(32u), "r"(in[1])); out[5] = r;      // 32 wraps to 0
}
