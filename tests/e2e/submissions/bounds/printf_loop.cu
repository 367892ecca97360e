// A printf in a loop that never ends. The kept output is capped, the
// formatting is charged to the instruction budget, and the grade ends in
// seconds with a runaway verdict.
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
#include <cstdio>

__global__ void reduceCascade(const float* in, float* partial, size_t n)
{
    for (unsigned i = 0;; i++) printf("block %d thread %d step %u %-200s|\n", blockIdx.x, threadIdx.x, i, "x");
}
