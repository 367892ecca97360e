// A trap at one of the hidden sizes: a clear verdict, and the grade goes on.
// e2e: day 14
// e2e: exit 1
// e2e: fail correctness
// e2e: detail correctness trap
#define blockSums blockSums_reference
// e2e-paste: solutions/day14-syncthreads/syncthreads.cu
#undef blockSums

__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float sums[kBlock];
    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;
    if (n == 1000) __trap();
    sums[t] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) sums[t] += sums[t + half];
        __syncthreads();
    }
    if (t == 0) partial[blockIdx.x] = sums[0];
}
