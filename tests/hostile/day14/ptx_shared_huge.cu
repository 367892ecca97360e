// Attack: a 1 GB .shared array declared in inline PTX, so the C++ front end
// never sees its size.
// expect: exit 1
__global__ void reverseBlocks(const float* in, float* out, int n)
{
    float v;
    asm volatile("{\n\t.shared .align 4 .b8 huge[1000000000];\n\t"
                 "ld.shared.f32 %0, [huge+999999996];\n\t}" : "=f"(v));
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = v;
}
__global__ void blockSums(const float* in, float* partial, int n) {}
