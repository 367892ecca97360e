// The first barrier moved inside the guard, so in the last, short block the
// threads past the end go on to the second barrier while the others wait at
// the first: threads of one block meet at different barriers.
// e2e: day 14
// e2e: exit 1
// e2e: fail barrier-honesty
// e2e: hazard barrier-honesty kernel=reverseBlocks
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
    }
    __syncthreads();
    if (t < valid) out[start + t] = tile[valid - 1 - t];
}
