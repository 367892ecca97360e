// The first version the README asks for: a grid-stride loop of plain float loads
// (size_t indices, right for any n and any 4-byte aligned in), then day 14's
// shared tree with a __syncthreads() after every step outside the if; the
// shuffle kernel stops the tree at 64 values and warp 0 (a warp-uniform
// condition) finishes with full-mask __shfl_down_sync. Every block writes its
// partial. The values are multiples of 1/8, so every partial is exact.
// Expected: every check passes.
//
// e2e: day 25
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

// This thread's share: a grid-stride loop of plain float loads, right for any
// n and any 4-byte aligned pointer.
__device__ float threadSum(const float* in, size_t n)
{
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t step = (size_t)gridDim.x * blockDim.x;
    float sum = 0.0f;
    for (size_t i = tid; i < n; i += step) sum += in[i];
    return sum;
}

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    __shared__ float sums[256];
    sums[threadIdx.x] = threadSum(in, n);
    __syncthreads();
    for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) sums[threadIdx.x] += sums[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
}

__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n)
{
    __shared__ float sums[256];
    sums[threadIdx.x] = threadSum(in, n);
    __syncthreads();
    for (unsigned half = blockDim.x / 2; half > 32; half /= 2) {
        if (threadIdx.x < half) sums[threadIdx.x] += sums[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x < 32) {
        float v = sums[threadIdx.x] + sums[threadIdx.x + 32];
        for (int offset = 16; offset > 0; offset /= 2)
            v += __shfl_down_sync(0xffffffffu, v, offset);
        if (threadIdx.x == 0) partial[blockIdx.x] = v;
    }
}
