// Cooperative groups: tiled_partition<32> of this_thread_block(); the ladder
// with tile.shfl_up (a full-tile shuffle, every lane, every step; lanes below d
// get their own value and do not add), block.sync() twice, reached by all
// threads; tile 0 scans the totals. Same algorithm as the course's.
// Expected: every check passes.
//
// e2e: day 26
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int tileScan(cg::thread_block_tile<32> tile, int x)
{
    for (unsigned d = 1; d < 32; d *= 2) {
        const int below = tile.shfl_up(x, d);
        if (tile.thread_rank() >= d) x += below;
    }
    return x;
}

__device__ int blockScan(int x)
{
    __shared__ int totals[8];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    const unsigned lane = tile.thread_rank(), warp = tile.meta_group_rank();
    int prefix = tileScan(tile, x);
    if (lane == 31) totals[warp] = prefix;
    block.sync();
    if (warp == 0) {
        const int t = tileScan(tile, lane < 8 ? totals[lane] : 0);
        if (lane < 8) totals[lane] = t;
    }
    block.sync();
    if (warp > 0) prefix += totals[warp - 1];
    return prefix;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = tileScan(tile, i < n ? in[i] : 0);
    if (i < n) out[i] = s;
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = blockScan(i < n ? in[i] : 0);
    if (i < n) out[i] = s;
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    const int s = blockScan(x);
    if (i < n) out[i] = s - x;
}
