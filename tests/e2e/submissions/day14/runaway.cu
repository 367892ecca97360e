// One thread never leaves its loop at one of the hidden sizes: the emulator
// stops it at its instruction budget and names the line.
// e2e: day 14
// e2e: exit 1
// e2e: fail correctness
// e2e: detail correctness runaway
#define reverseBlocks reverseBlocks_reference
// e2e-paste: solutions/day14-syncthreads/syncthreads.cu
#undef reverseBlocks

__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    volatile int spin = 1;
    const int t = threadIdx.x;
    const int start = blockIdx.x * blockDim.x;
    const int valid = min((int)blockDim.x, n - start);
    if (n == 257 && t == 0)
        while (spin) { }
    if (t < valid) tile[t] = in[start + t];
    __syncthreads();
    if (t < valid) out[start + t] = tile[valid - 1 - t];
}
