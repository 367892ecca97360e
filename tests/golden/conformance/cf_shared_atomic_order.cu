// Conformance: shared-memory races between threads of one block that involve
// atomics, in both orders. Written by a helper from the CUDA Programming
// Guide's memory-model rules alone (no emulator source read); every case's
// verdict and every expected value was decided before anything ran.
//
// Rules applied: an atomic is a read-modify-write, so it writes; two atomics
// never race; a plain read or write by one thread and another thread's atomic
// on the same shared word race unless a __syncthreads() (or, for two lanes of
// one warp, a __syncwarp(mask) naming both lanes) lies between them; a thread
// never races with itself; the first plain read of a CAS loop is only a guess
// the CAS checks, so it is not counted.
//
// Order (a): another thread's atomic before the plain access in the same
// barrier interval (a1, a2, a3, w6). Order (b): a plain access before another
// thread's atomic in the same interval (b1..b5, w2, w3, w5). Each racy case
// ("r") sits next to its honest twin ("h") that has the missing barrier. Then
// honest shapes: a shared histogram over two blocks, warp-aggregated atomics,
// float max and the guide's double add through CAS loops, atomicMax/Min/Or
// read after a barrier, a thread reading its own atomically updated word, the
// atomic's return value used instead of a plain read.
//
// Before an atomic checked the epoch's reads of its word (6 December 2026),
// 26 of the 30 were judged right: every honest case, and none of b5r, w2r,
// w3r and w5r, a plain read before other threads' atomics that only that
// order shows. w4h is honest at the source, though nvcc loads `s` in every
// lane and keeps lane 3's value with a selp: the loads of lanes 16 to 31 are
// nvcc's, and race with nothing the program does.

// ---------------------------------------------------------------------------
// Order (a): atomic first, plain access after, same interval.

// case: a1r every thread atomicAdd on a counter, thread 0 reads it with no barrier after the atomics
// gpu: differs, a race: thread 0's read sees however many of the other 63 increments have landed
// kernel: a1rCountReadNoSync
// launch: grid 2 block 64
// buffer: out u32 2 = 0
// params: out
// expect: hazard races
// why: thread 0's plain read of count and the atomicAdds of threads 1..63 (lanes of warp 0 and all of warp 1) are in one barrier interval with no __syncthreads/__syncwarp between; an atomic writes, so they conflict
__global__ void a1rCountReadNoSync(unsigned* out)
{
    __shared__ unsigned count;
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    atomicAdd(&count, 1u);
    if (threadIdx.x == 0) out[blockIdx.x] = count;
}

// case: a1h counter zeroed by thread 0, __syncthreads, atomicAdd by all, __syncthreads, read
// kernel: a1hCountReadSync
// launch: grid 2 block 64
// buffer: out u32 2 = 0
// params: out
// expect: out[0..1] = 64
// expect: no hazards
// why: the plain zeroing and the plain read are each separated from every atomic by a __syncthreads; atomics among themselves never race
__global__ void a1hCountReadSync(unsigned* out)
{
    __shared__ unsigned count;
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    atomicAdd(&count, 1u);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = count;
}

// case: a2r histogram atomics by 4 warps, threads 0..15 read the bins with no barrier after their own atomic
// gpu: differs, a race: a bin read sees only the increments that other warps have already made
// kernel: a2rHistReadNoSync
// launch: grid 1 block 128
// buffer: out u32 16 = 0
// params: out
// expect: hazard races
// why: thread t<16 plainly reads hist[t] while threads of warps 1..3 atomicAdd into hist[t] in the same barrier interval (bin (t*7+3)%16 hits every bin from every warp); nothing orders them
__global__ void a2rHistReadNoSync(unsigned* out)
{
    __shared__ unsigned hist[16];
    const unsigned t = threadIdx.x;
    if (t < 16) hist[t] = 0;
    __syncthreads();
    atomicAdd(&hist[(t * 7u + 3u) % 16u], 1u);
    if (t < 16) out[t] = hist[t];
}

