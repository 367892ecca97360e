// Conformance: the classic block-level bugs (barriers in branches, missing
// barriers, shared memory nobody wrote, off-by-one, missing bounds guards)
// next to their honest twins.

// case: __syncthreads() inside an if that splits the block, another barrier after it
// kernel: bugSyncInBranch
// gpu: differs threads meet at different barriers
// launch: grid 1 block 128
// buffer: in s32 128 = iota
// buffer: out s32 128 = 0
// params: in out
// expect: hazard barrier-honesty error line @brSyncA
__global__ void bugSyncInBranch(const int* in, int* out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    if (t < 64) {
        s[t] = in[t];
        __syncthreads();  // @brSyncA
        out[t] = s[63 - t];
    }
    __syncthreads();  // @brSyncB
    out[t] += 1;
}

// case: a barrier in a loop whose trip count depends on the thread's data
// kernel: bugSyncDataLoop
// gpu: differs the barrier is reached a different number of times per thread
// launch: grid 1 block 64
// buffer: in s32 64 = iota
// buffer: out s32 64 = 0
// params: in out
// The rule (docs/ptx-semantics.md): a barrier that completes only because
// the threads that skipped it exited is a warning, as an early return is;
// but the threads that leave this loop go on to store out[t] before they
// exit, so the loop's branch is under a condition that differs across the
// block with work after it: an error.
// expect: hazard barrier-honesty kind BARRIER_CONDITIONAL line @dataLoop
// expect: hazard barrier-honesty kind BARRIER_AFTER_EXIT warning line @dataLoop
__global__ void bugSyncDataLoop(const int* in, int* out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = in[t] % 5;
    __syncthreads();
    int steps = 0;
    while (s[t] > 0) {
        s[t] -= 1;
        steps++;
        __syncthreads();  // @dataLoop
    }
    out[t] = steps;
}

// case: the same data-dependent loop with a barrier after it: threads meet at different barriers
// kernel: bugSyncDataLoopAfter
// gpu: differs early leavers wait at the second barrier while others wait at the first
// launch: grid 1 block 64
// buffer: in s32 64 = iota
// buffer: out s32 64 = 0
// params: in out
// expect: hazard barrier-honesty error line @dataLoop2
__global__ void bugSyncDataLoopAfter(const int* in, int* out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = in[t] % 5;
    __syncthreads();
    while (s[t] > 0) {
        s[t] -= 1;
        __syncthreads();  // @dataLoop2
    }
    __syncthreads();
    out[t] = s[(t + 1) % 64];
}

// case: two phases with no barrier between the write and the neighbour's read
// kernel: bugMissingBarrier
// gpu: differs the neighbour read races with its write
// launch: grid 1 block 64
// buffer: in s32 64 = iota
// buffer: out s32 64 = 0
// params: in out
// expect: hazard races kind RACE_SHARED line @mbRead
__global__ void bugMissingBarrier(const int* in, int* out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = in[t] * 2;  // @mbWrite
    out[t] = s[t] + s[(t + 1) % 64];  // @mbRead
}

// case: the same two phases with the barrier (honest)
// kernel: fixedMissingBarrier
// launch: grid 1 block 64
// buffer: in s32 64 = iota
// buffer: out s32 64 = 0
// params: in out
// expect: out[0..63] = 2 6 10 14 18 22 26 30 34 38 42 46 50 54 58 62 66 70 74 78 82 86 90 94 98 102 106 110 114 118 122 126 130 134 138 142 146 150 154 158 162 166 170 174 178 182 186 190 194 198 202 206 210 214 218 222 226 230 234 238 242 246 250 126
// expect: no hazards
__global__ void fixedMissingBarrier(const int* in, int* out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = in[t] * 2;
    __syncthreads();
    out[t] = s[t] + s[(t + 1) % 64];
}

// case: a tree reduction with no barrier in its loop
// kernel: bugTreeNoBarrier
// gpu: differs each level reads sums the previous level may not have written
// launch: grid 1 block 128
// buffer: in s32 128 = 1
// buffer: out s32 1 = 0
// params: in out
// expect: hazard races kind RACE_SHARED
__global__ void bugTreeNoBarrier(const int* in, int* out)
{
    __shared__ int s[128];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1)
        if (t < k) s[t] += s[t + k];
    if (t == 0) out[0] = s[0];
}

