// Attack: write far below the output buffer (a negative index of 2^30
// floats) and at an address that is not in any buffer.
// expect: exit 1
// expect: fails memory
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0) out[-(1ll << 30)] = 1.0f;
    if (i == 1) *(float*)0x10000ull = 2.0f;
    if (i < n) out[i] = in[n - 1 - i];
}
__global__ void blockSums(const float* in, float* partial, int n) {}
