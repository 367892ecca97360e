// Attack: device recursion a million calls deep: the stack ptxas cannot size
// statically overflows. A verdict in words, within the caps.
// expect: exit 1
__device__ float down(const float* in, int depth)
{
    if (depth <= 0) return in[0];
    return down(in, depth - 1) + 1.0f;
}
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = down(in, 1000000 + (int)(in[i] != in[i]));
}
__global__ void blockSums(const float* in, float* partial, int n) {}
