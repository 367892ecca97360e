// Warp aggregation with __match_any_sync where the leader adds 1 instead of
// the number of its peers: the aggregation step is written, the count is
// not.
//
// Expected: correctness fails. Lanes with equal bytes form one peer group and
// only its leader adds, 1 for the whole group: whenever two lanes of a warp
// hold the same byte (most warps at the course size, and every warp of the
// all-200 size) counts are lost. The masks are honest (every lane executes
// the match with the full mask: the loop is per warp).
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty races memory resources
// e2e: fail correctness

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int lane = threadIdx.x & 31;
    for (int base = blockIdx.x * blockDim.x + threadIdx.x - lane; base < n;
         base += gridDim.x * blockDim.x) {
        const bool ok = base + lane < n;
        const unsigned v = ok ? data[base + lane] : 0x100u;
        const unsigned peers = __match_any_sync(0xffffffffu, v);
        if (ok && lane == __ffs(peers) - 1) atomicAdd(&bins[v], 1u);
    }
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    local[threadIdx.x] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    if (local[threadIdx.x]) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
