// Written by a helper from day 47's README and template alone (6 December
// 2026). The second level of the max runs in lanes 0 to 7 of warp 0, but
// its shuffle names all 32 lanes (line 29): lanes 8 to 31 never come, so the
// shuffle never completes and the block deadlocks, the others waiting at
// the __syncthreads() of line 32, which every thread reaches. The fault is
// the mask's (mask honesty); the barrier is honest. Before this date the
// barrier was charged too, with advice to move it out of a branch it is
// not in.
// e2e: day 47
// e2e: exit 1
// e2e: fail correctness mask-honesty
// e2e: pass compile barrier-honesty races memory resources
// e2e: detail mask-honesty lanes 0x000000ff wait here for lanes 0xffffff00
__global__ void softmaxRows(const float* in, float* out, int rows, int cols)
{
    __shared__ float partial[8];
    __shared__ float result;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const float* x = in + (size_t)blockIdx.x * cols;
    float* y = out + (size_t)blockIdx.x * cols;

    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, x[c]);
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    if (lane == 0) partial[warp] = m;
    __syncthreads();
    if (threadIdx.x < 8) {
        float v = partial[threadIdx.x];
        for (int o = 4; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
        if (threadIdx.x == 0) result = v;
    }
    __syncthreads();
    m = result;

    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += expf(x[c] - m);
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    if (lane == 0) partial[warp] = s;
    __syncthreads();
    s = 0.0f;
    for (int w = 0; w < 8; ++w) s += partial[w];

    for (int c = threadIdx.x; c < cols; c += blockDim.x) y[c] = expf(x[c] - m) / s;
    (void)rows;
}
