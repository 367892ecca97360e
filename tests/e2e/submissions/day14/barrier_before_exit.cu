// The whole body, barrier included, inside `if (t < valid)`: the threads that
// skip it have nothing left to do and exit, and a barrier waits only for
// threads that have not exited. Legal since sm_70: a warning, not a failure.
// e2e: day 14
// e2e: exit 0
// e2e: pass barrier-honesty correctness
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
    if (t < valid) {
        tile[t] = in[start + t];
        __syncthreads();
        out[start + t] = tile[valid - 1 - t];
    }
}
