// Cooperative groups without a grid sync: thread_block and
// tiled_partition<32>; each tile reduces its 32 register sums with
// tile.shfl_down (all 32 lanes, every step), lane 0 of each tile writes a
// __shared__ slot, block.sync() (every thread arrives), then tile 0 reduces
// the 8 slots (lanes 8..31 carry 0). reduceCascade uses the same code path.
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
namespace cg = cooperative_groups;

__device__ float blockSum(float v)
{
    __shared__ float warpSums[8];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    for (int offset = 16; offset > 0; offset /= 2) v += tile.shfl_down(v, offset);
    if (tile.thread_rank() == 0) warpSums[tile.meta_group_rank()] = v;
    block.sync();
    float total = 0.0f;
    if (tile.meta_group_rank() == 0) {
        total = tile.thread_rank() < tile.meta_group_size() ? warpSums[tile.thread_rank()] : 0.0f;
        for (int offset = 16; offset > 0; offset /= 2) total += tile.shfl_down(total, offset);
    }
    return total;  // meaningful in thread 0 only
}

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    const float total = blockSum(threadSum(in, n));
    if (threadIdx.x == 0) partial[blockIdx.x] = total;
}

__global__ void reduceCascadeShuffle(const float* in, float* partial, size_t n)
{
    const float total = blockSum(threadSum(in, n));
    if (threadIdx.x == 0) partial[blockIdx.x] = total;
}
