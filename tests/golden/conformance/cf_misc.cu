// Conformance: what real kernels also do: shuffle 64-bit and packed values,
// print from the device, spin with __nanosleep, read clock64, carve two
// arrays out of one dynamic shared buffer, loop until __syncthreads_or says
// nothing changed, and assert.
#include <cassert>
#include <cstdio>
#include <cuda_fp16.h>

// case: __shfl_sync and __shfl_xor_sync of double, long long and __half2
// kernel: shfl64Packed
// launch: grid 1 block 32
// buffer: d f64 32 = 0
// buffer: ll s64 32 = 0
// buffer: h u32 32 = 0
// params: d ll h
// expect: d[0..31] = 10000000001.25 10000000001 10000000001.75 10000000001.5 10000000000.25 10000000000 10000000000.75 10000000000.5 10000000003.25 10000000003 10000000003.75 10000000003.5 10000000002.25 10000000002 10000000002.75 10000000002.5 10000000005.25 10000000005 10000000005.75 10000000005.5 10000000004.25 10000000004 10000000004.75 10000000004.5 10000000007.25 10000000007 10000000007.75 10000000007.5 10000000006.25 10000000006 10000000006.75 10000000006.5
// expect: ll[0..31] = -7696581394439
// expect: h[0..31] = 3254795776 3288350720 3305128192 3321905664 3338683136 3355460608 3363849344 3372238080 3380626816 3389015552 3397404288 3405793024 3414181760 3422570496 3426764864 3430959232 3435153600 3439347968 3443542336 3447736704 3451931072 3456125440 3460319808 3464514176 3468708544 3472902912 3477097280 3481291648 3485486016 2147483648 3154130944 3221240832
// expect: no hazards
__global__ void shfl64Packed(double* d, long long* ll, unsigned* h)
{
    int lane = threadIdx.x;
    double dv = lane * 0.25 + 1e10;
    long long lv = -((long long)lane << 40) - lane;
    __half2 hv = __halves2half2(__float2half(lane * 0.5f), __float2half(-(float)lane));
    d[lane] = __shfl_xor_sync(0xffffffffu, dv, 5);
    ll[lane] = __shfl_sync(0xffffffffu, lv, 7);
    __half2 g = __shfl_sync(0xffffffffu, hv, (lane + 3) % 32);
    h[lane] = *reinterpret_cast<unsigned*>(&g);
}

// case: device printf from one thread per block
// kernel: printSums
// launch: grid 2 block 32
// buffer: out s32 2 = 0
// params: out
// expect: printf "block 0 sum 496"
// expect: printf "block 1 sum 1520"
// expect: out[0..1] = 496 1520
// expect: no hazards
__global__ void printSums(int* out)
{
    int v = blockIdx.x * 32 + threadIdx.x;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if (threadIdx.x == 0) {
        printf("block %d sum %d\n", blockIdx.x, v);
        out[blockIdx.x] = v;
    }
}

// case: __nanosleep back-off and clock64 that never runs backwards
// kernel: sleepClock
// launch: grid 1 block 64
// buffer: out s32 64 = 0
// params: out
// expect: out[0..63] = 1
// expect: no hazards
__global__ void sleepClock(int* out)
{
    long long start = clock64();
    unsigned ns = 8;
    for (int k = 0; k < 4; k++) {
        __nanosleep(ns);
        ns *= 2;
    }
    out[threadIdx.x] = clock64() >= start;
}

// case: two arrays carved out of one extern __shared__ buffer
// kernel: carvedShared
// launch: grid 2 block 64 shared 768
// buffer: out f32 128 = 0
// params: out 64
// expect: out[0..63] = 31.5 34 36.5 39 41.5 44 46.5 49 51.5 54 56.5 59 61.5 64 66.5 69 71.5 74 76.5 79 81.5 84 86.5 89 91.5 94 96.5 99 101.5 104 106.5 109 111.5 114 116.5 119 121.5 124 126.5 129 131.5 134 136.5 139 141.5 144 146.5 149 151.5 154 156.5 159 161.5 164 166.5 169 171.5 174 176.5 179 181.5 184 186.5 189
// expect: out[64..127] = 131.5 134 136.5 139 141.5 144 146.5 149 151.5 154 156.5 159 161.5 164 166.5 169 171.5 174 176.5 179 181.5 184 186.5 189 191.5 194 196.5 199 201.5 204 206.5 209 211.5 214 216.5 219 221.5 224 226.5 229 231.5 234 236.5 239 241.5 244 246.5 249 251.5 254 256.5 259 261.5 264 266.5 269 271.5 274 276.5 279 281.5 284 286.5 289
// expect: no hazards
__global__ void carvedShared(float* out, int n)
{
    extern __shared__ float smem[];
    float* a = smem;
    int* b = reinterpret_cast<int*>(&a[n]);
    double* c = reinterpret_cast<double*>(&b[n]);
    int t = threadIdx.x;
    a[t] = t * 0.5f;
    b[t] = t * 3;
    if (t < n / 2) c[t] = 100.0 * blockIdx.x;
    __syncthreads();
    out[blockIdx.x * n + t] = a[n - 1 - t] + b[t] + (float)c[t / 2];
}

// case: relax until nothing changes: while (__syncthreads_or(changed)) with shared double buffering
// kernel: relaxUntilStable
// launch: grid 1 block 64
// buffer: in s32 64 = rand 151 0 1000
// buffer: out s32 64 = 0
// buffer: rounds s32 1 = 0
// params: in out rounds
// expect: out[0..63] = 4
// expect: no hazards
__global__ void relaxUntilStable(const int* in, int* out, int* rounds)
{
    __shared__ int cur[64];
    int t = threadIdx.x;
    cur[t] = in[t];
    __syncthreads();
    int r = 0, changed = 1;
    while (__syncthreads_or(changed)) {
        int left = cur[(t + 63) % 64], right = cur[(t + 1) % 64], mine = cur[t];
        int m = min(mine, min(left, right));
        changed = m != mine;
        __syncthreads();
        cur[t] = m;
        r++;
    }
    out[t] = cur[t];
    if (t == 0) rounds[0] = r;
}

// case: an assert that holds for every thread (no trap)
// kernel: assertHolds
// launch: grid 1 block 32
// buffer: in s32 32 = iota
// buffer: out s32 32 = 0
// params: in out
// expect: out[0..31] = iota*2
// expect: no hazards
__global__ void assertHolds(const int* in, int* out)
{
    int v = in[threadIdx.x];
    assert(v >= 0 && v < 32);
    out[threadIdx.x] = v * 2;
}

// case: an assert that fails in one thread traps the launch
// kernel: assertFails
// gpu: differs the launch ends with an assertion error
// launch: grid 1 block 32
// buffer: in s32 32 = iota
// buffer: out s32 32 = 0
// params: in out
// expect: status trapped
// expect: message "v != 17"
__global__ void assertFails(const int* in, int* out)
{
    int v = in[threadIdx.x];
    assert(v != 17);
    out[threadIdx.x] = v;
}
