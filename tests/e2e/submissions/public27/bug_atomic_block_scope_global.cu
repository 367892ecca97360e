// histogramGlobal with atomicAdd_block, "the cheaper atomic", on the global
// bins that every block adds into. histogramShared merges with the same
// block-scoped atomic.
//
// Expected: races fails. atomicAdd_block is atomic only with respect to the
// threads of the calling block (Programming Guide, "Atomic Functions":
// _block variants are atomic for threads in the same thread block); its PTX
// is atom.cta. In the PTX memory model two atomics on one location are
// morally strong only when each one's scope includes the other thread, and
// .cta from two different CTAs does not: they are a data race on global
// memory between blocks, and counts may be lost. Correctness is not
// asserted (blocks run in index order in a sequential emulation and the
// sums come out right there). cudalab reports a race-scope hazard in each
// kernel, naming the two blocks and the scope.
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail races
// e2e: hazard races kernel=histogramGlobal kind=race-scope line=28 line2=28
// e2e: hazard races kernel=histogramShared kind=race-scope line=39 line2=39
// e2e: output both are of block scope
// e2e: output use atomicAdd (not atomicAdd_block)
// e2e: threads-invariant

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd_block(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    local[threadIdx.x] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd_block(&local[data[i]], 1u);
    __syncthreads();
    if (local[threadIdx.x]) atomicAdd_block(&bins[threadIdx.x], local[threadIdx.x]);
}
