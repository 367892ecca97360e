// Four bytes a load, with the word count rounded up, (n + 3) / 4, "to get the
// tail": the last word is read whole even when n is not a multiple of 4.
//
// Expected: memory fails. At n = 1 word 0 covers bytes 0..3 of a 1-byte
// buffer, at n = 257 word 64 covers bytes 256..259 and at n = 1,000,003 the
// last word one byte past the end: a 4-byte global read that runs past the
// last byte of data. The bytes past n are counted as well, but their values
// are not defined, so correctness is not asserted.
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail memory

__device__ void countWords(const unsigned char* data, unsigned* hist, int n)
{
    const unsigned* words = (const unsigned*)data;
    for (int w = blockIdx.x * blockDim.x + threadIdx.x; w < (n + 3) / 4; w += gridDim.x * blockDim.x) {
        const unsigned x = words[w];
        for (int k = 0; k < 4; ++k)
            if (4 * w + k < n) atomicAdd(&hist[(x >> (8 * k)) & 255u], 1u);
    }
}

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    countWords(data, bins, n);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    local[threadIdx.x] = 0u;
    __syncthreads();
    countWords(data, local, n);
    __syncthreads();
    if (local[threadIdx.x]) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
