// An 8 GiB __device__ array, used. The emulator refuses it with a memory
// verdict instead of allocating it.
// e2e: day 25
// e2e: exit 1
// e2e: fail memory
// e2e: hazard memory kind=limit
// e2e: max-seconds 15
// e2e: max-mib 2048
#define reduceCascade reduceCascade_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascade

__device__ char huge[1ull << 33];

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    huge[(size_t)blockIdx.x << 23] = 1;
    if (threadIdx.x == 0) partial[blockIdx.x] = huge[threadIdx.x];
}