// case: loading only i < n into shared memory, then a full-block tree reads the rest
// kernel: bugUninitTail
// gpu: differs it sums whatever shared memory held
// launch: grid 1 block 256
// buffer: in s32 200 = iota
// buffer: out s32 1 = 0
// params: in out 200
// expect: hazard memory kind UNINIT_SHARED
__global__ void bugUninitTail(const int* in, int* out, int n)
{
    __shared__ int s[256];
    unsigned t = threadIdx.x;
    if ((int)t < n) s[t] = in[t];
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[0] = s[0];
}

// case: the same with identity padding (honest)
// kernel: fixedUninitTail
// launch: grid 1 block 256
// buffer: in s32 200 = iota
// buffer: out s32 1 = 0
// params: in out 200
// expect: out[0] = 19900
// expect: no hazards
__global__ void fixedUninitTail(const int* in, int* out, int n)
{
    __shared__ int s[256];
    unsigned t = threadIdx.x;
    s[t] = (int)t < n ? in[t] : 0;
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[0] = s[0];
}

// case: early return before a tree reduction: a warning for the barrier, an error for the reads
// kernel: bugEarlyReturnTree
// gpu: differs the tree reads slots of threads that returned
// launch: grid 1 block 128
// buffer: in s32 100 = 1
// buffer: out s32 1 = 0
// params: in out 100
// expect: hazard barrier-honesty kind BARRIER_AFTER_EXIT warning line2 @erRet
// expect: hazard memory kind UNINIT_SHARED
__global__ void bugEarlyReturnTree(const int* in, int* out, int n)
{
    __shared__ int s[128];
    unsigned t = threadIdx.x;
    if ((int)t >= n) return;  // @erRet
    s[t] = in[t];
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[0] = s[0];
}

// case: a grid-stride loop with i <= n writes one element past the end
// kernel: bugOffByOne
// gpu: differs the store one past the end corrupts or faults
// launch: grid 1 block 64
// buffer: out s32 100 = 0
// params: out 100
// expect: hazard memory kind OOB line @obo
__global__ void bugOffByOne(int* out, int n)
{
    for (int i = threadIdx.x; i <= n; i += blockDim.x) out[i] = i;  // @obo
}

// case: a neighbour read s[t + 1] past the end of a shared array
// kernel: bugSharedOffByOne
// gpu: differs the last thread reads past the array
// launch: grid 1 block 64
// buffer: out s32 64 = 0
// params: out
// expect: hazard memory line @sobo
__global__ void bugSharedOffByOne(int* out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = t;
    __syncthreads();
    out[t] = s[t] + s[t + 1];  // @sobo
}

// case: a launch rounded up to whole blocks with no bounds guard
// kernel: bugNoGuard
// gpu: differs threads past n write past the buffer
// launch: grid 2 block 64
// buffer: in f32 100 = iota
// buffer: out f32 100 = 0
// params: in out 100
// expect: hazard memory kind OOB
__global__ void bugNoGuard(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i] * 2.0f;  // @noGuard
}

// case: every thread updates a shared maximum with a plain compare-and-store
// kernel: bugSharedMax
// gpu: differs the plain read-modify-write races
// launch: grid 1 block 64
// buffer: in s32 64 = rand 91 0 1000
// buffer: out s32 1 = 0
// params: in out
// expect: hazard races
__global__ void bugSharedMax(const int* in, int* out)
{
    __shared__ int best;
    if (threadIdx.x == 0) best = 0;
    __syncthreads();
    int v = in[threadIdx.x];
    if (v > best) best = v;
    __syncthreads();
    if (threadIdx.x == 0) out[0] = best;
}

// case: a shared counter read right after the atomics, with no barrier
// kernel: bugAtomicThenRead
// gpu: differs thread 0 may read before the other warps have added
// launch: grid 1 block 128
// buffer: out s32 1 = 0
// params: out
// expect: hazard races
__global__ void bugAtomicThenRead(int* out)
{
    __shared__ int count;
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    atomicAdd(&count, 1);
    if (threadIdx.x == 0) out[0] = count;
}
