// Each 256-byte chunk of the block's share is first staged in a shared
// unsigned char array, one byte a thread (four threads write the four bytes
// of one 32-bit word), then counted from there. The chunk loop runs per
// block, so every thread meets every barrier.
//
// Expected: every check passes. Four threads writing four different bytes of
// one word touch four different memory locations (a byte is the unit of
// memory in the C++ memory model CUDA follows), so they do not race with one
// another; thread t counts the byte thread 255 - t staged, after a barrier,
// and the next chunk's stores come after a second barrier. Only staged bytes
// (k < valid) are read. Shared: 256 + 1,024 bytes.
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
    __shared__ unsigned char stage[256];
    __shared__ unsigned hist[256];
    hist[threadIdx.x] = 0u;
    __syncthreads();
    for (int chunk = blockIdx.x * 256; chunk < n; chunk += gridDim.x * 256) {
        const int valid = min(256, n - chunk);
        if ((int)threadIdx.x < valid) stage[threadIdx.x] = data[chunk + threadIdx.x];
        __syncthreads();
        const int k = 255 - (int)threadIdx.x;  // count a byte another warp staged
        if (k < valid) atomicAdd(&hist[stage[k]], 1u);
        __syncthreads();
    }
    if (hist[threadIdx.x]) atomicAdd(&bins[threadIdx.x], hist[threadIdx.x]);
}
