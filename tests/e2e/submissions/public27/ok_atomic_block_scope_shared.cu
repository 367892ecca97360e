// The honest use of the block-scoped atomic: atomicAdd_block on the block's
// private shared bins (only its own threads can see them), then one
// device-scoped atomicAdd a bin to merge into the global bins every block
// shares. histogramGlobal has no shared copy and so uses atomicAdd.
//
// Expected: every check passes. The _block variants are atomic for the
// threads of the calling block (Programming Guide, "Atomic Functions"), and
// shared memory is only ever touched by those threads; the merge into global
// memory is atomicAdd, atomic with respect to every thread of the device
// (PTX atom with the default .gpu scope). The barrier after the zeroing
// orders the plain stores before the shared atomics, and the barrier after
// the counting orders the atomics before the merge's loads. This is the
// companion of bug_atomic_block_scope_global.cu, which uses atomicAdd_block
// on the global bins too.
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

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
        atomicAdd_block(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b]) atomicAdd(&bins[b], local[b]);
}
