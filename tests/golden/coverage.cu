// Golden: cases that take the fast paths no other golden case reaches
// (a coverage build of the suite found their lines never run), so that the
// runner's reference run (every shortcut off) is compared with them: the
// address chains fuse() runs in line, a partial warp's strong run load, the
// full-warp shared loads that look like a run or one word and are not,
// full-warp global gathers, exits of part of a group, bar.arrive, and the
// shadow's sync mode (a program with a fence or a strong access).

// case: the chain of cvt.s64.s32, mul.lo.s64, add.s64, shl.b64 by an
// immediate and add.s64 whose steps' registers only the chain reads
// (fuse()'s p[0] set) in a full warp: the hot loop runs it in line
// (exec.c, X_ADDR_SX); then the chain without its cvt with every step's
// register kept and read after it (X_ADDR, p[0] clear), in the full warp
// kernel: addrChainFull
// launch: grid 1 block 32
// buffer: o u64 160 = 0
// params: o
// expect: o[0..31] = list 0x1000 0x1242ec665a1 0xffffff6d95d1f8b2 0x743522c933 0xffffff100cb8d724 0xfffffff91c942285 0xb764b4ab56 0xffffffb2e51a7197 0x539dc57548 0xc98eb5b669 0x24b7eb34fa 0x7d1965f0fb 0x2ab325ea6c 0x65852b214d 0x758f75959e 0x82d205475f 0x754cda3690 0x3cfff46331 0xa9eb53cd42 0x540ef874c3 0x1136ae259b4 0x9fff117c15 0x1cb85dbe6 0x120d03f7927 0x650d3e53d8 0x1d682826bf9 0xfd300bc18a 0xfffffff915da548b 0x1ca33ee24fc 0xa88a4732dd 0xffffff5c18e57e2e 0x18cdfc906ef
// expect: o[32..63] = list 0x0 0xffffffa2ffffffa3 0xffffff53ffffff54 0xffffff12ffffff13 0xfffffedffffffee0 0xfffffebafffffebb 0xfffffea3fffffea4 0xfffffe9afffffe9b 0xfffffe9ffffffea0 0xfffffeb2fffffeb3 0xfffffed3fffffed4 0xffffff02ffffff03 0xffffff3fffffff40 0xffffff8affffff8b 0xffffffe3ffffffe4 0x4b0000004b 0xc0000000c0 0x14300000143 0x1d4000001d4 0x27300000273 0x32000000320 0x3db000003db 0x4a4000004a4 0x57b0000057b 0x66000000660 0x75300000753 0x85400000854 0x96300000963 0xa8000000a80 0xbab00000bab 0xce400000ce4 0xe2b00000e2b
// expect: o[64..95] = list 0x1000 0xffffffa300000fa4 0xffffff5400000f56 0xffffff1300000f16 0xfffffee000000ee4 0xfffffebb00000ec0 0xfffffea400000eaa 0xfffffe9b00000ea2 0xfffffea000000ea8 0xfffffeb300000ebc 0xfffffed400000ede 0xffffff0300000f0e 0xffffff4000000f4c 0xffffff8b00000f98 0xffffffe400000ff2 0x4b0000105a 0xc0000010d0 0x14300001154 0x1d4000011e6 0x27300001286 0x32000001334 0x3db000013f0 0x4a4000014ba 0x57b00001592 0x66000001678 0x7530000176c 0x8540000186e 0x9630000197e 0xa8000001a9c 0xbab00001bc8 0xce400001d02 0xe2b00001e4a
// expect: o[96..127] = list 0x4000 0xfffffe8c00003e90 0xfffffd5000003d58 0xfffffc4c00003c58 0xfffffb8000003b90 0xfffffaec00003b00 0xfffffa9000003aa8 0xfffffa6c00003a88 0xfffffa8000003aa0 0xfffffacc00003af0 0xfffffb5000003b78 0xfffffc0c00003c38 0xfffffd0000003d30 0xfffffe2c00003e60 0xffffff9000003fc8 0x12c00004168 0x30000004340 0x50c00004550 0x75000004798 0x9cc00004a18 0xc8000004cd0 0xf6c00004fc0 0x1290000052e8 0x15ec00005648 0x1980000059e0 0x1d4c00005db0 0x2150000061b8 0x258c000065f8 0x2a0000006a70 0x2eac00006f20 0x339000007408 0x38ac00007928
// expect: o[128..159] = list 0x5000 0xfffffe8c00004e91 0xfffffd5000004d5a 0xfffffc4c00004c5b 0xfffffb8000004b94 0xfffffaec00004b05 0xfffffa9000004aae 0xfffffa6c00004a8f 0xfffffa8000004aa8 0xfffffacc00004af9 0xfffffb5000004b82 0xfffffc0c00004c43 0xfffffd0000004d3c 0xfffffe2c00004e6d 0xffffff9000004fd6 0x12c00005177 0x30000005350 0x50c00005561 0x750000057aa 0x9cc00005a2b 0xc8000005ce4 0xf6c00005fd5 0x1290000062fe 0x15ec0000665f 0x1980000069f8 0x1d4c00006dc9 0x2150000071d2 0x258c00007613 0x2a0000007a8c 0x2eac00007f3d 0x339000008426 0x38ac00008947
// expect: no hazards
extern "C" __global__ void addrChainFull(unsigned long long* o)
{
    const unsigned t = threadIdx.x;
    const int x = (int)(t * 0x9E3779B1u);
    const unsigned long long y = t * 7ull - 100, z = t * 0x100000001ull, b = 0x1000 + t;
    unsigned long long e, r1, r2, r3, r4;
    asm("{\n\t.reg .b64 sx, pm, pa, ps;\n\t"
        "cvt.s64.s32 sx, %1;\n\t"
        "mul.lo.s64 pm, %2, sx;\n\t"
        "add.s64 pa, pm, %3;\n\t"
        "shl.b64 ps, pa, 3;\n\t"
        "add.s64 %0, %4, ps;\n\t"
        "}"
        : "=l"(e) : "r"(x), "l"(y), "l"(z), "l"(b));
    asm("mul.lo.s64 %0, %4, %5;\n\t"
        "add.s64 %1, %0, %6;\n\t"
        "shl.b64 %2, %1, 2;\n\t"
        "add.s64 %3, %6, %2;"
        : "=&l"(r1), "=&l"(r2), "=&l"(r3), "=&l"(r4) : "l"(y), "l"(z), "l"(b));
    o[t] = e;
    o[32 + t] = r1;
    o[64 + t] = r2;
    o[96 + t] = r3;
    o[128 + t] = r4;
}

