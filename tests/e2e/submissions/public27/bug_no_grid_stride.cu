// One byte a thread, `if (i < n) atomicAdd(...)`, as on the days before
// grid-stride loops: it assumes the grid covers the input.
//
// Expected: correctness fails. The day's grid is min(ceil(n / 256), 256)
// blocks, at most 65,536 threads; at the course size n = 1,048,576, so the
// kernels count only the first 65,536 bytes. Nothing is read out of bounds.
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty races memory resources
// e2e: fail correctness

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    local[threadIdx.x] = 0u;
    __syncthreads();
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    if (local[threadIdx.x]) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