// case: a2h same histogram with __syncthreads between the atomics and the reads
// kernel: a2hHistReadSync
// launch: grid 1 block 128
// buffer: out u32 16 = 0
// params: out
// expect: out[0..15] = 8
// expect: no hazards
// why: __syncthreads orders every atomicAdd before every plain read; (t*7+3)%16 is a bijection on each 16 consecutive t, so each bin gets 128/16 = 8
__global__ void a2hHistReadSync(unsigned* out)
{
    __shared__ unsigned hist[16];
    const unsigned t = threadIdx.x;
    if (t < 16) hist[t] = 0;
    __syncthreads();
    atomicAdd(&hist[(t * 7u + 3u) % 16u], 1u);
    __syncthreads();
    if (t < 16) out[t] = hist[t];
}

// case: a3r atomicMax by all threads, then thread 0 does a plain read-modify-write s = s + 1 with no barrier
// gpu: differs, a race: thread 0's plain s+1 can overwrite, or be overwritten by, other threads' atomicMax
// kernel: a3rMaxThenPlainWrite
// launch: grid 1 block 128
// buffer: out u32 1 = 0
// params: out
// expect: hazard races
// why: thread 0's plain read and plain write of s conflict with the atomicMax of threads 1..127 in the same barrier interval (atomicMax writes)
__global__ void a3rMaxThenPlainWrite(unsigned* out)
{
    __shared__ unsigned s;
    if (threadIdx.x == 0) s = 0;
    __syncthreads();
    atomicMax(&s, threadIdx.x * 3u);
    if (threadIdx.x == 0) s = s + 1u;
    __syncthreads();
    if (threadIdx.x == 0) out[0] = s;
}

// case: a3h atomicMax by all threads, __syncthreads, then thread 0's plain s = s + 1
// kernel: a3hMaxThenPlainWriteSync
// launch: grid 1 block 128
// buffer: out u32 1 = 0
// params: out
// expect: out[0] = 382
// expect: no hazards
// why: the barrier orders all atomicMax before thread 0's plain read/write; max of 3*t for t<128 is 381, plus 1
__global__ void a3hMaxThenPlainWriteSync(unsigned* out)
{
    __shared__ unsigned s;
    if (threadIdx.x == 0) s = 0;
    __syncthreads();
    atomicMax(&s, threadIdx.x * 3u);
    __syncthreads();
    if (threadIdx.x == 0) s = s + 1u;
    __syncthreads();
    if (threadIdx.x == 0) out[0] = s;
}

// case: w6r one warp: every lane atomicAdd, lane 0 reads with no __syncwarp
// gpu: differs, a race: lane 0's read need not see the other lanes' increments
// kernel: w6rWarpAddReadNoSyncwarp
// launch: grid 1 block 32
// buffer: out u32 1 = 0
// params: out
// expect: hazard races
// why: lane 0's plain read and lanes 1..31's atomicAdd on s are in one interval with no __syncwarp/__syncthreads between; same warp does not by itself order them
__global__ void w6rWarpAddReadNoSyncwarp(unsigned* out)
{
    __shared__ unsigned s;
    if (threadIdx.x == 0) s = 0;
    __syncthreads();
    atomicAdd(&s, 1u);
    if (threadIdx.x == 0) out[0] = s;
}

// case: w6h one warp: every lane atomicAdd, __syncwarp(), lane 0 reads
// kernel: w6hWarpAddReadSyncwarp
// launch: grid 1 block 32
// buffer: out u32 1 = 0
// params: out
// expect: out[0] = 32
// expect: no hazards
// why: __syncwarp() with the full mask names lane 0 and every atomic lane, so it orders the atomics before the read
__global__ void w6hWarpAddReadSyncwarp(unsigned* out)
{
    __shared__ unsigned s;
    if (threadIdx.x == 0) s = 0;
    __syncthreads();
    atomicAdd(&s, 1u);
    __syncwarp();
    if (threadIdx.x == 0) out[0] = s;
}

// ---------------------------------------------------------------------------
// Order (b): plain access first, another thread's atomic after, same interval.

