// A loop that never ends: stopped by the instruction budget, the same report
// with 1, 2 or 4 host threads (lane instructions included), in seconds.
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
    float sum = 0.0f;
    for (size_t i = threadIdx.x;; i += blockDim.x) sum += in[i % n];
    partial[blockIdx.x] = sum;
}
