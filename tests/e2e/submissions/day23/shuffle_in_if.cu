// The full mask names all 32 lanes, but the ladder runs inside `if (live)`:
// the lanes past `live` never arrive at the shuffle their mask waits for.
// e2e: day 23
// e2e: exit 1
// e2e: fail mask-honesty
// e2e: hazard mask-honesty kernel=reduceRowsPadded
#define reduceRowsPadded reduceRowsPadded_reference
// e2e-paste: solutions/day23-shuffles/shuffles.cu
#undef reduceRowsPadded

__global__ void reduceRowsPadded(const float* in, float* out, int rows, int live, int stride)
{
    const RowLane rl = rowLane(rows, live, stride);
    if (rl.live) {
        const float value = in[rl.index];
        float sum = value;
        for (int offset = kWarpSize / 2; offset > 0; offset /= 2)
            sum += __shfl_down_sync(kFullMask, sum, offset);
        const float rowSum = __shfl_sync(kFullMask, sum, 0);
        out[rl.index] = value / rowSum;
    }
}
