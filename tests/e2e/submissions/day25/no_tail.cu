// float4 loads only: the last n % 4 elements are never added. Right at the
// course size (a multiple of 4), wrong at n = 1,000,003.
// e2e: day 25
// e2e: exit 1
// e2e: fail correctness
// e2e: detail correctness n=1000003
#define reduceCascade reduceCascade_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascade

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    __shared__ float sums[256];
    const float4* in4 = reinterpret_cast<const float4*>(in);
    float sum = 0.0f;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n / 4;
         i += (size_t)gridDim.x * blockDim.x) {
        const float4 v = in4[i];
        sum += (v.x + v.y) + (v.z + v.w);
    }
    sums[threadIdx.x] = sum;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) sums[threadIdx.x] += sums[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
}
