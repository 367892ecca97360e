// The zeroing loop strides by the warp size instead of the block size,
// `for (b = threadIdx.x; b < 256; b += 32)`: thread t zeroes bins t, t + 32,
// ..., so bin b is zeroed by every thread t <= b with t = b mod 32 (bin 255
// by threads 31, 63, ..., 255: one in each warp), all before the barrier.
//
// Expected (revised 6 December 2026): every check passes. Threads of
// different warps store 0 to one shared word with nothing between them, but
// every store writes the value the word then holds: the word ends 0 in any
// order (the PTX memory model does not require race freedom and gives the
// location one of the values stored; of a warp's stores to one word the
// CUDA guide says one lands). It is eight times the stores it needs, not a
// race; the same rule passes a flag every finder sets to 1 (`found = 1`),
// which day 81's README teaches in global memory. This file was
// bug_zero_stride_warp.cu, expected to fail races, until the rule
// (shadow.c's stores_same) was made for the flag idiom, which helpers'
// unseen day-42 and day-81 kernels use.
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
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += 32) local[b] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b]) atomicAdd(&bins[b], local[b]);
}
