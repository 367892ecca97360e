// Day 72: the reference solution. One kernel sums the whole array: a
// grid-stride loop and a block reduction give each block's total, a
// grid-wide sync waits for every block's, and block 0 adds them. The day
// launches it cooperatively, so every block is resident and
// this_grid().sync() is a barrier across the grid.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kBlock = 256;

// The sum of v over the block, in thread 0 (every thread must call it: it
// has barriers). s is the block's shared array of kBlock ints.
__device__ int blockSum(int v, int* s)
{
    s[threadIdx.x] = v;
    __syncthreads();
    for (int stride = kBlock / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    return s[0];
}

__global__ void gridSum(const int* in, int* blockSums, int* out, int n)
{
    cg::grid_group grid = cg::this_grid();
    __shared__ int s[kBlock];
    int sum = 0;
    for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size())
        sum += in[i];
    const int total = blockSum(sum, s);
    if (threadIdx.x == 0) blockSums[blockIdx.x] = total;
    grid.sync(); // every block's total is written: block 0 adds them
    if (blockIdx.x != 0) return;
    __syncthreads(); // thread 0 read s[0] above; the next sum writes s again
    int part = 0;
    for (unsigned b = threadIdx.x; b < gridDim.x; b += blockDim.x) part += blockSums[b];
    const int all = blockSum(part, s);
    if (threadIdx.x == 0) out[0] = all;
}
