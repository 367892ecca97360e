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

// case: the same with predicate logic and a branch between the write and
// the read (zero.c: their slots name predicates and no registers, so they
// neither read nor keep a 64-bit register live; the register itself stays
// zeroed for the blocks after block 0)
// gpu: differs, lanes 1 to 31 read x before any write: the H200 gave what its register held (0x00fffdc0), the emulator 0
// kernel: readBeforeWritePred
// launch: grid 4 block 32
// buffer: out u32 128 = 5
// params: out
// expect: out[0..0] = 77
// expect: out[1..127] = 0
// expect: no hazards
__global__ void readBeforeWritePred(unsigned* out)
{
    const unsigned t = blockIdx.x * 32 + threadIdx.x;
    unsigned r;
    asm("{\n\t.reg .pred p, q, o;\n\t.reg .b64 x;\n\t"
        "setp.eq.u32 p, %1, 0;\n\t"
        "not.pred q, p;\n\t"
        "or.pred o, p, q;\n\t"
        "@p mov.b64 x, 77;\n\t"
        "@o bra.uni DONE;\n"
        "DONE:\n\t"
        "cvt.u32.u64 %0, x;\n\t"
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

// case: the 64-bit address chains fuse() runs as one op (lower.c, exec.c's
// addr_chain and lea): cvt.s64.s32, mul.lo.s64, add.s64, shl.b64 by an
// immediate, add.s64, each reading the one before, in three of every four
// lanes (the others keep 1..5) with every step's register kept; in the whole
// warp with one register for every step (each op reads what the one before
// overwrote, the mul and the adds with it as their second operand); the
// chain without its cvt, its steps' registers read by the chain alone (so
// not written), in all lanes but 5 (which keeps 7); a shl and an add alone
// kernel: addrChain
// launch: grid 1 block 32
// buffer: o u64 288 = 0
// params: o
// expect: o[0..31] = list 0x1 0xffffffff9e3779b1 0x3c6ef362 0xffffffffdaa66d13 0x1 0x17156075 0xffffffffb54cda26 0x538453d7 0x1 0xffffffff8ff34739 0x2e2ac0ea 0xffffffffcc623a9b 0x1 0x8d12dfd 0xffffffffa708a7ae 0x4540215f 0x1 0xffffffff81af14c1 0x1fe68e72 0xffffffffbe1e0823 0x1 0xfffffffffa8cfb85 0xffffffff98c47536 0x36fbeee7 0x1 0x736ae249 0x11a25bfa 0xffffffffafd9d5ab 0x1 0xffffffffec48c90d 0xffffffff8a8042be 0x28b7bc6f
// expect: o[32..63] = list 0x2 0x2385d8cab3 0xffffffebb2ba3d14 0xb86a45723 0x2 0xfffffffa2392824b 0x10ec969364 0xffffffef5ca34c2b 0x2 0x1031d6b4c3 0xfffffffa96fd6494 0x4a32cbc13 0x2 0xffffffffb0a5621b 0xb1eeb0a4 0x15a40a6db 0x2 0xfffffff69ffe8a53 0x33d6a7794 0xfffffff781df0c83 0x2 0xfffffffeffe22d6b 0xffffffea3970b964 0xd1a07ed0b 0x2 0x21d0504b63 0x5a6017614 0xffffffe422bb4873 0x2 0xfffffff81148e43b 0xffffffcd831cada4 0x129bf91ebb
// expect: o[64..95] = list 0x3 0x2485d8cab4 0xffffffedb2ba3d16 0xe86a45726 0x3 0xffffffff23928250 0x16ec96936a 0xfffffff65ca34c32 0x3 0x1931d6b4cc 0x496fd649e 0xfa32cbc1e 0x3 0xcb0a56228 0xeb1eeb0b2 0x105a40a6ea 0x3 0x79ffe8a64 0x153d6a77a6 0xa81df0c96 0x3 0x13ffe22d80 0x3970b97a 0x241a07ed22 0x3 0x3ad0504b7c 0x1fa601762e 0xffffffff22bb488e 0x3 0x151148e458 0xffffffeb831cadc2 0x319bf91eda
// expect: o[96..127] = list 0x4 0x1242ec655a0 0xffffff6d95d1e8b0 0x743522b930 0x4 0xfffffff91c941280 0xb764b49b50 0xffffffb2e51a6190 0x4 0xc98eb5a660 0x24b7eb24f0 0x7d1965e0f0 0x4 0x65852b1140 0x758f758590 0x82d2053750 0x4 0x3cfff45320 0xa9eb53bd30 0x540ef864b0 0x4 0x9fff116c00 0x1cb85cbd0 0x120d03f6910 0x4 0x1d682825be0 0xfd300bb170 0xfffffff915da4470 0x4 0xa88a4722c0 0xffffff5c18e56e10 0x18cdfc8f6d0
// expect: o[128..159] = list 0x5 0x1242ec665a1 0xffffff6d95d1f8b2 0x743522c933 0x5 0xfffffff91c942285 0xb764b4ab56 0xffffffb2e51a7197 0x5 0xc98eb5b669 0x24b7eb34fa 0x7d1965f0fb 0x5 0x65852b214d 0x758f75959e 0x82d205475f 0x5 0x3cfff46331 0xa9eb53cd42 0x540ef874c3 0x5 0x9fff117c15 0x1cb85dbe6 0x120d03f7927 0x5 0x1d682826bf9 0xfd300bc18a 0xfffffff915da548b 0x5 0xa88a4732dd 0xffffff5c18e57e2e 0x18cdfc906ef
// expect: o[160..191] = list 0x0 0x470bb19566 0xffffffd765747a28 0x170d48ae46 0xffffffbc032e31c0 0xfffffff447250496 0x21d92d26c8 0xffffffdeb9469856 0x4e7715940 0x2063ad6986 0xfffffff52dfac928 0x946597826 0xfffffff2acc97680 0xffffffff614ac436 0x163dd6148 0x2b4814db6 0xfffffffd53368980 0xffffffed3ffd14a6 0x67ad4ef28 0xffffffef03be1906 0x1cdab89240 0xfffffffdffc45ad6 0xffffffd472e172c8 0x1a340fda16 0xffffffe9434f90c0 0x43a0a096c6 0xb4c02ec28 0xffffffc8457690e6 0x3a8cfb8500 0xfffffff02291c876 0xffffff9b06395b48 0x2537f23d76
// expect: o[192..223] = list 0x20000 0xfffff45f9e396e31 0xffffea803c70de22 0xffffe25fdaa84fd3 0xffffdc0078dfc344 0x7 0xffffd47fb54eaf66 0xffffd36053862817 0xffffd3fff1bda288 0xffffd65f8ff51eb9 0xffffda802e2c9caa 0xffffe05fcc641c5b 0xffffe8006a9b9dcc 0xfffff16008d320fd 0xfffffc7fa70aa5ee 0x96045422c9f 0x17ffe379b510 0x285f81b13f41 0x3a801fe8cb32 0x4e5fbe2058e3 0x64005c57e854 0x7b5ffa8f7985 0x947f98c70c76 0xaf6036fea127 0xcbffd5363798 0xea60736dcfc9 0x10a8011a569ba 0x12c5fafdd056b 0x150004e14a2dc 0x1755fec4c420d 0x19c7f8a83e2fe 0x1c56028bb85af
// expect: o[224..255] = list 0x0 0x400000004 0x800000008 0xc0000000c 0x1000000010 0x1400000014 0x1800000018 0x1c0000001c 0x2000000020 0x2400000024 0x2800000028 0x2c0000002c 0x3000000030 0x3400000034 0x3800000038 0x3c0000003c 0x4000000040 0x4400000044 0x4800000048 0x4c0000004c 0x5000000050 0x5400000054 0x5800000058 0x5c0000005c 0x6000000060 0x6400000064 0x6800000068 0x6c0000006c 0x7000000070 0x7400000074 0x7800000078 0x7c0000007c
// expect: o[256..287] = list 0x1000 0x400001005 0x80000100a 0xc0000100f 0x1000001014 0x1400001019 0x180000101e 0x1c00001023 0x2000001028 0x240000102d 0x2800001032 0x2c00001037 0x300000103c 0x3400001041 0x3800001046 0x3c0000104b 0x4000001050 0x4400001055 0x480000105a 0x4c0000105f 0x5000001064 0x5400001069 0x580000106e 0x5c00001073 0x6000001078 0x640000107d 0x6800001082 0x6c00001087 0x700000108c 0x7400001091 0x7800001096 0x7c0000109b
// expect: no hazards
extern "C" __global__ void addrChain(unsigned long long* o)
{
    const unsigned t = threadIdx.x;
    const int x = (int)(t * 0x9E3779B1u);
    const unsigned long long y = t * 7ull - 100, z = t * 0x100000001ull, b = 0x1000 + t;
    unsigned long long r0 = 1, r1 = 2, r2 = 3, r3 = 4, r4 = 5, a5, e = 7, s, d;
    if (t % 4 != 0) {
        asm("cvt.s64.s32 %0, %5;\n\t"
            "mul.lo.s64 %1, %6, %0;\n\t"
            "add.s64 %2, %1, %7;\n\t"
            "shl.b64 %3, %2, 3;\n\t"
            "add.s64 %4, %8, %3;"
            : "+l"(r0), "+l"(r1), "+l"(r2), "+l"(r3), "+l"(r4) : "r"(x), "l"(y), "l"(z), "l"(b));
    }
    asm("{\n\t.reg .b64 c;\n\t"
        "cvt.s64.s32 %0, %1;\n\t"
        "mul.lo.s64 %0, %2, %0;\n\t"
        "add.s64 %0, %0, %0;\n\t"
        "shl.b64 c, %0, 63;\n\t"
        "add.s64 %0, c, %0;\n\t"
        "}"
        : "=&l"(a5) : "r"(x), "l"(y));
    if (t != 5)
        asm("{\n\t.reg .b64 u, v, w, x64;\n\t"
            "cvt.s64.s32 x64, %1;\n\t"
            "bra.uni L1;\n"
            "L1:\n\t"
            "mul.lo.s64 u, %2, %3;\n\t"
            "add.s64 v, u, %4;\n\t"
            "shl.b64 w, v, 5;\n\t"
            "add.s64 %0, x64, w;\n\t"
            "}"
            : "=&l"(e) : "r"(x), "l"(y), "l"(z), "l"(b));
    asm("shl.b64 %0, %2, 2;\n\t"
        "add.s64 %1, %3, %0;"
        : "=&l"(s), "=&l"(d) : "l"(z), "l"(b));
    o[t] = r0;
    o[32 + t] = r1;
    o[64 + t] = r2;
    o[96 + t] = r3;
    o[128 + t] = r4;
    o[160 + t] = a5;
    o[192 + t] = e;
    o[224 + t] = s;
    o[256 + t] = d;
}

// case: shifts by immediate counts below the width (a 64-bit shl's count is
// kept for lower.c's fuse()) and of the width or more (0, or the sign), in
// two of every three lanes (the others keep 9)
// kernel: immShifts
// launch: grid 1 block 32
// buffer: w u32 160 = 0
// buffer: q u64 160 = 0
// params: w q
// expect: w[0..31] = list 0x0 0x9 0x0 0x80000000 0x9 0x80000000 0x0 0x9 0x0 0x80000000 0x9 0x80000000 0x0 0x9 0x0 0x80000000 0x9 0x80000000 0x0 0x9 0x0 0x80000000 0x9 0x80000000 0x0 0x9 0x0 0x80000000 0x9 0x80000000 0x0 0x9
// expect: w[32..63] = list 0x0 0x9 0x78dde6 0x1b54cda 0x9 0x2e2ac1 0x16a99b4 0x9 0x1e3779b 0x11fe68f 0x9 0x198c475 0xd53369 0x9 0x14e1150 0x8a8043 0x9 0x1035e2a 0x3fcd1e 0x9 0xb8ab04 0x1f519f8 0x9 0x6df7df 0x1aa66d2 0x9 0x2344b9 0x15fb3ad 0x9 0x1d89193 0x1150087 0x9
// expect: w[64..95] = list 0x0 0x9 0x0 0xffffffff 0x9 0x0 0xffffffff 0x9 0xffffffff 0xffffffff 0x9 0xffffffff 0x0 0x9 0xffffffff 0x0 0x9 0xffffffff 0x0 0x9 0x0 0xffffffff 0x9 0x0 0xffffffff 0x9 0x0 0xffffffff 0x9 0xffffffff 0xffffffff 0x9
// expect: w[96..127] = list 0x0 0x9 0x0 0x0 0x9 0x0 0x0 0x9 0x0 0x0 0x9 0x0 0x0 0x9 0x0 0x0 0x9 0x0 0x0 0x9 0x0 0x0 0x9 0x0 0x0 0x9 0x0 0x0 0x9 0x0 0x0 0x9
// expect: w[128..159] = list 0x0 0x9 0x0 0xffffffff 0x9 0x0 0xffffffff 0x9 0xffffffff 0xffffffff 0x9 0xffffffff 0x0 0x9 0xffffffff 0x0 0x9 0xffffffff 0x0 0x9 0x0 0xffffffff 0x9 0x0 0xffffffff 0x9 0x0 0xffffffff 0x9 0xffffffff 0xffffffff 0x9
// expect: q[0..31] = list 0x0 0x9 0x0 0x8000000000000000 0x9 0x8000000000000000 0x0 0x9 0x0 0x8000000000000000 0x9 0x8000000000000000 0x0 0x9 0x0 0x8000000000000000 0x9 0x8000000000000000 0x0 0x9 0x0 0x8000000000000000 0x9 0x8000000000000000 0x0 0x9 0x0 0x8000000000000000 0x9 0x8000000000000000 0x0 0x9
// expect: q[32..63] = list 0x0 0x9 0x1e3779b900003039 0x6d53369580004855 0x9 0xb8ab04e8000788e 0x5aa66d2b000090ab 0x9 0x78dde6e40000c0e4 0x47f9a3c08000d900 0x9 0x66311d7980010939 0x354cda5600012156 0x9 0x5384540f0001518f 0x22a010eb800169ab 0x9 0x40d78aa4800199e4 0xff347810001b201 0x9 0x2e2ac13a0001e23a 0x7d467e168001fa56 0x9 0x1b7df7cf80022a8f 0x6a99b4ac000242ac 0x9 0x8d12e65000272e5 0x57eceb4180028b01 0x9 0x762464fa8002bb3a 0x454021d70002d357 0x9
// expect: q[64..95] = list 0x0 0x9 0x1e3779b9 0xffffffffed533695 0x9 0xb8ab04e 0xffffffffdaa66d2b 0x9 0xfffffffff8dde6e4 0xffffffffc7f9a3c0 0x9 0xffffffffe6311d79 0x354cda56 0x9 0xffffffffd384540f 0x22a010eb 0x9 0xffffffffc0d78aa4 0xff34781 0x9 0x2e2ac13a 0xfffffffffd467e16 0x9 0x1b7df7cf 0xffffffffea99b4ac 0x9 0x8d12e65 0xffffffffd7eceb41 0x9 0xfffffffff62464fa 0xffffffffc54021d7 0x9
// expect: q[96..127] = list 0x0 0x9 0x3c6ef37200006072 0xdaa66d2b000090ab 0x9 0x1715609d0000f11d 0xb54cda5600012156 0x9 0xf1bbcdc8000181c8 0x8ff347810001b201 0x9 0xcc623af300021273 0x6a99b4ac000242ac 0x9 0xa708a81e0002a31e 0x454021d70002d357 0x9 0x81af1549000333c9 0x1fe68f0200036402 0x9 0x5c5582740003c474 0xfa8cfc2d0003f4ad 0x9 0x36fbef9f0004551f 0xd533695800048558 0x9 0x11a25cca0004e5ca 0xafd9d68300051603 0x9 0xec48c9f500057675 0x8a8043ae0005a6ae 0x9
// expect: q[128..159] = list 0x0 0x9 0x0 0xffffffffffffffff 0x9 0x0 0xffffffffffffffff 0x9 0xffffffffffffffff 0xffffffffffffffff 0x9 0xffffffffffffffff 0x0 0x9 0xffffffffffffffff 0x0 0x9 0xffffffffffffffff 0x0 0x9 0x0 0xffffffffffffffff 0x9 0x0 0xffffffffffffffff 0x9 0x0 0xffffffffffffffff 0x9 0xffffffffffffffff 0xffffffffffffffff 0x9
// expect: no hazards
extern "C" __global__ void immShifts(unsigned* w, unsigned long long* q)
{
    const unsigned t = threadIdx.x;
    const unsigned a = t * 0x9E3779B9u;
    const unsigned long long a64 = (unsigned long long)a << 32 | t * 12345u;
    unsigned r[5] = {9, 9, 9, 9, 9};
    unsigned long long p[5] = {9, 9, 9, 9, 9};
    if (t % 3 != 1) {
        asm("shl.b32 %0, %5, 31;\n\t"
            "shr.u32 %1, %5, 7;\n\t"
            "shr.s32 %2, %5, 31;\n\t"
            "shl.b32 %3, %5, 32;\n\t"
            "shr.s32 %4, %5, 40;"
            : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]), "=r"(r[4]) : "r"(a));
        asm("shl.b64 %0, %5, 63;\n\t"
            "shr.u64 %1, %5, 1;\n\t"
            "shr.s64 %2, %5, 33;\n\t"
            "shl.b64 %3, %5, 0;\n\t"
            "shr.s64 %4, %5, 64;"
            : "=l"(p[0]), "=l"(p[1]), "=l"(p[2]), "=l"(p[3]), "=l"(p[4]) : "l"(a64));
    }
    for (int i = 0; i < 5; i++) {
        w[i * 32 + t] = r[i];
        q[i * 32 + t] = p[i];
    }
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

// case: a full warp's 32-bit global loads whose half-warps are each a row of
// 16 words or one word (warp_access.c's ldg_halves: two copies from the
// halves' first lanes, sectors from their ends): halves out of order, one
// row read by both off a sector's start, a row beside a broadcast, two
// broadcasts, the second half inside the first's span, far apart and out of
// order, out of order and overlapping, halves out of order through an
// offset in the instruction (ld [%rd+12])
// kernel: halfLoads
// launch: grid 1 block 32
// buffer: in u32 256 = iota*1+1000
// buffer: out u32 256 = 0
// params: in out
// expect: out[0..31] = list 1016 1017 1018 1019 1020 1021 1022 1023 1024 1025 1026 1027 1028 1029 1030 1031 1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015
// expect: out[32..63] = list 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018
// expect: out[64..95] = list 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018 1019 1020 1200 1200 1200 1200 1200 1200 1200 1200 1200 1200 1200 1200 1200 1200 1200 1200
// expect: out[96..127] = list 1040 1040 1040 1040 1040 1040 1040 1040 1040 1040 1040 1040 1040 1040 1040 1040 1047 1047 1047 1047 1047 1047 1047 1047 1047 1047 1047 1047 1047 1047 1047 1047
// expect: out[128..159] = list 1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 1008 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018 1019 1020 1021 1022 1023
// expect: out[160..191] = list 1130 1131 1132 1133 1134 1135 1136 1137 1138 1139 1140 1141 1142 1143 1144 1145 1070 1071 1072 1073 1074 1075 1076 1077 1078 1079 1080 1081 1082 1083 1084 1085
// expect: out[192..223] = list 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018 1019 1020 1021 1022 1023 1024 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018 1019 1020 1021
// expect: out[224..255] = list 1019 1020 1021 1022 1023 1024 1025 1026 1027 1028 1029 1030 1031 1032 1033 1034 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018
// expect: no hazards
extern "C" __global__ void halfLoads(const unsigned* in, unsigned* out)
{
    const int t = threadIdx.x, h = t / 16, x = t % 16;
    const unsigned* row = in + (1 - h) * 16 + x;
    out[t] = row[0];
    out[32 + t] = in[x + 3];
    out[64 + t] = in[h ? 200 : 5 + x];
    out[96 + t] = in[h * 7 + 40];
    out[128 + t] = in[(h ? 8 : 0) + x];
    out[160 + t] = in[(h ? 70 : 130) + x];
    out[192 + t] = in[(h ? 6 : 9) + x];
    out[224 + t] = row[3];
}

// case: half-warps' rows that leave their allocation or are not aligned:
// ldg_halves leaves them to the general path, which reports them
// kernel: halfLoadsBad
// launch: grid 1 block 32
// buffer: in u32 24 = iota*1+1000
// buffer: out u32 64 = 0
// params: in out
// expect: hazard memory kind OOB line @halfPast
// expect: hazard memory kind MISALIGNED line @halfMis
extern "C" __global__ void halfLoadsBad(const unsigned* in, unsigned* out)
{
    const int t = threadIdx.x, h = t / 16, x = t % 16;
    out[t] = in[(1 - h) * 16 + x]; // @halfPast
    const unsigned* odd = (const unsigned*)((const char*)in + 2);
    out[32 + t] = odd[(1 - h) * 4 + x / 4]; // @halfMis
}

// case: a full warp's 32-bit global loads and stores with its lanes 2 or 4
// words apart going up (CUB's blocked items: warp_access.c's global_col,
// one gather or scatter and the span's sectors), and 4 words apart going
// down (the general path's), against the general mapping
// kernel: blockedAccess
// launch: grid 1 block 32
// buffer: in u32 160 = iota*1+1000
// buffer: out u32 384 = 0
// params: in out
// expect: out[0..63] = list 1001 0 0 0 1005 0 0 0 1009 0 0 0 1013 0 0 0 1017 0 0 0 1021 0 0 0 1025 0 0 0 1029 0 0 0 1033 0 0 0 1037 0 0 0 1041 0 0 0 1045 0 0 0 1049 0 0 0 1053 0 0 0 1057 0 0 0 1061 0 0 0
// expect: out[64..127] = list 1065 0 0 0 1069 0 0 0 1073 0 0 0 1077 0 0 0 1081 0 0 0 1085 0 0 0 1089 0 0 0 1093 0 0 0 1097 0 0 0 1101 0 0 0 1105 0 0 0 1109 0 0 0 1113 0 0 0 1117 0 0 0 1121 0 0 0 1125 0 0 0
// expect: out[128..191] = list 0 1003 0 1005 0 1007 0 1009 0 1011 0 1013 0 1015 0 1017 0 1019 0 1021 0 1023 0 1025 0 1027 0 1029 0 1031 0 1033 0 1035 0 1037 0 1039 0 1041 0 1043 0 1045 0 1047 0 1049 0 1051 0 1053 0 1055 0 1057 0 1059 0 1061 0 1063 0 1065
// expect: out[192..255] = list 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
// expect: out[256..319] = list 1002 0 0 0 1006 0 0 0 1010 0 0 0 1014 0 0 0 1018 0 0 0 1022 0 0 0 1026 0 0 0 1030 0 0 0 1034 0 0 0 1038 0 0 0 1042 0 0 0 1046 0 0 0 1050 0 0 0 1054 0 0 0 1058 0 0 0 1062 0 0 0
// expect: out[320..383] = list 1066 0 0 0 1070 0 0 0 1074 0 0 0 1078 0 0 0 1082 0 0 0 1086 0 0 0 1090 0 0 0 1094 0 0 0 1098 0 0 0 1102 0 0 0 1106 0 0 0 1110 0 0 0 1114 0 0 0 1118 0 0 0 1122 0 0 0 1126 0 0 0
// expect: no hazards
extern "C" __global__ void blockedAccess(const unsigned* in, unsigned* out)
{
    const int t = threadIdx.x;
    const unsigned a = in[t * 4 + 1], b = in[t * 2 + 3], c = in[(31 - t) * 4 + 2];
    out[t * 4] = a;
    out[128 + t * 2 + 1] = b;
    out[256 + (31 - t) * 4] = c;
}

// case: blocked items past the end of their allocations, a load's and a
// store's: global_col leaves them to the general path, which reports them
// kernel: blockedPast
// gpu: differs, reads and writes past an allocation are undefined: the H100 completed (its allocations are larger than asked), the emulator stops at the fault
// launch: grid 1 block 32
// buffer: in u32 140 = iota*1+1000
// buffer: out u32 120 = 0
// params: in out
// expect: hazard memory kind OOB line @blockedLoad
// expect: hazard memory kind OOB line @blockedStore
extern "C" __global__ void blockedPast(const unsigned* in, unsigned* out)
{
    const int t = threadIdx.x;
    const unsigned v = in[t * 4 + 30]; // @blockedLoad
    out[t * 4] = v; // @blockedStore
}

// case: 16- and 8-bit integer ops in 32-bit rows as fast ops (xops.def's
// ADD16, SUB16, ZEXT16, SEXT16, ZEXT8, SEXT8, BMSK_CLAMP, BMSK_WRAP: CUB's
// radix digits and counters) beside the general evaluator, in two of every
// three lanes (the others keep 7): a sum and a difference of 16-bit values,
// one from a cvt.s16 whose row holds its sign above bit 15, widened signed
// and unsigned from 16 and 8 bits; bmsk with positions and widths from 3
// to 40, clamped and wrapped
// kernel: narrowOps
// launch: grid 1 block 32
// buffer: in u32 32 = list 0x0 0xffff 0x8000 0x7fff 0x12345678 0xfffe8001 0x80 0x7f 0xff 0x100 0xdeadbeef 0xffffffff 0x10000 0x1ffff 0x8080 0x7f7f 0x9e3779b1 0x3c6ef362 0xdaa66d13 0x78dde6c4 0x17156075 0xb54cda26 0x538453d7 0xf1bbcd88 0x8ff34739 0x2e2ac0ea 0xcc623a9b 0x6a99b44c 0x8d12dfd 0xa708a7ae 0x4540215f 0xe3779b10
// buffer: in2 u32 32 = list 0xffff 0x1 0x8000 0x7fff 0xa9729b21 0x2f5e658c 0xb54a2ff7 0x3b35fa62 0xc121c4cd 0x470d8f38 0xccf959a3 0x52e5240e 0xd8d0ee79 0x5ebcb8e4 0xe4a8834f 0x6a944dba 0xf0801825 0x766be290 0xfc57acfb 0x82437766 0x82f41d1 0x8e1b0c3c 0x1406d6a7 0x99f2a112 0x1fde6b7d 0xa5ca35e8 0x2bb60053 0xb1a1cabe 0x378d9529 0xbd795f94 0x436529ff 0xc950f46a
// buffer: out u32 256 = 0
// params: in in2 out
// expect: out[0..31] = list 0x7 0x0 0x0 0x7 0xf199 0xe58d 0x7 0xfae1 0xc5cc 0x7 0x1892 0x240d 0x7 0xb8e3 0x3cf 0x7 0x91d6 0xd5f2 0x7 0x5e2a 0xa246 0x7 0x2a7e 0x6e9a 0x7 0xf6d2 0x3aee 0x7 0xc326 0x742 0x7 0x8f7a
// expect: out[32..63] = list 0x7 0xfffffffe 0x0 0x7 0xffffbb57 0x1a75 0x7 0x61d 0x3c32 0x7 0x654c 0xffffdbf1 0x7 0x471b 0xfffffd31 0x7 0x618c 0x10d2 0x7 0x6f5e 0x1ea4 0x7 0x7d30 0x2c76 0x7 0xffff8b02 0x3a48 0x7 0xffff98d4 0x481a 0x7 0xffffa6a6
// expect: out[64..95] = list 0x7 0xffffffff 0xffff8000 0x7 0x5678 0xffff8001 0x7 0x7f 0xff 0x7 0xffffbeef 0xffffffff 0x7 0xffffffff 0xffff8080 0x7 0x79b1 0xfffff362 0x7 0xffffe6c4 0x6075 0x7 0x53d7 0xffffcd88 0x7 0xffffc0ea 0x3a9b 0x7 0x2dfd 0xffffa7ae 0x7 0xffff9b10
// expect: out[96..127] = list 0x7 0xffff 0x8000 0x7 0x5678 0x8001 0x7 0x7f 0xff 0x7 0xbeef 0xffff 0x7 0xffff 0x8080 0x7 0x79b1 0xf362 0x7 0xe6c4 0x6075 0x7 0x53d7 0xcd88 0x7 0xc0ea 0x3a9b 0x7 0x2dfd 0xa7ae 0x7 0x9b10
// expect: out[128..159] = list 0x7 0xff 0x0 0x7 0x78 0x1 0x7 0x7f 0xff 0x7 0xef 0xff 0x7 0xff 0x80 0x7 0xb1 0x62 0x7 0xc4 0x75 0x7 0xd7 0x88 0x7 0xea 0x9b 0x7 0xfd 0xae 0x7 0x10
// expect: out[160..191] = list 0x7 0x1 0x0 0x7 0x21 0xffffff8c 0x7 0x62 0xffffffcd 0x7 0xffffffa3 0xe 0x7 0xffffffe4 0x4f 0x7 0x25 0xffffff90 0x7 0x66 0xffffffd1 0x7 0xffffffa7 0x12 0x7 0xffffffe8 0x53 0x7 0x29 0xffffff94 0x7 0x6a
// expect: out[192..223] = list 0x7 0x7f0 0x7ffe0 0x7 0xffffff80 0xffffff00 0x7 0x7fc00 0x7fff800 0x7 0xffffe000 0xffffc000 0x7 0x7ff0000 0xfffe0000 0x7 0xfff80000 0xfff00000 0x7 0xffc00000 0xff800000 0x7 0xfe000000 0x4000000 0x7 0xf0000000 0xe0000000 0x7 0x80000000 0x0 0x7 0x0
// expect: out[224..255] = list 0x7 0x7f0 0x7ffe0 0x7 0xffffff80 0x700 0x7 0x7fc00 0x7fff800 0x7 0xffffe000 0x7c000 0x7 0x7ff0000 0xfffe0000 0x7 0x0 0x7f00000 0x7 0xffc00000 0xff800000 0x7 0x6000000 0x4000000 0x7 0xf0000000 0xe0000000 0x7 0x80000000 0x7 0x7 0x7fffc
// expect: no hazards
extern "C" __global__ void narrowOps(const unsigned* in, const unsigned* in2, unsigned* out)
{
    const int t = threadIdx.x;
    const unsigned a = in[t], b = in2[t], pos = t + 3, width = (t * 7) % 40;
    unsigned r0 = 7, r1 = 7, r2 = 7, r3 = 7, r4 = 7, r5 = 7, r6 = 7, r7 = 7;
    if (t % 3 != 0) {
        asm("{\n\t.reg .b16 x, y, s, d;\n\t"
            "cvt.s16.s32 x, %8;\n\t"
            "cvt.u16.u32 y, %9;\n\t"
            "add.s16 s, x, y;\n\t"
            "sub.u16 d, x, y;\n\t"
            "cvt.u32.u16 %0, s;\n\t"
            "cvt.s32.s16 %1, d;\n\t"
            "cvt.u32.s16 %2, x;\n\t"
            "cvt.s32.u16 %3, x;\n\t"
            "cvt.u32.u8 %4, x;\n\t"
            "cvt.s32.s8 %5, y;\n\t"
            "bmsk.clamp.b32 %6, %10, %11;\n\t"
            "bmsk.wrap.b32 %7, %10, %11;\n\t"
            "}"
            : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6), "+r"(r7)
            : "r"(a), "r"(b), "r"(pos), "r"(width));
    }
    const unsigned r[8] = {r0, r1, r2, r3, r4, r5, r6, r7};
    for (int i = 0; i < 8; i++) out[i * 32 + t] = r[i];
}

