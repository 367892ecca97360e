// Golden: what the shadow makes of shared-memory atomics in plain mode (no
// fence in the program): a histogram nobody zeroed reads its bins
// uninitialised; a plain store and another thread's atomic of one word in
// one epoch race; a thread's own store then atomic, or a store a barrier
// before, is honest; a compare-and-swap loop's first plain read is honest. The verdicts are the CUDA model's: an atomic reads the
// old value (so it reads the word), and atomics are ordered only with
// atomics. The runner's reference mode takes each lane's atomic through the
// shadow's general write; the fast path (shadow.c atomics4) must give the
// same report. Then 64-bit atomics in shared memory, and global 64-bit
// and, or and xor with a fence in the program (lane by lane). Last, a
// plain read before another thread's atomic, a race as the read after it
// is, in plain mode and with a fence; a thread's read before its own
// atomic; and a read nvcc loads in every thread for lane 3 (a selp keeps
// lane 3's value), ordered before the atomics by a partial __syncwarp():
// honest, though the other lanes' and the other warp's loads are not.

// case: a histogram whose bins nobody zeroed: each atomic reads a word no thread wrote
// gpu: differs, the bins start with whatever shared memory held
// kernel: histNoZero
// launch: grid 1 block 64
// buffer: in u32 64 = iota*7+3
// buffer: out u32 16 = 0
// params: in out
// expect: hazard memory kind UNINIT_SHARED line @hist
// expect: hazards 1
__global__ void histNoZero(const unsigned* in, unsigned* out)
{
    __shared__ unsigned bins[16];
    const unsigned t = threadIdx.x;
    atomicAdd(&bins[in[t] % 16], 1u);  // @hist
    __syncthreads();
    if (t < 16) out[t] = bins[t];
}

// case: the same histogram zeroed first, a barrier between: honest; runs of one bin and spread bins
// kernel: histZeroed
// launch: grid 2 block 64
// buffer: in u32 128 = list 0 0 0 0 1 1 2 3 4 4 4 4 4 4 4 4 5 6 7 8 9 10 11 12 13 14 15 15 15 15 15 15 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 1 2 1 2 1 2 1 2 1 2 1 2 1 2 1 2
// buffer: out u32 32 = 0
// params: in out
// expect: out[0..15] = list 6 4 3 3 10 3 3 3 3 3 3 3 3 3 3 8
// expect: out[16..31] = list 0 8 8 32 0 0 0 0 0 16 0 0 0 0 0 0
// expect: no hazards
__global__ void histZeroed(const unsigned* in, unsigned* out)
{
    __shared__ unsigned bins[16];
    const unsigned t = threadIdx.x;
    if (t < 16) bins[t] = 0;
    __syncthreads();
    atomicAdd(&bins[in[blockIdx.x * 64 + t] % 16], 1u);
    __syncthreads();
    if (t < 16) out[blockIdx.x * 16 + t] = bins[t];
}

// case: thread 0 stores a word, then every thread adds to it with no barrier between: lane 1's atomic races with lane 0's store (thread 0's own atomic after its store keeps the store as the word's record)
// gpu: differs, thread 0's store races with the other threads' atomics
// kernel: storeThenAtomic
// launch: grid 1 block 64
// buffer: out u32 1 = 0
// params: out
// expect: hazard races kind RACE_WARP line @staAdd line2 @staStore
// expect: hazards 1
__global__ void storeThenAtomic(unsigned* out)
{
    __shared__ unsigned c;
    const unsigned t = threadIdx.x;
    if (t == 0) c = 0;  // @staStore
    atomicAdd(&c, 1u);  // @staAdd
    __syncthreads();
    if (t == 0) out[0] = c;
}

// case: each thread stores its own word and then adds to it (its own order), and adds to a word stored a barrier before: honest
// kernel: ownStoreThenAtomic
// launch: grid 1 block 64
// buffer: out u32 65 = 0
// params: out
// expect: out[0..63] = iota*1+5
// expect: out[64..64] = 64
// expect: no hazards
__global__ void ownStoreThenAtomic(unsigned* out)
{
    __shared__ unsigned own[64], shared1;
    const unsigned t = threadIdx.x;
    own[t] = t;
    atomicAdd(&own[t], 5u);
    if (t == 0) shared1 = 0;
    __syncthreads();
    atomicAdd(&shared1, 1u);
    __syncthreads();
    out[t] = own[t];
    if (t == 0) out[64] = shared1;
}

// case: an atomic on a word whose low half alone was stored (a 16-bit store): two of its bytes were never written
// kernel: halfStoredWord
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: out[0..31] = iota*1+1
// expect: hazard memory kind UNINIT_SHARED line @hsAdd
// expect: hazards 1
__global__ void halfStoredWord(unsigned* out)
{
    __shared__ unsigned w[32];
    const unsigned t = threadIdx.x;
    reinterpret_cast<unsigned short*>(&w[t])[0] = (unsigned short)t;
    __syncwarp();
    atomicAdd(&w[t], 1u);  // @hsAdd
    __syncwarp();
    out[t] = w[t] & 0xffffu;
}

