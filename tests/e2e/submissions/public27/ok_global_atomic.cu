// The textbook pair, as most "100 days of CUDA" repositories write it on their
// histogram day: a grid-stride loop with one global atomicAdd a byte, and a
// privatised shared copy of the 256 bins zeroed, counted and merged with two
// barriers between the phases.
//
// Expected: every check passes. atomicAdd is an indivisible read-modify-write
// (Programming Guide, "Atomic Functions"), so no count is lost; in
// histogramShared the barrier after the zeroing orders every plain store
// before every shared atomic, and the barrier after the counting orders every
// atomic before the merge's loads (__syncthreads: "all global and shared
// memory accesses made by these threads prior to __syncthreads() are visible
// to all threads in the block"). Both barriers are outside every `if`.
// 1,024 bytes of shared memory, under the day's 4,096.
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int stride = gridDim.x * blockDim.x;
    for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < n; idx += stride)
        atomicAdd(&bins[data[idx]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned privateBins[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) privateBins[b] = 0u;
    __syncthreads();

    const int stride = gridDim.x * blockDim.x;
    for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < n; idx += stride)
        atomicAdd(&privateBins[data[idx]], 1u);
    __syncthreads();

    for (int b = threadIdx.x; b < 256; b += blockDim.x) {
        const unsigned c = privateBins[b];
        if (c != 0u) atomicAdd(&bins[b], c);
    }
}
