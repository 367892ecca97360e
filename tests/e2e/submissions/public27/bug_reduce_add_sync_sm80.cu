// Warp aggregation with __reduce_add_sync, the warp-reduce intrinsic of newer
// GPUs, as recent repositories write it: peers found with __match_any_sync,
// their count summed with __reduce_add_sync(peers, 1).
//
// Expected: compile fails. __reduce_add_sync needs compute capability 8.0
// (Programming Guide, Warp Reduce Functions: "supported by devices of compute
// capability 8.x or higher"), and the day builds for sm_75, where nvcc
// reports the function as undefined.
// e2e: day 27
// e2e: exit 1
// e2e: fail compile

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int lane = threadIdx.x % 32;
    for (int base = blockIdx.x * blockDim.x + threadIdx.x - lane; base < n; base += gridDim.x * blockDim.x) {
        const bool ok = base + lane < n;
        const unsigned v = ok ? data[base + lane] : 256u;
        const unsigned peers = __match_any_sync(0xffffffffu, v);
        const unsigned count = __reduce_add_sync(peers, 1u);
        if (ok && lane == __ffs(peers) - 1) atomicAdd(&bins[v], count);
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
