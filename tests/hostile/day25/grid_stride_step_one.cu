// Attack: the grid-stride loop forgets the grid: step 1, so each of the
// 262,144 threads sums the whole 64 Mi-element array (1.7 * 10^13 loads).
// expect: exit 1
// expect: fails correctness
// expect: output ~ "runaway|budget"
constexpr int kBlock = 256;
__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n)
{
    __shared__ float sums[kBlock];
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    float sum = 0.0f;
    for (size_t i = tid; i < n; i += 1) sum += in[i];
    sums[threadIdx.x] = sum;
    __syncthreads();
    if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
}
__global__ void reduceCascade(const float* in, float* partial, size_t n) {}
