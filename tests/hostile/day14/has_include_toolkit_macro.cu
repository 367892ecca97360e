// Attack: the same question through the toolkit's own spelling of it:
// <cuda/std/type_traits> defines _CCCL_HAS_INCLUDE(x) as __has_include(x),
// a name the scanner's rule (any identifier holding "has_include") does not
// match. The answer was yes and correctness failed; in the compiler's own
// view of the files it is no, and the file passes.
// hostile: copy
// expect: exit 0
// expect: passes compile correctness
#include <cuda/std/type_traits>
#if _CCCL_HAS_INCLUDE("@COURSE@/solutions/day14-syncthreads/syncthreads.cu")
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
