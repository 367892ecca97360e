// Slow is not wrong: block 0 of reverseBlocks does far more work than it
// needs (a loop of some 300,000 warp instructions whose result is used only
// under a condition no input meets) before it does its job right. It
// finishes, so it is judged on its outputs and passes every check; the
// extra work is a warning under resources with its figures, past the day's
// allowance (32 times the reference's busiest block), never a runaway.
// e2e: day 14
// e2e: exit 0
// e2e: pass correctness barrier-honesty races memory resources
// e2e: output past the day's allowance
// e2e: threads-invariant
// e2e: max-seconds 15
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[256];
    const int t = threadIdx.x;
    const int start = blockIdx.x * blockDim.x;
    const int valid = n - start < (int)blockDim.x ? n - start : (int)blockDim.x;
    if (blockIdx.x == 0) {
        unsigned x = t;
        for (int r = 0; r < 40000; r++) x = x * x + (unsigned)r;
        if (x == 7u && in[0] == -12345.0f) out[0] = 1.0f; /* never: no input is -12345 */
    }
    if (t < valid) tile[t] = in[start + t];
    __syncthreads();
    if (t < valid) out[start + t] = tile[valid - 1 - t];
}

__global__ void blockSums(const float* in, float* partial, int n)
{
    __shared__ float s[256];
    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (t < half) s[t] += s[t + half];
        __syncthreads();
    }
    if (t == 0) partial[blockIdx.x] = s[0];
}
