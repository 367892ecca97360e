// Golden: single-pass scans whose blocks wait for each other (day 31).
// Tiles are numbered by a ticket (atomicAdd), so a block waits only for
// blocks that started before it. The honest forms end the same in every
// block order order.c explores, and every one of those orders runs to its
// end (orders reverse interleaved last-started): none is left unjudged by
// a wait that cannot finish. A scan that takes its predecessor's prefix
// without waiting is an ORDER_DEPENDENT hazard, which only the order with
// the last started block ahead shows: in index order, in reverse and
// interleaved latest first, the block holding the earlier ticket is always
// ahead of the one holding the next.

#define TILE 256

// The inclusive scan of v over a block of TILE threads; *total gets the sum.
__device__ float tileScan(float v, float* total)
{
    __shared__ float warpTotals[TILE / 32];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    for (int d = 1; d < 32; d <<= 1) {
        const float up = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d) v += up;
    }
    if (lane == 31) warpTotals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        float t = lane < TILE / 32 ? warpTotals[lane] : 0.0f;
        for (int d = 1; d < TILE / 32; d <<= 1) {
            const float up = __shfl_up_sync(0xffffffffu, t, d);
            if (lane >= d) t += up;
        }
        if (lane < TILE / 32) warpTotals[lane] = t;
    }
    __syncthreads();
    if (warp > 0) v += warpTotals[warp - 1];
    *total = warpTotals[TILE / 32 - 1];
    return v;
}

__device__ unsigned takeTicket(unsigned* ticket)
{
    __shared__ unsigned tileOf;
    if (threadIdx.x == 0) tileOf = atomicAdd(ticket, 1u);
    __syncthreads();
    return tileOf;
}

// case: decoupled look-back: publish the aggregate (flag 1), walk back over
// aggregates until a published prefix (flag 2), publish the prefix; volatile
// flags, a fence before each flag and after each flag read
// kernel: lookBack
// launch: grid 16 block 256
// buffer: in f32 4096 = 1
// buffer: out f32 4096 = 0
// buffer: agg f32 16 = 0
// buffer: pre f32 16 = 0
// buffer: flags u32 16 = 0
// buffer: ticket u32 1 = 0
// params: in out agg pre flags ticket
// expect: no hazards
// expect: orders reverse interleaved last-started
// expect: out[0..4095] = iota+1
// expect: ticket[0] = 16
__global__ void lookBack(const float* in, float* out, float* agg, float* pre, unsigned* flags, unsigned* ticket)
{
    __shared__ float exclusiveOf;
    const unsigned tile = takeTicket(ticket);
    const unsigned i = tile * TILE + threadIdx.x;
    float total;
    const float v = tileScan(in[i], &total);
    if (threadIdx.x == 0) {
        volatile unsigned* vf = flags;
        float ex = 0.0f;
        if (tile > 0) {
            ((volatile float*)agg)[tile] = total;
            __threadfence();
            vf[tile] = 1u;
            for (int p = (int)tile - 1;; p--) {
                unsigned f;
                while ((f = vf[p]) == 0u) {
                }
                __threadfence();
                if (f == 2u) {
                    ex += ((volatile float*)pre)[p];
                    break;
                }
                ex += ((volatile float*)agg)[p];
            }
        }
        ((volatile float*)pre)[tile] = ex + total;
        __threadfence();
        vf[tile] = 2u;
        exclusiveOf = ex;
    }
    __syncthreads();
    out[i] = exclusiveOf + v;
}

// case: the chained scan: wait for the predecessor's prefix alone (slower:
// a chain of waits through every tile), the same in every order
// kernel: chained
// launch: grid 16 block 256
// buffer: in f32 4096 = 1
// buffer: out f32 4096 = 0
// buffer: pre f32 16 = 0
// buffer: flags u32 16 = 0
// buffer: ticket u32 1 = 0
// params: in out pre flags ticket
// expect: no hazards
// expect: orders reverse interleaved last-started
// expect: out[0..4095] = iota+1
__global__ void chained(const float* in, float* out, float* pre, unsigned* flags, unsigned* ticket)
{
    __shared__ float exclusiveOf;
    const unsigned tile = takeTicket(ticket);
    const unsigned i = tile * TILE + threadIdx.x;
    float total;
    const float v = tileScan(in[i], &total);
    if (threadIdx.x == 0) {
        volatile unsigned* vf = flags;
        float ex = 0.0f;
        if (tile > 0) {
            while (vf[tile - 1] == 0u) {
            }
            __threadfence();
            ex = ((volatile float*)pre)[tile - 1];
        }
        ((volatile float*)pre)[tile] = ex + total;
        __threadfence();
        vf[tile] = 1u;
        exclusiveOf = ex;
    }
    __syncthreads();
    out[i] = exclusiveOf + v;
}

