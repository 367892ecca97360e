// Counting with atomicInc(&bin, 0xffffffff) instead of atomicAdd(&bin, 1):
// atomicInc stores ((old >= limit) ? 0 : old + 1), which is old + 1 for any
// count below 2^32 - 1. The barriers are written under a block-uniform
// condition, `if (n > 0)`, that is always true here (n >= 1 is required).
//
// Expected: every check passes. atomicInc is an atomic read-modify-write
// (Programming Guide, atomicInc), so it does not race with the other shared
// atomics; the plain zeroing store is ordered before it by the first
// barrier. A __syncthreads() inside a condition that evaluates identically
// for the whole block is allowed (Programming Guide, __syncthreads()).
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicInc(&bins[data[i]], 0xffffffffu);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned hist[256];
    hist[threadIdx.x] = 0u;
    if (n > 0) __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicInc(&hist[data[i]], 0xffffffffu);
    if (n > 0) __syncthreads();
    if (hist[threadIdx.x]) atomicAdd(&bins[threadIdx.x], hist[threadIdx.x]);
}
