// Per-warp sub-histograms in the shape of NVIDIA's histogram256 sample, cut
// to the day's 4,096-byte shared limit: the block's 8 warps share 4 copies of
// the 256 bins (warps 2k and 2k+1 count into copy k), so that a bin's
// contention is split four ways. After the counting barrier, thread t sums
// bin t over the 4 copies and makes one global atomicAdd.
//
// Expected: every check passes. Each copy is zeroed by plain stores before
// the first __syncthreads() and counted into with shared atomicAdd after it
// (atomics do not race with atomics); the merge's plain loads come after the
// second barrier. The zero loop and the merge loop each cover all 1,024
// words / 256 bins for any blockDim.x. 4 x 256 x 4 = 4,096 bytes: exactly the
// limit, which is "at most 4,096".
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

constexpr int kBins = 256;
constexpr int kCopies = 4;

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const unsigned v = data[i];
        atomicAdd(bins + v, 1u);
    }
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned copies[kCopies * kBins];
    for (int w = threadIdx.x; w < kCopies * kBins; w += blockDim.x) copies[w] = 0u;
    __syncthreads();

    unsigned* mine = copies + ((threadIdx.x / 32) / 2) % kCopies * kBins;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(mine + data[i], 1u);
    __syncthreads();

    for (int b = threadIdx.x; b < kBins; b += blockDim.x) {
        unsigned total = 0u;
#pragma unroll
        for (int k = 0; k < kCopies; ++k) total += copies[k * kBins + b];
        if (total) atomicAdd(&bins[b], total);
    }
}