// case: 16-bit counters in shared memory, a word a thread zeroed by a
// 32-bit store, then incremented half by half (load, add, store of its own
// word: the shadow's sub-word tests, shadow.c's sub_words), read after a
// barrier by a thread of the other warp: clean, against the general loop
// kernel: halfCounters
// launch: grid 1 block 64
// buffer: digits u32 64 = iota*16843009
// buffer: out u32 64 = 0
// params: digits out
// expect: out[0..63] = list 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000 0x4 0x40000
// expect: no hazards
extern "C" __global__ void halfCounters(const unsigned* digits, unsigned* out)
{
    __shared__ unsigned short c[128];
    const int t = threadIdx.x;
    reinterpret_cast<unsigned*>(c)[t] = 0;
    for (int k = 0; k < 4; k++) c[2 * t + ((digits[t] >> (8 * k)) & 1)] += 1;
    __syncthreads();
    const int x = (t + 32) % 64;
    out[t] = c[2 * x] | (unsigned)c[2 * x + 1] << 16;
}

// case: a 16-bit value another warp wrote in this epoch, read without a
// barrier: the sub-word read test leaves it to the general loop, which
// reports the race (and, where the other warp has not yet written, the
// bytes no thread wrote). The reference mode shares the shadow's warp
// tests, so the lanes and instances are pinned here
// gpu: differs, a race: the order is the hardware's
// kernel: halfRace
// launch: grid 1 block 64
// buffer: out u32 64 = 0
// params: out
// expect: hazard races kind RACE_SHARED line @halfRaceRead line2 @halfRaceWrite lane 1 instances 16
// expect: hazard races kind RACE_SHARED line @halfRaceWrite line2 @halfRaceRead lane 0 instances 16
// expect: hazard memory kind UNINIT_SHARED line @halfRaceRead lane 0 instances 32
extern "C" __global__ void halfRace(unsigned* out)
{
    __shared__ unsigned short h[128];
    const int t = threadIdx.x;
    h[t] = (unsigned short)t;
    __syncthreads();
    h[64 + t] = (unsigned short)(h[(t + 32) % 64] + 1); // @halfRaceWrite
    out[t] = h[64 + (t + 32) % 64]; // @halfRaceRead
}

