// Golden: a warp's atomics by their ops, where every lane names one word (a
// counter, a flag: its value kept from lane to lane) and where the lanes'
// words differ, in shared memory and in global memory (whose atomics run
// with one host thread: blocks that may talk to each other run in index
// order). The runner's reference mode takes each lane's atomic on its own;
// the outputs are the same in any order the lanes' atomics take, as on a
// GPU.

// case: every lane of a block on its block's word, each op (add's old values each once)
// kernel: oneWord
// launch: grid 4 block 64
// buffer: cnt u32 32 = 0
// buffer: hits u32 256 = 0
// buffer: f f32 4 = 0
// buffer: big u64 8 = 0
// params: cnt hits f big
// expect: hits[0..255] = 1
// expect: cnt[0..31] = list 64 63 5 4294967295 0 4 1 1 64 63 5 4294967295 0 4 1 1 64 63 5 4294967295 0 4 1 1 64 63 5 4294967295 0 4 1 1
// expect: f[0..3] = 32
// expect: big[0..7] = list 192 63 192 63 192 63 192 63
// expect: no hazards
__global__ void oneWord(unsigned* cnt, unsigned* hits, float* f, unsigned long long* big)
{
    unsigned* c = cnt + blockIdx.x * 8;
    const unsigned t = threadIdx.x;
    if (t == 0) c[2] = 1000;
    __syncthreads();
    const unsigned o = atomicAdd(&c[0], 1u);
    hits[blockIdx.x * 64 + o] += 1;
    atomicMax(&c[1], t);
    atomicMin(&c[2], t + 5);
    atomicOr(&c[3], 1u << (t & 31));
    atomicXor(&c[4], 1u << (t & 31));
    atomicInc(&c[5], 9u);
    if (atomicCAS(&c[6], 0u, 1u) == 0u) atomicAdd(&c[7], 1u);
    atomicAdd(&f[blockIdx.x], 0.5f);
    atomicAdd(&big[blockIdx.x * 2], 3ull);
    atomicMax(&big[blockIdx.x * 2 + 1], (unsigned long long)t);
}

// case: part of a warp on one word, the old values read back
// kernel: oneWordPartial
// launch: grid 4 block 32
// buffer: cnt s32 4 = 100
// buffer: seen u32 44 = 0
// params: cnt seen
// expect: cnt[0..3] = 78
// expect: seen[0..43] = 1
// expect: no hazards
__global__ void oneWordPartial(int* cnt, unsigned* seen)
{
    if (threadIdx.x % 3 == 0) {
        const int o = atomicSub(&cnt[blockIdx.x], 2);      // 11 lanes: 100, 98, ..., 80
        seen[blockIdx.x * 11 + (100 - o) / 2] += 1;
    }
}

// case: lanes on different words, global and shared, each op
// kernel: spread
// launch: grid 2 block 64
// buffer: out u32 64 = 0
// params: out
// expect: out[0..7] = list 56 57 58 59 60 61 62 63
// expect: out[8..11] = 1
// expect: out[12..15] = list 0 1 2 3
// expect: out[16..23] = list 255 255 255 255 255 255 255 255
// expect: out[24..31] = 1
// expect: out[32..39] = list 56 57 58 59 60 61 62 63
// expect: out[40..43] = 1
// expect: out[44..47] = list 0 1 2 3
// expect: out[48..55] = list 255 255 255 255 255 255 255 255
// expect: out[56..63] = 1
// expect: no hazards
__global__ void spread(unsigned* out)
{
    __shared__ unsigned mx[8], mn[4], bits[8], wins[8], slot[8];
    unsigned* o = out + blockIdx.x * 32;
    const unsigned t = threadIdx.x;
    if (t < 8) mx[t] = 0, bits[t] = 0, wins[t] = 0, slot[t] = 0;
    if (t < 4) mn[t] = 1000;
    __syncthreads();
    atomicMax(&mx[t & 7], t);              // shared, 8 words: 56 + k
    atomicMin(&mn[t & 3], t);              // shared, 4 words: k
    atomicOr(&bits[t & 7], 1u << (t >> 3)); // 8 lanes a word: 0xff
    if (atomicCAS(&slot[t & 7], 0u, 1u) == 0u) atomicAdd(&wins[t & 7], 1u);
    __syncthreads();
    if (t < 8) atomicMax(&o[t], mx[t]);    // global, a word a lane
    if (t < 4) {
        if (atomicCAS(&o[8 + t], 0u, 1u) != 0u) o[8 + t] = 99;
        atomicExch(&o[12 + t], mn[t]);
    }
    if (t < 8) atomicAdd(&o[16 + t], bits[t]);
    if (t < 8) atomicAdd(&o[24 + t], wins[t]);
}
