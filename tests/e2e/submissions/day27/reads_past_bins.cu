// Right counts, and thread 0 of block 0 reads bins[256], one word past the
// end of `bins`, without using what it read. The emulator drops the faulting
// access and runs every block to its end, so the outputs are judged as they
// are (all right): memory fails and names the buffer, the bytes past its end
// and the line; correctness passes (it once failed as "fault: the kernel made
// an illegal memory access" with all 256 bins counted wrong).
// e2e: day 27
// e2e: exit 1
// e2e: pass correctness
// e2e: fail memory
// e2e: detail memory 1 byte after the last byte of 'bins' (1,024 bytes)
// e2e: hazard memory kernel=histogramGlobal kind=oob line=20
// e2e: kernel histogramGlobal yours.wrong=0
__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int step = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        atomicAdd(&bins[data[i]], 1u);
    // the bug: one word past the end of bins
    if (blockIdx.x == 0 && threadIdx.x == 0 && bins[256] == 1234567u) bins[0] = 0;
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
