// The shared-memory ladder without __syncwarp(): lanes of one warp have their
// own program counters, so a lane may read a slot before its neighbour wrote it.
// e2e: day 23
// e2e: exit 1
// e2e: fail races
// e2e: hazard races kernel=reduceRowsShared
#define reduceRowsShared reduceRowsShared_reference
// e2e-paste: solutions/day23-shuffles/shuffles.cu
#undef reduceRowsShared

__global__ void reduceRowsShared(const float* in, float* out, int rows, int live, int stride)
{
    __shared__ float sums[kBlock];
    const RowLane rl = rowLane(rows, live, stride);
    const int lane = threadIdx.x % kWarpSize;
    float* mine = sums + (threadIdx.x - lane);
    const float value = rl.live ? in[rl.index] : 0.0f;
    mine[lane] = value;
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2)
        if (lane < offset) mine[lane] += mine[lane + offset];
    if (rl.live) out[rl.index] = value / mine[0];
}
