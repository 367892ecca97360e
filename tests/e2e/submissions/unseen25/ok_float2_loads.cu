// float2 loads (8 bytes) instead of float4: a head of 0 or 1 float brings the
// pointer to an 8-byte boundary (in + 1 and in + 3 both need one), then whole
// float2s grid-stride with two in flight, then a tail of 0 or 1 float. Every
// float2 address is 8-byte aligned, nothing at n or past is read.
// Expected: every check passes.
//
// e2e: day 25
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

__device__ float threadSum(const float* in, size_t n)
{
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t step = (size_t)gridDim.x * blockDim.x;
    size_t head = ((size_t)in & 7) ? 1 : 0;
    if (head > n) head = n;
    const float2* body = reinterpret_cast<const float2*>(in + head);
    const size_t count2 = (n - head) / 2;
    float a = 0.0f, b = 0.0f;
    if (tid == 0 && head == 1) a += in[0];
    if (tid == 0 && head + 2 * count2 < n) b += in[n - 1];
    size_t i = tid;
    for (; i + step < count2; i += 2 * step) {
        const float2 u = body[i];
        const float2 w = body[i + step];
        a += u.x + u.y;
        b += w.x + w.y;
    }
    if (i < count2) {
        const float2 u = body[i];
        a += u.x + u.y;
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
