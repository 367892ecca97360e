// histogram256's per-warp sub-histograms at full size: 8 warps x 256 unsigned
// bins = 8,192 bytes of shared memory. The kernel is right.
//
// Expected: resources fails and everything else passes. The day allows at
// most 4,096 bytes of shared memory in histogramShared; ptxas reports 8,192.
// The counting is correct (zero, barrier, shared atomics into the warp's
// copy, barrier, sum of the 8 copies, one global atomic).
// e2e: day 27
// e2e: exit 1
// e2e: pass compile correctness barrier-honesty races memory
// e2e: fail resources

constexpr int kWarpCount = 8;

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned warpHist[kWarpCount][256];
    for (int k = threadIdx.x; k < kWarpCount * 256; k += blockDim.x) warpHist[k / 256][k % 256] = 0u;
    __syncthreads();
    unsigned* mine = warpHist[(threadIdx.x >> 5) % kWarpCount];
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&mine[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) {
        unsigned s = 0u;
        for (int w = 0; w < kWarpCount; ++w) s += warpHist[w][b];
        if (s) atomicAdd(&bins[b], s);
    }
}
