// The tree's barrier inside `if (t < half)`: undefined by the rules of
// __syncthreads, whatever the hardware happens to do with it.
// e2e: day 14
// e2e: exit 1
// e2e: fail barrier-honesty
// e2e: hazard barrier-honesty kernel=blockSums
#define blockSums blockSums_reference
// e2e-paste: solutions/day14-syncthreads/syncthreads.cu
#undef blockSums

__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float sums[kBlock];
    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;
    sums[t] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) {
            sums[t] += sums[t + half];
            __syncthreads();
        }
    }
    if (t == 0) partial[blockIdx.x] = sums[0];
}
