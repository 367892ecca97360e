// Golden: the PTX memory model in the race check. Release/acquire patterns
// (release and acquire operations, fences with strong accesses) order what
// one thread did before its release before what another does after its
// acquire; without them the same code races.
#include <cooperative_groups.h>
#include <cuda/atomic>
namespace cg = cooperative_groups;

__device__ unsigned saddr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

// The writer's ways to publish `flag`, and the reader's ways to see it.
__device__ int publish(int* flag, int how)
{
    int old = 0;
    switch (how) {
    case 0: asm volatile("st.release.cta.shared.b32 [%0], %1;" :: "r"(saddr(flag)), "r"(1) : "memory"); break;
    case 1: asm volatile("st.relaxed.cta.shared.b32 [%0], %1;" :: "r"(saddr(flag)), "r"(1) : "memory"); break;
    case 2: asm volatile("red.release.cta.shared.add.s32 [%0], %1;" :: "r"(saddr(flag)), "r"(1) : "memory"); break;
    case 3: asm volatile("atom.release.cta.shared.exch.b32 %0, [%1], %2;" : "=r"(old) : "r"(saddr(flag)), "r"(1) : "memory"); break;
    case 4: asm volatile("st.shared.b32 [%0], %1;" :: "r"(saddr(flag)), "r"(1) : "memory"); break;  // @plainSt
    case 5:
        asm volatile("fence.acq_rel.cta;" ::: "memory");
        asm volatile("st.relaxed.cta.shared.b32 [%0], %1;" :: "r"(saddr(flag)), "r"(1) : "memory");
        break;
    default: /* a relaxed RMW after the release: still its release sequence */
        asm volatile("st.release.cta.shared.b32 [%0], %1;" :: "r"(saddr(flag)), "r"(1) : "memory");
        asm volatile("red.relaxed.cta.shared.add.s32 [%0], %1;" :: "r"(saddr(flag)), "r"(1) : "memory");
        break;
    }
    return old;
}

__device__ int look(int* flag, int how)
{
    int v;
    switch (how) {
    case 0: asm volatile("ld.acquire.cta.shared.b32 %0, [%1];" : "=r"(v) : "r"(saddr(flag)) : "memory"); break;
    case 1: asm volatile("ld.relaxed.cta.shared.b32 %0, [%1];" : "=r"(v) : "r"(saddr(flag)) : "memory"); break;
    case 2: asm volatile("ld.shared.b32 %0, [%1];" : "=r"(v) : "r"(saddr(flag)) : "memory"); break;  // @plainLd
    default:
        asm volatile("ld.relaxed.cta.shared.b32 %0, [%1];" : "=r"(v) : "r"(saddr(flag)) : "memory");
        if (v) asm volatile("fence.sc.cta;" ::: "memory");
        break;
    }
    return v;
}

// Warp 0 writes data[0..31] and thread 0 publishes the flag; thread 32
// waits for it and sums the data. `w` and `r` pick how.
__global__ void handoff(int* out, int w, int r)
{
    __shared__ int data[32];
    __shared__ int flag;
    int t = threadIdx.x;
    if (t == 0) flag = 0;
    __syncthreads();
    if (t < 32) {
        data[t] = t + 1;  // @hoW
        __syncwarp();
        if (t == 0) publish(&flag, w);
    } else if (t == 32) {
        while (look(&flag, r) == 0) { }
        int s = 0;
        for (int i = 0; i < 32; i++) s += data[i];  // @hoR
        out[0] = s;
    }
}

// case: st.release, ld.acquire spin: the flag and the data it publishes
// kernel: handoff
// launch: grid 2 block 64
// buffer: out s32 1 = 0
// params: out 0 0
// expect: no hazards
// expect: out[0] = 528

// case: st.relaxed instead of the release: the data races
// kernel: handoff
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 1 0
// expect: hazard races kind RACE_SHARED line @hoR line2 @hoW
// expect: hazards 1
// expect: message "with no __syncthreads() nor release/acquire pair between"
// expect: out[0] = 528

