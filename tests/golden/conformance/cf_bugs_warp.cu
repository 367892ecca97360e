// Conformance: the classic warp-level bugs, each next to nothing else, with
// the verdict the emulator must give (and the honest twin where it helps).

// case: warp-synchronous tail without volatile and without __syncwarp: a race
// kernel: bugWarpNoVolatile
// gpu: differs the unsynchronised tail reads values other lanes may not have written yet
// launch: grid 1 block 128
// buffer: in s32 128 = iota
// buffer: out s32 1 = 0
// params: in out
// expect: hazard races kind RACE_WARP
__global__ void bugWarpNoVolatile(const int* in, int* out)
{
    __shared__ int s[128];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    for (unsigned k = 64; k > 32; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t < 32) {
        s[t] += s[t + 32];
        s[t] += s[t + 16];
        s[t] += s[t + 8];
        s[t] += s[t + 4];
        s[t] += s[t + 2];
        s[t] += s[t + 1];
    }
    if (t == 0) out[0] = s[0];
}

// case: the CUDA-samples warpReduce(volatile*) shape: volatile but no __syncwarp is still a race on sm_70+
// kernel: bugWarpVolatile
// gpu: differs independent thread scheduling gives no lockstep guarantee
// launch: grid 1 block 64
// buffer: in s32 64 = iota
// buffer: out s32 1 = 0
// params: in out
// expect: hazard races kind RACE_WARP line @volTail
__device__ void warpReduce(volatile int* sdata, unsigned tid)
{
    sdata[tid] += sdata[tid + 32];
    sdata[tid] += sdata[tid + 16];  // @volTail
    sdata[tid] += sdata[tid + 8];
    sdata[tid] += sdata[tid + 4];
    sdata[tid] += sdata[tid + 2];
    sdata[tid] += sdata[tid + 1];
}

__global__ void bugWarpVolatile(const int* in, int* out)
{
    __shared__ int sdata[64];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[tid];
    __syncthreads();
    if (tid < 32) warpReduce(sdata, tid);
    if (tid == 0) out[0] = sdata[0];
}

// case: the fixed tail: values in registers, shuffles instead of shared memory (honest)
// kernel: fixedWarpTail
// launch: grid 1 block 64
// buffer: in s32 64 = iota
// buffer: out s32 1 = 0
// params: in out
// expect: out[0] = 2016
// expect: no hazards
__global__ void fixedWarpTail(const int* in, int* out)
{
    __shared__ int sdata[64];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[tid];
    __syncthreads();
    if (tid < 32) {
        int v = sdata[tid] + sdata[tid + 32];
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
        if (tid == 0) out[0] = v;
    }
}

// case: __activemask() taken inside a branch, then a down ladder that reads lanes outside it
// kernel: bugActivemaskLadder
// gpu: differs lanes outside the mask are read, which is undefined
// launch: grid 1 block 32
// buffer: in s32 32 = 1
// buffer: out s32 32 = 0
// params: in out 20
// expect: hazard mask-honesty kind MASK_UNDEFINED_READ line @amLadder
__global__ void bugActivemaskLadder(const int* in, int* out, int n)
{
    int lane = threadIdx.x % warpSize;
    if (lane < n) {
        int v = in[lane];
        unsigned mask = __activemask();
        for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(mask, v, o);  // @amLadder
        out[lane] = v;
    }
}

// case: a half-warp finishes the reduction with the full mask while the other half has left
// kernel: bugHalfWarpFullMask
// gpu: differs lanes 16..31 never join the full-mask shuffles
// launch: grid 1 block 32
// buffer: in s32 32 = iota
// buffer: out s32 32 = -1
// params: in out
// expect: hazard mask-honesty kind MASK_UNDEFINED_READ lane 8 source 16 line @halfShfl
__global__ void bugHalfWarpFullMask(const int* in, int* out)
{
    int lane = threadIdx.x;
    int v = in[lane] + in[(lane + 16) % 32];
    if (lane < 16) {
        for (int o = 8; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);  // @halfShfl
        out[lane] = v;
    }
}

// case: the honest half-warp finish: a 16-lane mask and width 16, so no source leaves the mask
// kernel: fixedHalfWarp
// launch: grid 1 block 32
// buffer: in s32 32 = iota
// buffer: out s32 32 = -1
// params: in out
// expect: out[0] = 496
// expect: out[16..31] = -1
// expect: no hazards
__global__ void fixedHalfWarp(const int* in, int* out)
{
    int lane = threadIdx.x;
    int v = in[lane] + in[(lane + 16) % 32];
    if (lane < 16) {
        for (int o = 8; o > 0; o >>= 1) v += __shfl_down_sync(0x0000ffffu, v, o, 16);
        out[lane] = v;
    }
}

// case: ballot taken inside the branch with the full mask: lanes outside wait elsewhere (deadlock)
// kernel: bugBallotInBranch
// gpu: differs a full-mask ballot reached by part of the warp is undefined
// launch: grid 1 block 32
// buffer: in s32 32 = iota
// buffer: out u32 32 = 0
// params: in out 10
// expect: hazard mask-honesty kind MASK_DEADLOCK line @brBallot
__global__ void bugBallotInBranch(const int* in, unsigned* out, int n)
{
    int lane = threadIdx.x;
    unsigned m = 0;
    if (in[lane] < n) m = __ballot_sync(0xffffffffu, in[lane] % 2 == 0);  // @brBallot
    m = __shfl_sync(0xffffffffu, m, 0);
    out[lane] = m;
}

// case: the honest form: ballot of the whole warp first, branch afterwards, mask of the taking lanes
// kernel: fixedBallotFirst
// launch: grid 1 block 32
// buffer: in s32 32 = iota
// buffer: out u32 32 = 0
// params: in out 10
// expect: out[0..9] = 0x155
// expect: out[10..31] = 0
// expect: no hazards
__global__ void fixedBallotFirst(const int* in, unsigned* out, int n)
{
    int lane = threadIdx.x;
    bool inside = in[lane] < n;
    unsigned active = __ballot_sync(0xffffffffu, inside);
    unsigned m = 0;
    if (inside) m = __ballot_sync(active, in[lane] % 2 == 0);
    out[lane] = m;
}

// case: __syncwarp with a mask that leaves out the calling lane
// kernel: bugSyncwarpMask
// gpu: differs __syncwarp from a lane its mask does not name is undefined
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: hazard mask-honesty kind MASK_NOT_MEMBER line @swMask
__global__ void bugSyncwarpMask(int* out)
{
    __shared__ int s[32];
    s[threadIdx.x] = threadIdx.x;
    __syncwarp(0x0000ffffu);  // @swMask
    out[threadIdx.x] = s[threadIdx.x ^ 1];
}
