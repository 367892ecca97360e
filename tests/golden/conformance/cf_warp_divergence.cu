// Conformance: warps that diverge and meet again, as independent thread
// scheduling allows: __syncwarp with a partial mask, an if/else that
// shuffles from both sides (legal on sm_70+, a warning), a tail-of-array scan
// with a ballot mask, a data-dependent loop steered by __any_sync, and the
// bug of a full mask in a warp that a 48-thread block leaves half empty.

// case: __syncwarp(0x0000ffff) orders a shared exchange among the lower half only
// kernel: partialSyncwarp
// launch: grid 1 block 32
// buffer: out s32 32 = -1
// params: out
// expect: out[0..15] = 10 0 30 20 50 40 70 60 90 80 110 100 130 120 150 140
// expect: out[16..31] = -1
// expect: no hazards
__global__ void partialSyncwarp(int* out)
{
    __shared__ int s[32];
    int lane = threadIdx.x;
    if (lane < 16) {
        s[lane] = 10 * lane;
        __syncwarp(0x0000ffffu);
        out[lane] = s[lane ^ 1];
    }
}

// case: both sides of an if/else shuffle with the full mask (legal since sm_70; a warning)
// kernel: ifElseShuffle
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: out[0..31] = 2 0 6 6 10 12 14 18 18 24 22 30 26 36 30 42 34 48 38 54 42 60 46 66 50 72 54 78 58 84 62 90
// expect: hazard mask-honesty kind COLLECTIVE_DIVERGENT_PC warning
// expect: no errors
__global__ void ifElseShuffle(int* out)
{
    int lane = threadIdx.x;
    int v;
    if (lane % 2) v = __shfl_xor_sync(0xffffffffu, lane * 2, 1);
    else v = __shfl_xor_sync(0xffffffffu, lane * 3, 1);
    out[lane] = v;
}

// case: the array's tail warp: a ballot mask of the live lanes and a guarded up-scan (honest)
// kernel: tailScan
// launch: grid 1 block 64
// buffer: in s32 64 = rand 171 0 9
// buffer: out s32 64 = -1
// params: in out 45
// expect: out[0..44] = 1 1 7 11 13 15 23 23 29 30 31 38 41 41 48 53 60 61 69 75 79 83 83 88 92 98 100 104 109 113 120 122 8 14 17 17 20 23 25 31 35 38 44 50 50
// expect: out[45..63] = -1
// expect: no hazards
__global__ void tailScan(const int* in, int* out, int n)
{
    int i = threadIdx.x, lane = threadIdx.x % warpSize;
    unsigned live = __ballot_sync(0xffffffffu, i < n);
    if (i < n) {
        int v = in[i];
        for (int o = 1; o < warpSize; o <<= 1) {
            int t = __shfl_up_sync(live, v, o);
            if (lane >= o) v += t;
        }
        out[i] = v;
    }
}

// case: a data-dependent loop steered by __any_sync: every lane stays for every shuffle
// kernel: anySteeredLoop
// launch: grid 1 block 32
// buffer: in s32 32 = rand 172 0 12
// buffer: out s32 32 = 0
// params: in out
// expect: out[0..31] = 161
// expect: no hazards
__global__ void anySteeredLoop(const int* in, int* out)
{
    int left = in[threadIdx.x], total = 0;
    while (__any_sync(0xffffffffu, left > 0)) {
        int mine = left > 0 ? 1 : 0;
        for (int o = 16; o > 0; o >>= 1) mine += __shfl_xor_sync(0xffffffffu, mine, o);
        total += mine;
        if (left > 0) left--;
    }
    out[threadIdx.x] = total;
}

// case: a 48-thread block: the second warp has 16 lanes, and a full-mask butterfly reads the missing ones
// kernel: bugPartialWarpFullMask
// gpu: differs the mask names lanes the block does not have
// launch: grid 1 block 48
// buffer: out s32 48 = 0
// params: out
// expect: hazard mask-honesty kind MASK_UNDEFINED_READ warp 1
__global__ void bugPartialWarpFullMask(int* out)
{
    int v = threadIdx.x;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    out[threadIdx.x] = v;
}
