// Golden: the hot loop's fast ops and shortcuts, beside the general
// evaluator (the runner also runs every case with the reference ALU and
// compares): predicate logic with negated operands, under a partial mask.

// case: and, or, xor, not of predicates, sources written !p, in two of
// every three lanes (the others keep 7)
// kernel: predLogic
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: out[0..31] = list 7 9 9 7 6 6 7 6 6 7 2 2 7 2 2 7 2 2 7 2 2 7 2 2 7 2 2 7 2 2 7 2
// expect: no hazards
__global__ void predLogic(unsigned* out)
{
    const int t = threadIdx.x;
    unsigned r = 7;
    if (t % 3 != 0) {
        asm("{\n\t.reg .pred p, q, a, o, x, n;\n\t"
            "setp.gt.s32 p, %1, 3;\n\t"
            "setp.lt.s32 q, %1, 10;\n\t"
            "and.pred a, !p, q;\n\t"
            "or.pred o, p, !q;\n\t"
            "xor.pred x, p, !q;\n\t"
            "not.pred n, p;\n\t"
            "selp.u32 %0, 1, 0, a;\n\t"
            "@o add.u32 %0, %0, 2;\n\t"
            "@x add.u32 %0, %0, 4;\n\t"
            "@n add.u32 %0, %0, 8;\n\t"
            "}"
            : "=r"(r) : "r"(t));
    }
    out[t] = r;
}

// case: a register read before any write reads 0 in every block: only
// lane 0 of block 0 writes it (a guarded mov), and the blocks after it, run
// in the same block context, must not see that 77 (zero.c zeroes what a
// lane may read before it writes)
// kernel: readBeforeWrite
// launch: grid 4 block 32
// buffer: out u32 128 = 5
// params: out
// expect: out[0..0] = 77
// expect: out[1..127] = 0
// expect: no hazards
__global__ void readBeforeWrite(unsigned* out)
{
    const unsigned t = blockIdx.x * 32 + threadIdx.x;
    unsigned r;
    asm("{\n\t.reg .pred p;\n\t"
        "setp.eq.u32 p, %1, 0;\n\t"
        "@p mov.u32 %0, 77;\n\t"
        "}"
        : "=r"(r) : "r"(t));
    out[t] = r;
}

// case: 16-bit compares and selects (setp.s16 / .u16, selp.u16) read the
// low 16 bits of their 32-bit rows, signed or not, as the general path does
// (the runner compares with the reference ALU too)
// kernel: compare16
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: out[0..31] = list 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 6 12 12 12 12 12 12 12 12 12 12 12 12 12 12 12 12
// expect: no hazards
__global__ void compare16(unsigned* out)
{
    const unsigned t = threadIdx.x;
    unsigned short x = (unsigned short)(t < 16 ? 0xfff0u + t : t); /* negative as s16 below 16 */
    unsigned r;
    asm("{\n\t.reg .pred p, q;\n\t.reg .u16 a, b, s;\n\t"
        "mov.u16 a, %1;\n\t"
        "mov.u16 b, 7;\n\t"
        "setp.lt.s16 p, a, b;\n\t"
        "setp.lt.u16 q, a, b;\n\t"
        "selp.u16 s, 2, 8, p;\n\t"
        "cvt.u32.u16 %0, s;\n\t"
        "@!q add.u32 %0, %0, 4;\n\t"
        "}"
        : "=r"(r) : "h"(x));
    out[t] = r;
}

// case: a partial warp's 32-bit loads and stores whose lanes are one run on
// consecutive elements are one copy each (warp_access.c, copy_run); a run
// whose last lane, or a middle one, is elsewhere is not, and each of its
// lanes reads and writes its own element
// kernel: partialRuns
// launch: grid 1 block 32
// buffer: in u32 64 = iota
// buffer: out u32 64 = 0
// params: in out
// expect: out[0..11] = iota*1+100
// expect: out[12..15] = 0
// expect: out[16..22] = iota*1+4
// expect: out[23..31] = 0
// expect: out[32..39] = list 39 40 0 42 43 44 0 0
// expect: out[40..40] = 50
// expect: out[41..59] = 0
// expect: out[60..60] = 67
// expect: out[61..63] = 0
// expect: no hazards
__global__ void partialRuns(const unsigned* in, unsigned* out)
{
    const unsigned t = threadIdx.x;
    if (t < 12) out[t] = in[t] + 100;
    if (t < 8) out[t == 7 ? 40 : 16 + t] = in[t == 7 ? 50 : 20 + t];
    if (t < 6) {
        const unsigned i = t == 2 ? 60 : 32 + t;
        out[i] = in[i] + 7;
    }
}

// case: ld.param widens a kernel parameter as ld does (warp_access.c,
// sim_exec_ldparam): signed types sign-extended into 64-bit and 32-bit
// registers, in a partial warp (the other lanes keep their values)
// kernel: paramWiden
// launch: grid 1 block 32
// buffer: a s64 32 = 0
// buffer: b s32 32 = 0
// buffer: c s64 32 = 0
// params: a b c -5 -300 -7
// expect: a[0..19] = -5
// expect: a[20..31] = 1
// expect: b[0..19] = -300
// expect: b[20..31] = 2
// expect: c[0..19] = -7
// expect: c[20..31] = 3
// expect: no hazards
extern "C" __global__ void paramWiden(long long* a, int* b, long long* c, int n, short h, signed char s)
{
    const unsigned t = threadIdx.x;
    long long x = 1, z = 3;
    int y = 2;
    if (t < 20) {
        asm volatile("ld.param.s32 %0, [paramWiden_param_3];" : "=l"(x));
        asm volatile("ld.param.s16 %0, [paramWiden_param_4];" : "=r"(y));
        asm volatile("ld.param.s8 %0, [paramWiden_param_5];" : "=l"(z));
    }
    a[t] = x;
    b[t] = y;
    c[t] = z;
}

// case: a full warp's 32-bit loads and stores at one stride (warp_access.c:
// gather_col, scatter_col, from lane 0's host pointer alone): global reads
// down a column of 33 words and up one, a shared tile's column at 33 words,
// stores down and up columns of 3 words
// kernel: columns
// launch: grid 1 block 32
// buffer: in u32 1056 = iota
// buffer: cols u32 96 = 0
// params: in cols
// expect: cols[0..95] = list 1 2 5 34 35 38 67 68 71 100 101 104 133 134 137 166 167 170 199 200 203 232 233 236 265 266 269 298 299 302 331 332 335 364 365 368 397 398 401 430 431 434 463 464 467 496 497 500 529 530 533 562 563 566 595 596 599 628 629 632 661 662 665 694 695 698 727 728 731 760 761 764 793 794 797 826 827 830 859 860 863 892 893 896 925 926 929 958 959 962 991 992 995 1024 1025 1028
// expect: no hazards
extern "C" __global__ void columns(const unsigned* in, unsigned* cols)
{
    __shared__ unsigned tile[32][33];
    const int t = threadIdx.x;
    const unsigned down = in[t * 33 + 1], up = in[(31 - t) * 33 + 2];
    for (int r = 0; r < 32; r++) tile[r][t] = in[r * 33 + t];
    __syncwarp();
    const unsigned col = tile[t][5];
    cols[3 * t] = down;
    cols[3 * (31 - t) + 1] = up;
    cols[3 * t + 2] = col;
}
