// Conformance: the PTX memory model within a block. A flag published with
// release (or a fence and a volatile store) and read with acquire (or a
// volatile load and a fence) orders what it publishes: no race. The same
// hand-off without the release/fence is a race. Plus the threadfence
// single-pass reduction and an acq_rel "last one in" counter.
#include <cuda/atomic>

// case: cuda::atomic_ref release store / acquire load hand-off, one producer, one consumer
// kernel: handoffRef
// launch: grid 1 block 64
// buffer: out s32 2 = 0
// params: out
// expect: out[0..1] = 42 1
// expect: no hazards
__global__ void handoffRef(int* out)
{
    __shared__ int data;
    __shared__ int flag;
    if (threadIdx.x == 0) flag = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> f(flag);
    if (threadIdx.x == 0) {
        data = 42;
        f.store(1, cuda::memory_order_release);
    } else if (threadIdx.x == 32) {
        while (f.load(cuda::memory_order_acquire) == 0) { }
        out[0] = data;
        out[1] = f.load(cuda::memory_order_relaxed);
    }
}

// case: cumulative release: a warp writes, __syncwarp, one lane releases; the consumer warp acquires, __syncwarp, reads
// kernel: handoffWarp
// launch: grid 1 block 64
// buffer: out s32 32 = 0
// params: out
// expect: out[0..31] = iota*7+3
// expect: no hazards
__global__ void handoffWarp(int* out)
{
    __shared__ int data[32];
    __shared__ int flag;
    int lane = threadIdx.x % 32;
    if (threadIdx.x == 0) flag = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> f(flag);
    if (threadIdx.x < 32) {
        data[lane] = lane * 7 + 3;
        __syncwarp();
        if (lane == 0) f.store(1, cuda::memory_order_release);
    } else {
        if (lane == 0)
            while (f.load(cuda::memory_order_acquire) == 0) { }
        __syncwarp();
        out[lane] = data[31 - lane] - 7 * (31 - 2 * lane);
    }
}

// case: __threadfence_block() with a volatile flag on both sides (fence-fence synchronisation)
// kernel: handoffFence
// launch: grid 1 block 64
// buffer: out s32 1 = 0
// params: out
// expect: out[0] = 99
// expect: no hazards
__global__ void handoffFence(int* out)
{
    __shared__ int data;
    __shared__ int flag;
    volatile int* vflag = &flag;
    if (threadIdx.x == 0) flag = 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        data = 99;
        __threadfence_block();
        *vflag = 1;
    } else if (threadIdx.x == 32) {
        while (*vflag == 0) { }
        __threadfence_block();
        out[0] = data;
    }
}

// case: the same hand-off with no release and no fence is a race on the data
// kernel: handoffMissing
// gpu: differs the read of data races with its write
// launch: grid 1 block 64
// buffer: out s32 2 = list 0 99
// params: out
// expect: hazard races line @missRead
__global__ void handoffMissing(int* out)
{
    __shared__ int data;
    __shared__ int flag;
    volatile int* vflag = &flag;
    if (threadIdx.x == 0) flag = 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        data = out[1];  // not a constant: nvcc keeps the shared store
        *vflag = 1;
    } else if (threadIdx.x == 32) {
        while (*vflag == 0) { }
        out[0] = data;  // @missRead
    }
}

// case: an acq_rel counter: the last warp in reads every warp's slot
// kernel: lastOneIn
// launch: grid 1 block 128
// buffer: out s32 2 = 0
// params: out
// expect: out[0..1] = 10 1
// expect: no hazards
__global__ void lastOneIn(int* out)
{
    __shared__ int slot[4];
    __shared__ int arrived;
    if (threadIdx.x == 0) arrived = 0;
    __syncthreads();
    int warp = threadIdx.x / 32;
    if (threadIdx.x % 32 == 0) {
        slot[warp] = warp + 1;
        cuda::atomic_ref<int, cuda::thread_scope_block> a(arrived);
        if (a.fetch_add(1, cuda::memory_order_acq_rel) == 3) {
            out[0] = slot[0] + slot[1] + slot[2] + slot[3];
            out[1] = 1;
        }
    }
}

// case: the threadfence single-pass reduction (last block sums the partials)
// kernel: fenceReduce
// launch: grid 4 block 64
// buffer: in s32 256 = rand 71 0 1000
// buffer: partial s32 4 = 0
// buffer: count u32 1 = 0
// buffer: total s32 1 = 0
// params: in partial count total
// expect: total[0] = 126896
// expect: partial[0..3] = 35047 30603 30194 31052
// expect: count[0] = 0
// expect: no hazards
__global__ void fenceReduce(const int* in, volatile int* partial, unsigned* count, int* total)
{
    __shared__ int s[64];
    __shared__ bool isLast;
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();
        unsigned ticket = atomicInc(count, gridDim.x - 1);
        isLast = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (isLast && t == 0) {
        int sum = 0;
        for (unsigned b = 0; b < gridDim.x; b++) sum += partial[b];
        total[0] = sum;
    }
}
