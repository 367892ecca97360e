// printf with a width of two billion: the text of one call is capped before
// it is made, not after.
// e2e: day 25
// e2e: exit 1
// e2e: fail correctness
// e2e: max-seconds 15
// e2e: max-mib 2048
#define reduceCascade reduceCascade_reference
// e2e-paste: solutions/day25-cascade/cascade.cu
#undef reduceCascade
#include <cstdio>

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    if (threadIdx.x == 0) printf("%*d|%.2000000000f\n", 2000000000, 1, 1.0);
}
