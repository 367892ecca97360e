// Written by a helper from day 72's README and template alone (6 December
// 2026). A __threadfence() where grid.sync() belongs: the last block sums
// the block sums (line 36) without waiting for the other blocks, so the
// total stored at line 37 depends on the block order. An int, shown signed;
// the advice says the stored value is made from results read too early
// (before this date: "line 37 uses other blocks' results", and the int
// printed as 4,294,954,600).
// e2e: day 72
// e2e: exit 1
// e2e: fail races
// e2e: pass correctness
// e2e: detail races -12,696 (as unsigned 4,294,954,600) in index order
// e2e: output line 37 stores a value made from other blocks' results read too early
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void gridSum(const int* in, int* blockSums, int* out, int n)
{
    cg::grid_group grid = cg::this_grid();
    __shared__ int s[256];
    int sum = 0;
    for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size())
        sum += in[i];
    s[threadIdx.x] = sum;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        blockSums[blockIdx.x] = s[0];
        __threadfence();
    }
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) {
        int t = 0;
        for (int b = 0; b < gridDim.x; ++b) t += blockSums[b];
        out[0] = t;
    }
}
