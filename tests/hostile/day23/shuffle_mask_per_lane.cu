// Attack: every lane shuffles with a mask of its own (itself and its xor-1
// partner), then reads lane L+16, which its mask never names: a distinct
// mask-honesty hazard per lane, warp and row (millions at the course size).
// Folding them must be linear in their number, and the list bounded.
// expect: exit 1
// expect: fails mask-honesty
__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live, int stride)
{
    const int lane = threadIdx.x % 32;
    const int row = (int)((blockIdx.x * blockDim.x + threadIdx.x) / 32);
    const size_t index = (size_t)row * stride + lane;
    const bool mine = row < rows && lane < live;
    float v = mine ? in[index] : 0.0f;
    const unsigned mask = (1u << lane) | (1u << (lane ^ 1)) | ((unsigned)row << 2 & 0xf0u);
    v += __shfl_down_sync(mask, v, 16);
    v += __shfl_xor_sync(mask, v, 1);
    if (mine) out[index] = v;
}
__global__ void reduceRowsShared(const float* in, float* out, int rows, int live, int stride) {}
__global__ void reduceRowsPadded(const float* in, float* out, int rows, int live, int stride) {}
