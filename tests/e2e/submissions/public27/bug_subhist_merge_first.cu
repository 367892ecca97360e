// Four sub-histograms (warp pairs), but the merge only adds copy 0: the loop
// over the copies was lost in an edit.
//
// Expected: correctness fails (histogramShared). Copies 1..3 hold the counts
// of warps 2..7, three quarters of every block's bytes, and they never reach
// bins. Zeroing, barriers and atomics are right.
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty races memory resources
// e2e: fail correctness

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned sub[4][256];
    for (int k = threadIdx.x; k < 1024; k += blockDim.x) sub[k >> 8][k & 255] = 0u;
    __syncthreads();
    const int copy = threadIdx.x / 64;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&sub[copy][data[i]], 1u);
    __syncthreads();
    const unsigned c = sub[0][threadIdx.x];
    if (c) atomicAdd(&bins[threadIdx.x], c);
}