// case: 16-bit values of which only the even ones were written, read at
// odd places: uninitialised bytes, as the general loop finds them
// gpu: differs, uninitialised shared memory holds whatever was there
// kernel: halfUninit
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: hazard memory kind UNINIT_SHARED line @halfUninitRead lane 0 instances 16
// expect: message "reads byte 2 of shared 'u'"
extern "C" __global__ void halfUninit(unsigned* out)
{
    __shared__ unsigned short u[32];
    const int t = threadIdx.x;
    if (t % 2 == 0) u[t] = (unsigned short)t;
    __syncthreads();
    out[t] = u[t ^ 1]; // @halfUninitRead
}

// case: lanes of one warp read a neighbour's 16-bit value, then write
// their own without __syncwarp: the sub-word write test sees another
// reader and leaves the lane to the general loop, which reports the race
// gpu: differs, a race: the order is the hardware's
// kernel: halfWarpRace
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: hazard races kind RACE_WARP line @halfWarpWrite lane 0 instances 16
extern "C" __global__ void halfWarpRace(unsigned* out)
{
    __shared__ unsigned short v[32];
    const int t = threadIdx.x;
    v[t] = (unsigned short)t;
    __syncthreads();
    const unsigned short x = v[(t + 1) % 32];
    v[t] = (unsigned short)(x + 1); // @halfWarpWrite
    __syncthreads();
    out[t] = v[t];
}

