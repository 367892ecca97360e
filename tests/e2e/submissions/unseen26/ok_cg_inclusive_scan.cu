// cooperative_groups::inclusive_scan and exclusive_scan
// (<cooperative_groups/scan.h>) on 32-thread tiles: tile-wide collectives that
// every lane of the tile executes. Totals from lane 31's inclusive result,
// block.sync() twice, tile 0 scans them with cg::inclusive_scan too; the block
// exclusive scan adds the warps-before offset to the tile's exclusive scan
// (lane 0's tile exclusive value is 0 by definition of cg::exclusive_scan).
// Expected: every check passes.
//
// e2e: day 26
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

// The block's warps-before offset for each tile, from the tiles' totals.
__device__ int warpOffset(cg::thread_block block, cg::thread_block_tile<32> tile, int inclusive)
{
    __shared__ int totals[8];
    const unsigned lane = tile.thread_rank(), warp = tile.meta_group_rank();
    if (lane == 31) totals[warp] = inclusive;
    block.sync();
    if (warp == 0) {
        const int t = cg::inclusive_scan(tile, lane < 8 ? totals[lane] : 0);
        if (lane < 8) totals[lane] = t;
    }
    block.sync();
    return warp > 0 ? totals[warp - 1] : 0;
}

__global__ void scanWarps(const int* in, int* out, int n)
{
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = cg::inclusive_scan(tile, i < n ? in[i] : 0);
    if (i < n) out[i] = s;
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int s = cg::inclusive_scan(tile, i < n ? in[i] : 0);
    const int offset = warpOffset(block, tile, s);
    if (i < n) out[i] = s + offset;
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = i < n ? in[i] : 0;
    const int ex = cg::exclusive_scan(tile, x);
    const int offset = warpOffset(block, tile, ex + x);
    if (i < n) out[i] = ex + offset;
}