// case: b1r thread 0 reads the counter while every thread (two warps) still atomicAdds it, no barrier between
// gpu: differs, a race: thread 0's early read sees 0 or some increments depending on warp order
// kernel: b1rReadBeforeAdds
// launch: grid 1 block 64
// buffer: out u32 2 = 0
// params: out
// expect: hazard races
// why: thread 0's plain read of count and the atomicAdds of threads 1..63 are in one barrier interval; program order only orders thread 0's own atomic after its read
__global__ void b1rReadBeforeAdds(unsigned* out)
{
    __shared__ unsigned count;
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    if (threadIdx.x == 0) out[1] = count;
    atomicAdd(&count, 1u);
    __syncthreads();
    if (threadIdx.x == 0) out[0] = count;
}

// case: b1h thread 0 reads the counter, __syncthreads, then every thread atomicAdds
// kernel: b1hReadSyncAdds
// launch: grid 1 block 64
// buffer: out u32 2 = 7
// params: out
// expect: out[0..1] = list 64 0
// expect: no hazards
// why: the barrier orders thread 0's plain read before every atomic; the read sees the zero
__global__ void b1hReadSyncAdds(unsigned* out)
{
    __shared__ unsigned count;
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    if (threadIdx.x == 0) out[1] = count;
    __syncthreads();
    atomicAdd(&count, 1u);
    __syncthreads();
    if (threadIdx.x == 0) out[0] = count;
}

// case: b2r every thread: int seen = s_count; atomicAdd(&s_count, 1);
// gpu: differs, a race: each thread's seen is however many increments preceded its read
// kernel: b2rSeenThenAdd
// launch: grid 1 block 64
// buffer: out u32 65 = 0
// params: out
// expect: hazard races
// why: thread i's plain read of s_count and thread j's atomicAdd (j != i) share one barrier interval; every thread executes both accesses
__global__ void b2rSeenThenAdd(unsigned* out)
{
    __shared__ unsigned s_count;
    if (threadIdx.x == 0) s_count = 0;
    __syncthreads();
    unsigned seen = s_count;
    atomicAdd(&s_count, 1u);
    __syncthreads();
    out[threadIdx.x] = seen;
    if (threadIdx.x == 0) out[64] = s_count;
}

// case: b2h every thread: int seen = s_count; __syncthreads(); atomicAdd(&s_count, 1);
// kernel: b2hSeenSyncAdd
// launch: grid 1 block 64
// buffer: out u32 65 = 9
// params: out
// expect: out[0..63] = 0
// expect: out[64] = 64
// expect: no hazards
// why: the barrier orders every plain read before every atomic, so all reads see 0
__global__ void b2hSeenSyncAdd(unsigned* out)
{
    __shared__ unsigned s_count;
    if (threadIdx.x == 0) s_count = 0;
    __syncthreads();
    unsigned seen = s_count;
    __syncthreads();
    atomicAdd(&s_count, 1u);
    __syncthreads();
    out[threadIdx.x] = seen;
    if (threadIdx.x == 0) out[64] = s_count;
}

// case: b3r warp 0 reads the bins, warp 1 atomicAdds into them, no barrier between
// gpu: differs, a race: warp 0 sees 0 or some of warp 1's increments depending on warp order
// kernel: b3rWarp0ReadsWarp1Adds
// launch: grid 1 block 64
// buffer: out u32 40 = 0
// params: out
// expect: hazard races
// why: warp 0's plain reads of hist[t%8] and warp 1's atomicAdd on the same bins are in one barrier interval, different warps, nothing between
__global__ void b3rWarp0ReadsWarp1Adds(unsigned* out)
{
    __shared__ unsigned hist[8];
    const unsigned t = threadIdx.x;
    if (t < 8) hist[t] = 0;
    __syncthreads();
    if (t < 32) out[t] = hist[t % 8u];
    if (t >= 32) atomicAdd(&hist[t % 8u], 1u);
    __syncthreads();
    if (t < 8) out[32 + t] = hist[t];
}