// case: a radix sort's counting (cub::BlockRadixSort's): each thread zeroes
// its column of 16-bit counter pairs with 32-bit stores and counts its four
// digits into them (a thread whose digits share a word reads it twice in
// the epoch: the general loop takes that lane, the sub-word tests the
// lanes around it); then every lane reads row 3's low half of its own
// column (lanes that counted into it the general way, the others by the
// test) but thread 37, which reads thread 3's, written this epoch by the
// other warp: a race among the tests' lanes. After the barrier, broadcasts
// of two and four words of the counters (.v2, .v4: the shadow's words
// taken word by word; thread 31 writes a word the other warp's .v4
// reads, racing with it) and ranks scattered into shared words with bank
// conflicts, a warp's lanes into its own half, some of them on one word
// (count_banks' chains; the reference mode counts with the set)
// gpu: differs, the case races on purpose, and the H100's out differs from the emulator's from byte 516
// kernel: sortCounters
// launch: grid 1 block 64
// buffer: digits u32 64 = iota*40503
// buffer: out u32 256 = 0
// params: digits out
// expect: hazard races kind RACE_SHARED line @sortRaceWrite line2 @sortQuads lane 31 instances 1
// expect: hazard races kind RACE_SHARED line @sortRaceRead line2 @sortZero lane 5 instances 1
// expect: out[0..63] = list 0 1 2 0 0 0 0 1 1 0 1 1 0 0 0 0 1 1 1 0 1 0 0 1 0 0 2 0 0 1 1 0 0 0 1 1 1 0 1 0 0 0 1 0 1 1 1 1 0 0 1 1 0 0 1 1 1 0 2 0 0 0 0 1
// expect: out[64..127] = list 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 1048581 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366 655366
// expect: out[128..191] = list 7 16 7 7 7 7 1 7 7 7 7 7 7 7 19 7 7 7 7 7 7 30 9 7 7 7 7 7 7 7 21 7 7 7 7 7 7 7 17 7 7 7 7 7 7 7 3 7 7 7 7 7 7 26 25 7 7 7 7 7 7 7 27 7
// expect: out[192..255] = list 21 128 21 21 21 21 127 21 21 21 21 21 21 21 109 21 21 95 21 21 21 130 119 21 21 21 21 21 21 21 107 21 21 21 21 21 21 21 111 21 21 21 21 21 21 21 125 21 21 21 21 21 21 134 103 21 21 21 21 21 21 21 101 21
extern "C" __global__ void sortCounters(const unsigned* digits, unsigned* out)
{
    __shared__ unsigned short c[2 * 4 * 64];
    __shared__ unsigned scat[256];
    unsigned* w = reinterpret_cast<unsigned*>(c);
    const int t = threadIdx.x;
    for (int r = 0; r < 4; r++) w[r * 64 + t] = 0; // @sortZero
    for (int r = 0; r < 4; r++) scat[r * 64 + t] = 7;
    const unsigned d = digits[t];
    for (int k = 0; k < 4; k++) {
        const unsigned g = (d >> (3 * k)) & 7;
        c[2 * ((g >> 1) * 64 + t) + (g & 1)] += 1; // @sortCount
    }
    const int src = t == 37 ? 3 : t;
    const unsigned mine = c[2 * (3 * 64 + src)]; // @sortRaceRead
    __syncthreads();
    const uint2 p = reinterpret_cast<const uint2*>(w)[11];
    const uint4 q = reinterpret_cast<const uint4*>(w)[t < 32 ? 5 : 40]; // @sortQuads
    if (t == 31) w[163] = 9; // @sortRaceWrite
    scat[(t & 32) * 4 + (((t & 31) * (t & 31) * 5 + 1) & 127)] = (unsigned)t;
    __syncthreads();
    out[t] = mine;
    out[64 + t] = p.x + 3 * p.y + q.x + 5 * q.y + 7 * q.z + (t < 32 ? 11 * q.w : 0);
    out[128 + t] = scat[t];
    out[192 + t] = scat[64 + t] + scat[128 + t] + scat[192 + t];
}

