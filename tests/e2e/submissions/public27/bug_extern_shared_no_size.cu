// The shared bins declared as dynamic shared memory, `extern __shared__
// unsigned local[]`, copied from a kernel launched with <<<grid, block,
// 256 * sizeof(unsigned)>>>. The day's launch is ordinary: no dynamic shared
// memory (the README: "no dynamic shared memory, no cooperative launch").
//
// Expected: memory fails. With 0 bytes of dynamic shared memory the array has
// no elements; local[t] = 0 is already an access outside the block's shared
// memory (Programming Guide, "extern __shared__": the size is given at launch
// time). Correctness is not asserted (what such an access does is undefined).
// e2e: day 27
// e2e: exit 1
// e2e: pass compile resources
// e2e: fail memory

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    extern __shared__ unsigned local[];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b]) atomicAdd(&bins[b], local[b]);
}
