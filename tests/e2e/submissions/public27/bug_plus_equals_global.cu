// The first histogram many "100 days" repositories commit: bins[v]++ on
// global memory, no atomic. histogramShared is the textbook privatised kernel.
//
// Expected: correctness fails. `bins[data[i]]++` is a load, an add and a
// store (three instructions, no atomicity: Programming Guide "Atomic
// Functions" is what would make them one); the 32 lanes of a warp run the
// load together, so lanes of one warp holding the same byte (most warps, at
// 32 random bytes of 256 values) load the same count and store the same
// count + 1, and bytes are lost in every model of execution, the emulator's
// in-order one included. (The races check of this day watches shared memory
// and cross-block plain-store/read pairs; it is not asserted here.)
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty memory resources
// e2e: fail correctness

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    while (i < n) {
        bins[data[i]]++;
        i += blockDim.x * gridDim.x;
    }
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b]) atomicAdd(&bins[b], local[b]);
}
