// reverseBlocks without its barrier: thread t reads the slot that thread
// valid-1-t writes, with nothing in between to order them.
// e2e: day 14
// e2e: exit 1
// e2e: fail races
// e2e: hazard races kernel=reverseBlocks sizes=3
#define reverseBlocks reverseBlocks_reference
// e2e-paste: solutions/day14-syncthreads/syncthreads.cu
#undef reverseBlocks

__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    const int t = threadIdx.x;
    const int start = blockIdx.x * blockDim.x;
    const int valid = min((int)blockDim.x, n - start);
    if (t < valid) tile[t] = in[start + t];
    if (t < valid) out[start + t] = tile[valid - 1 - t];
}
