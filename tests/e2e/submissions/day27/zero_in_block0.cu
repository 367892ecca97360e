// Block 0 zeroes the global bins with plain stores, then every block adds
// with atomicAdd. In index order the counts come out right, so correctness
// passes; on a GPU the blocks that start before block 0's stores lose their
// counts. The reverse order runs block 0 last and keeps only its counts:
// races fails with an order-dependent hazard at the zeroing store and the
// atomic (lines 80 and 84 of the file with the solution pasted in), the
// same with 1, 2 and 4 threads. histogramShared is the solution's.
// e2e: day 27
// e2e: exit 1
// e2e: pass correctness
// e2e: fail races
// e2e: hazard races kernel=histogramGlobal kind=order-dependent line=80 line2=84
// e2e: threads-invariant
#define histogramGlobal histogramGlobal_reference
// e2e-paste: solutions/day27-histogram/histogram.cu
#undef histogramGlobal

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    if (blockIdx.x == 0) bins[threadIdx.x] = 0;
    __syncthreads();
    const int step = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        atomicAdd(&bins[data[i]], 1u);
}
