// Golden: threads of a block storing one value to a shared word in the same
// barrier interval (a flag every finder sets to 1: `if (moved) found = 1;`).
// Either order leaves the word as it is, and the CUDA guide says of a warp's
// writes to one word that one of them lands, so two plain stores of the
// value the word already holds are not a race (shadow.c's stores_same);
// before 6 December 2026 they were, while the same flag in global memory
// passed. Beside them the races that stay: stores of different values, a
// read of the flag before the barrier, a store after another thread's
// atomic (whose value came from what it read), and a store of the value
// that was there before the interval, over another thread's store of a
// different one.

// case: threads of 4 warps whose element is odd each set found = 1 in a loop over their elements, a barrier, then thread 0 reads it: honest
// kernel: flagInLoop
// launch: grid 1 block 128
// buffer: in u32 512 = iota
// buffer: out u32 1 = 7
// params: in out
// expect: out[0] = 1
// expect: no hazards
__global__ void flagInLoop(const unsigned* in, unsigned* out)
{
    __shared__ unsigned found;
    const unsigned t = threadIdx.x;
    if (t == 0) found = 0;
    __syncthreads();
    for (unsigned i = t * 4; i < t * 4 + 4; i++)
        if (in[i] & 1u) found = 1;
    __syncthreads();
    if (t == 0) out[0] = found;
}

// case: lanes of one warp set a 16-bit flag to 1 where their element is a multiple of 37, each at its own turn of a loop (lane 0 at the first, lane 5 at the second, lane 10 at the third), then a __syncwarp() and lane 0 reads it: honest
// kernel: halfFlagInWarp
// launch: grid 1 block 32
// buffer: in u32 1024 = iota
// buffer: out u32 1 = 7
// params: in out
// expect: out[0] = 1
// expect: no hazards
__global__ void halfFlagInWarp(const unsigned* in, unsigned* out)
{
    __shared__ unsigned short flag;
    const unsigned t = threadIdx.x;
    if (t == 0) flag = 0;
    __syncwarp();
    for (unsigned k = 0; k < 32; k++)
        if (in[k * 32 + t] % 37 == 0) flag = 1;
    __syncwarp();
    if (t == 0) out[0] = flag;
}

// case: every thread stores its own index into one word, no barrier between the stores: a race (the last writer decides)
// gpu: differs, a race: which thread's value stays depends on the order
// kernel: differentValues
// launch: grid 1 block 64
// buffer: out u32 1 = 0
// params: out
// expect: hazard races line @dvStore
__global__ void differentValues(unsigned* out)
{
    __shared__ unsigned last;
    const unsigned t = threadIdx.x;
    if (t == 0) last = 0;
    __syncthreads();
    if (t % 32 == 5) last = t;  // @dvStore
    __syncthreads();
    if (t == 0) out[0] = last;
}

// case: threads set found = 1 while thread 40 reads it before the barrier: a race (the read may see 0 or 1)
// gpu: differs, a race: thread 40 may read 0 or 1
// kernel: readBeforeBarrier
// launch: grid 1 block 64
// buffer: out u32 2 = 0
// params: out
// expect: hazard races
__global__ void readBeforeBarrier(unsigned* out)
{
    __shared__ unsigned found;
    const unsigned t = threadIdx.x;
    if (t == 0) found = 0;
    __syncthreads();
    if (t % 8 == 1) found = 1;
    unsigned seen = 0;
    if (t == 40) seen = found;
    __syncthreads();
    if (t == 40) out[0] = seen;
    if (t == 0) out[1] = found;
}

// case: thread 33 adds 1 with an atomic, then thread 0 stores 1, no barrier between: a race (had the store come first, the word would end at 2)
// gpu: differs, a race: the word ends at 1 or 2
// kernel: storeAfterAtomic
// launch: grid 1 block 64
// buffer: out u32 1 = 0
// params: out
// expect: hazard races line @saStore
__global__ void storeAfterAtomic(unsigned* out)
{
    __shared__ unsigned c;
    const unsigned t = threadIdx.x;
    if (t == 0) c = 0;
    __syncthreads();
    if (t == 33) atomicAdd(&c, 1u);
    for (int k = 0; k < 200; k++)
        __syncwarp();
    if (t == 0) c = 1;  // @saStore
    __syncthreads();
    if (t == 0) out[0] = c;
}

// case: thread 40 stores 1, thread 0 stores 0 (the value before the interval), no barrier between: a race (the word ends at 0 or 1)
// gpu: differs, a race: the word ends at 0 or 1
// kernel: resetOverFlag
// launch: grid 1 block 64
// buffer: out u32 1 = 0
// params: out
// expect: hazard races
__global__ void resetOverFlag(unsigned* out)
{
    __shared__ unsigned f;
    const unsigned t = threadIdx.x;
    if (t == 0) f = 0;
    __syncthreads();
    if (t == 40) f = 1;
    if (t == 0) f = 0;
    __syncthreads();
    if (t == 0) out[0] = f;
}
