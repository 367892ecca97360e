// Every thread of the first blocks prints: the output is kept, capped, and the
// kernels still pass.
// e2e: day 14
// e2e: exit 0
// e2e: pass correctness
// e2e: output thread (0,0,0)] hello from 0
#include <cstdio>
#define reverseBlocks reverseBlocks_reference
// e2e-paste: solutions/day14-syncthreads/syncthreads.cu
#undef reverseBlocks

__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    const int t = threadIdx.x;
    if (blockIdx.x < 8) printf("hello from %d\n", t);
    const int start = blockIdx.x * blockDim.x;
    const int valid = min((int)blockDim.x, n - start);
    if (t < valid) tile[t] = in[start + t];
    __syncthreads();
    if (t < valid) out[start + t] = tile[valid - 1 - t];
}