// case: b3h warp 0 reads the bins, __syncthreads, warp 1 atomicAdds
// kernel: b3hWarp0ReadsSyncWarp1Adds
// launch: grid 1 block 64
// buffer: out u32 40 = 5
// params: out
// expect: out[0..31] = 0
// expect: out[32..39] = 4
// expect: no hazards
// why: the barrier (reached by all 64 threads) orders warp 0's reads before warp 1's atomics; warp 1 puts 4 into each of 8 bins
__global__ void b3hWarp0ReadsSyncWarp1Adds(unsigned* out)
{
    __shared__ unsigned hist[8];
    const unsigned t = threadIdx.x;
    if (t < 8) hist[t] = 0;
    __syncthreads();
    if (t < 32) out[t] = hist[t % 8u];
    __syncthreads();
    if (t >= 32) atomicAdd(&hist[t % 8u], 1u);
    __syncthreads();
    if (t < 8) out[32 + t] = hist[t];
}

// case: b4r threads 0..7 plainly write bins, warp 1 atomicOr into the same bins, no barrier between
// gpu: differs, a race: a plain store landing after an atomicOr erases its bits
// kernel: b4rPlainWriteThenOr
// launch: grid 1 block 64
// buffer: out u32 8 = 0
// params: out
// expect: hazard races
// why: thread t<8's plain write of hist[t] and warp 1's atomicOr on hist[t%8] are in one barrier interval (the zeroing is a barrier earlier), different threads, nothing between
__global__ void b4rPlainWriteThenOr(unsigned* out)
{
    __shared__ unsigned hist[8];
    const unsigned t = threadIdx.x;
    if (t < 8) hist[t] = 0;
    __syncthreads();
    if (t < 8) hist[t] = t + 1u;
    if (t >= 32) atomicOr(&hist[t % 8u], 1u << (t / 8u));
    __syncthreads();
    if (t < 8) out[t] = hist[t];
}

// case: b4h threads 0..7 plainly write bins, __syncthreads, warp 1 atomicOr
// kernel: b4hPlainWriteSyncOr
// launch: grid 1 block 64
// buffer: out u32 8 = 0
// params: out
// expect: out[0..7] = list 241 242 243 244 245 246 247 248
// expect: no hazards
// why: the barrier orders the plain stores before the atomics; bin i gets (i+1) | bits 4..7 (t/8 for t=32+i,40+i,48+i,56+i) = 240 + i + 1
__global__ void b4hPlainWriteSyncOr(unsigned* out)
{
    __shared__ unsigned hist[8];
    const unsigned t = threadIdx.x;
    if (t < 8) hist[t] = 0;
    __syncthreads();
    if (t < 8) hist[t] = t + 1u;
    __syncthreads();
    if (t >= 32) atomicOr(&hist[t % 8u], 1u << (t / 8u));
    __syncthreads();
    if (t < 8) out[t] = hist[t];
}

// case: b5r thread 40 (warp 1) plainly reads the owner word while warp 0 claims it with atomicCAS, no barrier
// gpu: differs, a race: thread 40 sees the sentinel or the winner depending on warp order
// kernel: b5rReadWhileClaim
// launch: grid 1 block 64
// buffer: out u32 2 = 0
// params: out
// expect: hazard races
// why: thread 40's plain read (not part of any CAS loop: it never CASes) and warp 0's atomicCAS on owner share one barrier interval; a CAS writes (it is an RMW)
__global__ void b5rReadWhileClaim(unsigned* out)
{
    __shared__ unsigned owner;
    const unsigned t = threadIdx.x;
    if (t == 0) owner = 1000u;
    __syncthreads();
    if (t == 40) out[1] = owner;
    if (t < 32) atomicCAS(&owner, 1000u, t);
    __syncthreads();
    if (t == 0) out[0] = owner < 32u ? 1u : 0u;
}

