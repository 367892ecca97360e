// Golden: block barriers - what is honest and what is not.

// case: the classic shared-memory tree (no hazards)
// kernel: tree
// launch: grid 4 block 256
// buffer: in f32 1024 = 1
// buffer: out f32 4 = 0
// params: in out
// expect: out[0..3] = 256
// expect: no hazards
__global__ void tree(const float* in, float* out)
{
    __shared__ float s[256];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

// case: early return before the barriers (a warning, not a failure)
// kernel: earlyReturn
// launch: grid 2 block 64
// buffer: in f32 100 = 2
// buffer: out f32 128 = -1
// params: in out 100
// expect: hazard barrier-honesty kind BARRIER_AFTER_EXIT warning line @erBar line2 @erReturn block 1
// expect: advice "without reaching the __syncthreads() at line"
// expect: no errors
// expect: out[0..63] = 2
// expect: out[64..99] = 2
// expect: out[100..127] = -1
__global__ void earlyReturn(const float* in, float* out, int n)
{
    __shared__ float s[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;  // @erReturn
    s[threadIdx.x] = in[i];
    __syncthreads();  // @erBar
    out[i] = s[threadIdx.x];
}

// case: a barrier under a condition that differs across the block
// kernel: conditional
// launch: grid 1 block 64
// buffer: out s32 64 = 0
// params: out 3
// expect: hazard barrier-honesty kind BARRIER_CONDITIONAL line @condBar
// expect: message "(warps 1 and 0) went different ways there"
// expect: advice "or make the condition the same for the whole block"
__global__ void conditional(int* out, int rounds)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    for (int r = 0; r < rounds; r++) {
        if (threadIdx.x < 32) {
            s[threadIdx.x] += 1;
            __syncthreads();  // @condBar
        }
    }
    out[threadIdx.x] = s[threadIdx.x];
}

// case: a barrier under a condition that differs between lanes of one warp
// (the message names the lanes and their warp, never "warps 0 and 0")
// kernel: conditionalLanes
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out 3
// expect: hazard barrier-honesty kind BARRIER_CONDITIONAL line @laneBar
// expect: message "lanes 16 and 0 of warp 0 went different ways there"
// expect: advice "lanes of one warp take different sides of it"
__global__ void conditionalLanes(int* out, int rounds)
{
    __shared__ int s[32];
    s[threadIdx.x] = threadIdx.x;
    for (int r = 0; r < rounds; r++) {
        if (threadIdx.x < 16) {
            s[threadIdx.x] += 1;
            __syncthreads();  // @laneBar
        }
    }
    out[threadIdx.x] = s[threadIdx.x];
}

// case: threads meeting at different barriers
// kernel: twoBarriers
// launch: grid 1 block 64
// buffer: out s32 64 = 0
// params: out
// expect: hazard barrier-honesty kind BARRIER_DIVERGENT
__global__ void twoBarriers(int* out)
{
    __shared__ int s[64];
    s[threadIdx.x] = 1;
    if (threadIdx.x < 32) {
        s[threadIdx.x] += 2;
        __syncthreads();
        out[threadIdx.x] = s[threadIdx.x + 32];
    } else {
        s[threadIdx.x] += 3;
        __syncthreads();
        out[threadIdx.x] = s[threadIdx.x - 32];
    }
}

// case: a named barrier that waits for threads that never come
// kernel: namedDeadlock
// launch: grid 1 block 64
// buffer: out s32 64 = 0
// params: out
// expect: status deadlocked
// expect: hazard barrier-honesty kind BARRIER_DEADLOCK line @named
__global__ void namedDeadlock(int* out)
{
    if (threadIdx.x < 32) asm volatile("bar.sync 1, 64;");  // @named
    out[threadIdx.x] = 1;
}

// case: a count that is not a multiple of 32
// kernel: badCount
// launch: grid 1 block 64
// buffer: out s32 64 = 0
// params: out
// expect: hazard barrier-honesty kind BARRIER_COUNT line @count
__global__ void badCount(int* out)
{
    asm volatile("bar.sync 1, 48;");  // @count
    out[threadIdx.x] = 1;
}

// case: __syncthreads_count, _and, _or
// kernel: reductions
// launch: grid 1 block 96
// buffer: out s32 288 = 0
// params: out
// expect: out[0..95] = 48
// expect: out[96..191] = 0
// expect: out[192..287] = 1
// expect: no hazards
__global__ void reductions(int* out)
{
    int t = threadIdx.x;
    out[t] = __syncthreads_count(t & 1);
    out[96 + t] = __syncthreads_and(t < 95);
    out[192 + t] = __syncthreads_or(t == 50);
}

// case: a named barrier with a count: two warps meet, the third does not wait
// kernel: namedPair
// launch: grid 1 block 96
// buffer: out s32 96 = 0
// params: out
// expect: out[0..63] = 64
// expect: out[64..95] = 0
// expect: no hazards
__global__ void namedPair(int* out)
{
    int r = 0;
    if (threadIdx.x < 64) {
        asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 1000; bar.red.popc.u32 %0, 1, 64, p; }"
                     : "=r"(r) : "r"(threadIdx.x));
    }
    out[threadIdx.x] = r;
}

