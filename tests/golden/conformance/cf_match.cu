// Conformance: __match_any_sync / __match_all_sync (match.sync, sm_70+):
// peer masks by key, uniformity tests, 64-bit keys, and the warp-aggregated
// histogram built on them.

// case: __match_any_sync: the lanes holding the same key
// kernel: matchAny
// launch: grid 1 block 64
// buffer: in s32 64 = rand 51 0 5
// buffer: out u32 64 = 0
// params: in out
// expect: out[0..63] = 1078469121 2155878538 49220 2155878538 134414352 926156064 49220 2155878538 926156064 1078469121 926156064 2155878538 2155878538 1078469121 49220 49220 134414352 134414352 926156064 1078469121 926156064 926156064 1078469121 2155878538 926156064 926156064 926156064 134414352 926156064 926156064 1078469121 2155878538 1480613937 10780678 10780678 604049608 1480613937 1480613937 604049608 604049608 2199520000 2199520000 3072 3072 604049608 1480613937 1480613937 10780678 604049608 2199520000 10780678 2199520000 2199520000 10780678 1480613937 10780678 2199520000 2199520000 604049608 1480613937 1480613937 604049608 1480613937 2199520000
// expect: no hazards
__global__ void matchAny(const int* in, unsigned* out)
{
    out[threadIdx.x] = __match_any_sync(0xffffffffu, in[threadIdx.x]);
}

// case: __match_all_sync: the full mask and pred where the warp agrees, 0 where not
// kernel: matchAll
// launch: grid 1 block 64
// buffer: in s32 64 = list 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 8
// buffer: mask u32 64 = 5
// buffer: pred s32 64 = 5
// params: in mask pred
// expect: mask[0..31] = 0xffffffff
// expect: mask[32..63] = 0
// expect: pred[0..31] = 1
// expect: pred[32..63] = 0
// expect: no hazards
__global__ void matchAll(const int* in, unsigned* mask, int* pred)
{
    int p;
    mask[threadIdx.x] = __match_all_sync(0xffffffffu, in[threadIdx.x], &p);
    pred[threadIdx.x] = p;
}

// case: 64-bit keys that differ only above bit 32
// kernel: matchAny64
// launch: grid 1 block 32
// buffer: out u32 32 = 0
// params: out
// expect: out[0..31] = 1227133513 2454267026 613566756 1227133513 2454267026 613566756 1227133513 2454267026 613566756 1227133513 2454267026 613566756 1227133513 2454267026 613566756 1227133513 2454267026 613566756 1227133513 2454267026 613566756 1227133513 2454267026 613566756 1227133513 2454267026 613566756 1227133513 2454267026 613566756 1227133513 2454267026
// expect: no hazards
__global__ void matchAny64(unsigned* out)
{
    unsigned long long key = (unsigned long long)(threadIdx.x % 3) << 33 | 0x1234u;
    out[threadIdx.x] = __match_any_sync(0xffffffffu, key);
}

// case: a warp-aggregated histogram: one atomicAdd per distinct key per warp
// kernel: matchHistogram
// launch: grid 2 block 128
// buffer: in s32 256 = rand 53 0 8
// buffer: hist u32 8 = 0
// buffer: adds u32 1 = 0
// params: in hist adds
// expect: hist[0..7] = 31 42 33 25 32 25 37 31
// expect: adds[0] = 62
// expect: no hazards
__global__ void matchHistogram(const int* in, unsigned* hist, unsigned* adds)
{
    int key = in[blockIdx.x * blockDim.x + threadIdx.x];
    unsigned lane = threadIdx.x % warpSize;
    unsigned peers = __match_any_sync(0xffffffffu, key);
    int leader = __ffs(peers) - 1;
    if (lane == (unsigned)leader) {
        atomicAdd(&hist[key], __popc(peers));
        atomicAdd(adds, 1u);
    }
}
