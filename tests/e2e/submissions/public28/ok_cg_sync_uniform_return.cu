// Cooperative-groups style: the barrier is this_thread_block().sync(), and
// each kernel starts with a whole-block early exit for a tile that lies
// entirely outside the matrix (never true with the day's grid, and
// identical for all threads of a block when it is).
//
// Expected: every check passes. block.sync() is the block barrier
// (Programming Guide, Cooperative Groups: thread_block::sync() is
// equivalent to __syncthreads()). The early `return` depends only on
// blockIdx, so either every thread of the block returns or none does: the
// barrier is never under a condition that differs within the block.
// e2e: day 28
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    if (blockIdx.x * 32 >= cols || blockIdx.y * 32 >= rows) return;
    const int c = blockIdx.x * 32 + threadIdx.x;
    for (int j = 0; j < 4; ++j) {
        const int r = blockIdx.y * 32 + threadIdx.y + 8 * j;
        if (c < cols && r < rows) out[c * rows + r] = in[r * cols + c];
    }
}

template <int W>
__device__ void tiled(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[32][W];
    cg::thread_block block = cg::this_thread_block();
    if (blockIdx.x * 32 >= cols || blockIdx.y * 32 >= rows) return;
    const dim3 t = block.thread_index();
    for (int j = 0; j < 4; ++j) {
        const int r = blockIdx.y * 32 + t.y + 8 * j, c = blockIdx.x * 32 + t.x;
        if (r < rows && c < cols) tile[t.y + 8 * j][t.x] = in[r * cols + c];
    }
    block.sync();
    for (int j = 0; j < 4; ++j) {
        const int r = blockIdx.x * 32 + t.y + 8 * j, c = blockIdx.y * 32 + t.x;
        if (r < cols && c < rows) out[r * rows + c] = tile[t.x][t.y + 8 * j];
    }
}

__global__ void transposeTiled(const float* in, float* out, int rows, int cols)
{
    tiled<32>(in, out, rows, cols);
}

__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    tiled<33>(in, out, rows, cols);
}
