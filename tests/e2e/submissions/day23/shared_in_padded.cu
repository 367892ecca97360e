// Right and honest, but the shuffle kernel keeps a shared-memory array the day
// allows it none of.
// e2e: day 23
// e2e: exit 1
// e2e: pass correctness mask-honesty
// e2e: fail resources
// e2e: detail resources reduceRowsPadded uses 1024 bytes of shared memory a block; the day allows 0
#define reduceRowsPadded reduceRowsPadded_reference
// e2e-paste: solutions/day23-shuffles/shuffles.cu
#undef reduceRowsPadded

__global__ void reduceRowsPadded(const float* in, float* out, int rows, int live, int stride)
{
    __shared__ float scratch[kBlock];
    const RowLane rl = rowLane(rows, live, stride);
    const float value = rl.live ? in[rl.index] : 0.0f;
    scratch[threadIdx.x] = value;
    __syncwarp();
    float sum = scratch[threadIdx.x];
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2)
        sum += __shfl_down_sync(kFullMask, sum, offset);
    const float rowSum = __shfl_sync(kFullMask, sum, 0);
    if (rl.live) out[rl.index] = value / rowSum;
}