// case: red.release publishes
// kernel: handoff
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 2 0
// expect: no hazards

// case: atom.release (exch) publishes
// kernel: handoff
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 3 0
// expect: no hazards

// case: an acquire reading a relaxed RMW after the release (its release sequence)
// kernel: handoff
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 6 0
// expect: no hazards

// case: st.release but an ld.relaxed spin (no acquire): the data races
// kernel: handoff
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 0 1
// expect: hazard races kind RACE_SHARED line @hoR line2 @hoW
// expect: hazards 1

// case: plain (weak) flag store and loads: the flag and the data race
// kernel: handoff
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 4 2
// expect: hazard races kind RACE_SHARED line @hoR line2 @hoW
// expect: hazard races kind RACE_SHARED line @plainLd line2 @plainSt
// expect: hazards 3

// case: fence then st.relaxed; ld.relaxed then fence: both patterns
// kernel: handoff
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 5 3
// expect: no hazards

// case: st.release; ld.relaxed then fence (acquire pattern)
// kernel: handoff
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 0 3
// expect: no hazards

// case: fence then st.relaxed (release pattern); ld.acquire
// kernel: handoff
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 5 0
// expect: no hazards

// case: fence then st.relaxed, but an ld.relaxed spin with no fence after: races
// kernel: handoff
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 5 1
// expect: hazard races kind RACE_SHARED line @hoR line2 @hoW
// expect: hazards 1

// The same within one warp: lane 0 publishes, lane 5 waits.
__global__ void laneHandoff(int* out, int w, int r)
{
    __shared__ int data[32];
    __shared__ int flag;
    int t = threadIdx.x;
    if (t == 0) flag = 0;
    __syncthreads();
    if (t == 0) {
        for (int i = 0; i < 32; i++) data[i] = i + 1;  // @lhW
        publish(&flag, w);
    } else if (t == 5) {
        while (look(&flag, r) == 0) { }
        int s = 0;
        for (int i = 0; i < 32; i++) s += data[i];  // @lhR
        out[0] = s;
    }
}

// case: release/acquire between lanes of one warp
// kernel: laneHandoff
// launch: grid 1 block 32
// buffer: out s32 1 = 0
// params: out 0 0
// expect: no hazards
// expect: out[0] = 528

// case: relaxed between lanes of one warp: the data races
// kernel: laneHandoff
// launch: grid 1 block 32
// buffer: out s32 1 = 0
// params: out 1 1
// expect: hazard races kind RACE_WARP line @lhR line2 @lhW

// Write after read: thread 32 reads data, then says it is done; warp 0
// waits for that and overwrites the data.
__global__ void doneThenWrite(int* out, int w, int r)
{
    __shared__ int data[32];
    __shared__ int done;
    int t = threadIdx.x;
    if (t < 32) data[t] = t;
    if (t == 0) done = 0;
    __syncthreads();
    if (t == 32) {
        int s = 0;
        for (int i = 0; i < 32; i++) s += data[i];  // @dwR
        out[0] = s;
        publish(&done, w);
    } else if (t < 32) {
        if (t == 0) while (look(&done, r) == 0) { }
        __syncwarp();
        data[t] = -1;  // @dwW
    }
}

// case: a read, release; acquire, then a write of what was read: ordered
// kernel: doneThenWrite
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 0 0
// expect: no hazards
// expect: out[0] = 496

// case: the same with relaxed operations: the write races with the read
// kernel: doneThenWrite
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 1 1
// expect: hazard races kind RACE_SHARED line @dwW line2 @dwR

