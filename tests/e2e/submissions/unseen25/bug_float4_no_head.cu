// float4 loads straight from `in`, assuming cudaMalloc alignment: body =
// (const float4*)in, count4 = n / 4, tail = the last n % 4 floats. Right for an
// aligned pointer, but the hidden sizes hand the kernel in + 1 and in + 3, and
// then every float4 load is misaligned (4 or 12 bytes past a 16-byte
// boundary), which faults on a GPU (misaligned address).
// Expected: memory fails (correctness at those sizes is not asserted).
//
// e2e: day 25
// e2e: exit 1
// e2e: pass compile mask-honesty barrier-honesty races resources
// e2e: fail memory

__device__ float threadSum(const float* in, size_t n)
{
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t step = (size_t)gridDim.x * blockDim.x;
    const float4* body = reinterpret_cast<const float4*>(in);
    const size_t count4 = n / 4;
    float sum = 0.0f;
    for (size_t i = tid; i < count4; i += step) {
        const float4 v = body[i];
        sum += (v.x + v.y) + (v.z + v.w);
    }
    if (tid < n % 4) sum += in[count4 * 4 + tid];
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