// case: bank conflicts of scattered shared accesses of 4 bytes or less
// (count_banks' bit set and chains beside the reference mode's set): a
// partial warp's words in distinct banks (no conflict), a partial warp's
// scattered words with conflicts and some lanes on one word, a full warp's
// halves with two lanes on each word, and after a barrier a full warp's
// words spread over more than 2,048 words (chained); each warp in its own
// part of the array
// kernel: bankSpans
// launch: grid 1 block 64
// buffer: out u32 128 = 0
// params: out
// expect: out[0..127] = list 13 13 34 4 118 181 4 93 198 4 194 85 246 165 98 4 6 237 4 229 244 2 64 123 290 27 128 2 116 259 2 75 13 13 34 4 118 181 4 93 198 4 194 85 246 165 98 4 6 237 4 229 244 2 64 123 290 27 128 2 116 259 2 75 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69
// expect: no hazards
__global__ void bankSpans(unsigned* out)
{
    __shared__ unsigned big[2 * 2304];
    const int t = threadIdx.x, l = t & 31, base = (t >> 5) * 2304;
    unsigned short* h = reinterpret_cast<unsigned short*>(big + base + 1000);
    const int half = 2 * (((l >> 1) * 40) & 511) + (l & 1);
    for (int i = l; i < 2304; i += 32) big[base + i] = 1;
    __syncthreads();
    if (l < 20) big[base + l * 33] += 2;                  // distinct banks, a partial warp
    if (l % 3 != 0) big[base + 700 + ((l * l * 7) & 255)] = 3 + ((l * l * 7) & 255); // conflicts, lanes on one word
    h[half] = (unsigned short)(5 + t);                    // halves, two lanes a word
    __syncthreads();
    big[base + l * 67 + ((l & 3) == 1 ? 5 : 0)] += 7;      // a span past 2,048 words
    __syncthreads();
    out[t] = big[base + l * 33] + big[base + 700 + ((l * l * 7) & 255)];
    out[64 + t] = h[half] + big[base + l * 67 + 1];
}

