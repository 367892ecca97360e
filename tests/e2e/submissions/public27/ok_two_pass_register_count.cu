// Each thread counts its own bytes in registers before touching memory: the
// grid-stride loop's bytes go through a small run-length step (consecutive
// equal bytes of one thread are added as one atomic), a shape seen in
// histogram code tuned for skewed data. On random bytes every run has length
// 1; on the all-200 size every thread makes a single atomic.
//
// Expected: every check passes. A run is flushed when the byte changes and
// once after the loop, so every byte is added exactly once; the shared
// version zeroes, syncs, counts, syncs and merges.
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

__device__ void countRuns(const unsigned char* data, unsigned* hist, int n)
{
    int current = -1;
    unsigned run = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        const int v = data[i];
        if (v != current) {
            if (run) atomicAdd(&hist[current], run);
            current = v;
            run = 0;
        }
        ++run;
    }
    if (run) atomicAdd(&hist[current], run);
}

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    countRuns(data, bins, n);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned hist[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) hist[b] = 0u;
    __syncthreads();
    countRuns(data, hist, n);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (hist[b]) atomicAdd(&bins[b], hist[b]);
}
