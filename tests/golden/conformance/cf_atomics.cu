// Conformance: atomics as real code uses them: a float atomicMax from an
// atomicCAS loop, the int trick for non-negative floats, warp-aggregated
// increments, double atomicAdd (native and by CAS), atomicInc/atomicDec wrap,
// bitwise and 64-bit min/max, scoped atomics (atomicAdd_block) and libcu++
// (cuda::atomic_ref at device and block scope, cuda::atomic in global memory).
#include <cuda/atomic>

// case: float atomicMax from an atomicCAS loop
// kernel: atomFloatMax
// launch: grid 4 block 128
// buffer: in f32 512 = rand 61 -100 100
// buffer: out f32 1 = -inf
// params: in out
// expect: out[0] = 99.41056060791016
// expect: no hazards
// expect: counters vary
__device__ float atomicMaxFloat(float* addr, float value)
{
    int* a = reinterpret_cast<int*>(addr);
    int old = *a, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= value) break;
        old = atomicCAS(a, assumed, __float_as_int(value));
    } while (assumed != old);
    return __int_as_float(old);
}

__global__ void atomFloatMax(const float* in, float* out)
{
    atomicMaxFloat(out, in[blockIdx.x * blockDim.x + threadIdx.x]);
}

// case: atomicMax on the int bits of non-negative floats
// kernel: atomNonNegMax
// launch: grid 2 block 128
// buffer: in f32 256 = rand 62 0 1000
// buffer: out f32 1 = 0
// params: in out
// expect: out[0] = 991.0531616210938
// expect: no hazards
__global__ void atomNonNegMax(const float* in, float* out)
{
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    atomicMax(reinterpret_cast<int*>(out), __float_as_int(v));
}

// case: warp-aggregated atomicAdd: the leader reserves slots for its warp
// kernel: atomWarpAggregated
// launch: grid 2 block 128
// buffer: in s32 256 = rand 63 0 100
// buffer: slots s32 256 = 0
// buffer: counter s32 1 = 0
// params: in slots counter
// expect: counter[0] = 118
// expect: slots[0..63] = 1
// expect: slots[64..127] = 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 0 0 0 0 0 0 0 0 0 0
// expect: slots[128..191] = 0
// expect: slots[192..255] = 0
// expect: no hazards
__global__ void atomWarpAggregated(const int* in, int* slots, int* counter)
{
    int lane = threadIdx.x % warpSize;
    bool want = in[blockIdx.x * blockDim.x + threadIdx.x] % 2 == 0;
    unsigned mask = __ballot_sync(0xffffffffu, want);
    int leader = __ffs(mask) - 1;
    int base = 0;
    if (mask && lane == leader) base = atomicAdd(counter, __popc(mask));
    base = __shfl_sync(0xffffffffu, base, leader < 0 ? 0 : leader);
    if (want) slots[base + __popc(mask & ((1u << lane) - 1u))] = 1;
}

// case: double atomicAdd (native since sm_60)
// kernel: atomDoubleAdd
// launch: grid 2 block 256
// buffer: in f64 512 = iota*0.5
// buffer: out f64 1 = 0
// params: in out
// expect: out[0] = 65408
// expect: no hazards
__global__ void atomDoubleAdd(const double* in, double* out)
{
    atomicAdd(out, in[blockIdx.x * blockDim.x + threadIdx.x]);
}

