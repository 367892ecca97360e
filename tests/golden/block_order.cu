// Golden: launches whose blocks may meet run in index order, then in reverse
// order and interleaved (order.c); a global word that ends different is an
// ORDER_DEPENDENT hazard under races. Honest inter-block code ends the same
// in every order and has no hazard.

// case: block 0 zeroes the bins with plain stores, then every block adds:
// blocks that run before block 0's stores lose their counts
// gpu: differs, the counts depend on which blocks ran before block 0
// kernel: zeroInBlock0
// launch: grid 8 block 64
// buffer: data u32 512 = iota
// buffer: bins u32 16 = 7
// params: data bins
// expect: hazard races kind ORDER_DEPENDENT line @zero line2 @add block 0
// expect: message "byte 0 of 'bins': 32 in index order, 4 in reverse order"
// expect: advice "set the buffer before the launch (cudaMemset, or a kernel of its own), not with the store at line"
// expect: hazards 1
// expect: bins[0..15] = 32
__global__ void zeroInBlock0(const unsigned* data, unsigned* bins)
{
    if (blockIdx.x == 0 && threadIdx.x < 16) bins[threadIdx.x] = 0; // @zero
    __syncthreads();
    atomicAdd(&bins[data[blockIdx.x * blockDim.x + threadIdx.x] % 16], 1u); // @add
}

// case: the issue's smallest form, bins as wide as the block
// gpu: differs, the counts depend on which blocks ran before block 0
// kernel: zeroInBlock0Small
// launch: grid 4 block 32
// buffer: data u32 128 = iota
// buffer: bins u32 32 = 0
// params: data bins
// expect: hazard races kind ORDER_DEPENDENT line @zero2
// expect: bins[0..31] = 4
__global__ void zeroInBlock0Small(const unsigned* data, unsigned* bins)
{
    unsigned v = data[blockIdx.x * blockDim.x + threadIdx.x] % 32;
    if (blockIdx.x == 0) bins[threadIdx.x] = 0; // @zero2
    __syncthreads();
    atomicAdd(&bins[v], 1u);
}

// case: a single-pass scan whose blocks take their predecessor's prefix
// without waiting for its flag: right only when block i - 1 finished first
// gpu: differs, a block may read its predecessor's prefix before it is there
// kernel: scanNoWait
// launch: grid 8 block 64
// buffer: in u32 512 = 1
// buffer: out u32 512 = 0
// buffer: prefix u32 8 = 0
// buffer: flag u32 8 = 0
// params: in out prefix flag
// expect: hazard races kind ORDER_DEPENDENT line @out
// expect: message "byte 256 of 'out': 65 in index order, 1 in reverse order (block 1's store"
// expect: advice "made from another block's result read too early: wait for its flag"
// expect: out[0..511] = iota+1
__global__ void scanNoWait(const unsigned* in, unsigned* out, volatile unsigned* prefix, volatile unsigned* flag)
{
    __shared__ unsigned s[64];
    __shared__ unsigned base;
    unsigned t = threadIdx.x, i = blockIdx.x * 64 + t;
    s[t] = in[i];
    __syncthreads();
    for (unsigned o = 1; o < 64; o *= 2) {
        unsigned v = t >= o ? s[t - o] : 0;
        __syncthreads();
        s[t] += v;
        __syncthreads();
    }
    if (t == 0) {
        base = blockIdx.x ? prefix[blockIdx.x - 1] : 0; // no wait for flag[blockIdx.x - 1]
        prefix[blockIdx.x] = base + s[63];
        __threadfence();
        flag[blockIdx.x] = 1;
    }
    __syncthreads();
    out[i] = base + s[t]; // @out
}

