// Every lane names its own mask in a shuffle (a different one in every lane
// of the grid): tens of thousands of distinct mask hazards. Folding them must
// stay linear and the list is capped; the grade ends in seconds.
// e2e: day 23
// e2e: exit 1
// e2e: fail mask-honesty
// e2e: threads-invariant
// e2e: max-seconds 15
// e2e: max-mib 2048
#define reduceRowsButterfly reduceRowsButterfly_reference
// e2e-paste: solutions/day23-shuffles/shuffles.cu
#undef reduceRowsButterfly

__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live, int stride)
{
    const RowLane rl = rowLane(rows, live, stride);
    const unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned lane = threadIdx.x % kWarpSize;
    const unsigned mask = (id * 2654435761u) | (1u << lane);
    float value = rl.live ? in[rl.index] : 0.0f;
    float sum = value + __shfl_xor_sync(mask, value, 1);
    if (rl.live) out[rl.index] = value / sum;
}
