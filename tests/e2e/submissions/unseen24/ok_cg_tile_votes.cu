// Cooperative groups: a thread_block_tile<32> per warp, tile.any / tile.all /
// tile.ballot (each is a full-warp collective of the tile, executed by all 32
// lanes), block.sync() where every thread of the block arrives, and
// meta_group_rank() as the warp number. Same algorithm as the course's.
// Expected: every check passes.
//
// e2e: day 24
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live,
                                  int stride)
{
    __shared__ int slot[8];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    const int lane = tile.thread_rank();
    const int warp = tile.meta_group_rank();
    const int row = blockIdx.x * tile.meta_group_size() + warp;
    const bool has = row < rows && lane < live;

    const bool neg = tile.any(has && in[row * stride + lane] < 0.0f);
    if (lane == 0) slot[warp] = neg;
    block.sync();
    if (warp == 0) {
        const unsigned yes = tile.ballot(lane < 8 && slot[lane] != 0);
        if (lane == 0) blockCount[blockIdx.x] = __popc(yes);
    }
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride,
                             float limit)
{
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    const int lane = tile.thread_rank();
    const int row = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
    const bool has = row < rows && lane < live;
    const bool all = tile.all(!has || in[row * stride + lane] <= limit);
    if (row < rows && lane == 0) flag[row] = all;
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    const int lane = tile.thread_rank();
    const int row = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
    const bool has = row < rows && lane < live;
    const bool keep = has && in[row * stride + lane] >= threshold;
    const unsigned keepLanes = tile.ballot(keep);
    if (keep) kept[row * stride + __popc(keepLanes & ((1u << lane) - 1u))] = lane;
    if (row < rows && lane == 0) keptCount[row] = __popc(keepLanes);
}