// case: a full warp's 32-bit shared stores off a run (warp_access.c's
// sts_full) beside the reference mode's general path (counters included):
// a column up 9 words a lane (a raking segment's, no conflict), a column
// down 32 words a lane (one bank: 31 extra wavefronts), and words
// scattered over 2,800 words with lanes 5 and 9 on one word (lane 9's
// value stays, as a GPU's last writer), read back by the same lanes
// (lds_words: a bank holds 8 of the words)
// gpu: differs, which of lanes 5 and 9 stores their one word last is the hardware's (the H100 kept lane 5's)
// kernel: fullWarpStores
// launch: grid 1 block 32
// buffer: out u32 96 = 0
// params: out
// expect: out[0..31] = iota*1+100
// expect: out[32..63] = iota*1+168
// expect: out[64..95] = list 300 301 302 303 304 309 306 307 308 309 310 311 312 313 314 315 316 317 318 319 320 321 322 323 324 325 326 327 328 329 330 331
// expect: no hazards
__global__ void fullWarpStores(unsigned* out)
{
    __shared__ unsigned s[3200];
    const int t = threadIdx.x;
    const int word = (t == 5 ? 9 * 9 * 41 + 7 : t * t * 41 + 7) % 3200;
    for (int i = t; i < 3200; i += 32) s[i] = 0;
    __syncthreads();
    s[t * 9 + 1] = t + 100;
    s[3199 - t * 32] = t + 200;
    __syncthreads();
    out[t] = s[t * 9 + 1];
    out[32 + t] = s[3199 - t * 32];
    __syncthreads();
    s[word] = t + 300;
    __syncthreads();
    out[64 + t] = s[word];
}

