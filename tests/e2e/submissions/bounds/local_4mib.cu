// A 4 MiB local array a thread: more than a GPU gives a thread (512 KiB), so
// the emulator refuses it with a memory verdict.
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
    volatile float buf[1 << 20];
    buf[(threadIdx.x * 4099u) & ((1 << 20) - 1)] = 1.0f;
    float sum = buf[(threadIdx.x * 7u) & ((1 << 20) - 1)];
    if (threadIdx.x == 0) partial[blockIdx.x] = sum * 0.0f;
}
