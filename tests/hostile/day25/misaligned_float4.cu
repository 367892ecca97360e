// Attack: float4 loads from in + 1, an address 4 bytes off a 16-byte
// boundary: "misaligned address" on a GPU, a memory fault here.
// expect: exit 1
// expect: fails memory
constexpr int kBlock = 256;
__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    __shared__ float sums[kBlock];
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t step = (size_t)gridDim.x * blockDim.x;
    const float4* v = reinterpret_cast<const float4*>(in + 1);
    float sum = 0.0f;
    for (size_t i = tid; 4 * i + 5 <= n; i += step) {
        const float4 x = v[i];
        sum += x.x + x.y + x.z + x.w;
    }
    sums[threadIdx.x] = sum;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) sums[threadIdx.x] += sums[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
}
__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n) {}
