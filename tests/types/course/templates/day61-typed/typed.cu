// Day 61 (test): TODO each kernel.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void haxpy(int n, __half a, const __half* x, __half* y)
{
}

__global__ void dscale(int n, double s, const double* x, double* out)
{
}

__global__ void twice4(int n, const float4* in, float4* out)
{
}

__global__ void widen(int n, const signed char* a, const short* b, long long* wide)
{
}

__global__ void pack(int n, const __nv_bfloat16* b, const half2* h, const int2* p, const float2* f,
                     int4* q, unsigned long long* u, __half2* h2, __nv_bfloat16* b2)
{
}
