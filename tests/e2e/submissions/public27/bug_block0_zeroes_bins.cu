// "Clear the output first": block 0 zeroes the global bins with plain stores
// and a __syncthreads(), then every block adds with atomicAdd. The barrier
// orders block 0's own threads only.
//
// Expected: races fails. __syncthreads() synchronises the threads of one
// block; blocks run in any order and at once (Programming Guide, "Thread
// Hierarchy": blocks must be able to execute independently, in any order).
// So block 0's plain stores to bins[b] and other blocks' atomicAdd (which
// reads the old value) on the same words are unordered: a cross-block race
// on global memory, which the day's races check covers (student guide: no
// block reads a global word another block stored with a plain store in the
// same launch). On a GPU a late block 0 wipes out counts already added.
// Correctness is not asserted (it depends on the order the blocks ran in).
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail races

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    if (blockIdx.x == 0)
        for (int b = threadIdx.x; b < 256; b += blockDim.x) bins[b] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    if (blockIdx.x == 0) bins[threadIdx.x] = 0u;
    local[threadIdx.x] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    if (local[threadIdx.x]) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
