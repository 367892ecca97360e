// Day 61 (test): TODO each kernel.
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
