// Correct counts, and at n = 1 every thread of block 0 adds 5 to its bin:
// 255 of those bins are ones the reference leaves at 0. The report says the
// kernel wrote bins the reference leaves alone, and says it the same way
// whether the reference's outputs were just made or read back from the
// cache (a stored in-out buffer once lost what it held before the launch,
// so a warm grade judged those bins as wrong values instead).
// e2e: day 27
// e2e: exit 1
// e2e: fail correctness
// e2e: output the reference leaves untouched
// e2e: cache-invariant
#define histogramGlobal histogramGlobal_reference
// e2e-paste: solutions/day27-histogram/histogram.cu
#undef histogramGlobal

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    const int step = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        atomicAdd(&bins[data[i]], 1u);
    if (blockIdx.x == 0 && n == 1) atomicAdd(&bins[threadIdx.x], 5u);
}
