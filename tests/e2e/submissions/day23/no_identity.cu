// Every lane of a row's warp loads its column, padding included: the padding
// values are added into the row's sum.
// e2e: day 23
// e2e: exit 1
// e2e: fail correctness
// e2e: pass mask-honesty
// e2e: kernel reduceRowsPadded passed=false
#define reduceRowsPadded reduceRowsPadded_reference
// e2e-paste: solutions/day23-shuffles/shuffles.cu
#undef reduceRowsPadded

__global__ void reduceRowsPadded(const float* in, float* out, int rows, int live, int stride)
{
    const int lane = threadIdx.x % kWarpSize;
    const int row = (blockIdx.x * blockDim.x + threadIdx.x) / kWarpSize;
    const size_t index = (size_t)row * stride + lane;
    const float value = row < rows ? in[index] : 0.0f;
    float sum = value;
    for (int offset = kWarpSize / 2; offset > 0; offset /= 2)
        sum += __shfl_down_sync(kFullMask, sum, offset);
    const float rowSum = __shfl_sync(kFullMask, sum, 0);
    if (row < rows && lane < live) out[index] = value / rowSum;
}
