// histogramGlobal traps (an assert that fails) at every size past 100,000
// bytes, the course size among them: the launch never completes, so no bin
// was judged. The report says "trap" and counts no bin wrong (yours.wrong is
// null, the table says "not judged"), where it once claimed all 256 wrong.
// e2e: day 27
// e2e: exit 1
// e2e: fail correctness
// e2e: detail correctness trap
// e2e: kernel histogramGlobal yours.wrong=null yours.total=256
#include <cassert>

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    assert(n <= 100000);
    const int step = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step)
        atomicAdd(&bins[data[i]], 1u);
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
