// Day 72: a sum in one kernel, with a grid-wide sync.
//
// Write gridSum below: out[0] = in[0] + ... + in[n - 1]. cudalab launches it
// cooperatively with 256 threads a block and min(ceil(n / 256), 80) blocks,
// every block resident at once, so cg::this_grid().sync() waits for every
// thread of the grid. blockSums has one int a block for you to use. Read the
// day's README first; `cudalab grade 72` checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so
// correctness fails until you finish it. Keep the name and the parameters
// exactly as they are: the grader calls them.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void gridSum(const int* in, int* blockSums, int* out, int n)
{
    cg::grid_group grid = cg::this_grid();
    // TODO 1: a grid-stride loop: this thread adds in[i] for
    //         i = grid.thread_rank(), + grid.size(), ... while i < n.
    // TODO 2: reduce the block's 256 sums in a __shared__ int[256] (a tree,
    //         __syncthreads() after each step); thread 0 writes the total to
    //         blockSums[blockIdx.x].
    // TODO 3: grid.sync(): every block, every thread, no early return.
    // TODO 4: block 0 adds blockSums[0..gridDim.x) and one thread writes
    //         out[0].
    (void)grid;
    (void)in;
    (void)blockSums;
    (void)out;
    (void)n;
}
