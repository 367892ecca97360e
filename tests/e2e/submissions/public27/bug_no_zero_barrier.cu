// Privatised histogram with the barrier between the zeroing and the counting
// left out ("each thread zeroes its own bin, so why wait?"). Everything else
// is right.
//
// Expected: races fails. Thread t zeroes local[t] with a plain store and then
// atomically adds into any bin, among them bins zeroed by threads of other
// warps; nothing orders thread 200's store to local[200] with thread 0's
// atomicAdd on it (no barrier: Programming Guide __syncthreads(), "Memory
// Fence Functions"), a store/atomic pair on one shared word. Correctness is
// not asserted: on a GPU it is usually right, and the outcome depends on the
// order the warps ran in.
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail races

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned int sh[256];
    sh[threadIdx.x] = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&sh[data[i]], 1);
    __syncthreads();
    if (sh[threadIdx.x] > 0) atomicAdd(&bins[threadIdx.x], sh[threadIdx.x]);
}