// cuda::atomic_ref at block scope: store(release) / load(acquire), relaxed
// (mode 1), or the default seq_cst (mode 2: fence.sc before st.relaxed and
// before ld.acquire).
__global__ void atomicRef(int* out, int mode)
{
    __shared__ int data[32];
    __shared__ int flag;
    int t = threadIdx.x;
    if (t == 0) flag = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> f(flag);
    if (t < 32) {
        data[t] = 3 * t;  // @arW
        __syncwarp();
        if (t == 0) {
            if (mode == 1) f.store(1, cuda::memory_order_relaxed);
            else if (mode == 2) f.store(1);
            else f.store(1, cuda::memory_order_release);
        }
    } else if (t == 32) {
        if (mode == 1) while (f.load(cuda::memory_order_relaxed) == 0) { }
        else if (mode == 2) while (f.load() == 0) { }
        else while (f.load(cuda::memory_order_acquire) == 0) { }
        int s = 0;
        for (int i = 0; i < 32; i++) s += data[i];  // @arR
        out[0] = s;
    }
}

// case: cuda::atomic_ref<int, thread_scope_block> release/acquire hand-off
// kernel: atomicRef
// launch: grid 2 block 64
// buffer: out s32 1 = 0
// params: out 0
// expect: no hazards
// expect: out[0] = 1488

// case: cuda::atomic_ref with the default order (seq_cst)
// kernel: atomicRef
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 2
// expect: no hazards
// expect: out[0] = 1488

// case: cuda::atomic_ref with memory_order_relaxed: the data races
// kernel: atomicRef
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 1
// expect: hazard races kind RACE_SHARED line @arR line2 @arW

// __threadfence() and a volatile flag in shared memory: bit 0 of `fences`
// puts the fence before the flag store, bit 1 the fence after the flag load.
__global__ void fenceFlag(int* out, int fences)
{
    __shared__ int data[32];
    __shared__ volatile int flag;
    int t = threadIdx.x;
    if (t == 0) flag = 0;
    __syncthreads();
    if (t < 32) {
        data[t] = t;  // @ffW
        __syncwarp();
        if (t == 0) {
            if (fences & 1) __threadfence();
            flag = 1;
        }
    } else if (t == 32) {
        while (flag == 0) { }
        if (fences & 2) __threadfence();
        int s = 0;
        for (int i = 0; i < 32; i++) s += data[i];  // @ffR
        out[0] = s;
    }
}

// case: __threadfence before the volatile flag store and after its load
// kernel: fenceFlag
// launch: grid 2 block 64
// buffer: out s32 1 = 0
// params: out 3
// expect: no hazards
// expect: out[0] = 496

// case: no fence before the flag store: the data races
// kernel: fenceFlag
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 2
// expect: hazard races kind RACE_SHARED line @ffR line2 @ffW
// expect: hazards 1

// case: no fence after the flag load: the data races
// kernel: fenceFlag
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 1
// expect: hazard races kind RACE_SHARED line @ffR line2 @ffW
// expect: hazards 1

// A cooperative-groups reduction over tiles of 64 threads (two warps): on
// sm_75 the tile barrier is atom.or.acq_rel, red.and.relaxed and a spin on
// ld.acquire in shared memory. `skip` leaves out the first tile barrier,
// between the stores and the reads of the other warp's values.
__global__ void tile64(const float* in, float* out, int skip)
{
    __shared__ cg::block_tile_memory<256> scratch;
    auto b = cg::this_thread_block(scratch);
    auto t = cg::tiled_partition<64>(b);
    __shared__ float s[256];
    float v = in[threadIdx.x];
    s[threadIdx.x] = v;  // @tileSt
    if (!skip) t.sync();
    int base = threadIdx.x - t.thread_rank();
    for (int o = 32; o > 0; o /= 2) {
        if (t.thread_rank() < o) v += s[base + t.thread_rank() + o];  // @tileR
        t.sync();
        if (t.thread_rank() < o) s[threadIdx.x] = v;
        t.sync();
    }
    if (t.thread_rank() == 0) out[blockIdx.x * 4 + threadIdx.x / 64] = v;
}

