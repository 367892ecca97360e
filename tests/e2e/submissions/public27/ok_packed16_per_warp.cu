// Per-warp sub-histograms with two 16-bit counters packed in a 32-bit word,
// the trick histogram64/histogram256 use to fit more private copies in
// shared memory: warp w owns words w*128 .. w*128+127, bin v lives in the low
// half (v even) or high half (v odd) of word v/2, and a count is
// atomicAdd(word, 1 << (16 * (v & 1))). 8 warps x 128 words x 4 bytes =
// 4,096 bytes.
//
// Expected: every check passes. A half never carries into the other: a warp
// counts at most 32 x ceil(n / 65,536) bytes (its lanes times the grid-stride
// passes), 512 at the course size and at the all-200 size, far below 65,535.
// Zeroing (plain stores) and counting (shared atomics) are separated by a
// barrier, counting and merging by another, both reached by every thread.
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

constexpr int kWarps = 8;
constexpr int kWordsPerWarp = 128;

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int gridThreads = gridDim.x * blockDim.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    while (i < n) {
        atomicAdd(&bins[data[i]], 1u);
        i += gridThreads;
    }
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned packed[kWarps * kWordsPerWarp];
    for (int k = threadIdx.x; k < kWarps * kWordsPerWarp; k += blockDim.x) packed[k] = 0u;
    __syncthreads();

    unsigned* warpHist = packed + (threadIdx.x / 32) % kWarps * kWordsPerWarp;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const unsigned v = data[i];
        atomicAdd(&warpHist[v >> 1], 1u << (16u * (v & 1u)));
    }
    __syncthreads();

    for (int b = threadIdx.x; b < 256; b += blockDim.x) {
        unsigned sum = 0u;
        for (int w = 0; w < kWarps; ++w) sum += (packed[w * kWordsPerWarp + (b >> 1)] >> (16 * (b & 1))) & 0xffffu;
        if (sum != 0u) atomicAdd(&bins[b], sum);
    }
}
