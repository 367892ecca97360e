// The grid-stride loop's bound written `i <= n`.
//
// Expected: memory fails. At the course size, n = 1,048,576 = 16 x 65,536, so
// thread 0 of block 0 reaches i = n on its 17th pass and reads data[n], one
// byte past the buffer; at n = 1, thread 1 reads data[1]. The extra byte is
// counted, so the bins are wrong too, but what an out-of-bounds read returns
// is not defined, so only memory is asserted.
// e2e: day 27
// e2e: exit 1
// e2e: pass compile barrier-honesty resources
// e2e: fail memory

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i <= n; i += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    local[threadIdx.x] = 0u;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i <= n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    if (local[threadIdx.x]) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}
