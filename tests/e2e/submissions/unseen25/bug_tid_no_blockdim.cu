// The global thread index forgets blockDim: tid = blockIdx.x + threadIdx.x.
// Threads of different blocks start at overlapping indices (0..1278) with the
// full grid's step, so some elements are added several times and most never.
// Wrong at every size but n = 1. Every index is still below n.
// Expected: correctness fails; nothing else does.
//
// e2e: day 25
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty races memory resources
// e2e: fail correctness

__device__ float threadSum(const float* in, size_t n)
{
    const size_t tid = (size_t)blockIdx.x + threadIdx.x;
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
