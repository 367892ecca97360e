// Written by a helper from day 12's README and template alone (6 December
// 2026). The barrier sits inside if (i < n); threads past n skip it and leave the
// kernel, as an early return would (the same PTX). The documented rule: a
// warning, not a failure (the PTX ISA releases a barrier that only exited
// threads hold up), and every tile slot is written. Before this date the
// advice told the student not to return, in a file with no return.
// e2e: day 12
// e2e: exit 0
// e2e: pass correctness barrier-honesty races memory
// e2e: output a barrier that completed only because threads left the kernel (barrier-after-exit) at a hidden size
// e2e: output (a return, or an if around the barrier that skips to the end)
// Every slot is written by every thread, but the barrier sits inside if (i < n).
constexpr int kRadius = 3;

__global__ void stencil1d(const float* in, float* out, int n)
{
    __shared__ float tile[256 + 2 * kRadius];
    const int t = threadIdx.x;
    const int i = blockIdx.x * blockDim.x + t;
    tile[t + kRadius] = (i < n) ? in[i] : 0.0f;
    if (t < kRadius) {
        int l = i - kRadius, r = i + blockDim.x;
        tile[t] = (l >= 0 && l < n) ? in[l] : 0.0f;
        tile[t + blockDim.x + kRadius] = (r < n) ? in[r] : 0.0f;
    }
    if (i < n) {
        __syncthreads();   // BUG: not reached by threads past n in the last block
        float s = 0.0f;
        for (int k = 0; k <= 2 * kRadius; ++k) s += tile[t + k];
        out[i] = s;
    }
}
