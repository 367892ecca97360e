// The merge writes the block's bins with a plain store, `bins[t] = local[t]`,
// as if this block were the only one.
//
// Expected: correctness fails. The grader launches min(ceil(n / 256), 256)
// blocks (256 at the course size); each block stores its own counts over
// the others', so bins ends with one block's counts (about 1/256 of the
// total), whatever order the blocks run in. The shared part is right.
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail correctness

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) bins[b] = local[b];
}
