// Golden: every mask-honesty case of docs/ptx-semantics.md, and what is not one.

// case: the ballot mask and a down ladder (day 23 in small)
// gpu: differs, reads of lanes outside the mask are undefined
// kernel: ballotDown
// launch: grid 1 block 64
// buffer: in f32 64 = 1
// buffer: out f32 64 = 0
// params: in out 20
// expect: hazard mask-honesty kind MASK_UNDEFINED_READ lane 4 source 20 mask 0x000fffff line @ladder count 2 instances 54
// expect: hazards 1
// expect: message "lane 4 reads lane 20, which mask 0x000fffff does not name"
__global__ void ballotDown(const float* in, float* out, int live)
{
    int lane = threadIdx.x % 32;
    bool has = lane < live;
    unsigned mask = __ballot_sync(0xffffffffu, has);
    if (has) {
        float v = in[threadIdx.x];
        for (int o = 16; o > 0; o /= 2)
            v += __shfl_down_sync(mask, v, o);  // @ladder
        out[threadIdx.x] = v;
    }
}

// case: a source lane that exited
// gpu: differs, a shuffle from an exited lane is undefined
// kernel: exitedSource
// launch: grid 1 block 32
// buffer: out s32 32 = -1
// params: out
// expect: hazard mask-honesty kind MASK_UNDEFINED_READ lane 0 source 16 mask 0xffffffff line @exited
// expect: advice "keep every lane a shuffle reads from alive until the shuffle"
// expect: out[16..31] = -1
// expect: out[0] = 0x7fbadbad
__global__ void exitedSource(int* out)
{
    int lane = threadIdx.x;
    if (lane >= 16) return;
    out[lane] = __shfl_down_sync(0xffffffffu, lane, 16);  // @exited
}

// case: a lane not in its own mask
// gpu: differs, a lane outside its own mask is undefined behaviour
// kernel: notMember
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: hazard mask-honesty kind MASK_NOT_MEMBER lane 31 mask 0x7fffffff line @notMember
// expect: no hazard kind MASK_DEADLOCK
__global__ void notMember(unsigned* out)
{
    out[threadIdx.x] = __ballot_sync(0x7fffffffu, threadIdx.x & 1);  // @notMember
}

// case: lanes with different masks
// kernel: mismatch
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: hazard mask-honesty kind MASK_MISMATCH line @mismatch
__global__ void mismatch(int* out)
{
    int lane = threadIdx.x;
    unsigned m = lane < 16 ? 0x0000ffffu : 0xffffffffu;
    out[lane] = __shfl_sync(m, lane * 2, 0);  // @mismatch
}

// The shuffle's mask names the whole warp, which half of it never reaches;
// the barrier, which every thread reaches, is honest: the deadlock is the
// mask's alone (before 6 December 2026 the barrier was charged too).
// case: half the warp waits at a shuffle, the other half at a barrier
// kernel: deadlock
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: status deadlocked
// expect: hazard mask-honesty kind MASK_DEADLOCK line @dlShfl line2 @dlBar
// expect: no hazard barrier-honesty
__global__ void deadlock(int* out)
{
    int v = threadIdx.x;
    if (threadIdx.x < 16) v = __shfl_sync(0xffffffffu, v, 0);  // @dlShfl
    __syncthreads();  // @dlBar
    out[threadIdx.x] = v;
}

// case: an if/else pair meeting in one shuffle (legal, a warning)
// kernel: ifElse
// launch: grid 1 block 32
// buffer: in s32 32 = iota
// buffer: out s32 32 = 0
// params: in out
// expect: hazard mask-honesty kind COLLECTIVE_DIVERGENT_PC warning
// expect: no errors
// expect: out[0..15] = 6
// expect: out[16..31] = 21
__global__ void ifElse(const int* in, int* out)
{
    int lane = threadIdx.x;
    int v = in[lane];
    int r;
    if (v < 16) {
        asm volatile("shfl.sync.idx.b32 %0, %1, 3, 0x1f, 0xffffffff;" : "=r"(r) : "r"(v * 2));
    } else {
        asm volatile("shfl.sync.idx.b32 %0, %1, 20, 0x1f, 0xffffffff;" : "=r"(r) : "r"(v + 1));
    }
    out[lane] = r;
}

// case: a mask taken from __activemask (a warning)
// kernel: activeMask
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: hazard mask-honesty kind ACTIVEMASK_REUSE warning
// expect: advice "use the mask of the lanes that take part (__activemask() is not enough here)"
// expect: no errors
// expect: out[0..31] = 0
__global__ void activeMask(int* out)
{
    unsigned m = __activemask();
    out[threadIdx.x] = __shfl_sync(m, threadIdx.x, 0);
}

// case: __syncwarp by a lane outside its mask
// kernel: syncwarpNotMember
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: hazard mask-honesty kind MASK_NOT_MEMBER lane 16 mask 0x0000ffff
__global__ void syncwarpNotMember(int* out)
{
    __syncwarp(0x0000ffffu);
    out[threadIdx.x] = 1;
}

// case: honest partial masks: two halves, each with its own mask
// kernel: halves
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: no hazards
// expect: out[0..15] = 120
// expect: out[16..31] = 376
__global__ void halves(int* out)
{
    int lane = threadIdx.x;
    unsigned m = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    int v = lane;
    for (int o = 8; o > 0; o /= 2) v += __shfl_xor_sync(m, v, o, 16);
    out[lane] = v;
}

// case: votes and matches
// kernel: votes
// launch: grid 1 block 32
// buffer: out u32 224 = 0
// params: out
// expect: out[0..31] = 0x55555555
// expect: out[32..63] = 0
// expect: out[64..95] = 1
// expect: out[96..127] = list 0x11111111 0x22222222 0x44444444 0x88888888
// expect: out[128..159] = 0
// expect: out[160..191] = 0
// expect: out[192..223] = 0xffffffff
// expect: no hazards
__global__ void votes(unsigned* out)
{
    int lane = threadIdx.x;
    out[lane] = __ballot_sync(0xffffffffu, (lane & 1) == 0);
    out[32 + lane] = __all_sync(0xffffffffu, lane < 31);
    out[64 + lane] = __any_sync(0xffffffffu, lane == 7);
    out[96 + lane] = __match_any_sync(0xffffffffu, lane % 4);
    int pred;
    out[128 + lane] = __match_all_sync(0xffffffffu, lane % 4, &pred) + pred;
    // uni over the even lanes (all true) and over the odd lanes (mixed)
    unsigned half = (lane & 1) ? 0xaaaaaaaau : 0x55555555u;
    out[160 + lane] = (lane & 1) ? __uni_sync(half, lane < 16) : __uni_sync(half, 1) - 1 + 0;
    out[192 + lane] = __match_all_sync(0xffffffffu, 7, &pred) & (pred ? 0xffffffffu : 0);
}
