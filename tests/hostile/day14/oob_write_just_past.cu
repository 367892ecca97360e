// Attack: the classic off-by-one: the last thread writes one float past the
// end of the output.
// expect: exit 1
// expect: fails memory
constexpr int kBlock = 256;
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    __shared__ float tile[kBlock];
    const int t = threadIdx.x, start = blockIdx.x * blockDim.x;
    const int valid = min((int)blockDim.x, n - start);
    if (t < valid) tile[t] = in[start + t];
    __syncthreads();
    if (t < valid) out[start + t] = tile[valid - 1 - t];
    if (start + t == n) out[n] = 0.0f;
}
__global__ void blockSums(const float* in, float* partial, int n) {}
