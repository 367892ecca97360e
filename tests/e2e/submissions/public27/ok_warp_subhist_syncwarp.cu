// Per-warp sub-histograms that need no block barrier before counting: each
// warp zeroes its own 128 packed words (two 16-bit counters a word, 4,096
// bytes for the 8 warps), meets at __syncwarp(), and counts into them; only
// the merge, which reads every warp's copy, waits at __syncthreads(). The
// shape of per-warp privatisation in the "faster histograms" write-ups.
//
// Expected: every check passes. Before the block barrier a warp touches only
// its own words, so the only ordering needed is among its 32 lanes, and
// __syncwarp() gives it: "threads within a warp ... memory ordering among
// threads participating in the barrier" (Programming Guide, __syncwarp).
// A warp counts at most 512 bytes at the course size, so a 16-bit half never
// overflows into its neighbour. The merge reads after __syncthreads().
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
    __shared__ unsigned packed[8][128];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int k = lane; k < 128; k += 32) packed[warp][k] = 0u;
    __syncwarp();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const unsigned v = data[i];
        atomicAdd(&packed[warp][v / 2], (v & 1u) ? 0x10000u : 1u);
    }
    __syncthreads();
    const int b = threadIdx.x;
    unsigned total = 0u;
    for (int w = 0; w < 8; ++w) total += (packed[w][b / 2] >> ((b & 1) * 16)) & 0xffffu;
    if (total) atomicAdd(&bins[b], total);
}
