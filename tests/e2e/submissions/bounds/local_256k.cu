// A 256 KiB local array a thread (a GPU allows it), every thread touching a
// few words far apart: local memory is zeroed lazily, so the grade costs what
// the kernel touches, not 256 KiB for each of 262,144 threads.
// e2e: day 25
// e2e: exit 1
// e2e: fail correctness
// e2e: no-hazard memory
// e2e: threads-invariant
// e2e: max-seconds 15
// e2e: max-mib 2048
#define reduceCascade reduceCascade_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascade

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    volatile float buf[1 << 16];
    buf[(threadIdx.x * 4099u) & ((1 << 16) - 1)] = 1.0f;
    float sum = buf[(threadIdx.x * 4099u) & ((1 << 16) - 1)] + buf[(threadIdx.x * 7u + 60000u) & ((1 << 16) - 1)];
    if (threadIdx.x == 0) partial[blockIdx.x] = sum;
}
