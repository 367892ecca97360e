// Attack: a "huge grid-stride": the step is SIZE_MAX, so i += step walks
// backwards from the thread's index to 0 and wraps past the end: every
// thread reads tid + 1 elements, 3 * 10^10 loads at the course size.
// expect: exit 1
// expect: fails correctness
constexpr int kBlock = 256;
__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    __shared__ float sums[kBlock];
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    float sum = 0.0f;
    for (size_t i = tid; i < n; i += ~(size_t)0) sum += in[i];
    sums[threadIdx.x] = sum;
    __syncthreads();
    if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
}
__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n) {}
