// Attack: a shuffle whose mask is 0, so no lane, not even the caller, is
// named; and a ballot whose mask comes from the data. Undefined by CUDA's
// rules: reported, not run as if the mask were full.
// expect: exit 1
// expect: fails mask-honesty
__global__ void reduceRowsButterfly(const float* in, float* out, int rows, int live, int stride)
{
    const int lane = threadIdx.x % 32;
    const int row = (int)((blockIdx.x * blockDim.x + threadIdx.x) / 32);
    const size_t index = (size_t)row * stride + lane;
    const bool mine = row < rows && lane < live;
    float v = mine ? in[index] : 0.0f;
    const unsigned zero = (unsigned)(v != v);
    v += __shfl_xor_sync(zero, v, 16);
    v += (float)__ballot_sync(__float_as_uint(v), v > 0.5f);
    if (mine) out[index] = v;
}
__global__ void reduceRowsShared(const float* in, float* out, int rows, int live, int stride) {}
__global__ void reduceRowsPadded(const float* in, float* out, int rows, int live, int stride) {}
