// Attack: a runaway: every thread of every block sums the whole array, a
// million times the work (10^12 additions at the course size). Stopped at the
// budget, and the counts in the report do not depend on --threads.
// expect: exit 1
// expect: fails correctness
// expect: same-report 1 2 4
constexpr int kBlock = 256;
__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float sums[kBlock];
    float sum = 0.0f;
    for (int j = 0; j < n; j++) sum += in[j];
    sums[threadIdx.x] = sum;
    __syncthreads();
    if (threadIdx.x == 0) partial[blockIdx.x] = sums[0] / gridDim.x;
}
__global__ void reverseBlocks(const float* in, float* out, int n) {}
