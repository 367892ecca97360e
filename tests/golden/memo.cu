// Golden: memo.c, the shared-memory checks once per shape of block. A block
// whose shared accesses are the same sequence as an earlier block's that
// reported nothing skips the shadow; at its first access that differs, the
// accesses so far go into the shadow and it takes the rest. Each case below
// runs 16 blocks of one shape, with one block that parts from it; the
// golden runner's reference mode (no memo) and its 2-thread run must give
// the same report. A padded raking grid is the shape: each thread writes its
// element to s[t + t / 8] (a slot of padding after every 8), warp 0's first
// 8 lanes each sum a segment of 8 in place, and each thread reads its slot
// back.

// case: 16 blocks of the raking grid, every block the same shape: honest
// kernel: rakeRows
// launch: grid 16 block 64
// buffer: in u32 1024 = iota
// buffer: out u32 1024 = 0
// buffer: pad u32 16 = 0
// params: in out pad -1 -1
// expect: out[0] = 28
// expect: out[1] = 1
// expect: out[64] = 540
// expect: out[1016] = 8156
// expect: out[1023] = 1023
// expect: no hazards

// case: the same grid, but in block 11 thread 40 also writes thread 0's slot before the first barrier: a race in block 11 alone, between an access the blocks before it shared (thread 0's store, put into the shadow when block 11 parted) and one they did not
// kernel: rakeRows
// launch: grid 16 block 64
// buffer: in u32 1024 = iota
// buffer: out u32 1024 = 0
// buffer: pad u32 16 = 0
// params: in out pad 11 -1
// expect: out[1023] = 1023
// expect: hazards 1
// expect: hazard races kind RACE_SHARED line @lateWrite block 11

// case: the same grid, but in block 13 thread 5 also reads slot 8, padding no thread wrote: an uninitialised read in block 13 alone
// kernel: rakeRows
// launch: grid 16 block 64
// buffer: in u32 1024 = iota
// buffer: out u32 1024 = 0
// buffer: pad u32 16 = 0
// params: in out pad -1 13
// expect: out[1023] = 1023
// expect: hazards 1
// expect: hazard memory kind UNINIT_SHARED line @padRead block 13

// case: the raking grid with its race in block 0, the block the others would have been compared with: block 0 is not a reference, and the race is reported there alone
// kernel: rakeRows
// launch: grid 16 block 64
// buffer: in u32 1024 = iota
// buffer: out u32 1024 = 0
// buffer: pad u32 16 = 0
// params: in out pad 0 -1
// expect: out[1023] = 1023
// expect: hazards 1
// expect: hazard races kind RACE_SHARED line @lateWrite block 0
__global__ void rakeRows(const unsigned* in, unsigned* out, unsigned* pad, int raceBlock, int padBlock)
{
    __shared__ unsigned s[72];
    const unsigned t = threadIdx.x, i = blockIdx.x * 64 + t;
    const int b = (int)blockIdx.x;
    s[t + t / 8] = in[i];
    if (b == raceBlock && t == 40) s[0] = 7;  // @lateWrite
    __syncthreads();
    if (t < 8) {
        unsigned sum = 0;
        for (unsigned k = 0; k < 8; k++) sum += s[t * 9 + k];
        s[t * 9] = sum;
    }
    __syncthreads();
    out[i] = s[t + t / 8];
    if (b == padBlock && t == 5) pad[b] = s[8];  // @padRead
}

// case: each thread counts its 4 elements plus the block's index, mod 8, in 16-bit counters of its own column, c[d][t] += 1: the counters' addresses follow the data, so a block parts from the one before at its first counter; honest
// kernel: columnCounters
// launch: grid 16 block 64
// buffer: in u32 4096 = iota
// buffer: out u32 1024 = 0
// params: in out
// expect: out[0] = 1
// expect: out[1] = 0
// expect: out[64] = 0
// expect: out[71] = 1
// expect: out[1023] = 0
// expect: no hazards
__global__ void columnCounters(const unsigned* in, unsigned* out)
{
    __shared__ unsigned short c[8][64];
    const unsigned t = threadIdx.x, b = blockIdx.x;
    for (unsigned d = 0; d < 8; d++) c[d][t] = 0;
    for (unsigned k = 0; k < 4; k++) c[(in[(b * 64 + t) * 4 + k] + b) % 8][t] += 1;
    __syncthreads();
    out[b * 64 + t] = c[t % 8][t];
}

// case: each warp reads its elements back after a barrier, scans them with shuffles (a warp sync that meets the read log) and writes the sums over them; in block 9 thread 33 also reads thread 31's slot after the shuffles, which thread 31 writes in the same interval: a race in block 9 alone
// kernel: warpScanPeek
// launch: grid 16 block 64
// buffer: in u32 1024 = 1
// buffer: out u32 1024 = 0
// buffer: peek u32 16 = 0
// params: in out peek
// expect: out[0] = 1
// expect: out[31] = 32
// expect: out[1023] = 32
// expect: hazards 1
// expect: hazard races kind RACE_SHARED block 9
__global__ void warpScanPeek(const unsigned* in, unsigned* out, unsigned* peek)
{
    __shared__ unsigned s[64];
    const unsigned t = threadIdx.x, i = blockIdx.x * 64 + t;
    s[t] = in[i];
    __syncthreads();
    unsigned v = s[t];
    for (unsigned d = 1; d < 32; d *= 2) {
        unsigned u = __shfl_up_sync(0xffffffffu, v, d);
        if (t % 32 >= d) v += u;
    }
    if (blockIdx.x == 9 && t == 33) peek[9] = s[31];  // @peek
    s[t] = v;
    __syncthreads();
    out[i] = s[t];
}
