// Day 36: the reference solution. One pass of a least-significant-digit
// radix sort of 32-bit keys, 4 bits a pass, in three launches: count each
// block's digits, scan the counts into where each block's digits start,
// scatter each key there, stably. The day's program runs the three eight
// times, the keys moving between keys and tmp.

#define BLOCK 256
#define WARPS (BLOCK / 32)

__global__ void radixHistogram(const unsigned* keys, unsigned* counts, int n, int shift)
{
    __shared__ unsigned h[16];
    const int t = threadIdx.x, i = blockIdx.x * BLOCK + t;
    if (t < 16) h[t] = 0;
    __syncthreads();
    if (i < n) atomicAdd(&h[(keys[i] >> shift) & 15u], 1u);
    __syncthreads();
    // digit-major: digit d of every block before digit d + 1 of any
    if (t < 16) counts[t * gridDim.x + blockIdx.x] = h[t];
}

__global__ void radixScan(unsigned* counts, int m)
{
    __shared__ unsigned sums[1024];
    const int t = threadIdx.x, per = (m + 1023) / 1024, begin = t * per;
    unsigned s = 0;
    for (int j = 0; j < per && begin + j < m; j++) s += counts[begin + j];
    sums[t] = s;
    __syncthreads();
    // inclusive scan of the 1,024 sums: read, barrier, write, barrier
    for (int d = 1; d < 1024; d <<= 1) {
        const unsigned add = t >= d ? sums[t - d] : 0u;
        __syncthreads();
        sums[t] += add;
        __syncthreads();
    }
    unsigned run = sums[t] - s; // the sum of the runs before this thread's
    for (int j = 0; j < per && begin + j < m; j++) {
        const unsigned c = counts[begin + j];
        counts[begin + j] = run;
        run += c;
    }
}

__global__ void radixScatter(const unsigned* keysIn, unsigned* keysOut, const unsigned* offsets,
                             int n, int shift)
{
    __shared__ unsigned warpCounts[WARPS][16];
    const int t = threadIdx.x, lane = t & 31, warp = t >> 5, i = blockIdx.x * BLOCK + t;
    const bool live = i < n;
    const unsigned key = live ? keysIn[i] : 0u, d = (key >> shift) & 15u;
    // the lanes of this warp that hold a key with this digit: four ballots
    unsigned peers = __ballot_sync(0xffffffffu, live);
    for (int b = 0; b < 4; b++) {
        const unsigned ones = __ballot_sync(0xffffffffu, (d >> b) & 1u);
        peers &= ((d >> b) & 1u) ? ones : ~ones;
    }
    const unsigned below = peers & ((1u << lane) - 1u);
    if (t < WARPS * 16) warpCounts[t / 16][t % 16] = 0;
    __syncthreads();
    if (live && !below) warpCounts[warp][d] = __popc(peers); // each group's lowest lane
    __syncthreads();
    if (live) {
        unsigned at = offsets[d * gridDim.x + blockIdx.x] + __popc(below);
        for (int w = 0; w < warp; w++) at += warpCounts[w][d];
        keysOut[at] = key;
    }
}
