// Conformance: compare-and-swap loops and atomics on shared memory as real
// code writes them, written by a helper that read only the task (the CUDA
// Programming Guide's rules, no emulator source), each case's verdict
// decided before it ran: honest loops (a float max with an early break, the
// guide's double add, a loop in a __noinline__ function through a generic
// pointer, a while loop, an array of accumulators, a first-writer claim),
// a zeroed histogram; then the bugs: a counter set by thread 0 with no
// barrier before the atomics (two warps, one warp, another warp only), a
// histogram nobody zeroed, a CAS loop's result read by other warps with
// only a __syncwarp(). Before 72cd294 the emulator failed 5 of the honest
// loops (a race between the plain first read and another thread's CAS) and
// missed the one-warp and two-warp counter bugs.


// The float max loop of a1, e2 and e: the plain first read, the early
// break, the CAS (inlined into each kernel).
__device__ __forceinline__ void casMaxLoop(float* m, float val)
{
    unsigned* a = (unsigned*)m;
    unsigned old = *a, assumed;
    do {
        if (__uint_as_float(old) >= val) break;
        assumed = old;
        old = atomicCAS(a, assumed, __float_as_uint(val));
    } while (assumed != old);
}

// case: a1 float atomicMax via atomicCAS with early break
// kernel: casMaxFloat
// launch: grid 1 block 128
// buffer: out f32 1 = 0
// params: out
// expect: out[0] = 77
// expect: no hazards
__global__ void casMaxFloat(float* out)
{
    __shared__ float m;
    const unsigned t = threadIdx.x;
    if (t == 0) m = -1.0e30f;
    __syncthreads();
    const float val = (float)((int)((t * 37u) % 128u) - 50);
    casMaxLoop(&m, val);
    __syncthreads();
    if (t == 0) out[0] = m;
}

// case: a2 Programming Guide double atomicAdd via atomicCAS on unsigned long long (inline)
// kernel: casAddDouble
// launch: grid 1 block 256
// buffer: out f64 1 = 0
// params: out
// expect: out[0] = 16448
// expect: no hazards
__global__ void casAddDouble(double* out)
{
    __shared__ double s;
    if (threadIdx.x == 0) s = 0.0;
    __syncthreads();
    const double val = (threadIdx.x + 1) * 0.5;
    unsigned long long int* address_as_ull = (unsigned long long int*)&s;
    unsigned long long int old = *address_as_ull, assumed;
    do {
        assumed = old;
        old = atomicCAS(address_as_ull, assumed,
                        __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    __syncthreads();
    if (threadIdx.x == 0) out[0] = s;
}

// a3 helper: saturating add through a generic pointer (called with a shared address)
__device__ __noinline__ unsigned casAddCapped(unsigned* p, unsigned v, unsigned cap)
{
    unsigned old = *p, assumed;
    do {
        assumed = old;
        unsigned want = assumed + v;
        if (want > cap) want = cap;
        old = atomicCAS(p, assumed, want);
    } while (assumed != old);
    return old;
}

// case: a3 CAS loop in a __noinline__ __device__ function through a pointer param, shared address
// kernel: casViaPointer
// launch: grid 1 block 64
// buffer: out u32 1 = 0
// params: out
// expect: out[0] = 150
// expect: no hazards
__global__ void casViaPointer(unsigned* out)
{
    __shared__ unsigned counter;
    if (threadIdx.x == 0) counter = 0;
    __syncthreads();
    casAddCapped(&counter, 3u, 150u);
    __syncthreads();
    if (threadIdx.x == 0) out[0] = counter;
}

// case: a4 CAS loop written as while (atomic multiply, commutative)
// kernel: casWhileMul
// launch: grid 1 block 64
// buffer: out u32 1 = 0
// params: out
// expect: out[0] = 850390145
// expect: no hazards
__global__ void casWhileMul(unsigned* out)
{
    __shared__ unsigned prod;
    if (threadIdx.x == 0) prod = 1u;
    __syncthreads();
    const unsigned f = 2u * threadIdx.x + 1u;
    unsigned assumed = prod;
    unsigned old;
    while ((old = atomicCAS(&prod, assumed, assumed * f)) != assumed)
        assumed = old;
    __syncthreads();
    if (threadIdx.x == 0) out[0] = prod;
}

// case: a5 float add via CAS on shared array element acc[threadIdx.x % 8]
// kernel: casArraySlots
// launch: grid 1 block 128
// buffer: out f32 8 = 0
// params: out
// expect: out[0..7] = list 136 1736 3336 4936 6536 8136 9736 11336
// expect: no hazards
__global__ void casArraySlots(float* out)
{
    __shared__ float acc[8];
    const unsigned t = threadIdx.x;
    if (t < 8) acc[t] = 0.0f;
    __syncthreads();
    const float val = (float)(t / 8 + 1) + (float)(t % 8) * 100.0f;
    unsigned* a = (unsigned*)&acc[t % 8];
    unsigned old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __float_as_uint(__uint_as_float(assumed) + val));
    } while (assumed != old);
    __syncthreads();
    if (t < 8) out[t] = acc[t];
}