// case: the same scan waiting for its predecessor's flag (volatile reads, a
// fence before the flag): the same in every order that finishes (the
// reverse order cannot: its first block waits for one that never runs)
// kernel: scanLookBack
// launch: grid 8 block 64
// buffer: in u32 512 = 1
// buffer: out u32 512 = 0
// buffer: prefix u32 8 = 0
// buffer: flag u32 8 = 0
// params: in out prefix flag
// expect: no hazards
// expect: out[0..511] = iota+1
__global__ void scanLookBack(const unsigned* in, unsigned* out, volatile unsigned* prefix, volatile unsigned* flag)
{
    __shared__ unsigned s[64];
    __shared__ unsigned base;
    unsigned t = threadIdx.x, i = blockIdx.x * 64 + t;
    s[t] = in[i];
    __syncthreads();
    for (unsigned o = 1; o < 64; o *= 2) {
        unsigned v = t >= o ? s[t - o] : 0;
        __syncthreads();
        s[t] += v;
        __syncthreads();
    }
    if (t == 0) {
        unsigned b = 0;
        if (blockIdx.x) {
            while (flag[blockIdx.x - 1] == 0) {
            }
            b = prefix[blockIdx.x - 1];
        }
        base = b;
        prefix[blockIdx.x] = b + s[63];
        __threadfence();
        flag[blockIdx.x] = 1;
    }
    __syncthreads();
    out[i] = base + s[t];
}

// case: the scan reads its predecessor's prefix before it waits for the
// flag: the reverse order cannot finish (no verdict), the interleaved one
// starts block 3 before block 2 has written its prefix
// gpu: differs, a block may read its predecessor's prefix before it is there
// kernel: scanReadThenWait
// launch: grid 8 block 64
// buffer: in u32 512 = 1
// buffer: out u32 512 = 0
// buffer: prefix u32 8 = 0
// buffer: flag u32 8 = 0
// params: in out prefix flag
// expect: hazard races kind ORDER_DEPENDENT line @out3
// expect: message "with blocks interleaved"
// expect: out[0..511] = iota+1
__global__ void scanReadThenWait(const unsigned* in, unsigned* out, volatile unsigned* prefix,
                                 volatile unsigned* flag)
{
    __shared__ unsigned s[64];
    __shared__ unsigned base;
    unsigned t = threadIdx.x, i = blockIdx.x * 64 + t;
    s[t] = in[i];
    __syncthreads();
    for (unsigned o = 1; o < 64; o *= 2) {
        unsigned v = t >= o ? s[t - o] : 0;
        __syncthreads();
        s[t] += v;
        __syncthreads();
    }
    if (t == 0) {
        unsigned b = 0;
        if (blockIdx.x) {
            b = prefix[blockIdx.x - 1]; // read before the wait
            while (flag[blockIdx.x - 1] == 0) {
            }
        }
        base = b;
        prefix[blockIdx.x] = b + s[63];
        __threadfence();
        flag[blockIdx.x] = 1;
    }
    __syncthreads();
    out[i] = base + s[t]; // @out3
}

// case: an atomics-only histogram over a grid-stride loop: integer atomics
// commute, every order gives the same counts
// kernel: histogramAtomics
// launch: grid 8 block 64
// buffer: data u32 2000 = rand 7 0 1000
// buffer: bins u32 16 = 0
// buffer: total u32 1 = 0
// params: data bins total 2000
// expect: no hazards
// expect: total[0] = 2000
__global__ void histogramAtomics(const unsigned* data, unsigned* bins, unsigned* total, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        atomicAdd(&bins[data[i] % 16], 1u);
        atomicAdd(total, 1u);
    }
}

// case: the last-block pattern (NVIDIA's threadFenceReduction): partial sums,
// __threadfence(), a ticket; the last block sums the partials and resets the
// count. Floats: the same partials are summed in the same order by whichever
// block is last
// kernel: lastBlockSum
// launch: grid 8 block 64
// buffer: in f32 512 = rand 3 -1 1
// buffer: partial f32 8 = 0
// buffer: out f32 1 = 0
// buffer: count u32 1 = 0
// params: in partial out count
// expect: no hazards
// expect: count[0] = 0
__global__ void lastBlockSum(const float* in, float* partial, float* out, unsigned* count)
{
    __shared__ float s[64];
    __shared__ bool last;
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * 64 + t];
    __syncthreads();
    for (unsigned h = 32; h > 0; h /= 2) {
        if (t < h) s[t] += s[t + h];
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();
        last = atomicInc(count, gridDim.x) == gridDim.x - 1;
    }
    __syncthreads();
    if (last && t == 0) {
        float sum = 0.0f;
        for (unsigned b = 0; b < gridDim.x; b++) sum += ((volatile float*)partial)[b];
        *out = sum;
        *count = 0;
    }
}

