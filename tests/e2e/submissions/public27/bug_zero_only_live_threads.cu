// The zeroing is guarded like the counting, `if (gid < n) local[t] = 0`, as if
// a thread without a byte had nothing to do.
//
// Expected: memory fails. At n = 1 only thread 0 of the one block zeroes a
// bin, and at n = 257 only thread 0 of block 1; the merge then reads
// local[1..255], shared words no thread of the block wrote (shared memory is
// uninitialised at block start). At the course size every thread has a byte
// and the kernel is right, which is why it survives a first test.
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail memory

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) local[threadIdx.x] = 0u;
    __syncthreads();
    for (int i = gid; i < n; i += gridDim.x * blockDim.x) atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    if (local[threadIdx.x] != 0u) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