// case: a6 first-writer-wins claim via atomicCAS, winner counted
// kernel: casClaim
// launch: grid 1 block 96
// buffer: out u32 2 = 0
// params: out
// expect: out[0] = 1
// expect: no hazards
__global__ void casClaim(unsigned* out)
{
    __shared__ unsigned owner;
    __shared__ unsigned winners;
    if (threadIdx.x == 0) { owner = 0xffffffffu; winners = 0; }
    __syncthreads();
    if (atomicCAS(&owner, 0xffffffffu, threadIdx.x) == 0xffffffffu)
        atomicAdd(&winners, 1u);
    __syncthreads();
    if (threadIdx.x == 0) { out[0] = winners; out[1] = owner < 96u ? 1u : 0u; }
}

// case: d shared histogram zeroed, sync, atomicAdd, sync, read
// kernel: histZeroed
// launch: grid 1 block 256
// buffer: out u32 16 = 0
// params: out
// expect: out[0..15] = list 18 15 20 15 21 14 18 14 17 14 18 13 18 13 16 12
// expect: no hazards
__global__ void histZeroed(unsigned* out)
{
    __shared__ unsigned hist[16];
    const unsigned t = threadIdx.x;
    for (unsigned i = t; i < 16; i += blockDim.x) hist[i] = 0;
    __syncthreads();
    atomicAdd(&hist[(t * t + t / 7) % 16], 1u);
    __syncthreads();
    if (t < 16) out[t] = hist[t];
}

// case: e2 one warp: CAS max then __syncwarp, other lanes of the same warp read
// kernel: casSyncwarpOneWarp
// launch: grid 1 block 32
// buffer: out f32 32 = 0
// params: out
// expect: out[0..31] = 31
// expect: no hazards
__global__ void casSyncwarpOneWarp(float* out)
{
    __shared__ float m;
    const unsigned t = threadIdx.x;
    if (t == 0) m = -1.0f;
    __syncthreads();
    const float val = (float)t;
    casMaxLoop(&m, val);
    __syncwarp();
    out[t] = m;
}

// Buggy shapes of shared-memory atomics.

// case: b counter set by thread 0 with no __syncthreads before every thread's atomicAdd (2 warps)
// gpu: differs, the atomics race with thread 0's store
// kernel: counterNoSync
// launch: grid 1 block 64
// buffer: out u32 1 = 0
// params: out
// expect: hazard races line @bAdd
__global__ void counterNoSync(unsigned* out)
{
    __shared__ unsigned count;
    if (threadIdx.x == 0) count = 0;
    atomicAdd(&count, 1u); // @bAdd
    __syncthreads();
    if (threadIdx.x == 0) out[0] = count;
}

// case: b2 same bug inside a single warp (no __syncwarp between lane 0's store and the atomics)
// gpu: differs, the atomics race with lane 0's store
// kernel: counterNoSyncWarp
// launch: grid 1 block 32
// buffer: out u32 1 = 0
// params: out
// expect: hazard races kind RACE_WARP line @b2Add
__global__ void counterNoSyncWarp(unsigned* out)
{
    __shared__ unsigned count;
    if (threadIdx.x == 0) count = 0;
    atomicAdd(&count, 1u); // @b2Add
    __syncthreads();
    if (threadIdx.x == 0) out[0] = count;
}

// case: c shared histogram never zeroed
// gpu: differs, the bins start with whatever shared memory held
// kernel: histUninit
// launch: grid 1 block 128
// buffer: out u32 16 = 0
// params: out
// expect: hazard memory kind UNINIT_SHARED line @cAdd
__global__ void histUninit(unsigned* out)
{
    __shared__ unsigned hist[16];
    const unsigned t = threadIdx.x;
    atomicAdd(&hist[(t * 5) % 16], 1u); // @cAdd
    __syncthreads();
    if (t < 16) out[t] = hist[t];
}

// case: e warp 0 does the CAS max loop, only __syncwarp, then all 4 warps read the result
// gpu: differs, the other warps' reads race with the CAS loop
// kernel: casReadNoBarrier
// launch: grid 1 block 128
// buffer: out f32 128 = 0
// params: out
// expect: hazard races kind RACE_SHARED line @eRead
__global__ void casReadNoBarrier(float* out)
{
    __shared__ float m;
    const unsigned t = threadIdx.x;
    if (t == 0) m = -1.0f;
    __syncthreads();
    if (t < 32) {
        const float val = (float)((t * 7u) % 32u);
        casMaxLoop(&m, val);
    }
    __syncwarp();
    out[t] = m; // @eRead
}

// case: b3 cross-warp only: thread 0 (warp 0) sets the counter, only warp 1 does atomicAdd, no barrier
// gpu: differs, warp 1's atomics race with thread 0's store
// kernel: counterNoSyncOtherWarp
// launch: grid 1 block 64
// buffer: out u32 1 = 0
// params: out
// expect: hazard races kind RACE_SHARED line @b3Add
__global__ void counterNoSyncOtherWarp(unsigned* out)
{
    __shared__ unsigned count;
    if (threadIdx.x == 0) count = 0;
    if (threadIdx.x >= 32) atomicAdd(&count, 1u); // @b3Add
    __syncthreads();
    if (threadIdx.x == 0) out[0] = count;
}