// case: tiled_partition<64> reduction: the tile barrier orders the steps
// kernel: tile64
// launch: grid 2 block 256
// buffer: in f32 256 = iota*1+0
// buffer: out f32 8 = 0
// params: in out 0
// expect: no hazards
// expect: out[0..7] = 2016 6112 10208 14304 2016 6112 10208 14304

// case: the same without the first tile barrier: the reads race with the stores
// gpu: differs, a race: what the reads see is the hardware's order
// kernel: tile64
// launch: grid 1 block 256
// buffer: in f32 256 = iota*1+0
// buffer: out f32 4 = 0
// params: in out 1
// expect: hazard races kind RACE_SHARED line @tileR line2 @tileSt

// The threadfence single-pass reduction: each block sums its part, thread 0
// stores it, fences and takes a ticket; the block that takes the last ticket
// sums the partial sums.
__device__ unsigned int tickets = 0;

__global__ void singlePass(const float* in, float* partial, float* out)
{
    __shared__ float s[128];
    __shared__ bool last;
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 128 + t];
    __syncthreads();
    for (int o = 64; o > 0; o /= 2) {
        if (t < o) s[t] += s[t + o];
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();
        unsigned ticket = atomicInc(&tickets, gridDim.x);
        last = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (last && t == 0) {
        float sum = 0;
        for (unsigned b = 0; b < gridDim.x; b++) sum += ((volatile float*)partial)[b];
        out[0] = sum;
        tickets = 0;
    }
}

// case: the threadfence single-pass reduction is clean
// kernel: singlePass
// launch: grid 4 block 128
// buffer: in f32 512 = 1
// buffer: partial f32 4 = 0
// buffer: out f32 1 = 0
// params: in partial out
// expect: no hazards
// expect: out[0] = 512
// expect: partial[0..3] = 128

// Volatile alone is the pre-Volta warp-synchronous idiom, not a memory-model
// hand-off: a tail started at 64 live values spans two warps and races.
__global__ void volatileTail64(const float* in, float* out)
{
    __shared__ float s[128];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t < 64) {
        volatile float* v = s;
        v[t] += v[t + 64];
        v[t] += v[t + 32];  // @vt
        v[t] += v[t + 16];
        v[t] += v[t + 8];
        v[t] += v[t + 4];
        v[t] += v[t + 2];
        v[t] += v[t + 1];
    }
    if (t == 0) out[0] = s[0];
}

// case: a volatile tail over two warps races across the warps
// gpu: differs, a race: what the reads see is the hardware's order
// kernel: volatileTail64
// launch: grid 1 block 128
// buffer: in f32 128 = 1
// buffer: out f32 1 = 0
// params: in out
// expect: hazard races kind RACE_SHARED line2 @vt

// Lane 32 acquires; lane 33 reads the data. A __syncwarp() after the
// acquire passes it on to the warp; without it lane 33 is not ordered.
__global__ void passOn(int* out, int sync)
{
    __shared__ int data[32];
    __shared__ int flag;
    int t = threadIdx.x;
    if (t == 0) flag = 0;
    __syncthreads();
    if (t < 32) {
        data[t] = t;  // @poW
        __syncwarp();
        if (t == 0) publish(&flag, 0);
    } else {
        if (t == 32) while (look(&flag, 0) == 0) { }
        if (sync) __syncwarp();
        if (t == 33) {
            int s = 0;
            for (int i = 0; i < 32; i++) s += data[i];  // @poR
            out[0] = s;
        }
    }
}

// case: an acquire passed on to the warp by __syncwarp()
// kernel: passOn
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 1
// expect: no hazards
// expect: out[0] = 496

// case: another lane of the acquiring warp, without __syncwarp(): races
// gpu: differs, a race: what the reads see is the hardware's order
// kernel: passOn
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out 0
// expect: hazard races kind RACE_SHARED line @poR line2 @poW
