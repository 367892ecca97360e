// A 3 GB .local array declared in inline PTX (nvcc and ptxas accept it):
// refused with a memory verdict, never an abort.
// e2e: day 25
// e2e: exit 1
// e2e: fail memory
// e2e: hazard memory kind=limit
// e2e: max-seconds 15
// e2e: max-mib 2048
#define reduceCascade reduceCascade_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascade

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    float v = 0.0f;
    asm volatile("{\n\t.local .align 4 .b8 big[3000000000];\n\t"
                 "st.local.f32 [big], %1;\n\tld.local.f32 %0, [big];\n\t}"
                 : "=f"(v) : "f"(1.0f));
    if (threadIdx.x == 0) partial[blockIdx.x] = v;
}
