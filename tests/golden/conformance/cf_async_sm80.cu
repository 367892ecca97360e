// Conformance: asynchronous copies and mbarriers at sm_80, every form the
// emulator runs, as CUDA code writes them: __pipeline_memcpy_async (4, 8 and
// 16 bytes, the zero-fill form), cuda::pipeline, cuda::memcpy_async with a
// cuda::barrier (cp.async.mbarrier.arrive), cg::memcpy_async, a
// double-buffered loop with wait_group 1, and inline PTX for cp.async.cg
// (src-size and ignore-src), wait_all, mbarrier init, arrive (.noComplete),
// arrive_drop, test_wait.parity and pending_count. Then the
// bugs: a read before the wait, a read of another thread's copy with no
// barrier after its wait, and a copy into bytes still pending.
// arch: sm_80
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_pipeline.h>
namespace cg = cooperative_groups;

// case: __pipeline_memcpy_async of 4 bytes a thread, commit, wait_prior(0), reversed read
// kernel: prim4
// launch: grid 2 block 64
// buffer: in s32 128 = iota
// buffer: out s32 128 = 0
// params: in out
// expect: out[0..3] = 63 62 61 60
// expect: out[64..67] = 127 126 125 124
// expect: no hazards
__global__ void prim4(const int* in, int* out)
{
    __shared__ int s[64];
    __pipeline_memcpy_async(&s[threadIdx.x], &in[blockIdx.x * 64 + threadIdx.x], 4);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x];
}

// case: 8-byte copies (int2)
// kernel: prim8
// launch: grid 1 block 32
// buffer: in s32 64 = iota*3+1
// buffer: out s32 64 = 0
// params: in out
// expect: out[0..5] = 1 4 7 10 13 16
// expect: out[62..63] = 187 190
// expect: no hazards
__global__ void prim8(const int2* in, int2* out)
{
    __shared__ int2 s[32];
    __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], 8);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    out[threadIdx.x] = s[threadIdx.x];
}

// case: 16-byte copies with zero fill past n: src-size 16 or 0 (cp.async.cg)
// kernel: prim16
// launch: grid 1 block 32
// buffer: in s32 128 = iota+1
// buffer: out s32 128 = 7
// params: in out 20
// expect: out[0..3] = 1 2 3 4
// expect: out[76..79] = 77 78 79 80
// expect: out[80..127] = 0
// expect: no hazards
__global__ void prim16(const int4* in, int4* out, int n)
{
    __shared__ int4 s[32];
    __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], 16, threadIdx.x < n ? 0 : 16);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    out[threadIdx.x] = s[threadIdx.x];
}

// case: a partial copy: src-size 4 of 16 (inline PTX), the rest zeros
// kernel: partial
// launch: grid 1 block 32
// buffer: in s32 128 = iota+1
// buffer: out s32 128 = 9
// params: in out
// expect: out[0..7] = 1 0 0 0 5 0 0 0
// expect: out[124..127] = 125 0 0 0
// expect: no hazards
__global__ void partial(const int4* in, int4* out)
{
    __shared__ int4 s[32];
    unsigned dst = (unsigned)__cvta_generic_to_shared(&s[threadIdx.x]);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst), "l"(&in[threadIdx.x]), "r"(4));
    asm volatile("cp.async.wait_all;" ::: "memory");
    out[threadIdx.x] = s[threadIdx.x];
}

// case: the ignore-src form (inline PTX): where the predicate is true (odd threads) the source is not read and the 16 bytes are zeros
// kernel: ignoreSrc
// launch: grid 1 block 32
// buffer: in s32 128 = iota+1
// buffer: out s32 128 = 9
// params: in out
// expect: out[0..11] = 1 2 3 4 0 0 0 0 9 10 11 12
// expect: out[120..127] = 121 122 123 124 0 0 0 0
// expect: no hazards
__global__ void ignoreSrc(const int4* in, int4* out)
{
    __shared__ int4 s[32];
    unsigned dst = (unsigned)__cvta_generic_to_shared(&s[threadIdx.x]);
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; cp.async.cg.shared.global [%0], [%1], 16, p; }"
                 ::"r"(dst), "l"(&in[threadIdx.x]), "r"(threadIdx.x & 1u) : "memory");
    asm volatile("cp.async.wait_all;" ::: "memory");
    out[threadIdx.x] = s[threadIdx.x];
}

