// Privatised histogram with the barrier before the merge left out: each
// thread reads its bin for the merge as soon as its own bytes are counted.
//
// Expected: races fails. Thread t's plain load of local[t] in the merge and
// another warp's atomicAdd on local[t] in the counting loop are unordered
// (the only barrier is before the counting), a load/atomic pair on one
// shared word. Counts added after the load never reach bins, so on a GPU the
// result is usually wrong too; correctness is not asserted, since the
// outcome depends on the warps' order.
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
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b] != 0u) atomicAdd(&bins[b], local[b]);
}
