// Attack: lanes 0-15 wait at a full-mask shuffle, lanes 16-31 at a full-mask
// __syncwarp: two different collectives, each waiting for the other half.
// expect: exit 1
// expect: fails correctness
// expect: output ~ "deadlock|wait"
__global__ void reduceRowsPadded(const float* in, float* out, int rows, int live, int stride)
{
    const int lane = threadIdx.x % 32;
    const int row = (int)((blockIdx.x * blockDim.x + threadIdx.x) / 32);
    const size_t index = (size_t)row * stride + lane;
    float v = (row < rows && lane < live) ? in[index] : 0.0f;
    if (lane < 16)
        v += __shfl_sync(0xffffffffu, v, 0);
    else
        __syncwarp(0xffffffffu);
    if (row < rows && lane < live) out[index] = v;
}
__global__ void reduceRowsShared(const float* in, float* out, int rows, int live, int stride) {}
__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live, int stride) {}