// case: a float sum by atomicAdd from every block: another order rounds the
// last bits differently, which is no hazard
// gpu: differs, the H200 adds in its own order, so the last bits differ (no order is promised)
// kernel: floatAtomicSum
// launch: grid 16 block 64
// buffer: in f32 1024 = rand 5 0 1
// buffer: out f32 1 = 0
// params: in out
// expect: no hazards
__global__ void floatAtomicSum(const float* in, float* out)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * 64 + t] * 1000.0f;
    __syncthreads();
    for (unsigned h = 32; h > 0; h /= 2) {
        if (t < h) s[t] += s[t + h];
        __syncthreads();
    }
    if (t == 0) atomicAdd(out, s[0] / 3.0f);
}

// case: stream compaction through an atomic counter: the slots depend on
// the order, the elements kept do not (a permutation is no hazard)
// gpu: differs, the H200 hands out the slots in its own order (the elements kept are the same)
// kernel: compactAtomic
// launch: grid 8 block 64
// buffer: in u32 512 = iota
// buffer: out u32 512 = 0
// buffer: count u32 1 = 0
// params: in out count
// expect: no hazards
// expect: count[0] = 171
__global__ void compactAtomic(const unsigned* in, unsigned* out, unsigned* count)
{
    unsigned v = in[blockIdx.x * 64 + threadIdx.x];
    if (v % 3 == 0) out[atomicAdd(count, 1u)] = v;
}

// case: blocks that write disjoint outputs and count themselves in one
// atomic: the same in every order
// kernel: disjointCounted
// launch: grid 8 block 64
// buffer: in f32 512 = iota
// buffer: out f32 512 = 0
// buffer: done u32 1 = 0
// params: in out done
// expect: no hazards
// expect: done[0] = 8
// expect: out[0..511] = iota*2
__global__ void disjointCounted(const float* in, float* out, unsigned* done)
{
    unsigned i = blockIdx.x * 64 + threadIdx.x;
    out[i] = 2.0f * in[i];
    if (threadIdx.x == 0) atomicAdd(done, 1u);
}

// case: a block reads the next block's output through a pointer rebuilt
// from two shuffled 32-bit halves (issue 34): the taint loses the
// parameter, so the kernel runs in index order as any kernel that may read
// what another block writes (the same report on 1 and 2 threads), and the
// reverse order, which runs the next block first, leaves other values
// gpu: differs, a block reads another block's output with nothing between
// kernel: readNextThroughHalves
// launch: grid 8 block 64
// buffer: in f32 512 = iota
// buffer: out f32 512 = -1
// buffer: res f32 512 = 0
// params: in out res
// expect: hazard races kind ORDER_DEPENDENT line @res
// expect: message "byte 0 of 'res': -1 in index order, 128 in reverse order"
// expect: out[0..511] = iota*2
__global__ void readNextThroughHalves(const float* in, float* out, float* res)
{
    unsigned i = blockIdx.x * 64 + threadIdx.x;
    out[i] = 2.0f * in[i];
    unsigned long long p = (unsigned long long)out;
    unsigned lo = __shfl_sync(0xffffffffu, (unsigned)p, 0);
    unsigned hi = __shfl_sync(0xffffffffu, (unsigned)(p >> 32), 0);
    const float* q = (const float*)(((unsigned long long)hi << 32) | lo);
    res[i] = q[(i + 64) % 512]; // @res
}