// case: a barrier in a loop whose trip count is the same for all (honest)
// kernel: uniformLoop
// launch: grid 2 block 128
// buffer: out s32 256 = 0
// params: out 4
// expect: out[0..255] = 4
// expect: no hazards
__global__ void uniformLoop(int* out, int rounds)
{
    __shared__ int s[128];
    s[threadIdx.x] = 0;
    __syncthreads();
    for (int r = 0; r < rounds; r++) {
        int v = s[(threadIdx.x + 1) % 128];
        __syncthreads();
        s[threadIdx.x] = v + 1;
        __syncthreads();
    }
    out[blockIdx.x * 128 + threadIdx.x] = s[threadIdx.x];
}

// case: warp specialisation through a named barrier with a thread count:
// warp 0 fills the slots and arrives (bar.arrive 1, 64), warp 1 waits
// (bar.sync 1, 64) and reads them. The warps go different ways at the if,
// each whole: legal for a barrier that counts its threads (the PTX ISA
// asks only that a warp's own lanes agree), so no hazard
// kernel: namedProducerConsumer
// launch: grid 2 block 64
// buffer: out u32 128 = 0
// params: out
// expect: out[0..31] = 7
// expect: out[32..63] = list 5 8 11 14 17 20 23 26 29 32 35 38 41 44 47 50 53 56 59 62 65 68 71 74 77 80 83 86 89 92 95 98
// expect: out[64..95] = 7
// expect: out[96..127] = list 5 8 11 14 17 20 23 26 29 32 35 38 41 44 47 50 53 56 59 62 65 68 71 74 77 80 83 86 89 92 95 98
// expect: no hazards
__global__ void namedProducerConsumer(unsigned* out)
{
    __shared__ unsigned s[32];
    const unsigned t = threadIdx.x, g = blockIdx.x * 64 + t;
    if (t < 32) {
        s[t] = t * 3 + 5;
        asm volatile("bar.arrive 1, 64;" ::: "memory");
        out[g] = 7;
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        out[g] = s[t - 32];
    }
}

// case: the same with the producer's lanes split at the if (lane 3 of
// warp 0 goes the consumers' way): a warp whose own lanes disagree before
// an aligned barrier (bar.sync is barrier.sync.aligned) is undefined
// kernel: namedSplitWarp
// launch: grid 1 block 64
// buffer: out u32 64 = 0
// params: out
// expect: hazard barrier-honesty kind BARRIER_CONDITIONAL
// expect: message "lanes 0 and 3 of warp 0 went different ways there"
__global__ void namedSplitWarp(unsigned* out)
{
    __shared__ unsigned s[64];
    const unsigned t = threadIdx.x;
    if (t < 32 && t != 3) {
        s[t] = t;
        asm volatile("bar.arrive 1, 64;" ::: "memory");
        out[t] = 7;
    } else {
        asm volatile("bar.sync 1, 64;" ::: "memory");
        out[t] = s[t % 32];
    }
}
