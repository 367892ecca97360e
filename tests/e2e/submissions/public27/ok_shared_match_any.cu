// A privatised histogram whose shared atomics are themselves warp-aggregated
// (the pattern in the "faster histograms" posts): peers with the same byte
// are found with __match_any_sync(__activemask(), v) inside the usual
// per-thread grid-stride loop, and the lowest peer adds their number.
// histogramGlobal is the plain one-atomic-a-byte kernel.
//
// Expected: every check passes. Inside the loop body the lanes that reach the
// match are the lanes whose i < n; __activemask() in converged code returns
// them (here the code before the call is straight-line, and the loop's exit
// is the only divergence), and the match only reads lanes of that mask. The
// leader adds __popc(peers), so every byte is counted once. Barriers as in
// the textbook kernel.
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
    __shared__ unsigned hist[256];
    hist[threadIdx.x] = 0u;
    __syncthreads();

    const unsigned lane = threadIdx.x & 31u;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const unsigned v = data[i];
        const unsigned active = __activemask();
        const unsigned peers = __match_any_sync(active, v);
        if ((unsigned)(__ffs(peers) - 1) == lane) atomicAdd(&hist[v], (unsigned)__popc(peers));
    }
    __syncthreads();

    const unsigned c = hist[threadIdx.x];
    if (c) atomicAdd(&bins[threadIdx.x], c);
}
