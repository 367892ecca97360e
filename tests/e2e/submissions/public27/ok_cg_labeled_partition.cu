// Warp-aggregated atomics with cooperative groups, in the shape of the
// warpAggregatedAtomicsCG sample's multi-counter case: inside the grid-stride
// loop, cg::coalesced_threads() is the group of lanes that are here now, and
// cg::labeled_partition splits it by byte value; rank 0 of each part adds the
// part's size.
//
// Expected: every check passes. coalesced_threads() names exactly the
// threads that reach the call (Programming Guide, "Cooperative Groups":
// coalesced groups), labeled_partition is a collective of that group, and
// each part's rank 0 adds size() = the number of lanes with that byte.
// histogramShared counts the same way into shared bins between two barriers.
// e2e: day 27
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ void countByte(unsigned* hist, unsigned v)
{
    cg::coalesced_group active = cg::coalesced_threads();
    cg::coalesced_group same = cg::labeled_partition(active, v);
    if (same.thread_rank() == 0) atomicAdd(&hist[v], same.size());
}

__global__ void histogramGlobal(const unsigned char* data, unsigned* bins, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        countByte(bins, data[i]);
}

__global__ void histogramShared(const unsigned char* data, unsigned* bins, int n)
{
    __shared__ unsigned hist[256];
    cg::thread_block block = cg::this_thread_block();
    for (int b = block.thread_rank(); b < 256; b += block.size()) hist[b] = 0u;
    block.sync();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        countByte(hist, data[i]);
    block.sync();
    for (int b = block.thread_rank(); b < 256; b += block.size())
        if (hist[b] != 0u) atomicAdd(&bins[b], hist[b]);
}
