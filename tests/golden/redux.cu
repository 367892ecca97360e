// Golden: redux.sync (sm_80's __reduce_*_sync): a warp's add, min, max,
// and, or and xor over the lanes its mask names, every named lane getting
// the same result; signed and unsigned min and max; a mask of every third
// lane inside a branch; two halves of a warp reducing apart.
// arch: sm_80

// case: a full warp's six reductions, two warps; each lane's result checked against lane 0's
// kernel: reduxFull
// launch: grid 1 block 64
// buffer: out u32 14 = 0
// params: out
// expect: out[0..6] = list 1520 4294967276 31 0 4294967295 16 0
// expect: out[7..13] = list 1552 4294967277 31 0 4294967295 17 0
// expect: no hazards
__global__ void reduxFull(unsigned* out)
{
    const unsigned t = threadIdx.x, l = t % 32, w = t / 32, full = 0xffffffffu;
    unsigned r[6];
    r[0] = __reduce_add_sync(full, l * 3 + 1 + w);
    r[1] = (unsigned)__reduce_min_sync(full, (int)l - 20 + (int)w);
    r[2] = __reduce_max_sync(full, l * 7 % 32);
    r[3] = __reduce_and_sync(full, ~(1u << l));
    r[4] = __reduce_or_sync(full, 1u << l);
    r[5] = __reduce_xor_sync(full, l == 4 ? 16u + w : 0u);
    unsigned bad = 0;
    for (int k = 0; k < 6; k++) bad += r[k] != __shfl_sync(full, r[k], 0);
    if (l == 0) {
        for (int k = 0; k < 6; k++) out[w * 7 + k] = r[k];
        out[w * 7 + 6] = 0;
    }
    __syncwarp();
    if (bad) atomicAdd(&out[w * 7 + 6], 1u);
}

// case: every third lane inside a branch, its mask naming exactly those lanes; the other lanes reduce apart after
// kernel: reduxPartial
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: out[0..31] = list 165 1 1 165 1 1 165 1 1 165 1 1 165 1 1 165 1 1 165 1 1 165 1 1 165 1 1 165 1 1 165 1
// expect: no hazards
__global__ void reduxPartial(unsigned* out)
{
    const unsigned l = threadIdx.x;
    unsigned r;
    if (l % 3 == 0) r = __reduce_add_sync(0x49249249u, l);
    else r = __reduce_min_sync(0xb6db6db6u, l % 3);
    out[l] = r;
}

// case: two halves of a warp, each its own mask, signed max and unsigned min
// kernel: reduxHalves
// launch: grid 1 block 32
// buffer: out s32 64 = 0
// params: out
// expect: out[0..15] = 120
// expect: out[16..31] = 376
// expect: out[32..47] = -1
// expect: out[48..63] = 16
// expect: no hazards
__global__ void reduxHalves(int* out)
{
    const unsigned l = threadIdx.x;
    int s, m;
    if (l < 16) {
        s = (int)__reduce_add_sync(0x0000ffffu, l);
        m = __reduce_max_sync(0x0000ffffu, -(int)l - 1);
    } else {
        s = (int)__reduce_add_sync(0xffff0000u, l);
        m = (int)__reduce_min_sync(0xffff0000u, l);
    }
    out[l] = s;
    out[32 + l] = m;
}
