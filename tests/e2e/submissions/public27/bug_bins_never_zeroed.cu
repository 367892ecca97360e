// A privatised histogram that forgets shared memory starts as garbage: no
// zeroing loop, straight to the atomics.
//
// Expected: memory fails. Shared memory is not initialised at block start
// (Programming Guide: __shared__ variables cannot have an initialiser and
// hold unspecified values), so the first atomicAdd on each shared bin reads
// a word no thread of the block wrote, and whatever was there is merged into
// bins. Correctness is not asserted (an uninitialised word may happen to be
// 0).
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail memory

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        atomicAdd(&bins[b], local[b]);
}
