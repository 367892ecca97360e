// libcu++ style: cuda::atomic_ref with thread_scope_device on the global bins
// and thread_scope_block on the shared ones, fetch_add with
// memory_order_relaxed (the scopes match who shares each word).
//
// Expected: every check passes. A relaxed fetch_add is an atomic
// read-modify-write; device scope covers all blocks adding into bins, block
// scope all threads adding into the block's bins (libcu++ atomic_ref; PTX
// atom.relaxed.gpu / .cta). The zeroing and the merge are ordered by the
// two barriers as usual.
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources
#include <cuda/atomic>

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        cuda::atomic_ref<unsigned, cuda::thread_scope_device> bin(bins[data[i]]);
        bin.fetch_add(1u, cuda::memory_order_relaxed);
    }
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    local[threadIdx.x] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        cuda::atomic_ref<unsigned, cuda::thread_scope_block> bin(local[data[i]]);
        bin.fetch_add(1u, cuda::memory_order_relaxed);
    }
    __syncthreads();
    const unsigned c = local[threadIdx.x];
    if (c) {
        cuda::atomic_ref<unsigned, cuda::thread_scope_device> bin(bins[threadIdx.x]);
        bin.fetch_add(c, cuda::memory_order_relaxed);
    }
}
