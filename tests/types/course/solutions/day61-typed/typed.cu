// Day 61 (test): the reference.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void haxpy(int n, __half a, const __half* x, __half* y)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __hfma(a, x[i], y[i]);
}

__global__ void dscale(int n, double s, const double* x, double* out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = s * x[i] + 1.0 / 3.0;
}

__global__ void twice4(int n, const float4* in, float4* out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const float4 v = in[i];
        out[i] = make_float4(2 * v.x, 2 * v.y, 2 * v.z, 2 * v.w);
    }
}

__global__ void widen(int n, const signed char* a, const short* b, long long* wide)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) wide[i] = (long long)a[i] * 100000000 + b[i];
}

__global__ void pack(int n, const __nv_bfloat16* b, const half2* h, const int2* p, const float2* f,
                     int4* q, unsigned long long* u, __half2* h2, __nv_bfloat16* b2)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        q[i] = make_int4(p[i].x, p[i].y, (int)f[i].x, (int)f[i].y);
        u[i] = (unsigned long long)(p[i].x + 1000) * 4000000000ull;
        h2[i] = __hadd2(h[i], h[i]);
        b2[i] = __float2bfloat16(__bfloat162float(b[i]) * 2.0f);
    }
}
