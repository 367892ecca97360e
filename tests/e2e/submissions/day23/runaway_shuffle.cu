// A warp that never leaves a loop of shuffles, ballots and __syncwarp: the
// emulator runs those converged collectives in its hot loop, and must still
// stop the block at its instruction budget at the loop's line, the same
// whatever the host threads.
// e2e: day 23
// e2e: exit 1
// e2e: fail correctness
// e2e: detail correctness ran past its budget of 2,097,152 warp instructions at line 136, after 67,108,064 lane instructions
// e2e: threads-invariant
#define reduceRowsButterfly reduceRowsButterfly_reference
// e2e-paste: solutions/day23-shuffles/shuffles.cu
#undef reduceRowsButterfly

__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live, int stride)
{
    const RowLane rl = rowLane(rows, live, stride);
    const float value = rl.live ? in[rl.index] : 0.0f;
    float rowSum = value;
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2)
        rowSum += __shfl_xor_sync(kFullMask, rowSum, offset);
    unsigned spins = 0;
    while (rowSum != -12345.0f) {
        rowSum += __shfl_xor_sync(kFullMask, rowSum, 1) * 0.0f;
        spins += __ballot_sync(kFullMask, spins & 1) & 1;
        __syncwarp();
    }
    if (rl.live) out[rl.index] = value / rowSum;
}
