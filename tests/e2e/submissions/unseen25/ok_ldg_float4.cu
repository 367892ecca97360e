// The float4 body read through the read-only path, __ldg(&body[i])
// (ld.global.nc.v4.f32), two loads in flight; head and tail as usual. `in` is
// never written during the launch, which is what __ldg requires.
// Expected: every check passes.
//
// e2e: day 25
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

__device__ float threadSum(const float* __restrict__ in, size_t n)
{
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t step = (size_t)gridDim.x * blockDim.x;
    size_t head = ((16 - ((size_t)in & 15)) & 15) / sizeof(float);
    if (head > n) head = n;
    const float4* body = reinterpret_cast<const float4*>(in + head);
    const size_t count4 = (n - head) / 4;
    const size_t tailStart = head + count4 * 4;
    float a = 0.0f, b = 0.0f;
    if (tid < head) a += __ldg(&in[tid]);
    if (tid < n - tailStart) b += __ldg(&in[tailStart + tid]);
    size_t i = tid;
    for (; i + step < count4; i += 2 * step) {
        const float4 u = __ldg(&body[i]);
        const float4 w = __ldg(&body[i + step]);
        a += (u.x + u.y) + (u.z + u.w);
        b += (w.x + w.y) + (w.z + w.w);
    }
    if (i < count4) {
        const float4 u = __ldg(&body[i]);
        a += (u.x + u.y) + (u.z + u.w);
    }
    return a + b;
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
