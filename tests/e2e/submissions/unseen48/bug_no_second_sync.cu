// Written by a helper from day 48's README and template alone (6 December
// 2026). blockSum is called twice (mean, then variance) and has no barrier
// after its read of the partial sums (line 19), so a warp that runs ahead
// into the second call stores its partial (line 16) over what a slower
// thread still reads in the first. The race's advice separates the two
// lines: a barrier after line 19; before this date it said to add one
// after line 16 and before line 19, where line 17 already has one.
// e2e: day 48
// e2e: exit 1
// e2e: fail correctness races
// e2e: output add __syncthreads() to separate the load at line 19 from the store at line 16
__device__ __forceinline__ float blockSum(float v, float* partial)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if (lane == 0) partial[warp] = v;
    __syncthreads();
    float s = 0.0f;
    for (int w = 0; w < 8; ++w) s += partial[w];
    return s;
}

__global__ void layerNormRows(const float* in, float* out, int rows, int cols, float eps)
{
    __shared__ float partial[8];
    const float* x = in + (size_t)blockIdx.x * cols;
    float* y = out + (size_t)blockIdx.x * cols;

    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += x[c];
    const float mean = blockSum(s, partial) / cols;

    float q = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) { const float d = x[c] - mean; q += d * d; }
    const float var = blockSum(q, partial) / cols;

    const float r = rsqrtf(var + eps);
    for (int c = threadIdx.x; c < cols; c += blockDim.x) y[c] = (x[c] - mean) * r;
    (void)rows;
}

__global__ void rmsNormRows(const float* in, float* out, int rows, int cols, float eps)
{
    __shared__ float partial[8];
    const float* x = in + (size_t)blockIdx.x * cols;
    float* y = out + (size_t)blockIdx.x * cols;

    float q = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) q += x[c] * x[c];
    const float scale = rsqrtf(blockSum(q, partial) / cols + eps);
    for (int c = threadIdx.x; c < cols; c += blockDim.x) y[c] = x[c] * scale;
    (void)rows;
}