// case: a full warp's bytes and halves of shared memory from a 32-bit
// base, a word a lane in 32 distinct banks (warp_access.c's narrow_of):
// signed bytes and halves widened, byte and half stores, beside the
// reference mode's general path (counters included)
// kernel: narrowShared
// launch: grid 1 block 32
// buffer: out u32 96 = 0
// params: out
// expect: out[0..95] = list 1 4294967290 4294967290 15 21 4294967270 4294967280 3 9 4294967282 4294967286 23 29 4294967294 4294967292 11 17 4294967274 4294967282 31 5 4294967286 4294967288 19 25 4294967266 4294967294 7 13 4294967278 4294967284 27 32513 1532 29963 4087 27413 6642 24863 1021 30473 3576 27923 6131 25373 510 30983 3065 28433 5620 25883 8175 31493 2554 28943 5109 26393 7664 32003 2043 29453 4598 26903 7153 3 1507554560 15349427 1384841216 28183 1245382912 8267539 4142596096 24075 983284992 1185651 4165664768 20255 721113344 12978131 2091581440 16147 458949888 5928243 554369024 12039 196843776 943507 2775252992 8219 2031824128 10638835 1238040576 4111 1769726208 3556947 3458924544
// expect: no hazards
__global__ void narrowShared(unsigned* out)
{
    __shared__ unsigned wds[96];
    const int t = threadIdx.x, word = (t * 5) & 31, other = (t * 7) & 31;
    wds[t] = 0x80ff7f01u * (unsigned)(t + 1);
    wds[32 + t] = 0;
    wds[64 + t] = 0;
    __syncthreads();
    const signed char* sb = reinterpret_cast<const signed char*>(wds);
    const short* sh = reinterpret_cast<const short*>(wds);
    out[t] = (unsigned)(int)sb[4 * word + (t & 3)];
    out[32 + t] = (unsigned)(int)sh[2 * word + (t & 1)];
    reinterpret_cast<unsigned char*>(wds + 32)[4 * word + (t & 3)] = (unsigned char)(t * 9);
    reinterpret_cast<unsigned short*>(wds + 64)[2 * other + (t & 1)] = (unsigned short)(t * 1000 + 3);
    __syncthreads();
    out[64 + t] = wds[32 + t] + wds[64 + t];
}

