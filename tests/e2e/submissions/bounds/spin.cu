// Thread 0 waits for a flag that no thread sets: a spin loop, stopped by the
// budget with the line it was spinning at.
// e2e: day 25
// e2e: exit 1
// e2e: fail correctness
// e2e: detail correctness budget
// e2e: threads-invariant
// e2e: max-seconds 15
// e2e: max-mib 2048
#define reduceCascade reduceCascade_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascade

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    __shared__ volatile int flag;
    if (threadIdx.x == 0) flag = 0;
    __syncthreads();
    if (threadIdx.x == 0)
        while (flag == 0) {
        }
    partial[blockIdx.x] = 0.0f;
}
