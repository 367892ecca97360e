// Conformance: vector memory access: float4 with a scalar tail, __ldg of int4
// and of a __restrict__ pointer, double2, uchar4, float2 stores, an aligned
// struct, and the classic bug: a float4 load from in + 1 (misaligned).

// case: float4 body with a scalar tail, size_t-free grid-stride loop
// kernel: vecFloat4Scale
// launch: grid 2 block 128
// buffer: in f32 1032 = iota
// buffer: out f32 1032 = -1
// params: in out 1030
// expect: out[0..1029] = iota*2
// expect: out[1030..1031] = -1
// expect: no hazards
__global__ void vecFloat4Scale(const float* in, float* out, int n)
{
    int stride = blockDim.x * gridDim.x;
    int start = blockIdx.x * blockDim.x + threadIdx.x;
    const float4* in4 = reinterpret_cast<const float4*>(in);
    float4* out4 = reinterpret_cast<float4*>(out);
    for (int i = start; i < n / 4; i += stride) {
        float4 v = in4[i];
        v.x *= 2.0f; v.y *= 2.0f; v.z *= 2.0f; v.w *= 2.0f;
        out4[i] = v;
    }
    int tail = (n / 4) * 4 + start;
    if (tail < n) out[tail] = in[tail] * 2.0f;
}

// case: __ldg of int4
// kernel: vecInt4Ldg
// launch: grid 1 block 64
// buffer: in s32 256 = iota
// buffer: out s32 64 = 0
// params: in out
// expect: out[0..63] = iota*16+6
// expect: no hazards
__global__ void vecInt4Ldg(const int4* __restrict__ in, int* out)
{
    int4 v = __ldg(&in[threadIdx.x]);
    out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

// case: double2 loads
// kernel: vecDouble2
// launch: grid 1 block 64
// buffer: in f64 128 = iota*0.5
// buffer: out f64 64 = 0
// params: in out
// expect: out[0..63] = 0 1.5 5 10.5 18 27.5 39 52.5 68 85.5 105 126.5 150 175.5 203 232.5 264 297.5 333 370.5 410 451.5 495 540.5 588 637.5 689 742.5 798 855.5 915 976.5 1040 1105.5 1173 1242.5 1314 1387.5 1463 1540.5 1620 1701.5 1785 1870.5 1958 2047.5 2139 2232.5 2328 2425.5 2525 2626.5 2730 2835.5 2943 3052.5 3164 3277.5 3393 3510.5 3630 3751.5 3875 4000.5
// expect: no hazards
__global__ void vecDouble2(const double2* in, double* out)
{
    double2 v = in[threadIdx.x];
    out[threadIdx.x] = v.x * v.y;
}

// case: saxpy with __ldg through a const __restrict__ pointer
// kernel: vecSaxpyLdg
// launch: grid 4 block 64
// buffer: x f32 256 = iota
// buffer: y f32 256 = 1
// params: 256 2.5f x y
// expect: y[0..255] = iota*2.5+1
// expect: no hazards
__global__ void vecSaxpyLdg(int n, float a, const float* __restrict__ x, float* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * __ldg(x + i) + y[i];
}

// case: uchar4 loads of bytes
// kernel: vecUchar4
// launch: grid 1 block 64
// buffer: in u8 256 = iota
// buffer: out u32 64 = 0
// params: in out
// expect: out[0..63] = iota*16+6
// expect: no hazards
__global__ void vecUchar4(const uchar4* in, unsigned* out)
{
    uchar4 b = in[threadIdx.x];
    out[threadIdx.x] = b.x + b.y + b.z + b.w;
}

// case: float2 stores of (i, -i)
// kernel: vecFloat2Store
// launch: grid 1 block 64
// buffer: out f32 128 = 7
// params: out
// expect: out[0..63] = 0 -0.0 1 -1 2 -2 3 -3 4 -4 5 -5 6 -6 7 -7 8 -8 9 -9 10 -10 11 -11 12 -12 13 -13 14 -14 15 -15 16 -16 17 -17 18 -18 19 -19 20 -20 21 -21 22 -22 23 -23 24 -24 25 -25 26 -26 27 -27 28 -28 29 -29 30 -30 31 -31
// expect: out[64..127] = 32 -32 33 -33 34 -34 35 -35 36 -36 37 -37 38 -38 39 -39 40 -40 41 -41 42 -42 43 -43 44 -44 45 -45 46 -46 47 -47 48 -48 49 -49 50 -50 51 -51 52 -52 53 -53 54 -54 55 -55 56 -56 57 -57 58 -58 59 -59 60 -60 61 -61 62 -62 63 -63
// expect: no hazards
__global__ void vecFloat2Store(float2* out)
{
    float f = (float)threadIdx.x;
    out[threadIdx.x] = make_float2(f, -f);
}

// case: an __align__(16) struct loaded and stored whole
// kernel: vecAlignedStruct
// launch: grid 1 block 32
// buffer: p f32 128 = iota
// params: p
// expect: p[0..63] = 3 1 2 3 11 5 6 7 19 9 10 11 27 13 14 15 35 17 18 19 43 21 22 23 51 25 26 27 59 29 30 31 67 33 34 35 75 37 38 39 83 41 42 43 91 45 46 47 99 49 50 51 107 53 54 55 115 57 58 59 123 61 62 63
// expect: p[64..127] = 131 65 66 67 139 69 70 71 147 73 74 75 155 77 78 79 163 81 82 83 171 85 86 87 179 89 90 91 187 93 94 95 195 97 98 99 203 101 102 103 211 105 106 107 219 109 110 111 227 113 114 115 235 117 118 119 243 121 122 123 251 125 126 127
// expect: no hazards
struct __align__(16) Particle {
    float x, y, z, w;
};

__global__ void vecAlignedStruct(Particle* p)
{
    Particle q = p[threadIdx.x];
    q.x += q.w;
    p[threadIdx.x] = q;
}

// case: a float4 load from in + 1 is misaligned (the bug day 25 hunts)
// kernel: vecMisaligned
// gpu: differs the GPU faults with a misaligned address
// launch: grid 1 block 32
// buffer: in f32 256 = iota
// buffer: out f32 32 = 0
// params: in out 1
// expect: hazard memory kind MISALIGNED line @mis
__global__ void vecMisaligned(const float* in, float* out, int offset)
{
    const float4* v = reinterpret_cast<const float4*>(in + offset);
    float4 a = v[threadIdx.x];  // @mis
    out[threadIdx.x] = a.x + a.y + a.z + a.w;
}
