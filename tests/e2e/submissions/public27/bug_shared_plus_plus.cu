// Privatised, with both barriers, but the shared count is `local[v]++`: the
// author thought shared memory made it safe.
//
// Expected: races and correctness fail. local[v]++ is a plain load and a
// plain store; two threads of the block (two lanes of one warp, even) with
// the same byte touch one shared word, both writing, not atomically, with no
// barrier between them: a race. Lanes of one warp with the same byte load
// the same count in one instruction and store the same count + 1, so counts
// are lost under any order of execution, at the course size (16 bytes a
// thread, 256 threads a block into 256 bins).
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail correctness races

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
        local[data[i]]++;
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b]) atomicAdd(&bins[b], local[b]);
}
