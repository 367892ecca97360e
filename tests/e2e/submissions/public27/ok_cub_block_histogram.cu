// CUB's BlockHistogram with the atomic algorithm, as CUB's documentation shows
// it: the block's shared bins are zeroed by InitHistogram, each full tile of
// 256 bytes (one a thread) goes through Composite, and the bytes of a last,
// partial tile are added by hand (Composite counts every item it is given,
// so a partial tile cannot go through it). histogramGlobal uses the same
// tiles with global atomics.
//
// Expected: every check passes. BLOCK_HISTO_ATOMIC's Composite is one shared
// atomicAdd per item, needing no temporary storage; InitHistogram's plain
// stores are ordered before it by the __syncthreads() that follows, and the
// merge reads after another. The tile loop's bound depends on blockIdx.x
// alone, so Composite and the barriers are reached by every thread.
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources
#include <cub/cub.cuh>

constexpr int kThreads = 256;
using BlockHist = cub::BlockHistogram<unsigned char, kThreads, 1, 256, cub::BLOCK_HISTO_ATOMIC>;

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int tile = blockIdx.x * kThreads; tile < n; tile += gridDim.x * kThreads) {
        const int i = tile + threadIdx.x;
        if (i < n) atomicAdd(&bins[data[i]], 1u);
    }
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ typename BlockHist::TempStorage temp;
    __shared__ unsigned smemHist[256];
    BlockHist hist(temp);
    hist.InitHistogram(smemHist);
    __syncthreads();

    for (int tile = blockIdx.x * kThreads; tile < n; tile += gridDim.x * kThreads) {
        const int i = tile + threadIdx.x;
        if (tile + kThreads <= n) {
            unsigned char items[1] = {data[i]};
            hist.Composite(items, smemHist);
        } else if (i < n) {
            atomicAdd(&smemHist[data[i]], 1u);
        }
    }
    __syncthreads();

    for (int b = threadIdx.x; b < 256; b += kThreads)
        if (smemHist[b]) atomicAdd(&bins[b], smemHist[b]);
}