// case: b5h thread 40 reads the owner word, __syncthreads, warp 0 claims with atomicCAS
// kernel: b5hReadSyncClaim
// launch: grid 1 block 64
// buffer: out u32 2 = 0
// params: out
// expect: out[0..1] = list 1 1000
// expect: no hazards
// why: the barrier orders thread 40's read before the CASes; one of warp 0's CASes wins, so owner < 32 after the final barrier
__global__ void b5hReadSyncClaim(unsigned* out)
{
    __shared__ unsigned owner;
    const unsigned t = threadIdx.x;
    if (t == 0) owner = 1000u;
    __syncthreads();
    if (t == 40) out[1] = owner;
    __syncthreads();
    if (t < 32) atomicCAS(&owner, 1000u, t);
    __syncthreads();
    if (t == 0) out[0] = owner < 32u ? 1u : 0u;
}

// ---------------------------------------------------------------------------
// Order (b) inside one warp: lane reads, other lanes' atomics.

// case: w1h one warp: lane 5 reads, __syncwarp(), all lanes atomicAdd, __syncwarp(), lane 5 reads again
// kernel: w1hLaneReadSyncwarpAdds
// launch: grid 1 block 32
// buffer: out u32 2 = 9
// params: out
// expect: out[0..1] = list 0 32
// expect: no hazards
// why: the full-mask __syncwarp names lane 5 and every atomic lane, so it orders the first read before the atomics; the second __syncwarp orders the atomics before the second read
__global__ void w1hLaneReadSyncwarpAdds(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned lane = threadIdx.x;
    if (lane == 0) s = 0;
    __syncthreads();
    unsigned seen = 0;
    if (lane == 5) seen = s;
    __syncwarp();
    atomicAdd(&s, 1u);
    __syncwarp();
    if (lane == 5) { out[0] = seen; out[1] = s; }
}

// case: w2r one warp: lane 5 reads, all lanes atomicAdd, no __syncwarp between
// gpu: differs, a race: lane 5's first read is unordered with the other lanes' increments
// kernel: w2rLaneReadAddsNoSyncwarp
// launch: grid 1 block 32
// buffer: out u32 2 = 0
// params: out
// expect: hazard races
// why: lane 5's plain read and lanes != 5's atomicAdd on s are in one interval with nothing naming both lanes between them (same warp is not an ordering)
__global__ void w2rLaneReadAddsNoSyncwarp(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned lane = threadIdx.x;
    if (lane == 0) s = 0;
    __syncthreads();
    unsigned seen = 0;
    if (lane == 5) seen = s;
    atomicAdd(&s, 1u);
    __syncwarp();
    if (lane == 5) { out[0] = seen; out[1] = s; }
}

// case: w3r one warp: lane 20 reads, lanes 0..15 __syncwarp(0x0000ffff), all lanes atomicAdd
// gpu: differs, a race: the partial __syncwarp does not include lane 20, so its read is unordered with the atomics
// kernel: w3rPartialSyncwarpMissesReader
// launch: grid 1 block 32
// buffer: out u32 2 = 0
// params: out
// expect: hazard races
// why: the mask 0x0000ffff does not name lane 20, so neither it nor anything else orders lane 20's plain read before the atomicAdds of lanes 0..15 (or 16..31)
__global__ void w3rPartialSyncwarpMissesReader(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned lane = threadIdx.x;
    if (lane == 0) s = 0;
    __syncthreads();
    unsigned seen = 0;
    if (lane == 20) seen = s;
    if (lane < 16) __syncwarp(0x0000ffffu);
    atomicAdd(&s, 1u);
    __syncwarp();
    if (lane == 20) { out[0] = seen; out[1] = s; }
}

// case: w4h one warp: lane 3 reads, lanes 0..15 __syncwarp(0x0000ffff), only lanes 0..15 atomicAdd
// kernel: w4hPartialSyncwarpNamesBoth
// launch: grid 1 block 32
// buffer: out u32 2 = 9
// params: out
// expect: out[0..1] = list 0 16
// expect: no hazards
// why: the mask names lane 3 and every atomic lane (0..15), so it orders lane 3's read before them; the full __syncwarp orders them before the final read
__global__ void w4hPartialSyncwarpNamesBoth(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned lane = threadIdx.x;
    if (lane == 0) s = 0;
    __syncthreads();
    unsigned seen = 0;
    if (lane == 3) seen = s;
    if (lane < 16) {
        __syncwarp(0x0000ffffu);
        atomicAdd(&s, 1u);
    }
    __syncwarp();
    if (lane == 3) { out[0] = seen; out[1] = s; }
}

