// Every block reverses a whole chunk of 256, so the last, short block reads
// past the end of `in` and writes past the end of `out`.
// e2e: day 14
// e2e: exit 1
// e2e: fail memory correctness
// e2e: hazard memory kernel=reverseBlocks
#define reverseBlocks reverseBlocks_reference
// e2e-paste: solutions/day14-syncthreads/syncthreads.cu
#undef reverseBlocks

__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    const int t = threadIdx.x;
    const int start = blockIdx.x * blockDim.x;
    tile[t] = in[start + t];
    __syncthreads();
    out[start + t] = tile[blockDim.x - 1 - t];
}
