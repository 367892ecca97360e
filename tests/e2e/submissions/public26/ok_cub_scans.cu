// The CUB way: cub::WarpScan<int>::InclusiveSum for the warp scan and
// cub::BlockScan<int, 256, BLOCK_SCAN_WARP_SCANS> for the block scans, as
// CUB's documentation shows them (the default raking algorithm would need
// more than the day's 256 bytes of shared memory; the warp-scans algorithm
// keeps only a few ints a warp).
//
// Expected: every check passes. Threads past n pass 0, the identity of +, and
// all 256 threads take part in every collective (CUB's block primitives
// require the whole block; nothing returns early). WarpScan over 32 lanes
// uses the full mask internally; TempStorage of the warp scan is empty for
// a shuffle-based warp scan of ints.
// e2e: day 26
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources
#include <cub/cub.cuh>

using WarpScan = cub::WarpScan<int>;
using BlockScan = cub::BlockScan<int, 256, cub::BLOCK_SCAN_WARP_SCANS>;

__global__ void scanWarps(const int* in, int* out, int n)
{
    __shared__ typename WarpScan::TempStorage temp[8];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    WarpScan(temp[threadIdx.x / 32]).InclusiveSum(v, v);
    if (i < n) out[i] = v;
}

__global__ void scanBlocks(const int* in, int* out, int n)
{
    __shared__ typename BlockScan::TempStorage temp;
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    BlockScan(temp).InclusiveSum(v, v);
    if (i < n) out[i] = v;
}

__global__ void scanBlocksExclusive(const int* in, int* out, int n)
{
    __shared__ typename BlockScan::TempStorage temp;
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    BlockScan(temp).ExclusiveSum(v, v);
    if (i < n) out[i] = v;
}
