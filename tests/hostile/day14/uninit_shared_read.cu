// Attack: the tree reads shared slots that no thread wrote (only the first
// half of the block stores): the values are whatever the last block left.
// expect: exit 1
// expect: fails memory|correctness
constexpr int kBlock = 256;
__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float sums[kBlock];
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    if (t < 128) sums[t] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) sums[t] += sums[t + half];
        __syncthreads();
    }
    if (t == 0) partial[blockIdx.x] = sums[0];
}
__global__ void reverseBlocks(const float* in, float* out, int n) {}
