// compactRows with two 16-lane tiles a warp (cg::tiled_partition<16>): each
// half ballots with its own mask (0x0000ffff or 0xffff0000, both executed by
// the one instruction), and the high half learns the low half's count with
// a full-warp shuffle. The other kernels use the full-warp votes.
//
// Expected: every check passes. A thread_block_tile<16>'s ballot names
// exactly the 16 lanes of the tile, all of which execute it; two disjoint
// groups running one vote with their own masks is what tiled partitions are
// (Programming Guide, Cooperative Groups, thread_block_tile). The tile
// ballot's bits are relative to the tile, so the place of lane L is the
// low half's count (for L >= 16) plus the kept lanes of its tile below it.
// e2e: day 24
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr unsigned kFull = 0xffffffffu;

__global__ void countNegativeRows(const float* in, int* blockCount, int rows, int live, int stride)
{
    __shared__ int rowHasNeg[8];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool neg = __any_sync(kFull, has && in[row * stride + lane] < 0.0f);
    if (lane == 0) rowHasNeg[warp] = neg;
    __syncthreads();
    if (warp == 0) {
        const unsigned yes = __ballot_sync(kFull, lane < 8 && rowHasNeg[lane] != 0);
        if (lane == 0) blockCount[blockIdx.x] = __popc(yes);
    }
}

__global__ void rowsAllBelow(const float* in, int* flag, int rows, int live, int stride, float limit)
{
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool has = row < rows && lane < live;
    const bool all = __all_sync(kFull, !has || in[row * stride + lane] <= limit);
    if (row < rows && lane == 0) flag[row] = all ? 1 : 0;
}

__global__ void compactRows(const float* in, int* kept, unsigned* keptCount, int rows, int live,
                            int stride, float threshold)
{
    cg::thread_block_tile<16> half = cg::tiled_partition<16>(cg::this_thread_block());
    const int lane = threadIdx.x % 32;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const bool keep = row < rows && lane < live && in[row * stride + lane] >= threshold;
    const unsigned mine = half.ballot(keep);                 // bit k: lane k of this half
    const int lowCount = __shfl_sync(kFull, __popc(mine), 0); // lane 0's half is the low one
    const int r = half.thread_rank();
    const int place = (lane >= 16 ? lowCount : 0) + __popc(mine & ((1u << r) - 1u));
    if (keep) kept[row * stride + place] = lane;
    const int highCount = __shfl_sync(kFull, __popc(mine), 16);
    if (row < rows && lane == 0) keptCount[row] = lowCount + highCount;
}
