// Cooperative groups' scan: cg::inclusive_scan over a
// tiled_partition<32>(this_thread_block()), for the warps and for the warp
// of totals (CUDA 11's <cooperative_groups/scan.h>).
//
// Expected: every check passes. inclusive_scan is a collective of the tile:
// all 32 threads of each tile call it (threads past n with 0), the partial
// call in warp 0 is made by all 32 lanes of that tile (`warp == 0` is
// uniform in a warp). Barriers outside every `if`; 32 bytes of shared.
// e2e: day 26
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__device__ int blockInclusive(int x)
{
    __shared__ int totals[8];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int prefix = cg::inclusive_scan(warp, x);
    if (warp.thread_rank() == 31) totals[warp.meta_group_rank()] = prefix;
    block.sync();
    if (warp.meta_group_rank() == 0) {
        const int r = warp.thread_rank();
        const int t = cg::inclusive_scan(warp, r < 8 ? totals[r] : 0);
        if (r < 8) totals[r] = t;
    }
    block.sync();
    if (warp.meta_group_rank() > 0) prefix += totals[warp.meta_group_rank() - 1];
    return prefix;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
    const int s = cg::inclusive_scan(warp, i < n ? in[i] : 0);
    if (i < n) out[i] = s;
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = blockInclusive(i < n ? in[i] : 0);
    if (i < n) out[i] = s;
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    const int s = blockInclusive(x);
    if (i < n) out[i] = s - x;
}
