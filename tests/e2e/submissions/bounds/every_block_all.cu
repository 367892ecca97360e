// Right but wildly wasteful: every block sums the whole array (1,024 times
// the work), and block 0 writes the total. It stops at the budget, a multiple
// of the reference's work, in seconds.
// e2e: day 25
// e2e: exit 1
// e2e: fail correctness
// e2e: detail correctness budget
// e2e: threads-invariant
// e2e: max-seconds 15
// e2e: max-mib 2048
#define reduceCascade reduceCascade_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascade

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    __shared__ float sums[256];
    float sum = 0.0f;
    for (size_t i = threadIdx.x; i < n; i += blockDim.x) sum += in[i];
    sums[threadIdx.x] = sum;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (threadIdx.x < half) sums[threadIdx.x] += sums[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = blockIdx.x == 0 ? sums[0] : 0.0f;
}