// case: a partial warp's relaxed loads (strong: sync mode makes every
// lane's host pointer, so the lazy copy_run path is not taken) of a run of
// consecutive words, lanes 4 to 11: from global memory whose window of
// lanes 0 to 31 lies in the buffer (warp_access.c run_window, blend_run),
// from 4 words lower (the window starts before the buffer: lane by lane),
// and from shared memory (the window inside the block's 256 bytes)
// kernel: relaxedRuns
// launch: grid 1 block 32
// buffer: in u32 64 = iota
// buffer: out u32 96 = 0
// params: in out
// expect: out[0..3] = 1
// expect: out[4..11] = iota*1+0
// expect: out[12..31] = 1
// expect: out[32..35] = 2
// expect: out[36..43] = list 0 1 2 3 4 5 6 7
// expect: out[44..63] = 2
// expect: out[64..67] = 3
// expect: out[68..75] = list 60 65 70 75 80 85 90 95
// expect: out[76..95] = 3
// expect: no hazards
extern "C" __global__ void relaxedRuns(const unsigned* in, unsigned* out)
{
    __shared__ unsigned s[64];
    const unsigned t = threadIdx.x;
    s[t] = t * 5;
    s[t + 32] = t * 5 + 160;
    __syncthreads();
    unsigned a = 1, c = 2, d = 3;
    if (t >= 4 && t < 12) {
        asm volatile("{\n\t.reg .b64 g;\n\t"
                     "cvta.to.global.u64 g, %1;\n\t"
                     "ld.relaxed.gpu.global.u32 %0, [g];\n\t"
                     "}"
                     : "=r"(a) : "l"(in + t) : "memory");
        asm volatile("{\n\t.reg .b64 g;\n\t"
                     "cvta.to.global.u64 g, %1;\n\t"
                     "ld.relaxed.gpu.global.u32 %0, [g];\n\t"
                     "}"
                     : "=r"(c) : "l"(in + (t - 4)) : "memory");
        asm volatile("ld.relaxed.cta.shared.u32 %0, [%1];"
                     : "=r"(d) : "r"((unsigned)__cvta_generic_to_shared(&s[t + 8])) : "memory");
    }
    out[t] = a;
    out[32 + t] = c;
    out[64 + t] = d;
}

