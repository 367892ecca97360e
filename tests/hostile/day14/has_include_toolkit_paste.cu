// Attack: __has_include pasted by the toolkit's own macro, _CCCL_PP_CAT of
// <cuda/std/type_traits>, so that no ## is in the file at all. The answer
// was yes and correctness failed; in the compiler's own view of the files
// it is no, and the file passes.
// hostile: copy
// expect: exit 0
// expect: passes compile correctness
#include <cuda/std/type_traits>
#define PROBE _CCCL_PP_CAT(_CCCL_PP_CAT(_CCCL_PP_CAT(_, _h), as_incl), ude)
#if PROBE("@COURSE@/solutions/day14-syncthreads/syncthreads.cu")
#else
constexpr int kBlock = 256;

__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    const int t = threadIdx.x, start = blockIdx.x * blockDim.x;
    const int valid = min((int)blockDim.x, n - start);
    if (t < valid) tile[t] = in[start + t];
    __syncthreads();
    if (t < valid) out[start + t] = tile[valid - 1 - t];
}

__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float sums[kBlock];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    float sum = (i < n) ? in[i] : 0.0f;
    sums[t] = sum;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) { sum += sums[t + half]; sums[t] = sum; }
        __syncthreads();
    }
    if (t == 0) partial[blockIdx.x] = sum;
}
#endif
