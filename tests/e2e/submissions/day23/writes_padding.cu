// The sum is right, but every lane of the row stores, padding columns too.
// Judged the same from an empty cache (the reference runs, the inputs are
// made and stored) and from a warm one (both read back).
// e2e: day 23
// e2e: cache-invariant
// e2e: exit 1
// e2e: fail correctness
// e2e: detail correctness padding
#define reduceRowsButterfly reduceRowsButterfly_reference
// e2e-paste: solutions/day23-shuffles/shuffles.cu
#undef reduceRowsButterfly

__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live, int stride)
{
    const RowLane rl = rowLane(rows, live, stride);
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / kWarpSize;
    const float value = rl.live ? in[rl.index] : 0.0f;
    float rowSum = value;
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2)
        rowSum += __shfl_xor_sync(kFullMask, rowSum, offset);
    if (row < rows) out[rl.index] = value / rowSum;
}
