// Warp-aggregated atomics with __match_any_sync, in the shape of NVIDIA's
// blog on warp-aggregated atomics: lanes holding the same byte find each
// other, the lowest of them adds the group's size. The loop runs per warp,
// not per lane (its bound depends on the warp's first index), so all 32 lanes
// make every call with the full mask; a lane past n carries 256, a value no
// byte has, and adds nothing.
//
// Expected: every check passes. __match_any_sync(mask, v) returns the mask of
// lanes in `mask` whose v equals this lane's (Programming Guide, "Warp Match
// Functions", sm_70+); here every lane named by 0xffffffff executes it, so
// the mask is honest even though the day does not grade mask-honesty. The
// leader's atomicAdd adds __popc(peers), the exact number of lanes with that
// byte. histogramShared does the same into shared bins, with both barriers.
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

__device__ void addAggregated(unsigned* hist, unsigned v, bool valid)
{
    const unsigned lane = threadIdx.x % 32;
    const unsigned key = valid ? v : 256u;
    const unsigned peers = __match_any_sync(0xffffffffu, key);
    const unsigned leader = __ffs(peers) - 1;
    if (valid && lane == leader) atomicAdd(&hist[v], (unsigned)__popc(peers));
}

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int lane = threadIdx.x % 32;
    const int warpFirst = blockIdx.x * blockDim.x + threadIdx.x - lane;
    for (int base = warpFirst; base < n; base += gridDim.x * blockDim.x) {
        const int i = base + lane;
        const bool valid = i < n;
        addAggregated(bins, valid ? data[i] : 0u, valid);
    }
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned hist[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) hist[b] = 0u;
    __syncthreads();

    const int lane = threadIdx.x % 32;
    const int warpFirst = blockIdx.x * blockDim.x + threadIdx.x - lane;
    for (int base = warpFirst; base < n; base += gridDim.x * blockDim.x) {
        const int i = base + lane;
        const bool valid = i < n;
        addAggregated(hist, valid ? data[i] : 0u, valid);
    }
    __syncthreads();

    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (hist[b]) atomicAdd(&bins[b], hist[b]);
}
