// Lanes guard their column but not their row: the three warps past the last
// row read past the end of `in`.
// e2e: day 23
// e2e: exit 1
// e2e: fail memory
// e2e: hazard memory kernel=reduceRowsButterfly
#define reduceRowsButterfly reduceRowsButterfly_reference
// e2e-paste: solutions/day23-shuffles/shuffles.cu
#undef reduceRowsButterfly

__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live, int stride)
{
    const int lane = threadIdx.x % kWarpSize;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / kWarpSize;
    const size_t index = (size_t)row * stride + lane;
    const float value = lane < live ? in[index] : 0.0f;
    float rowSum = value;
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2)
        rowSum += __shfl_xor_sync(kFullMask, rowSum, offset);
    if (row < rows && lane < live) out[index] = value / rowSum;
}
