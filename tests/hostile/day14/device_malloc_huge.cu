// Attack: one device malloc of a terabyte, then a write through the pointer
// without checking it: null on a GPU, so the write is a memory fault; or
// the emulator refuses malloc in words (could not grade).
// expect: exit 1|2
// expect: output ~ "malloc"
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    float* p = (float*)malloc(1ull << 40);
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    p[(size_t)i << 20] = 1.0f;
    if (i < n) out[i] = p[(size_t)i << 20];
}
__global__ void blockSums(const float* in, float* partial, int n) {}
