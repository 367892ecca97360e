// Conformance: module-level and per-thread storage and kernel attributes as
// real code has them: __launch_bounds__ and __maxnreg__, __device__ global
// variables (with initialisers, updated by atomics), per-thread arrays with
// dynamic indices (local memory), a __shared__ array declared inside a
// device function, and a struct returned by value.

// case: __launch_bounds__(128, 2) on a kernel
// kernel: boundedKernel
// launch: grid 2 block 128
// buffer: out s32 256 = 0
// params: out
// expect: out[0..255] = iota*3
// expect: no hazards
__global__ void __launch_bounds__(128, 2) boundedKernel(int* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 3 * i;
}

// case: __maxnreg__(32) on a kernel
// kernel: maxRegKernel
// launch: grid 1 block 64
// buffer: out s32 64 = 0
// params: out
// expect: out[0..63] = iota*-1+100
// expect: no hazards
__global__ void __maxnreg__(32) maxRegKernel(int* out)
{
    out[threadIdx.x] = 100 - (int)threadIdx.x;
}

// case: __device__ globals: an initialised table read, a counter bumped by atomics
// kernel: deviceGlobals
// launch: grid 2 block 64
// buffer: out s32 128 = 0
// buffer: total u32 1 = 0
// params: out total
// expect: out[0..63] = 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19
// expect: out[64..127] = 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19 2 3 5 7 11 13 17 19
// expect: total[0] = 1128
// expect: no hazards
__device__ int primes[8] = { 2, 3, 5, 7, 11, 13, 17, 19 };
__device__ unsigned hits = 1000;

__global__ void deviceGlobals(int* out, unsigned* total)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = primes[i % 8];
    unsigned old = atomicAdd(&hits, 1u);
    if (old == 1000u + 127u) *total = old + 1;
}

// case: a per-thread array indexed by data (local memory)
// kernel: localArray
// launch: grid 1 block 64
// buffer: in s32 64 = rand 161 0 16
// buffer: out s32 64 = 0
// params: in out
// expect: out[0..63] = 115 119 227 199 127 155 199 199 199 227 199 115 115 175 227 199 119 139 139 119 119 175 119 155 139 127 175 127 175 175 199 115 115 199 115 199 139 139 155 175 139 227 139 155 119 199 199 139 155 175 199 155 119 115 119 175 227 115 127 119 155 139 199 175
// expect: no hazards
__global__ void localArray(const int* in, int* out)
{
    int buf[16];
    for (int k = 0; k < 16; k++) buf[k] = k * k + 1;
    int v = in[threadIdx.x];
    out[threadIdx.x] = buf[v] + buf[15 - v];
}

// case: a static __shared__ array inside a device function, and a struct returned by value
// kernel: sharedInFunction
// launch: grid 2 block 64
// buffer: out s32 128 = 0
// buffer: stats s32 4 = 0
// params: out stats
// expect: out[0..63] = 63 62 61 60 59 58 57 56 55 54 53 52 51 50 49 48 47 46 45 44 43 42 41 40 39 38 37 36 35 34 33 32 31 30 29 28 27 26 25 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0
// expect: out[64..127] = 1063 1062 1061 1060 1059 1058 1057 1056 1055 1054 1053 1052 1051 1050 1049 1048 1047 1046 1045 1044 1043 1042 1041 1040 1039 1038 1037 1036 1035 1034 1033 1032 1031 1030 1029 1028 1027 1026 1025 1024 1023 1022 1021 1020 1019 1018 1017 1016 1015 1014 1013 1012 1011 1010 1009 1008 1007 1006 1005 1004 1003 1002 1001 1000
// expect: stats[0..3] = 32 63 1032 1063
// expect: no hazards
struct MinMax {
    int lo, hi;
};

__device__ int reverseThroughShared(int v)
{
    static __shared__ int stage[64];
    stage[threadIdx.x] = v;
    __syncthreads();
    return stage[63 - threadIdx.x];
}

__device__ MinMax warpMinMax(int v)
{
    MinMax m = { v, v };
    for (int o = 16; o > 0; o >>= 1) {
        m.lo = min(m.lo, __shfl_xor_sync(0xffffffffu, m.lo, o));
        m.hi = max(m.hi, __shfl_xor_sync(0xffffffffu, m.hi, o));
    }
    return m;
}

__global__ void sharedInFunction(int* out, int* stats)
{
    int v = threadIdx.x + 1000 * blockIdx.x;
    int r = reverseThroughShared(v);
    out[blockIdx.x * 64 + threadIdx.x] = r;
    MinMax m = warpMinMax(r);
    if (threadIdx.x == 0) {
        stats[2 * blockIdx.x] = m.lo;
        stats[2 * blockIdx.x + 1] = m.hi;
    }
}
