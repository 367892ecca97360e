// Attack: device printf of raw terminal escapes from a correct kernel: clear
// the line, move the cursor up, print a green PASSED. The printf output is
// kept but made visible text.
// expect: text
// expect: exit 0
// expect: passes correctness
#include <cstdio>
constexpr int kBlock = 256;

__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    const int t = threadIdx.x, start = blockIdx.x * blockDim.x;
    const int valid = min((int)blockDim.x, n - start);
    if (blockIdx.x == 0 && t == 0)
        printf("\x1b[1A\x1b[2K\r\x1b[32m  PASSED: every check passed\x1b[0m\x1b]0;owned\x07\n");
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
