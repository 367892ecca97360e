// Shared bins of 64-bit counters (`unsigned long long`, 2,048 bytes), "so a
// bin can never overflow", counted with the 64-bit atomicAdd and merged into
// the 32-bit global bins after a narrowing cast.
//
// Expected: every check passes. atomicAdd on unsigned long long in shared
// memory is supported on every architecture the day targets (Programming
// Guide, atomicAdd); a block counts at most 4,096 bytes at these sizes, so
// the narrowing cast is exact. 2,048 bytes is within the 4,096 allowed.
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned long long wide[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) wide[b] = 0ull;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&wide[data[i]], 1ull);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (wide[b]) atomicAdd(&bins[b], (unsigned)wide[b]);
}
