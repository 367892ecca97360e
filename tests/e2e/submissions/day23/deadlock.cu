// Half the warp waits at a shuffle whose mask names all 32 lanes, the other
// half at a ballot whose mask names them too: each waits for lanes that are
// waiting somewhere else. On a GPU this hangs; the emulator names who waits
// where, and the grade goes on.
// e2e: day 23
// e2e: exit 1
// e2e: fail mask-honesty correctness
// e2e: detail correctness deadlock
// e2e: hazard mask-honesty kernel=reduceRowsButterfly
#define reduceRowsButterfly reduceRowsButterfly_reference
// e2e-paste: solutions/day23-shuffles/shuffles.cu
#undef reduceRowsButterfly

__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live, int stride)
{
    const RowLane rl = rowLane(rows, live, stride);
    const int lane = threadIdx.x % kWarpSize;
    float value = rl.live ? in[rl.index] : 0.0f;
    if (lane < 16)
        value += __shfl_xor_sync(kFullMask, value, 16);
    else
        value += (float)__popc(__ballot_sync(kFullMask, value > 0.0f));
    if (rl.live) out[rl.index] = value;
}
