// Thread 0 reads bins[256], one word past the end of `bins`, and adds 1 to
// bin 0 when it is not zero. The emulator drops the faulting load (it reads
// poison), every block runs to its end, and the bins are judged: bin 0 is
// one too many. Correctness fails on that count and says the dropped access
// may be why (see memory); memory names bins and the bytes past its end.
// e2e: day 27
// e2e: exit 1
// e2e: fail correctness memory
// e2e: detail correctness 1 of 256 bins wrong at n=1048576 skew=0; its out-of-bounds or misaligned accesses were dropped
// e2e: detail correctness see memory
// e2e: detail memory 1 byte after the last byte of 'bins' (1,024 bytes)
// e2e: kernel histogramGlobal yours.wrong=1
__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int step = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        atomicAdd(&bins[data[i]], 1u);
    if (blockIdx.x == 0 && threadIdx.x == 0) atomicAdd(&bins[0], bins[256] != 0u ? 1u : 0u);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
    __syncthreads();
    const int step = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x)
        if (local[b] != 0) atomicAdd(&bins[b], local[b]);
}