// case: w5r one warp: lane 3 reads, lanes 0..15 __syncwarp(0x0000ffff), lanes 16..31 atomicAdd
// gpu: differs, a race: lanes 16..31 never synchronise with lane 3 before their atomics
// kernel: w5rPartialSyncwarpMissesWriters
// launch: grid 1 block 32
// buffer: out u32 2 = 0
// params: out
// expect: hazard races
// why: the mask names lane 3 but not the atomic lanes 16..31, so lane 3's plain read and their atomicAdds are unordered in one interval
__global__ void w5rPartialSyncwarpMissesWriters(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned lane = threadIdx.x;
    if (lane == 0) s = 0;
    __syncthreads();
    unsigned seen = 0;
    if (lane == 3) seen = s;
    if (lane < 16) __syncwarp(0x0000ffffu);
    else atomicAdd(&s, 1u);
    __syncwarp();
    if (lane == 3) { out[0] = seen; out[1] = s; }
}

// ---------------------------------------------------------------------------
// Honest shapes.

// case: h1 shared histogram per block: zero, __syncthreads, atomicAdd, __syncthreads, plain reads to global (2 blocks)
// kernel: h1HistTwoBlocks
// launch: grid 2 block 256
// buffer: in u32 512 = iota*3+1
// buffer: out u32 32 = 0
// params: in out
// expect: out[0..15] = list 17 14 17 11 12 14 14 12 19 15 18 18 25 15 18 17
// expect: out[16..31] = list 21 16 18 21 23 14 18 17 15 14 15 11 11 15 17 10
// expect: no hazards
// why: zeroing, atomics and reads are separated by __syncthreads; each block has its own shared hist; bins ((v*v)/7 + v/5) % 16 counted by hand
__global__ void h1HistTwoBlocks(const unsigned* in, unsigned* out)
{
    __shared__ unsigned hist[16];
    const unsigned t = threadIdx.x;
    if (t < 16) hist[t] = 0;
    __syncthreads();
    const unsigned v = in[blockIdx.x * blockDim.x + t];
    atomicAdd(&hist[((v * v) / 7u + v / 5u) % 16u], 1u);
    __syncthreads();
    if (t < 16) out[blockIdx.x * 16u + t] = hist[t];
}

// case: h2 warp-aggregated atomics: lane 0 atomicAdd(&cursor, 32), base broadcast by __shfl_sync
// kernel: h2WarpAggregated
// launch: grid 1 block 128
// buffer: out u32 129 = 0
// params: out
// expect: out[0..127] = 0
// expect: out[128] = 128
// expect: no hazards
// why: only lane 0 of each warp touches cursor (atomically) before the barrier, the shfl broadcasts its return value; bases are distinct multiples of 32, so each slot base+lane is written once with (base+lane)%32 - lane = 0 in any order; 4 warps add 32 each
__global__ void h2WarpAggregated(unsigned* out)
{
    __shared__ unsigned cursor;
    const unsigned lane = threadIdx.x % 32u;
    if (threadIdx.x == 0) cursor = 0;
    __syncthreads();
    unsigned base = 0;
    if (lane == 0) base = atomicAdd(&cursor, 32u);
    base = __shfl_sync(0xffffffffu, base, 0);
    out[base + lane] = (base + lane) % 32u - lane;
    __syncthreads();
    if (threadIdx.x == 0) out[128] = cursor;
}

