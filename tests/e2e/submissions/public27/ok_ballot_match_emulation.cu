// Warp aggregation the pre-Volta way, before __match_any_sync existed: the
// peers of a lane (lanes with the same byte) are found with eight ballots,
// one per bit of the byte, and the lowest peer adds their number. Lanes past
// n vote with the full mask too and are removed from every peer set by a
// ninth ballot ("is valid"). The loop is per warp, so every lane makes every
// ballot.
//
// Expected: every check passes. __ballot_sync(0xffffffff, p) returns bit L
// set when lane L's p is non-zero (Programming Guide, "Warp Vote
// Functions"); AND-ing the ballot (or its complement) for each bit leaves the
// lanes whose 8 bits all equal this lane's, so __popc(peers) counts exactly
// the valid lanes holding this byte, and each group adds once.
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

__device__ void aggregatedAdd(unsigned* hist, const unsigned char* data, int i, int n)
{
    const bool valid = i < n;
    const unsigned v = valid ? data[i] : 0u;
    unsigned peers = __ballot_sync(0xffffffffu, valid);
#pragma unroll
    for (int bit = 0; bit < 8; ++bit) {
        const unsigned ones = __ballot_sync(0xffffffffu, (v >> bit) & 1u);
        peers &= ((v >> bit) & 1u) ? ones : ~ones;
    }
    const int lane = threadIdx.x % 32;
    if (valid && __ffs(peers) - 1 == lane) atomicAdd(&hist[v], (unsigned)__popc(peers));
}

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int lane = threadIdx.x % 32;
    for (int w = blockIdx.x * blockDim.x + threadIdx.x - lane; w < n; w += gridDim.x * blockDim.x)
        aggregatedAdd(bins, data, w + lane, n);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned hist[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) hist[b] = 0u;
    __syncthreads();
    const int lane = threadIdx.x % 32;
    for (int w = blockIdx.x * blockDim.x + threadIdx.x - lane; w < n; w += gridDim.x * blockDim.x)
        aggregatedAdd(hist, data, w + lane, n);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (hist[b]) atomicAdd(&bins[b], hist[b]);
}
