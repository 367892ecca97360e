// The README's first wrong kernel: `bins[data[i]] += 1` in every block. The
// counts come out too small (correctness), and `races` reports a thread
// reading a bin another thread of its block stored with a plain store, with
// both lines (race-global; threads of two blocks meet at the same line,
// the same hazard), and says to make the update an atomic, as day 27's
// README says under "What the grader checks".
// e2e: day 27
// e2e: exit 1
// e2e: fail correctness races
// e2e: hazard races kernel=histogramGlobal kind=race-global line=17 line2=17
// e2e: detail races of the same block stored (line 17)
// e2e: output threads of the block update one element at line 17: make the update an atomic (atomicAdd)
__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int step = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        bins[data[i]] += 1;
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