// case: a float max in shared memory by the CUDA Programming Guide's
// compare-and-swap loop (here a while loop), its first read plain: the read's
// value is the CAS's compare operand, a guess the CAS checks, so a read
// after another thread's CAS is no race (lower.c's mark_cas_seeds); the
// result read after a barrier
// kernel: casMaxShared
// launch: grid 2 block 64
// buffer: out f32 2 = 0
// params: out
// expect: out[0..1] = list 63 63
// expect: no hazards
__device__ float casMax(float* addr, float value)
{
    unsigned* a = reinterpret_cast<unsigned*>(addr);
    unsigned seen = *a;
    while (__uint_as_float(seen) < value) { /* a while loop: the guess re-read from the CAS */
        const unsigned was = atomicCAS(a, seen, __float_as_uint(value));
        if (was == seen) break;
        seen = was;
    }
    return __uint_as_float(seen);
}

__global__ void casMaxShared(float* out)
{
    __shared__ float m;
    if (threadIdx.x == 0) m = -1.0f;
    __syncthreads();
    casMax(&m, (float)((threadIdx.x * 37 + blockIdx.x) % 64));
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = m;
}

// case: the same loop on a 64-bit word, the Programming Guide's double
// add by atomicCAS, in shared memory: honest
// kernel: casAddDoubleShared
// launch: grid 1 block 64
// buffer: out f64 1 = 0
// params: out
// expect: out[0] = 2016
// expect: no hazards
__global__ void casAddDoubleShared(double* out)
{
    __shared__ double sum;
    if (threadIdx.x == 0) sum = 0.0;
    __syncthreads();
    unsigned long long* a = reinterpret_cast<unsigned long long*>(&sum);
    unsigned long long old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong((double)threadIdx.x + __longlong_as_double(assumed)));
    } while (assumed != old);
    __syncthreads();
    if (threadIdx.x == 0) out[0] = sum;
}

// case: 64-bit atomics in shared memory, zeroed first: add, max, min, and exchange; honest
// kernel: shared64
// launch: grid 1 block 64
// buffer: out u64 4 = 0
// params: out
// expect: out[0..3] = list 4294967360 63 1000 0
// expect: no hazards
__global__ void shared64(unsigned long long* out)
{
    __shared__ unsigned long long v[4];
    const unsigned t = threadIdx.x;
    if (t < 4) v[t] = t == 2 ? 2000ull : 0ull;
    __syncthreads();
    atomicAdd(&v[0], (1ull << 26) + 1ull);
    atomicMax(&v[1], (unsigned long long)t);
    atomicMin(&v[2], 1000ull + t);
    atomicExch(&v[3], 0ull);
    __syncthreads();
    if (t < 4) out[t] = v[t];
}

// case: 64-bit atomics in shared memory nobody zeroed
// gpu: differs, the words start with whatever shared memory held
// kernel: shared64NoZero
// launch: grid 1 block 32
// buffer: out u64 1 = 0
// params: out
// expect: hazard memory kind UNINIT_SHARED line @s64Add
// expect: hazards 1
__global__ void shared64NoZero(unsigned long long* out)
{
    __shared__ unsigned long long v;
    atomicAdd(&v, 1ull);  // @s64Add
    __syncwarp();
    if (threadIdx.x == 0) out[0] = v;
}

// case: global 64-bit and, or and xor with a fence in the program (each lane's atomic on its own), one word and spread words
// kernel: global64Bits
// launch: grid 2 block 64
// buffer: w u64 6 = list 0xffffffffffffffff 0 0 0xffffffffffffffff 0 0
// buffer: spread u64 128 = 0
// params: w spread
// expect: w[0..5] = list 0 0xffffffffffffffff 0 0 0xffffffffffffffff 0
// expect: spread[0..127] = iota*1+0
// expect: no hazards
__global__ void global64Bits(unsigned long long* w, unsigned long long* spread)
{
    const unsigned t = threadIdx.x, g = blockIdx.x * 64 + t;
    unsigned long long* mine = w + blockIdx.x * 3;
    atomicAnd(&mine[0], ~(1ull << t));
    atomicOr(&mine[1], 1ull << t);
    atomicXor(&mine[2], 1ull << t);
    atomicXor(&mine[2], 1ull << t);
    __threadfence();
    atomicOr(&spread[g], (unsigned long long)g);
}

// case: with a fence in the program (the happens-before check): thread 0 stores a word, then every thread adds to it with no barrier between, a race as in the plain check
// gpu: differs, thread 0's store races with the other threads' atomics
// kernel: storeThenAtomicFenced
// launch: grid 1 block 64
// buffer: out u32 2 = 0
// params: out
// expect: hazard races kind RACE_WARP line @stafAdd line2 @stafStore
// expect: hazards 1
__global__ void storeThenAtomicFenced(unsigned* out)
{
    __shared__ unsigned c;
    const unsigned t = threadIdx.x;
    if (t == 0) c = 0;  // @stafStore
    atomicAdd(&c, 1u);  // @stafAdd
    __syncthreads();
    if (t == 0) {
        out[0] = c;
        __threadfence();
        out[1] = 1;
    }
}

