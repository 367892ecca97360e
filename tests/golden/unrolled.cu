// Golden: an unrolled loop's loads at offsets of one base register (`As[ty][k]`,
// `Bs[k][tx]`, `p[0] + p[1] + ...`), where the warp's half-warps are runs or
// broadcasts (the halves paths of warp_access.c), and a base row that is
// halves on one pass of a loop and not on the next. The runner's reference
// mode checks every load in full; the reports and outputs must be the same.

// case: a 16 x 16 tile product, k unrolled: 32 loads from two base registers
// kernel: tileUnrolled
// launch: grid 1 block 16,16
// buffer: out s32 256 = 0
// params: out
// expect: out[0..255] = list 1240 1120 1000 880 760 640 520 400 280 160 40 -80 -200 -320 -440 -560 1360 1224 1088 952 816 680 544 408 272 136 0 -136 -272 -408 -544 -680 1480 1328 1176 1024 872 720 568 416 264 112 -40 -192 -344 -496 -648 -800 1600 1432 1264 1096 928 760 592 424 256 88 -80 -248 -416 -584 -752 -920 1720 1536 1352 1168 984 800 616 432 248 64 -120 -304 -488 -672 -856 -1040 1840 1640 1440 1240 1040 840 640 440 240 40 -160 -360 -560 -760 -960 -1160 1960 1744 1528 1312 1096 880 664 448 232 16 -200 -416 -632 -848 -1064 -1280 2080 1848 1616 1384 1152 920 688 456 224 -8 -240 -472 -704 -936 -1168 -1400 2200 1952 1704 1456 1208 960 712 464 216 -32 -280 -528 -776 -1024 -1272 -1520 2320 2056 1792 1528 1264 1000 736 472 208 -56 -320 -584 -848 -1112 -1376 -1640 2440 2160 1880 1600 1320 1040 760 480 200 -80 -360 -640 -920 -1200 -1480 -1760 2560 2264 1968 1672 1376 1080 784 488 192 -104 -400 -696 -992 -1288 -1584 -1880 2680 2368 2056 1744 1432 1120 808 496 184 -128 -440 -752 -1064 -1376 -1688 -2000 2800 2472 2144 1816 1488 1160 832 504 176 -152 -480 -808 -1136 -1464 -1792 -2120 2920 2576 2232 1888 1544 1200 856 512 168 -176 -520 -864 -1208 -1552 -1896 -2240 3040 2680 2320 1960 1600 1240 880 520 160 -200 -560 -920 -1280 -1640 -2000 -2360
// expect: no hazards
__global__ void tileUnrolled(int* out)
{
    __shared__ int As[16][16], Bs[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    As[ty][tx] = ty + tx;
    Bs[ty][tx] = ty - tx;
    __syncthreads();
    int s = 0;
#pragma unroll
    for (int k = 0; k < 16; k++) s += As[ty][k] * Bs[k][tx];
    out[ty * 16 + tx] = s;
}

// case: the same tile with one word of Bs never written
// (the load that reads it reports it, at the lane and line the reference
// finds)
// kernel: tileUnwritten
// gpu: differs, uninitialised shared memory holds whatever was there
// launch: grid 1 block 16,16
// buffer: out s32 256 = 0
// params: out
// expect: hazard memory kind UNINIT_SHARED line @tileRead
__global__ void tileUnwritten(int* out)
{
    __shared__ int As[16][16], Bs[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y;
    As[ty][tx] = ty + tx;
    if (ty != 5 || tx != 3) Bs[ty][tx] = ty - tx;
    __syncthreads();
    int s = 0;
#pragma unroll
    for (int k = 0; k < 16; k++) s += As[ty][k] * Bs[k][tx]; // @tileRead
    out[ty * 16 + tx] = s;
}

// case: a shared base row that is halves on one pass and not on the next
// (first both halves the same 16 words, then the second half's words two
// apart): no load may take the first pass's halves on the second
// kernel: sharedShapeChanges
// launch: grid 1 block 32
// buffer: out s32 64 = 0
// params: out
// expect: out[0..63] = list 22 34 46 58 70 82 94 106 118 130 142 154 166 178 190 202 22 34 46 58 70 82 94 106 118 130 142 154 166 178 190 202 22 34 46 58 70 82 94 106 118 130 142 154 166 178 190 202 790 814 838 862 886 910 934 958 982 1006 1030 1054 1078 1102 1126 1150
// expect: no hazards
__global__ void sharedShapeChanges(int* out)
{
    __shared__ int s[128];
    const int l = threadIdx.x;
    for (int i = l; i < 128; i += 32) s[i] = 3 * i + 1;
    __syncthreads();
#pragma unroll 1
    for (int it = 0; it < 2; it++) {
        const int b = it == 0 ? l % 16 : (l < 16 ? l : 64 + 2 * (l - 16));
        const int* p = s + b;
        out[it * 32 + l] = p[0] + p[1] + p[2] + p[3];
    }
}

// case: a global base row that is halves on one pass and not on the next
// kernel: globalShapeChanges
// launch: grid 1 block 32
// buffer: in s32 128 = iota*3+1
// buffer: out s32 64 = 0
// params: in out
// expect: out[0..63] = list 22 34 46 58 70 82 94 106 118 130 142 154 166 178 190 202 22 34 46 58 70 82 94 106 118 130 142 154 166 178 190 202 22 34 46 58 70 82 94 106 118 130 142 154 166 178 190 202 790 814 838 862 886 910 934 958 982 1006 1030 1054 1078 1102 1126 1150
// expect: no hazards
__global__ void globalShapeChanges(const int* in, int* out)
{
#pragma unroll 1
    for (int it = 0; it < 2; it++) {
        const int l = threadIdx.x;
        const int b = it == 0 ? l % 16 : (l < 16 ? l : 64 + 2 * (l - 16));
        const int* p = in + b;
        out[it * 32 + l] = p[0] + p[1] + p[2] + p[3];
    }
}
