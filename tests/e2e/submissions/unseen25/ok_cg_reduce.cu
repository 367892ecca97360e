// cooperative_groups::reduce (<cooperative_groups/reduce.h>) with cg::plus<float>
// over each 32-thread tile: a collective of the whole tile, executed by all 32
// lanes. Tile leaders write 8 shared slots, block.sync(), and tile 0 reduces
// them with cg::reduce again. Same structure in both kernels.
// Expected: every check passes.
//
// e2e: day 25
// e2e: exit 0
// e2e: pass compile correctness mask-honesty barrier-honesty races memory resources

// This thread's share, float4 loads four in flight: head floats before the
// first 16-byte boundary, whole float4s, tail floats after the last one.
__device__ float threadSum(const float* in, size_t n)
{
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t step = (size_t)gridDim.x * blockDim.x;
    size_t head = ((16 - ((size_t)in & 15)) & 15) / sizeof(float);
    if (head > n) head = n;
    const float4* body = reinterpret_cast<const float4*>(in + head);
    const size_t count4 = (n - head) / 4;
    const size_t tailStart = head + count4 * 4;

    float a = 0.0f, b = 0.0f, c = 0.0f, d = 0.0f;
    if (tid < head) a += in[tid];
    if (tid < n - tailStart) b += in[tailStart + tid];
    size_t i = tid;
    for (; i + 3 * step < count4; i += 4 * step) {
        const float4 v0 = body[i];
        const float4 v1 = body[i + step];
        const float4 v2 = body[i + 2 * step];
        const float4 v3 = body[i + 3 * step];
        a += (v0.x + v0.y) + (v0.z + v0.w);
        b += (v1.x + v1.y) + (v1.z + v1.w);
        c += (v2.x + v2.y) + (v2.z + v2.w);
        d += (v3.x + v3.y) + (v3.z + v3.w);
    }
    for (; i < count4; i += step) {
        const float4 v = body[i];
        a += (v.x + v.y) + (v.z + v.w);
    }
    return (a + b) + (c + d);
}

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__device__ void blockPartial(float v, float* partial)
{
    __shared__ float warpSums[8];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    const float w = cg::reduce(tile, v, cg::plus<float>());
    if (tile.thread_rank() == 0) warpSums[tile.meta_group_rank()] = w;
    block.sync();
    if (tile.meta_group_rank() == 0) {
        const float s = tile.thread_rank() < 8 ? warpSums[tile.thread_rank()] : 0.0f;
        const float total = cg::reduce(tile, s, cg::plus<float>());
        if (tile.thread_rank() == 0) partial[blockIdx.x] = total;
    }
}

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    blockPartial(threadSum(in, n), partial);
}

__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n)
{
    blockPartial(threadSum(in, n), partial);
}