// case: cuda::pipeline at thread scope: acquire, memcpy_async, commit, wait, release
// kernel: pipeThread
// launch: grid 1 block 64
// buffer: in s32 64 = iota*2
// buffer: out s32 64 = 0
// params: in out
// expect: out[0..63] = iota*2
// expect: no hazards
__global__ void pipeThread(const int* in, int* out)
{
    __shared__ int s[64];
    cuda::pipeline<cuda::thread_scope_thread> p = cuda::make_pipeline();
    p.producer_acquire();
    cuda::memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(int), p);
    p.producer_commit();
    p.consumer_wait();
    out[threadIdx.x] = s[threadIdx.x];
    p.consumer_release();
}

// case: double buffering: stage k + 1 in flight while k is summed (wait_group 1)
// kernel: doubleBuffer
// launch: grid 1 block 64
// buffer: in s32 512 = iota
// buffer: out s32 64 = 0
// params: in out
// expect: out[0..3] = 1792 1800 1808 1816
// expect: out[63] = 2296
// expect: no hazards
__global__ void doubleBuffer(const int* in, int* out)
{
    __shared__ int s[2][64];
    int t = threadIdx.x, acc = 0;
    __pipeline_memcpy_async(&s[0][t], &in[t], 4);
    __pipeline_commit();
    for (int k = 0; k < 8; k++) {
        if (k + 1 < 8) __pipeline_memcpy_async(&s[(k + 1) & 1][t], &in[(k + 1) * 64 + t], 4);
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        acc += s[k & 1][63 - t] + s[k & 1][t] - s[k & 1][63 - t];
        __syncthreads();
    }
    out[t] = acc;
}

// case: cuda::memcpy_async into a cuda::barrier (cp.async.mbarrier.arrive), then arrive_and_wait
// kernel: barrierCopy
// launch: grid 1 block 128
// buffer: in s32 128 = iota*5
// buffer: out s32 128 = 0
// params: in out
// expect: out[0..3] = 635 630 625 620
// expect: out[127] = 0
// expect: no hazards
__global__ void barrierCopy(const int* in, int* out)
{
    __shared__ int s[128];
#pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    cuda::memcpy_async(&s[threadIdx.x], &in[threadIdx.x], cuda::aligned_size_t<4>(sizeof(int)), bar);
    bar.arrive_and_wait();
    out[threadIdx.x] = s[127 - threadIdx.x];
}

// case: cg::memcpy_async of a whole tile by the block, cg::wait
// kernel: cgCopy
// launch: grid 2 block 64
// buffer: in s32 128 = iota
// buffer: out s32 128 = 0
// params: in out
// expect: out[0..2] = 63 62 61
// expect: out[125..127] = 66 65 64
// expect: no hazards
__global__ void cgCopy(const int* in, int* out)
{
    __shared__ int tile[64];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, tile, in + blockIdx.x * 64, sizeof(int) * 64);
    cg::wait(block);
    out[blockIdx.x * 64 + threadIdx.x] = tile[63 - threadIdx.x];
}

// case: an mbarrier by hand: init, two phases of arrive and test_wait.parity, then arrive_drop
// kernel: mbarrierParity
// launch: grid 1 block 64
// buffer: out s32 64 = 0
// params: out
// expect: out[0..3] = 163 161 159 157
// expect: out[63] = 37
// expect: no hazards
__global__ void mbarrierParity(int* out)
{
    __shared__ int s[64];
    __shared__ unsigned long long mbar;
    unsigned a = (unsigned)__cvta_generic_to_shared(&mbar);
    int t = threadIdx.x;
    if (t == 0) asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(a), "r"(64));
    __syncthreads();
    for (unsigned phase = 0; phase < 2; phase++) {
        s[t] = t * 2 + 1 + (int)phase * 36;
        unsigned long long state;
        asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(state) : "r"(a) : "memory");
        unsigned done = 0;
        while (!done)
            asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                         : "=r"(done) : "r"(a), "r"(0u) : "memory");
        int v = s[63 - t];
        unsigned long long st2;
        asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(st2) : "r"(a) : "memory");
        done = 0;
        while (!done)
            asm volatile("{ .reg .pred p; mbarrier.test_wait.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                         : "=r"(done) : "r"(a), "l"(st2) : "memory");
        out[t] = v;
    }
    unsigned long long st3;
    asm volatile("mbarrier.arrive_drop.shared.b64 %0, [%1];" : "=l"(st3) : "r"(a) : "memory");
}

