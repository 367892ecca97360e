// Golden: special registers, clocks, selects and sets.

// case: lane ids, lane masks, shapes, dynamic shared size, clocks
// kernel: specials
// launch: grid 3,2 block 64 shared 96
// buffer: out u32 512 = 0
// params: out
// expect: out[0..7] = list 37 1 0x0000001f 0x0000003f 0xffffffc0 96 3 2
// expect: out[8] = 1
// expect: no hazards
__global__ void specials(unsigned* out)
{
    unsigned lane, warp, lt, le, gt, dyn;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm("mov.u32 %0, %%warpid;" : "=r"(warp));
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
    asm("mov.u32 %0, %%lanemask_le;" : "=r"(le));
    asm("mov.u32 %0, %%lanemask_gt;" : "=r"(gt));
    asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(dyn));
    long long t0 = clock64();
    unsigned x = lane;
    for (int i = 0; i < 10; i++) x = x * 3 + 1;
    long long t1 = clock64();
    if (blockIdx.x == 2 && blockIdx.y == 1 && threadIdx.x == 37) {
        out[0] = lane + warp * 32;         // 37
        out[1] = warp;                     // 1
        out[2] = lt & 0xff;                // lanes below 5: 0x1f
        out[3] = le & 0xff;                // 0x3f
        out[4] = gt;                       // lanes above 5
        out[5] = dyn;                      // 96
        out[6] = gridDim.x;                // 3
        out[7] = gridDim.y;                // 2
        out[8] = (t1 > t0) + (x & 0);      // clocks go forward
    }
}

// case: selp, slct, set
// kernel: selects
// launch: grid 1 block 1
// buffer: in s32 4 = list 5 -3 7 0
// buffer: out u32 6 = 0
// params: in out
// expect: out[0..5] = list 7 5 0xffffffff 0 0x3f800000 9
__global__ void selects(const int* in, unsigned* out)
{
    int a = in[0], b = in[1], c = in[2];
    unsigned r;
    asm("slct.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(c), "r"(a), "r"(a));   // a >= 0: c
    out[0] = r;
    asm("slct.u32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(c), "r"(a), "r"(b));   // b < 0: a
    out[1] = r;
    asm("set.gt.u32.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));             // true: all ones
    out[2] = r;
    asm("set.lt.u32.s32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    out[3] = r;
    float f;
    asm("set.ne.f32.s32 %0, %1, %2;" : "=f"(f) : "r"(a), "r"(b));              // true: 1.0
    out[4] = __float_as_uint(f);
    out[5] = (a > b) ? (unsigned)(a + 4) : (unsigned)c;                        // selp
}
