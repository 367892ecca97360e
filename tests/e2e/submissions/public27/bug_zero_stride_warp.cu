// The zeroing loop strides by the warp size instead of the block size,
// `for (b = threadIdx.x; b < 256; b += 32)`: thread t zeroes bins t, t + 32,
// ..., so bin b is zeroed by every thread t <= b with t = b mod 32 (bin 255
// by threads 31, 63, ..., 255: one in each warp), all before the barrier.
//
// Expected: races fails. Two threads of different warps store to one shared
// word with nothing between them (both stores come before the first
// barrier): a write-write conflict between plain stores of different
// threads, which is a data race whatever the values (the day's races check:
// "one of them writing and not both atomically, without a barrier between
// them"). Every store writes 0, so correctness passes.
// e2e: day 27
// e2e: exit 1
// e2e: pass compile correctness barrier-honesty memory resources
// e2e: fail races

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += 32) local[b] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b]) atomicAdd(&bins[b], local[b]);
}