// case: release and acquire (cuda::atomic_ref would make the same
// instructions) instead of volatile and fences
// kernel: chainedAcquire
// launch: grid 16 block 256
// buffer: in f32 4096 = 1
// buffer: out f32 4096 = 0
// buffer: pre f32 16 = 0
// buffer: flags u32 16 = 0
// buffer: ticket u32 1 = 0
// params: in out pre flags ticket
// expect: no hazards
// expect: orders reverse interleaved last-started
// expect: out[0..4095] = iota+1
__global__ void chainedAcquire(const float* in, float* out, float* pre, unsigned* flags, unsigned* ticket)
{
    __shared__ float exclusiveOf;
    const unsigned tile = takeTicket(ticket);
    const unsigned i = tile * TILE + threadIdx.x;
    float total;
    const float v = tileScan(in[i], &total);
    if (threadIdx.x == 0) {
        float ex = 0.0f;
        if (tile > 0) {
            unsigned f;
            do {
                asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(f) : "l"(flags + tile - 1) : "memory");
            } while (f == 0u);
            ex = pre[tile - 1];
        }
        pre[tile] = ex + total;
        asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(flags + tile), "r"(1u) : "memory");
        exclusiveOf = ex;
    }
    __syncthreads();
    out[i] = exclusiveOf + v;
}

// case: the scan that never waits: a tile takes its predecessor's prefix
// as it finds it. In index order every predecessor has finished; with
// blocks interleaved a later ticket reads the prefix before it is there
// gpu: differs, a tile may read its predecessor's prefix before it is there
// kernel: neverWaits
// launch: grid 16 block 256
// buffer: in f32 4096 = 1
// buffer: out f32 4096 = 0
// buffer: pre f32 16 = 0
// buffer: flags u32 16 = 0
// buffer: ticket u32 1 = 0
// params: in out pre flags ticket
// expect: hazard races kind ORDER_DEPENDENT line @never
// expect: message "byte 1,024 of 'out': 257 in index order, 1 with blocks interleaved, the last started ahead"
// expect: orders reverse interleaved last-started
// expect: advice "made from another block's result read too early: wait for its flag"
// expect: out[0..4095] = iota+1
__global__ void neverWaits(const float* in, float* out, float* pre, unsigned* flags, unsigned* ticket)
{
    __shared__ float exclusiveOf;
    const unsigned tile = takeTicket(ticket);
    const unsigned i = tile * TILE + threadIdx.x;
    float total;
    const float v = tileScan(in[i], &total);
    if (threadIdx.x == 0) {
        volatile unsigned* vf = flags;
        const float ex = tile > 0 ? ((volatile float*)pre)[tile - 1] : 0.0f;
        ((volatile float*)pre)[tile] = ex + total;
        __threadfence();
        vf[tile] = 1u;
        exclusiveOf = ex;
    }
    __syncthreads();
    out[i] = exclusiveOf + v; // @never
}

// case: the chained scan waiting on a plain load, which nvcc reads once
// before the loop (a loop of one branch to itself). In index and reverse
// order, and interleaved latest first (each block here ends within its
// first turn), the predecessor has finished and the loop never runs; with
// the last started ahead, a tile reaches it before its predecessor's flag
// is set. That order cannot finish, so it judges no word, but a lane at a
// branch to itself can never leave it: an ORDER_DEPENDENT hazard at the
// loop (a GPU hangs there)
// gpu: none, a GPU may spin in it for good (the hang the case is about), so no GPU runs it
// kernel: plainSpin
// launch: grid 16 block 256
// buffer: in f32 4096 = 1
// buffer: out f32 4096 = 0
// buffer: pre f32 16 = 0
// buffer: flags u32 16 = 0
// buffer: ticket u32 1 = 0
// params: in out pre flags ticket
// expect: hazard races kind ORDER_DEPENDENT line @spin
// expect: hazards 1
// expect: message "with blocks interleaved, the last started ahead, block 0 never ends: line"
// expect: advice "reads nothing: read what it waits for inside it, through a volatile pointer"
// expect: orders reverse interleaved
// expect: out[0..4095] = iota+1
__global__ void plainSpin(const float* in, float* out, float* pre, unsigned* flags, unsigned* ticket)
{
    __shared__ float exclusiveOf;
    const unsigned tile = takeTicket(ticket);
    const unsigned i = tile * TILE + threadIdx.x;
    float total;
    const float v = tileScan(in[i], &total);
    if (threadIdx.x == 0) {
        float ex = 0.0f;
        if (tile > 0) {
            while (flags[tile - 1] == 0u) { // @spin
            }
            __threadfence();
            ex = ((volatile float*)pre)[tile - 1];
        }
        ((volatile float*)pre)[tile] = ex + total;
        __threadfence();
        ((volatile unsigned*)flags)[tile] = 1u;
        exclusiveOf = ex;
    }
    __syncthreads();
    out[i] = exclusiveOf + v;
}