// case: mbarrier.pending_count reads the arrivals a phase still waited for before an arrive.noComplete (5, then 3 after one of 2)
// kernel: pendingCount
// launch: grid 1 block 32
// buffer: out s32 4 = 9
// params: out
// expect: out[0..3] = 5 3 1 9
// expect: no hazards
__global__ void pendingCount(int* out)
{
    __shared__ unsigned long long mbar;
    unsigned a = (unsigned)__cvta_generic_to_shared(&mbar);
    if (threadIdx.x == 0) {
        unsigned long long s1, s2, s3;
        unsigned c1, c2, done = 0;
        asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(a), "r"(5));
        asm volatile("mbarrier.arrive.noComplete.shared.b64 %0, [%1], %2;" : "=l"(s1) : "r"(a), "r"(2) : "memory");
        asm volatile("mbarrier.arrive.noComplete.shared.b64 %0, [%1], %2;" : "=l"(s2) : "r"(a), "r"(1) : "memory");
        asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(c1) : "l"(s1));
        asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(c2) : "l"(s2));
        asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(s3) : "r"(a) : "memory");
        asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(s3) : "r"(a) : "memory");
        asm volatile("{ .reg .pred p; mbarrier.test_wait.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                     : "=r"(done) : "r"(a), "l"(s3) : "memory");
        out[0] = (int)c1;
        out[1] = (int)c2;
        out[2] = (int)done;
    }
}

// case: the bug: the tile is read before its wait_group
// kernel: readBeforeWait
// launch: grid 1 block 32
// buffer: in s32 32 = iota
// buffer: out s32 32 = 0
// params: in out
// expect: hazard races kind RACE_ASYNC line @early
// expect: message "still pending"
// expect: advice "cp.async.wait_group"
// gpu: differs the read races with the copy
__global__ void readBeforeWait(const int* in, int* out)
{
    __shared__ int s[32];
    __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], 4);
    __pipeline_commit();
    int v = s[threadIdx.x]; // @early
    __pipeline_wait_prior(0);
    out[threadIdx.x] = v + s[threadIdx.x];
}

// case: the bug: another thread's copy read after its wait, with no __syncthreads()
// kernel: noBarrierAfterWait
// launch: grid 1 block 64
// buffer: in s32 64 = iota
// buffer: out s32 64 = 0
// params: in out
// expect: hazard races kind RACE_SHARED line @other
// gpu: differs the read races with the copy
__global__ void noBarrierAfterWait(const int* in, int* out)
{
    __shared__ int s[64];
    __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], 4);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    out[threadIdx.x] = s[63 - threadIdx.x]; // @other
}

// case: the bug: a second stage copied into the buffer whose copy is still pending (wait_group 1 too late)
// kernel: overwritePending
// launch: grid 1 block 32
// buffer: in s32 64 = iota
// buffer: out s32 32 = 0
// params: in out
// expect: hazard races kind RACE_ASYNC line @second
// gpu: differs two copies race
__global__ void overwritePending(const int* in, int* out)
{
    __shared__ int s[32];
    __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], 4);
    __pipeline_commit();
    __pipeline_memcpy_async(&s[threadIdx.x], &in[32 + threadIdx.x], 4); // @second
    __pipeline_commit();
    __pipeline_wait_prior(0);
    out[threadIdx.x] = s[threadIdx.x];
}
