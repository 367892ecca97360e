// Attack: a 3 GB .local array declared in inline PTX (nvcc and ptxas take
// it). The emulator must refuse it with a verdict, not abort on malloc.
// expect: exit 1
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    float v;
    asm volatile("{\n\t.local .align 4 .b8 huge[3000000000];\n\t"
                 "ld.local.f32 %0, [huge+2999999996];\n\t}" : "=f"(v));
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = v;
}
__global__ void blockSums(const float* in, float* partial, int n) {}
