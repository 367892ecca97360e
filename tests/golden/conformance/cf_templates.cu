// Conformance: templates and device-function structure: #pragma unroll over a
// template item count, functor-templated warp reductions for int, float and
// double, a reduce6-shaped kernel templated on blockSize, a chain of
// __noinline__ device functions (real calls, struct by value), a partially
// unrolled Horner loop over __constant__ coefficients, and if constexpr.

// case: ITEMS values a thread under #pragma unroll
// kernel: tplItems
// launch: grid 1 block 64
// buffer: in s32 512 = iota
// buffer: out s32 64 = 0
// params: in out
// expect: out[0..63] = iota*64+28
// expect: no hazards
template <int ITEMS>
__device__ __forceinline__ int threadSum(const int* p)
{
    int items[ITEMS];
#pragma unroll
    for (int k = 0; k < ITEMS; k++) items[k] = p[k];
    int s = 0;
#pragma unroll
    for (int k = 0; k < ITEMS; k++) s += items[k];
    return s;
}

__global__ void tplItems(const int* in, int* out)
{
    out[threadIdx.x] = threadSum<8>(in + threadIdx.x * 8);
}

// case: one warp reduction templated on type and operator (int sum, float max, double min)
// kernel: tplFunctors
// launch: grid 1 block 32
// buffer: in s32 32 = rand 81 -1000 1000
// buffer: isum s32 1 = 0
// buffer: fmax f32 1 = 0
// buffer: dmin f64 1 = 0
// params: in isum fmax dmin
// expect: isum[0] = 5062
// expect: fmax[0] = 496
// expect: dmin[0] = -239
// expect: no hazards
struct Sum {
    template <typename T> __device__ T operator()(T a, T b) const { return a + b; }
};
struct Max {
    template <typename T> __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};
struct Min {
    template <typename T> __device__ T operator()(T a, T b) const { return a < b ? a : b; }
};

template <typename T, typename Op>
__device__ T warpAll(T v, Op op)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = op(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}

__global__ void tplFunctors(const int* in, int* isum, float* fmax, double* dmin)
{
    int v = in[threadIdx.x];
    int s = warpAll(v, Sum());
    float m = warpAll(v * 0.5f, Max());
    double n = warpAll(v * 0.25, Min());
    if (threadIdx.x == 0) {
        isum[0] = s;
        fmax[0] = m;
        dmin[0] = n;
    }
}

// case: reduce6 shape: templated blockSize, two loads a step, unrolled tree, shuffle tail
// kernel: tplReduce6
// launch: grid 2 block 128
// buffer: in s32 1500 = rand 82 0 100
// buffer: out s32 2 = 0
// params: in out 1500
// expect: out[0..1] = 37998 36911
// expect: no hazards
template <unsigned blockSize>
__global__ void tplReduce6(const int* in, int* out, unsigned n)
{
    __shared__ int sdata[blockSize];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockSize * 2 + tid;
    unsigned gridSize = blockSize * 2 * gridDim.x;
    int sum = 0;
    while (i < n) {
        sum += in[i];
        if (i + blockSize < n) sum += in[i + blockSize];
        i += gridSize;
    }
    sdata[tid] = sum;
    __syncthreads();
    if (blockSize >= 512 && tid < 256) sdata[tid] = sum = sum + sdata[tid + 256];
    if (blockSize >= 512) __syncthreads();
    if (blockSize >= 256 && tid < 128) sdata[tid] = sum = sum + sdata[tid + 128];
    if (blockSize >= 256) __syncthreads();
    if (blockSize >= 128 && tid < 64) sdata[tid] = sum = sum + sdata[tid + 64];
    if (blockSize >= 128) __syncthreads();
    if (tid < 32) {
        if (blockSize >= 64) sum += sdata[tid + 32];
        for (int o = 16; o > 0; o /= 2) sum += __shfl_down_sync(0xffffffffu, sum, o);
    }
    if (tid == 0) out[blockIdx.x] = sum;
}
template __global__ void tplReduce6<128>(const int*, int*, unsigned);

// case: a chain of __noinline__ device functions, a struct passed by value
// kernel: tplCallChain
// launch: grid 1 block 64
// buffer: in s32 64 = iota
// buffer: out s32 64 = 0
// params: in out
// expect: out[0..63] = 1 1 1 1 1 1 1 7 13 19 25 31 37 43 49 55 61 67 73 79 85 91 97 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101 101
// expect: no hazards
struct Affine {
    int mul, add;
};

__device__ __noinline__ int clampTo(int v, int lo, int hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

__device__ __noinline__ int applyAffine(Affine f, int v)
{
    return v * f.mul + f.add;
}

__device__ __noinline__ int stage(const int* p, Affine a, Affine b)
{
    return clampTo(applyAffine(b, applyAffine(a, *p)), 0, 100) + 1;
}

__global__ void tplCallChain(const int* in, int* out)
{
    Affine a = { 3, 7 }, b = { 2, -50 };
    out[threadIdx.x] = stage(in + threadIdx.x, a, b);
}

// case: Horner over __constant__ coefficients, #pragma unroll 4 on a runtime count
// kernel: tplHorner
// launch: grid 1 block 64
// buffer: out s64 64 = 0
// params: out 5
// expect: out[0..63] = 2483843 2170469 1887725 1633547 1405943 1202993 1022849 863735 723947 601853 495893 404579 326495 260297 204713 158543 120659 90005 65597 46523 31943 21089 13265 7847 4283 2093 869 275 47 -7 -7 -1 35 197 653 1643 3479 6545 11297 18263 28043 41309 58805 81347 109823 145193 188489 240815 303347 377333 464093 565019 681575 815297 967793 1140743 1335899 1555085 1800197 2073203 2376143 2711129 3080345 3486047
// expect: no hazards
__constant__ long long coeffs[8] = { 3, -2, 0, 5, -7, 0, 0, 0 };

__global__ void tplHorner(long long* out, int degreePlusOne)
{
    long long x = (long long)threadIdx.x - 30, acc = 0;
#pragma unroll 4
    for (int k = 0; k < degreePlusOne; k++) acc = acc * x + coeffs[k];
    out[threadIdx.x] = acc;
}

// case: if constexpr dispatch on the element type inside one templated helper
// kernel: tplConstexpr
// launch: grid 1 block 32
// buffer: a s32 32 = iota
// buffer: b f32 32 = iota
// params: a b
// expect: a[0..31] = iota*2
// expect: b[0..31] = iota*0.5
// expect: no hazards
template <typename T>
__device__ T halveOrDouble(T v)
{
    if constexpr (sizeof(T) == 4 && T(1) / T(2) == T(0)) return v * 2;
    else return v * T(0.5);
}

__global__ void tplConstexpr(int* a, float* b)
{
    a[threadIdx.x] = halveOrDouble(a[threadIdx.x]);
    b[threadIdx.x] = halveOrDouble(b[threadIdx.x]);
}
