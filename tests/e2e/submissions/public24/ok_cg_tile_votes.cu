// Cooperative groups: a thread_block_tile<32> per warp, tile.any(),
// tile.all() and tile.ballot() for the votes, and countNegativeRows counting
// with __syncthreads_count, the block-wide vote (lane 0 of each warp passes
// its row's answer, every other thread 0).
//
// Expected: every check passes. A tile's votes are collectives of all 32
// threads of the tile, which all execute them. __syncthreads_count(p) is a
// barrier every thread of the block reaches, returning the number of threads
// whose p is non-zero (Programming Guide, Synchronization Functions): here
// one per warp whose row holds a negative value. No shared memory at all,
// within the 256 bytes allowed.
// e2e: day 24
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr unsigned kFull = 0xffffffffu;

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live, int stride)
{
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
    const int lane = warp.thread_rank();
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool neg = warp.any(has && in[row * stride + lane] < 0.0f);
    const int count = __syncthreads_count(lane == 0 && neg);
    if (threadIdx.x == 0) blockCount[blockIdx.x] = count;
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride, float limit)
{
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
    const int lane = warp.thread_rank();
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool all = warp.all(!has || in[row * stride + lane] <= limit);
    if (row < rows && lane == 0) flag[row] = all;
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
    const int lane = warp.thread_rank();
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool keep = row < rows && lane < live && in[row * stride + lane] >= threshold;
    const unsigned bits = warp.ballot(keep);
    if (keep) kept[row * stride + __popc(bits & ((1u << lane) - 1u))] = lane;
    if (row < rows && lane == 0) keptCount[row] = __popc(bits);
}
