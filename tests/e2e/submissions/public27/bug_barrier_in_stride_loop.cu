// A staged histogram that copies each thread's byte into a shared chunk,
// syncs, lets warp 0 count the chunk, and syncs again, all inside the
// per-thread grid-stride loop `for (i = gid; i < n; i += step)`.
//
// Expected: barrier-honesty fails. The loop's trip count differs between
// threads of one block whenever n is not a multiple of the grid's threads:
// at n = 65,537 thread 0 of block 0 runs two iterations and threads 1..255
// one, so thread 0 waits at the in-loop __syncthreads() while the others have
// left the loop and go on running to the barrier after it (Programming
// Guide: __syncthreads() in conditional code is allowed only if the condition
// evaluates identically across the block, otherwise the code may hang or
// behave unintentionally). The other threads do not exit: they reach the
// merge's barrier and run the merge.
// e2e: day 27
// e2e: exit 1
// e2e: pass compile resources
// e2e: fail barrier-honesty

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    __shared__ unsigned char chunk[256];
    local[threadIdx.x] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        chunk[threadIdx.x] = data[i];
        __syncthreads();
        if (threadIdx.x < 32)
            for (int k = threadIdx.x; k < 256 && i - (int)threadIdx.x + k < n; k += 32)
                atomicAdd(&local[chunk[k]], 1u);
        __syncthreads();
    }
    __syncthreads();
    if (local[threadIdx.x]) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
