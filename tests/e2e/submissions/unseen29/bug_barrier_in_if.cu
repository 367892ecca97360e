// Written by a helper from day 29's README and template alone (6 December
// 2026). Brent-Kung's up-sweep has its __syncthreads() inside the
// `if (idx < 512)`, so threads leave the up-sweep having met different
// numbers of barriers; the down-sweep's barrier, in a loop nvcc unrolls,
// is then met by threads in different turns of it, and the threads that
// finish first end the kernel while others wait. barrier-honesty fails;
// the unrolled loop's copies of one line's barrier are said as such
// (before this date: "different barriers (lines 47 and 47)", and advice to
// not return before the barrier, where the code has no return). The
// conditional barrier, the cause, is listed first (before this date, a
// consequence was).
// e2e: day 29
// e2e: exit 1
// e2e: fail barrier-honesty
// e2e: detail barrier-honesty first: the barrier at line 46 is under a condition (line 44)
// e2e: output meet at different copies of the barrier at line 50
// e2e: output threads reached the end of the kernel (line 57)
__global__ void koggeStone(const float* in, float* out, int n)
{
    __shared__ float s[256];
    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;
    s[t] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (int stride = 1; stride < blockDim.x; stride *= 2) {
        float left = (t >= stride) ? s[t - stride] : 0.0f;
        __syncthreads();
        if (t >= stride) s[t] += left;
        __syncthreads();
    }
    if (i < n) out[i] = s[t];
}

__global__ void brentKung(const float* in, float* out, int n)
{
    __shared__ float s[512];
    const int t = threadIdx.x;
    const int start = 2 * blockIdx.x * blockDim.x;
    s[t] = (start + t < n) ? in[start + t] : 0.0f;
    s[t + 256] = (start + t + 256 < n) ? in[start + t + 256] : 0.0f;
    __syncthreads();
    for (int stride = 1; stride <= 256; stride *= 2) {
        int idx = (t + 1) * 2 * stride - 1;
        if (idx < 512) {
            s[idx] += s[idx - stride];
            __syncthreads();
        }
    }
    for (int stride = 128; stride >= 1; stride /= 2) {
        __syncthreads();
        int idx = (t + 1) * 2 * stride - 1;
        if (idx + stride < 512) s[idx + stride] += s[idx];
    }
    __syncthreads();
    if (start + t < n) out[start + t] = s[t];
    if (start + t + 256 < n) out[start + t + 256] = s[t + 256];
}