// case: double add by the classic atomicCAS loop on the 64-bit pattern
// kernel: atomDoubleCas
// launch: grid 2 block 64
// buffer: in f64 128 = iota*0.25+1
// buffer: out f64 1 = 0
// params: in out
// expect: out[0] = 2160
// expect: no hazards
// expect: counters vary
__device__ double casAdd(double* address, double val)
{
    unsigned long long* a = (unsigned long long*)address;
    unsigned long long old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__global__ void atomDoubleCas(const double* in, double* out)
{
    casAdd(out, in[blockIdx.x * blockDim.x + threadIdx.x]);
}

// case: atomicInc and atomicDec wrap at their limit; the returned values sum the same in any order
// kernel: atomIncDec
// launch: grid 1 block 64
// buffer: c u32 3 = list 0 5 0
// params: c 37
// expect: c[0..2] = 7 8 156
// expect: no hazards
__global__ void atomIncDec(unsigned* c, int n)
{
    if ((int)threadIdx.x < n) {
        unsigned old = atomicInc(&c[0], 9u);
        atomicDec(&c[1], 9u);
        atomicAdd(&c[2], old);
    }
}

// case: atomicOr, atomicAnd, atomicXor, signed and 64-bit atomicMin/atomicMax
// kernel: atomBitsMinMax
// launch: grid 1 block 64
// buffer: in s32 64 = rand 64 -5000 5000
// buffer: bits u32 3 = list 0 0xffffffff 0
// buffer: mm s32 2 = list 2147483647 -2147483648
// buffer: wide u64 2 = list 0xffffffffffffffff 0
// params: in bits mm wide
// expect: bits[0..2] = 0xffffffff 0xffff0000 0
// expect: mm[0..1] = -4953 4965
// expect: wide[0..1] = 8993661517824 94188632801280
// expect: no hazards
__global__ void atomBitsMinMax(const int* in, unsigned* bits, int* mm, unsigned long long* wide)
{
    unsigned t = threadIdx.x;
    int v = in[t];
    atomicOr(&bits[0], 1u << (t % 32));
    if (t < 16) atomicAnd(&bits[1], ~(1u << t));
    atomicXor(&bits[2], t);
    atomicMin(&mm[0], v);
    atomicMax(&mm[1], v);
    unsigned long long w = (unsigned long long)(v + 6000) << 33;
    atomicMin(&wide[0], w);
    atomicMax(&wide[1], w);
}

// case: atomicAdd_block on a shared counter, then a barrier, then one store per block
// kernel: atomBlockScope
// launch: grid 3 block 96
// buffer: in s32 288 = iota
// buffer: out s32 3 = 0
// params: in out
// expect: out[0..2] = 4560 13776 22992
// expect: no hazards
__global__ void atomBlockScope(const int* in, int* out)
{
    __shared__ int total;
    if (threadIdx.x == 0) total = 0;
    __syncthreads();
    atomicAdd_block(&total, in[blockIdx.x * blockDim.x + threadIdx.x]);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = total;
}

// case: cuda::atomic_ref at device scope: relaxed fetch_add, fetch_max, fetch_min
// kernel: atomRefDevice
// launch: grid 2 block 128
// buffer: in s32 256 = rand 65 -300 300
// buffer: acc s32 3 = list 0 -1000000 1000000
// params: in acc
// expect: acc[0..2] = -3212 288 -297
// expect: no hazards
__global__ void atomRefDevice(const int* in, int* acc)
{
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    cuda::atomic_ref<int, cuda::thread_scope_device> sum(acc[0]), hi(acc[1]), lo(acc[2]);
    sum.fetch_add(v, cuda::memory_order_relaxed);
    hi.fetch_max(v, cuda::memory_order_relaxed);
    lo.fetch_min(v, cuda::memory_order_relaxed);
}

// case: cuda::atomic_ref at block scope on shared memory, barriers around it
// kernel: atomRefBlock
// launch: grid 2 block 128
// buffer: in s32 256 = rand 66 0 10
// buffer: out s32 2 = 0
// params: in out
// expect: out[0..1] = 67 65
// expect: no hazards
__global__ void atomRefBlock(const int* in, int* out)
{
    __shared__ int count;
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> ref(count);
    if (in[blockIdx.x * blockDim.x + threadIdx.x] > 4) ref.fetch_add(1, cuda::memory_order_relaxed);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = ref.load(cuda::memory_order_relaxed);
}

// case: cuda::atomic<unsigned, thread_scope_device> in global memory (seq_cst by default)
// kernel: atomLibcuGlobal
// launch: grid 2 block 64
// buffer: a u32 2 = 0
// params: a
// expect: a[0..1] = 128 0xffffffff
// expect: no hazards
__global__ void atomLibcuGlobal(cuda::atomic<unsigned, cuda::thread_scope_device>* a)
{
    a[0].fetch_add(1u);
    a[1].fetch_or(1u << (threadIdx.x % 32));
}
