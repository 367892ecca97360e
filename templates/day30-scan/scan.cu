// Day 30: a scan of any length, by a program of launches.
//
// Write the three kernels below. The day's program launches them in order
// (the README draws it): scanBlocks on the elements, scanBlocks again on
// their block sums, scanBlockSums on what is left, then addBlockSums twice
// on the way back down. Every launch runs 256 threads a block, and each
// block of scanBlocks and addBlockSums owns 256 consecutive elements.
// `cudalab grade 30` checks your work.
//
// This file compiles and runs as it is, but it writes nothing, so
// correctness fails until you finish it. Keep the names and parameters
// exactly as they are: the program calls them.

// The inclusive scan of each block's 256 elements, and the block's total.
__global__ void scanBlocks(const float* in, float* out, float* blockSums, int n)
{
    // TODO 1: i = blockIdx.x * 256 + threadIdx.x; v = in[i], or 0 if i >= n.
    // TODO 2: scan v across the block (a warp shuffle scan, then the warp
    //         totals through shared memory, as on day 26, or day 29's
    //         Kogge-Stone). Every thread takes part, even past n.
    // TODO 3: out[i] = the scanned v where i < n.
    // TODO 4: one thread writes the block's total to blockSums[blockIdx.x].
}

// The inclusive scan of blockSums[0..m), in place, by one block (m <= 256).
__global__ void scanBlockSums(float* blockSums, int m)
{
    // TODO 5: the same scan as TODO 2, on blockSums[threadIdx.x] (0 past m),
    //         written back where threadIdx.x < m.
}

// Block b > 0 adds blockSums[b - 1] (the blocks before it, scanned) to its
// 256 elements; block 0 is already right.
__global__ void addBlockSums(float* out, const float* blockSums, int n)
{
    // TODO 6: i = blockIdx.x * 256 + threadIdx.x; where blockIdx.x > 0 and
    //         i < n, out[i] += blockSums[blockIdx.x - 1].
}
