// Blocks take tickets from one global counter and only blocks whose ticket is
// below their own index do their rows, so what is right depends on the order
// the blocks ran in. Such a kernel runs its blocks in index order whatever
// the host threads: the same report with 1, 2 or 4 threads.
// e2e: day 23
// e2e: exit 1
// e2e: fail correctness
// e2e: threads-invariant
// e2e: max-seconds 15
// e2e: max-mib 2048
#define reduceRowsButterfly reduceRowsButterfly_reference
// e2e-paste: solutions/day23-shuffles/shuffles.cu
#undef reduceRowsButterfly

__device__ unsigned tickets;

__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live, int stride)
{
    __shared__ unsigned ticket;
    if (threadIdx.x == 0) ticket = atomicAdd(&tickets, 1u) % gridDim.x;
    __syncthreads();
    if (ticket > blockIdx.x) return;
    const RowLane rl = rowLane(rows, live, stride);
    float value = rl.live ? in[rl.index] : 0.0f;
    float sum = value;
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2)
        sum += __shfl_xor_sync(kFullMask, sum, offset);
    if (rl.live) out[rl.index] = value / sum;
}