// case: full-warp shared loads that look like a run (lanes 0, 1 and 31)
// or one word (lanes 0, 1 and 31) to the hot loop and are not: a run with
// lanes 5 and 6 swapped, and every lane on word 0 but lane 9 on word 9
// (warp_access.c sim_exec_lds to lds_words)
// kernel: ldsNotRun
// launch: grid 1 block 32
// buffer: out u32 64 = 0
// params: out
// expect: out[0..4] = iota*3+1
// expect: out[5..5] = 19
// expect: out[6..6] = 16
// expect: out[7..31] = iota*3+1
// expect: out[32..40] = 1
// expect: out[41..41] = 28
// expect: out[42..63] = 1
// expect: no hazards
__global__ void ldsNotRun(unsigned* out)
{
    __shared__ unsigned s[32];
    const unsigned t = threadIdx.x;
    s[t] = t * 3 + 1;
    __syncthreads();
    const unsigned i = t == 5 ? 6 : t == 6 ? 5 : t;
    const unsigned j = t == 9 ? 9 : 0;
    out[t] = s[i];
    out[32 + t] = s[j];
}

// case: a full-warp shared load whose lanes 0 and 1 step one word and
// lane 31 reads past the block's 128 bytes: not a run of halves nor words
// (warp_access.c sim_exec_lds_words falling back to sim_exec_lds, then
// the general path, which reports lane 31)
// gpu: differs, out of bounds: a GPU need not fault
// kernel: ldsPastEnd
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: hazard memory kind OOB line @lpe lane 31 distance 33
// expect: message "a 4-byte shared read at shared byte 160 is out of bounds"
// expect: out[0..30] = iota*1+100
// expect: out[31] = 0x7fbadbad
__global__ void ldsPastEnd(unsigned* out)
{
    __shared__ unsigned s[32];
    const unsigned t = threadIdx.x;
    s[t] = t + 100;
    __syncthreads();
    out[t] = s[t == 31 ? 40 : t];  // @lpe
}

// case: full-warp global loads that are not one run nor at one stride of
// a sector or more nor half-warp rows: a byte gather, 16-bit elements 6
// bytes apart, 64-bit ones 24 bytes apart, a word gather (the general
// sector count: warp_access.c sectors_scattered with a full mask), 64-bit
// ones 40 bytes apart (a lane a sector: sectors_strided), and a byte
// scatter
// kernel: gathers
// launch: grid 1 block 32
// buffer: b8 u8 32 = iota
// buffer: b16 u16 96 = iota
// buffer: b64 u64 160 = iota
// buffer: b32 u32 32 = iota
// buffer: out u32 160 = 0
// buffer: sc u8 32 = 0
// params: b8 b16 b64 b32 out sc
// expect: out[0..31] = list 0 7 14 21 28 3 10 17 24 31 6 13 20 27 2 9 16 23 30 5 12 19 26 1 8 15 22 29 4 11 18 25
// expect: out[32..63] = list 0 3 6 9 12 15 18 21 24 27 30 33 36 39 42 45 48 51 54 57 60 63 66 69 72 75 78 81 84 87 90 93
// expect: out[64..95] = list 0 3 6 9 12 15 18 21 24 27 30 33 36 39 42 45 48 51 54 57 60 63 66 69 72 75 78 81 84 87 90 93
// expect: out[96..127] = list 0 5 10 15 20 25 30 3 8 13 18 23 28 1 6 11 16 21 26 31 4 9 14 19 24 29 2 7 12 17 22 27
// expect: out[128..159] = list 0 5 10 15 20 25 30 35 40 45 50 55 60 65 70 75 80 85 90 95 100 105 110 115 120 125 130 135 140 145 150 155
// expect: sc[0..31] = list 0 25 18 11 4 29 22 15 8 1 26 19 12 5 30 23 16 9 2 27 20 13 6 31 24 17 10 3 28 21 14 7
// expect: no hazards
__global__ void gathers(const unsigned char* b8, const unsigned short* b16, const unsigned long long* b64,
                        const unsigned* b32, unsigned* out, unsigned char* sc)
{
    const unsigned t = threadIdx.x;
    out[t] = b8[(t * 7) % 32];
    out[32 + t] = b16[t * 3];
    out[64 + t] = (unsigned)b64[t * 3];
    out[96 + t] = b32[(t * 5) % 32];
    out[128 + t] = (unsigned)b64[t * 5];
    sc[(t * 9) % 32] = (unsigned char)t;
}