// case: with a fence in the program: the compare-and-swap loop's first plain read after another thread's CAS, honest as in the plain check
// kernel: casMaxFenced
// launch: grid 1 block 64
// buffer: out f32 2 = 0
// params: out
// expect: out[0..1] = list 63 1
// expect: no hazards
__global__ void casMaxFenced(float* out)
{
    __shared__ float m;
    if (threadIdx.x == 0) m = -1.0f;
    __syncthreads();
    casMax(&m, (float)((threadIdx.x * 37) % 64));
    __syncthreads();
    if (threadIdx.x == 0) {
        out[0] = m;
        __threadfence();
        out[1] = 1.0f;
    }
}

// case: every thread reads a word and then adds to it, no barrier or __syncwarp() between: lane 0's atomic races with the other lanes' reads before it (a plain read and another thread's atomic of one word in one epoch, whichever comes first)
// gpu: differs, the reads race with the other threads' atomics
// kernel: readThenAtomic
// launch: grid 1 block 64
// buffer: out u32 64 = 0
// params: out
// expect: hazard races kind RACE_WARP line @rtaAdd line2 @rtaRead
__global__ void readThenAtomic(unsigned* out)
{
    __shared__ unsigned c;
    const unsigned t = threadIdx.x;
    if (t == 0) c = 0;
    __syncthreads();
    unsigned seen = c;  // @rtaRead
    atomicAdd(&c, 1u);  // @rtaAdd
    out[t] = seen;
}

// case: one thread reads a word and then adds to it; no other thread touches it: honest (a thread is ordered with itself), whatever nvcc loads in the other lanes
// kernel: ownReadThenAtomic
// launch: grid 1 block 64
// buffer: out u32 2 = 9
// params: out
// expect: out[0..1] = list 7 8
// expect: no hazards
__global__ void ownReadThenAtomic(unsigned* out)
{
    __shared__ unsigned c;
    const unsigned t = threadIdx.x;
    if (t == 0) c = 7;
    __syncthreads();
    unsigned seen = 0;
    if (t == 3) seen = c;
    if (t == 3) atomicAdd(&c, 1u);
    __syncthreads();
    if (t == 3) {
        out[0] = seen;
        out[1] = c;
    }
}

// case: lane 3 reads a word, lanes 0 to 15 meet at __syncwarp(0xffff) and add to it: honest. nvcc loads the word in every thread of both warps and keeps lane 3's value (a selp): the other loads are its, not the program's, and race with nothing
// kernel: selectedReadThenAtomic
// launch: grid 1 block 64
// buffer: out u32 2 = 9
// params: out
// expect: out[0..1] = list 5 21
// expect: no hazards
__global__ void selectedReadThenAtomic(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned t = threadIdx.x;
    if (t == 0) s = 5;
    __syncthreads();
    unsigned seen = 0;
    if (t == 3) seen = s;
    if (t < 16) {
        __syncwarp(0x0000ffffu);
        atomicAdd(&s, 1u);
    }
    __syncthreads();
    if (t == 3) {
        out[0] = seen;
        out[1] = s;
    }
}

// case: with a fence in the program (the happens-before check): every thread reads a word and then adds to it with no barrier between, a race as in the plain check
// gpu: differs, the reads race with the other threads' atomics
// kernel: readThenAtomicFenced
// launch: grid 1 block 64
// buffer: out u32 65 = 0
// params: out
// expect: hazard races kind RACE_WARP line @rtafAdd line2 @rtafRead
__global__ void readThenAtomicFenced(unsigned* out)
{
    __shared__ unsigned c;
    const unsigned t = threadIdx.x;
    if (t == 0) c = 0;
    __syncthreads();
    unsigned seen = c;  // @rtafRead
    atomicAdd(&c, 1u);  // @rtafAdd
    out[t] = seen;
    __threadfence();
    if (t == 0) out[64] = 1;
}

// case: with a fence in the program: lane 3's read, then lanes 0 to 15 add after __syncwarp(0xffff), honest as in the plain check
// kernel: selectedReadThenAtomicFenced
// launch: grid 1 block 64
// buffer: out u32 3 = 9
// params: out
// expect: out[0..2] = list 5 21 1
// expect: no hazards
__global__ void selectedReadThenAtomicFenced(unsigned* out)
{
    __shared__ unsigned s;
    const unsigned t = threadIdx.x;
    if (t == 0) s = 5;
    __syncthreads();
    unsigned seen = 0;
    if (t == 3) seen = s;
    if (t < 16) {
        __syncwarp(0x0000ffffu);
        atomicAdd(&s, 1u);
    }
    __syncthreads();
    if (t == 3) {
        out[0] = seen;
        out[1] = s;
        __threadfence();
        out[2] = 1;
    }
}
