// Threads past the end return before the barrier. Barriers wait only for
// threads that have not exited (sm_70 and later), so this is legal: a warning
// that names the barrier and the exit, not a failure.
// e2e: day 14
// e2e: exit 0
// e2e: pass compile correctness barrier-honesty races memory resources
// e2e: detail barrier-honesty warning
#define reverseBlocks reverseBlocks_reference
// e2e-paste: solutions/day14-syncthreads/syncthreads.cu
#undef reverseBlocks

__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    const int t = threadIdx.x;
    const int start = blockIdx.x * blockDim.x;
    const int valid = min((int)blockDim.x, n - start);
    if (t >= valid) return;
    tile[t] = in[start + t];
    __syncthreads();
    out[start + t] = tile[valid - 1 - t];
}
