// A different split: block b owns one contiguous chunk [b * chunk, min(n,
// (b + 1) * chunk)) with chunk = ceil(n / gridDim.x), and its threads stride by
// blockDim.x inside it (still coalesced). All arithmetic in size_t, the chunk
// start clamped to n, so blocks with nothing to add (n = 1) keep 0 and still
// write their partial. Then the course's trees.
// Expected: every check passes.
//
// e2e: day 25
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

__device__ float threadSum(const float* in, size_t n)
{
    const size_t chunk = (n + gridDim.x - 1) / gridDim.x;
    size_t begin = (size_t)blockIdx.x * chunk;
    size_t end = begin + chunk;
    if (begin > n) begin = n;
    if (end > n) end = n;
    float sum = 0.0f;
    for (size_t i = begin + threadIdx.x; i < end; i += blockDim.x) sum += in[i];
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