// case: a full warp's byte and half broadcasts of shared memory: every
// lane reads the same signed byte (each of a word's four offsets in turn),
// the same 16-bit value, and the same unsigned byte to compare with its own
// bin, as a histogram's chunk loop does (warp_access.c's narrow_one, the
// shadow's reads_one_sub), beside the reference mode's general path
// (counters included)
// kernel: byteBroadcasts
// launch: grid 2 block 64
// buffer: in u8 64 = iota
// buffer: out u32 192 = 0
// params: in out 64
// expect: out[0..63] = 2341230112
// expect: out[64..127] = 4294823296
// expect: out[128..191] = list 0 1 0 0 0 0 0 0 0 0 0 1 0 0 1 0 0 1 0 0 1 0 0 1 0 0 1 0 0 1 0 0 1 0 0 1 0 0 1 0 0 0 0 0 0 0 0 0 1 0 0 1 0 0 1 0 0 1 0 0 1 0 0 1
// expect: no hazards
__global__ void byteBroadcasts(const unsigned char* in, unsigned* out, int n)
{
    __shared__ unsigned char chunk[64];
    __shared__ signed char sc[64];
    __shared__ short halves[32];
    const int t = threadIdx.x;
    chunk[t] = (unsigned char)(in[t] * 37 + 11);
    sc[t] = (signed char)(in[t] * 37 + 11);
    if (t < 32) halves[t] = (short)(t * 1000 - 20000);
    __syncthreads();
    int acc = 0, hs = 0;
    unsigned count = 0;
    for (int k = 0; k < n; ++k) acc = acc * 3 + sc[k]; // (n: the addresses from a register)
    for (int k = 0; k < n / 2; ++k) hs += halves[k];
    for (int k = 0; k < n; ++k) count += chunk[k] == (unsigned)t;
    if (blockIdx.x == 0) {
        out[t] = (unsigned)acc;
        out[64 + t] = (unsigned)hs;
        out[128 + t] = count;
    }
}

// case: a byte broadcast of a byte a lane of the warp wrote after the
// barrier: ordered by __syncwarp (no race), then a second byte of the same
// word written by lane 3 and read by every lane with no __syncwarp between
// (a race within the warp: the lanes that are not lane 3), then a byte no
// thread wrote (uninitialised), each as the general path reports it
// kernel: byteBroadcastHazards
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: hazard races kind RACE_WARP line @racyByteRead line2 @racyByteWrite
// expect: hazard memory kind UNINIT_SHARED line @unwrittenByte
// expect: hazards 2
// gpu: differs, the lanes read a byte lane 3 writes with no __syncwarp between, and a byte no thread wrote
__global__ void byteBroadcastHazards(unsigned* out)
{
    __shared__ unsigned char b[8];
    const int t = threadIdx.x;
    if (t < 7) b[t] = (unsigned char)(t + 1);
    __syncthreads();
    if (t == 3) b[1] = 70;
    __syncwarp();
    const unsigned v = b[1];
    if (t == 3) b[2] = 90; // @racyByteWrite
    const unsigned u = b[2]; // @racyByteRead
    const unsigned z = b[7]; // @unwrittenByte
    out[t] = v + u + z;
}

// case: a byte broadcast of global memory, a full warp's and a partial
// warp's (lanes 0 to 19): every lane reads the same signed byte, counted as
// one element's sector (a run's count), beside the reference mode's general
// count
// kernel: globalByteBroadcast
// launch: grid 1 block 64
// buffer: in u8 64 = iota*3
// buffer: out u32 128 = 0
// params: in out 64
// expect: out[0..63] = 2633348192
// expect: out[64..103] = 2340
// expect: out[104..127] = 0
// expect: no hazards
__global__ void globalByteBroadcast(const unsigned char* in, unsigned* out, int n)
{
    const signed char* s = reinterpret_cast<const signed char*>(in);
    const int t = threadIdx.x;
    int acc = 0;
    for (int k = 0; k < n; ++k) acc = acc * 3 + s[k];
    out[t] = (unsigned)acc;
    if (t % 32 < 20) {
        int p = 0;
        for (int k = 0; k < n - 24; ++k) p += s[k];
        out[64 + t / 32 * 32 + t % 32 - (t / 32) * 12] = (unsigned)p;
    }
}