// case: h4 float max via atomicCAS on int bits, all 256 threads, shared word
// kernel: h4CasFloatMax
// launch: grid 1 block 256
// buffer: out f32 1 = 0
// params: out
// expect: out[0] = 98.5
// expect: no hazards
// why: the loop's first plain read is only the CAS's guess (the exception); the init and the final read are separated from the CASes by barriers; max of (t*53)%200 - 100.5 is 199 - 100.5
__global__ void h4CasFloatMax(float* out)
{
    __shared__ float m;
    const unsigned t = threadIdx.x;
    if (t == 0) m = -1000.0f;
    __syncthreads();
    const float val = (float)((t * 53u) % 200u) - 100.5f;
    int* a = (int*)&m;
    int old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
    } while (assumed != old);
    __syncthreads();
    if (t == 0) out[0] = m;
}

// The guide's double atomicAdd through unsigned long long atomicCAS.
__device__ __forceinline__ double guideAtomicAddDouble(double* address, double val)
{
    unsigned long long int* address_as_ull = (unsigned long long int*)address;
    unsigned long long int old = *address_as_ull, assumed;
    do {
        assumed = old;
        old = atomicCAS(address_as_ull, assumed,
                        __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}

// case: h5 guide's double add via unsigned long long CAS on a __shared__ double, 2 blocks
// kernel: h5CasDoubleAdd
// launch: grid 2 block 128
// buffer: out f64 2 = 0
// params: out
// expect: out[0..1] = 2032
// expect: no hazards
// why: CAS loop's first plain read is exempt; barriers around; sum of t*0.25 for t<128 = 2032, every partial sum a multiple of 0.25 so exact in any order
__global__ void h5CasDoubleAdd(double* out)
{
    __shared__ double s;
    if (threadIdx.x == 0) s = 0.0;
    __syncthreads();
    guideAtomicAddDouble(&s, threadIdx.x * 0.25);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = s;
}

// case: h6 atomicMax, atomicMin, atomicOr by all threads, read after a barrier
// kernel: h6MaxMinOr
// launch: grid 1 block 128
// buffer: out u32 3 = 0
// params: out
// expect: out[0..2] = list 973 7 1023
// expect: no hazards
// why: atomics never race with each other; init and reads are separated from them by __syncthreads; v = (t*37+11)%1000
__global__ void h6MaxMinOr(unsigned* out)
{
    __shared__ unsigned mx, mn, orv;
    const unsigned t = threadIdx.x;
    if (t == 0) { mx = 0; mn = 0xffffffffu; orv = 0; }
    __syncthreads();
    const unsigned v = (t * 37u + 11u) % 1000u;
    atomicMax(&mx, v);
    atomicMin(&mn, v);
    atomicOr(&orv, v);
    __syncthreads();
    if (t == 0) { out[0] = mx; out[1] = mn; out[2] = orv; }
}

// case: h7 each thread plainly writes, atomicAdds, plainly reads and atomicExchs its own word, no barrier
// kernel: h7OwnWordSelf
// launch: grid 1 block 64
// buffer: out u32 64 = 0
// params: out
// expect: out[0..63] = iota*2+200
// expect: no hazards
// why: only thread t touches s[t]; a thread never races with itself, program order orders its own accesses: ((t + 100) * 2)
__global__ void h7OwnWordSelf(unsigned* out)
{
    __shared__ unsigned s[64];
    const unsigned t = threadIdx.x;
    s[t] = t;
    atomicAdd(&s[t], 100u);
    const unsigned v = s[t];
    atomicExch(&s[t], v * 2u);
    out[t] = s[t];
}

// case: h8 ticket from the atomic's return value (not a plain read), slots marked, barrier, read
// kernel: h8TicketFromReturn
// launch: grid 1 block 96
// buffer: out u32 97 = 0
// params: out
// expect: out[0..95] = 1
// expect: out[96] = 96
// expect: no hazards
// why: the counter is only touched by atomics between barriers; tickets are distinct so the plain slot stores are to distinct words; the barrier orders them before the reads
__global__ void h8TicketFromReturn(unsigned* out)
{
    __shared__ unsigned next;
    __shared__ unsigned slot[96];
    const unsigned t = threadIdx.x;
    if (t == 0) next = 0;
    __syncthreads();
    const unsigned ticket = atomicAdd(&next, 1u);
    slot[ticket] = 1u;
    __syncthreads();
    out[t] = slot[t];
    if (t == 0) out[96] = next;
}
