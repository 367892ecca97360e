// Day 48, reference solution: LayerNorm and RMSNorm over rows, one block of
// 256 threads a row.
//
// LayerNorm takes the variance in a second pass over the row, around the mean
// the first pass found: sum((x - mean)^2) adds small non-negative terms, where
// the one-pass sum(x^2) / cols - mean^2 subtracts two large, nearly equal
// numbers and keeps mostly their rounding errors. RMSNorm needs one pass.

constexpr int kWarps = 256 / 32;

// The warp's sum, in every lane: a butterfly with the full mask.
__device__ float warpSum(float v)
{
    for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// The block's sum, in every thread. `slots` holds one value a warp; the
// barrier at the end lets the caller's next blockSum write them again.
__device__ float blockSum(float v, float* slots)
{
    v = warpSum(v);
    if (threadIdx.x % 32 == 0) slots[threadIdx.x / 32] = v;
    __syncthreads();
    v = slots[0];
    for (int w = 1; w < kWarps; ++w) v += slots[w];
    __syncthreads();
    return v;
}

__global__ void layerNormRows(const float* in, float* out, int rows, int cols, float eps)
{
    __shared__ float slots[kWarps];

    const int t = threadIdx.x;
    const float* x = in + (size_t)blockIdx.x * cols;
    float* y = out + (size_t)blockIdx.x * cols;
    (void)rows;  // the grid has one block a row

    // 1. The mean. A thread with no column adds nothing.
    float s = 0.0f;
    for (int c = t; c < cols; c += blockDim.x) s += x[c];
    const float mean = blockSum(s, slots) / cols;

    // 2. The variance around it: every term is small and non-negative.
    float q = 0.0f;
    for (int c = t; c < cols; c += blockDim.x) {
        const float d = x[c] - mean;
        q += d * d;
    }
    const float var = blockSum(q, slots) / cols;

    // 3. Normalise. eps keeps a constant row (var = 0) at 0 rather than NaN.
    const float scale = rsqrtf(var + eps);
    for (int c = t; c < cols; c += blockDim.x) y[c] = (x[c] - mean) * scale;
}

__global__ void rmsNormRows(const float* in, float* out, int rows, int cols, float eps)
{
    __shared__ float slots[kWarps];

    const int t = threadIdx.x;
    const float* x = in + (size_t)blockIdx.x * cols;
    float* y = out + (size_t)blockIdx.x * cols;
    (void)rows;

    float q = 0.0f;
    for (int c = t; c < cols; c += blockDim.x) q += x[c] * x[c];
    const float scale = rsqrtf(blockSum(q, slots) / cols + eps);
    for (int c = t; c < cols; c += blockDim.x) y[c] = x[c] * scale;
}
