// Golden: shared-memory races and reads of shared memory nothing wrote.

// case: the warp-synchronous last-32 tree without __syncwarp is a race (sm_70+)
// kernel: warpSync
// launch: grid 1 block 64
// buffer: in f32 64 = 1
// buffer: out f32 1 = 0
// params: in out
// expect: hazard races kind RACE_WARP line @vol
// expect: out[0] = 64
__global__ void warpSync(const float* in, float* out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t < 32) {
        volatile float* v = s;
        v[t] += v[t + 32];
        v[t] += v[t + 16];  // @vol
        v[t] += v[t + 8];
        v[t] += v[t + 4];
        v[t] += v[t + 2];
        v[t] += v[t + 1];
    }
    if (t == 0) out[0] = s[0];
}

// case: the same tree with __syncwarp between the steps is clean
// kernel: warpSyncFixed
// launch: grid 1 block 64
// buffer: in f32 64 = 1
// buffer: out f32 1 = 0
// params: in out
// expect: no hazards
// expect: out[0] = 64
__global__ void warpSyncFixed(const float* in, float* out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t < 32) {
        float v = s[t] + s[t + 32];
        __syncwarp();
        s[t] = v;
        __syncwarp();
        for (int o = 16; o > 0; o /= 2) {
            v += s[t + o < 64 ? t + o : t];
            __syncwarp();
            s[t] = v;
            __syncwarp();
        }
    }
    if (t == 0) out[0] = s[0];
}

// case: two warps without a barrier between write and read
// gpu: differs, a race: the order is the hardware's
// kernel: crossWarp
// launch: grid 1 block 64
// buffer: out s32 64 = 0
// params: out
// expect: hazard races kind RACE_SHARED line @crossRead line2 @crossWrite
// expect: message "touch byte 0 of shared 's' with no __syncthreads() between"
// expect: advice "add __syncthreads() after the store at line "
// expect: advice "where every thread of the block reaches it (outside any if)"
__global__ void crossWarp(int* out)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;  // @crossWrite
    out[threadIdx.x] = s[(threadIdx.x + 32) % 64];  // @crossRead
}

// case: reading shared memory nothing wrote
// gpu: differs, uninitialised shared memory holds whatever was there
// kernel: uninit
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: hazard memory kind UNINIT_SHARED line @uninit
// expect: message "reads byte 64 of shared 's', which no thread of the block had written yet"
// expect: out[16..31] = 0x7fbadbad
__global__ void uninit(unsigned* out)
{
    __shared__ unsigned s[32];
    if (threadIdx.x < 16) s[threadIdx.x] = threadIdx.x;
    __syncwarp();
    out[threadIdx.x] = s[threadIdx.x];  // @uninit
}

// case: a shared byte is named by its array and its place in it
// gpu: differs, uninitialised shared memory holds whatever was there
// kernel: uninitSecond
// launch: grid 1 block 32
// buffer: out f32 32 = 0
// params: out
// expect: hazard memory kind UNINIT_SHARED line @second
// expect: message "reads byte 0 of shared 'second' (shared byte 128), which no thread of the block had written yet"
__global__ void uninitSecond(float* out)
{
    __shared__ float first[32];
    __shared__ float second[32];
    first[threadIdx.x] = 1.0f;
    __syncthreads();
    out[threadIdx.x] = first[threadIdx.x] + second[threadIdx.x];  // @second
}

// case: a broadcast read after a barrier, atomics and distinct stores (clean)
// kernel: clean
// launch: grid 2 block 128
// buffer: out u32 256 = 0
// params: out
// expect: no hazards
// expect: out[0..255] = 128
__global__ void clean(unsigned* out)
{
    __shared__ unsigned count;
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    atomicAdd(&count, 1u);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = count;
}

// case: lanes of one warp swap neighbours without __syncwarp (the partner is the other lane)
// Lane 0 reads s[0] first, lane 1 reads it next, lane 0 writes it: the race is
// lane 0's write against lane 1's read, never lane 0 against itself.
// gpu: differs, a race: the order is the hardware's
// kernel: swapNeighbours
// launch: grid 1 block 32
// buffer: out s32 32 = 0
// params: out
// expect: hazard races kind RACE_WARP lane 0 thread2 1 line @swapWrite line2 @swapMate
// expect: advice "add __syncwarp() after the load at line "
// expect: advice "with a mask that names both lanes"
__global__ void swapNeighbours(int* out)
{
    __shared__ int s[32];
    int t = threadIdx.x;
    s[t] = t;
    __syncthreads();
    int mine = s[t];
    int mate = s[t ^ 1];  // @swapMate
    s[t] = mine + mate;  // @swapWrite
    out[t] = s[t];
}

// case: a read by another warp between a thread's read and its write (the partner is that warp's thread)
// Thread 0 reads s[0] first, thread 32 reads it while thread 0 waits on a
// global flag, then thread 0 writes it: the race is with thread 32.
// gpu: differs, a race: the order is the hardware's
// kernel: readThenOtherWarp
// launch: grid 1 block 64
// buffer: flags s32 2 = 0
// buffer: out s32 64 = 0
// params: flags out
// expect: hazard races kind RACE_SHARED warp 0 lane 0 thread2 32 line @owWrite line2 @owRead
__global__ void readThenOtherWarp(volatile int* flags, int* out)
{
    __shared__ int s[64];
    volatile int* vs = s;
    int t = threadIdx.x;
    s[t] = t;
    __syncthreads();
    if (t == 0) {
        int v = vs[0];
        flags[0] = 1;
        while (flags[1] == 0) { }
        vs[0] = v + 1;  // @owWrite
    }
    if (t == 32) {
        while (flags[0] == 0) { }
        out[t] = vs[0];  // @owRead
        flags[1] = 1;
    }
}

// case: two warps store the same line of shared memory (32 words, 128
// bytes, all of it) in one epoch: the second warp's store races with the
// first's, whose record the shadow kept as the line's one summary
// gpu: none, a race (which value stays is the hardware's); added after races.h200
// kernel: lineTwice
// launch: grid 1 block 64
// buffer: out u32 64 = 0
// params: out
// expect: hazard races kind RACE_SHARED line @lineSecond line2 @lineFirst
__global__ void lineTwice(unsigned* out)
{
    __shared__ unsigned s[32];
    const unsigned t = threadIdx.x, lane = t % 32;
    if (t < 32) s[lane] = t;  // @lineFirst
    if (t >= 32) s[lane] = t + 100;  // @lineSecond
    __syncthreads();
    out[t] = s[lane];
}

// case: a warp stores a whole line of shared memory, then after a
// __syncwarp each lane stores its neighbour's word of it in the same
// epoch: ordered, no race (the line's summary made into its entries for
// the second store)
// gpu: none, added after races.h200 (until its next record)
// kernel: lineAgain
// launch: grid 1 block 64
// buffer: out u32 64 = 0
// params: out
// expect: out[0..7] = list 2 1 4 3 6 5 8 7
// expect: out[32..35] = list 34 33 36 35
// expect: no hazards
__global__ void lineAgain(unsigned* out)
{
    __shared__ unsigned s[64];
    const unsigned t = threadIdx.x;
    s[t] = t;
    __syncwarp();
    s[t ^ 1] = t + 1;
    __syncthreads();
    out[t] = s[t];
}
