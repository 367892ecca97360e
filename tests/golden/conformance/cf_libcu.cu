// Conformance: libcu++ atomics beyond atomic_ref's basics: a __shared__
// cuda::atomic object at block scope (seq_cst by default), cuda::std::atomic_ref
// on global memory, float fetch_add, a compare_exchange loop on a double, and
// a release fence with a relaxed flag (atomic_thread_fence) hand-off.
#include <cuda/atomic>
#include <cuda/std/atomic>

// case: a __shared__ cuda::atomic<int, thread_scope_block> counted between barriers
// kernel: sharedAtomicObject
// launch: grid 2 block 96
// buffer: out s32 2 = 0
// params: out
// expect: out[0..1] = 96
// expect: no hazards
__global__ void sharedAtomicObject(int* out)
{
    __shared__ cuda::atomic<int, cuda::thread_scope_block> count;
    if (threadIdx.x == 0) count.store(0, cuda::memory_order_relaxed);
    __syncthreads();
    count.fetch_add(1);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = count.load();
}

// case: cuda::std::atomic_ref (system scope) on global memory: fetch_add and fetch_or
// kernel: stdAtomicRef
// launch: grid 2 block 64
// buffer: acc u32 2 = 0
// params: acc
// expect: acc[0..1] = 8128 0xffffffff
// expect: no hazards
__global__ void stdAtomicRef(unsigned* acc)
{
    cuda::std::atomic_ref<unsigned> sum(acc[0]), bits(acc[1]);
    sum.fetch_add(blockIdx.x * blockDim.x + threadIdx.x, cuda::std::memory_order_relaxed);
    bits.fetch_or(1u << (threadIdx.x % 32), cuda::std::memory_order_relaxed);
}

// case: float fetch_add through cuda::atomic_ref (exact: small integers)
// kernel: floatAtomicRef
// launch: grid 2 block 128
// buffer: in f32 256 = rand 141 0 16
// buffer: sum f32 1 = 0
// params: in sum
// expect: sum[0] = 1883
// expect: no hazards
__global__ void floatAtomicRef(const float* in, float* sum)
{
    cuda::atomic_ref<float, cuda::thread_scope_device> s(*sum);
    s.fetch_add(floorf(in[blockIdx.x * blockDim.x + threadIdx.x]), cuda::memory_order_relaxed);
}

// case: a compare_exchange_weak loop keeping the maximum double
// kernel: casMaxDouble
// launch: grid 2 block 64
// buffer: in f64 128 = rand 142 -1000 1000
// buffer: best f64 1 = -inf
// params: in best
// expect: best[0] = 973.3577966690063
// expect: no hazards
// expect: counters vary
__global__ void casMaxDouble(const double* in, double* best)
{
    cuda::atomic_ref<double, cuda::thread_scope_device> b(*best);
    double v = in[blockIdx.x * blockDim.x + threadIdx.x];
    double cur = b.load(cuda::memory_order_relaxed);
    while (v > cur && !b.compare_exchange_weak(cur, v, cuda::memory_order_relaxed)) { }
}

// case: atomic_thread_fence(release) + relaxed flag store, relaxed spin + fence(acquire)
// kernel: fenceFlagHandoff
// launch: grid 1 block 64
// buffer: out s32 32 = 0
// params: out
// expect: out[0..31] = iota*5-1
// expect: no hazards
__global__ void fenceFlagHandoff(int* out)
{
    __shared__ int data[32];
    __shared__ int flag;
    if (threadIdx.x == 0) flag = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> f(flag);
    int lane = threadIdx.x % 32;
    if (threadIdx.x == 0) {
        for (int k = 0; k < 32; k++) data[k] = 5 * k - 1;
        cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
        f.store(1, cuda::memory_order_relaxed);
    } else if (threadIdx.x >= 32) {
        if (lane == 0) {
            while (f.load(cuda::memory_order_relaxed) == 0) { }
            cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
        }
        __syncwarp();
        out[lane] = data[lane];
    }
}