// case: exits of part of a group: lanes 0 to 7 exit (a guarded exit, the
// others go on), then lanes 20 to 31 exit (the whole group of a branch's
// side: none of it goes on), lanes 8 to 19 write on (exec.c, X_EXIT)
// kernel: exitPart
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: out[0..7] = 1
// expect: out[8..19] = 3
// expect: out[20..31] = 2
// expect: no hazards
__global__ void exitPart(unsigned* out)
{
    const unsigned t = threadIdx.x;
    out[t] = 1;
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "setp.lt.u32 p, %0, 8;\n\t"
                 "@p exit;\n\t"
                 "}"
                 :: "r"(t) : "memory");
    out[t] = 2;
    if (t >= 20) asm volatile("exit;" ::: "memory");
    out[t] = 3;
}

// case: a producer warp's bar.arrive on barrier 1 for 64 threads and a
// consumer warp's bar.sync on it, each guarded by a predicate that is the
// same across each warp (no branch: a barrier under a branch that differs
// across the block is judged conditional); PTX: the producer's writes
// before its arrive are seen by the consumer after its sync, no race
// (exec.c, X_BAR_ARRIVE, run by warp 0 and skipped by warp 1)
// kernel: barArrive
// launch: grid 1 block 64
// buffer: out u32 64 = 0
// params: out
// expect: out[0..31] = 7
// expect: out[32..63] = list 5 8 11 14 17 20 23 26 29 32 35 38 41 44 47 50 53 56 59 62 65 68 71 74 77 80 83 86 89 92 95 98
// expect: no hazards
__global__ void barArrive(unsigned* out)
{
    __shared__ unsigned s[32];
    const unsigned t = threadIdx.x;
    if (t < 32) s[t] = t * 3 + 5;
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "setp.lt.u32 p, %0, 32;\n\t"
                 "@p bar.arrive 1, 64;\n\t"
                 "@!p bar.sync 1, 64;\n\t"
                 "}"
                 :: "r"(t) : "memory");
    out[t] = t < 32 ? 7 : s[t - 32];
}

// case: the shadow in sync mode (a fence in the program): atomics on
// shared words nothing wrote read them uninitialised, and the two warps'
// writes of the same words with no barrier between race (shadow.c,
// sync_write)
// gpu: differs, the racing writes' order is not defined
// kernel: syncModeShadow
// launch: grid 1 block 64
// buffer: out u32 64 = 0
// params: out
// expect: hazard memory kind UNINIT_SHARED line @atomUninit
// expect: hazard races kind RACE_SHARED line @wwRace
// expect: out[0..63] = 9
__global__ void syncModeShadow(unsigned* out)
{
    __shared__ unsigned a[64], s[32];
    const unsigned t = threadIdx.x;
    atomicAdd(&a[t], 1u);  // @atomUninit
    __threadfence_block();
    s[t % 32] = t;  // @wwRace
    __syncthreads();
    out[t] = s[t % 32] % 32 == t % 32 ? 9 : 1; /* t or t + 32's: either */
}

// case: a partial warp's broadcast read of a shared word that lane 0 wrote
// this epoch, a __syncwarp() between (shadow.c plain_read_lane's broadcast
// shortcut for a word written this epoch: lanes 1 to 19 note themselves as
// readers beside lane 0), then lane 0 writes the word with no sync after
// the reads: a write after another lane's read in the warp (a race with
// lanes 1 to 19, which only their reader records show)
// gpu: differs, lane 0's write races with the other lanes' reads
// kernel: bcastWritten
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: hazard races kind RACE_WARP line @bwWrite line2 @bwRead
// expect: hazards 1
__global__ void bcastWritten(unsigned* out)
{
    __shared__ unsigned s[32];
    const unsigned t = threadIdx.x;
    if (t == 0) s[0] = 42;
    __syncwarp();
    unsigned v = 1;
    if (t < 20) v = s[0];  // @bwRead
    if (t == 0) s[0] = 7;  // @bwWrite
    out[t] = v;
}
